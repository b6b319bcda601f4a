"""The Ability Bonuses window parts by keyboard alone: the bonus chips placed in the New
Character form (a digit on an ability, then on to the next), and the editor's name and
page keys."""
# ruff: noqa: F811 - the window fixture imported below is a test argument
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.test_keyboard import (ALT, CTRL, K, focus, press, shown,  # noqa: F401
                                    type_text, wait_dialog)


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
