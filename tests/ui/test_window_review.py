"""What a new-user review of the real window found (REVIEW in the README's window part):
each test drives the window as the user did, with key events sent to the focus."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.helpers import ok
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
    from tests.ui.test_vogelfrei_ui import make

    window = shown
    senna = window.open_path(make_character("Senna", *SENNA))
    window.character_menu.aboutToShow.emit()          # the user opens the Character menu
    assert senna.act_award in window.character_menu.actions()
    greta = window.open_path(make("Greta"))
    assert senna.act_award not in window.character_menu.actions()
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
    editor = window.open_path(make_character("Senna", *SENNA))
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
    for ruleset in ("story-points", "vogelfrei", "ability-bonuses"):
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
    editor = window.open_path(make_character("Senna", *SENNA))
    press(K.Key_F, CTRL)
    assert focus() is editor.options_panel.search
    type_text("Occult")
    press(K.Key_Down)
    assert focus() is editor.options_panel.view
    assert editor.options_panel.current_option()["name"] == "Occult"
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


def test_a_vogelfrei_campaign_offers_no_command_words_and_no_empty_xp_award(window, qtbot):
    from tests.ui.test_campaign_ui import xp
    from tests.ui.test_vogelfrei_ui import make

    greta = make("Greta")
    camp = ok("campaign", "new", "Raid", "--ruleset", "vogelfrei", "--member", str(greta))
    view = window.open_campaign(camp.out.strip())
    # Vogelfrei shares XP with its own dialog; its party award had only "Other action
    # (its words)" with a command-line example to type
    assert not view.award_button.isVisibleTo(view) and view.xp_button.isVisibleTo(view)
    before = xp(greta)
    view.xp_button.click()
    dialog = view.dialog
    assert dialog.enemies.text() == "" and dialog.treasure.value() == 0
    assert not dialog.ok.isEnabled()                      # it wrote "XP ...: Greta 0"
    assert "nothing to award" in dialog.summary.text()
    dialog.treasure.setValue(300)
    assert dialog.ok.isEnabled(), dialog.summary.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    assert xp(greta) == before + 300
