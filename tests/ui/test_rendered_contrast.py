"""Contrast measured on rendered pixels, in the light and the dark theme: a greyed
increase's text in the Increases list and a faded chain node's text stay 4.5:1 or
better against what they are drawn on (the greyed state is said by the ✗ and italics,
the fading by the fill, never by faint text)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage

from builder.ui import theme
from builder.ui.models.options_model import AllowedRole
from tests.ui.conftest import SENNA, make_character


def darkest_and_background(image: QImage, rect: QRect) -> tuple[float, QColor, QColor]:
    """The text pixel farthest from the background in ``rect`` (the most common colour
    there), and the contrast between them: what the eye reads of the text's strokes."""
    counts: dict[int, int] = {}
    pixels = []
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            rgb = image.pixel(x, y) & 0xFFFFFF
            counts[rgb] = counts.get(rgb, 0) + 1
            pixels.append(rgb)
    background = QColor(max(counts, key=lambda c: counts[c]))
    best, ratio = background, 1.0
    for rgb in set(pixels):
        colour = QColor(rgb)
        found = theme.contrast(colour, background)
        if found > ratio:
            best, ratio = colour, found
    return ratio, best, background


@pytest.mark.parametrize("choice", ["light", "dark"])
def test_greyed_reasons_and_faded_nodes_read_at_4_5_to_1(window, qtbot, choice):
    theme.choose(choice)
    try:
        path = make_character("Senna", "sp=1", *SENNA[1:])
        editor = window.documents.open_path(path)
        window.show()
        qtbot.waitExposed(window)
        view = editor.options_panel.view
        model = view.model()
        greyed = next(r for r in range(model.rowCount())
                      if model.index(r, 0).data(AllowedRole) is False)
        image = view.viewport().grab().toImage()
        for column in range(model.columnCount()):
            rect = view.visualRect(model.index(greyed, column)).adjusted(2, 2, -2, -2)
            ratio, text, ground = darkest_and_background(image, rect)
            assert ratio >= theme.TEXT_CONTRAST, (column, text.name(), ground.name(), ratio)
        # the chain: select one node, the others fade; their text still reads
        editor.show_chain()
        chain = editor.chain_page
        qtbot.waitExposed(chain.view)
        chain.select_node("vital:Cognition")
        faded = [i for i in chain.scene.nodes.values() if i.faded and i.isVisible()]
        assert faded
        item = faded[0]
        chain.view.centerOn(item)
        image = chain.view.viewport().grab().toImage()
        ratio_at = chain.view.devicePixelRatioF()
        top_left = chain.view.mapFromScene(item.scenePos())
        title = QRect(int((top_left.x() + 10) * ratio_at), int((top_left.y() + 6) * ratio_at),
                      int(120 * chain.view.transform().m11() * ratio_at),
                      int(16 * chain.view.transform().m11() * ratio_at))
        ratio, text, ground = darkest_and_background(image, title)
        assert ratio >= theme.TEXT_CONTRAST, (text.name(), ground.name(), ratio)
    finally:
        theme.choose("system")


@pytest.mark.parametrize("choice", ["light", "dark"])
def test_a_selected_greyed_increase_stands_out_from_the_rows_and_reads(window, qtbot, choice):
    """Selected, a greyed increase is drawn on a grey that stands 3:1 from the rows
    around it, as any selection does, and its text reads 4.5:1 on that grey (in the dark
    theme the grey was near the rows')."""
    theme.choose(choice)
    try:
        editor = window.documents.open_path(make_character("Senna", "sp=1", *SENNA[1:]))
        window.show()
        qtbot.waitExposed(window)
        view = editor.options_panel.view
        model = view.model()
        greyed = [r for r in range(model.rowCount())
                  if model.index(r, 0).data(AllowedRole) is False]
        assert len(greyed) >= 3
        view.selectRow(greyed[1])
        view.setFocus()
        image = view.viewport().grab().toImage()
        rows = {darkest_and_background(image, view.visualRect(model.index(r, 1)))[2].name()
                for r in range(min(4, model.rowCount())) if r != greyed[1]}
        for column in range(model.columnCount()):
            rect = view.visualRect(model.index(greyed[1], column)).adjusted(2, 2, -2, -2)
            ratio, text, ground = darkest_and_background(image, rect)
            assert ratio >= theme.TEXT_CONTRAST, (column, text.name(), ground.name(), ratio)
            for row in rows:
                assert theme.contrast(ground, QColor(row)) >= theme.MARK_CONTRAST, (
                    column, ground.name(), row)
    finally:
        theme.choose("system")
