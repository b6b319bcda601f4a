"""Reads the window's long views need once per change, not once per view.

A campaign tab and its pool panel show the same file; reading it again (parsing and
checking every ledger entry) each time the tab is shown or a panel refreshes made a
long ledger slow to open.  :func:`campaign_again` keeps what was read while the file
holds the same bytes, and :func:`pool_replay` replays its pool once for each reading.
What they hand out and take back is the adapters' read-only
:class:`~builder.app.views.CampaignView`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder.rules import fortune_peril as fp
from builder.rules.base import RulesError
from builder.storage import campaigns as store
from builder.storage.files import FileProblem, current_bytes, load_character

if TYPE_CHECKING:
    from builder.app.views import CampaignView


def campaign_again(path: Path | str, *read: CampaignView | None) -> CampaignView:
    """The campaign at ``path``: one of ``read`` (campaigns read before, of this file)
    while the file still holds the bytes it was read from, else read afresh
    (FileProblem as :func:`builder.storage.campaigns.load_campaign`)."""
    path = Path(path)
    known = [campaign for campaign in read
             if campaign is not None and campaign.path is not None
             and Path(campaign.path) == path]
    if known:
        try:
            now = current_bytes(path)
        except FileProblem:
            now = None
        for campaign in known:
            if now is not None and campaign.raw == now:
                return campaign
    return store.load_campaign(path)


#: The pools replayed last: (campaign read, its ledger's length, the replay).
_REPLAYED: list[tuple[CampaignView, int, fp.PoolReplay]] = []
_KEPT = 4


def pool_replay(campaign: CampaignView) -> fp.PoolReplay:
    """``campaign.pool_replay()``, once for each campaign read (a tab and its pool
    panel share it; a few campaigns read last are kept)."""
    for kept, length, replayed in _REPLAYED:
        if kept is campaign and length == len(campaign.ledger):
            return replayed
    replayed = campaign.pool_replay()
    _REPLAYED.insert(0, (campaign, len(campaign.ledger), replayed))
    del _REPLAYED[_KEPT:]
    return replayed


def member_names(campaign: CampaignView) -> list[str]:
    """The names of the campaign's members whose files can be read, in order (as
    ``campaign show`` lists them, without replaying the pool)."""
    names = []
    for given in campaign.members:
        try:
            name = load_character(campaign.member_path(given)).name
        except (FileProblem, RulesError):
            continue
        if name:
            names.append(name)
    return names
