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
from tests.helpers import file_bytes, ok


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
    older = file_bytes(real)
    assert ok("sync", "status", "--json").json()["conflict_copies"] == [str(copy)]
    r = ok("sync", "intake")
    assert r.out.strip() == f"{copy}: merged into {real} (1 entry from it), then removed"
    assert not copy.exists() and every_id(real) == wanted
    merged = file_bytes(real)
    assert ok("sync", "intake").out == "" and file_bytes(real) == merged     # twice: nothing
    # what this device wrote into the copy stays guarded in the file kept (not rebuilt
    # into the trash as a file gone from its folder)
    real.write_bytes(older)                        # a sync engine brings back an older one
    assert f"{real}: restored 1 entry this device wrote" in ok("sync", "intake").out
    assert every_id(real) == wanted and "trash is empty" in ok("library", "restore").out


def test_a_copy_is_never_listed_and_files_of_other_characters_are_left_alone(senna):
    from builder.app.library import open_scan

    folder, real, copy = senna
    assert [row["path"] for row in ok("library", "list", "--json").json()] == [str(real)]
    assert open_scan().paths == [real]              # the window's listing, as it starts
    other = load(copy)
    other["ruleset"] = "ability-bonuses"            # the same id, another rule system
    copy.write_text(json.dumps(other, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    old = load(real)                                # written before files had ids
    del old["id"]
    for name in ("Old.json", "Old (1).json"):
        (folder / name).write_text(json.dumps(old, indent=2) + "\n", encoding="utf-8")
    assert len(ok("library", "list", "--json").json()) == 4
    before = {p.name: file_bytes(p) for p in folder.iterdir()}
    assert ok("sync", "intake").out == ""
    assert {p.name: file_bytes(p) for p in folder.iterdir()} == before


def test_the_file_kept_is_the_shortest_name_then_the_first_in_code_point_order():
    assert kept_name(["Senna (1).json", "Senna.json", "Copy of Senna.json"]) == "Senna.json"
    assert kept_name(["b.json", "a.json"]) == "a.json"
    assert kept_name(["Senna.json", "Senna (1).json"], members=["Senna (1).json"]) \
        == "Senna (1).json"


def test_the_file_a_campaign_names_is_the_one_kept_and_the_window_hears_it(senna,
                                                                           isolated_data):
    from builder.app.conflicts import take_in_library

    folder, real, copy = senna
    camp = isolated_data / "campaigns" / "table.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points", "--member", copy)
    wanted = every_id(real) | every_id(copy)
    taken = take_in_library()
    assert [c.path for c in taken.outcome.changes if c.after is None] == [real]  # gone
    assert [c.path for c in taken.outcome.changes if c.after is not None] == [copy]
    assert not real.exists() and every_id(copy) == wanted


def test_a_conflict_copy_of_a_copy_goes_into_the_file_kept_a_duplicate_stays(senna,
                                                                              tmp_path):
    folder, real, copy = senna
    elsewhere = tmp_path / "laptop.json"
    shutil.copy(copy, elsewhere)
    ok("do", elsewhere, "raise-vital", "Endurance")
    conflict = folder / "Senna (1).sync-conflict-20261201-201500-ABCDEF7.json"
    shutil.copy(elsewhere, conflict)
    partial = folder / "Senna (2).json"             # a sync engine still writing it
    partial.write_bytes(file_bytes(copy)[:60])
    twin = Path(ok("library", "duplicate", real).out.strip().splitlines()[-1])
    assert load(twin)["id"] != load(real)["id"]
    wanted = every_id(real) | every_id(copy) | every_id(conflict)
    ok("sync", "intake", folder)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["Senna.json", partial.name, twin.name])
    assert every_id(real) == wanted


def test_a_campaign_copied_under_another_name_is_taken_in(isolated_data):
    folder = isolated_data / "campaigns"
    table = folder / "table.json"
    ok("campaign", "new", "Table", "-o", table, "--ruleset", "story-points")
    ok("pool", "start", table, "--players", "3")
    copy = folder / "Copy of table.json"
    shutil.copy(table, copy)
    ok("pool", "earn", copy, "fortune", "--reason", "a rule")
    ok("pool", "earn", table, "peril", "--reason", "another")
    wanted = every_id(table) | every_id(copy)
    assert [row["file"] for row in ok("campaign", "list", "--json").json()] == [str(table)]
    ok("sync", "intake")
    assert sorted(p.name for p in folder.iterdir()) == ["table.json"]
    assert every_id(table) == wanted


def test_the_copies_in_a_folder_added_to_the_library_are_taken_in(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    rook = shared / "rook.json"
    ok("new", "story-points", "Rook", "-o", rook, "--set", "sp=40")
    copy = shared / "rook (1).json"
    shutil.copy(rook, copy)
    ok("do", copy, "raise-vital", "Agility")
    wanted = every_id(rook) | every_id(copy)
    ok("library", "add", shared)
    assert ok("sync", "intake").out.startswith(f"{copy}: merged into {rook}")
    assert sorted(p.name for p in shared.iterdir()) == ["rook.json"] and every_id(rook) == wanted
