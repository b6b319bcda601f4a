"""Trashing several files is one change: a process killed (SIGKILL) at any step of it
leaves every file in the trash or every file where it was, once the next command has
run (the journal in the user's state folder)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.core.test_campaign_crash import killed_at
from tests.helpers import cli, ok

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and SIGKILL")

#: Two files: each one's copy and sidecar into the trash (1-4), then each removed (5, 6).
STEPS = ["temporaries-written", "journal-written", "replaced-1", "replaced-4", "replaced-5",
         "replaced-6"]


def trashed_originals() -> list[str]:
    listed = ok("library", "restore").out.splitlines()
    return sorted(line.rsplit("(from ", 1)[1].rstrip(")") for line in listed
                  if "(from " in line)


@pytest.mark.parametrize("step", STEPS)
def test_trashing_two_files_killed_at_any_step_trashes_both_or_neither(tmp_path, monkeypatch,
                                                                       step):
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(tmp_path / "userdata"))
    files = [tmp_path / "senna.json", tmp_path / "nyra.json"]
    for path in files:
        ok("new", "story-points", path.stem.title(), "-o", path, "--set", "sp=5")
    before = [path.read_bytes() for path in files]

    killed_at(step, ["library", "trash", *map(str, files)])
    if step == "replaced-5":          # killed half-way: one file gone, the other not
        assert [path.exists() for path in files] == [False, True]

    listed = cli("library", "restore")                       # the next command
    assert listed.code == 0, listed.err
    trash = Path(tmp_path / "userdata" / "trash")
    if step == "temporaries-written":                        # nothing recorded: neither
        assert [path.read_bytes() for path in files] == before
        assert "interrupted" not in listed.err and trashed_originals() == []
        # only the killed writer's temporaries (removed once stale), no trashed file
        assert [p.name for p in trash.iterdir() if not p.name.endswith(".tmp")] == []
        ok("library", "trash", *files)                       # and trashing again works
    else:                                                    # recorded: completed
        assert "note: an interrupted move to the trash was completed" in listed.err
    assert [path.exists() for path in files] == [False, False]
    assert trashed_originals() == sorted(str(path.resolve()) for path in files)
    assert not list((tmp_path / "userdata" / "state" / "journal").glob("*"))
    ok("library", "restore", *(str(path) for path in files))
    assert [path.read_bytes() for path in files] == before
    assert [p.name for p in trash.iterdir() if not p.name.endswith(".tmp")] == []
