"""The editor tab of an ability-bonuses character in the main window: the live
Abilities Card (with the dice of its allocation), the effects and age panel,
and the ledger.  Every change goes through ``CharacterDocument.apply`` (the
rules core, the undo stack, saving, refusals in the message bar)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from builder.app.types import Action
from .card import AbilitiesCard
from .play import AbilityEffectsPanel
from builder.ui.views.base import CharacterEditor, LedgerView

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument


def allocation_text(derived: dict[str, Any]) -> str:
    """One line on how the four bonuses were allocated (every d4 when rolled)."""
    rolls = derived.get("rolls") or []
    if derived.get("method") != "random" or not rolls:
        text = "Bonuses chosen, not rolled."
    else:
        names = derived.get("roll_abilities") or []
        seen: list[str] = []
        parts = []
        for roll, ability in zip(rolls, names):
            parts.append(f"{roll} ({ability}{', reroll' if ability in seen else ''})")
            seen.append(ability)
        text = "Rolled d4: " + ", ".join(parts) + "."
    if derived.get("age_roll") is not None:
        text += f" Age rolled at creation: d20 = {derived['age_roll']}."
    return text


class AbilityBonusesEditor(CharacterEditor):
    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("abilityBonusesEditor")
        ruleset = doc.ruleset
        self.card = AbilitiesCard(ruleset.ability_names, self)
        self.allocation_label = QLabel(self)
        self.allocation_label.setObjectName("allocationLabel")
        self.allocation_label.setWordWrap(True)
        self.allocation_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_label = QLabel(self)
        self.problems_label.setObjectName("problemsLabel")
        self.problems_label.setWordWrap(True)
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.card)
        left_layout.addWidget(self.allocation_label)
        left_layout.addWidget(self.problems_label)
        left_layout.addStretch(1)

        self.panel = AbilityEffectsPanel(ruleset, self)
        self.panel.actionRequested.connect(self._apply)
        self.ledger = LedgerView(self, unit=self.unit())
        tabs = QTabWidget(self)
        tabs.setObjectName("sideTabs")
        from builder.ui.scrolling import scrolling

        # it scrolls where the pane is short (a small screen, 2x): the window stays inside
        tabs.addTab(scrolling(self.panel, "effectsScroll", self), "Effec&ts && Age")
        tabs.addTab(self.ledger, "&Ledger")
        from builder.ui.identity_panel import IdentityPanel

        self.identity_panel = IdentityPanel(doc, self)
        tabs.addTab(self.identity_panel, "Who")
        self.side_tabs = tabs
        # the character's name, as the other editors show it
        self.title_label = QLabel(self)
        self.title_label.setObjectName("titleLabel")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.title_label.setFont(font)
        self.act_effects = QAction("Show the &Effects and Age", self)
        self.act_effects.setShortcut("Ctrl+1")
        self.act_effects.triggered.connect(lambda: self._show(self.panel.name_edit))
        self.act_ledger = QAction("Show the &Ledger", self)
        self.act_ledger.setShortcut("Ctrl+2")
        self.act_ledger.triggered.connect(lambda: self._show(self.ledger))
        for action in (self.act_effects, self.act_ledger):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("abilityBonusesSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setSizes([620, 480])
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        for bar in self.message_bars():
            layout.addWidget(bar)
        layout.addWidget(self.splitter, 1)
        self.refresh()

    def _show(self, widget: QWidget) -> None:
        from builder.ui.focus import focus_widget

        focus_widget(widget)

    def menu_actions(self) -> list[QAction]:
        return [self.act_effects, self.act_ledger]

    def splitters(self) -> dict[str, QSplitter]:
        return {"main": self.splitter}

    def refresh(self) -> None:
        derived = self.doc.derived()
        self.title_label.setText(self.doc.name)
        self.card.set_derived(derived)
        self.panel.set_derived(derived)
        self.allocation_label.setText(allocation_text(derived))
        problems = derived.get("problems") or []
        self.problems_label.setText("The rules do not accept this file:\n"
                                    + "\n".join(problems) if problems else "")
        self.ledger.set_character(self.doc.cf)

    def _apply(self, action: Action) -> None:
        if self.doc.apply(action):
            # say what happened, as the other editors do; a new effect's name is cleared
            # so the same Add is not pressed twice by mistake
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
            if action.kind == "modify":
                self.panel.name_edit.clear()
