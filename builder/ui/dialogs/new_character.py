"""File ▸ New Character: choose a ruleset, then fill in that ruleset's creation form.

The form validates as you type: every change asks the rules core
(``baseline_from_sets`` / ``validate_baseline``) and lists its reasons; Create
is enabled only when the core has none.  A ruleset with a dedicated form
registers it in ``FORMS``; the others get a KEY=VALUE form, the same pairs the
CLI's ``new --set`` takes.
"""
from __future__ import annotations

import importlib
import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPlainTextEdit,
                               QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from builder.rules.base import Refusal, RulesError

#: ruleset id -> "module:attribute" of a creation-form class (imported on use).
FORMS = {
    "story-points": "builder.ui.views.story_points:StoryPointsCreationForm",
    "vogelfrei": "builder.ui.dialogs.vogelfrei_new:VogelfreiCreationForm",
    "ability-bonuses": "builder.ui.ability_bonuses:AbilityBonusesForm",
}


class SetsForm(QWidget):
    """The generic creation form: KEY=VALUE lines (as ``new --set``), and "roll
    what the ruleset rolls" (as ``new --random``) with a Reroll button."""

    changed = Signal()

    def __init__(self, ruleset, parent=None):
        super().__init__(parent)
        self.ruleset = ruleset
        self.seed = random.randrange(1 << 30)
        self.roll = QCheckBox("Roll what the ruleset rolls (dice)", self)
        self.roll.setObjectName("rollCheck")
        self.roll.setToolTip("Like `new --random`: the values you do not set are rolled")
        self.roll.toggled.connect(self.changed)
        self.reroll = QPushButton("Re&roll", self)
        self.reroll.setToolTip("Roll the dice again")
        self.reroll.clicked.connect(self._reroll)
        self.edit = QPlainTextEdit(self)
        self.edit.setObjectName("setsEdit")
        self.edit.setAccessibleName("Starting values, one KEY=VALUE per line")
        self.edit.setPlaceholderText("One KEY=VALUE per line, as `new --set KEY=VALUE`")
        self.edit.textChanged.connect(self.changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.roll, 1)
        row.addWidget(self.reroll)
        layout.addLayout(row)
        layout.addWidget(QLabel("Starting values (KEY=VALUE, one per line):", self))
        layout.addWidget(self.edit)

    def _reroll(self) -> None:
        self.seed = random.randrange(1 << 30)
        self.roll.setChecked(True)
        self.changed.emit()

    def sets(self) -> list[tuple[str, str]]:
        from builder.rules.base import UsageError

        pairs = []
        for line in self.edit.toPlainText().splitlines():
            line = line.strip()
            if not line:
                continue
            if "=" not in line:
                raise UsageError(f"'{line}' needs KEY=VALUE")
            key, value = line.split("=", 1)
            pairs.append((key.strip(), value.strip()))
        return pairs

    def baseline(self) -> dict:
        return self.ruleset.baseline_from_sets(self.sets(), rng=random.Random(self.seed),
                                               randomize=self.roll.isChecked())


def creation_form(ruleset, parent=None) -> QWidget:
    spec = FORMS.get(ruleset.id)
    if spec:
        module_name, attr = spec.split(":")
        try:
            cls = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError):
            cls = SetsForm
        return cls(ruleset, parent)
    return SetsForm(ruleset, parent)


class NewCharacterDialog(QDialog):
    #: (ruleset, name, baseline) when the player presses Create.
    created = Signal(object, str, dict)

    def __init__(self, parent=None):
        super().__init__(parent)
        from builder.storage.rulesets import all_rulesets

        self.setWindowTitle("New Character")
        self.setObjectName("newCharacterDialog")
        self.resize(620, 560)
        self.rulesets = all_rulesets()
        self.ruleset = None
        self.form: QWidget | None = None

        self.ruleset_list = QListWidget(self)
        self.ruleset_list.setObjectName("rulesetList")
        self.ruleset_list.setAccessibleName("Ruleset")
        for ruleset in self.rulesets:
            item = QListWidgetItem(f"{ruleset.title or ruleset.id}\n{ruleset.summary_text}")
            item.setData(Qt.ItemDataRole.UserRole, ruleset.id)
            item.setToolTip(ruleset.summary_text)
            self.ruleset_list.addItem(item)
        self.ruleset_list.setWordWrap(True)
        self.ruleset_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.ruleset_list.currentRowChanged.connect(self._choose)
        # Every ruleset with its description visible without scrolling.
        self.ruleset_list.setMinimumHeight(min(320, 58 * max(1, self.ruleset_list.count())))

        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("nameEdit")
        self.name_edit.setAccessibleName("Character name")
        self.name_edit.setPlaceholderText("The character's name")
        self.name_edit.textChanged.connect(self.validate)
        self.form_stack = QStackedWidget(self)

        self.reasons_label = QLabel(self)
        self.reasons_label.setObjectName("reasonsLabel")
        self.reasons_label.setWordWrap(True)
        self.reasons_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons_label.setAccessibleName("What the rules say about this character")

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.create_button = self.buttons.addButton("&Create",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("createButton")
        self.buttons.accepted.connect(self._create)
        self.buttons.rejected.connect(self.reject)

        top = QFormLayout()
        top.addRow("&Ruleset:", self.ruleset_list)
        top.addRow("&Name:", self.name_edit)
        self.ruleset_list.setMaximumHeight(110)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.form_stack, 1)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        if self.rulesets:
            self.ruleset_list.setCurrentRow(0)
        self.validate()

    def choose_ruleset(self, ruleset_id: str) -> None:
        for row in range(self.ruleset_list.count()):
            if self.ruleset_list.item(row).data(Qt.ItemDataRole.UserRole) == ruleset_id:
                self.ruleset_list.setCurrentRow(row)
                return

    def _choose(self, row: int) -> None:
        if not (0 <= row < len(self.rulesets)):
            return
        self.ruleset = self.rulesets[row]
        if self.form is not None:
            self.form_stack.removeWidget(self.form)
            self.form.deleteLater()
        self.form = creation_form(self.ruleset, self.form_stack)
        self.form.changed.connect(self.validate)
        self.form_stack.addWidget(self.form)
        self.form_stack.setCurrentWidget(self.form)
        self.validate()

    def problems(self) -> tuple[list[str], dict | None]:
        """Every reason the rules core gives against the current form (and the baseline)."""
        reasons = []
        if not self.name_edit.text().strip():
            reasons.append("The character needs a name.")
        if self.ruleset is None or self.form is None:
            return reasons + ["Choose a ruleset."], None
        try:
            baseline = self.form.baseline()
        except Refusal as refusal:
            return reasons + refusal.reasons, None
        except RulesError as problem:
            return reasons + [str(problem)], None
        reasons += self.ruleset.validate_baseline(baseline)
        return reasons, baseline

    def validate(self, *_) -> bool:
        reasons, _baseline = self.problems()
        self.create_button.setEnabled(not reasons)
        if reasons:
            self.reasons_label.setText("Not ready yet:\n" + "\n".join(f"• {r}" for r in reasons))
        else:
            self.reasons_label.setText("✔ Ready: the rules accept this character.")
        return not reasons

    def _create(self) -> None:
        reasons, baseline = self.problems()
        if reasons or baseline is None:
            self.validate()
            return
        self.created.emit(self.ruleset, self.name_edit.text().strip(), baseline)
        self.accept()
