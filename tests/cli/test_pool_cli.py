"""pool start/spend/react/earn/nemesis/show and undo (CLI contract)."""
from __future__ import annotations

import json

import pytest

from tests.helpers import cli, file_bytes, ok


@pytest.fixture
def camp(tmp_path):
    path = str(tmp_path / "table.json")
    ok("campaign", "new", "Table", "-o", path, "--ruleset", "story-points")
    return path


def pool(path):
    return ok("pool", "show", path, "--json").json()


def refused(code, *argv):
    path = argv[2]
    before = file_bytes(path)
    r = cli(*argv)
    assert r.code == code, r
    assert file_bytes(path) == before
    return r.err.strip().splitlines()


def test_start_generates_the_default_pool_and_show_json_shape(camp):
    ok("pool", "start", camp, "--players", "4")
    shown = pool(camp)
    assert (shown["fortune"], shown["peril"], shown["nemesis"]) == (4, 1, {})
    assert [row["action"] for row in shown["log"]] == ["session-start"]
    assert ok("campaign", "show", camp, "--json").json()["sessions"][0]["players"] == 4


def test_start_with_peril_and_a_new_session_is_fresh(camp):
    ok("pool", "start", camp, "--players", "2", "--peril", "3")
    assert (pool(camp)["fortune"], pool(camp)["peril"]) == (2, 3)
    ok("pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira", "--for", "upgrade")
    ok("pool", "start", camp, "--players", "5")
    assert (pool(camp)["fortune"], pool(camp)["peril"], pool(camp)["session"]) == (5, 1, 2)
    assert len(ok("campaign", "show", camp, "--json").json()["sessions"]) == 2


def test_universe_settings_change_size_and_refresh(camp):
    ok("campaign", "set", camp, "fortune_per_player=2", "peril_per_player=1",
       "refresh=top-up")
    ok("pool", "start", camp, "--players", "2")
    assert (pool(camp)["fortune"], pool(camp)["peril"]) == (4, 3)
    assert refused(2, "campaign", "set", camp, "refresh=weekly")[0].startswith(
        "unknown refresh")


def test_spend_flips_and_the_limit_and_gm_allows(camp):
    ok("pool", "start", camp, "--players", "3")
    out = ok("pool", "spend", camp, "fortune", "--check", "7", "--by", "Mira",
             "--for", "upgrade").out
    assert "Fortune 2, Peril 2" in out
    assert refused(1, "pool", "spend", camp, "fortune", "--check", "7", "--by", "Mira",
                   "--for", "breakthrough", "--after-roll") == [
        "Mira already made a proactive spend on check 7 (one per check unless the GM "
        "allows more)"]
    ok("pool", "spend", camp, "fortune", "--check", "7", "--by", "Mira", "--for",
       "breakthrough", "--after-roll", "--gm-allows")
    ok("pool", "spend", camp, "peril", "--check", "7", "--by", "GM", "--for", "complication")
    assert (pool(camp)["fortune"], pool(camp)["peril"]) == (2, 2)


def test_timing_refusals(camp):
    ok("pool", "start", camp, "--players", "3")
    assert refused(1, "pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira",
                   "--for", "upgrade", "--after-roll") == ["Upgrade is declared before the roll"]
    assert refused(1, "pool", "spend", camp, "peril", "--check", "1", "--by", "GM",
                   "--for", "calamity") == [
        "A Calamity is activated after a player rolls"]


@pytest.mark.parametrize("side,use", [("fortune", "calamity"), ("fortune", "complication"),
                                      ("peril", "breakthrough"), ("peril", "detail")])
def test_a_use_on_the_wrong_side_is_a_usage_error(camp, side, use):
    ok("pool", "start", camp, "--players", "3")
    lines = refused(2, "pool", "spend", camp, side, "--check", "1", "--by", "GM", "--for", use)
    assert len(lines) == 1


def test_bad_usage_is_exit_2(camp):
    ok("pool", "start", camp, "--players", "3")
    assert refused(2, "pool", "spend", camp, "sideways", "--check", "1", "--by", "GM",
                   "--for", "upgrade")
    assert refused(2, "pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira",
                   "--for", "dance")
    assert refused(2, "pool", "start", camp, "--players", "0")
    assert refused(2, "pool", "earn", camp, "fortune", "--reason", " ")
    assert refused(2, "pool", "nemesis", camp, "Vex")


def test_empty_side_and_who_may_spend(camp):
    ok("pool", "start", camp, "--players", "1", "--peril", "0")
    assert refused(1, "pool", "spend", camp, "peril", "--check", "1", "--by", "GM",
                   "--for", "complication") == ["no Peril Points left"]
    assert refused(1, "pool", "spend", camp, "fortune", "--check", "1", "--by", "GM",
                   "--for", "detail") == [
        "the GM spends Peril Points; Fortune Points are the players'"]
    ok("pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira", "--for", "detail")
    assert refused(1, "pool", "spend", camp, "peril", "--check", "2", "--by", "Mira",
                   "--for", "complication") == [
        "Mira is a player: only the GM or a Nemesis spends Peril Points"]
    assert refused(1, "pool", "spend", camp, "fortune", "--check", "2", "--by", "Joss",
                   "--for", "detail") == ["no Fortune Points left"]


def test_spend_before_any_session_is_refused(camp):
    assert refused(1, "pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira",
                   "--for", "upgrade") == ["no session has started: start one with pool start"]


def test_another_players_check_needs_the_table(camp):
    ok("pool", "start", camp, "--players", "3")
    assert "only if the table agrees" in refused(
        1, "pool", "spend", camp, "fortune", "--check", "3", "--by", "Joss", "--on", "Mira",
        "--for", "upgrade")[0]
    ok("pool", "spend", camp, "fortune", "--check", "3", "--by", "Joss", "--on", "Mira",
       "--for", "upgrade", "--table-agrees")


def test_reaction_peril_turner(camp):
    ok("pool", "start", camp, "--players", "3")
    assert refused(1, "pool", "react", camp, "--check", "7", "--by", "Mira", "--talent",
                   "Peril Turner") == [
        "a reaction answers a GM Peril spend on that check; none was made on check 7"]
    ok("pool", "spend", camp, "fortune", "--check", "7", "--by", "Mira", "--for", "upgrade")
    ok("pool", "spend", camp, "peril", "--check", "7", "--by", "GM", "--for", "calamity",
       "--after-roll")
    ok("pool", "react", camp, "--check", "7", "--by", "Mira", "--talent", "Peril Turner",
       "--spend", "fortune")
    shown = pool(camp)
    assert (shown["fortune"], shown["peril"]) == (2, 2)
    assert shown["log"][-1]["talent"] == "Peril Turner"


def test_nemesis_shared_and_private_pools(camp):
    ok("pool", "start", camp, "--players", "2")
    ok("pool", "nemesis", camp, "Vex", "--points", "2")
    assert pool(camp)["nemesis"] == {"Vex": 2}
    ok("pool", "spend", camp, "peril", "--check", "1", "--by", "GM", "--nemesis", "Vex",
       "--for", "upgrade")
    shown = pool(camp)
    assert (shown["fortune"], shown["peril"], shown["nemesis"]) == (3, 1, {"Vex": 1})
    ok("pool", "spend", camp, "peril", "--check", "1", "--by", "GM", "--nemesis", "Rask",
       "--for", "complication")                       # no private pool: the shared one
    shown = pool(camp)
    assert (shown["fortune"], shown["peril"]) == (4, 0)
    ok("pool", "nemesis", camp, "Vex", "--shared")
    assert pool(camp)["nemesis"] == {}


def test_earn_goes_to_the_named_side_with_the_reason(camp):
    ok("pool", "start", camp, "--players", "2")
    ok("pool", "earn", camp, "fortune", "--reason", "heroic act")
    ok("pool", "earn", camp, "peril", "--reason", "dramatic failure", "--points", "2")
    shown = pool(camp)
    assert (shown["fortune"], shown["peril"]) == (3, 3)
    assert shown["log"][-1]["reason"] == "dramatic failure"


def test_undo_takes_back_the_last_pool_entry(camp):
    ok("pool", "start", camp, "--players", "2")
    ok("pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira", "--for", "upgrade")
    assert "Mira spent a Fortune Point" in ok("undo", camp).out
    shown = pool(camp)
    assert (shown["fortune"], shown["peril"], len(shown["log"])) == (2, 1, 1)
    ok("pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira", "--for", "upgrade")


def test_pool_show_text_and_hand_edited_problems(camp):
    ok("pool", "start", camp, "--players", "2", "--name", "Harbour night")
    ok("pool", "spend", camp, "fortune", "--check", "1", "--by", "Mira", "--for", "upgrade")
    doc = json.loads(file_bytes(camp))
    doc["ledger"].append(dict(doc["ledger"][-1]))      # a second spend by hand
    with open(camp, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    text = ok("pool", "show", camp).out
    assert "Harbour night" in text and "Fortune 1" in text
    assert "ledger entry 3: Mira already made a proactive spend on check 1" in text


def test_pool_works_in_a_campaign_of_any_ruleset(tmp_path):
    from builder.rules.registry import ruleset_ids

    for rid in ruleset_ids():
        path = tmp_path / f"{rid}.json"
        ok("campaign", "new", rid, "-o", path, "--ruleset", rid)
        ok("pool", "start", path, "--players", "2")
        ok("pool", "spend", path, "peril", "--check", "1", "--by", "GM", "--for", "upgrade")
        assert pool(path)["fortune"] == 3
