"""``library add|remove-folder|folders``: a folder anywhere (a Syncthing, Dropbox or
git folder) joins the library beside the data folder; its characters are listed and
named like the data folder's; its conflict copies and sync temporaries are not."""
from __future__ import annotations

import json

from builder.storage.paths import library_folders_file
from tests.helpers import cli, ok


def test_an_added_folders_characters_are_listed_and_found_by_name(tmp_path):
    shared = tmp_path / "Sync" / "table"
    shared.mkdir(parents=True)
    ok("new", "story-points", "Home Hero")                       # in the data folder
    ok("new", "story-points", "Far Rider", "-o", shared / "rider.json", "--set", "sp=4")
    (shared / "rider.sync-conflict-20260101-120000-ABCDEFG.json").write_bytes(
        (shared / "rider.json").read_bytes())
    (shared / ".syncthing.rider.json.tmp").write_text("{")

    assert "Far Rider" not in ok("library", "list").out
    added = ok("library", "add", shared)
    assert added.out.strip() == f"added: {shared.resolve()}"

    rows = ok("library", "list", "--json").json()
    assert [r["name"] for r in rows] == ["Home Hero", "Far Rider"]    # default folder first
    assert rows[1]["path"] == str(shared.resolve() / "rider.json")
    assert "Far Rider" in ok("show", "Far Rider").out                # the resolver finds it

    listed = ok("library", "folders").out.splitlines()
    assert listed[1] == str(shared.resolve()) and "(the data folder)" in listed[0]
    assert ok("library", "folders", "--json").json()["added"] == [str(shared.resolve())]


def test_adding_twice_changes_nothing_and_a_missing_folder_is_refused(tmp_path):
    folder = tmp_path / "party"
    folder.mkdir()
    ok("library", "add", folder)
    before = library_folders_file().read_bytes()
    again = ok("library", "add", folder)
    assert "already in the library" in again.out
    assert library_folders_file().read_bytes() == before

    for bad in (tmp_path / "nowhere", tmp_path / "a-file.json"):
        if bad.suffix:
            bad.write_text("{}")
        result = cli("library", "add", bad)
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1
        assert "Traceback" not in result.err
    assert library_folders_file().read_bytes() == before


def test_removing_a_folder_keeps_its_files(tmp_path):
    folder = tmp_path / "git-repo"
    folder.mkdir()
    ok("new", "story-points", "Kept", "-o", folder / "kept.json", "--set", "sp=4")
    ok("library", "add", folder)
    ok("library", "remove-folder", folder)
    assert (folder / "kept.json").is_file()
    assert json.loads(library_folders_file().read_text())["folders"] == []
    assert "Kept" not in ok("library", "list").out
    result = cli("library", "remove-folder", folder)
    assert result.code == 2 and "library folders" in result.err


def test_campaigns_in_an_added_folder_are_listed(tmp_path):
    folder = tmp_path / "club"
    (folder / "campaigns").mkdir(parents=True)
    ok("campaign", "new", "Iron Coast", "-o", folder / "campaigns" / "coast.json",
       "--ruleset", "story-points")
    ok("library", "add", folder)
    assert "Iron Coast" in ok("campaign", "list").out
