"""A campaign's entries in words, for every adapter: the players' words of
:func:`builder.rules.campaign.plain` told with the campaign's own rule system."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from builder.rules import campaign as campaign_rules
from builder.rules.base import RulesError

if TYPE_CHECKING:
    from builder.app.views import CampaignView
    from builder.rules.base import Ruleset


def entry_text(campaign: CampaignView, entry: Mapping[str, Any]) -> str:
    """A campaign entry in the players' words (the window's ledger, its status bar and
    undo): :func:`builder.rules.campaign.plain` with the campaign's rule system."""
    from builder.storage.files import FileProblem
    from builder.storage.rulesets import load_ruleset

    try:
        ruleset: Ruleset | None = load_ruleset(campaign.ruleset_id)
    except (RulesError, FileProblem, OSError, ValueError):
        ruleset = None
    return campaign_rules.plain(entry, ruleset)
