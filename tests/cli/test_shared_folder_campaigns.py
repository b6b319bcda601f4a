"""A shared folder named on the command line is its files and those of the `campaigns`
folder inside it (where a shared folder keeps its campaigns); a folder that does not
exist is one line and exit 2."""
from __future__ import annotations

import json
import shutil

import pytest

from tests.helpers import cli, file_bytes, ok


@pytest.fixture
def shared(isolated_data, tmp_path, monkeypatch):
    """A shared folder: Rook, and the Raid campaign in its campaigns folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shared" / "campaigns").mkdir(parents=True)
    ok("new", "story-points", "Rook", "-o", "shared/rook.json", "--set", "sp=16")
    ok("campaign", "new", "Raid", "-o", "shared/campaigns/raid.json", "--ruleset",
       "story-points", "--member", "shared/rook.json")
    return tmp_path / "shared"


def test_a_conflict_copy_in_the_campaigns_folder_is_seen_and_taken_in(shared):
    raid = "shared/campaigns/raid.json"
    copy = "shared/campaigns/raid.sync-conflict-20261201-201500-ABCDEF7.json"
    shutil.copy(raid, copy)
    ok("pool", "start", raid, "--players", "1")
    status = json.loads(ok("sync", "status", "shared", "--json").out)
    assert status["files"] == ["shared/rook.json", raid]
    assert status["conflict_copies"] == [copy]
    assert ok("sync", "intake", "shared").out.startswith(f"{copy}: merged into {raid}")
    assert not (shared / "campaigns" / copy.rsplit("/", 1)[1]).exists()
    assert json.loads(ok("sync", "status", "shared", "--json").out)["conflict_copies"] == []


def test_a_suspended_entry_of_a_campaign_in_the_folder_is_listed(shared, tmp_path):
    raid = shared / "campaigns" / "raid.json"
    ok("pool", "start", raid, "--players", "1")
    other = tmp_path / "b.json"
    shutil.copy(raid, other)
    ok("pool", "spend", raid, "fortune", "--check", "1", "--by", "A", "--for", "upgrade")
    ok("pool", "spend", other, "fortune", "--check", "2", "--by", "B", "--for", "upgrade")
    assert cli("merge", raid, other, "-o", raid).code == 1           # suspended
    listed = cli("conflicts", "shared")
    assert listed.code == 1 and listed.out.startswith("shared/campaigns/raid.json: ")
    verified = cli("verify", "shared")
    assert "shared/rook.json: ok" in verified.out and "shared/campaigns/raid.json" in verified.out


@pytest.mark.parametrize("argv", [("sync", "intake", "nope"), ("doctor", "nope"),
                                  ("doctor", "shared/rook.json"),
                                  ("sync", "intake", "shared", "nope")])
def test_a_folder_that_is_not_there_is_one_line_and_changes_nothing(shared, argv):
    copy = shared / "rook.sync-conflict-20261201-201500-ABCDEF7.json"
    shutil.copy(shared / "rook.json", copy)
    before = file_bytes(shared / "rook.json")
    result = cli(*argv)
    assert (result.code, result.out) == (2, "")
    assert result.err.rstrip() == f"{argv[-1]}: " + (
        "is not a folder" if argv[-1].endswith(".json") else "no such folder")
    assert copy.exists() and file_bytes(shared / "rook.json") == before


def test_an_intake_that_suspends_an_entry_says_it_waits_for_a_ruling(shared, tmp_path):
    raid = "shared/campaigns/raid.json"
    ok("pool", "start", raid, "--players", "1")
    other = tmp_path / "other-laptop.json"
    shutil.copy(raid, other)
    ok("pool", "spend", raid, "fortune", "--check", "1", "--by", "A", "--for", "upgrade")
    ok("pool", "spend", other, "fortune", "--check", "2", "--by", "B", "--for", "upgrade")
    copy = "shared/campaigns/raid.sync-conflict-20261201-201500-ABCDEF7.json"
    shutil.move(other, copy)
    said = ok("sync", "intake", "shared")
    assert said.out.rstrip("\n") == (
        f"{copy}: merged into {raid} (1 entry from it), then removed; 1 entry the rules "
        f"refuse after the merge waits for a ruling (conflicts {raid})")
    assert cli("conflicts", raid).code == 1
    # the copy was a file this device wrote, moved in: its entries are in the campaign now,
    # so it is not rebuilt into the trash as a file that vanished
    assert ok("sync", "intake", "shared").out == ""
    assert json.loads(ok("library", "restore", "--json").out) == []
