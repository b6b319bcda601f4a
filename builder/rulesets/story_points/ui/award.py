"""Awards: a Story Checkpoint or a Story Milestone resolution, for one or several
open characters at once.

The dialog asks the application layer for a dry run of the award as you type
(:func:`builder.app.characters.party_award`), shows every character's reasons, and
writes the award to every chosen character at once, all or nothing; each open tab
takes its entry with its undo history kept, and Undo takes the whole award back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QRadioButton,
                               QVBoxLayout, QWidget)

from builder.ui.wording import count, unit

from .words import award_amounts, award_choices, points_name

if TYPE_CHECKING:
    from builder.app.outcome import Guard, Outcome
    from builder.ui.document import CharacterDocument


def unnamed(milestone: str, checkpoint: str | None) -> str | None:
    """What to fill in while a name the award needs is still empty (``checkpoint``:
    None when a Milestone is resolved), else None.  Worded as the next step, not as a
    refusal (nothing was typed wrong yet), the same in the character's and the
    party's award dialog; the rules core's reasons are shown once both names are in."""
    if not milestone.strip():
        return "Choose or type the Story Milestone."
    if checkpoint is not None and not checkpoint.strip():
        return "Name the Story Checkpoint: what was achieved."
    return None


def open_milestones(states: Iterable[Mapping[str, Any]]) -> list[str]:
    """The Story Milestones not yet resolved in these characters' derived states, each
    once, in the order first met: what the character's and the party's award dialog
    offer to choose from."""
    names: list[str] = []
    for derived in states:
        for name, info in derived.get("milestones", {}).items():
            if name not in names and not info.get("resolved"):
                names.append(name)
    return names


def milestone_box(parent: QWidget, object_name: str, names: Sequence[str]) -> QComboBox:
    """The Story Milestone to award in: the open ones offered, the first chosen, any
    other name typed (the character's and the party's award dialog alike)."""
    box = QComboBox(parent)
    box.setObjectName(object_name)
    box.setEditable(True)
    box.setAccessibleName("Story Milestone")
    line = box.lineEdit()   # an editable combo box's
    if line is not None:
        line.setPlaceholderText("Choose or type the Story Milestone")
    box.addItems(list(names))
    box.setCurrentText(names[0] if names else "")
    return box


def new_milestone(milestone: str, open_ones: Sequence[str]) -> str:
    """A line for the award's summary when the Checkpoint starts a Story Milestone none
    of the open ones is (a name typed onto the one offered makes a new Milestone), else
    "": the same in the character's and the party's award dialog."""
    name = milestone.strip()
    if not open_ones or not name or name in open_ones:
        return ""
    return f"\n“{name}” is a new Story Milestone (open now: {', '.join(open_ones)})."


class AwardDialog(QDialog):
    #: After applying: {character name: list of reasons} (empty list: awarded).
    applied = Signal(object)  # {name: reasons}

    def __init__(self, docs: list[CharacterDocument], current: CharacterDocument,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("awardDialog")
        self.ruleset = current.ruleset
        self.setWindowTitle(f"Award {points_name(self.ruleset)}")
        self.docs = list(docs)
        # what each award gives, from the rule system's data
        self.amounts = award_amounts(self.ruleset)
        checkpoint, milestone = award_choices(self.ruleset)
        self.checkpoint_radio = QRadioButton(checkpoint, self)
        self.milestone_radio = QRadioButton(milestone, self)
        self.checkpoint_radio.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.checkpoint_radio)
        group.addButton(self.milestone_radio)
        group.buttonToggled.connect(self._kind_changed)

        self.open_milestones = open_milestones(doc.derived() for doc in self.docs)
        self.milestone = milestone_box(self, "milestoneEdit", self.open_milestones)
        self.milestone.currentTextChanged.connect(self.validate)
        self.checkpoint = QLineEdit(self)
        self.checkpoint.setObjectName("checkpointEdit")
        self.checkpoint.setAccessibleName("Story Checkpoint")
        self.checkpoint.setPlaceholderText("What the characters achieved")
        self.checkpoint.textChanged.connect(self.validate)

        self.characters = QListWidget(self)
        self.characters.setObjectName("awardCharacters")
        self.characters.setAccessibleName("Characters who get the award")
        for doc in self.docs:
            item = QListWidgetItem(doc.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if doc is current
                               else Qt.CheckState.Unchecked)
            self.characters.addItem(item)
        self.characters.itemChanged.connect(self.validate)

        self.reasons = QLabel(self)
        self.reasons.setObjectName("awardReasons")
        self.reasons.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("A&ward", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("awardOk")
        self.buttons.accepted.connect(self._apply)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.checkpoint_radio, self.milestone_radio)
        form.addRow("Story &Milestone:", self.milestone)
        self.checkpoint_label = QLabel("Story Check&point:", self)
        self.checkpoint_label.setBuddy(self.checkpoint)
        form.addRow(self.checkpoint_label, self.checkpoint)
        form.addRow("For:", self.characters)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.reasons)
        layout.addWidget(self.buttons)
        self.validate()

    def _kind_changed(self, *_: object) -> None:
        is_checkpoint = self.checkpoint_radio.isChecked()
        self.checkpoint.setEnabled(is_checkpoint)
        self.checkpoint_label.setEnabled(is_checkpoint)
        self.validate()

    def chosen_docs(self) -> list[CharacterDocument]:
        return [doc for i, doc in enumerate(self.docs)
                if self.characters.item(i).checkState() == Qt.CheckState.Checked]

    def words(self) -> list[str]:
        if self.checkpoint_radio.isChecked():
            return ["award-checkpoint", self.milestone.currentText(), self.checkpoint.text()]
        return ["resolve-milestone", self.milestone.currentText()]

    def _operation(self, dry_run: bool) -> Callable[[], Outcome]:
        """The award as one application-layer call over the chosen characters' files
        (a dry run while typing)."""
        from builder.app import characters

        paths = [doc.cf.path for doc in self.chosen_docs() if doc.cf.path is not None]
        words = self.words()
        guard = None if dry_run else self._guard()
        return lambda: characters.party_award(paths, words, guard=guard, dry_run=dry_run)

    def _guard(self) -> Guard | None:
        from builder.ui.operations import dialog_guard

        return dialog_guard(self)

    def problems(self) -> list[str]:
        """Every reason the rules give for the chosen characters, each led by its
        character's name: the award's dry run."""
        from builder.ui.operations import Failure, attempt

        result = attempt(self._operation(dry_run=True))
        return list(result.reasons) if isinstance(result, Failure) else []

    def validate(self, *_: object) -> bool:
        prompt = unnamed(self.milestone.currentText(),
                         self.checkpoint.text() if self.checkpoint_radio.isChecked() else None)
        chosen = self.chosen_docs()
        if prompt is None and not chosen:
            prompt = "Choose at least one character."
        if prompt is not None:
            self.ok.setEnabled(False)
            self.reasons.setText(prompt)
            return False
        lines = self.problems()
        ok = not lines
        self.ok.setEnabled(ok)
        if ok:
            award = "a Story Checkpoint" if self.checkpoint_radio.isChecked() else \
                "the Milestone resolution"
            verb = "gets" if len(chosen) == 1 else "get"
            amount = self.amounts["checkpoint" if self.checkpoint_radio.isChecked()
                                  else "milestone"]
            self.reasons.setText(f"✔ {count(len(chosen), 'character')} {verb} {award}"
                                 + (f": {amount} {unit(self.ruleset)} each." if amount
                                    else ".") + self._new_milestone())
        else:
            self.reasons.setText("\n".join(f"• {line}" for line in lines))
        return ok

    def _new_milestone(self) -> str:
        if not self.checkpoint_radio.isChecked():
            return ""
        return new_milestone(self.milestone.currentText(), self.open_milestones)

    def _apply(self) -> None:
        """One operation for every chosen character, all or nothing; the open tabs
        follow the broadcast (their undo history kept, Undo takes the whole award back)."""
        from builder.ui.operations import Failure, dialog_broadcast, nothing_written, run

        if not self.validate():
            return
        outcome: Outcome | None = None
        guard = self._guard()      # the window's: Undo may come after this dialog is gone

        def take_back() -> Outcome:
            from builder.app import characters

            return characters.take_back(outcome.entries if outcome else {},
                                        guard=guard, what="the award")
        result = run(self._operation(dry_run=False), dialog_broadcast(self), take_back)
        if isinstance(result, Failure):
            self.ok.setEnabled(False)
            self.reasons.setText(nothing_written(result))
            return
        outcome = result
        self.applied.emit({doc.name: [] for doc in self.chosen_docs()})
        self.accept()
