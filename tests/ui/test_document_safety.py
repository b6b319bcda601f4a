"""The window's document saves like the commands: compare and write under the lock,
a change made behind its back is never overwritten, and Reload / Keep mine settle it."""
from __future__ import annotations

import json

from builder.ui.document import CharacterDocument
from tests.helpers import file_bytes, ok


def entries(path) -> list[str]:
    return [e["action"] for e in json.loads(path.read_text())["ledger"]]


def test_a_change_behind_the_window_is_kept_then_reload_or_keep_mine(qtbot, tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", path, "--set", "sp=30")
    doc = CharacterDocument.open(path)
    doc.stop_watching()                        # the save itself must notice, not the watch
    ok("do", path, "raise-vital", "Strength")  # another program, before the window saves
    theirs = file_bytes(path)
    with qtbot.waitSignal(doc.externalChange):
        assert doc.apply_words(["rest"])
    assert doc.conflict and file_bytes(path) == theirs
    assert not doc.apply_words(["rest"])        # nothing more until it is settled
    doc.reload()
    assert not doc.conflict and doc.apply_words(["rest"])
    assert entries(path) == ["raise-vital", "rest"]

    ok("do", path, "raise-skill", "Athletics")
    assert doc.apply_words(["raise-vital", "Agility"]) and doc.conflict
    assert doc.overwrite()                     # the player keeps the window's version
    assert entries(path) == ["raise-vital", "rest", "raise-vital"]
    doc.deleteLater()
