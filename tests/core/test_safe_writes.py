"""Writes that lose nothing and leave files as the user left them; arguments and
messages that stay one clear line."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time

import pytest

from builder.storage import atomic
from builder.storage.files import ChangedOnDisk, FileProblem, load_character, modify_character
from builder.storage.locking import lock_path
from tests.helpers import cli, file_bytes, ok


@pytest.fixture
def char(tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", path, "--set", "sp=30")
    return path


def ledger(path) -> list:
    return json.loads(path.read_text())["ledger"]


# -- arguments and messages ---------------------------------------------------------
def test_an_argument_that_is_not_utf8_is_one_usage_line(tmp_path):
    result = cli("new", "story-points", "Bad\udcffName", "-o", tmp_path / "x.json")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "argument 3 is not valid text" in result.err
    assert not (tmp_path / "x.json").exists()


def test_a_name_with_a_newline_is_echoed_on_one_line(tmp_path):
    result = cli("show", tmp_path / "two\nlines.json")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "two\\nlines.json" in result.err


def test_an_unexpected_error_is_one_line_unless_debugging(char, monkeypatch):
    from builder.rulesets.story_points.rules.ruleset import StoryPoints

    def broken(self, state, name):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(StoryPoints, "derive", broken)
    monkeypatch.delenv("CHARACTER_BUILDER_DEBUG")
    result = cli("show", char)
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "internal error (ZeroDivisionError: boom)" in result.err
    monkeypatch.setenv("CHARACTER_BUILDER_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        cli("show", char)


# -- nothing non-standard is written ------------------------------------------------------
@pytest.mark.parametrize("bad", ["\ud800", float("nan"), float("inf")])
def test_nothing_non_standard_is_ever_written(char, bad):
    before = file_bytes(char)
    cf = load_character(char)
    cf.doc["notes"] = bad
    with pytest.raises(FileProblem, match="not written"):
        cf.save()
    assert file_bytes(char) == before


def test_a_document_that_does_not_validate_is_never_written(char):
    before = file_bytes(char)
    cf = load_character(char)
    cf.doc["baseline"]["sp"] = True
    with pytest.raises(FileProblem, match="baseline/sp"):
        cf.save()
    assert file_bytes(char) == before


# -- no lost updates ----------------------------------------------------------------------
def test_a_change_by_a_program_that_takes_no_lock_is_replayed_onto(char):
    """Between our read and our write another program (that takes no lock) adds an
    entry: our action is replayed on its version, both entries are kept."""
    calls = []

    def change(cf):
        calls.append(1)
        if len(calls) == 1:
            other = json.loads(char.read_text())
            other["ledger"].append({"action": "rest", "at": "2026-01-01T00:00:00+00:00"})
            char.write_text(json.dumps(other))
        return cf.do(cf.ruleset.parse_action(["raise-vital", "Strength"]))

    modify_character(char, change)
    assert [e["action"] for e in ledger(char)] == ["rest", "raise-vital"]
    assert len(calls) == 2


def test_a_change_the_rules_no_longer_allow_is_refused_with_exit_2(char, monkeypatch):
    """The other program spent the SP: our replay is refused, nothing of ours is written."""
    def change(cf):
        if not ledger(char):
            other = json.loads(char.read_text())
            other["baseline"]["sp"] = 0
            other["ledger"].append({"action": "rest", "at": "2026-01-01T00:00:00+00:00"})
            char.write_text(json.dumps(other))
        return cf.do(cf.ruleset.parse_action(["raise-vital", "Strength"]))

    with pytest.raises(FileProblem, match="changed by another program meanwhile; nothing "
                                          "written"):
        modify_character(char, change)
    assert [e["action"] for e in ledger(char)] == ["rest"]


def test_an_open_file_changed_behind_its_back_is_not_overwritten(char):
    cf = load_character(char)
    cf.do(cf.ruleset.parse_action(["rest"]))
    ok("do", char, "raise-vital", "Strength")
    changed = file_bytes(char)
    with pytest.raises(ChangedOnDisk):
        cf.save()
    assert file_bytes(char) == changed
    cf.save(check=False)                       # the player chose to keep theirs
    assert [e["action"] for e in ledger(char)] == ["rest"]


def test_the_lock_file_lives_in_the_users_locks_folder_not_beside_the_target(char, tmp_path):
    from builder.storage.paths import locks_dir

    ok("do", char, "rest")
    assert lock_path(char).parent == locks_dir()
    assert lock_path(char).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json", "userdata"]


def test_a_second_writer_waits_for_the_lock(char):
    """A process holding the lock delays the command; its change is kept, then ours."""
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time, json\n"
         "from builder.storage.locking import locked\n"
         f"p = {str(char)!r}\n"
         "with locked([p]):\n"
         "    print('held', flush=True)\n"
         "    d = json.load(open(p))\n"
         "    time.sleep(0.5)\n"
         "    d['ledger'].append({'action': 'rest', 'at': '2026-01-01T00:00:00+00:00'})\n"
         "    open(p, 'w').write(json.dumps(d))\n"],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    ok("do", char, "raise-vital", "Strength")
    assert holder.wait(timeout=30) == 0
    holder.stdout.close()
    assert [e["action"] for e in ledger(char)] == ["rest", "raise-vital"]


# -- files as the user left them ------------------------------------------------------------
def test_a_symlinked_character_is_written_through_to_its_target(char, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(char)
    ok("do", link, "raise-vital", "Strength")
    assert link.is_symlink() and os.readlink(link) == str(char)
    assert [e["action"] for e in ledger(char)] == ["raise-vital"]


def test_a_symlink_into_another_folder_writes_atomically_there(char, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    link = other / "link.json"
    link.symlink_to(char)
    ok("do", link, "rest")
    assert link.is_symlink()
    assert sorted(p.name for p in other.iterdir()) == ["link.json"]


def test_an_existing_file_keeps_its_permission_bits(char):
    os.chmod(char, 0o644)
    ok("do", char, "rest")
    assert stat.S_IMODE(os.stat(char).st_mode) == 0o644
    os.chmod(char, 0o640)
    ok("undo", char)
    assert stat.S_IMODE(os.stat(char).st_mode) == 0o640


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_stale_temp_files_are_removed_by_the_next_write(char, tmp_path):
    own = tmp_path / f".c.json.abcd1234.{os.getppid()}.tmp"          # its writer held the lock
    dead = tmp_path / f".other.json.efgh5678.{_dead_pid()}.tmp"       # writer gone
    old = tmp_path / ".other.json.ijkl9012.tmp"                        # an old version's, old
    live = tmp_path / f".other.json.mnop3456.{os.getppid()}.tmp"       # a live writer's
    for temp in (own, dead, old, live):
        temp.write_bytes(b"half")
    past = time.time() - 10
    os.utime(dead, (past, past))
    ancient = time.time() - atomic.STALE_AFTER - 10
    os.utime(old, (ancient, ancient))
    ok("do", char, "rest")
    assert not own.exists() and not dead.exists() and not old.exists()
    assert live.exists()


def test_ruleset_sources_name_an_ignored_override(tmp_path):
    from builder.storage.paths import overrides_dir
    from builder.storage.rulesets import ruleset_sources

    overrides_dir().mkdir(parents=True, exist_ok=True)
    (overrides_dir() / "story-points.json").write_text('{"limits": "ten"}')
    rows = {row["id"]: row for row in ruleset_sources()}
    assert rows["story-points"]["source"] == "built-in"
    assert "homebrew override ignored" in rows["story-points"]["warnings"][0]
    assert rows["vogelfrei"]["warnings"] == []


def test_the_library_lists_characters_never_their_locks_or_temps():
    """An earlier version's hidden .NAME.json.lock and a killed writer's temp beside a
    character: the library lists the characters only."""
    from builder.storage.library import list_library, scan_library
    from builder.storage.paths import characters_dir

    path = ok("new", "story-points", "Lib", "--set", "sp=5").out.strip()
    ok("do", path, "rest")
    folder = characters_dir()
    (folder / ".Lib.json.abcd1234.99999999.tmp").write_text("{half")
    (folder / ".Lib.json.lock").write_bytes(b"")
    assert [p.name for p in list_library()] == ["Lib.json"]
    assert [e.path.name for e in scan_library(use_cache=False)] == ["Lib.json"]
