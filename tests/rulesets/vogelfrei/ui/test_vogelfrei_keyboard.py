"""The Vogelfrei window parts by keyboard alone: a level-up from the library's search, and
Ctrl+5's Possessions page, where Down leaves the shop's search for the list and Enter
buys what it found."""
# ruff: noqa: F811 - the window fixture imported below is a test argument
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.helpers import ok
from tests.rulesets.vogelfrei.ui.test_vogelfrei_possessions_ui import make
from tests.ui.test_keyboard import (ALT, CTRL, K, focus, ledger, press, shown,  # noqa: F401
                                    type_text, wait_dialog)
from tests.ui.test_keyboard_paths import _active


def test_vogelfrei_level_up_with_the_keyboard(shown, qtbot):
    from tests.rulesets.vogelfrei.ui.test_vogelfrei_ui import make

    window = shown
    path = make("Greta")
    ok("do", str(path), "award-xp", "2500", "--session", "4")
    window.library_model.refresh()
    press(K.Key_F, CTRL)                          # the library's search
    assert focus() is window.library_page.search
    type_text("Greta")
    press(K.Key_Tab)
    assert focus() is window.library_page.view    # one Tab: the table
    press(K.Key_Down)
    press(K.Key_Return)                           # opens it
    qtbot.waitUntil(lambda: window.documents.current_doc() is not None)
    editor = window.documents.current_editor()
    press(K.Key_L, ALT)                           # "&Level up…"
    dialog = wait_dialog(qtbot, "levelUpDialog")
    press(K.Key_S, ALT)                           # "&Session:"
    assert focus() is dialog.session and dialog.session.text() == "4"
    press(K.Key_Tab)
    assert focus() is dialog.stamina.spin
    type_text("3")
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    press(K.Key_Return)
    qtbot.waitUntil(lambda: ledger(path)[-1]["action"] == "level-up")
    assert ledger(path)[-1]["roll"] == 3
    assert editor.doc.derived()["level"] == 2


def test_ctrl_5_focuses_the_shop_and_enter_buys_what_the_search_found(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    _active(window, qtbot)
    editor.act_tabs[4].trigger()                         # Ctrl+5
    page = editor.possessions
    assert editor.side_tabs.currentWidget() is page
    qtbot.waitUntil(page.search_edit.hasFocus)          # the shop's search, to type in
    QTest.keyClicks(page.search_edit, "wams")
    QTest.keyClick(page.search_edit, Qt.Key.Key_Down)
    assert page.shop_view.hasFocus() and page.shop_view.currentIndex().isValid()
    before = len(ledger(path))
    QTest.keyClick(page.shop_view, Qt.Key.Key_Return)
    assert len(ledger(path)) == before + 1 and ledger(path)[-1]["action"] == "buy"
    assert "wams" in json.dumps(ledger(path)[-1]).lower()        # the match, not row 0
