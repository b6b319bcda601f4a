"""Only a bug is an "internal error": a full or closed output, a missing package and a
folder the system refuses are the user's situation (one line naming it, exit 2); a bug
writes its traceback to a crash file that the one line names."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.helpers import cli, ok


@pytest.fixture
def quill(tmp_path):
    path = tmp_path / "quill.json"
    ok("new", "story-points", "Quill", "-o", path)
    return path


def _program(argv, **kwargs):
    code = "import sys; from builder.__main__ import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *map(str, argv)], stderr=subprocess.PIPE,
                          text=True, timeout=60, **kwargs)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_output_is_one_line_and_exit_2(quill):
    with open("/dev/full", "w") as full:
        done = _program(["show", quill], stdout=full)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "character-builder: cannot write the output: No space left on device"]


def test_a_closed_pipe_is_one_line_and_exit_2(quill):
    read_end, write_end = os.pipe()
    os.close(read_end)              # the reader is gone before anything is written
    try:
        done = _program(["show", quill], stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "output was closed" in lines[0]


def test_a_missing_package_is_named_with_how_to_install_it(quill, monkeypatch, tmp_path):
    monkeypatch.delenv("CHARACTER_BUILDER_DATA")        # the folders come from platformdirs
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setitem(sys.modules, "platformdirs", None)    # this Python lacks it
    result = cli("library", "list")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "lacks the package 'platformdirs'" in result.err
    assert f"{sys.executable} -m pip install platformdirs" in result.err


def test_a_missing_package_on_the_way_to_the_window_is_one_line(monkeypatch, tmp_path, capsys):
    from builder.__main__ import main

    monkeypatch.delenv("CHARACTER_BUILDER_DATA")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setitem(sys.modules, "platformdirs", None)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "lacks the package 'platformdirs'" in err


def test_a_folder_the_system_refuses_is_named(monkeypatch):
    from builder.app import library
    from builder.storage import paths

    folder = paths.characters_dir()

    def refused():
        raise PermissionError(13, "Permission denied", str(folder))

    monkeypatch.setattr(library, "scan", refused)
    result = cli("library", "list")
    assert result.code == 2
    assert result.err.splitlines() == [f"character-builder: {folder}: Permission denied"]


def test_a_bug_writes_a_crash_file_that_the_line_names(quill, monkeypatch):
    from builder.rulesets.story_points.rules.ruleset import StoryPoints
    from builder.storage import paths

    def broken(self, state, name):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(StoryPoints, "derive", broken)
    monkeypatch.delenv("CHARACTER_BUILDER_DEBUG")
    result = cli("show", quill)
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "internal error (ZeroDivisionError: boom)" in result.err
    reports = list(paths.crash_dir().iterdir())
    assert len(reports) == 1 and str(reports[0]) in result.err
    text = reports[0].read_text()
    assert "where: character-builder show" in text and "ZeroDivisionError: boom" in text


def test_new_into_a_folder_that_is_not_there_is_one_line_and_writes_nothing(tmp_path):
    """`-o NEWFOLDER/` names a folder: not there, one line (it wrote a file with the
    folder's name); an existing folder takes the character's file."""
    result = cli("new", "story-points", "Bob", "-o", f"{tmp_path / 'nodir'}/", "--set", "sp=1")
    assert result.code == 2 and result.err == (f"{tmp_path / 'nodir'}/: no such folder "
                                               "(create it first, or give the file's name)\n")
    assert not (tmp_path / "nodir").exists()
    (tmp_path / "nodir").mkdir()
    made = ok("new", "story-points", "Bob", "-o", f"{tmp_path / 'nodir'}/", "--set", "sp=1")
    assert made.out.strip() == str(tmp_path / "nodir" / "Bob.json")
