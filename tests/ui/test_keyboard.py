"""Keyboard-only use, with key events only (sent to whatever has the focus, as a keyboard
would): choosing a rule system, the editor's keys wherever the focus is, the increase
Ctrl+1 acts on, the focus after a plan.  Each rule system's own paths (a character made
and advanced, a level-up, the bonus chips) are in tests/rulesets/<id>/ui/test_<id>_keyboard.py,
with the helpers here."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication


CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier
K = Qt.Key


def focus():
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def press(key, modifiers=NONE, times: int = 1) -> None:
    for _ in range(times):
        QTest.keyClick(focus(), key, modifiers)
        QApplication.processEvents()


def type_text(text: str) -> None:
    QTest.keyClicks(focus(), text)
    QApplication.processEvents()


def ledger(path) -> list[dict]:
    return json.loads(Path(path).read_text(encoding="utf-8"))["ledger"]


@pytest.fixture
def shown(window, qtbot):
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def wait_dialog(qtbot, name: str):
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not None
                    and QApplication.activeModalWidget().objectName() == name)
    dialog = QApplication.activeModalWidget()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None
                    and dialog.isAncestorOf(QApplication.focusWidget()))
    return dialog


def back_to(qtbot, window) -> None:
    """A dialog closed: the window is active again with the focus inside it (the
    window manager's part; the offscreen test platform has none)."""
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window
                    and QApplication.focusWidget() is not None)


def test_enter_on_a_rule_system_chooses_it_and_goes_on_to_the_name(shown, qtbot):
    press(K.Key_N, CTRL)
    dialog = wait_dialog(qtbot, "newCharacterDialog")
    assert focus() is dialog.ruleset_list and dialog.ruleset is None
    current = dialog.ruleset_list.currentItem()       # the first row, not chosen yet
    assert current is not None and not dialog.ruleset_list.selectedItems()
    press(K.Key_Return)
    assert dialog.ruleset is not None
    assert dialog.ruleset.id == current.data(Qt.ItemDataRole.UserRole)
    assert focus() is dialog.name_edit and dialog.isVisible()
    dialog.reject()


def test_editor_shortcuts_work_wherever_the_focus_is(shown, qtbot):
    from tests.ui.conftest import SENNA, make_character

    window = shown
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    window.tabs.tabBar().setFocus()               # as after a restart: focus outside the editor
    qtbot.waitUntil(lambda: focus() is window.tabs.tabBar())
    press(K.Key_3, CTRL)
    assert editor.pages.currentWidget() is editor.chain_page
    window.tabs.tabBar().setFocus()
    press(K.Key_A, CTRL | Qt.KeyboardModifier.ShiftModifier)
    dialog = wait_dialog(qtbot, "awardDialog")
    press(K.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    back_to(qtbot, window)
    press(K.Key_L, CTRL)                          # the library; the editor's keys sleep
    assert window.tabs.currentIndex() == 0
    press(K.Key_3, CTRL)
    assert window.tabs.currentIndex() == 0 and QApplication.activeModalWidget() is None


def test_ctrl_1_draws_the_increase_it_acts_on_as_chosen(window, qtbot):
    """Ctrl+1 puts the focus in the Increases list on a row that the details pane and
    Take increase act on: that row is drawn chosen (it had a faint outline only)."""
    from tests.ui.conftest import SENNA, make_character

    editor = window.documents.open_path(make_character("Senna", *SENNA))
    window.show()
    qtbot.waitExposed(window)
    view = editor.options_panel.view
    # as the list's focus-in leaves it in a real window: a current row, none selected
    view.selectionModel().clearSelection()
    view.selectionModel().setCurrentIndex(view.model().index(2, 0),
                                          view.selectionModel().SelectionFlag.NoUpdate)
    editor.act_increases.trigger()
    assert view.currentIndex().row() == 2 and view.selectionModel().isRowSelected(2)
    assert editor.options_panel.current_option() is not None


def test_after_the_plan_is_applied_the_focus_is_on_the_chain(shown, qtbot):
    """Space on Apply affordable steps takes the plan; the greyed button hands the focus
    to the chain (it went on to the next field, the Show box)."""
    from tests.ui.conftest import SENNA, make_character

    window = shown
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    editor.act_chain.trigger()
    page = editor.chain_page
    page.select_node("skill:Stealth")
    page.plan.target_spin.setValue(1)
    assert page.plan.apply_button.isEnabled()
    page.plan.apply_button.setFocus()
    qtbot.waitUntil(page.plan.apply_button.hasFocus)
    press(K.Key_Space)
    assert editor.doc.derived()["skills"]["Stealth"]["level"] == 1
    assert not page.plan.apply_button.isEnabled()
    assert focus() is page.view
