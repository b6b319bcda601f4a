"""The session: tabs come back in their order with the one in front in front; Del on an
open character asks, and undoing the move to the trash reopens its tab; the sample
characters opened again are the library's copies, not new ones."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from builder.storage.files import list_library
from tests.helpers import ok
from tests.ui.conftest import SENNA, make_character


def test_tabs_come_back_in_their_order_with_the_front_one_in_front(qtbot, isolated_data):
    from builder.ui.main_window import MainWindow

    senna = make_character("Senna", *SENNA)
    joss = make_character("Joss", "sp=3", "vital.Perception=4", "skill.Observation=1")
    camp = Path(ok("campaign", "new", "Iron Coast", "--ruleset", "story-points",
                   "--member", senna).out.strip())
    win = MainWindow(restore=False)
    qtbot.addWidget(win)
    win.documents.open_campaign(camp)
    win.documents.open_path(senna)
    front = win.documents.open_path(joss)
    win.tabs.setCurrentWidget(front)
    assert [win.tabs.tabText(i) for i in range(win.tabs.count())] == \
        ["Library", "⚑ Iron Coast", "Senna", "Joss"]
    win.close()
    for editor in win.documents.editors():
        editor.doc.stop_watching()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    again.settings.reopen_tabs()
    assert [again.tabs.tabText(i) for i in range(again.tabs.count())] == \
        ["Library", "⚑ Iron Coast", "Senna", "Joss"]
    assert again.tabs.currentWidget() is again.documents.editor_for_path(joss)
    for editor in again.documents.editors():
        editor.doc.stop_watching()


def test_del_on_an_open_character_asks_and_undo_reopens_its_tab(window, qtbot):
    path = make_character("Senna", *SENNA)
    editor = window.documents.open_path(path)
    window.documents.show_library()
    window.library_model.refresh()
    window.library_page.select_path(str(path))
    assert window.action("trash").isEnabled()
    window.action("trash").trigger()
    box = window.library.trash_question
    assert box.isVisible() and "Senna" in box.text() and "tab closes" in box.text()
    box.button(box.StandardButton.Cancel).click()
    assert path.exists() and window.documents.editor_for_path(path) is editor
    window.action("trash").trigger()
    box = window.library.trash_question
    move = next(b for b in box.buttons() if b.text() == "Move to Trash")
    move.click()
    qtbot.waitUntil(lambda: not path.exists())
    assert window.documents.editors() == []
    window.action("undo").trigger()
    assert path.exists()
    qtbot.waitUntil(lambda: window.documents.editor_for_path(path) is not None)
    assert window.tabs.currentWidget() is window.documents.editor_for_path(path)


def test_opening_the_samples_again_opens_the_copies_already_there(window):
    first = window.library.open_samples()
    assert len(first) == 3 and len(list_library()) == 3
    for index in range(window.tabs.count() - 1, 0, -1):
        window.documents.close_tab(index)
    QApplication.processEvents()
    again = window.library.open_samples()
    assert sorted(map(str, again)) == sorted(map(str, first))
    assert len(list_library()) == 3                 # no silent copies
    assert len(window.documents.editors()) == 3
