"""The story-points editor's sheet, filled from the core: the classes tree, the token
tray, the traits lit for an option, and what a click on the sheet selects.

A mixin of :class:`builder.rulesets.story_points.ui.editor.StoryPointsEditor`.
"""
from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, Sequence

from PySide6.QtWidgets import QLabel

from builder.ui.models.options_model import AllowedRole, cost_text, reasons_text
from .dialogs import ClassAdvanceDialog
from .widgets import FittedColumns, KeyRole, UsesWidget, next_text, sheet_item

if TYPE_CHECKING:  # the editor, as its sheet part sees it
    from PySide6.QtCore import QModelIndex
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QDialog, QTabWidget, QWidget

    from builder.app.types import Option
    from builder.ui.flow_layout import FlowLayout
    from .chain_tokens import RankToken
    from .chain_page import ChainWidget, TokenChip
    from builder.ui.views.base import CharacterEditor, OptionsPanel
    from .widgets import TraitsView
    _Editor = CharacterEditor
else:
    _Editor = object


class SheetPart(_Editor):
    """Fill the classes tree and the token tray; sheet clicks -> options."""

    # built by StoryPointsEditor
    classes_model: QStandardItemModel
    classes_view: TraitsView
    classes_columns: FittedColumns
    token_tray: QWidget
    token_tray_layout: FlowLayout
    token_chips: list[TokenChip]
    uses_widgets: list[UsesWidget]
    options_panel: OptionsPanel
    side_tabs: QTabWidget
    chain_page: ChainWidget
    dialog: QDialog | None

    @abstractmethod
    def take_words(self, words: list[str]) -> bool: ...

    @abstractmethod
    def take(self, option: Option) -> None: ...

    @abstractmethod
    def drop_rank(self, token: RankToken, trait_class: str, trait: str) -> bool: ...

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
        uses_rows = []
        for cname, c in d["classes"].items():
            o = next((x for x in options if x.kind == "class" and x.name == cname), None)
            core = ", ".join(f"{s} {d['skills'][s]['level']}" for s in c["core_skills"])
            row = [sheet_item(cname, ("class", cname), f"Core Skills: {core}"),
                   sheet_item(c["level"], ("class", cname), align_right=True),
                   sheet_item(f"core Skills: {core}", ("class", cname)),
                   sheet_item(next_text(o), ("class", cname), reasons_text(o, self.unit()) if o else None,
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
            widget = UsesWidget(self, cname, trait, t)
            self.classes_view.setIndexWidget(item.index(), widget)
            self.uses_widgets.append(widget)
        self.classes_columns.fit()

    def _new_trait_rows(self, class_row: QStandardItem, cname: str, ranked: set[str]) -> None:
        """The Class's traits without ranks yet: where a new rank can start (a drop
        target for rank tokens; Enter raises the Class into one)."""
        data = self.doc.ruleset.public_data()
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
        info = self.doc.ruleset.public_data()["classes"][cname]
        core = ", ".join(f"{s} {d['skills'][s]['level']}" for s in info["core_skills"])
        key = ("new-class", cname)
        tip = f"Not entered yet: entering {cname} costs {cost_text(option, self.unit())}"
        row = [sheet_item(cname, key, tip), sheet_item("—", key, tip, align_right=True),
               sheet_item(f"core Skills: {core}", key),
               sheet_item(f"enter for {cost_text(option, self.unit())}", key,
                          reasons_text(option, self.unit()), True)]
        root.appendRow(row)
        self._new_trait_rows(row[0], cname, set())

    def _fill_token_tray(self, options: Sequence[Option]) -> None:
        """Rank tokens for every Class advance the rules allow now, to drag onto a trait."""
        from .chain_page import TokenChip

        chain = getattr(self, "chain_page", None)
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
            self.side_tabs.setCurrentIndex(0)
            self.options_panel.select(key[0], key[1])

    def _sheet_activated(self, index: QModelIndex) -> None:
        """Enter / double-click on a sheet row: take its next increase if the core allows."""
        key = index.data(KeyRole)
        if key and key[0] == "trait":
            # Enter on a trait: raise its Class with the rank going to this trait.
            option = next((o for o in self.doc.options()
                           if o.kind in ("class", "new-class") and o.name == key[2]), None)
            if option is None or not option.allowed:
                self.show_refusal((list(option.reasons) if option is not None else [])
                                  or [f"{key[2]} cannot advance now"])
                return
            if option.extra.get("casts_spells"):
                # A caster's advance also needs its new spell: ask, with this trait picked.
                dialog = ClassAdvanceDialog(option, self)
                dialog.select_trait(key[1])
                dialog.chosen.connect(self.take_words)
                dialog.open()
                self.dialog = dialog
                return
            self.drop_rank(self.chain_page.token_for(option), key[2], key[1])
            return
        if not key or key[0] not in ("vital", "skill", "class", "new-class"):
            return
        self._sheet_clicked(index)
        option = self.options_panel.current_option()
        if option is not None and option.allowed:
            self.take(option)
