"""Keyboard paths: the pool starts a session with Alt+S and spends with Alt+1..6 (a
greyed spend's key says why); a Class advance's trait picker reaches the blocked traits;
the first-start panel comes first; the chain page never widens a small window."""
# ruff: noqa: F811 - the campaign fixtures imported below are test arguments
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from tests.ui.test_campaign_ui import party, tab  # noqa: F401 - fixtures


def _active(window, qtbot) -> None:
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def test_the_pool_starts_a_session_and_spends_from_the_keyboard(window, tab, party,
                                                                 qtbot):
    _active(window, qtbot)
    pool = tab.pool_view
    pool.log.setFocus()
    qtbot.waitUntil(pool.log.hasFocus)
    QTest.keyClick(pool.log, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(json.loads(party["camp"].read_text())["ledger"]) == 1)
    pool.by.setEditText("Nyra")
    pool.check_id.setText("3")
    pool.log.setFocus()
    qtbot.waitUntil(pool.log.hasFocus)
    QTest.keyClick(pool.log, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(json.loads(party["camp"].read_text())["ledger"]) == 2)


def test_a_greyed_spends_key_says_why_instead_of_nothing(window, tab, party, qtbot):
    """A keyboard user sees no tooltip: the key of a spend the pool refuses says why in
    the message line, and writes nothing."""
    _active(window, qtbot)
    pool = tab.pool_view
    QTest.keyClick(pool.log, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(json.loads(party["camp"].read_text())["ledger"]) == 1)
    pool.log.setFocus()
    qtbot.waitUntil(pool.log.hasFocus)
    button = pool.spend_buttons[("fortune", "upgrade")]
    assert not button.isEnabled()                        # nobody chosen, no check named
    QTest.keyClick(pool.log, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    said = pool.message.text()
    assert said.startswith("Fortune: Upgrade Ability → Mastery is not possible now: ")
    assert all(reason in said for reason in pool.refused[button])
    assert len(json.loads(party["camp"].read_text())["ledger"]) == 1
    # a campaign that cannot be changed: every button is greyed, and its key leaves the
    # message that says why as it is
    pool.campaign.read_only = "coast.json: written by a newer version; read-only"
    pool.refresh()
    pool.by.setEditText("Nyra")
    pool.check_id.setText("3")
    from PySide6.QtGui import QKeySequence, QShortcut

    (key,) = [k for k in pool.findChildren(QShortcut) if k.key() == QKeySequence("Alt+1")]
    key.activated.emit()                      # the key, wherever the focus went
    assert pool.message.text() == "coast.json: written by a newer version; read-only"
    assert len(json.loads(party["camp"].read_text())["ledger"]) == 1


def test_the_trait_pickers_arrow_keys_reach_blocked_traits_and_say_why(window, qtbot):
    from builder.rulesets.story_points.ui.dialogs import ClassAdvanceDialog
    from tests.ui.conftest import make_character
    from tests.rulesets.story_points.ui.test_real_drags import FIGHTER

    editor = window.documents.open_path(make_character("Fighter", *FIGHTER))
    option = next(o for o in editor.doc.options() if o.kind == "class" and o.allowed)
    blocked = option.extra["choices"]["blocked_traits"]
    assert blocked
    dialog = ClassAdvanceDialog(option, editor)
    qtbot.addWidget(dialog)
    rows = dialog.traits.count()
    for _ in range(rows):
        QTest.keyClick(dialog.traits, Qt.Key.Key_Down)
    last = dialog.traits.currentItem()
    trait = last.data(Qt.ItemDataRole.UserRole)
    assert trait in blocked                                  # reached, not skipped
    assert dialog.trait_details.text() == f"{trait}: not possible now: " + "; ".join(blocked[trait])
    assert dialog.current_trait() is None and not dialog.ok.isEnabled()
    QTest.keyClick(dialog.traits, Qt.Key.Key_Home)
    assert dialog.trait_details.text().endswith("takes the new rank") and dialog.ok.isEnabled()


def test_the_first_start_panel_comes_first_with_the_keyboard(window, qtbot):
    _active(window, qtbot)
    window.settle()                      # what the start does after its first paint
    page = window.library_page
    assert page.table_stack.currentWidget() is page.first_start_area
    buttons = page.first_start.findChildren(QPushButton)
    assert len(buttons) == 3
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert QApplication.focusWidget() is buttons[0]
    stops = []
    for _ in range(3):
        stops.append(QApplication.focusWidget())
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert stops == buttons, [getattr(w, "text", lambda: w)() for w in stops]
    # Enter on a way in takes it, as Space does (the first opens New Character)
    assert all(button.autoDefault() for button in buttons)
    pressed = []
    buttons[0].clicked.disconnect()      # (not the dialog itself: the press is what counts)
    buttons[0].clicked.connect(lambda: pressed.append(True))
    QTest.keyClick(buttons[0], Qt.Key.Key_Return)
    assert pressed == [True]


def test_opening_the_chain_page_never_widens_a_small_window(window, qtbot):
    """At a large scale or on a small screen the chain page scrolls as a whole: its
    least size no longer holds the window (the other pages' size) wider or taller."""
    from tests.ui.conftest import SENNA, make_character

    editor = window.documents.open_path(make_character("Senna", *SENNA))
    window.show()
    qtbot.waitExposed(window)
    window.resize(400, 260)
    QApplication.processEvents()
    before = window.size()
    editor.show_chain()
    QApplication.processEvents()
    assert window.size() == before
    assert editor.chain_page.minimumSizeHint().width() < 400
    assert editor.chain_page.minimumSizeHint().height() < 260
    # at the window's own size the page fits without scrolling: Apply is in view
    from builder.ui.main_window import DEFAULT_SIZE

    window.resize(*DEFAULT_SIZE)
    QApplication.processEvents()
    area = editor.chain_page.page_area
    assert area.verticalScrollBar().maximum() == 0 and area.horizontalScrollBar().maximum() == 0
