"""The story-points editor's sheet page: the Core Vitals and Skills tables over the
classes tree and its token tray, filled from the core, the traits lit for an option, and
what a click on the sheet selects.

A part of :class:`builder.rulesets.story_points.ui.editor.StoryPointsEditor`
(``editor.sheet``): the page is the sheet's vertical splitter, which the editor embeds
beside its side tabs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QGroupBox, QLabel, QSplitter, QTableView,
                               QVBoxLayout, QWidget)

from builder.ui.flow_layout import FlowLayout
from builder.ui.models.options_model import AllowedRole, cost_text, reasons_text
from builder.ui.views.base import GreyingDelegate, plain_table
from .dialogs import ClassAdvanceDialog
from .widgets import FittedColumns, KeyRole, TraitsView, UsesWidget, next_text, sheet_item

if TYPE_CHECKING:
    from PySide6.QtCore import QAbstractItemModel, QModelIndex
    from PySide6.QtGui import QStandardItem

    from builder.app.types import Option
    from .chain_page import TokenChip
    from .editor import StoryPointsEditor


class SheetPage(QSplitter):
    """The sheet (Core Vitals and Skills side by side, over the classes tree and the
    token tray), filled from the core; sheet clicks -> the editor's options."""

    def __init__(self, editor: StoryPointsEditor) -> None:
        super().__init__(Qt.Orientation.Vertical, editor)
        self.setObjectName("sheetSplitter")
        self.editor = editor
        self.vitals_model = QStandardItemModel(self)
        self.vitals_view = self._table(self.vitals_model, "vitalsView", "Core Vitals")
        self.skills_model = QStandardItemModel(self)
        self.skills_view = self._table(self.skills_model, "skillsView", "Skills")
        self.classes_model = QStandardItemModel(self)
        self.classes_view = TraitsView(self)
        self.classes_view.setObjectName("classesView")
        self.classes_view.setAccessibleName("Classes, trait ranks, uses and spells")
        self.classes_view.setModel(self.classes_model)
        self.classes_view.setItemDelegate(GreyingDelegate(self.classes_view))
        self.classes_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.classes_view.setAlternatingRowColors(True)
        self.classes_view.activated.connect(self._sheet_activated)
        self.classes_view.clicked.connect(self._sheet_clicked)
        #: The uses boxes of the traits with ranks (made on every fill).
        self.uses_widgets: list[UsesWidget] = []
        # the sheet's tables fit their panes: they elide rather than scroll sideways
        self.vitals_columns = FittedColumns(self.vitals_view)
        self.skills_columns = FittedColumns(self.skills_view)
        self.classes_columns = FittedColumns(self.classes_view, self._uses_widths)

        vitals_box = self._boxed("Core Vitals", self.vitals_view)
        skills_box = self._boxed("Skills", self.skills_view)
        self.token_tray = QWidget(self)
        self.token_tray.setObjectName("tokenTray")
        self.token_tray_layout = FlowLayout(self.token_tray)   # wraps: any number of chips
        self.token_tray_layout.setContentsMargins(0, 0, 0, 0)
        self.token_chips: list[TokenChip] = []
        classes_inner = QWidget(self)
        classes_lay = QVBoxLayout(classes_inner)
        classes_lay.setContentsMargins(0, 0, 0, 0)
        classes_lay.addWidget(self.token_tray)
        classes_lay.addWidget(self.classes_view, 1)
        classes_box = self._boxed("Classes, traits and spells", classes_inner)
        top = QSplitter(Qt.Orientation.Horizontal, self)
        top.setObjectName("vitalsSkillsSplitter")
        top.addWidget(vitals_box)
        top.addWidget(skills_box)
        top.setStretchFactor(1, 2)
        self.addWidget(top)
        self.addWidget(classes_box)
        self.top_splitter = top

    # -- layout helpers --------------------------------------------------------------------
    def _table(self, model: QAbstractItemModel, name: str, accessible: str) -> QTableView:
        view = plain_table(self, model, name, accessible)
        view.setItemDelegate(GreyingDelegate(view))
        view.activated.connect(self._sheet_activated)
        view.clicked.connect(self._sheet_clicked)
        return view

    def _boxed(self, title: str, widget: QWidget) -> QGroupBox:
        box = QGroupBox(title, self)
        lay = QVBoxLayout(box)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(widget)
        return box

    def _uses_widths(self) -> dict[int, int]:
        """The classes' uses column is never narrower than its check boxes."""
        widths = [widget.sizeHint().width() for widget in self.uses_widgets]
        return {2: max(widths)} if widths else {}

    def tab_stops(self) -> list[QWidget]:
        """The sheet's widgets in Tab order, top to bottom (the rank tokens and the use
        boxes are made on every fill)."""
        chain: list[QWidget] = [self.vitals_view, self.skills_view, *self.token_chips,
                                self.classes_view]
        for widget in self.uses_widgets:
            chain += [box for box in widget.boxes if box.isEnabled()]
        return chain

    def focus_first(self) -> None:
        """The focus in the Core Vitals table, on its first row if none is current."""
        from builder.ui.focus import focus_widget

        focus_widget(self.vitals_view)
        if not self.vitals_view.currentIndex().isValid():
            self.vitals_view.setCurrentIndex(self.vitals_model.index(0, 0))

    # -- reading the core ------------------------------------------------------------------
    def fill(self, d: dict[str, Any], options: Sequence[Option]) -> None:
        """Refill the tables and the token tray from the core (``derived()`` and
        ``options()``); the current cells stay where they were."""
        unit = self.editor.unit()
        by_key = {(o.kind, o.name): o for o in options}
        # The tables are refilled: the current cell stays where it was (the row
        # just taken keeps the focus).
        kept = [(view, view.currentIndex().row(), view.currentIndex().column())
                for view in (self.vitals_view, self.skills_view)]
        current_class = self.classes_view.currentIndex()
        kept_class = (current_class.siblingAtColumn(0).data(KeyRole),
                      max(0, current_class.column())) if current_class.isValid() else None

        # Core Vitals
        self.vitals_model.clear()
        self.vitals_model.setHorizontalHeaderLabels(["Core Vital", "Score", "Next"])
        for name, score in d["vitals"].items():
            o = by_key.get(("vital", name))
            self.vitals_model.appendRow([
                sheet_item(name, ("vital", name)),
                sheet_item(score, ("vital", name), align_right=True),
                sheet_item(next_text(o), ("vital", name), reasons_text(o, unit) if o else None,
                      o.allowed if o else None)])
        # Skills
        self.skills_model.clear()
        self.skills_model.setHorizontalHeaderLabels(["Skill", "SL", "Linked Vital", "Next"])
        for name, info in d["skills"].items():
            o = by_key.get(("skill", name))
            self.skills_model.appendRow([
                sheet_item(name, ("skill", name)),
                sheet_item(info["level"], ("skill", name), align_right=True),
                sheet_item(f"{info['linked_vital']} {d['vitals'].get(info['linked_vital'], '')}",
                      ("skill", name)),
                sheet_item(next_text(o), ("skill", name), reasons_text(o, unit) if o else None,
                      o.allowed if o else None)])
        self.vitals_columns.fit()
        self.skills_columns.fit()
        self._fill_classes(d, options)
        for view, row, column in kept:
            if row >= 0:
                view.setCurrentIndex(view.model().index(row, max(0, column)))
        if kept_class is not None and kept_class[0] is not None:
            self._select_class_row(kept_class[0], kept_class[1])
        self._fill_token_tray(options)

    def _select_class_row(self, key: tuple[str, ...], column: int = 0) -> None:
        model = self.classes_model
        for row in range(model.rowCount()):
            parent = model.item(row, 0)
            if parent.data(KeyRole) == key:
                self.classes_view.setCurrentIndex(model.index(row, column))
                return
            for child in range(parent.rowCount()):
                if parent.child(child, 0).data(KeyRole) == key:
                    self.classes_view.setCurrentIndex(
                        model.index(child, column, parent.index()))
                    return

    def _fill_classes(self, d: dict[str, Any], options: Sequence[Option]) -> None:
        model = self.classes_model
        model.clear()
        model.setHorizontalHeaderLabels(["Class / trait / spell", "Level / rank",
                                         "Core Skills / uses", "Next / uses left"])
        root = model.invisibleRootItem()
        unit = self.editor.unit()
        uses_rows = []
        for cname, c in d["classes"].items():
            o = next((x for x in options if x.kind == "class" and x.name == cname), None)
            core = ", ".join(f"{s} {d['skills'][s]['level']}" for s in c["core_skills"])
            row = [sheet_item(cname, ("class", cname), f"Core Skills: {core}"),
                   sheet_item(c["level"], ("class", cname), align_right=True),
                   sheet_item(f"core Skills: {core}", ("class", cname)),
                   sheet_item(next_text(o), ("class", cname), reasons_text(o, unit) if o else None,
                         o.allowed if o else None)]
            root.appendRow(row)
            for trait, t in c["traits"].items():
                tip = f"Path {t['path']} (Path Skill {t['path_skill']})"
                if not t.get("usable", True):
                    tip += f"\nCannot be used while {t['path_skill']} is 0 (ranks are kept)"
                trait_row = [sheet_item(trait, ("trait", trait, cname), tip),
                             sheet_item(f"rank {t['rank']}", ("trait", trait, cname), align_right=True),
                             sheet_item("", ("trait", trait, cname),
                                   f"{t['uses_left']} of {t['rank']} uses left"),
                             sheet_item(f"{t['uses_left']} of {t['rank']} left",
                                   ("trait", trait, cname), allowed=t.get("usable", True))]
                row[0].appendRow(trait_row)
                uses_rows.append((trait_row[2], cname, trait, t))
            self._new_trait_rows(row[0], cname, set(c["traits"]))
            for spell in c["spells"]:
                usable = spell not in c.get("unusable_spells", [])
                row[0].appendRow([sheet_item(f"spell: {spell}", ("spell", spell, cname),
                                        None if usable else "Its Path Skill is 0: cannot be "
                                        "used until the training returns", usable),
                                  sheet_item(""), sheet_item(""), sheet_item("")])
        entering = [o for o in options if o.kind == "new-class" and o.allowed]
        if not d["classes"]:
            words = ("No Class yet — see New class in Increases" if not entering else
                     f"No Class yet — drag “Enter {entering[0].name}” onto one of its traits "
                     "below" if len(entering) == 1 else
                     "No Class yet — drag an “Enter …” rank onto a trait of its Class below")
            root.appendRow([sheet_item(words), sheet_item(""), sheet_item(""), sheet_item("")])
            # the words across the whole row (the first column is as wide as the names)
            self.classes_view.setFirstColumnSpanned(0, root.index(), True)
        for option in entering:
            self._class_to_enter(root, option, d)
        self.classes_view.expandAll()
        self.uses_widgets = []
        for item, cname, trait, t in uses_rows:
            widget = UsesWidget(self.editor, cname, trait, t)
            self.classes_view.setIndexWidget(item.index(), widget)
            self.uses_widgets.append(widget)
        self.classes_columns.fit()

    def _new_trait_rows(self, class_row: QStandardItem, cname: str, ranked: set[str]) -> None:
        """The Class's traits without ranks yet: where a new rank can start (a drop
        target for rank tokens; Enter raises the Class into one)."""
        data = self.editor.doc.ruleset.public_data()
        for trait, path in data["classes"].get(cname, {}).get("traits", {}).items():
            if trait in ranked:
                continue
            skill = data["paths"][path]["skill"]
            tip = (f"No ranks yet. Path {path} (Path Skill {skill}); a {cname} advance can "
                   "start it at rank 1")
            class_row.appendRow([sheet_item(trait, ("trait", trait, cname), tip, allowed=False),
                                 sheet_item("—", ("trait", trait, cname), align_right=True),
                                 sheet_item(""), sheet_item("")])

    def _class_to_enter(self, root: QStandardItem, option: Option, d: dict[str, Any]) -> None:
        """A Class the character can enter now, with its traits: where its "Enter"
        rank token goes (the first rank of the new Class)."""
        cname = option.name
        info = self.editor.doc.ruleset.public_data()["classes"][cname]
        core = ", ".join(f"{s} {d['skills'][s]['level']}" for s in info["core_skills"])
        key = ("new-class", cname)
        unit = self.editor.unit()
        tip = f"Not entered yet: entering {cname} costs {cost_text(option, unit)}"
        row = [sheet_item(cname, key, tip), sheet_item("—", key, tip, align_right=True),
               sheet_item(f"core Skills: {core}", key),
               sheet_item(f"enter for {cost_text(option, unit)}", key,
                          reasons_text(option, unit), True)]
        root.appendRow(row)
        self._new_trait_rows(row[0], cname, set())

    def _fill_token_tray(self, options: Sequence[Option]) -> None:
        """Rank tokens for every Class advance the rules allow now, to drag onto a trait."""
        from .chain_page import TokenChip

        chain = getattr(self.editor, "chain_page", None)
        if chain is not None and chain.dragging:
            return       # a chip is the drag's source: the tray is refilled when it ends
        for chip in self.token_chips:
            self.token_tray_layout.removeWidget(chip)
            chip.deleteLater()
        self.token_chips = []
        while self.token_tray_layout.count():
            item = self.token_tray_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        allowed = [o for o in options if o.kind in ("class", "new-class") and o.allowed]
        if chain is None or not allowed:
            self.token_tray.setVisible(False)
            return
        self.token_tray.setVisible(True)
        label = QLabel("Drag a rank onto a trait:", self.token_tray)
        self.token_tray_layout.addWidget(label)
        for option in allowed:
            chip = TokenChip(option, chain, self.token_tray)
            chip.setCheckable(False)
            self.token_tray_layout.addWidget(chip)
            self.token_chips.append(chip)

    def light_traits(self, option: Option) -> None:
        """During a rank drag: light the traits it can go to, say why not for the others."""
        from PySide6.QtGui import QBrush

        from builder.ui import theme
        from builder.ui.chain.colours import eligible_fill

        lit_brush = QBrush(eligible_fill(theme.palette()))
        choices = option.extra.get("choices", {})
        eligible = set(choices.get("traits", []))
        blocked = choices.get("blocked_traits", {})
        cname = option.name
        lit = set()
        model = self.classes_model
        for row in range(model.rowCount()):
            parent = model.item(row, 0)
            for child_row in range(parent.rowCount()):
                item = parent.child(child_row, 0)
                key = item.data(KeyRole)
                if not key or key[0] != "trait":
                    continue
                if key[2] == cname and key[1] in eligible:
                    # a valid target: lit, and drawn enabled (not greyed)
                    for column in range(parent.columnCount()):
                        cell = parent.child(child_row, column)
                        if cell is not None:
                            cell.setBackground(lit_brush)
                            cell.setData(True, AllowedRole)
                    item.setText(f"➜ {key[1]}")
                    item.setToolTip(f"Drop here: the {cname} rank goes to {key[1]}")
                    lit.add((key[2], key[1]))
                else:
                    why = blocked.get(key[1]) if key[2] == cname else \
                        [f"{key[1]} is a {key[2]} trait, not {cname}"]
                    item.setToolTip("Cannot take this rank: " + "; ".join(why or []))
        self.classes_view.lit = lit

    # -- sheet -> options ------------------------------------------------------------------
    def _sheet_clicked(self, index: QModelIndex) -> None:
        key = index.data(KeyRole)
        if key and key[0] in ("vital", "skill", "class", "new-class"):
            self.editor.side_tabs.setCurrentIndex(0)
            self.editor.options_panel.select(key[0], key[1])

    def _sheet_activated(self, index: QModelIndex) -> None:
        """Enter / double-click on a sheet row: take its next increase if the core allows."""
        key = index.data(KeyRole)
        if key and key[0] == "trait":
            # Enter on a trait: raise its Class with the rank going to this trait.
            option = next((o for o in self.editor.doc.options()
                           if o.kind in ("class", "new-class") and o.name == key[2]), None)
            if option is None or not option.allowed:
                self.editor.show_refusal((list(option.reasons) if option is not None else [])
                                         or [f"{key[2]} cannot advance now"])
                return
            if option.extra.get("casts_spells"):
                # A caster's advance also needs its new spell: ask, with this trait picked.
                dialog = ClassAdvanceDialog(option, self.editor)
                dialog.select_trait(key[1])
                dialog.chosen.connect(self.editor.take_words)
                dialog.open()
                self.editor.dialog = dialog
                return
            self.editor.drop_rank(self.editor.chain_page.token_for(option), key[2], key[1])
            return
        if not key or key[0] not in ("vital", "skill", "class", "new-class"):
            return
        self._sheet_clicked(index)
        option = self.editor.options_panel.current_option()
        if option is not None and option.allowed:
            self.editor.take(option)
