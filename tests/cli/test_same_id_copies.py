"""Copies of a character or campaign under another name (a file manager's
"Senna (1).json", a copy a person made, a name a sync engine gave), known by the
stable id they carry: merged into the file kept, removed once every entry of them is
in it, never listed as a second character.  A duplicate made by the program is
another character (a new id) and is left alone."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.storage.conflicts import kept_name
from tests.helpers import cli, file_bytes, ok


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def every_id(path):
    return {e["id"] for e in load(path)["ledger"]}


@pytest.fixture
def senna(isolated_data, monkeypatch):
    """Senna in the library, and a copy of her that a file manager made beside her
    ("Senna (1).json") that another laptop changed while Senna changed here."""
    folder = isolated_data / "characters"
    folder.mkdir()
    real = folder / "Senna.json"
    ok("new", "story-points", "Senna", "-o", real, "--set", "sp=40")
    copy = folder / "Senna (1).json"
    shutil.copy(real, copy)
    ok("do", real, "raise-vital", "Agility")
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Bob's laptop")
    ok("do", copy, "raise-vital", "Presence")
    return folder, real, copy


def test_a_copy_under_another_name_is_taken_in_by_its_id(senna):
    folder, real, copy = senna
    wanted = every_id(real) | every_id(copy)
    status = ok("sync", "status", "--json").json()
    assert status["conflict_copies"] == [str(copy)]
    r = ok("sync", "intake")
    assert r.out.strip() == f"{copy}: merged into {real} (1 entry from it), then removed"
    assert not copy.exists() and every_id(real) == wanted
    assert [row["path"] for row in ok("library", "list", "--json").json()] == [str(real)]
    merged = file_bytes(real)
    assert ok("sync", "intake").out == "" and file_bytes(real) == merged     # twice: nothing
    assert ok("verify", real).out.strip() == f"{real}: ok"


def test_a_copy_is_never_listed_as_a_second_character(senna):
    from builder.app.library import open_scan

    folder, real, copy = senna
    assert [row["path"] for row in ok("library", "list", "--json").json()] == [str(real)]
    assert open_scan().paths == [real]              # the window's listing, as it starts
    copy.write_text(copy.read_text(encoding="utf-8").replace(                   # now another
        load(copy)["id"], "01M8ZZZZZZZZZZZZZZZZZZZZZZ"), encoding="utf-8")    # character
    assert len(ok("library", "list", "--json").json()) == 2
    assert ok("sync", "intake").out == "" and copy.exists()


def test_the_file_kept_is_the_shortest_name_then_the_first_in_code_point_order():
    assert kept_name(["Senna (1).json", "Senna.json", "Copy of Senna.json"]) == "Senna.json"
    assert kept_name(["b.json", "a.json"]) == "a.json"
    assert kept_name(["Senna.json", "Senna (1).json"], members=["Senna (1).json"]) \
        == "Senna (1).json"


def test_the_file_a_campaign_names_is_the_one_kept(senna, isolated_data):
    folder, real, copy = senna
    camp = isolated_data / "campaigns" / "table.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points", "--member", copy)
    wanted = every_id(real) | every_id(copy)
    ok("sync", "intake")
    assert not real.exists() and every_id(copy) == wanted
    assert "Senna" in ok("campaign", "show", camp).out


def test_a_conflict_copy_of_a_copy_goes_into_the_file_kept(senna, tmp_path):
    folder, real, copy = senna
    elsewhere = tmp_path / "laptop.json"
    shutil.copy(copy, elsewhere)
    ok("do", elsewhere, "raise-vital", "Endurance")
    conflict = folder / "Senna (1).sync-conflict-20261201-201500-ABCDEF7.json"
    shutil.copy(elsewhere, conflict)
    wanted = every_id(real) | every_id(copy) | every_id(conflict)
    ok("sync", "intake", folder)
    assert sorted(p.name for p in folder.iterdir()) == ["Senna.json"]
    assert every_id(real) == wanted


def test_a_duplicate_is_another_character_and_stays(senna):
    folder, real, copy = senna
    ok("sync", "intake")
    r = ok("library", "duplicate", real)
    twin = Path(r.out.strip().splitlines()[-1])
    assert twin.exists() and load(twin)["id"] != load(real)["id"]
    assert ok("sync", "status", "--json").json()["conflict_copies"] == []
    assert ok("sync", "intake").out == "" and twin.exists()
    assert len(ok("library", "list", "--json").json()) == 2


def test_files_that_are_not_copies_of_one_file_are_left_alone(senna, tmp_path):
    folder, real, copy = senna
    other = load(copy)
    other["ruleset"] = "ability-bonuses"          # the same id, another rule system
    copy.write_text(json.dumps(other, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    old = folder / "Old.json"                     # written before files had ids
    ok("new", "story-points", "Old", "-o", old, "--set", "sp=10")
    data = load(old)
    del data["id"]
    old.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    shutil.copy(old, folder / "Old (1).json")
    before = {p.name: file_bytes(p) for p in folder.iterdir()}
    assert ok("sync", "intake").out == ""
    assert {p.name: file_bytes(p) for p in folder.iterdir()} == before


def test_the_window_hears_that_the_copy_is_gone(senna):
    from builder.app.conflicts import take_in_library

    folder, real, copy = senna
    taken = take_in_library([folder])
    gone = [c for c in taken.outcome.changes if c.after is None]
    assert [c.path for c in gone] == [copy] and not copy.exists()
    assert [c.path for c in taken.outcome.changes if c.after is not None] == [real]


def test_an_unreadable_copy_is_left_until_it_is_complete(senna):
    folder, real, copy = senna
    before = file_bytes(real)
    copy.write_bytes(file_bytes(copy)[:60])       # a sync engine still writing it
    assert cli("sync", "intake").code == 0 and copy.exists() and file_bytes(real) == before


def test_what_this_device_wrote_into_a_copy_stays_guarded_in_the_file_kept(senna):
    folder, real, copy = senna
    wanted = every_id(real) | every_id(copy)
    older = file_bytes(real)                       # before the copy was taken in
    ok("sync", "intake")
    assert ok("sync", "intake").out == "" and "trash is empty" in ok("library", "restore").out
    real.write_bytes(older)                        # a sync engine brings back an older version
    r = ok("sync", "intake")
    assert f"{real}: restored 1 entry this device wrote" in r.out
    assert every_id(real) == wanted and "trash is empty" in ok("library", "restore").out
