"""Campaign ▸ Party award: one ``do`` action for every member, all or nothing.

For rule systems with Story Milestones (``capabilities.story_milestones``): a Story Checkpoint
(``award-checkpoint MILESTONE CHECKPOINT``) or a Story Milestone resolution
(``resolve-milestone MILESTONE``). Other rulesets have no party award in the window
(Vogelfrei shares XP with its own dialog); free action words stay the command line's
(``campaign award FILE ACTION ARGS``): the window shows no command syntax.

As you type, the dialog asks the campaign core for a dry run (``preview``: the
award computed in memory, nothing written) and lists every member's reasons;
Award is enabled only when no member refuses.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QFormLayout,
                               QLabel, QLineEdit, QRadioButton, QVBoxLayout, QWidget)

from builder.app.types import RulesError

from .award import milestone_box, new_milestone, open_milestones, unnamed
from .words import award_choices

if TYPE_CHECKING:
    from builder.app.types import CharacterView, Ruleset


def _derived_states(members: Sequence[tuple[str, CharacterView]]) -> Iterator[dict[str, Any]]:
    """Each member's derived state; a member the rules cannot read offers no Milestone."""
    for _given, cf in members:
        try:
            derived = cf.derived()
        except RulesError:
            continue
        yield derived


class PartyAwardDialog(QDialog):
    #: The action words, when the GM presses Award.
    chosen = Signal(object)  # the action words (list of str)

    def __init__(self, campaign_name: str, members: Sequence[tuple[str, CharacterView]],
                 preview: Callable[[list[str]], Sequence[str]],
                 parent: QWidget | None = None, ruleset: Ruleset | None = None) -> None:
        """``members``: the campaign's readable members, (stored path, character); the
        Milestones offered are those still open in their files.  ``ruleset``: the
        campaign's, whose data says what each award gives."""
        super().__init__(parent)
        names = [cf.name for _given, cf in members]
        milestones = open_milestones(_derived_states(members))
        self.setObjectName("partyAwardDialog")
        self.setWindowTitle(f"Party award — {campaign_name}")
        self.preview = preview

        checkpoint, milestone = award_choices(ruleset)
        self.checkpoint_radio = QRadioButton(checkpoint, self)
        self.milestone_radio = QRadioButton(milestone, self)
        group = QButtonGroup(self)
        for radio in (self.checkpoint_radio, self.milestone_radio):
            group.addButton(radio)
        group.buttonToggled.connect(self._kind_changed)

        self.open_milestones = milestones
        self.milestone = milestone_box(self, "partyMilestone", milestones)
        self.checkpoint = QLineEdit(self)
        self.checkpoint.setObjectName("partyCheckpoint")
        self.checkpoint.setAccessibleName("Story Checkpoint")
        self.checkpoint.setPlaceholderText("What the party achieved")

        self.reasons = QLabel(self)
        self.reasons.setObjectName("partyAwardReasons")
        self.reasons.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("A&ward everyone",
                                         QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("partyAwardOk")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(QLabel("For every member: " + (", ".join(names) or "(none)"), self))
        form.addRow(self.checkpoint_radio)
        form.addRow(self.milestone_radio)
        self.milestone_label = QLabel("Story &Milestone:", self)
        self.milestone_label.setBuddy(self.milestone)
        form.addRow(self.milestone_label, self.milestone)
        self.checkpoint_label = QLabel("Story Check&point:", self)
        self.checkpoint_label.setBuddy(self.checkpoint)
        form.addRow(self.checkpoint_label, self.checkpoint)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.reasons)
        layout.addWidget(self.buttons)

        self.milestone.currentTextChanged.connect(self.validate)
        self.checkpoint.textChanged.connect(self.validate)
        self.checkpoint_radio.setChecked(True)
        self._kind_changed()
        self.resize(520, 360)

    def _kind_changed(self, *_: object) -> None:
        checkpoint = self.checkpoint_radio.isChecked()
        for widget in (self.checkpoint, self.checkpoint_label):
            widget.setVisible(checkpoint)
        self.validate()

    def words(self) -> list[str]:
        if self.checkpoint_radio.isChecked():
            return ["award-checkpoint", self.milestone.currentText().strip(),
                    self.checkpoint.text().strip()]
        return ["resolve-milestone", self.milestone.currentText().strip()]

    def prompt(self) -> str | None:
        """What to fill in next while a name is empty (the character's award dialog's
        words: :func:`.award.unnamed`), else None."""
        return unnamed(self.milestone.currentText(),
                       self.checkpoint.text() if self.checkpoint_radio.isChecked() else None)

    def problems(self) -> list[str]:
        """The rules' reasons for every member (a dry run); [] also while a name is
        still empty (see :meth:`prompt`)."""
        if self.prompt() is not None:
            return []
        return list(self.preview(self.words()))

    def validate(self, *_: object) -> bool:
        prompt = self.prompt()
        if prompt is not None:
            self.ok.setEnabled(False)
            self.reasons.setText(prompt)
            return False
        reasons = self.problems()
        self.ok.setEnabled(not reasons)
        if reasons:
            self.reasons.setText("\n".join(f"• {r}" for r in reasons))
        else:
            new = new_milestone(self.milestone.currentText(), self.open_milestones) \
                if self.checkpoint_radio.isChecked() else ""
            self.reasons.setText("✔ Every member can take it; it is written to every file "
                                 "together (one Undo takes it back)." + new)
        return not reasons

    def _accept(self) -> None:
        if not self.validate():
            return
        self.chosen.emit(self.words())
        self.accept()
