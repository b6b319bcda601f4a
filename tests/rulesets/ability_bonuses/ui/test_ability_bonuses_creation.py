"""The Ability Bonuses creation form in File ▸ New Character: the ability boxes light up
while a bonus chip is dragged, chips dragged by the mouse are what Enter creates, an
allocation changed by hand after a roll is no roll to keep, and a roll over bonuses
placed by hand asks first."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent
from PySide6.QtWidgets import QApplication

from tests.ui.test_new_character_rolls import PLACED, _active_dialog, _open_dialog


def test_ability_boxes_light_up_while_a_chip_is_dragged(qtbot):
    from builder.storage.rulesets import load_ruleset
    from builder.rulesets.ability_bonuses.ui.form import AbilityBonusesForm, chip_mime_data

    form = AbilityBonusesForm(load_ruleset("ability-bonuses"))
    qtbot.addWidget(form)
    form.show()
    slot = form.slot("DEX")
    rest = slot.styleSheet()
    form.set_dragging(True)
    assert all(form.slot(a).state == "target" for a in ("MIG", "DEX", "CHA", "FOC"))
    assert slot.styleSheet() != rest
    mime = chip_mime_data(3)
    enter = QDragEnterEvent(slot.rect().center(), Qt.DropAction.MoveAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(slot, enter)
    assert slot.state == "hover"
    QApplication.sendEvent(slot, QDragLeaveEvent())
    assert slot.state == "target"
    form.set_dragging(False)
    assert slot.state == "" and slot.styleSheet() == rest


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
