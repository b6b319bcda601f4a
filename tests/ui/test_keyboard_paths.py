"""Keyboard paths: Ctrl+5 puts the focus in the Possessions page it shows; Down leaves
the shop's search for the list and Enter buys; a chip digit moves on to the next
ability; the pool starts a session with Alt+S and spends with Alt+1..6."""
# ruff: noqa: F811 - the campaign fixtures imported below are test arguments
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tests.ui.test_campaign_ui import party, tab  # noqa: F401 - fixtures
from tests.rulesets.vogelfrei.ui.test_vogelfrei_possessions_ui import ledger, make


def _active(window, qtbot) -> None:
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


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


def test_a_chip_digit_moves_on_to_the_next_ability(qtbot):
    from builder.storage.rulesets import load_ruleset
    from builder.rulesets.ability_bonuses.ui.form import AbilityBonusesForm

    form = AbilityBonusesForm(load_ruleset("ability-bonuses"))
    qtbot.addWidget(form)
    form.show()
    form.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is form)
    form.slot("MIG").setFocus()
    qtbot.waitUntil(form.slot("MIG").hasFocus)
    for key in (Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_1, Qt.Key.Key_0):
        QTest.keyClick(QApplication.focusWidget(), key)
    assert form.assignment() == {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}


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
    from tests.ui.test_real_drags import FIGHTER

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


def test_the_spells_not_possible_now_say_why_without_a_mouse(qtbot):
    from builder.rulesets.story_points.ui.dialogs import ClassAdvanceDialog
    from builder.ui.document import CharacterDocument
    from tests.ui.conftest import make_character
    from tests.ui.walk import CLERIC

    doc = CharacterDocument.open(make_character("Senna", *CLERIC))
    option = next(o for o in doc.options() if o.kind == "class" and o.allowed
                  and o.extra.get("casts_spells"))
    blocked = option.extra["choices"]["blocked_spells"]
    assert blocked
    dialog = ClassAdvanceDialog(option)
    qtbot.addWidget(dialog)
    note = dialog.findChild(QLabel, "blockedSpells")
    for spell, reasons in blocked.items():
        assert spell in note.text() and all(reason in note.text() for reason in reasons)
    assert dialog.spell.accessibleDescription() == note.text()      # read out with the box
    doc.stop_watching()
