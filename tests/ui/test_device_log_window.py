"""The window and the device log: on start, an entry this device wrote that the
shared folder lost is merged back, the open tab follows, and the sync bar says so."""
from __future__ import annotations

import json

from tests.helpers import ok


def _with_agility(isolated_data, name: str):
    """A Story Points character in the library's folder with one entry this device wrote
    (Agility raised): its path."""
    folder = isolated_data / "characters"
    folder.mkdir()
    path = folder / f"{name.lower()}.json"
    ok("new", "story-points", name, "-o", path, "--set", "sp=9")
    ok("do", path, "raise-vital", "Agility")
    return path


def test_a_lost_entry_comes_back_on_start_and_the_bar_says_so(window, qtbot,
                                                               isolated_data):
    mira = _with_agility(isolated_data, "Mira")
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


def test_a_file_saved_again_after_the_bar_said_it_is_gone_is_said_back(window, qtbot,
                                                                       isolated_data):
    """Deleted while open: the sync bar says it was rebuilt into the trash; once the tab
    saves it again here, the bar says it is back and the rebuilt copy is not needed."""
    mira = _with_agility(isolated_data, "Mira")
    editor = window.documents.open_path(mira)
    window.show()
    window.settle()
    intake = window.sync_intake
    mira.unlink()
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    qtbot.waitUntil(lambda: intake.bar is not None and not intake.bar.isHidden())
    assert intake.bar.label.text() == ("mira.json is gone from its folder: rebuilt from this "
                                       "device's entries into the trash (Restore there puts "
                                       "it back)")
    editor.save_again_button.click()
    assert mira.exists()
    qtbot.waitUntil(lambda: "is back in" in intake.bar.label.text())
    assert intake.bar.label.text() == ("mira.json is back in its folder: the copy rebuilt "
                                       "into the trash is not needed")


def test_a_restored_copy_of_a_file_that_is_back_says_where_it_went(window, qtbot,
                                                                    isolated_data):
    """Restore from Trash of a copy whose file is back in its folder: restored under
    another name, taken into the file by the sync intake, and the status line says so
    (it said "Restored ulf-2.json", a file gone a moment later)."""
    from builder.app import library as app_library

    ulf = _with_agility(isolated_data, "Ulf")
    folder = ulf.parent
    kept = ulf.read_bytes()
    ok("library", "trash", ulf)
    ulf.write_bytes(kept)                          # saved again from its tab, say
    window.settle()
    [restored] = window.library.restore_items(app_library.trash_items())
    assert restored != ulf and restored.parent == folder
    qtbot.waitUntil(lambda: not restored.exists())
    assert window.statusBar().currentMessage() == f"{restored.name} was taken into ulf.json"
    assert ulf.read_bytes() == kept
