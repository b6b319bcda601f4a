"""The Story Point window parts by keyboard alone: a character made and advanced (a Vital,
Skills, a Class with its trait and spell) with key events only, the Sheet page's Tab
order, the creation form's Classes tab, the increases after Create, and the spells a
Class advance cannot take now said without a mouse."""
# ruff: noqa: F811 - the window fixture imported below is a test argument
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tests.ui.test_keyboard import (ALT, CTRL, K, back_to, focus, ledger, press,  # noqa: F401
                                    shown, type_text, wait_dialog)


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
