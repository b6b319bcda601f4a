"""File > Add Folder…: a folder from anywhere joins the library; its characters are
listed in the Library tab (the command line's side: tests/cli/test_library_folders_cli.py)."""
from __future__ import annotations

from builder.app import library
from tests.helpers import ok


def test_add_folder_lists_the_folders_characters(window, qtbot, tmp_path):
    shared = tmp_path / "Dropbox" / "party"
    shared.mkdir(parents=True)
    ok("new", "story-points", "Far Rider", "-o", shared / "rider.json", "--set", "sp=4")
    assert window.action("add_folder") in window.menuBar().actions()[0].menu().actions()

    window.library.add_folder_dialog()
    dialog = window.library._file_dialog
    assert dialog.isVisible()                    # open(): shown, not blocking
    dialog.fileSelected.emit(str(shared))        # what choosing the folder does
    dialog.close()

    assert library.folders() == [shared.resolve()]
    rider = str(shared.resolve() / "rider.json")
    qtbot.waitUntil(lambda: window.library_model.row_for_path(rider) >= 0
                    and window.library_model.entries()[
                        window.library_model.row_for_path(rider)].name == "Far Rider")


def test_a_file_arriving_in_an_added_folder_is_listed(window, qtbot, tmp_path):
    shared = tmp_path / "Sync"
    shared.mkdir()
    window.library.add_folder(shared)
    window.library_model.start_watching()
    ok("new", "story-points", "Late Comer", "-o", shared / "late.json", "--set", "sp=4")
    late = str(shared.resolve() / "late.json")
    qtbot.waitUntil(lambda: window.library_model.row_for_path(late) >= 0, timeout=5000)
