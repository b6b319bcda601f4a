"""File ▸ New Character: dice rolled in the form are not thrown away by a stray Escape,
Cancel or close (a new form rolls other dice): the player is asked first."""
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


class _DropOn:
    """Stands in for QDrag: the offscreen platform ends a drag at once, so the drag's
    loop is replaced by what a release over ``target`` delivers (enter, move, drop)."""

    target = None

    def __init__(self, source):
        self.mime = None

    def setMimeData(self, mime):  # noqa: N802 - QDrag's API
        self.mime = mime

    def setPixmap(self, _pixmap):  # noqa: N802
        pass

    def setHotSpot(self, _point):  # noqa: N802
        pass

    def exec(self, action):
        from PySide6.QtCore import QPointF
        from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
        from PySide6.QtWidgets import QApplication

        at = self.target.rect().center()
        for kind in (QDragEnterEvent, QDragMoveEvent, QDropEvent):
            event = kind(QPointF(at) if kind is QDropEvent else at, action, self.mime,
                         Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(self.target, event)
        return action


def _active_dialog(window, qtbot, ruleset_id: str):
    from PySide6.QtWidgets import QApplication

    dialog = _open_dialog(window, ruleset_id)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()         # keyboard focus needs the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def _drag_chips_by_mouse(form, monkeypatch, placing) -> None:
    """Each chip pressed in the pool, moved past the drag distance and released over
    its ability, as the mouse does it."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    import builder.rulesets.ability_bonuses.ui.form as form_module

    monkeypatch.setattr(form_module, "QDrag", _DropOn)
    far = QPoint(QApplication.startDragDistance() + 8, 0)
    for value, ability in placing:
        chip, _DropOn.target = form.pool.chips[value], form.slot(ability)
        start = chip.rect().center()
        QTest.mousePress(chip, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        QTest.mouseMove(chip, start + far)
        QTest.mouseRelease(chip, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           start + far)


PLACED = ((3, "MIG"), (2, "FOC"), (1, "DEX"), (0, "CHA"))


def test_enter_after_dragging_the_chips_creates_the_character_as_placed(window, qtbot,
                                                                        monkeypatch):
    """Enter after the last chip is dropped presses Create (the focus stays on the
    ability the chip went to), never Roll: the hand-placed bonuses are what is saved."""
    import json

    from PySide6.QtWidgets import QApplication

    from builder.app.queries import characters_folder

    dialog = _active_dialog(window, qtbot, "ability-bonuses")
    form = dialog.form
    _drag_chips_by_mouse(form, monkeypatch, PLACED)
    assert form.assignment() == {"MIG": 3, "DEX": 1, "CHA": 0, "FOC": 2}
    assert QApplication.focusWidget() is form.slot("CHA")
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    (path,) = characters_folder().glob("*.json")
    baseline = json.loads(path.read_text())["baseline"]
    assert baseline["abilities"] == {"MIG": 3, "DEX": 1, "CHA": 0, "FOC": 2}
    assert baseline["method"] != "random"


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


def test_rolling_over_bonuses_placed_by_hand_asks_first(window, qtbot):
    """Roll (d4) over a complete hand-made allocation asks before replacing it: Keep
    Mine (the default, and Escape) keeps it; Roll rolls."""
    dialog = _active_dialog(window, qtbot, "ability-bonuses")
    form = dialog.form
    for value, ability in PLACED:
        qtbot.keyClick(form.slot(ability), getattr(Qt.Key, f"Key_{value}"))
    placed = form.assignment()
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)
    question = form.replace_question
    assert question is not None and question.isVisible()
    assert "Replace the bonuses you placed" in question.text()
    qtbot.keyClick(question, Qt.Key.Key_Escape)
    assert form.replace_question is None and form.assignment() == placed
    assert form.rolls() == []
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)
    question = form.replace_question
    roll = next(b for b in question.buttons() if b.text() == "&Roll")
    qtbot.mouseClick(roll, Qt.MouseButton.LeftButton)
    assert form.replace_question is None and len(form.rolls()) >= 3
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)   # a roll again: no question
    assert form.replace_question is None
    form.clear()                                 # an incomplete allocation: no question
    qtbot.keyClick(form.slot("MIG"), Qt.Key.Key_3)
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)
    assert form.replace_question is None and form.rolls()
