"""Rows of chips that wrap: the flow layout (the Story Point rank tokens it wraps:
tests/rulesets/story_points/ui/test_story_points_chain_page.py)."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget

from builder.ui.flow_layout import FlowLayout

def _row(qtbot, words: list[str]) -> tuple[QWidget, FlowLayout, list[QPushButton]]:
    top = QWidget()
    qtbot.addWidget(top)
    flow = FlowLayout(top)
    flow.setContentsMargins(3, 2, 3, 2)
    flow.setSpacing(5)
    buttons = [QPushButton(word, top) for word in words]
    for button in buttons:
        flow.addWidget(button)
    return top, flow, buttons


def test_items_wrap_at_the_width_and_the_height_follows(qtbot):
    top, flow, buttons = _row(qtbot, ["Enter Fighter", "Enter Ranger", "Enter Rogue",
                                      "Enter Primant", "Enter Cleric", "Enter Mage"])
    widths = [b.sizeHint().width() for b in buttons]
    tall = max(b.sizeHint().height() for b in buttons)
    one_line = sum(widths) + 5 * 5 + 6
    assert flow.sizeHint().width() == one_line
    assert flow.minimumSize().width() == max(b.minimumSizeHint().width() for b in buttons) + 6
    assert flow.heightForWidth(one_line) == tall + 4
    assert flow.heightForWidth(one_line - 1) == 2 * tall + 5 + 4
    assert flow.heightForWidth(max(widths) + 6) == 6 * tall + 5 * 5 + 4

    # laid out at the width of the first three: two lines, left-aligned, in order
    three = sum(widths[:3]) + 2 * 5 + 6
    top.resize(three, flow.heightForWidth(three))
    top.show()
    QApplication.processEvents()
    assert [b.y() for b in buttons[:3]] == [2, 2, 2]
    assert [b.y() for b in buttons[3:]] == [2 + tall + 5] * 3
    assert [b.x() for b in (buttons[0], buttons[3])] == [3, 3]
    assert buttons[1].x() == 3 + widths[0] + 5
    assert all(b.geometry().right() < three - 3 for b in buttons)
    # laid out in two lines, it asks the layouts around it for their height at least
    assert flow.minimumSize().height() == flow.heightForWidth(three) == 2 * tall + 5 + 4


def test_hidden_items_take_no_room(qtbot):
    _top, flow, buttons = _row(qtbot, ["One", "Two", "Three"])
    full = flow.sizeHint().width()
    buttons[1].hide()
    assert flow.sizeHint().width() == full - buttons[1].sizeHint().width() - 5


def test_a_box_layout_gives_a_flow_row_the_height_of_its_lines(qtbot):
    """In a column, a narrow flow row is as tall as its wrapped lines (the box layout
    asks it for its height at its width)."""
    top = QWidget()
    qtbot.addWidget(top)
    column = QVBoxLayout(top)
    chips = QWidget(top)
    flow = FlowLayout(chips)
    flow.setContentsMargins(0, 0, 0, 0)
    for word in ("Enter Fighter", "Enter Ranger", "Enter Rogue", "Enter Primant"):
        flow.addWidget(QPushButton(word, chips))
    column.addWidget(chips)
    column.addStretch(1)
    top.resize(flow.sizeHint().width() // 2, 400)
    top.show()
    QApplication.processEvents()
    assert chips.height() == flow.heightForWidth(chips.width()) > flow.sizeHint().height()
