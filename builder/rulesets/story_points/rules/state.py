"""The story-points character state (what replaying the ledger gives)."""
from __future__ import annotations

from builder.rules.records import Record


def key(text: str) -> str:
    """How milestone and checkpoint names are compared: case and spacing folded."""
    return " ".join(str(text).split()).casefold()


class ClassState(Record):
    _fields = ("level", "traits", "spells")
    __slots__ = _fields
    level: int
    traits: dict[str, int]   # trait -> rank (>= 1)
    spells: list[str]

    def __init__(self, level: int, traits: dict[str, int] | None = None,
                 spells: list[str] | None = None) -> None:
        self.level = level
        self.traits = {} if traits is None else traits
        self.spells = [] if spells is None else spells

    def copy(self) -> "ClassState":
        return ClassState(self.level, dict(self.traits), list(self.spells))


class SPState(Record):
    _fields = ("unspent", "earned", "spent", "active", "vitals", "skills", "classes",
               "uses_spent", "vit_current", "vit_max", "wounded", "checkpoints", "resolved",
               "labels")
    __slots__ = _fields
    unspent: int
    earned: int
    spent: int
    active: bool
    vitals: dict[str, int]
    skills: dict[str, int]
    classes: dict[str, ClassState]
    uses_spent: dict[tuple[str, str], int]
    vit_current: int
    vit_max: int
    wounded: int
    checkpoints: dict[str, set[str]]         # milestone key -> checkpoint keys
    resolved: set[str]                       # milestone keys
    labels: dict[str, str]                   # key -> name as first written

    def __init__(self, unspent: int, earned: int, spent: int, active: bool,
                 vitals: dict[str, int], skills: dict[str, int],
                 classes: dict[str, ClassState], uses_spent: dict[tuple[str, str], int],
                 vit_current: int, vit_max: int, wounded: int,
                 checkpoints: dict[str, set[str]], resolved: set[str],
                 labels: dict[str, str]) -> None:
        self.unspent = unspent
        self.earned = earned
        self.spent = spent
        self.active = active
        self.vitals = vitals
        self.skills = skills
        self.classes = classes
        self.uses_spent = uses_spent
        self.vit_current = vit_current
        self.vit_max = vit_max
        self.wounded = wounded
        self.checkpoints = checkpoints
        self.resolved = resolved
        self.labels = labels

    def copy(self) -> "SPState":
        return SPState(
            self.unspent, self.earned, self.spent, self.active,
            dict(self.vitals), dict(self.skills),
            {name: c.copy() for name, c in self.classes.items()},
            dict(self.uses_spent), self.vit_current, self.vit_max, self.wounded,
            {m: set(c) for m, c in self.checkpoints.items()}, set(self.resolved),
            dict(self.labels),
        )

    def level(self, class_name: str) -> int:
        c = self.classes.get(class_name)
        return c.level if c else 0

    def rank(self, class_name: str, trait: str) -> int:
        c = self.classes.get(class_name)
        return c.traits.get(trait, 0) if c else 0

    @property
    def vitals_total(self) -> int:
        return sum(self.vitals.values())
