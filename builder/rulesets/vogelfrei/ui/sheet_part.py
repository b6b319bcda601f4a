"""The Vogelfrei editor's sheet: abilities, Wounds and Stamina, XP with its track,
saves, the possessions summary, the class table and the careers taken.

A part of :class:`builder.rulesets.vogelfrei.ui.editor.VogelfreiEditor` (``editor.sheet``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont, QPalette, QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QFormLayout, QFrame, QGridLayout, QGroupBox,
                               QHeaderView, QLabel, QScrollArea, QTableView, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from .widgets import SAVE_TITLES, PoolRow, XpTrack, sign, table_item

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument
    from .editor import VogelfreiEditor


class SheetPart:
    """The left-hand sheet (abilities, Wounds and Stamina, XP, saves, possessions
    summary) and the Class table and Career pages: a part of the editor
    (:attr:`builder.rulesets.vogelfrei.ui.editor.VogelfreiEditor.sheet`).  Its widgets
    are the editor's children; the editor lays out :attr:`scroll` and
    :attr:`table_page` and calls the ``fill_*`` methods when it refreshes."""

    def __init__(self, editor: VogelfreiEditor) -> None:
        self.editor = editor
        #: the sheet in its scroll area (the splitter's left pane)
        self.scroll = self._build_sheet(editor.doc)
        #: the Class table page (the careers tree and the career box go on the Career page)
        self.table_page = self._build_class_table()

    def _build_sheet(self, doc: CharacterDocument) -> QScrollArea:
        """The sheet's widgets (and the Class and career box), in a scroll area."""
        # left: the sheet
        editor = self.editor
        sheet = QWidget(editor)
        sheet_layout = QVBoxLayout(sheet)
        sheet_layout.setContentsMargins(0, 0, 4, 0)

        self.abilities_box = QGroupBox("Abilities", sheet)
        grid = QGridLayout(self.abilities_box)
        grid.setHorizontalSpacing(14)
        self.ability_labels: dict[str, tuple[QLabel, QLabel]] = {}
        abilities = list(doc.ruleset.data.get("abilities", []))
        for i, name in enumerate(abilities):
            row, col = i % 3, (i // 3) * 3
            grid.addWidget(QLabel(name, self.abilities_box), row, col)
            score = QLabel(self.abilities_box)
            score.setObjectName(f"score_{name}")
            score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            bold = QFont(score.font())
            bold.setBold(True)
            score.setFont(bold)
            mod = QLabel(self.abilities_box)
            mod.setObjectName(f"mod_{name}")
            mod.setMinimumWidth(26)
            grid.addWidget(score, row, col + 1)
            grid.addWidget(mod, row, col + 2)
            self.ability_labels[name] = (score, mod)
        self.ability_note = QLabel(self.abilities_box)
        self.ability_note.setObjectName("abilityNote")
        self.ability_note.setWordWrap(True)
        grid.addWidget(self.ability_note, 3, 0, 1, 6)

        pools_box = QGroupBox("Wounds and Stamina", sheet)
        pools_layout = QVBoxLayout(pools_box)
        self.wounds_row = PoolRow(editor, "wounds", pools_box)
        self.stamina_row = PoolRow(editor, "stamina", pools_box)
        pools_layout.addWidget(self.wounds_row)
        pools_layout.addWidget(self.stamina_row)
        self.pools_note = QLabel(pools_box)
        self.pools_note.setObjectName("poolsNote")
        self.pools_note.setWordWrap(True)
        pools_layout.addWidget(self.pools_note)

        xp_box = QGroupBox("Experience", sheet)
        xp_layout = QVBoxLayout(xp_box)
        self.xp_label = QLabel(xp_box)
        self.xp_label.setObjectName("xpLabel")
        xp_font = QFont(editor.font())
        xp_font.setPointSizeF(xp_font.pointSizeF() * 1.2)
        self.xp_label.setFont(xp_font)
        self.xp_track = XpTrack(xp_box)
        self.xp_note = QLabel(xp_box)
        self.xp_note.setObjectName("xpNote")
        self.xp_note.setWordWrap(True)
        self.level_reason = QLabel(xp_box)
        self.level_reason.setObjectName("levelReason")
        self.level_reason.setWordWrap(True)
        xp_layout.addWidget(self.xp_label)
        xp_layout.addWidget(self.xp_track)
        xp_layout.addWidget(self.xp_note)
        xp_layout.addWidget(self.level_reason)

        saves_box = QGroupBox("Saving throws", sheet)
        saves_grid = QGridLayout(saves_box)
        self.save_labels: dict[str, QLabel] = {}
        for i, key in enumerate(doc.ruleset.data.get("save_names", [])):
            name = QLabel(SAVE_TITLES.get(key, key.capitalize()), saves_box)
            name.setAlignment(Qt.AlignmentFlag.AlignCenter)
            value = QLabel(saves_box)
            value.setObjectName(f"save_{key}")
            value.setAlignment(Qt.AlignmentFlag.AlignCenter)
            big = QFont(value.font())
            big.setBold(True)
            big.setPointSizeF(big.pointSizeF() * 1.2)
            value.setFont(big)
            saves_grid.addWidget(name, 0, i)
            saves_grid.addWidget(value, 1, i)
            self.save_labels[key] = value

        gear_box = QGroupBox("Alignment, money, Armour Class, movement", sheet)
        gear_box.setObjectName("possessionsSummary")
        gear_form = QFormLayout(gear_box)
        self.gear_fields: dict[str, QLabel] = {}
        for key, title in (("alignment", "Alignment"), ("money", "Money"),
                           ("ac", "Armour Class"), ("skills", "WS / BS"),
                           ("encumbrance", "Encumbrance"), ("movement", "Movement")):
            label = QLabel(gear_box)
            label.setObjectName(f"gear_{key}")
            label.setWordWrap(True)
            gear_form.addRow(f"{title}:", label)
            self.gear_fields[key] = label

        self.career_box = QGroupBox("Class and career", editor)
        self.career_form = QFormLayout(self.career_box)
        self.career_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.career_fields: dict[str, QLabel] = {}
        for key, title in (("class", "Class"), ("career", "Career"), ("status", "Status"),
                           ("traits", "Traits"), ("skills", "Skills"),
                           ("points", "Skill points"), ("extra", "Also")):
            label = QLabel(self.career_box)
            label.setObjectName(f"field_{key}")
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.career_form.addRow(f"{title}:", label)
            self.career_fields[key] = label

        sheet_layout.addWidget(self.abilities_box)
        sheet_layout.addWidget(pools_box)
        sheet_layout.addWidget(xp_box)
        sheet_layout.addWidget(saves_box)
        sheet_layout.addWidget(gear_box)
        sheet_layout.addStretch(1)
        scroll = QScrollArea(editor)
        scroll.setObjectName("sheetScroll")
        # a Tab stop (the arrow keys scroll the sheet): what a screen reader calls it
        scroll.setAccessibleName("Character sheet: abilities, Wounds and Stamina, "
                                 "experience, saves, money and gear")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(sheet)
        return scroll

    def _build_class_table(self) -> QWidget:
        """The Class table page (and the careers tree for the Career page)."""
        # right: class table, careers, advancement, ledger
        editor = self.editor
        self.table_model = QStandardItemModel(editor)
        self.table_view = QTableView(editor)
        self.table_view.setObjectName("classTable")
        self.table_view.setAccessibleName("Class table: XP, Wounds, Stamina die and saves "
                                          "per level")
        self.table_view.setModel(self.table_model)
        self.table_view.verticalHeader().hide()
        self.table_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_caption = QLabel(editor)
        self.table_caption.setObjectName("tableCaption")
        self.table_caption.setWordWrap(True)
        table_page = QWidget(editor)
        tlay = QVBoxLayout(table_page)
        tlay.addWidget(self.table_caption)
        tlay.addWidget(self.table_view, 1)

        self.careers_tree = QTreeWidget(editor)
        self.careers_tree.setObjectName("careersTree")
        self.careers_tree.setAccessibleName("Careers taken and levels gained")
        self.careers_tree.setHeaderLabels(["Career / level", "Details"])
        self.careers_tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        return table_page

    def fill_sheet(self, d: dict[str, Any]) -> None:
        """Abilities, Wounds and Stamina, XP."""
        for name, (score_label, mod_label) in self.ability_labels.items():
            info = d["abilities"].get(name, {"score": "?", "modifier": 0})
            score_label.setText(str(info["score"]))
            mod_label.setText(sign(info["modifier"]))
            dice = d.get("ability_rolls", {}).get(name)
            tip = f"{name} {info['score']}, modifier {sign(info['modifier'])}"
            if dice:
                tip += f"\nrolled {' + '.join(map(str, dice))}"
            score_label.setToolTip(tip)
            score_label.setAccessibleName(tip)
        notes = []
        suit = d["suitability"]
        notes.append(f"Modifier sum {sign(suit['modifier_sum'])}"
                     + ("" if suit["suitable"] else " — below zero: the character could have "
                        "been rerolled"))
        if d.get("swap"):
            notes.append(f"{d['swap'][0]} and {d['swap'][1]} swapped")
        self.ability_note.setText(" · ".join(notes))

        start = d.get("starting", {})
        self.wounds_row.set_values(d["wounds"]["current"], d["wounds"]["max"],
                                   self._start_note("wounds", start.get("wounds", {}), d))
        self.stamina_row.set_values(d["stamina"]["current"], d["stamina"]["max"],
                                    self._start_note("stamina", start.get("stamina", {}), d))
        self.pools_note.setText(f"Wounds die {d['wounds_die']} (min {d['min_wounds']}), "
                                f"Stamina die {d['stamina_die']}. Stamina damage beyond 0 "
                                "is applied to Wounds by hand.")

        nxt = d["next_level_xp"]
        if nxt is None:
            self.xp_label.setText(f"<b>{d['xp']}</b> XP — level {d['level']}, the top of "
                                  "the table")
        else:
            if d["xp_to_next_level"]:
                self.xp_label.setText(f"<b>{d['xp']}</b> XP — level {d['level'] + 1} at "
                                      f"<b>{nxt}</b> ({d['xp_to_next_level']} to go)")
            else:
                self.xp_label.setText(f"<b>{d['xp']}</b> XP — enough for level "
                                      f"{d['level'] + 1} (at <b>{nxt}</b>)")
        table = d.get("class_table") or []
        self.xp_track.set_values([row["xp"] for row in table], d["xp"], d["level"],
                                 d.get("session_cap"))
        self.xp_note.setText(f"Session cap {d['session_cap']} (the red mark: XP beyond it "
                             "this session is lost) · "
                             f"XP lost so far: {d['xp_lost']}")

    def fill_saves_and_career(self, d: dict[str, Any]) -> None:
        bonuses = d.get("save_bonuses") or {}
        for key, label in self.save_labels.items():
            value = d["saves"].get(key, "")
            bonus = bonuses.get(key)
            label.setText(f"{value}" + (f" ({sign(bonus)})" if bonus else ""))
            label.setToolTip(f"{SAVE_TITLES.get(key, key)} save {value}"
                             + (f"; career bonus {sign(bonus)} to the roll" if bonus else ""))

        f = self.career_fields
        f["class"].setText(f"{d['class']} (level {d['level']} in total)")
        f["career"].setText(f"{d['career'] or '—'} (level {d['career_level']})")
        f["status"].setText(d.get("status") or "—")
        f["traits"].setText("; ".join(d.get("traits") or []) or "—")
        f["skills"].setText(", ".join(d.get("skills") or []) or "—")
        # "Skill points: 0 for skills, 2 for combat skills (WS and BS)" (it read "0 skill")
        points = [f"{d['skill_points']} for skills"]
        if d.get("combat_skill_points") or d.get("combat_skills"):
            points.append(f"{d['combat_skill_points']} for combat skills"
                          + (f" ({d['combat_skills']})" if d.get("combat_skills") else ""))
        f["points"].setText(", ".join(points))
        extra = []
        if d.get("starting_ws_bs"):
            extra.append("starting " + ", ".join(f"{k} {v}" for k, v in
                                                d["starting_ws_bs"].items()))
        spells = d.get("spells_memorized")
        if spells:
            per_level = "/".join(str(n) for n in spells) if isinstance(spells, list) else spells
            extra.append(f"spells memorised per spell level {per_level}")
        if d.get("spell_research_owed"):
            extra.append(f"free spells owed: {d['spell_research_owed']}")
        if d.get("gifts") is not None:
            extra.append(f"gifts {d['gifts']}")
        f["extra"].setText("; ".join(extra) or "—")

    def fill_possessions(self, d: dict[str, Any]) -> None:
        if "money" not in d:
            return
        g = self.gear_fields
        rule = f" ({d['alignment_rule']})" if d.get("alignment_rule") else ""
        g["alignment"].setText(f"{d['alignment']}{rule}")
        roll = d.get("money_roll")
        money = d["money"]["text"]
        if roll:
            money += f" (started with {roll['formula']}: {' '.join(map(str, roll['dice']))})"
        if d.get("status_note"):
            money += " — " + d["status_note"]
        g["money"].setText(money)
        worn = [w for w in (d["worn"].get("armour"), d["worn"].get("shield")) if w]
        g["ac"].setText(f"<b>{d['ac']['melee']}</b> melee, <b>{d['ac']['ranged']}</b> ranged"
                        + (f" (wearing {', '.join(worn)})" if worn else ""))
        g["skills"].setText(f"WS {d['ws']}, BS {d['bs']}")
        e = d["encumbrance"]
        g["encumbrance"].setText(f"{e['points']} point{'s' if e['points'] != 1 else ''}: "
                                 f"{e['level']} ({e['items']} items, {e['oversize_items']} "
                                 "oversize)")
        foot = e.get("miles_per_day_on_foot", e["miles_per_day"])
        foot_text = f" ({foot} on foot with Toughness)" if foot != e["miles_per_day"] else ""
        g["movement"].setText(f"{e['miles_per_day']} miles a day{foot_text}, {e['turn_ft']}' a turn, "
                              f"{e['combat_ft']}' a combat round, {e['running_ft']}' running")
        self.editor.possessions.refresh(d)

    @staticmethod
    def _start_note(pool: str, info: dict[str, Any], d: dict[str, Any]) -> str:
        if not info:
            return ""
        if info.get("imported"):
            return f"Imported maximum {d[pool]['max']}"
        if pool == "wounds":
            return (f"Starting Wounds: rolled {info.get('roll')} on d{info.get('die')}, "
                    f"minimum {info.get('minimum')} → {info.get('after_minimum')}, Toughness "
                    f"{sign(info.get('toughness_modifier', 0))}")
        return f"Starting Stamina: rolled {info.get('roll')} on d{info.get('die')}"

    def fill_table(self, d: dict[str, Any]) -> None:
        table = d.get("class_table") or []
        saves = list(self.save_labels)
        has_sp = any(row.get("skill_points") is not None for row in table)
        has_csp = any(row.get("combat_skill_points") is not None for row in table)
        headers = ["Level", "XP", "Wounds", "Stamina"]
        headers += ["Skill pts"] if has_sp else []
        headers += ["Combat pts"] if has_csp else []
        headers += [SAVE_TITLES.get(s, s) for s in saves]
        model = self.table_model
        model.clear()
        model.setHorizontalHeaderLabels(headers)
        highlight = self.editor.palette().color(QPalette.ColorRole.Highlight)
        highlight.setAlpha(60)
        for row in table:
            current = row["level"] == d["level"]
            cells = [table_item(("▶ " if current else "") + str(row["level"]), current,
                           "the character's level" if current else None),
                     table_item(row["xp"], current, right=True),
                     table_item(row["wounds"], current), table_item(row["stamina"], current)]
            if has_sp:
                cells.append(table_item(row.get("skill_points") or "", current, right=True))
            if has_csp:
                cells.append(table_item(row.get("combat_skill_points") or "", current, right=True))
            cells += [table_item(row["saves"].get(s, ""), current, right=True) for s in saves]
            if current:
                for cell in cells:
                    cell.setBackground(QBrush(highlight))
                    cell.setAccessibleText(f"current level: {cell.text()}")
            model.appendRow(cells)
        header = self.table_view.horizontalHeader()
        header.setStretchLastSection(False)
        first_save = len(headers) - len(saves)
        for col in range(len(headers)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents
                                        if col < first_save else QHeaderView.ResizeMode.Stretch)
        self.table_caption.setText(
            f"The {d['class']} table (read at the total level, {d['level']}). Level 1: Wounds "
            f"{d['wounds_die']}, at least {d['min_wounds']}, plus the Toughness modifier; "
            f"each level: Stamina +{d['stamina_die']}.")

    def fill_careers(self, d: dict[str, Any]) -> None:
        tree = self.careers_tree
        tree.clear()
        for held in d.get("careers", []):
            name = f"{held['class']} {held['career']}".strip()
            item = QTreeWidgetItem([name, f"{held['levels']} level"
                                    + ("s" if held["levels"] != 1 else "")])
            for i, advance in enumerate(held.get("advances") or []):
                QTreeWidgetItem(item, [f"career level {i + 1}", advance])
            tree.addTopLevelItem(item)
        history = d.get("history") or []
        if history:
            levels = QTreeWidgetItem(["Levels gained", f"{len(history)}"])
            for event in history:
                what = ("changed career to " + f"{event.get('class')} {event.get('career')}"
                        if event.get("kind") == "change-career" else "level-up")
                gains = [f"Stamina +{event.get('stamina_roll')}"]
                if event.get("wounds"):
                    gains.append(f"Wounds +{event['wounds']}")
                if event.get("skill_points"):
                    gains.append(f"skill points +{event['skill_points']}")
                if event.get("combat_skill_points"):
                    gains.append(f"combat skill points +{event['combat_skill_points']}")
                if event.get("free_spell"):
                    gains.append("a free spell")
                QTreeWidgetItem(levels, [f"level {event.get('level')} (session "
                                         f"{event.get('session')})",
                                         f"{what}: " + ", ".join(gains)])
            tree.addTopLevelItem(levels)
        sessions = d.get("sessions") or {}
        if sessions:
            top = QTreeWidgetItem(["Sessions", f"{len(sessions)}"])
            for sid, rec in sessions.items():
                text = f"{rec.get('xp', 0)} XP"
                if rec.get("lost"):
                    text += f", {rec['lost']} lost to the cap"
                if rec.get("advanced"):
                    text += f", {rec['advanced']}"
                QTreeWidgetItem(top, [f"session {sid}", text])
            tree.addTopLevelItem(top)
        tree.expandAll()
