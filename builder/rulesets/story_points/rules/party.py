"""Story Points' party rules as the data gives them: what a Story Checkpoint and a Story
Milestone pay each character, and a Training Exchange's discount, floor and exclusion
(the ruleset's ``milestone_awards`` and ``exchange_terms``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .exchange import EXCLUDED

if TYPE_CHECKING:
    from builder.rules.party_terms import ExchangeTerms, MilestoneAwards

    from .ruleset import StoryPoints


def milestone_awards(rules: StoryPoints) -> MilestoneAwards:
    from builder.rules.party_terms import MilestoneAwards

    return MilestoneAwards(rules.d.checkpoint_award, rules.d.milestone_award)


def exchange_terms(rules: StoryPoints) -> ExchangeTerms:
    from builder.rules.party_terms import ExchangeTerms

    return ExchangeTerms(rules.d.exchange_by, rules.d.exchange_min, EXCLUDED)
