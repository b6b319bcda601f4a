"""Undo follows the user's focus: after a pool spend made with the mouse, Ctrl+Z in the
campaign tab takes the spend back (the focus never lands in a text field, which would
take the key for its own undo), and the pool's line about the spend is cleared."""
# ruff: noqa: F811 - the campaign fixtures imported below are test arguments
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from tests.ui.test_campaign_ui import party, tab  # noqa: F401 - fixtures


def _ledger(path) -> list:
    return json.loads(path.read_text())["ledger"]


def test_ctrl_z_after_a_pool_spend_takes_the_spend_back(window, tab, party, qtbot):
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    pool = tab.pool_view
    pool.players.setValue(2)
    qtbot.mouseClick(pool.start_button, Qt.MouseButton.LeftButton)
    pool.by.setEditText("Nyra")
    pool.check_id.setText("3")
    upgrade = pool.spend_buttons[("fortune", "upgrade")]
    assert upgrade.isEnabled()
    upgrade.setFocus()
    qtbot.mouseClick(upgrade, Qt.MouseButton.LeftButton)
    assert len(_ledger(party["camp"])) == 2
    assert pool.message.text(), "the spend is described"
    assert not upgrade.isEnabled(), "the same spend again is refused"
    focus = QApplication.focusWidget()
    assert not isinstance(focus, QLineEdit), f"the spend moved the focus into {focus}"
    assert focus is not None and tab.isAncestorOf(focus)
    qtbot.waitUntil(lambda: window.action("undo").isEnabled())
    QTest.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(_ledger(party["camp"])) == 1)
    qtbot.waitUntil(lambda: pool.message.text() == "")
    assert "upgrade" not in pool.message.text().lower()


def test_ctrl_z_in_a_text_field_with_its_own_edits_undoes_the_typing(window, tab,
                                                                    party, qtbot):
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    pool = tab.pool_view
    qtbot.mouseClick(pool.start_button, Qt.MouseButton.LeftButton)
    assert len(_ledger(party["camp"])) == 1
    pool.talent.setFocus()
    qtbot.waitUntil(pool.talent.hasFocus)
    QTest.keyClicks(pool.talent, "Peril Turner")
    QTest.keyClick(pool.talent, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert pool.talent.text() != "Peril Turner"       # the field's own undo
    assert len(_ledger(party["camp"])) == 1            # the campaign is untouched


def test_ctrl_z_in_an_untouched_text_field_is_the_tabs_undo(window, tab, party,
                                                            qtbot):
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    pool = tab.pool_view
    qtbot.mouseClick(pool.start_button, Qt.MouseButton.LeftButton)
    assert len(_ledger(party["camp"])) == 1
    pool.earn_reason.setFocus()
    qtbot.waitUntil(pool.earn_reason.hasFocus)
    qtbot.waitUntil(lambda: window.action("undo").isEnabled())
    QTest.keyClick(pool.earn_reason, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: _ledger(party["camp"]) == [])
