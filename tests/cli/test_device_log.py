"""Nothing lost when a sync engine loses a copy: each device logs, outside the shared
folder, the entries it wrote, and merges back what a file lost; a trashed character
stays trashed.  Undo stays undone across merges, and undo right after a ruling takes
the ruling back."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli, ok


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def names(path, key="ledger"):
    return [e["name"] for e in load(path).get(key, [])]


@pytest.fixture
def device(isolated_data, tmp_path, monkeypatch):
    """``device("ann")``: what follows runs on Ann's laptop (its own state folder);
    every laptop sees the library folder ``shared``."""
    shared = isolated_data / "characters"
    shared.mkdir()

    from builder.storage import device as device_module, device_log, paths

    def switch(name):
        state = tmp_path / f"state-{name}"
        monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", f"{name.title()}'s laptop")
        for module in (paths, device_module, device_log):
            monkeypatch.setattr(module, "state_dir", lambda: state)
        return shared
    return switch


@pytest.fixture
def mira(device):
    """Mira in the shared folder, an Agility raise written on Ann's laptop."""
    shared = device("ann")
    path = shared / "mira.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "sp=40")
    ok("do", path, "raise-vital", "Agility")
    return path


def test_a_conflict_copy_deleted_before_intake_is_restored_from_the_device(
        mira, device, tmp_path):
    bob = tmp_path / "bob.json"
    shutil.copy(mira, bob)
    ok("do", mira, "raise-vital", "Cognition")             # Ann's, only in her copy
    device("bob")
    ok("do", bob, "raise-vital", "Presence")
    # the sync engine: Bob's version wins, Ann's conflict copy is deleted unseen
    shutil.copy(bob, mira)
    device("ann")
    status = ok("sync", "status", "--json").json()
    assert status["restored"] == [{"file": str(mira), "entries": 1, "rebuilt": None}]
    assert sorted(names(mira)) == ["Agility", "Cognition", "Presence"]
    assert ok("verify", mira).out.strip().endswith("ok")
    # found whole now: nothing more to say, the next time or on Bob's laptop
    assert ok("sync", "status", "--json").json()["restored"] == []
    device("bob")
    assert ok("sync", "status", "--json").json()["restored"] == []


def test_an_entry_an_older_copy_dropped_comes_back_with_a_line(mira):
    older = mira.read_bytes()
    ok("do", mira, "raise-vital", "Cognition")
    ok("undo", mira)                                          # withdrawn, kept
    ok("do", mira, "raise-vital", "Strength")
    mira.write_bytes(older)                                   # a sync engine's older copy
    listed = ok("library", "list")
    assert listed.err.strip() == (f"{mira}: restored 2 entries this device wrote that "
                                  "the folder had lost")
    assert names(mira) == ["Agility", "Strength"] and names(mira, "withdrawn") == ["Cognition"]
    assert ok("library", "list").err == ""
    assert ok("sync", "intake").out == ""


def test_a_trashed_character_is_not_resurrected(mira):
    ok("library", "trash", mira)
    assert ok("library", "list").err == "" and not mira.exists()
    assert ok("sync", "status", "--json").json()["restored"] == []
    assert len(ok("library", "restore", "--json").json()) == 1


def test_a_vanished_file_is_rebuilt_into_the_trash_never_into_the_folder(mira):
    ok("do", mira, "raise-vital", "Cognition")
    mira.unlink()                                             # gone: lost, or trashed elsewhere
    (line,) = ok("sync", "status").out.splitlines()[1:]
    assert line.startswith(f"{mira}: gone from its folder; rebuilt from 2 entries")
    assert not mira.exists()
    assert ok("sync", "status", "--json").json()["restored"] == []   # once
    trashed = line.split("library restore ")[1].split(" ")[0]
    ok("library", "restore", trashed)
    assert names(mira) == ["Agility", "Cognition"] and load(mira)["name"] == "Mira"


def test_undo_stays_undone_when_a_copy_that_holds_the_entry_is_merged(mira, tmp_path):
    ok("do", mira, "raise-vital", "Cognition")
    other = tmp_path / "other.json"
    shutil.copy(mira, other)                                  # another laptop's copy
    shown = ok("show", mira, "--json").json()
    assert ok("undo", mira).out == "undone: Raised Cognition to 2\n"
    assert names(mira) == ["Agility"] and names(mira, "withdrawn") == ["Cognition"]
    for a, b in ((mira, other), (other, mira)):
        ok("merge", a, b, "-o", tmp_path / "merged.json")
        assert names(tmp_path / "merged.json") == ["Agility"]
        assert names(tmp_path / "merged.json", "withdrawn") == ["Cognition"]
    # doing it again is a new entry, applied as before
    ok("do", mira, "raise-vital", "Cognition")
    again = ok("show", mira, "--json").json()
    assert again["ledger"][-1]["id"] != shown["ledger"][-1]["id"]
    assert [r["text"] for r in again["ledger"]] == [r["text"] for r in shown["ledger"]]


def test_show_json_ledger_rows_carry_the_entry_id(mira):
    (row,) = ok("show", mira, "--json").json()["ledger"]
    assert row["id"] == load(mira)["ledger"][0]["id"]


@pytest.fixture
def conflicted(device, tmp_path):
    """Mira merged from two laptops that each raised with the last SP: Presence (Bob's,
    the later) is suspended."""
    shared = device("ann")
    path = shared / "mira.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "sp=5")
    bob = tmp_path / "bob.json"
    shutil.copy(path, bob)
    ok("do", path, "raise-vital", "Agility")
    device("bob")
    ok("do", bob, "raise-vital", "Presence")
    device("ann")
    cli("merge", path, bob, "-o", path)
    assert names(path) == ["Agility"]
    return path


def test_undo_right_after_a_ruling_takes_the_ruling_back(conflicted):
    (suspended,) = load(conflicted)["suspended"]
    ok("resolve", conflicted, suspended["collides_with"], "--revoke")
    assert names(conflicted) == ["Presence"]
    said = ok("undo", conflicted).out
    assert said == "undone: the ruling revoking Raised Agility to 2\n"
    doc = load(conflicted)
    assert names(conflicted) == ["Agility"] and "revoked" not in doc
    assert doc["suspended"][0]["entry"]["name"] == "Presence"
    assert [r["ruling"] for r in doc["withdrawn"]] == ["revoke"]
    ok("undo", conflicted)                                    # then the ledger entry
    assert names(conflicted) == [] or names(conflicted) == ["Presence"]


def test_check_show_and_conflicts_say_what_is_suspended_and_how_to_resolve(conflicted):
    (suspended,) = load(conflicted)["suspended"]
    entry = suspended["entry"]["id"]
    hint = f"character-builder resolve {conflicted} {entry} --revoke|--keep"
    checked = ok("check", conflicted).out.splitlines()        # kept, not applied: legal
    assert checked[0].endswith("no problems") and checked[1].endswith(hint)
    assert "is suspended: needs 4 SP, 1 unspent; it collides with Raised Agility to 2" \
        in checked[1]
    assert ok("check", conflicted, "--json").json()["suspended"][0].endswith(hint)
    (note,) = ok("show", conflicted).err.splitlines()
    assert note.startswith("note: Raised Presence to 2") and note.endswith(hint)
    line = cli("conflicts", conflicted).out
    assert "Raised Presence to 2" in line and "Raised Agility to 2" in line
    assert line.rstrip().endswith(f"[entry {entry}]")


def test_a_file_in_a_git_work_tree_is_left_to_git(mira):
    older = mira.read_bytes()
    ok("do", mira, "raise-vital", "Cognition")
    (mira.parent / ".git").mkdir()                # another branch checked out
    mira.write_bytes(older)
    assert ok("sync", "status", "--json").json()["restored"] == []
    assert mira.read_bytes() == older


def test_a_campaign_s_undo_right_after_a_ruling_takes_the_ruling_back(device, tmp_path):
    shared = device("ann")
    table, bob = shared / "table.json", tmp_path / "bob.json"
    ok("campaign", "new", "Table", "-o", table, "--ruleset", "story-points")
    ok("pool", "start", table, "--players", "1")
    shutil.copy(table, bob)
    ok("pool", "spend", table, "fortune", "--check", "1", "--by", "Ann", "--for", "upgrade")
    device("bob")
    ok("pool", "spend", bob, "fortune", "--check", "2", "--by", "Bob", "--for", "upgrade")
    device("ann")
    cli("merge", table, bob, "-o", table)
    (suspended,) = load(table)["suspended"]
    ok("resolve", table, suspended["entry"]["id"], "--revoke")
    assert "suspended" not in load(table)
    said = ok("undo", table).out
    assert said.startswith("undone: the ruling revoking Bob spent a Fortune Point")
    doc = load(table)
    assert doc["suspended"][0]["entry"] == suspended["entry"] and "revoked" not in doc
    assert len(doc["ledger"]) == 2                       # the start, Ann's spend


def test_campaign_list_restores_too(mira):
    older = mira.read_bytes()
    ok("do", mira, "raise-vital", "Cognition")
    mira.write_bytes(older)
    assert "restored 1 entry" in ok("campaign", "list").err
    assert names(mira) == ["Agility", "Cognition"]
