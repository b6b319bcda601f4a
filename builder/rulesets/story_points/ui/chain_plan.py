"""A Story Point plan's Class steps: the trait rank and spell of each, chosen before
anything is paid (:class:`PlanChoicesDialog`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QVBoxLayout, QWidget)

from builder.app import queries
from builder.app.types import PlanStep, RulesError
from .chain_look import StoryPointLook
from builder.ui.wording import count

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument

_LOOK = StoryPointLook()


class PlanChoicesDialog(QDialog):
    """The trait rank and spell of each Class step of a plan, before anything is paid.

    The planner's suggestions are preselected; every pick is one the core listed
    as legal at that step, and the whole set is checked through the core again.
    """

    chosen = Signal(object)  # the steps (a list of PlanStep), with the chosen trait and spell

    def __init__(self, doc: CharacterDocument, steps: list[PlanStep],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.steps = list(steps)
        self.setWindowTitle("Choose the plan's trait ranks and spells")
        self.setObjectName("planChoicesDialog")
        form = QFormLayout()
        self.pickers: list[tuple[int, QComboBox, QComboBox | None]] = []
        for index, step in enumerate(self.steps):
            if step.kind not in ("class", "new-class"):
                continue
            choices = step.extra.get("choices", {})
            trait, spell = step.extra.get("trait", ""), step.extra.get("spell")
            traits = QComboBox(self)
            traits.addItems(choices.get("traits", [trait]))
            traits.setCurrentText(trait)
            traits.setAccessibleName(f"{step.name} {step.target}: trait rank")
            spells = None
            row = QHBoxLayout()
            row.addWidget(QLabel("rank to", self))
            row.addWidget(traits, 1)
            if spell:
                spells = QComboBox(self)
                spells.addItems(choices.get("spells", [spell]))
                spells.setCurrentText(spell)
                spells.setAccessibleName(f"{step.name} {step.target}: new spell")
                row.addWidget(QLabel("spell", self))
                row.addWidget(spells, 1)
            form.addRow(f"{step.name} {step.target} ({step.cost} SP):", row)
            self.pickers.append((index, traits, spells))
        self.scene_edit = None
        if any(step.kind == "new-class" for step in self.steps):
            self.scene_edit = QLineEdit(self)
            self.scene_edit.setPlaceholderText("the achievement or training scene")
            self.scene_edit.setAccessibleName("Scene for entering the new Class")
            form.addRow("Scene (new Class):", self.scene_edit)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setObjectName("planProblem")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = buttons.addButton("&Apply steps", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        total = sum(step.cost for step in self.steps)
        head = QLabel(f"<b>{count(len(self.steps), 'step')}, {total} SP.</b> Each Class step grants one "
                      "trait rank (and for casters one new spell): choose them now.", self)
        head.setWordWrap(True)
        layout.addWidget(head)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        for _i, traits, spells in self.pickers:
            traits.currentTextChanged.connect(self._validate)
            if spells is not None:
                spells.currentTextChanged.connect(self._validate)
        if self.scene_edit is not None:
            self.scene_edit.textChanged.connect(self._validate)
        self._validate()

    def chosen_steps(self) -> list[PlanStep]:
        """The steps with the trait rank and spell chosen for each Class step."""
        for index, traits, spells in self.pickers:
            chosen = {"trait": traits.currentText()}
            if spells is not None:
                chosen["spell"] = spells.currentText()
            self.steps[index] = with_extra(self.steps[index], **chosen)
        return self.steps

    def steps_with_scene(self) -> list[PlanStep]:
        """The chosen steps, each with the scene typed here for entering a new Class
        ("" when none is: the chain page then gives its own)."""
        scene = self.scene_edit.text().strip() if self.scene_edit is not None else ""
        return [with_extra(step, scene=scene) for step in self.chosen_steps()]

    def reasons(self) -> list[str]:
        """Walk the steps through the rules core (SP aside) and say what it refuses."""
        steps = self.steps_with_scene()
        try:
            refused = queries.first_refusal(self.doc.cf, (_LOOK.step_words(step) for step in steps))
        except RulesError as problem:
            return [str(problem)]
        if refused is None:
            return []
        index, why = refused
        return [f"{steps[index].name} {steps[index].target}: {r}" for r in why]

    def _validate(self, *_: object) -> None:
        why = self.reasons()
        self.problem.setText("; ".join(why))
        self.ok.setEnabled(not why)

    def _accept(self) -> None:
        if not self.ok.isEnabled():
            return
        self.chosen.emit(self.steps_with_scene())
        self.accept()


def with_extra(step: PlanStep, **extra: Any) -> PlanStep:
    """``step`` with some of its further keys (``trait``, ``spell``, ``scene``) given anew."""
    return PlanStep(step.kind, step.name, step.target, step.cost, {**step.extra, **extra})
