"""Keyboard-only use: a new character and every kind of increase, taken with key
events only (sent to whatever has the focus, as a keyboard would)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.helpers import ok

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


def rows(view) -> list[str]:
    model = view.model()
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def go_to_row(view, text: str) -> None:
    """Arrow keys (Home, then Down) until the current row is ``text``."""
    assert focus() is view
    press(K.Key_Home, CTRL)
    names = rows(view)
    press(K.Key_Down, times=names.index(text))
    assert view.currentIndex().siblingAtColumn(0).data() == text


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


def test_story_points_character_made_and_advanced_with_the_keyboard(shown, qtbot):
    window = shown
    # -- create: Ctrl+N, the ruleset by typing its name, Tab to the name, Enter -------------
    press(K.Key_N, CTRL)
    dialog = wait_dialog(qtbot, "newCharacterDialog")
    assert focus() is dialog.ruleset_list
    assert dialog.ruleset is None and not dialog.create_button.isEnabled()  # no preselection
    type_text("Story")
    assert dialog.ruleset.id == "story-points"
    press(K.Key_Tab)
    assert focus() is dialog.name_edit
    type_text("Kai")
    press(K.Key_S, ALT)                          # "Unspent &SP:"
    assert focus() is dialog.form.spins["sp"]
    press(K.Key_A, CTRL)
    type_text("60")
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    press(K.Key_Return)
    qtbot.waitUntil(lambda: window.documents.current_doc() is not None)
    back_to(qtbot, window)
    editor = window.documents.current_editor()
    path = editor.doc.path

    # -- a Core Vital: Ctrl+4 (the sheet), arrows, Enter; the row keeps the focus ----------
    press(K.Key_4, CTRL)
    assert focus() is editor.sheet.vitals_view
    go_to_row(editor.sheet.vitals_view, "Cognition")
    row = editor.sheet.vitals_view.currentIndex().row()
    press(K.Key_Return)
    assert ledger(path)[-1] == {**ledger(path)[-1], "action": "raise-vital", "name": "Cognition"}
    assert focus() is editor.sheet.vitals_view and editor.sheet.vitals_view.currentIndex().row() == row
    press(K.Key_Return)                          # Cognition to 3, for a Skill at 2 later
    assert editor.doc.derived()["vitals"]["Cognition"] == 3

    # -- a Skill: one Tab leaves the Vitals table (one Tab stop) into the Skills table -----
    press(K.Key_Tab)
    assert focus() is editor.sheet.skills_view
    go_to_row(editor.sheet.skills_view, "Medicine")
    press(K.Key_Return)
    press(K.Key_Return)
    assert [e["action"] for e in ledger(path)][-2:] == ["raise-skill", "raise-skill"]
    assert editor.sheet.skills_view.currentIndex().siblingAtColumn(0).data() == "Medicine"
    assert focus() is editor.sheet.skills_view
    go_to_row(editor.sheet.skills_view, "Occult")
    press(K.Key_Return)

    # -- a Class with its trait rank and spell: Ctrl+F filters the increases ---------------
    press(K.Key_F, CTRL)
    assert focus() is editor.options_panel.search
    type_text("Cleric")
    press(K.Key_1, CTRL)                         # the Increases list
    assert focus() is editor.options_panel.view
    press(K.Key_Home, CTRL)
    assert editor.options_panel.current_option().name == "Cleric"
    assert editor.options_panel.current_option().allowed, \
        editor.options_panel.current_option().reasons
    press(K.Key_Return)
    advance = wait_dialog(qtbot, "classAdvanceDialog")
    assert focus() is advance.traits
    press(K.Key_Down)
    trait = advance.current_trait()
    press(K.Key_Tab)
    assert focus() is advance.spell
    press(K.Key_Down)
    spell = advance.spell.currentText()
    press(K.Key_Tab)
    assert focus() is advance.scene
    type_text("Held the ford with a priest")
    press(K.Key_Return)
    qtbot.waitUntil(lambda: ledger(path)[-1]["action"] == "enter-class")
    back_to(qtbot, window)
    entry = ledger(path)[-1]
    assert (entry["name"], entry["trait"], entry["spell"]) == ("Cleric", trait, spell)
    assert focus() is editor.options_panel.view
    assert editor.options_panel.current_option().name == "Cleric"

    # -- Ctrl+3 shows the chain (twice: it does not toggle back) ---------------------------
    press(K.Key_3, CTRL)
    assert editor.pages.currentWidget() is editor.chain_page
    press(K.Key_3, CTRL)
    assert editor.pages.currentWidget() is editor.chain_page
    assert focus() is editor.chain_page.view
    press(K.Key_2, CTRL)
    assert focus() is editor.ledger
    assert editor.ledger.model().rowCount() == 1 + len(ledger(path))   # + opening balance


def tab_to(name: str, limit: int = 30):
    """Tab until the widget called ``name`` has the focus (it is in the Tab order)."""
    for _ in range(limit):
        if focus().objectName() == name:
            return focus()
        press(K.Key_Tab)
    raise AssertionError(f"Tab never reached {name}")


def test_ability_bonuses_chips_placed_with_the_keyboard(shown, qtbot):
    window = shown
    press(K.Key_N, CTRL)
    dialog = wait_dialog(qtbot, "newCharacterDialog")
    type_text("Ability")
    assert dialog.ruleset.id == "ability-bonuses"
    press(K.Key_Tab)
    type_text("Ann")
    for ability, digit in (("MIG", "3"), ("DEX", "2"), ("CHA", "1"), ("FOC", "0")):
        tab_to(f"slot_{ability}")
        type_text(digit)
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    press(K.Key_Return)
    qtbot.waitUntil(lambda: window.documents.current_doc() is not None)
    baseline = json.loads(Path(window.documents.current_doc().path).read_text())["baseline"]
    assert baseline["abilities"] == {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}


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


def test_tab_walks_the_sheet_top_to_bottom_then_the_increases(shown, qtbot):
    from tests.ui.conftest import SENNA, make_character

    window = shown
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    press(K.Key_4, CTRL)
    order = [focus()]
    for _ in range(4 + len(editor.sheet.uses_widgets[0].boxes)):
        press(K.Key_Tab)
        order.append(focus())
    assert order[:3] == [editor.sheet.vitals_view, editor.sheet.skills_view, editor.sheet.classes_view]
    boxes = [box for box in editor.sheet.uses_widgets[0].boxes if box.isEnabled()]
    assert order[3:3 + len(boxes)] == boxes
    assert order[3 + len(boxes)] is editor.options_panel.search


def test_ability_bonuses_editor_has_its_name_and_page_keys(shown, qtbot):
    from builder.app.characters import create_from_baseline
    from builder.storage.rulesets import load_ruleset

    window = shown
    ab = load_ruleset("ability-bonuses")
    path = create_from_baseline(ab, "Ann", ab.chosen_baseline(
        {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}))
    editor = window.documents.open_path(path)
    assert editor.title_label.text() == "Ann"
    press(K.Key_2, CTRL)
    assert focus() is editor.ledger
    press(K.Key_1, CTRL)
    assert focus() is editor.panel.name_edit
    type_text("Giant Strength")
    press(K.Key_D, ALT)                           # "A&dd effect"
    # A button's mnemonic presses it the way a click looks (QAbstractButton.animateClick):
    # it is released, and clicked, a moment later, so wait for the click.
    qtbot.waitUntil(lambda: bool(editor.doc.cf.ledger))
    assert editor.doc.cf.ledger[-1]["name"] == "Giant Strength"
    # it says what it did, and the name is cleared for the next effect (the same Add
    # pressed again added the same effect twice)
    assert window.statusBar().currentMessage().startswith("Done: ")
    assert "Giant Strength" in window.statusBar().currentMessage()
    assert editor.panel.name_edit.text() == "" and not editor.panel.add_button.isEnabled()


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


def test_tab_from_the_classes_page_tab_goes_into_the_classes(shown, qtbot):
    """New Character, Story Points: on the page tabs, Right shows the Classes and Tab goes
    into them (it jumped to Create: the Classes' fields came before the tabs in the
    focus chain)."""
    from PySide6.QtWidgets import QTabBar, QTabWidget

    press(K.Key_N, CTRL)
    dialog = wait_dialog(qtbot, "newCharacterDialog")
    dialog.choose_ruleset("story-points")
    tabs = dialog.form.findChild(QTabWidget)
    tabs.tabBar().setFocus()
    qtbot.waitUntil(lambda: isinstance(focus(), QTabBar))
    press(K.Key_Right)
    assert tabs.currentIndex() == 1
    press(K.Key_Tab)
    assert tabs.widget(1).isAncestorOf(focus()), focus()
    press(K.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)   # and back to the tabs
    assert focus() is tabs.tabBar()
    dialog.reject()


def test_a_story_points_character_just_made_starts_in_its_increases(shown, qtbot):
    """After Create the keyboard is in the increases, on a row drawn chosen (it was on
    the Active check box, the first field Qt orders)."""
    window = shown
    press(K.Key_N, CTRL)
    dialog = wait_dialog(qtbot, "newCharacterDialog")
    dialog.choose_ruleset("story-points")
    dialog.name_edit.setText("Kai")
    dialog.create_button.click()
    back_to(qtbot, window)
    editor = window.documents.current_editor()
    view = editor.options_panel.view
    assert focus() is view
    assert view.selectionModel().isRowSelected(view.currentIndex().row())


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
