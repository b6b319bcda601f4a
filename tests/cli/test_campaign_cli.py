"""campaign new/add/show/award/exchange and undo on a campaign file (CLI contract)."""
from __future__ import annotations

import json
import os

import pytest

from tests.helpers import cli, file_bytes, ok


def sp(sets, name, path):
    args = ["new", "story-points", name, "-o", path]
    for s in sets:
        args += ["--set", s]
    ok(*args)
    return str(path)


@pytest.fixture
def party(tmp_path):
    """Nyra (Rogue 2) and Joss (Observation 1, 3 SP) in a story-points campaign."""
    nyra = sp(["sp=20", "vital.Agility=4", "skill.Acrobatics=3", "skill.Stealth=1",
               "class.Rogue=2", "trait.Rogue.Ambush=2"], "Nyra", tmp_path / "nyra.json")
    joss = sp(["sp=3", "vital.Perception=4", "skill.Observation=1"], "Joss",
              tmp_path / "joss.json")
    camp = str(tmp_path / "coast.json")
    ok("campaign", "new", "Iron Coast", "-o", camp, "--ruleset", "story-points",
       "--member", nyra, "--member", joss)
    return {"camp": camp, "nyra": nyra, "joss": joss, "dir": tmp_path}


def snapshot(*paths):
    return {p: file_bytes(p) for p in paths}


def unspent(path):
    return ok("show", path, "--json").json()["sp"]["unspent"]


def skill(path, name):
    value = ok("show", path, "--json").json()["skills"][name]
    return value["level"] if isinstance(value, dict) else value


def test_new_add_show_json(tmp_path, party):
    shown = ok("campaign", "show", party["camp"], "--json").json()
    assert shown["name"] == "Iron Coast"
    assert shown["ruleset"] == "story-points"
    assert shown["members"] == [party["nyra"], party["joss"]]
    assert [m["name"] for m in shown["member_details"]] == ["Nyra", "Joss"]
    assert shown["sessions"] == []
    doc = json.loads(file_bytes(party["camp"]))
    assert doc["kind"] == "campaign" and doc["format"] == 1
    ada = sp(["sp=1"], "Ada", tmp_path / "ada.json")
    assert "Ada" in ok("campaign", "add", party["camp"], ada).out
    assert ok("campaign", "show", party["camp"], "--json").json()["members"][-1] == ada
    assert "Iron Coast" in ok("campaign", "show", party["camp"]).out


def test_members_are_stored_as_given_and_resolved_against_the_campaign_folder(
        tmp_path, monkeypatch):
    (tmp_path / "table" / "chars").mkdir(parents=True)
    sp(["sp=1"], "Mira", tmp_path / "table" / "chars" / "mira.json")
    monkeypatch.chdir(tmp_path / "table")
    ok("campaign", "new", "Rel", "-o", "camp.json", "--ruleset", "story-points",
       "--member", "chars/mira.json")
    monkeypatch.chdir(tmp_path)
    shown = ok("campaign", "show", "table/camp.json", "--json").json()
    assert shown["members"] == ["chars/mira.json"]
    assert shown["member_details"][0]["name"] == "Mira"
    ok("campaign", "award", "table/camp.json", "award-checkpoint", "M", "C")
    assert unspent("table/chars/mira.json") == 3


def test_add_refuses_a_duplicate_and_a_missing_file(party):
    before = snapshot(party["camp"])
    r = cli("campaign", "add", party["camp"], party["nyra"])
    assert r.code == 1 and "already a member" in r.err
    r = cli("campaign", "add", party["camp"], str(party["dir"] / "nobody.json"))
    assert r.code == 2 and "nobody.json" in r.err and len(r.err.strip().splitlines()) == 1
    assert snapshot(party["camp"]) == before


def test_remove_a_member(party):
    ok("campaign", "remove", party["camp"], party["joss"])
    assert ok("campaign", "show", party["camp"], "--json").json()["members"] == [party["nyra"]]
    assert cli("campaign", "remove", party["camp"], party["joss"]).code == 2


def test_new_needs_a_known_ruleset(tmp_path):
    r = cli("campaign", "new", "X", "-o", tmp_path / "x.json", "--ruleset", "nope")
    assert r.code == 2 and "nope" in r.err
    assert not (tmp_path / "x.json").exists()


def test_campaigns_are_listed_in_the_library(isolated_data, tmp_path, monkeypatch):
    empty = ok("campaign", "list")
    assert empty.out == (f"no campaigns in the library yet ({isolated_data / 'campaigns'}); "
                         "character-builder campaign new NAME --ruleset RULESET creates one "
                         "there\n")
    assert ok("campaign", "list", "--json").json() == []
    monkeypatch.chdir(tmp_path)
    sp(["sp=5"], "Mira", tmp_path / "mira.json")
    path = ok("campaign", "new", "Library Run", "--ruleset", "story-points",
              "--member", "mira.json").out.strip()
    assert path.startswith(str(isolated_data / "campaigns"))
    rows = ok("campaign", "list", "--json").json()
    assert [(r["name"], r["members"], r["file"]) for r in rows] == [("Library Run", 1, path)]
    assert "Library Run" in ok("campaign", "list").out
    # its member, typed from the current folder, is found from the campaign's folder
    monkeypatch.chdir(isolated_data)
    ok("campaign", "award", path, "award-checkpoint", "M", "C")
    assert unspent(str(tmp_path / "mira.json")) == 7


# -- party awards (seed 000: each player character gains 2 SP / 3 SP) ----------------
def test_award_applies_the_action_to_every_member(party):
    r = ok("campaign", "award", party["camp"], "award-checkpoint", "Fort", "Gate")
    assert "Nyra" in r.out and "Joss" in r.out
    assert unspent(party["nyra"]) == 22 and unspent(party["joss"]) == 5
    ok("campaign", "award", party["camp"], "resolve-milestone", "Fort")
    assert unspent(party["nyra"]) == 25 and unspent(party["joss"]) == 8
    shown = ok("campaign", "show", party["camp"], "--json").json()
    assert [row["action"] for row in shown["ledger"]] == ["award", "award"]


def test_award_is_all_or_nothing_when_a_member_refuses(party):
    ok("do", party["joss"], "award-checkpoint", "Fort", "Gate")   # only Joss has it
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("campaign", "award", party["camp"], "award-checkpoint", "Fort", "Gate")
    assert r.code == 1
    assert r.err.startswith("Joss (")
    assert "already awarded" in r.err
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_award_names_every_refusing_member(party):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("campaign", "award", party["camp"], "raise-vital", "Strength")
    assert r.code == 1
    lines = r.err.strip().splitlines()
    assert any(line.startswith("Joss (") for line in lines)
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_award_with_a_bad_action_is_a_usage_error(party):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("campaign", "award", party["camp"], "fly-away")
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_award_that_cannot_write_a_member_changes_no_file(party, monkeypatch):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    real = os.replace
    calls = []

    def failing_replace(src, dst, *a, **kw):
        if "journal" in str(dst):          # the record of the change, not a target
            return real(src, dst, *a, **kw)
        calls.append(dst)
        if len(calls) == 2:
            raise PermissionError(13, "Permission denied")
        return real(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", failing_replace)
    r = cli("campaign", "award", party["camp"], "award-checkpoint", "Fort", "Gate")
    monkeypatch.setattr(os, "replace", real)
    assert r.code == 2
    assert "joss.json" in r.err and len(r.err.strip().splitlines()) == 1
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
    assert sorted(p.name for p in party["dir"].glob("*json*")
                  if not p.name.endswith(".lock")) == [
        "coast.json", "joss.json", "nyra.json"]            # no temporary file left


def test_award_with_a_missing_member_file_changes_nothing(party):
    os.unlink(party["joss"])
    before = snapshot(party["camp"], party["nyra"])
    r = cli("campaign", "award", party["camp"], "award-checkpoint", "Fort", "Gate")
    assert r.code == 2 and "joss.json" in r.err
    assert snapshot(party["camp"], party["nyra"]) == before


def test_undo_takes_an_award_back_from_every_member(party):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    ok("campaign", "award", party["camp"], "award-checkpoint", "Fort", "Gate")
    r = ok("undo", party["camp"])
    assert r.out.startswith("undone: award award-checkpoint Fort Gate")
    assert unspent(party["nyra"]) == 20 and unspent(party["joss"]) == 3
    after = snapshot(party["camp"], party["nyra"], party["joss"])
    for path in (party["nyra"], party["joss"]):
        assert json.loads(after[path])["ledger"] == json.loads(before[path])["ledger"]
    assert json.loads(after[party["camp"]])["ledger"] == []


def test_undo_of_an_award_is_refused_when_a_member_changed_since(party):
    ok("campaign", "award", party["camp"], "award-checkpoint", "Fort", "Gate")
    ok("do", party["joss"], "raise-skill", "Observation")
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("undo", party["camp"])
    assert r.code == 1
    assert "cannot undo the award" in r.err
    assert "Joss (" in r.err and "Nyra (" not in r.err
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
    ok("undo", party["joss"])
    ok("undo", party["camp"])
    assert unspent(party["joss"]) == 3


def test_undo_on_an_empty_campaign_ledger_is_refused(party):
    before = snapshot(party["camp"])
    r = cli("undo", party["camp"])
    assert r.code == 1 and "nothing to undo" in r.err
    assert snapshot(party["camp"]) == before


# -- Training Exchange (seed 000): both files or neither, one undo (its Story Point
# prices and refusals: tests/rulesets/story_points/cli/test_story_points_exchange_cli.py)
def test_exchange_is_all_or_nothing_across_both_files(party):
    ok("do", party["joss"], "raise-skill", "Observation")   # Joss: SL 2, 1 SP left
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("campaign", "exchange", party["camp"], party["nyra"], "raise-skill Acrobatics",
            party["joss"], "raise-skill Observation")      # SL 3: 2 SP with the exchange
    assert r.code == 1 and r.err.startswith("Joss (") and "needs 2 SP, 1 unspent" in r.err
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_exchange_needs_two_different_members(tmp_path, party):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    r = cli("campaign", "exchange", party["camp"], party["nyra"], "raise-skill Acrobatics",
            party["nyra"], "raise-skill Stealth")
    assert r.code == 1 and "two different characters" in r.err
    stranger = sp(["sp=5"], "Stranger", tmp_path / "stranger.json")
    r = cli("campaign", "exchange", party["camp"], party["nyra"], "raise-skill Acrobatics",
            stranger, "raise-skill Stealth")
    assert r.code == 2 and "not a member" in r.err
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_one_undo_takes_back_both_sides_of_an_exchange(party):
    before = snapshot(party["nyra"], party["joss"])
    ok("campaign", "exchange", party["camp"], party["nyra"], "raise-skill Acrobatics",
       party["joss"], "raise-skill Observation")
    assert ok("undo", party["camp"]).out.startswith("undone: Training Exchange")
    after = snapshot(party["nyra"], party["joss"])
    for path in before:
        assert json.loads(after[path])["ledger"] == json.loads(before[path])["ledger"]


# -- file safety -----------------------------------------------------------------------
def test_a_newer_campaign_file_opens_read_only_and_is_never_rewritten(party):
    doc = json.loads(file_bytes(party["camp"]))
    doc["format"] = 99
    with open(party["camp"], "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert ok("campaign", "show", party["camp"], "--json").json()["name"] == "Iron Coast"
    for argv in (("campaign", "award", party["camp"], "award-checkpoint", "A", "B"),
                 ("pool", "start", party["camp"], "--players", "2"),
                 ("undo", party["camp"])):
        r = cli(*argv)
        assert r.code == 2 and "newer" in r.err
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


@pytest.mark.parametrize("content", [b"{not json", b"[]", b'{"kind": "campaign"}',
                                     b'{"format": 1, "kind": "campaign", "name": "X"}'])
def test_a_broken_campaign_file_is_a_one_line_usage_error(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    for argv in (("campaign", "show", path), ("pool", "show", path),
                 ("campaign", "award", path, "rest")):
        r = cli(*argv)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "bad.json" in r.err
    assert path.read_bytes() == content


def test_campaign_new_never_overwrites_an_existing_file(tmp_path):
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "First", "-o", camp, "--ruleset", "story-points")
    before = camp.read_bytes()
    result = cli("campaign", "new", "Second", "-o", camp, "--ruleset", "story-points")
    assert result.code == 2 and "already exists" in result.err
    assert camp.read_bytes() == before


def test_member_paths_typed_from_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "party").mkdir()
    ok("new", "story-points", "Nyra", "-o", "party/nyra.json", "--set", "sp=5")
    ok("new", "story-points", "Joss", "-o", "party/joss.json", "--set", "sp=5")
    ok("campaign", "new", "S", "-o", "party/c.json", "--ruleset", "story-points",
       "--member", "party/nyra.json")
    ok("campaign", "add", "party/c.json", "party/joss.json")
    shown = json.loads(ok("campaign", "show", "party/c.json", "--json").out)
    # stored relative to the campaign's folder, where they are looked up
    assert shown["members"] == ["nyra.json", "joss.json"]
    ok("campaign", "award", "party/c.json", "award-checkpoint", "M", "C")
    monkeypatch.chdir(tmp_path / "party")
    ok("campaign", "award", "c.json", "award-checkpoint", "M", "D")       # from any folder
    for name in ("nyra", "joss"):
        d = json.loads(ok("show", f"{name}.json", "--json").out)
        assert d["sp"]["unspent"] == 9


def test_a_member_missing_beside_the_campaign_is_never_taken_from_the_current_folder(
        tmp_path, monkeypatch):
    """A member file moved away (or not synced yet): the award is refused whole, naming
    it, and an unrelated file of that name in the current folder is left alone."""
    (tmp_path / "table").mkdir()
    sp(["sp=5"], "Nyra", tmp_path / "table" / "nyra.json")
    sp(["sp=5"], "Joss", tmp_path / "table" / "joss.json")
    monkeypatch.chdir(tmp_path / "table")
    ok("campaign", "new", "Rel", "-o", "coast.json", "--ruleset", "story-points",
       "--member", "nyra.json", "--member", "joss.json")
    (tmp_path / "table" / "joss.json").rename(tmp_path / "joss-moved.json")
    sp(["sp=5"], "Stranger", tmp_path / "joss.json")        # same name, another character
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path / "joss.json", tmp_path / "table" / "nyra.json",
                      tmp_path / "table" / "coast.json")
    for argv in (("campaign", "award", "table/coast.json", "award-checkpoint", "M", "C"),
                 ("campaign", "exchange", "table/coast.json", "nyra.json",
                  "raise-skill Observation", "joss.json", "raise-skill Stealth")):
        r = cli(*argv)
        assert r.code == 2, r.err
        assert r.err.count("\n") == 1 and "member joss.json of table/coast.json" in r.err
        assert "no such file" in r.err
        assert snapshot(*before) == before


def test_a_newer_campaign_file_missing_its_ledger_is_a_clear_error(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('{"format": 2, "kind": "campaign", "name": "X", "ruleset": "story-points"}')
    for argv in (("campaign", "show", path, "--json"), ("pool", "show", path, "--json")):
        result = cli(*argv)
        assert result.code == 2, (argv, result.err)
        assert "Traceback" not in result.err


def _give_id(path, member_id):
    """A character file with a stable id (as files made by versions that write one)."""
    doc = json.loads(file_bytes(path))
    doc["id"] = member_id
    path.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")


def test_a_member_with_a_stable_id_is_found_by_it_and_never_confused(tmp_path, monkeypatch):
    table = tmp_path / "table"
    table.mkdir()
    sp(["sp=5"], "Nyra", table / "nyra.json")
    sp(["sp=5"], "Joss", table / "joss.json")
    _give_id(table / "joss.json", "01JOSS")
    monkeypatch.chdir(table)
    ok("campaign", "new", "Rel", "-o", "coast.json", "--ruleset", "story-points",
       "--member", "nyra.json", "--member", "joss.json")
    assert json.loads(file_bytes(table / "coast.json"))["member_ids"]["joss.json"] == "01JOSS"
    # Renamed beside the campaign: found by its id, and the award reaches it.
    (table / "joss.json").rename(table / "joss-the-bold.json")
    ok("campaign", "award", "coast.json", "award-checkpoint", "M", "C")
    assert unspent(str(table / "joss-the-bold.json")) == 7
    shown = ok("campaign", "show", "coast.json", "--json").json()
    assert shown["member_details"][1]["file"] == str(table / "joss-the-bold.json")
    # Another character under the member's file name is refused, whole, by name.
    sp(["sp=5"], "Stranger", table / "joss.json")
    _give_id(table / "joss.json", "01STRANGER")
    before = snapshot(table / "joss.json", table / "nyra.json", table / "coast.json")
    r = cli("campaign", "award", "coast.json", "award-checkpoint", "M", "D")
    assert r.code == 2 and r.err.count("\n") == 1
    assert "member joss.json of coast.json" in r.err and "holds another character (Stranger)" in r.err
    assert snapshot(*before) == before
    ok("campaign", "remove", "coast.json", "joss.json")
    assert "joss.json" not in json.loads(file_bytes(table / "coast.json"))["member_ids"]


def test_a_member_that_joined_without_an_id_is_known_by_it_after_the_next_change(
        tmp_path, monkeypatch):
    sp(["sp=5"], "Nyra", tmp_path / "nyra.json")
    doc = json.loads(file_bytes(tmp_path / "nyra.json"))
    doc.pop("id", None)                            # a file from before ids
    (tmp_path / "nyra.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    monkeypatch.chdir(tmp_path)
    ok("campaign", "new", "Rel", "-o", "coast.json", "--ruleset", "story-points",
       "--member", "nyra.json")
    assert "nyra.json" not in json.loads(file_bytes(tmp_path / "coast.json")).get(
        "member_ids", {})
    _give_id(tmp_path / "nyra.json", "01NYRA")      # the file got its id meanwhile
    ok("campaign", "award", "coast.json", "award-checkpoint", "M", "C")
    assert json.loads(file_bytes(tmp_path / "coast.json"))["member_ids"] == {"nyra.json": "01NYRA"}
    (tmp_path / "nyra.json").rename(tmp_path / "nyra-moved.json")
    ok("campaign", "award", "coast.json", "award-checkpoint", "M", "D")
    assert unspent(str(tmp_path / "nyra-moved.json")) == 9
