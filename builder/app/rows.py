"""Reads the window's long views need once per change, not once per view.

A campaign tab and its pool panel show the same file; reading it again (parsing and
checking every ledger entry) each time the tab is shown or a panel refreshes made a
long ledger slow to open.  :func:`campaign_again` keeps what was read while the file
holds the same bytes.
"""
from __future__ import annotations

from pathlib import Path

from builder.storage import campaigns as store
from builder.storage.files import FileProblem, current_bytes


def campaign_again(path: Path | str, *read: store.CampaignFile | None) -> store.CampaignFile:
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
