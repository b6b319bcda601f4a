"""The Vogelfrei creation wizard (File ▸ New Character ▸ Vogelfrei).

Step by step, as at the table: abilities rolled 3d6 in order (every die shown)
or typed in, the one optional swap, "is the character suitable?" with the
reroll offer, the class chosen or rolled on 2d6, the career chosen or rolled
on the class's d6, the starting Wounds and Stamina dice, the alignment (forced
values shown with the rule that forces them), the Status where the career has
none, and the starting money rolled by Status (every die shown).

Every roll is made by the rules core itself: the form calls
``ruleset.baseline_from_sets(..., randomize=True)`` with the other steps fixed
and a :class:`DiceTape` that draws from the form's (seedable) ``rng`` and
records the dice.  The finished character is the core's baseline built from
the form's ``--set`` pairs plus the dice on a tape, so it is exactly what
``new vogelfrei`` writes for the same dice (same ``ability_rolls``,
``class_roll``, ``career_rolls``); the dialog shows the core's
``validate_baseline`` reasons live.

The parts, which hold the form: :mod:`.creation_rolls` (``form.rolls``: the core's
rolls; and the dice tape) and :mod:`.creation_result` (``form.result``: the ``--set``
pairs, the baseline, the summary).  The form builds every widget and keeps the dice.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from builder.ui.input_policy import form_button

from .creation_result import CreationResult
from .creation_rolls import CoreRolls
from .widgets import DiceRow, DieFace

if TYPE_CHECKING:
    from builder.rulesets.vogelfrei.rules.ruleset import VogelfreiRuleset

NONE = "—"


class VogelfreiCreationForm(QWidget):
    changed = Signal()

    def __init__(self, ruleset: VogelfreiRuleset, parent: QWidget | None = None,
                 rng: random.Random | None = None):
        super().__init__(parent)
        self.setObjectName("vogelfreiCreationForm")
        self.ruleset = ruleset
        self.rng = rng or random.Random()
        self.abilities = list(ruleset.abilities)
        self.classes = list(ruleset.classes)
        self.dice: dict[str, list[int]] = {}          # ability -> its 3d6, when rolled
        self.discarded: list[dict[str, Any]] = []               # unsuitable sets rerolled
        self.class_dice: list[int] | None = None      # the 2d6, when the class was rolled
        self.career_dice: list[int] | None = None     # the d6 rolls, when the career was rolled
        self.money_dice: list[int] | None = None      # the starting money dice, when rolled
        self.pools_rolled: set[str] = set()           # the pools whose die was rolled here
        self._updating = False
        #: Its parts: the core's rolls and what the form adds up to (they hold the form,
        #: whose widgets their methods read and fill).
        self.rolls = CoreRolls(self)
        self.result = CreationResult(self)

        page = QWidget(self)
        layout = QVBoxLayout(page)

        top = QHBoxLayout()
        self.roll_all_button = form_button(QPushButton("Roll &everything", page))
        self.roll_all_button.setObjectName("rollAll")
        self.roll_all_button.setToolTip("Abilities, class, career, Wounds, Stamina and "
                                        "starting money, in order")
        self.roll_all_button.clicked.connect(self.rolls.roll_everything)
        top.addWidget(QLabel("Roll at each step, or choose and type in your own dice.", page), 1)
        top.addWidget(self.roll_all_button)
        layout.addLayout(top)

        # 1. abilities
        box = QGroupBox("1. Abilities: 3d6 in order, then one optional swap", page)
        grid = QGridLayout(box)
        self.score_spins: dict[str, QSpinBox] = {}
        self.dice_rows: dict[str, DiceRow] = {}
        self.mod_labels: dict[str, QLabel] = {}
        for row, name in enumerate(self.abilities):
            grid.addWidget(QLabel(name, box), row, 0)
            dice = DiceRow(box, 24)
            dice.setMinimumWidth(3 * 27 + 4)
            self.dice_rows[name] = dice
            grid.addWidget(dice, row, 1)
            spin = QSpinBox(box)
            spin.setObjectName(f"score_{name}")
            spin.setAccessibleName(f"{name} score")
            spin.setRange(0, 18)
            spin.setSpecialValueText(NONE)
            spin.setToolTip("Type a score rolled with your own dice")
            spin.valueChanged.connect(lambda value, n=name: self._typed(n, value))
            self.score_spins[name] = spin
            grid.addWidget(spin, row, 2)
            mod = QLabel(box)
            mod.setMinimumWidth(28)
            self.mod_labels[name] = mod
            grid.addWidget(mod, row, 3)
        buttons = QHBoxLayout()
        self.roll_abilities_button = form_button(QPushButton("Roll &3d6 in order", box))
        self.roll_abilities_button.setObjectName("rollAbilities")
        self.roll_abilities_button.clicked.connect(self.rolls.roll_abilities)
        buttons.addWidget(self.roll_abilities_button)
        buttons.addStretch(1)
        # the one optional swap
        self.swap_a = QComboBox(box)
        self.swap_a.setObjectName("swapA")
        self.swap_b = QComboBox(box)
        self.swap_b.setObjectName("swapB")
        for combo in (self.swap_a, self.swap_b):
            combo.addItem(f"{NONE} no swap", "")
            for name in self.abilities:
                combo.addItem(name, name)
            combo.currentIndexChanged.connect(self.result.refresh)
        self.swap_a.setAccessibleName("Swap this ability")
        self.swap_b.setAccessibleName("with this ability")
        buttons.addWidget(QLabel("One swap (optional):", box))
        buttons.addWidget(self.swap_a)
        buttons.addWidget(QLabel("⇄", box))
        buttons.addWidget(self.swap_b)
        grid.addLayout(buttons, len(self.abilities), 0, 1, 5)
        self.suitability_label = QLabel(box)
        self.suitability_label.setObjectName("suitabilityLabel")
        self.suitability_label.setWordWrap(True)
        self.reroll_button = form_button(QPushButton("Reroll the abilities", box))
        self.reroll_button.setObjectName("rerollAbilities")
        self.reroll_button.setToolTip("Offered when the modifiers sum below zero; the "
                                      "discarded dice are kept in the file")
        self.reroll_button.clicked.connect(self.rolls.reroll_unsuitable)
        suit = QHBoxLayout()
        suit.addWidget(self.suitability_label, 1)
        suit.addWidget(self.reroll_button)
        grid.addLayout(suit, len(self.abilities) + 1, 0, 1, 5)
        grid.setColumnStretch(4, 1)
        layout.addWidget(box)

        # 2. swap
        # 3. class and career
        box = QGroupBox("2. Class (2d6) and career (the class's d6)", page)
        grid = QGridLayout(box)
        self.class_combo = QComboBox(box)
        self.class_combo.setObjectName("classCombo")
        self.class_combo.setAccessibleName("Class")
        self.class_combo.addItem(NONE, "")
        for name in self.classes:
            self.class_combo.addItem(name, name)
        self.class_combo.currentIndexChanged.connect(self._class_chosen)
        self.class_roll_button = form_button(QPushButton("Roll 2d6", box))
        self.class_roll_button.setObjectName("rollClass")
        self.class_roll_button.clicked.connect(self.rolls.roll_class)
        self.class_dice_row = DiceRow(box, 24)
        self.class_sum = QLabel(box)
        self.class_sum.setObjectName("classSum")
        self.class_dice_row.layout_.insertWidget(0, self.class_sum)
        self.wood_elf = QCheckBox("A 12 gives a Wood Elf (the Referee allows it)", box)
        self.wood_elf.setObjectName("woodElfCheck")
        self.wood_elf.toggled.connect(self._wood_elf_toggled)
        self.career_combo = QComboBox(box)
        self.career_combo.setObjectName("careerCombo")
        self.career_combo.setAccessibleName("Career")
        self.career_combo.currentIndexChanged.connect(self._career_chosen)
        self.career_roll_button = form_button(QPushButton("Roll d6", box))
        self.career_roll_button.setObjectName("rollCareer")
        self.career_roll_button.clicked.connect(self.rolls.roll_career)
        self.career_dice_row = DiceRow(box, 24)
        self.career_note = QLabel(box)
        self.career_note.setWordWrap(True)
        # Both combos are as wide as their longest choice from the start, so that
        # one filled after the first show is never cut.
        longest = max([len(name) for name in self.classes]
                      + [len(career) for cls in self.classes
                         for career in self.ruleset.classes[cls]["careers"]]
                      + [len(f"{NONE} (no careers)")])
        for combo in (self.class_combo, self.career_combo):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(longest)
        grid.addWidget(QLabel("Class:", box), 0, 0)
        grid.addWidget(self.class_combo, 0, 1)
        grid.addWidget(self.class_roll_button, 0, 2)
        grid.addWidget(self.class_dice_row, 0, 3)
        grid.addWidget(self.wood_elf, 1, 1, 1, 3)
        grid.addWidget(QLabel("Career:", box), 2, 0)
        grid.addWidget(self.career_combo, 2, 1)
        grid.addWidget(self.career_roll_button, 2, 2)
        grid.addWidget(self.career_dice_row, 2, 3)
        grid.addWidget(self.career_note, 3, 1, 1, 3)
        grid.setColumnStretch(3, 1)
        layout.addWidget(box)

        # 4. Wounds and Stamina
        box = QGroupBox("3. Starting Wounds and Stamina", page)
        grid = QGridLayout(box)
        self.pool_spins: dict[str, QSpinBox] = {}
        self.pool_faces: dict[str, DieFace] = {}
        self.pool_buttons: dict[str, QPushButton] = {}
        self.pool_notes: dict[str, QLabel] = {}
        for row, pool in enumerate(("wounds", "stamina")):
            grid.addWidget(QLabel(f"{pool.capitalize()} roll:", box), row, 0)
            spin = QSpinBox(box)
            spin.setObjectName(f"{pool}Roll")
            spin.setAccessibleName(f"{pool.capitalize()} die result")
            spin.setRange(0, 99)
            spin.setSpecialValueText(NONE)
            spin.valueChanged.connect(self.result.refresh)
            button = form_button(QPushButton("Roll", box))
            button.setObjectName(f"roll_{pool}")
            button.clicked.connect(lambda _=False, p=pool: self.rolls.roll_pool(p))
            face = DieFace(box, 28)
            note = QLabel(box)
            note.setObjectName(f"{pool}Note")
            note.setWordWrap(True)
            grid.addWidget(spin, row, 1)
            grid.addWidget(button, row, 2)
            grid.addWidget(face, row, 3)
            grid.addWidget(note, row, 4)
            self.pool_spins[pool], self.pool_faces[pool] = spin, face
            self.pool_buttons[pool], self.pool_notes[pool] = button, note
        grid.setColumnStretch(4, 1)
        layout.addWidget(box)

        # 5. alignment
        box = QGroupBox("4. Alignment", page)
        line = QHBoxLayout(box)
        self.alignment_combo = QComboBox(box)
        self.alignment_combo.setObjectName("alignmentCombo")
        self.alignment_combo.setAccessibleName("Alignment")
        for name in ruleset.alignments:
            self.alignment_combo.addItem(name, name)
        self.alignment_combo.setCurrentIndex(
            max(0, self.alignment_combo.findData(ruleset.default_alignment)))
        self.alignment_combo.currentIndexChanged.connect(self.result.refresh)
        self.alignment_note = QLabel(box)
        self.alignment_note.setObjectName("alignmentNote")
        self.alignment_note.setWordWrap(True)
        line.addWidget(self.alignment_combo)
        line.addWidget(self.alignment_note, 1)
        layout.addWidget(box)

        # 6. Status and starting money
        box = QGroupBox("5. Status and starting money", page)
        grid = QGridLayout(box)
        self.status_combo = QComboBox(box)
        self.status_combo.setObjectName("statusCombo")
        self.status_combo.setAccessibleName("Status")
        self.status_combo.addItem(f"{NONE} choose", "")
        for name in ruleset.statuses:
            self.status_combo.addItem(name, name)
        self.status_combo.currentIndexChanged.connect(self._status_chosen)
        self.status_note = QLabel(box)
        self.status_note.setObjectName("statusNote")
        self.status_note.setWordWrap(True)
        self.money_button = form_button(QPushButton("Roll", box))
        self.money_button.setObjectName("rollMoney")
        self.money_button.clicked.connect(self.rolls.roll_money)
        self.money_dice_row = DiceRow(box, 22)
        self.money_note = QLabel(box)
        self.money_note.setObjectName("moneyNote")
        self.money_note.setWordWrap(True)
        grid.addWidget(QLabel("Status:", box), 0, 0)
        grid.addWidget(self.status_combo, 0, 1)
        grid.addWidget(self.status_note, 0, 2, 1, 2)
        grid.addWidget(QLabel("Money:", box), 1, 0)
        grid.addWidget(self.money_button, 1, 1)
        grid.addWidget(self.money_dice_row, 1, 2)
        grid.addWidget(self.money_note, 2, 1, 1, 3)
        grid.setColumnStretch(3, 1)
        layout.addWidget(box)

        self.command = QLabel(page)
        self.command.setObjectName("commandLabel")
        self.command.setWordWrap(True)
        self.command.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.command.setToolTip("The same character from the command line")
        layout.addWidget(self.command)
        layout.addStretch(1)

        scroll = QScrollArea(self)
        scroll.setObjectName("creationScroll")
        scroll.setAccessibleName("Creation steps")
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self._fill_careers()
        self.result.refresh()

    # -- reacting to the player --------------------------------------------------------------
    def _typed(self, ability: str, value: int) -> None:
        if self._updating:
            return
        if ability in self.dice and sum(self.dice[ability]) != value:
            del self.dice[ability]   # typed over the roll: a typed score now
            self.dice_rows[ability].set_dice([])
        self.result.refresh()

    def show_abilities(self) -> None:
        self._updating = True
        for a in self.abilities:
            dice = self.dice.get(a)
            if dice:
                self.score_spins[a].setValue(sum(dice))
            self.dice_rows[a].set_dice(dice or [], int(self.ruleset.data.get("ability_die", 6)))
        self._updating = False

    def set_class(self, cls: str) -> None:
        with QSignalBlocker(self.class_combo):
            self.class_combo.setCurrentIndex(max(0, self.class_combo.findData(cls)))
        self._fill_careers()

    def _class_chosen(self, *_: object) -> None:
        self.class_dice = None     # chosen by hand now
        self._fill_careers()
        self.result.refresh()

    def _wood_elf_toggled(self, *_: object) -> None:
        if self.class_dice:
            cls = self.rolls.class_for(self.class_dice)
            if cls != self.current_class():
                self.set_class(cls)
        self.result.refresh()

    def _fill_careers(self) -> None:
        cls = self.current_class()
        self.career_dice = None
        with QSignalBlocker(self.career_combo):
            self.career_combo.clear()
            if cls:
                careers = list(self.ruleset.classes[cls]["careers"])
                if careers:
                    self.career_combo.addItem(NONE, None)
                for name in careers:
                    self.career_combo.addItem(name, name)
                if not careers:
                    self.career_combo.addItem(f"{NONE} (no careers)", "")
        self.career_roll_button.setEnabled(bool(cls and self.ruleset.classes[cls]["careers"]))

    def _career_chosen(self, *_: object) -> None:
        self.career_dice = None
        self.result.refresh()

    def _status_chosen(self, *_: object) -> None:
        self.result.refresh()

    def current_class(self) -> str:
        return self.class_combo.currentData() or ""

    def current_career(self) -> str | None:
        career: str | None = self.career_combo.currentData()
        return career

    def scores(self) -> dict[str, int]:
        return {a: self.score_spins[a].value() for a in self.abilities
                if self.score_spins[a].value()}

    def suitability(self) -> dict[str, Any] | None:
        """The core's suitability of the scores (None until every ability has one 3d6
        can give: a typed 2 is refused by the core, and judged by nothing here)."""
        scores = {a: v for a, v in self.scores().items() if self.ruleset.possible_score(v)}
        if len(scores) < len(self.abilities):
            return None
        state = self.ruleset.initial_state({"abilities": scores})
        return self.ruleset.derive(state, "")["suitability"]

    def reroll_offered(self) -> bool:
        suit = self.suitability()
        return bool(suit and suit["reroll_offered"] and self.dice)

    # -- what the New Character dialog asks ------------------------------------------------
    def rolled(self) -> bool:
        """Dice were rolled here: closing the New Character dialog asks first."""
        return self.rolls.rolled()

    def baseline(self) -> dict[str, Any]:
        """The core's baseline for this character (see :meth:`CreationResult.baseline`)."""
        return self.result.baseline()

    def sets(self) -> list[tuple[str, str]]:
        """The ``new vogelfrei --set`` pairs for this character."""
        return self.result.sets()

    def command_line(self, name: str = "NAME") -> str:
        """The same character from the command line."""
        return self.result.command_line(name)
