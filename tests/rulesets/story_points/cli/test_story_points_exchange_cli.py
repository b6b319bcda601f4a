"""campaign exchange in Story Points' terms (seed 000): a Training Exchange makes each
side's Skill or Class increase one SP cheaper, never below 1 SP, and never pairs a Core
Vital (the command's all or nothing and its undo: tests/cli/test_campaign_cli.py)."""
# ruff: noqa: F811 - the campaign fixture imported below is a test argument
from __future__ import annotations

import json

from tests.cli.test_campaign_cli import party, skill, snapshot, sp, unspent  # noqa: F401
from tests.helpers import cli, file_bytes, ok


def test_exchange_pays_both_one_sp_less_and_applies_both(party):
    r = ok("campaign", "exchange", party["camp"], party["nyra"], "raise-skill Acrobatics",
           party["joss"], "raise-skill Observation")
    assert "Nyra" in r.out and "Joss" in r.out
    assert [line.rpartition(" (")[2] for line in r.out.splitlines()[-2:]] == ["3 SP)", "1 SP)"]
    assert skill(party["nyra"], "Acrobatics") == 4 and unspent(party["nyra"]) == 20 - 3
    assert skill(party["joss"], "Observation") == 2 and unspent(party["joss"]) == 3 - 1
    for path in (party["nyra"], party["joss"]):
        assert json.loads(file_bytes(path))["ledger"][-1]["exchange"] is True


def test_exchange_never_goes_below_one_sp(tmp_path, party):
    ada = sp(["sp=1", "vital.Presence=2"], "Ada", tmp_path / "ada.json")
    ok("campaign", "add", party["camp"], ada)
    ok("campaign", "exchange", party["camp"], ada, "raise-skill Influence",
       party["joss"], "raise-skill Observation")
    assert unspent(ada) == 0            # SL 1 costs 1 SP; the exchange keeps it at 1


def test_exchange_with_a_class_increase(party):
    ok("campaign", "exchange", party["camp"], party["nyra"],
       "raise-class Rogue --trait Ambush", party["joss"], "raise-skill Observation")
    assert unspent(party["nyra"]) == 20 - 2           # Rogue 3 costs 3, 2 with the exchange


def test_exchange_never_a_core_vital(party):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("campaign", "exchange", party["camp"], party["nyra"], "raise-vital Agility",
            party["joss"], "raise-skill Observation")
    assert r.code == 1 and "never" in r.err and "Core Vital" in r.err
    r = cli("campaign", "exchange", party["camp"], party["nyra"], "rest",
            party["joss"], "raise-skill Observation")
    assert r.code == 1 and "raise-skill or raise-class" in r.err
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
