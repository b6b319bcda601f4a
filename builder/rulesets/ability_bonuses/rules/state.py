"""An ability-bonuses character's state: its allocation, age and active effects."""
from __future__ import annotations

from collections.abc import Mapping

from builder.rules.records import FrozenRecord


def signed(value: int) -> str:
    return f"{value:+d}"


class Modifier(FrozenRecord):
    """A named effect on one ability (``Bless``: MIG +1)."""

    _fields = ("name", "ability", "value")
    __slots__ = _fields
    name: str
    ability: str
    value: int

    def __init__(self, name: str, ability: str, value: int) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "ability", ability)
        object.__setattr__(self, "value", value)


class State(FrozenRecord):
    _fields = ("allocation", "method", "rolls", "age", "age_roll", "modifiers")
    __slots__ = _fields
    #: The allocated bonuses of MIG, DEX, CHA and FOC.
    allocation: Mapping[str, int]
    method: str
    rolls: tuple[int, ...]
    #: The age category id, None when the Aging rule is off for this character.
    age: str | None
    age_roll: int | None
    #: The active effects in the order they were added, by :func:`effect_key`.
    modifiers: Mapping[str, Modifier]

    def __init__(self, allocation: Mapping[str, int], method: str = "chosen",
                 rolls: tuple[int, ...] = (), age: str | None = None,
                 age_roll: int | None = None,
                 modifiers: Mapping[str, Modifier] | None = None) -> None:
        object.__setattr__(self, "allocation", allocation)
        object.__setattr__(self, "method", method)
        object.__setattr__(self, "rolls", rolls)
        object.__setattr__(self, "age", age)
        object.__setattr__(self, "age_roll", age_roll)
        object.__setattr__(self, "modifiers", {} if modifiers is None else modifiers)

    def owned(self) -> State:
        """This state with effects of its own (an action changes them in place)."""
        return State(self.allocation, self.method, self.rolls, self.age, self.age_roll,
                     dict(self.modifiers))

    @property
    def aging(self) -> bool:
        return self.age is not None


def effect_key(name: str) -> str:
    """How effect names are compared: case and outer spaces aside."""
    return name.strip().casefold()


def find_modifier(state: State, name: str) -> Modifier | None:
    """The active effect named ``name`` (case and outer spaces aside), or None."""
    return state.modifiers.get(effect_key(name))
