"""File ▸ New Character: dice rolled in the form are not thrown away by a stray Escape,
Cancel or close (a new form rolls other dice): the player is asked first; Enter on a
focused roll button creates (the Ability Bonuses form's own chips and rolls:
tests/rulesets/ability_bonuses/ui/test_ability_bonuses_creation.py)."""
from __future__ import annotations

import pytest

from PySide6.QtCore import Qt

from tests.rule_systems import BUILTIN_IDS


def _open_dialog(window, ruleset_id: str):
    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset(ruleset_id)
    dialog.name_edit.setText("Greta")
    return dialog


def _rolled_dice(form) -> object:
    """What the form rolled, to see it kept while the player keeps editing."""
    return (dict(form.dice), form.class_dice) if hasattr(form, "dice") else list(form._rolls)


@pytest.mark.parametrize("ruleset_id, roll", [
    ("vogelfrei", lambda form: form.rolls.roll_everything()),
    ("ability-bonuses", lambda form: form.roll()),
])
def test_escape_after_rolling_asks_and_keep_editing_keeps_the_dice(window, qtbot,
                                                                  ruleset_id, roll):
    from builder.app.queries import characters_folder

    dialog = _open_dialog(window, ruleset_id)
    roll(dialog.form)
    rolled = _rolled_dice(dialog.form)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    question = dialog.discard_question
    assert question is not None and question.isVisible() and dialog.isVisible()
    assert "Discard this character and the dice rolled for it?" in question.text()
    qtbot.keyClick(question, Qt.Key.Key_Escape)          # Escape again: keep editing
    assert dialog.isVisible() and dialog.discard_question is None
    assert _rolled_dice(dialog.form) == rolled
    dialog.close()                                       # the window's close asks too
    question = dialog.discard_question
    assert question is not None and dialog.isVisible()
    discard = next(b for b in question.buttons() if b.text() == "&Discard")
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(discard, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and list(characters_folder().glob("*.json")) == []


def test_a_form_without_dice_closes_at_once(window, qtbot):
    dialog = _open_dialog(window, "story-points")
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.discard_question is None and not dialog.isVisible()


def _active_dialog(window, qtbot, ruleset_id: str):
    from PySide6.QtWidgets import QApplication

    dialog = _open_dialog(window, ruleset_id)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()         # keyboard focus needs the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


PLACED = ((3, "MIG"), (2, "FOC"), (1, "DEX"), (0, "CHA"))


ROLL_WORDS = ("roll", "clear")
#: The rule systems whose creation forms roll dice (other systems' forms may have none).
ROLLING = ("ability-bonuses", "vogelfrei")


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_enter_on_a_focused_roll_button_presses_create_not_the_roll(window, qtbot, ruleset_id):
    """No button of a creation form that rolls (or clears) is an auto-default one: with
    the focus on it Enter goes to the dialog's Create, and the form is left as it was."""
    from PySide6.QtWidgets import QPushButton

    dialog = _active_dialog(window, qtbot, ruleset_id)
    form = dialog.form
    buttons = [b for b in form.findChildren(QPushButton)
               if any(word in b.text().lower() for word in ROLL_WORDS)]
    assert buttons or ruleset_id not in ROLLING
    assert [b.text() for b in buttons if b.autoDefault()] == []
    if ruleset_id == "ability-bonuses":
        for value, ability in PLACED:
            qtbot.keyClick(form.slot(ability), getattr(Qt.Key, f"Key_{value}"))
        form.roll_button.setFocus()
        qtbot.waitUntil(form.roll_button.hasFocus)
        with qtbot.waitSignal(dialog.finished):
            qtbot.keyClick(form.roll_button, Qt.Key.Key_Return)
        assert form.rolls() == [] and form.assignment()["MIG"] == 3
