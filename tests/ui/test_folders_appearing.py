"""Library folders that do not exist when the window starts (a fresh data folder, a
campaigns folder made later, a folder added to the library later): once they appear,
the window follows them as it follows the folders it started with.  Its Library tab
lists the characters written into them, and the sync engines' conflict copies in them
are taken in."""
from __future__ import annotations

import shutil

import pytest

from tests.helpers import ok

COPY = "Senna.sync-conflict-20261202-120000-ABCDEFG.json"


@pytest.fixture
def fresh_data(tmp_path, monkeypatch):
    """A data folder that does not exist yet (nor the folder it is to be made in)."""
    data = tmp_path / "fresh" / "data"
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(data))
    return data


def settled(window, qtbot) -> None:
    """The window settled and its start's look at the folders is over: what comes
    later, only the folders' watch can bring in."""
    window.settle()
    qtbot.waitUntil(lambda: window.sync_intake.last is not None)


def listed(window, path) -> bool:
    return window.library_model.row_for_path(path) >= 0


def test_a_data_folder_made_after_the_start_is_followed(fresh_data, window, qtbot):
    assert not fresh_data.parent.exists()
    settled(window, qtbot)
    senna = fresh_data / "characters" / "Senna.json"
    ok("new", "story-points", "Senna", "--set", "sp=16")     # makes data/characters
    assert senna.exists()
    qtbot.waitUntil(lambda: listed(window, senna), timeout=5000)

    copy = senna.with_name(COPY)
    shutil.copy(senna, copy)
    ok("new", "story-points", "Tomas", "--set", "sp=9")       # the folder changes again
    qtbot.waitUntil(lambda: not copy.exists(), timeout=5000)
    assert window.statusBar().currentMessage() == f"{COPY} was taken into Senna.json"
    qtbot.waitUntil(lambda: listed(window, senna.with_name("Tomas.json")), timeout=5000)
    assert not listed(window, copy)


def test_a_campaigns_folder_made_after_the_start_is_followed(window, qtbot, isolated_data):
    (isolated_data / "characters").mkdir()
    settled(window, qtbot)
    table = isolated_data / "campaigns" / "Table.json"
    ok("campaign", "new", "Table", "--ruleset", "story-points")
    assert table.exists()
    model = window.campaign_model
    qtbot.waitUntil(lambda: model.row_for_path(table) >= 0, timeout=5000)

    copy = table.with_name("Table.sync-conflict-20261202-120000-ABCDEFG.json")
    shutil.copy(table, copy)
    qtbot.waitUntil(lambda: not copy.exists(), timeout=5000)
    assert window.statusBar().currentMessage() == f"{copy.name} was taken into Table.json"


def test_a_folder_added_later_is_followed(window, qtbot, tmp_path):
    """Added in the window, and on the command line while the window is open: its
    characters are listed and its conflict copies taken in, also in a campaigns
    folder made in it afterwards."""
    settled(window, qtbot)
    shared = tmp_path / "Sync" / "party"
    shared.mkdir(parents=True)
    window.library.add_folder(shared)
    rook = shared.resolve() / "rook.json"
    ok("new", "story-points", "Rook", "-o", rook, "--set", "sp=9")
    qtbot.waitUntil(lambda: listed(window, rook), timeout=5000)
    copy = rook.with_name("rook.sync-conflict-20261202-120000-ABCDEFG.json")
    shutil.copy(rook, copy)
    qtbot.waitUntil(lambda: not copy.exists(), timeout=5000)

    table = shared.resolve() / "campaigns" / "table.json"
    table.parent.mkdir()
    ok("campaign", "new", "Table", "-o", table, "--ruleset", "story-points")
    model = window.campaign_model
    qtbot.waitUntil(lambda: model.row_for_path(table) >= 0, timeout=5000)
    copy = table.with_name("table.sync-conflict-20261202-120000-ABCDEFG.json")
    shutil.copy(table, copy)
    qtbot.waitUntil(lambda: not copy.exists(), timeout=5000)

    other = tmp_path / "Dropbox"
    other.mkdir()
    ok("new", "story-points", "Far Rider", "-o", other / "rider.json", "--set", "sp=4")
    ok("library", "add", other)                      # the command line, window open
    qtbot.waitUntil(lambda: listed(window, other.resolve() / "rider.json"), timeout=5000)


def test_a_watch_says_nothing_of_other_files_beside_a_folder_to_come(qtbot, tmp_path):
    """Waiting for a folder, the watch stands on the folder above it: a file written
    there (a settings file beside the data folder) is no change of the library; the
    folder made, and then a file in it, are."""
    from builder.ui.folder_watch import FolderWatch

    folder = tmp_path / "data" / "characters"
    watch = FolderWatch()
    watch.watch([folder])
    assert watch.directories() == [str(tmp_path)]
    with qtbot.assertNotEmitted(watch.changed, wait=300):
        (tmp_path / "other.conf").write_text("x")
    with qtbot.waitSignal(watch.changed):
        folder.mkdir(parents=True)
    assert watch.directories() == [str(folder)]
    with qtbot.waitSignal(watch.changed):
        (folder / "Senna.json").write_text("{}")
    watch.stop()
    assert watch.directories() == []
