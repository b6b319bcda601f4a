"""The creation form's rolls, each made by the rules core: the abilities, the class,
the career, Wounds and Stamina, the money; and :class:`DiceTape`, the
``random.Random`` that hands the core the form's dice and records every die.

:class:`CoreRolls` is a part of
:class:`builder.rulesets.vogelfrei.ui.creation.VogelfreiCreationForm` (``form.rolls``).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterable

from PySide6.QtCore import QSignalBlocker

from builder.app.types import UsageError

if TYPE_CHECKING:
    from .creation import VogelfreiCreationForm


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


class CoreRolls:
    """Roll each step through the core (the other steps fixed): a part of the form
    (:attr:`builder.rulesets.vogelfrei.ui.creation.VogelfreiCreationForm.rolls`) that
    holds it; the dice rolled are kept on the form."""

    def __init__(self, form: VogelfreiCreationForm) -> None:
        self.form = form

    # -- the core rolls --------------------------------------------------------------------
    def _filler(self, *, abilities: bool = True, cls: str | None = None,
                career: str | None = None, wounds: bool = True,
                stamina: bool = True) -> list[tuple[str, str]]:
        """--set pairs that fix every step but the one being rolled."""
        sets: list[tuple[str, str]] = []
        if abilities:
            sets += [(a, "10") for a in self.form.abilities]
        if cls is not None:
            sets.append(("class", cls))
        if career is not None:
            sets.append(("career", career))
        if wounds:
            sets.append(("wounds_roll", "1"))
        if stamina:
            sets.append(("stamina_roll", "1"))
        if self.form.wood_elf.isChecked():
            sets.append(("wood_elf", "yes"))
        return sets

    def _core_roll(self, sets: list[tuple[str, str]], dice: Iterable[int] = ()) -> dict[str, Any]:
        return self.form.ruleset.baseline_from_sets(sets, rng=DiceTape(dice, self.form.rng),
                                                    randomize=True)

    def roll_abilities(self, keep_typed: bool = False) -> None:
        """3d6 in order for every ability (or only the rolled ones, keeping typed scores)."""
        form = self.form
        typed = [(a, str(form.score_spins[a].value())) for a in form.abilities
                 if keep_typed and a not in form.dice and form.score_spins[a].value()]
        base = self._core_roll(typed + self._filler(abilities=False, cls=form.classes[0],
                                                    career=""))
        if not keep_typed:
            form.discarded = []
        form.dice = {a: list(d) for a, d in base.get("ability_rolls", {}).items()}
        form.show_abilities()
        form.result.refresh()

    def reroll_unsuitable(self) -> None:
        form = self.form
        if not form.reroll_offered():
            return
        form.discarded.append({a: list(form.dice[a]) for a in form.abilities if a in form.dice})
        self.roll_abilities(keep_typed=True)

    def class_for(self, dice: list[int]) -> str:
        """The class the core gives for these 2d6 (the Wood Elf box as it is)."""
        rolled: str = self._core_roll(self._filler(career=""), dice)["class"]
        return rolled

    def roll_class(self) -> None:
        base = self._core_roll(self._filler(career=""))
        self.form.class_dice = list(base["class_roll"])
        self.form.set_class(base["class"])
        self.form.result.refresh()

    def roll_career(self) -> None:
        form = self.form
        cls = form.current_class()
        if not cls:
            return
        if not form.ruleset.classes[cls]["careers"]:
            return
        base = self._core_roll(self._filler(cls=cls))
        form.career_dice = list(base.get("career_rolls") or [])
        with QSignalBlocker(form.career_combo):
            form.career_combo.setCurrentIndex(max(0, form.career_combo.findData(base["career"])))
        form.result.refresh()

    def roll_pool(self, pool: str) -> None:
        cls = self.form.current_class()
        if not cls:
            return
        if pool == "wounds":
            base = self._core_roll(self._filler(cls=cls, career="", wounds=False))
        else:
            base = self._core_roll(self._filler(cls=cls, career="", stamina=False))
        self.form.pool_spins[pool].setValue(base[f"{pool}_roll"])
        self.form.pools_rolled.add(pool)

    def rolled(self) -> bool:
        """Dice were rolled here (abilities, class, career, a pool or money): closing the
        New Character dialog asks before they are thrown away."""
        form = self.form
        return bool(form.dice or form.discarded or form.class_dice or form.career_dice
                    or form.money_dice or form.pools_rolled)

    def roll_everything(self) -> None:
        self.roll_abilities()
        self.roll_class()
        self.roll_career()
        self.roll_pool("wounds")
        self.roll_pool("stamina")
        self.roll_money()
        if self.form.current_career() is not None and not self.status():
            # the career gives no Status: the one step left is asked for, in view
            from builder.ui.focus import bring_into_view

            bring_into_view(self.form.status_combo)

    # -- alignment, Status, money ---------------------------------------------------------
    def career_status(self) -> str:
        return self.form.ruleset.career_status(self.form.current_class(),
                                               self.form.current_career())

    def status(self) -> str:
        """The Status money is rolled by: the career's, else the one chosen here."""
        return self.career_status() or (self.form.status_combo.currentData() or "")

    def money_spec(self) -> dict[str, Any] | None:
        return self.form.ruleset.money_roll_spec(self.status(), 1)

    def roll_money(self) -> None:
        form = self.form
        cls, spec = form.current_class(), self.money_spec()
        if not cls or spec is None:
            return
        sets = self._filler(cls=cls, career=form.current_career() or "")
        if not self.career_status():
            sets.append(("status", self.status()))
        form.money_dice = list(self._core_roll(sets).get("money_dice") or [])
        form.result.refresh()
