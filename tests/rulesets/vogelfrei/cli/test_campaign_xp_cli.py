"""campaign xp: a Vogelfrei session's XP shared among the surviving members (seed 002)."""
from __future__ import annotations

import json
import os

import pytest

from tests.helpers import cli, file_bytes, ok


@pytest.fixture
def raid(tmp_path):
    paths = {}
    for seed, name in enumerate(["Ulf", "Brenna", "Kai"]):
        paths[name] = str(tmp_path / f"{name}.json")
        ok("new", "vogelfrei", name, "-o", paths[name], "--seed", seed + 3)
    paths["camp"] = str(tmp_path / "raid.json")
    ok("campaign", "new", "Raid", "-o", paths["camp"], "--ruleset", "vogelfrei",
       "--member", paths["Ulf"], "--member", paths["Brenna"], "--member", paths["Kai"])
    return paths


def xp(path):
    return ok("show", path, "--json").json()["xp"]


def enemy(hd):
    from builder.rulesets.vogelfrei.rules import xp as xpcalc
    from builder.storage.rulesets import load_ruleset

    return xpcalc.enemy_xp(load_ruleset("vogelfrei").data, hd)


def snapshot(paths):
    return {k: file_bytes(v) for k, v in paths.items()}


# "These Experience awards are to be divided equally amongst the surviving participants"
def test_treasure_and_enemies_are_divided_equally_among_every_member(raid):
    r = ok("campaign", "xp", raid["camp"], "3", "--treasure", "300", "--session", "1")
    total = enemy("3") + 300
    assert f"= {total} XP" in r.out
    assert [xp(raid[n]) for n in ("Ulf", "Brenna", "Kai")] == [total // 3] * 3


# "Experience is divided between all surviving party members involved in an adventure."
# "Characters present for portions of the adventure should only get a share ..."
def test_only_survivors_share_and_partial_presence_gets_a_partial_share(raid):
    ok("campaign", "xp", raid["camp"], "--treasure", "300", "--session", "1",
       "--survivor", raid["Ulf"], "--share", f"{raid['Brenna']}=1/2")
    assert (xp(raid["Ulf"]), xp(raid["Brenna"]), xp(raid["Kai"])) == (200, 100, 0)
    entry = json.loads(file_bytes(raid["camp"]))["ledger"][-1]
    assert entry["action"] == "xp" and entry["session"] == "1"
    assert [(m["name"], m["xp"]) for m in entry["members"]] == [("Ulf", 200), ("Brenna", 100)]
    ulf = json.loads(file_bytes(raid["Ulf"]))["ledger"][-1]
    assert (ulf["action"], ulf["session"]) == ("award-xp", "1")


# "An enemy can only count for XP once in any given game session."
def test_a_returning_enemy_counts_once(raid):
    ok("campaign", "xp", raid["camp"], "bandit=2", "bandit=2", "wolf=1", "--session", "1",
       "--survivor", raid["Ulf"])
    assert xp(raid["Ulf"]) == enemy("2") + enemy("1")


def test_special_abilities_and_classed_enemies_count_one_hit_die_more(raid):
    ok("campaign", "xp", raid["camp"], "3*", "L2", "--session", "1", "--survivor", raid["Ulf"])
    assert xp(raid["Ulf"]) == enemy("4") + enemy("3")


def test_one_undo_takes_the_xp_back_from_every_member(raid):
    before = snapshot(raid)
    ok("campaign", "xp", raid["camp"], "--treasure", "90", "--session", "1")
    assert ok("undo", raid["camp"]).out.startswith("undone: XP for session 1")
    after = snapshot(raid)
    for key in ("Ulf", "Brenna", "Kai", "camp"):
        assert json.loads(after[key])["ledger"] == json.loads(before[key])["ledger"]


def test_a_write_failure_changes_no_file(raid, monkeypatch):
    before = snapshot(raid)
    real = os.replace
    calls = []

    def replace(src, dst, *a, **kw):
        if "journal" in str(dst):          # the record of the change, not a target
            return real(src, dst, *a, **kw)
        calls.append(dst)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", replace)
    r = cli("campaign", "xp", raid["camp"], "--treasure", "90", "--session", "1")
    monkeypatch.setattr(os, "replace", real)
    assert r.code == 2 and "Kai.json" in r.err
    assert snapshot(raid) == before


def test_bad_usage(raid, tmp_path):
    before = snapshot(raid)
    for argv in (["--session", "1", "--share", f"{raid['Ulf']}=2"],
                 ["--session", "1", "--share", "nobody.json=1/2"],
                 ["--session", "1", "--treasure", "-5"],
                 ["dragon", "--session", "1"],
                 ["3", "--session", " "]):
        r = cli("campaign", "xp", raid["camp"], *argv)
        assert r.code == 2, argv
        assert len(r.err.strip().splitlines()) == 1
    assert snapshot(raid) == before
    sp_camp = tmp_path / "sp.json"
    ok("campaign", "new", "SP", "-o", sp_camp, "--ruleset", "story-points")
    r = cli("campaign", "xp", sp_camp, "3", "--session", "1")
    assert r.code == 2 and "Vogelfrei" in r.err


def test_a_member_must_use_the_campaigns_ruleset(raid, tmp_path):
    nyra = tmp_path / "nyra.json"
    ok("new", "story-points", "Nyra", "-o", nyra)
    before = file_bytes(raid["camp"])
    r = cli("campaign", "add", raid["camp"], nyra)
    assert r.code == 1
    assert "uses the story-points ruleset; the campaign Raid uses vogelfrei" in r.err
    assert file_bytes(raid["camp"]) == before


# "Any Experience Points over half-way to the next level earned from a single session is
#  lost." (applied by each member's ruleset to its share)
def test_each_share_goes_through_the_members_session_cap(raid):
    ok("campaign", "xp", raid["camp"], "--treasure", "100000", "--session", "1",
       "--survivor", raid["Ulf"])
    entry = json.loads(file_bytes(raid["Ulf"]))["ledger"][-1]
    assert entry["xp"] == 100000 and entry["lost"] > 0
    assert xp(raid["Ulf"]) == 100000 - entry["lost"]


def test_campaign_xp_with_nothing_to_share_says_nothing_was_awarded(raid):
    before = xp(raid["Ulf"])
    r = ok("campaign", "xp", raid["camp"], "--session", "1")
    assert r.out.splitlines()[-1] == ("nothing was awarded: the enemies and the treasure "
                                      "come to 0 XP for every survivor")
    assert xp(raid["Ulf"]) == before
    r = ok("campaign", "xp", raid["camp"], "3", "--session", "2")
    assert "nothing" not in r.out and xp(raid["Ulf"]) > before
