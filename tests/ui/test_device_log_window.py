"""The window and the device log: on start, an entry this device wrote that the
shared folder lost is merged back, the open tab follows, and the sync bar says so."""
from __future__ import annotations

import json

from tests.helpers import ok


def test_a_lost_entry_comes_back_on_start_and_the_bar_says_so(window, qtbot,
                                                               isolated_data):
    folder = isolated_data / "characters"
    folder.mkdir()
    mira = folder / "mira.json"
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=9")
    ok("do", mira, "raise-vital", "Agility")
    older = mira.read_bytes()
    ok("do", mira, "raise-vital", "Cognition")
    mira.write_bytes(older)                  # a sync engine carried an older copy in
    editor = window.documents.open_path(mira) or window.documents.editor_for_path(mira)
    window.settle()
    intake = window.sync_intake
    qtbot.waitUntil(lambda: intake.bar is not None and not intake.bar.isHidden())
    assert intake.bar.label.text() == \
        "Restored 1 entry this device wrote that the folder had lost"
    assert [e["name"] for e in json.loads(mira.read_bytes())["ledger"]] == \
        ["Agility", "Cognition"]
    qtbot.waitUntil(lambda: editor.doc.cf.raw == mira.read_bytes())
    assert not intake.conflicts_button.isVisibleTo(intake.bar)
