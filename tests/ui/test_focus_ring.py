"""The keyboard's place is always in sight: a 2 px ring in the palette's highlight
colour around the widget with the focus (buttons, lists, tables, text fields, the
current tab), 3:1 or better against the window it is drawn on, measured on rendered
pixels in the light and the dark theme; and the Tab order starts where the work is
(the first-start panel, a campaign's Start a session), with the pool's controls in
reach in a narrow pane too (no sideways scrolling)."""
# ruff: noqa: F811 - the campaign fixtures imported below are test arguments
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QGridLayout, QLineEdit, QListWidget, QPushButton,
                               QTabBar, QTableWidget, QWidget)

from builder.ui import theme
from tests.ui.test_campaign_ui import party, tab  # noqa: F401 - fixtures


def _active(top: QWidget, qtbot) -> None:
    top.show()
    top.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is top)


def _edges(top: QWidget, widget: QWidget, rect=None) -> list[tuple[QPoint, QPoint]]:
    """For each side of ``widget`` (or of ``rect`` in it), at its middle: a pixel
    of the ring's two (just outside the widget) and one of the window beyond it."""
    r = rect if rect is not None else widget.rect()
    at = widget.mapTo(top, r.topLeft())
    left, top_y = at.x(), at.y()
    right, bottom = left + r.width() - 1, top_y + r.height() - 1
    mid_x, mid_y = left + r.width() // 2, top_y + r.height() // 2
    return [(QPoint(left - 1, mid_y), QPoint(left - 5, mid_y)),
            (QPoint(left - 2, mid_y), QPoint(left - 5, mid_y)),
            (QPoint(right + 1, mid_y), QPoint(right + 5, mid_y)),
            (QPoint(mid_x, top_y - 1), QPoint(mid_x, top_y - 5)),
            (QPoint(mid_x, bottom + 2), QPoint(mid_x, bottom + 5))]


@pytest.mark.parametrize("choice", ["light", "dark"])
def test_the_focused_widget_has_a_ring_that_stands_out_3_to_1(qtbot, choice):
    theme.choose(choice)
    try:
        top = QWidget()
        qtbot.addWidget(top)
        grid = QGridLayout(top)
        grid.setContentsMargins(16, 16, 16, 16)
        grid.setSpacing(16)
        button, field = QPushButton("Take increase"), QLineEdit()
        listing, table, bar = QListWidget(), QTableWidget(3, 2), QTabBar()
        listing.addItems(["Strength", "Agility"])
        bar.addTab("Increases")
        bar.addTab("Ledger")
        for i, widget in enumerate((button, field, listing, table, bar)):
            grid.addWidget(widget, i // 3, i % 3)
        _active(top, qtbot)
        window = top.palette().color(top.backgroundRole())
        for widget in (button, field, listing, table, bar):
            widget.setFocus(Qt.FocusReason.TabFocusReason)
            qtbot.waitUntil(widget.hasFocus)
            QApplication.processEvents()
            image = top.grab().toImage()
            rect = bar.tabRect(bar.currentIndex()) if widget is bar else None
            for ring, beyond in _edges(top, widget, rect):
                ring_colour = QColor(image.pixel(ring))
                ground = QColor(image.pixel(beyond))
                # (beside the current tab: the next tab, drawn a shade off the window)
                assert ground == window or widget is bar, (type(widget).__name__,
                                                           ground.name())
                ratio = theme.contrast(ring_colour, ground)
                assert ratio >= theme.MARK_CONTRAST, (type(widget).__name__, ring,
                                                      ring_colour.name(), ground.name(), ratio)
        # the ring follows the focus: the last widget's ring is gone from the button
        button.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(button.hasFocus)
        QApplication.processEvents()
        image = top.grab().toImage()
        for ring, _beyond in _edges(top, field):
            assert QColor(image.pixel(ring)) == window
    finally:
        theme.choose("system")


def test_the_first_start_panel_is_the_first_tab_stop_and_none_is_invisible(window, qtbot):
    _active(window, qtbot)
    window.settle()                      # what the start does after its first paint
    page = window.library_page
    first = page.first_start.findChildren(QPushButton)[0]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first)   # 0 stops: it starts there
    # from the top of the window (its tab bar), the search, then the panel
    window.tabs.tabBar().setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(window.tabs.tabBar().hasFocus)
    stops = []
    while QApplication.focusWidget() is not first and len(stops) < 30:
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        stops.append(QApplication.focusWidget())
    assert stops == [page.search, first]
    # once round the window: every stop is a control on screen, none twice
    stops = []
    for _ in range(30):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        if focus is first:
            break
        stops.append(focus)
    assert QApplication.focusWidget() is first and len(set(stops)) == len(stops)
    for stop in stops:
        assert stop.isVisible() and not stop.visibleRegion().isEmpty(), stop
        assert stop.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_start_a_session_is_within_3_tab_stops_of_a_campaign_tabs_start(window, tab, qtbot):
    _active(window, qtbot)
    bar = window.tabs.tabBar()
    assert window.tabs.currentWidget() is tab
    bar.setFocus(Qt.FocusReason.TabFocusReason)        # the tab's start: its title
    qtbot.waitUntil(bar.hasFocus)
    stops = 0
    while QApplication.focusWidget() is not tab.pool_view.start_button and stops < 20:
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        stops += 1
    assert stops <= 3
    QTest.keyClick(tab.pool_view.start_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: tab.pool_view.campaign.ledger != [])
    assert tab.pool_view.campaign.ledger[-1]["action"] == "session-start"


def test_a_narrow_pool_pane_puts_each_sides_spends_in_a_column_and_never_scrolls_sideways(
        window, tab, qtbot):
    pool, area = tab.pool_view, tab.pool_area
    window.show()
    qtbot.waitExposed(window)
    grid = pool.spends_grid
    fortune = pool.spend_buttons[("fortune", "detail")]
    assert not pool.narrow and grid.getItemPosition(grid.indexOf(fortune))[:2] == (0, 2)
    total = sum(tab.splitter.sizes())
    tab.splitter.setSizes([total - 500, 500])          # narrower than the rows side by side
    qtbot.waitUntil(lambda: pool.narrow)
    assert grid.getItemPosition(grid.indexOf(fortune))[:2] == (2, 0)   # under Fortune
    peril = pool.spend_buttons[("peril", "complication")]
    assert grid.getItemPosition(grid.indexOf(peril))[:2] == (2, 1)     # under Peril
    QApplication.processEvents()
    assert area.horizontalScrollBar().maximum() == 0
    tab.splitter.setSizes([300, total - 300])          # room again: a row for each side
    qtbot.waitUntil(lambda: not pool.narrow)
    assert grid.getItemPosition(grid.indexOf(fortune))[:2] == (0, 2)
