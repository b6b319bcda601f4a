"""The story-points character state (what replaying the ledger gives)."""
from __future__ import annotations

from dataclasses import dataclass, field


def key(text: str) -> str:
    """How milestone and checkpoint names are compared: case and spacing folded."""
    return " ".join(str(text).split()).casefold()


@dataclass
class ClassState:
    level: int
    traits: dict[str, int] = field(default_factory=dict)   # trait -> rank (>= 1)
    spells: list[str] = field(default_factory=list)

    def copy(self) -> "ClassState":
        return ClassState(self.level, dict(self.traits), list(self.spells))


@dataclass
class SPState:
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
