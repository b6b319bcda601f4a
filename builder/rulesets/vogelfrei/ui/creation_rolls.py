"""The creation form's rolls, each made by the rules core: the abilities, the class,
the career, Wounds and Stamina, the money; and :class:`DiceTape`, the
``random.Random`` that hands the core the form's dice and records every die.

The :class:`CoreRolls` mixin is part of
:class:`builder.rulesets.vogelfrei.ui.creation.VogelfreiCreationForm`.
"""
from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from PySide6.QtCore import QSignalBlocker

from builder.app.types import UsageError

if TYPE_CHECKING:
    from PySide6.QtCore import Signal
    from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QPushButton, QSpinBox, QWidget

    from builder.rulesets.vogelfrei.rules.ruleset import VogelfreiRuleset
    from .widgets import DiceRow, DieFace

    class CreationFormHost(QWidget):
        """The creation form as its parts (:class:`CoreRolls`,
        :class:`~.creation_result.CreationResult`) see it: what
        :class:`~.creation.VogelfreiCreationForm` builds and offers them.  The parts
        derive from it for the type checker only."""

        changed: ClassVar[Signal]
        ruleset: VogelfreiRuleset
        rng: random.Random
        abilities: list[str]
        classes: list[str]
        #: ability -> its 3d6, when rolled
        dice: dict[str, list[int]]
        #: the unsuitable sets rerolled
        discarded: list[dict[str, Any]]
        class_dice: list[int] | None
        career_dice: list[int] | None
        money_dice: list[int] | None
        #: the pools (wounds, stamina) whose die was rolled here
        pools_rolled: set[str]
        score_spins: dict[str, QSpinBox]
        mod_labels: dict[str, QLabel]
        swap_a: QComboBox
        swap_b: QComboBox
        suitability_label: QLabel
        reroll_button: QPushButton
        class_combo: QComboBox
        class_dice_row: DiceRow
        class_sum: QLabel
        wood_elf: QCheckBox
        career_combo: QComboBox
        career_dice_row: DiceRow
        career_note: QLabel
        pool_spins: dict[str, QSpinBox]
        pool_faces: dict[str, DieFace]
        pool_buttons: dict[str, QPushButton]
        pool_notes: dict[str, QLabel]
        alignment_combo: QComboBox
        alignment_note: QLabel
        status_combo: QComboBox
        status_note: QLabel
        money_button: QPushButton
        money_dice_row: DiceRow
        money_note: QLabel

        @abstractmethod
        def current_class(self) -> str: ...

        @abstractmethod
        def current_career(self) -> str | None: ...

        @abstractmethod
        def scores(self) -> dict[str, int]: ...

        @abstractmethod
        def suitability(self) -> dict[str, Any] | None: ...

        @abstractmethod
        def reroll_offered(self) -> bool: ...

        @abstractmethod
        def _show_abilities(self) -> None: ...

        @abstractmethod
        def _set_class(self, cls: str) -> None: ...

        @abstractmethod
        def _refresh(self, *_: object) -> None: ...

        @abstractmethod
        def career_status(self) -> str: ...

        @abstractmethod
        def status(self) -> str: ...

        @abstractmethod
        def money_spec(self) -> dict[str, Any] | None: ...
else:
    CreationFormHost = object


class TapeEnd(UsageError):
    """The core wanted a die the form has not rolled."""


class DiceTape(random.Random):
    """A ``random.Random`` for the core: hands out the given dice in order, then
    draws from ``backing`` (when given) — every die handed out is recorded."""

    def __init__(self, dice: Iterable[int] = (), backing: random.Random | None = None):
        super().__init__(0)
        self.dice = list(dice)
        self.backing = backing
        self.drawn: list[tuple[int, int, int]] = []

    def randint(self, a: int, b: int) -> int:  # the core rolls with randint only
        if self.dice:
            value = self.dice.pop(0)
        elif self.backing is not None:
            value = self.backing.randint(a, b)
        else:
            raise TapeEnd("roll or choose every step first")
        self.drawn.append((a, b, value))
        return value


class CoreRolls(CreationFormHost):
    """Roll each step through the core (the other steps fixed)."""

    # -- the core rolls --------------------------------------------------------------------
    def _filler(self, *, abilities: bool = True, cls: str | None = None,
                career: str | None = None, wounds: bool = True,
                stamina: bool = True) -> list[tuple[str, str]]:
        """--set pairs that fix every step but the one being rolled."""
        sets: list[tuple[str, str]] = []
        if abilities:
            sets += [(a, "10") for a in self.abilities]
        if cls is not None:
            sets.append(("class", cls))
        if career is not None:
            sets.append(("career", career))
        if wounds:
            sets.append(("wounds_roll", "1"))
        if stamina:
            sets.append(("stamina_roll", "1"))
        if self.wood_elf.isChecked():
            sets.append(("wood_elf", "yes"))
        return sets

    def _core_roll(self, sets: list[tuple[str, str]], dice: Iterable[int] = ()) -> dict[str, Any]:
        return self.ruleset.baseline_from_sets(sets, rng=DiceTape(dice, self.rng),
                                               randomize=True)

    def roll_abilities(self, keep_typed: bool = False) -> None:
        """3d6 in order for every ability (or only the rolled ones, keeping typed scores)."""
        typed = [(a, str(self.score_spins[a].value())) for a in self.abilities
                 if keep_typed and a not in self.dice and self.score_spins[a].value()]
        base = self._core_roll(typed + self._filler(abilities=False, cls=self.classes[0],
                                                    career=""))
        if not keep_typed:
            self.discarded = []
        self.dice = {a: list(d) for a, d in base.get("ability_rolls", {}).items()}
        self._show_abilities()
        self._refresh()

    def reroll_unsuitable(self) -> None:
        if not self.reroll_offered():
            return
        self.discarded.append({a: list(self.dice[a]) for a in self.abilities if a in self.dice})
        self.roll_abilities(keep_typed=True)

    def _class_for(self, dice: list[int]) -> str:
        rolled: str = self._core_roll(self._filler(career=""), dice)["class"]
        return rolled

    def roll_class(self) -> None:
        base = self._core_roll(self._filler(career=""))
        self.class_dice = list(base["class_roll"])
        self._set_class(base["class"])
        self._refresh()

    def roll_career(self) -> None:
        cls = self.current_class()
        if not cls:
            return
        if not self.ruleset.classes[cls]["careers"]:
            return
        base = self._core_roll(self._filler(cls=cls))
        self.career_dice = list(base.get("career_rolls") or [])
        with QSignalBlocker(self.career_combo):
            self.career_combo.setCurrentIndex(max(0, self.career_combo.findData(base["career"])))
        self._refresh()

    def roll_pool(self, pool: str) -> None:
        cls = self.current_class()
        if not cls:
            return
        if pool == "wounds":
            base = self._core_roll(self._filler(cls=cls, career="", wounds=False))
        else:
            base = self._core_roll(self._filler(cls=cls, career="", stamina=False))
        self.pool_spins[pool].setValue(base[f"{pool}_roll"])
        self.pools_rolled.add(pool)

    def rolled(self) -> bool:
        """Dice were rolled here (abilities, class, career, a pool or money): closing the
        New Character dialog asks before they are thrown away."""
        return bool(self.dice or self.discarded or self.class_dice or self.career_dice
                    or self.money_dice or self.pools_rolled)

    def roll_everything(self) -> None:
        self.roll_abilities()
        self.roll_class()
        self.roll_career()
        self.roll_pool("wounds")
        self.roll_pool("stamina")
        self.roll_money()
        if self.current_career() is not None and not self.status():
            # the career gives no Status: the one step left is asked for, in view
            from builder.ui.focus import bring_into_view

            bring_into_view(self.status_combo)

    # -- alignment, Status, money ---------------------------------------------------------
    def career_status(self) -> str:
        return self.ruleset.career_status(self.current_class(), self.current_career())

    def status(self) -> str:
        """The Status money is rolled by: the career's, else the one chosen here."""
        return self.career_status() or (self.status_combo.currentData() or "")

    def money_spec(self) -> dict[str, Any] | None:
        return self.ruleset.money_roll_spec(self.status(), 1)

    def roll_money(self) -> None:
        cls, spec = self.current_class(), self.money_spec()
        if not cls or spec is None:
            return
        sets = self._filler(cls=cls, career=self.current_career() or "")
        if not self.career_status():
            sets.append(("status", self.status()))
        self.money_dice = list(self._core_roll(sets).get("money_dice") or [])
        self._refresh()

    def _status_chosen(self, *_: object) -> None:
        self._refresh()
