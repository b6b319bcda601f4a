"""File ▸ New Character: dice rolled in the form are not thrown away by a stray Escape,
Cancel or close (a new form rolls other dice): the player is asked first."""
from __future__ import annotations

import pytest

from PySide6.QtCore import Qt


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
    ("vogelfrei", lambda form: form.roll_everything()),
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


def test_a_hand_made_allocation_is_no_roll_to_keep(window, qtbot):
    """An Ability Bonuses allocation changed by hand after its roll is a chosen one (the
    form says so): nothing rolled is left to lose."""
    dialog = _open_dialog(window, "ability-bonuses")
    form = dialog.form
    form.roll()
    form.set_allocation(dict(form._assigned))
    assert not dialog.holds_rolls()
    with qtbot.waitSignal(dialog.finished):
        dialog.reject()
