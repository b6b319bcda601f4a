"""What a rule system's party rules give, as typed facts any window part can word:
the amounts of a party award (:class:`MilestoneAwards`) and the terms of a Training
Exchange (:class:`ExchangeTerms`), read from the rule system's data by its class
(``milestone_awards()``, ``exchange_terms()``), so that no adapter restates them."""
from __future__ import annotations

from builder.rules.records import FrozenRecord


class MilestoneAwards(FrozenRecord):
    """The points each member gets for a Story Checkpoint (``checkpoint``) and for a
    Story Milestone resolved (``milestone``), in the rule system's ``balance_label``."""

    _fields = ("checkpoint", "milestone")
    __slots__ = _fields
    checkpoint: int
    milestone: int

    def __init__(self, checkpoint: int, milestone: int) -> None:
        object.__setattr__(self, "checkpoint", checkpoint)
        object.__setattr__(self, "milestone", milestone)


class ExchangeTerms(FrozenRecord):
    """A Training Exchange: each increase ``discount`` points cheaper, never below
    ``floor``; ``excluded``: the increase it never lowers, in the rule system's words
    (an article and a noun, "a Core Vital"), "" when there is none."""

    _fields = ("discount", "floor", "excluded")
    __slots__ = _fields
    discount: int
    floor: int
    excluded: str

    def __init__(self, discount: int, floor: int, excluded: str = "") -> None:
        object.__setattr__(self, "discount", discount)
        object.__setattr__(self, "floor", floor)
        object.__setattr__(self, "excluded", excluded)
