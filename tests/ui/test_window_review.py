"""What a new-user review of the real window found (REVIEW in the README's window part):
each test drives the window as the user did, with key events sent to the focus (what it
found in one rule system's own window parts is tested in that system's tests/rulesets
folder)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.helpers import ok
from tests.rule_systems import BUILTIN_IDS
from tests.ui.test_keyboard import CTRL, K, back_to, focus, press, type_text, wait_dialog

SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def shown(window, qtbot):
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def test_a_hidden_characters_keys_stay_asleep_after_the_character_menu_was_opened(shown, qtbot):
    """The Character menu once held Senna's actions after it was opened on her tab; they
    stayed live through the menu bar: Ctrl+Shift+A opened Senna's Award from the library
    and every editor key clashed ("Ambiguous shortcut overload") on Greta's tab."""
    from tests.ui.conftest import SENNA, make_character
    from tests.rulesets.vogelfrei.ui.test_vogelfrei_ui import make

    window = shown
    senna = window.documents.open_path(make_character("Senna", *SENNA))
    window.actions_controller.character_menu.aboutToShow.emit()          # the user opens the Character menu
    assert senna.act_award in window.actions_controller.character_menu.actions()
    greta = window.documents.open_path(make("Greta"))
    assert senna.act_award not in window.actions_controller.character_menu.actions()
    press(K.Key_2, CTRL)                              # Greta's second page
    assert greta.side_tabs.currentIndex() == 1
    press(K.Key_A, CTRL | SHIFT)
    dialog = wait_dialog(qtbot, "awardXpDialog")     # Greta's, not Senna's Award
    assert dialog.parent() is greta
    press(K.Key_Escape)
    back_to(qtbot, window)
    press(K.Key_L, CTRL)                              # the library: no editor's Award
    press(K.Key_A, CTRL | SHIFT)
    QApplication.processEvents()
    assert QApplication.activeModalWidget() is None


def test_new_campaign_key_works_before_its_menu_was_ever_opened(shown, qtbot):
    press(K.Key_N, CTRL | SHIFT)
    dialog = wait_dialog(qtbot, "newCampaignDialog")
    press(K.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_undo_and_redo_say_what_they_undid(shown, qtbot):
    from tests.ui.conftest import SENNA, make_character

    window = shown
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    assert editor.options_panel.select("skill", "Occult")
    editor.options_panel.take_button.click()
    taken = editor.doc.undo_stack.text(editor.doc.undo_stack.index() - 1)
    assert taken and "Occult" in taken
    press(K.Key_Z, CTRL)
    assert window.statusBar().currentMessage() == f"Undone: {taken}"
    press(K.Key_Z, CTRL | SHIFT)
    assert window.statusBar().currentMessage() == f"Redone: {taken}"


def test_tab_from_the_name_goes_into_each_creation_form_and_the_buttons_come_last(shown, qtbot):
    press(K.Key_N, CTRL)
    dialog = wait_dialog(qtbot, "newCharacterDialog")
    for ruleset in BUILTIN_IDS:
        dialog.choose_ruleset(ruleset)
        dialog.name_edit.setFocus()
        press(K.Key_Tab)
        assert dialog.form.isAncestorOf(focus()), (ruleset, focus().objectName())
        seen = []
        while focus() not in (dialog.create_button, dialog.buttons.buttons()[-1]) \
                and len(seen) < 200:
            seen.append(focus())
            press(K.Key_Tab)
        assert seen and all(dialog.form.isAncestorOf(w) for w in seen), ruleset
    press(K.Key_Escape)


def test_down_in_a_search_field_goes_to_the_first_match_and_enter_takes_it(shown, qtbot):
    from tests.ui.conftest import SENNA, make_character

    window = shown
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    press(K.Key_F, CTRL)
    assert focus() is editor.options_panel.search
    type_text("Occult")
    press(K.Key_Down)
    assert focus() is editor.options_panel.view
    assert editor.options_panel.current_option().name == "Occult"
    before = len(editor.doc.cf.ledger)
    press(K.Key_Return)
    assert len(editor.doc.cf.ledger) == before + 1
    # the library's search: Enter goes to the first match too, a second Enter opens it
    press(K.Key_L, CTRL)
    press(K.Key_F, CTRL)
    assert focus() is window.library_page.search
    type_text("Senna")
    press(K.Key_Return)
    assert focus() is window.library_page.view
    assert window.library_page.view.currentIndex().row() == 0


def test_the_campaign_ledger_speaks_the_players_words(window):
    from tests.ui.conftest import make_character

    senna = make_character("Senna", "sp=10", "vital.Cognition=2", "vital.Presence=2")
    joss = make_character("Joss", "sp=10", "vital.Agility=2", "vital.Endurance=2")
    camp = ok("campaign", "new", "Coast", "--ruleset", "story-points", "--member", senna,
              "--member", joss).out.strip()
    ok("campaign", "award", camp, "award-checkpoint", "The Drowned Fort", "Opened the gate")
    ok("campaign", "exchange", camp, senna, "raise-skill Medicine", joss,
       "raise-skill Athletics")
    view = window.documents.open_campaign(camp)
    rows = [view.ledger_model.index(r, 1).data() for r in range(view.ledger_model.rowCount())]
    assert rows[0] == ("Party award: Awarded checkpoint Opened the gate (The Drowned Fort) "
                       "(Senna, Joss)")
    assert rows[1].startswith("Training Exchange: Senna: ") and "Joss: " in rows[1]
    assert not any(word in " ".join(rows) for word in ("award-checkpoint", "raise-skill"))
    # the command line keeps its command words
    assert ok("undo", camp).out.startswith("undone: Training Exchange: Senna: raise-skill")


def test_starting_a_session_shows_no_reasons_before_the_user_types(window):
    from builder.ui.pool_view import HINT
    from tests.rulesets.vogelfrei.ui.test_vogelfrei_ui import make

    camp = ok("campaign", "new", "Raid", "--ruleset", "vogelfrei", "--member",
              str(make("Greta"))).out.strip()
    pool = window.documents.open_campaign(camp).pool_view
    pool.start_button.click()
    # it said "the check id cannot be empty" in red before anything was typed
    assert pool.reasons.text() == HINT and "color" not in pool.reasons.styleSheet()
    assert "Session 1 started" in pool.message.text() and not pool.message.styleSheet()


def test_ctrl_e_exports_while_a_text_field_has_the_focus(shown, qtbot, monkeypatch):
    """On Linux a line edit reads Ctrl+E as 'end of line': Export PDF did nothing while
    the focus was in the Wounds amount or a filter field."""
    from tests.ui.conftest import SENNA, make_character

    window = shown
    window.documents.open_path(make_character("Senna", *SENNA))
    called = []
    monkeypatch.setattr(type(window.export), "export_pdf", lambda self: called.append(True))
    window.action("export_pdf").triggered.disconnect()
    window.action("export_pdf").triggered.connect(lambda: window.export.export_pdf())
    press(K.Key_F, CTRL)
    type_text("Occult")
    press(K.Key_E, CTRL)
    assert called == [True]
    press(K.Key_Z, CTRL)              # the field's own undo still is the field's
    assert window.documents.current_editor().options_panel.search.text() == ""
    # the choice itself (Linux's key bindings, which make a field take Ctrl+E, are not
    # the test platform's): the window's Ctrl+E, the field's Ctrl+Z and Ctrl+C
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent

    from builder.ui.input_policy import _window_key

    field = window.documents.current_editor().options_panel.search

    def override(key):
        return QKeyEvent(QEvent.Type.ShortcutOverride, key, CTRL)

    assert _window_key(field, override(K.Key_E))
    # Ctrl+Z is the field's while it has edits of its own to take back, else the tab's
    assert _window_key(field, override(K.Key_Z)) and not field.isUndoAvailable()
    field.insert("x")
    assert not _window_key(field, override(K.Key_Z)) and not _window_key(field, override(K.Key_C))


def test_tab_leaves_a_text_box(shown, qtbot):
    """Who Is This Character: Tab in Appearance typed a tab character, and the keyboard
    could not leave the box."""
    from PySide6.QtWidgets import QPlainTextEdit, QTextEdit

    from tests.ui.conftest import SENNA, make_character

    window = shown
    window.documents.open_path(make_character("Senna", *SENNA))
    window.action("identity").trigger()
    dialog = wait_dialog(qtbot, QApplication.activeModalWidget().objectName())
    boxes = [w for kind in (QTextEdit, QPlainTextEdit) for w in dialog.findChildren(kind)
             if not w.isReadOnly()]
    assert boxes
    boxes[0].setFocus()
    qtbot.waitUntil(lambda: focus() is boxes[0])
    type_text("Tall")
    press(K.Key_Tab)
    assert focus() is not boxes[0] and boxes[0].toPlainText() == "Tall"
    press(K.Key_Escape)


def test_ctrl_page_down_and_up_walk_the_windows_tabs_wherever_the_focus_is(shown, qtbot):
    from tests.ui.conftest import SENNA, make_character
    from tests.rulesets.vogelfrei.ui.test_vogelfrei_ui import make

    window = shown
    senna = window.documents.open_path(make_character("Senna", *SENNA))
    window.documents.open_path(make("Greta"))
    window.tabs.setCurrentWidget(senna)
    senna.options_panel.search.setFocus()
    qtbot.waitUntil(lambda: focus() is senna.options_panel.search)
    press(K.Key_PageDown, CTRL)
    assert window.tabs.currentIndex() == 2
    press(K.Key_PageDown, CTRL)
    assert window.tabs.currentIndex() == 0          # wraps to the Library
    press(K.Key_PageUp, CTRL)
    assert window.tabs.currentIndex() == 2


def test_counts_read_in_the_right_number():
    from builder.ui.wording import count

    assert count(1, "member") == "1 member" and count(3, "member") == "3 members"
    assert count(0, "other spell") == "0 other spells"
    assert count(2, "survivor", "survivors") == "2 survivors"
