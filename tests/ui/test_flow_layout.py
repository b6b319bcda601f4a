"""Rows of chips that wrap: the flow layout, and the rank tokens of a character who
could enter every Class, on the sheet and on the chain page."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget

from builder.ui.flow_layout import FlowLayout
from tests.ui.conftest import make_character
from tests.ui.walk import EVERY_CLASS

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


def test_more_rank_tokens_never_widen_the_editor(window):
    """A character who could enter every Class has six rank tokens; on the sheet's tray
    and on the chain page they wrap, so the editor asks for no more width than with one
    (at 2x on a laptop's screen six in one row made the window wider than the screen)."""
    one = window.documents.open_path(make_character("One", "sp=20", "vital.Strength=4",
                                                    "skill.Melee=4", "class.Fighter=2",
                                                    "trait.Fighter.Parry=2"))
    every = window.documents.open_path(make_character("Every", *EVERY_CLASS))
    assert len(one.sheet.token_chips) == 1 and len(every.sheet.token_chips) == 6
    for editor in (one, every):
        editor.show_chain()
    assert len(every.chain_page.chips) == 6
    assert every.minimumSizeHint().width() <= one.minimumSizeHint().width()
    assert every.chain_page.minimumSizeHint().width() <= one.chain_page.minimumSizeHint().width()


def test_tab_goes_along_the_chain_toolbar_then_the_tokens_spell_and_scene(window, qtbot):
    """On the chain page Tab visits what is seen in the order it is seen: the toolbar,
    the rank tokens, the spell and the scene, the chain, then the plan; made anew when
    the character changes, the tokens keep their place."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    editor = window.documents.open_path(make_character("Every", *EVERY_CLASS))
    editor.show_chain()
    page = editor.chain_page
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)

    def visits() -> list[object]:
        page.filter_combo.setFocus(Qt.FocusReason.TabFocusReason)
        seen = [QApplication.focusWidget()]
        for _ in range(14):
            assert seen[-1] is not None, f"the focus was lost after {seen[-2]!r}"
            QTest.keyClick(seen[-1], Qt.Key.Key_Tab)
            seen.append(QApplication.focusWidget())
        return seen

    bar = [page.bar.itemAt(i).widget() for i in range(page.bar.count())]
    toolbar = [w for w in bar if w is not None and w.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert [w.accessibleName() for w in toolbar] == [
        "Show Class", "Fit the chain in view", "Zoom in", "Zoom out",
        "Show the legend of the chain"]
    assert page.spell_combo.isVisible() and page.scene_edit.isVisible()
    expected = [*toolbar, *page.chips, page.spell_combo, page.scene_edit, page.view]
    assert visits()[:len(expected)] == expected
    assert editor.doc.apply_words(["raise-vital", "Strength"])     # the tokens made anew
    QApplication.processEvents()
    expected = [*toolbar, *page.chips, page.spell_combo, page.scene_edit, page.view]
    assert visits()[:len(expected)] == expected
