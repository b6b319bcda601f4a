"""What a rule system's party rules give, as typed facts any window part can word:
the amounts of a party award (:class:`MilestoneAwards`) and the terms of a Training
Exchange (:class:`ExchangeTerms`), read from the rule system's data by its class
(``milestone_awards()``, ``exchange_terms()``), so that no adapter restates them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MilestoneAwards:
    """The points each member gets for a Story Checkpoint (``checkpoint``) and for a
    Story Milestone resolved (``milestone``), in the rule system's ``balance_label``."""

    checkpoint: int
    milestone: int


@dataclass(frozen=True, slots=True)
class ExchangeTerms:
    """A Training Exchange: each increase ``discount`` points cheaper, never below
    ``floor``; ``excluded``: the increase it never lowers, in the rule system's words
    (an article and a noun, "a Core Vital"), "" when there is none."""

    discount: int
    floor: int
    excluded: str = ""
