"""The picture tools' sample data is made as the program makes it: the campaign tool's
campaign (members, a party award, a Training Exchange, a pool session) is built here
without a window, so a change to the application layer that breaks it fails a test,
not the next refresh of the pictures."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")


def test_the_campaign_pictures_sample_campaign_is_made_through_the_app():
    from tools.campaign_screenshots import make_campaign
    from tools.screenshots import make_samples

    from builder.app.campaigns import load

    camp = make_campaign(make_samples())
    campaign = load(camp)
    assert [Path(m).stem.split("-")[0] for m in campaign.members] == \
        ["Senna", "Graynor", "Nyra", "Sera"]
    assert [e["action"] for e in campaign.doc["ledger"]][:2] == ["award", "exchange"]
    assert campaign.pool.session == 1
