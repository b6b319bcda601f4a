"""The window and a shared folder: a sync engine's conflict copy taken in on start,
the lasting bar naming the device the entries came from, the open tab following,
the Conflicts page with the suspended entry and why, a ruling and its undo."""
from __future__ import annotations

import json
import shutil

import pytest

from tests.helpers import cli, ok

COPY = "mira.sync-conflict-20261201-201500-ABCDEFG.json"


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def diverged(isolated_data, tmp_path, monkeypatch):
    """Mira in the library with Agility raised here; on Bob's laptop (another device:
    its own state folder) the copy raised Presence, for which the SP do not last
    once both are merged; Syncthing left Bob's version beside the file."""
    folder = isolated_data / "characters"
    folder.mkdir()
    mira = folder / "mira.json"
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Ann's laptop")
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=5")
    bob = tmp_path / "bob.json"
    shutil.copy(mira, bob)
    ok("do", mira, "raise-vital", "Agility")
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(tmp_path / "bob-data"))
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Bob's laptop")
    ok("do", bob, "raise-vital", "Presence")
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(isolated_data))
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Ann's laptop")
    shutil.copy(bob, folder / COPY)
    return mira, folder / COPY


def states(path):
    """(applied verbs' targets, suspended ones, revoked ones) of a character file."""
    doc = load(path)
    return ([e["name"] for e in doc["ledger"]],
            [s["entry"]["name"] for s in doc.get("suspended", []) if "ruling" not in s],
            [e["name"] for e in doc.get("revoked", [])])


def test_copy_taken_in_bar_page_ruling_and_undo(window, qtbot, diverged, tmp_path,
                                                 isolated_data, monkeypatch):
    from builder.ui.conflicts_page import ConflictsPage

    mira, copy = diverged
    editor = window.documents.open_path(mira) or window.documents.editor_for_path(mira)
    window.settle()                                   # the start's intake
    intake = window.sync_intake
    qtbot.waitUntil(lambda: intake.bar is not None and not intake.bar.isHidden())
    text = intake.bar.label.text()
    assert text.startswith("Synced in: 1 entry from Bob's laptop (Mira)")
    assert "waits for a ruling" in text
    assert not copy.exists() and states(mira) == (["Agility"], ["Presence"], [])
    # the open tab took the merged file, as for any change on disk
    assert editor.doc.cf.raw == mira.read_bytes() and not editor.doc.conflict

    intake.conflicts_button.click()
    page = window.tabs.currentWidget()
    assert isinstance(page, ConflictsPage) and page.path == mira
    rows = [page.timeline.topLevelItem(i) for i in range(page.timeline.topLevelItemCount())]
    assert [(r.text(1), r.text(2), r.text(3)) for r in rows] == [
        ("Ann's laptop", "Raised Agility to 2", "applied"),
        ("Bob's laptop", "Raised Presence to 2", "⚠ suspended: needs a ruling")]
    reason = page.findChild(type(page.heading), "conflictReason").text()
    assert reason.startswith("Why: needs 4 SP, 1 unspent: first Raised Agility to 2")
    assert "then Raised Presence to 2" in reason and "on Bob's laptop" in reason

    page.choice_button("Revoke the other").click()
    assert states(mira) == (["Presence"], [], ["Agility"])
    assert page.report is not None and page.report.conflicts == ()
    assert editor.doc.cf.raw == mira.read_bytes()

    window.action("undo").trigger()                         # Ctrl+Z: the ruling taken back
    assert states(mira) == (["Agility"], ["Presence"], [])
    # the undo is an entry too (reopen): the revoke stays in the file, taken back
    assert [r["ruling"] for r in load(mira)["resolutions"]] == ["revoke", "reopen"]
    assert len(page.report.conflicts) == 1
    window.action("redo").trigger()
    assert states(mira) == (["Presence"], [], ["Agility"])
    window.action("undo").trigger()
    ok("resolve", mira, page.report.conflicts[0].entry.id, "--keep")  # another program
    qtbot.waitUntil(lambda: page.report.conflicts == ())
    assert "kept as the GM's ruling" in page.timeline.topLevelItem(1).text(3)
    qtbot.waitUntil(lambda: editor.doc.conflict)     # the open tab: changed on disk ...
    editor.doc.reload()                              # ... and the player reloads it

    window.documents.close_tab(window.tabs.indexOf(page))
    assert window.tabs.indexOf(page) < 0

    # a copy arriving while the window is open: the folder's watch takes it in
    bob, dropbox = tmp_path / "bob.json", copy.with_name("mira (Bob's conflicted copy).json")
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(tmp_path / "bob-data"))
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Bob's laptop")
    ok("do", bob, "raise-skill", "Melee")
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(isolated_data))
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Ann's laptop")
    shutil.copy(bob, dropbox)
    qtbot.waitUntil(lambda: not dropbox.exists())
    assert intake.bar.label.text() == "Synced in: 1 entry from Bob's laptop (Mira)"
    assert not intake.conflicts_button.isVisibleTo(intake.bar)
    assert states(mira) == (["Agility", "Melee"], [], [])
    assert editor.doc.cf.raw == mira.read_bytes() and not editor.doc.conflict


def test_a_copy_of_this_device_s_own_entries_shows_no_bar(window, qtbot, isolated_data):
    folder = isolated_data / "characters"
    folder.mkdir()
    mira = folder / "mira.json"
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=9")
    shutil.copy(mira, folder / COPY)
    ok("do", folder / "mira.json", "raise-vital", "Agility")
    shutil.copy(mira, folder / "later.json")
    ok("undo", mira)
    shutil.copy(folder / "later.json", folder / COPY)
    (folder / "later.json").unlink()
    window.settle()
    qtbot.waitUntil(lambda: not (folder / COPY).exists())
    assert window.sync_intake.bar is None
    # no bar, no tab to follow: the status line says where the copy went
    assert window.statusBar().currentMessage() == f"{COPY} was taken into mira.json"
    # the undo stays: the copy's Agility raise is kept withdrawn, not applied again
    assert load(mira)["ledger"] == [] and len(load(mira)["withdrawn"]) == 1


def test_a_campaign_s_double_spend_on_its_conflicts_page(window, isolated_data, tmp_path,
                                                        monkeypatch):
    """The last Fortune Point spent on two laptops: the page says why in words, with
    the pool's figures now and after each ruling; Revoke this, then Undo."""
    from builder.ui.conflicts_page import open_conflicts

    table, bob = isolated_data / "table.json", tmp_path / "bob.json"
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Ann's laptop")
    ok("campaign", "new", "Table", "-o", table, "--ruleset", "story-points")
    ok("pool", "start", table, "--players", "1")
    shutil.copy(table, bob)
    ok("pool", "spend", table, "fortune", "--check", "1", "--by", "Ann", "--for", "upgrade")
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Bob's laptop")
    ok("pool", "spend", bob, "fortune", "--check", "2", "--by", "Bob", "--for", "upgrade")
    assert cli("merge", bob, "-o", table).code == 1         # a suspended entry left open
    page = open_conflicts(window, table)
    assert page is not None and page.report is not None
    (conflict,) = page.report.conflicts
    assert conflict.reason.startswith("no Fortune Points left: first Ann spent a Fortune Point")
    assert "on Bob's laptop" in conflict.reason
    assert conflict.figures == (("Fortune", "0"), ("Peril", "2"))
    assert [c.label for c in conflict.choices] == [
        "Revoke this entry", "Revoke the other", "Keep both (GM's ruling)"]
    page.choice_button("Revoke this entry").click()
    assert ok("conflicts", table).out.strip() == "no conflicts"
    doc = load(table)
    assert [e["by"] for e in doc["revoked"]] == ["Bob"] and page.report.conflicts == ()
    window.action("undo").trigger()
    assert "revoked" not in load(table) and len(page.report.conflicts) == 1


@pytest.mark.parametrize("name", [COPY, "mira (1).json"])
def test_a_tab_holding_a_copy_shows_the_file_it_was_taken_into(window, qtbot, diverged,
                                                               name):
    """A copy a player opened (File ▸ Open: a sync engine's conflict copy, or a copy a
    file manager made) is taken in: its tab shows the file kept, in the copy's place
    and still the current tab, with every entry of both."""
    mira, copy = diverged
    if copy.name != name:
        copy = copy.rename(copy.with_name(name))
    ok("new", "story-points", "Ned", "-o", mira.with_name("ned.json"))
    opened = window.documents.open_file(copy)
    window.documents.open_file(mira.with_name("ned.json"))        # a tab after it
    window.tabs.setCurrentWidget(opened)
    place = window.tabs.indexOf(opened)
    assert opened is not None and place == 1 and window.tabs.count() == 3
    window.settle()                                   # the start's intake
    qtbot.waitUntil(lambda: not copy.exists())
    kept = window.documents.editor_for_path(mira)
    assert kept is not None and window.documents.editor_for_path(copy) is None
    assert window.tabs.currentWidget() is kept and window.tabs.indexOf(kept) == place
    assert states(mira) == (["Agility"], ["Presence"], [])
    assert kept.doc.cf.raw == mira.read_bytes()
    assert f"{name} was taken into mira.json" in window.statusBar().currentMessage()
