"""The Class advance picker: which trait rank (and spell) a Class advance takes.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QListWidget, QVBoxLayout, QWidget)

from builder.app.types import Option
from builder.ui.models.options_model import cost_text
from builder.ui.wording import count

from .choices import choosable, details_line, fill_trait_choices


# -- the Class advance picker (the keyboard's way; the chain page also takes a dragged rank) --
class ClassAdvanceDialog(QDialog):
    """Pick the trait rank (and spell, and scene) a Class advance needs.

    Only the choices the core lists as legal (``option.extra['choices']``) can be
    picked; the blocked ones are shown greyed with the core's reasons.
    """

    chosen = Signal(object)  # the action words (list of str)

    def __init__(self, option: Option, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.option = option
        self.setObjectName("classAdvanceDialog")
        title = (f"Enter {option.name}" if option.kind == "new-class"
                 else f"Raise {option.name} to {option.target}")
        self.setWindowTitle(title)
        choices = option.extra.get("choices") or {}
        form = QFormLayout()
        head = QLabel(f"<b>{title}</b> for {cost_text(option, 'SP')}. "
                      "The advance grants one trait rank"
                      + (" and one new spell, chosen independently." if option.extra.get("casts_spells")
                         else "."), self)
        head.setWordWrap(True)

        self.traits = QListWidget(self)
        self.traits.setObjectName("traitChoices")
        self.traits.setAccessibleName("Trait that takes the new rank")
        fill_trait_choices(self.traits, choices)
        form.addRow("&Trait rank:", self.traits)
        self.trait_details = details_line(self.traits)
        form.addRow("", self.trait_details)

        self.spell = None
        if option.extra.get("casts_spells"):
            self.spell = QComboBox(self)
            self.spell.setObjectName("spellChoice")
            self.spell.setAccessibleName("New spell")
            for spell in choices.get("spells", []):
                self.spell.addItem(spell)
            form.addRow("&Spell:", self.spell)
            blocked = choices.get("blocked_spells") or {}
            if blocked:
                verb = "is" if len(blocked) == 1 else "are"
                # the reasons in words, for the keyboard and the eye alike (not on hover)
                why = "; ".join(reason for reasons in blocked.values() for reason in reasons)
                note = QLabel(f"{count(len(blocked), 'other spell')} ({', '.join(blocked)}) "
                              f"{verb} not possible now: {why}.", self)
                note.setObjectName("blockedSpells")
                note.setWordWrap(True)
                note.setToolTip("\n".join(f"{s}: {'; '.join(r)}" for s, r in blocked.items()))
                self.spell.setAccessibleDescription(note.text())
                form.addRow("", note)
        self.scene = None
        if option.asks_for("scene"):
            self.scene = QLineEdit(self)
            self.scene.setObjectName("sceneEdit")
            self.scene.setAccessibleName("Achievement or training scene")
            self.scene.setPlaceholderText("e.g. defended a shrine with an Ember Creed priest")
            form.addRow("Achievement or training &scene:", self.scene)
            self.scene.textChanged.connect(self._validate)
        self.exchange = None
        if option.asks_for("exchange"):
            self.exchange = QCheckBox("Training &Exchange (reduces the cost)", self)
            form.addRow("", self.exchange)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Advance", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("advanceButton")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.traits.currentRowChanged.connect(self._validate)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self._validate()

    def select_trait(self, trait: str) -> None:
        for row in range(self.traits.count()):
            item = self.traits.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == trait and choosable(item):
                self.traits.setCurrentRow(row)
                return

    def current_trait(self) -> str | None:
        item = self.traits.currentItem()
        if not choosable(item):
            return None
        trait: str = item.data(Qt.ItemDataRole.UserRole)
        return trait

    def _validate(self, *_: object) -> None:
        ok = self.current_trait() is not None
        if self.spell is not None:
            ok = ok and bool(self.spell.currentText())
        if self.scene is not None:
            ok = ok and bool(self.scene.text().strip())
        self.ok.setEnabled(ok)

    def words(self) -> list[str]:
        """The option's own words with the player's choices (the core says which)."""
        return self.option.words_with(
            trait=self.current_trait(),
            spell=self.spell.currentText() if self.spell else None,
            scene=self.scene.text().strip() if self.scene else None,
            exchange=bool(self.exchange and self.exchange.isChecked()))

    def _accept(self) -> None:
        if not self.ok.isEnabled():
            return
        self.chosen.emit(self.words())
        self.accept()
