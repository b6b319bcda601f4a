"""Only regular files are read as characters, campaigns, members, rule systems and
portraits (builder/storage/reading.py): a named pipe, a device or a symbolic-link loop
is refused in one line at once; no command waits on a file or reads past the limit.

A command that waited would hang this test until the suite's faulthandler timeout."""
from __future__ import annotations

import json
import os

import pytest

from builder.storage import jsonio
from builder.storage.reading import Unreadable, read_regular, read_start
from tests.helpers import cli, file_bytes, ok

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture
def pipe(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


@pytest.fixture
def loop(tmp_path):
    (tmp_path / "loop-a.json").symlink_to(tmp_path / "loop-b.json")
    (tmp_path / "loop-b.json").symlink_to(tmp_path / "loop-a.json")
    return tmp_path / "loop-a.json"


def refused(result, *words) -> None:
    assert result.code == 2 and len(result.err.splitlines()) == 1, result
    for word in words:
        assert word in result.err, result.err


COMMANDS = [("show",), ("check",), ("options",), ("do", "rest"), ("undo",)]


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: w[0])
def test_a_named_pipe_is_refused_at_once_and_takes_no_lock(pipe, words):
    refused(cli(words[0], pipe, *words[1:]), str(pipe), "is a named pipe, not a character")


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: w[0])
def test_a_symbolic_link_loop_is_refused_at_once(loop, words):
    refused(cli(words[0], loop, *words[1:]), str(loop), "symbolic link loop")


def test_a_device_is_refused_without_reading_it():
    refused(cli("show", "/dev/zero"), "/dev/zero: is a device, not a character file")
    refused(cli("campaign", "show", "/dev/zero"), "is a device, not a campaign file")


def test_a_pipe_or_loop_is_never_replaced_by_a_new_file(pipe, loop):
    for target in (pipe, loop):
        for force in ((), ("--force",)):
            refused(cli("new", "story-points", "N", "-o", target, *force), str(target))
    assert pipe.is_fifo() and loop.is_symlink()


def test_a_device_named_as_a_campaign_member_is_refused_and_nothing_written(tmp_path, pipe):
    a, camp = tmp_path / "a.json", tmp_path / "camp.json"
    ok("new", "story-points", "Ann", "-o", a)
    ok("campaign", "new", "Coast", "-o", camp, "--ruleset", "story-points", "--member", a)
    doc = json.loads(camp.read_text())
    for member in ("/dev/zero", str(pipe)):
        doc["members"] = [str(a), member]
        camp.write_text(json.dumps(doc))
        before = [file_bytes(a), file_bytes(camp)]
        refused(cli("campaign", "award", camp, "award-checkpoint", "Fort", "Gate"), member)
        assert [file_bytes(a), file_bytes(camp)] == before
        shown = ok("campaign", "show", camp).out
        assert "not a character file" in shown


def test_homebrew_and_rule_system_files_that_are_pipes_are_left_out(tmp_path):
    from builder.storage.data_systems import systems_dir
    from builder.storage.paths import overrides_dir

    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char)
    overrides_dir().mkdir(parents=True, exist_ok=True)
    os.mkfifo(overrides_dir() / "story-points.json")
    systems_dir().mkdir(parents=True, exist_ok=True)
    os.mkfifo(systems_dir() / "piped.json")
    assert ok("show", char).out
    assert "piped.json: rule system left out: is a named pipe" in ok("rulesets").err


def test_a_library_import_of_a_pipe_is_refused(pipe):
    refused(cli("library", "import", pipe), "is a named pipe")


def test_reading_stops_at_the_limit_even_when_the_file_grows(tmp_path):
    """A file that is within the limit when looked at but grows while read is refused,
    and only limit + 1 bytes are ever read."""
    path = tmp_path / "grows.json"
    path.write_bytes(b"x" * 10)
    with pytest.raises(Unreadable, match="too large"):
        read_regular(path, 5)
    assert read_regular(path, 10) == b"x" * 10


def test_the_start_of_a_file_is_read_however_long_it_is_and_a_pipe_never_blocks(
        tmp_path, pipe):
    """What a file holds now, to compare with what was read: its first bytes up to the
    limit (never the whole of a huge file); a named pipe is refused, not waited on."""
    path = tmp_path / "long.json"
    path.write_bytes(b"x" * 10)
    assert read_start(path, 4) == b"xxxx"
    assert read_start(path, 40) == b"x" * 10
    with pytest.raises(Unreadable, match="named pipe"):
        read_start(pipe, 4)


def test_the_size_limit_is_the_documents_limit(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(jsonio.MAX_DOCUMENT_BYTES + 1)       # sparse: no disk used
    refused(cli("show", path), "too large to be a character file")
