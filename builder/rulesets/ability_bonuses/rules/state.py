"""An ability-bonuses character's state: its allocation, age and active effects."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


def signed(value: int) -> str:
    return f"{value:+d}"


@dataclass(frozen=True)
class Modifier:
    """A named effect on one ability (``Bless``: MIG +1)."""

    name: str
    ability: str
    value: int


@dataclass(frozen=True)
class State:
    #: The allocated bonuses of MIG, DEX, CHA and FOC.
    allocation: Mapping[str, int]
    method: str = "chosen"
    rolls: tuple[int, ...] = ()
    #: The age category id, None when the Aging rule is off for this character.
    age: str | None = None
    age_roll: int | None = None
    #: The active effects in the order they were added, by :func:`effect_key`.
    modifiers: Mapping[str, Modifier] = field(default_factory=dict)

    @property
    def aging(self) -> bool:
        return self.age is not None


def effect_key(name: str) -> str:
    """How effect names are compared: case and outer spaces aside."""
    return name.strip().casefold()


def find_modifier(state: State, name: str) -> Modifier | None:
    """The active effect named ``name`` (case and outer spaces aside), or None."""
    return state.modifiers.get(effect_key(name))
