"""Sync engines' conflict copies in the library: never listed as a second character,
never written to, merged into the real file and removed once every entry of them is
in it; sync engines' temporary files are ignored."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.storage.conflicts import (is_conflict_copy, is_data_file, is_sync_temporary,
                                       original_name)
from tests.helpers import cli, file_bytes, ok

COPY_NAMES = [
    "mira.sync-conflict-20261201-201500-ABCDEF7.json",     # Syncthing
    "mira.sync-conflict-20261201-201500-.json",            # ... an empty device part
    "mira.sync-conflict-20261201-201500.json",             # ... older: none
    "mira (Ann's conflicted copy 2026-12-01).json",        # Dropbox
    "mira (conflicted copy 2026-12-01 201500).json",       # Nextcloud
    "mira_conflict-20261201-201500.json",                  # ownCloud
]


@pytest.mark.parametrize("name", COPY_NAMES)
def test_every_conflict_copy_name_is_known_with_its_original(name):
    assert original_name(name) == "mira.json" and is_conflict_copy(name)
    assert not is_data_file(name)


def test_names_that_are_no_conflict_copies():
    for name in ("mira.json", "mira (copy).json", "sync-conflict.json", "a.b.json"):
        assert original_name(name) is None and is_data_file(name)
    assert original_name("a.b.sync-conflict-20261201-201500-XYZ.json") == "a.b.json"
    for name in (".syncthing.mira.json.tmp", "~syncthing~mira.json.tmp"):
        assert is_sync_temporary(name) and not is_data_file(name)


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


@pytest.fixture
def library(isolated_data, monkeypatch, tmp_path):
    """Mira in the library, and what another laptop appended to its copy, left by a
    sync engine beside it as ``copy_name``."""
    folder = isolated_data / "characters"
    folder.mkdir()
    mira = folder / "mira.json"
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=40")
    ok("do", mira, "raise-vital", "Agility")
    other = tmp_path / "other-laptop.json"
    shutil.copy(mira, other)
    ok("do", mira, "raise-vital", "Cognition")
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Bob's laptop")
    ok("do", other, "raise-vital", "Presence")
    return folder, mira, other


def place(folder, other, name):
    copy = folder / name
    shutil.copy(other, copy)
    return copy


def test_the_library_never_lists_a_conflict_copy_or_a_temporary(library):
    folder, mira, other = library
    for name in COPY_NAMES[:3]:
        place(folder, other, name)
    (folder / "~syncthing~mira.json.tmp").write_text("{")
    listed = ok("library", "list", "--json").json()
    assert [row["path"] for row in listed] == [str(mira)]


def test_nothing_is_ever_written_into_a_conflict_copy(library):
    folder, _, other = library
    copy = place(folder, other, COPY_NAMES[0])
    before = file_bytes(copy)
    r = cli("do", copy, "raise-vital", "Agility")
    assert r.code == 2 and "conflict copy" in r.err and file_bytes(copy) == before
    assert cli("merge", other, "-o", copy).code == 2 and file_bytes(copy) == before


@pytest.mark.parametrize("name", COPY_NAMES)
def test_intake_merges_each_copy_and_removes_it(library, name):
    folder, mira, other = library
    copy = place(folder, other, name)
    copy_ids = {e["id"] for e in load(copy)["ledger"]}
    status = ok("sync", "status", "--json").json()
    assert status["conflict_copies"] == [str(copy)]
    r = ok("sync", "intake")
    assert r.out.strip() == f"{copy}: merged into {mira} (1 entry from it), then removed"
    assert not copy.exists() and copy_ids <= {e["id"] for e in load(mira)["ledger"]}
    assert len(load(mira)["ledger"]) == 3
    merged = file_bytes(mira)
    assert ok("sync", "intake").out == "" and file_bytes(mira) == merged   # twice: nothing
    (taken,) = ok("sync", "status", "--json").json()["merged_in"]
    assert (taken["copy"], taken["file"], len(taken["entries"])) == (str(copy), str(mira), 1)
    # in words, under a heading of their own, to the minute as the suspended entries are
    at = taken["at"]
    assert ok("sync", "status").out.splitlines()[1:] == [
        "conflict copies taken in on this device, oldest first:",
        f"  {at[:10]} {at[11:16]} UTC: {copy} merged into {mira} (1 entry from it)"]


def test_three_replicas_give_the_same_bytes_in_any_order(library, tmp_path):
    folder, mira, other = library
    third = tmp_path / "third.json"
    shutil.copy(other, third)
    ok("do", third, "raise-vital", "Agility")
    ok("merge", third, other, mira, "-o", tmp_path / "reference.json")
    place(folder, other, COPY_NAMES[3])
    place(folder, third, COPY_NAMES[0])
    ok("sync", "intake", folder)
    assert file_bytes(mira) == file_bytes(tmp_path / "reference.json")
    assert [p.name for p in folder.iterdir() if p.suffix == ".json"] == ["mira.json"]


def test_a_copy_whose_file_is_gone_becomes_the_file(library):
    folder, mira, other = library
    mira.unlink()
    copy = place(folder, other, COPY_NAMES[4])
    said = ok("sync", "intake").out
    assert not copy.exists()
    # the copy became the file; the entry this device wrote into the file that is
    # gone comes back from its device log
    names = [e["name"] for e in load(mira)["ledger"]]
    assert names == ["Agility", "Presence", "Cognition"] or \
        names == ["Agility", "Cognition", "Presence"]
    assert "restored 1 entry this device wrote that the folder had lost" in said


def test_a_copy_still_being_written_is_left_alone(library):
    folder, mira, other = library
    copy = folder / COPY_NAMES[5]
    copy.write_bytes(file_bytes(other)[:40])
    before = file_bytes(mira)
    r = cli("sync", "intake")
    assert r.code == 2 and "left as it is" in r.out
    assert copy.exists() and file_bytes(mira) == before


def test_a_change_of_several_files_never_writes_into_a_conflict_copy(library, tmp_path):
    folder, mira, other = library
    copy = place(folder, other, COPY_NAMES[0])
    camp = tmp_path / "table.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points",
       "--member", mira, "--member", copy)
    before = [file_bytes(p) for p in (camp, mira, copy)]
    r = cli("campaign", "award", camp, "award-checkpoint", "Fort", "Gate")
    assert r.code == 2 and "conflict copy" in r.err
    assert [file_bytes(p) for p in (camp, mira, copy)] == before
