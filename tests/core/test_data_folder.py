"""Nothing but the user's data beside the user's data: no lock or temporary file stays
in a folder of characters (a sync engine or git would carry it), new files get the
mode the umask gives, and a file the user made read-only is kept."""
from __future__ import annotations

import json
import os
import stat
import time

import pytest

from tests.helpers import cli, file_bytes, ok

#: No process has this id (above every system's largest).
NO_SUCH_PID = 4_194_305


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def names(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_no_file_but_the_data_stays_beside_characters_after_any_command(tmp_path):
    table = tmp_path / "table"
    table.mkdir()
    a, b, camp = table / "a.json", table / "b.json", table / "camp.json"
    steps = [
        ("new", "story-points", "Ann", "-o", a, "--set", "sp=30"),
        ("new", "story-points", "Bob", "-o", b, "--set", "sp=30"),
        ("do", a, "raise-vital", "Strength"),
        ("undo", a),
        ("do", b, "rest"),
        ("campaign", "new", "Coast", "-o", camp, "--ruleset", "story-points", "--member", a, "--member", b),
        ("campaign", "award", camp, "award-checkpoint", "Fort", "Gate"),
        ("pool", "start", camp, "--players", "2"),
        ("show", a),
        ("check", b),
        ("campaign", "show", camp),
    ]
    for step in steps:
        result = cli(*step)
        assert result.code in (0, 1), (step, result.err)
        present = names(table)
        assert all(n in ("a.json", "b.json", "camp.json") for n in present), (step, present)
    assert names(table) == ["a.json", "b.json", "camp.json"]


def test_new_files_get_the_mode_the_umask_gives(tmp_path, umask_022):
    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char)
    assert stat.S_IMODE(os.stat(char).st_mode) == 0o644
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Coast", "-o", camp, "--ruleset", "story-points")
    assert stat.S_IMODE(os.stat(camp).st_mode) == 0o644
    os.umask(0o077)
    private = tmp_path / "private.json"
    ok("new", "story-points", "P", "-o", private)
    assert stat.S_IMODE(os.stat(private).st_mode) == 0o600


def test_a_character_made_read_only_is_refused_not_replaced(tmp_path):
    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char, "--set", "sp=30")
    os.chmod(char, 0o444)
    before = file_bytes(char)
    for step in (("do", char, "rest"), ("new", "story-points", "D", "-o", char, "--force")):
        result = cli(*step)
        assert result.code == 2 and result.err.strip() == f"{char}: is read-only; not replaced"
        assert file_bytes(char) == before
        assert stat.S_IMODE(os.stat(char).st_mode) == 0o444
    assert names(tmp_path) == ["c.json", "userdata"]


def test_a_campaign_award_with_a_read_only_member_changes_nothing(tmp_path):
    a, b, camp = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "camp.json"
    ok("new", "story-points", "Ann", "-o", a)
    ok("new", "story-points", "Bob", "-o", b)
    ok("campaign", "new", "Coast", "-o", camp, "--ruleset", "story-points", "--member", a, "--member", b)
    os.chmod(b, 0o444)
    before = [file_bytes(p) for p in (a, b, camp)]
    result = cli("campaign", "award", camp, "award-checkpoint", "Fort", "Gate")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert f"{b}" in result.err and "read-only" in result.err
    assert [file_bytes(p) for p in (a, b, camp)] == before
    assert names(tmp_path) == ["a.json", "b.json", "camp.json", "userdata"]


def test_an_earlier_versions_lock_beside_a_file_goes_when_it_is_written(tmp_path):
    import fcntl

    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char)
    legacy = tmp_path / ".c.json.lock"
    legacy.write_bytes(b"")
    with open(legacy, "rb+") as held:                 # a program of that version holds it
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        ok("do", char, "rest")
        assert legacy.exists()
    ok("do", char, "rest")
    assert names(tmp_path) == ["c.json", "userdata"]


def test_a_killed_writers_temporary_file_is_removed_by_the_next_command_even_a_read(tmp_path):
    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char)
    temp = tmp_path / f".c.json.abcd1234.{NO_SUCH_PID}.tmp"
    temp.write_text(json.dumps({"half": True}))
    past = time.time() - 10
    os.utime(temp, (past, past))
    ok("show", char)
    assert names(tmp_path) == ["c.json", "userdata"]


def test_a_write_failing_half_way_leaves_no_temporary_file(tmp_path, monkeypatch):
    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char)
    before = file_bytes(char)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    result = cli("do", char, "rest")
    assert result.code == 2 and "No space left on device" in result.err
    assert file_bytes(char) == before
    assert names(tmp_path) == ["c.json", "userdata"]
