"""Vogelfrei: a session's XP for the party — defeated enemies by Hit Dice and
treasure brought back, shared among the survivors (partial shares for partial
presence), each share written to its character as ``award-xp N --session S``.

The arithmetic is :mod:`builder.rules.vogelfrei.xp` (the same functions as the
``xp`` command); each share goes through the character's document (the rules
core, its undo stack, autosave), and the core's ``resolve`` shows what the
session cap keeps before anything is written.
"""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHeaderView, QLabel, QLineEdit, QTableWidget, QTableWidgetItem,
                               QVBoxLayout)

from builder.rules.base import Refusal, RulesError, UsageError, parse_int

PARTS = ["1", "3/4", "2/3", "1/2", "1/3", "1/4"]
COL_NAME, COL_PART, COL_SHARE, COL_GAIN = range(4)


def parse_enemies(text: str) -> list[tuple[str, str]]:
    """'3 3* L2 <1 chief=4' -> [(id, HD)...]; a NAME=HD enemy counts once per session."""
    defeated = []
    for index, token in enumerate(text.replace(",", " ").split()):
        name, sep, hd = token.rpartition("=")
        defeated.append((name.strip(), hd) if sep and name.strip() else (f"#{index + 1}", hd))
    return defeated


def parse_treasure(text: str) -> list[tuple[str, int]]:
    """'1000 hoard=500' -> [('', 1000), ('hoard', 500)] (as ``xp --treasure``)."""
    items = []
    for token in text.replace(",", " ").split():
        kind, sep, value = token.rpartition("=")
        if sep:
            items.append((kind.strip(), parse_int(value, f"treasure {kind.strip()}")))
        else:
            items.append(("", parse_int(token, "treasure")))
    return items


class CampaignMember:
    """A campaign member file, read-only here, with what the dialog asks of a document."""

    def __init__(self, given: str, cf):
        self.given, self.cf = given, cf

    @property
    def name(self) -> str:
        return self.cf.name

    @property
    def ruleset(self):
        return self.cf.ruleset

    @property
    def read_only(self):
        return self.cf.read_only

    def parse(self, words):
        return self.cf.ruleset.parse_action(words)


def vogelfrei_campaigns() -> list[tuple[str, object]]:
    """(name, path) of the Vogelfrei campaigns in the library."""
    from builder.storage import campaigns

    found = []
    for path in campaigns.list_campaigns():
        try:
            campaign = campaigns.load_campaign(path)
        except Exception:  # noqa: BLE001 - an unreadable file is simply not offered
            continue
        if campaign.doc.get("ruleset") == "vogelfrei" and not campaign.read_only:
            found.append((campaign.name, path))
    return found


class PartyXpDialog(QDialog):
    #: After applying: {character name: XP share written}.
    applied = Signal(dict)

    def __init__(self, docs: list, current=None, parent=None):
        super().__init__(parent)
        self.setObjectName("partyXpDialog")
        self.setWindowTitle("Party XP for a session")
        self.resize(640, 560)
        self.open_docs = list(docs)
        self.docs = list(docs)          # the participants shown (open characters or members)
        self.campaign = None
        current = current or (self.docs[0] if self.docs else None)
        self.data = (current or self.docs[0]).ruleset.data
        from builder.rules.vogelfrei import xp as xpcalc

        self.xpcalc = xpcalc
        last = current.derived()["level_up"].get("session") if current is not None else None

        self.session = QLineEdit("" if last is None else str(last), self)
        self.session.setObjectName("sessionEdit")
        self.session.setAccessibleName("Session")
        self.session.setPlaceholderText("the session's name or number")
        self.enemies = QLineEdit(self)
        self.enemies.setObjectName("enemiesEdit")
        self.enemies.setAccessibleName("Defeated enemies' Hit Dice")
        self.enemies.setPlaceholderText("3 3* L2 <1 chief=4   (NAME=HD counts once)")
        self.enemies.setToolTip("One entry per defeated enemy: its Hit Dice 3, 3* (special "
                                "abilities: one HD more), L2 (a level 2 classed character), "
                                "<1. NAME=HD: an enemy that fled and came back counts once.")
        counts, does_not = xpcalc.treasure_kinds(self.data)
        self.treasure = QLineEdit(self)
        self.treasure.setObjectName("treasureEdit")
        self.treasure.setAccessibleName("Treasure in silver pieces")
        self.treasure.setPlaceholderText("1000 hoard=500   (silver pieces; KIND=N)")
        self.treasure.setToolTip("Counts: " + ", ".join(counts) + "\nDoes not count: "
                                 + ", ".join(does_not))
        self.secure = QCheckBox("The treasure is back at a secure location", self)
        self.secure.setObjectName("secureCheck")
        self.secure.setChecked(True)

        self.source = QComboBox(self)
        self.source.setObjectName("sourceCombo")
        self.source.setAccessibleName("Share among")
        self.source.addItem("The open Vogelfrei characters", None)
        for name, path in vogelfrei_campaigns():
            self.source.addItem(f"Campaign: {name} (its members' files)", str(path))
        self.source.setToolTip("A campaign writes every share at once, all or nothing, and "
                               "records the session in its own ledger (as `campaign xp`)")

        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("participantsTable")
        self.table.setAccessibleName("Surviving participants and their shares")
        self.table.setHorizontalHeaderLabels(["Survivor (shares)", "Part of the adventure",
                                              "Share", "Kept after the session cap"])
        self.table.verticalHeader().hide()
        self.part_boxes: list[QComboBox] = []
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.itemChanged.connect(self.validate)
        self._fill_table()

        self.summary = QLabel(self)
        self.summary.setObjectName("xpSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons_label = QLabel(self)
        self.reasons_label.setObjectName("reasonsLabel")
        self.reasons_label.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Award shares", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("okButton")
        self.buttons.accepted.connect(self._apply)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Share &among:", self.source)
        form.addRow("&Session:", self.session)
        form.addRow("Defeated &enemies (HD):", self.enemies)
        form.addRow("&Treasure (sp):", self.treasure)
        form.addRow("", self.secure)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        for edit in (self.session, self.enemies, self.treasure):
            edit.textChanged.connect(self.validate)
        self.secure.toggled.connect(self.validate)
        self.source.currentIndexChanged.connect(self._source_changed)
        self.validate()

    def _fill_table(self) -> None:
        blocker = self.table.blockSignals(True)
        self.table.setRowCount(0)
        self.part_boxes = []
        self.table.setRowCount(len(self.docs))
        for row, doc in enumerate(self.docs):
            name = QTableWidgetItem(doc.name)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            name.setCheckState(Qt.CheckState.Checked)
            name.setToolTip("Untick a character who died or was not there")
            self.table.setItem(row, COL_NAME, name)
            part = QComboBox(self.table)
            part.setEditable(True)
            part.addItems(PARTS)
            part.setAccessibleName(f"{doc.name}'s part of the adventure")
            part.currentTextChanged.connect(self.validate)
            self.table.setCellWidget(row, COL_PART, part)
            self.part_boxes.append(part)
            for col in (COL_SHARE, COL_GAIN):
                item = QTableWidgetItem("")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(row, col, item)
        self.table.blockSignals(blocker)

    def _source_changed(self, *_) -> None:
        from builder.storage import campaigns

        path = self.source.currentData()
        self.campaign = None
        problems = []
        if path is None:
            self.docs = list(self.open_docs)
        else:
            self.docs = []
            try:
                self.campaign = campaigns.load_writable(path)
                for given in self.campaign.members:
                    self.docs.append(CampaignMember(given, self.campaign.load_member(given)))
            except Exception as problem:  # noqa: BLE001 - FileProblem and friends: say it
                problems.append(str(problem))
                self.campaign, self.docs = None, []
        self._fill_table()
        self.validate()
        if problems:
            self.ok.setEnabled(False)
            self.reasons_label.setText("\n".join(f"• {p}" for p in problems))

    # -- the arithmetic (all in builder.rules.vogelfrei.xp) ---------------------------
    def participants(self) -> dict[int, str]:
        """{row: part} for the ticked survivors."""
        return {row: self.part_boxes[row].currentText().strip()
                for row in range(len(self.docs))
                if self.table.item(row, COL_NAME).checkState() == Qt.CheckState.Checked}

    def compute(self) -> dict:
        """{'enemies', 'treasure', 'total', 'shares' {row: xp}, 'counted', 'repeated'};
        raises RulesError (UsageError / Refusal) with the reasons."""
        xp = self.xpcalc
        enemies = xp.session_enemies_xp(self.data, parse_enemies(self.enemies.text()))
        treasure = xp.treasure_xp(self.data, parse_treasure(self.treasure.text()),
                                  secure=self.secure.isChecked())
        total = enemies["xp"] + treasure
        parts = self.participants()
        shares: dict[int, int] = {}
        if parts:
            split = xp.split_xp(total, {str(row): part for row, part in parts.items()})
            shares = {int(row): value for row, value in split.items()}
        return {"enemies": enemies["xp"], "treasure": treasure, "total": total,
                "shares": shares, "counted": enemies["counted"],
                "repeated": enemies["repeated"]}

    def words_for(self, share: int) -> list[str]:
        return ["award-xp", str(share), "--session", self.session.text()]

    def problems(self) -> tuple[list[str], dict | None]:
        try:
            result = self.compute()
        except Refusal as refusal:
            return list(refusal.reasons), None
        except RulesError as problem:
            return [str(problem)], None
        reasons = []
        if not result["shares"]:
            reasons.append("tick at least one surviving participant")
        if not self.session.text().strip():
            reasons.append("name the session the XP was earned in")
        for row, share in result["shares"].items():
            doc = self.docs[row]
            try:
                action = doc.parse(self.words_for(share))
                reasons += [f"{doc.name}: {r}" for r in doc.ruleset.check(doc.cf.state, action)]
            except UsageError:
                pass  # the session reason above says it
            if doc.read_only:
                reasons.append(f"{doc.name}: {doc.read_only}")
        return reasons, result

    def validate(self, *_) -> bool:
        reasons, result = self.problems()
        for row, doc in enumerate(self.docs):
            share_item = self.table.item(row, COL_SHARE)
            gain_item = self.table.item(row, COL_GAIN)
            if share_item is None or gain_item is None:
                continue
            share = (result or {}).get("shares", {}).get(row)
            share_item.setText("" if share is None else f"{share} XP")
            gain_item.setText(self._gain_text(doc, share))
        if result is not None:
            lines = [f"Enemies {result['enemies']} XP + treasure {result['treasure']} XP "
                     f"= {result['total']} XP"]
            if result["counted"]:
                lines.append("Enemies: " + ", ".join(
                    (f"{c['hd']}" if str(c["enemy"]).startswith("#")
                     else f"{c['enemy']} ({c['hd']})") + f" → {c['xp']}"
                    for c in result["counted"]))
            if result["repeated"]:
                lines.append("Counted once already: " + ", ".join(
                    str(c["enemy"]) for c in result["repeated"]))
            if result["shares"]:
                weight = sum(Fraction(p) for p in self.participants().values()
                             if self._is_fraction(p))
                lines.append(f"Shared among {len(result['shares'])} survivor(s): "
                             f"{float(weight):g} full share(s)")
            self.summary.setText("\n".join(lines))
        else:
            self.summary.setText("")
        ok = not reasons and result is not None
        self.ok.setEnabled(ok)
        self.reasons_label.setText("✔ Ready to write each share." if ok else
                                   "Not possible yet:\n" + "\n".join(f"• {r}" for r in reasons))
        return ok

    @staticmethod
    def _is_fraction(text: str) -> bool:
        try:
            Fraction(text)
            return True
        except (ValueError, ZeroDivisionError):
            return False

    def _gain_text(self, doc, share: int | None) -> str:
        if share is None or not self.session.text().strip():
            return ""
        from builder.ui.views.vogelfrei import award_preview

        preview = award_preview(doc, self.words_for(share))
        if preview is None:
            return ""
        gained, lost = preview
        return f"{gained} XP" + (f" ({lost} lost to the session cap)" if lost else "")

    def _apply(self) -> None:
        if not self.validate():
            return
        result = self.compute()
        if self.campaign is not None:
            self._apply_campaign(result)
            return
        written: dict[str, int] = {}
        failed: list[str] = []
        for row, share in result["shares"].items():
            doc = self.docs[row]
            refused: list = []

            def collect(reasons, refused=refused):
                refused.extend(reasons)

            doc.refused.connect(collect)
            if doc.apply_words(self.words_for(share)):
                written[doc.name] = share
            else:
                failed += [f"{doc.name}: {r}" for r in refused]
            doc.refused.disconnect(collect)
        if failed:
            self.reasons_label.setText("Some shares were refused:\n"
                                       + "\n".join(f"• {r}" for r in failed))
        self.applied.emit(written)
        if not failed:
            self.accept()

    def _apply_campaign(self, result: dict) -> None:
        """``campaign xp``: every share at once through Campaign.xp_award, then the open
        tabs of the members re-read their files."""
        from pathlib import Path

        from builder.storage.files import FileProblem

        parts = self.participants()
        survivors = [self.docs[row].given for row in parts]
        shares = [f"{self.docs[row].given}={part}" for row, part in parts.items()
                  if part != "1"]
        hit_dice = [f"{ident}={hd}" if not ident.startswith("#") else hd
                    for ident, hd in parse_enemies(self.enemies.text())]
        silver = sum(value for _kind, value in parse_treasure(self.treasure.text()))
        try:
            entry, files = self.campaign.xp_award(hit_dice, session=self.session.text(),
                                                  treasure=silver, survivors=survivors,
                                                  shares=shares)
            self.campaign.commit(files)
        except Refusal as refusal:
            self.reasons_label.setText("Refused:\n" + "\n".join(f"• {r}" for r in
                                                                  refusal.reasons))
            return
        except (RulesError, FileProblem) as problem:
            self.reasons_label.setText(f"• {problem}")
            return
        written = {m["name"]: m["xp"] for m in entry["members"]}
        changed = {Path(cf.path).resolve() for cf in files}
        for doc in self.open_docs:
            if doc.path is not None and Path(doc.path).resolve() in changed:
                doc.reload()
        self.applied.emit(written)
        self.accept()
