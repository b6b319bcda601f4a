"""Paints laid-out pages (:mod:`builder.render.layout`) with a QPainter on any device:
the PDF writer, a printer, an image.  Text is drawn as text (selectable, searchable)
in a TrueType font that Qt embeds; boxes and rules are vector lines.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen,
                           QTextCharFormat, QTextLayout)

from builder.render.layout import fit_sheet
from builder.render.outline import sheet_mark
from builder.render.style import (GREY, INK, Op, Style, ALIGN_HCENTER, ALIGN_RIGHT, UNWRAPPED,
                                  WRAP, WRAP_ANYWHERE, base_font, plain_line, utf16_length)
from builder.sheets.model import Sheet

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintDevice

    from builder.render.fonts import GlyphCheck, WideOnly

class Cancelled(Exception):
    """The progress callback asked to stop; nothing was written."""


class RenderFailed(OSError):
    """Qt could not paint the PDF (the painter or the writer refused)."""


# -- painting ---------------------------------------------------------------------------------
# Nothing below makes PySide build the enums of Qt's ``Qt`` namespace (93 of them, a
# noticeable part of a one-page export's time, measured in docs/dev/performance.md):
# QPainter.setPen, setBrush, fillRect and QBrush(QColor) all would, each having an overload
# that takes a Qt enum, which PySide builds the whole namespace to rule out.  So lines and
# boxes are QPainterPaths stroked by strokePath (one overload: a QPen, made with QPen() and
# setters) or filled by fillPath (with that pen's brush), and text is drawn with the
# painter's own pen (a new painter's: black, as INK) or, in grey, laid out by a QTextLayout
# with a grey format at the very place drawText would put it. Only grey text drawText must
# place itself (wrapped, right-to-left, with tabs or line breaks: a name in Hebrew in the
# footer, say) takes setPen, and the enums with it. The pixels are the same as those of
# setPen/drawLine/drawRect/fillRect/drawText; what the PDF's bytes say differs (a path where
# a rectangle was). Guarded by tests/ui/test_pdf_export.py::test_export_builds_no_qt_enums.
_PENS: dict[tuple[int, float], QPen] = {}
_GREY_FONTS = frozenset(("subtitle", "detail", "footer"))


def _pen(colour: QColor, width: float) -> QPen:
    """A solid pen (square caps, bevel joins: QPen(colour, width)'s), built so as not to
    need the Qt namespace; kept, as a sheet uses a handful."""
    key = (colour.rgba(), width)
    pen = _PENS.get(key)
    if pen is None:
        pen = _PENS[key] = QPen()
        pen.setColor(colour)
        pen.setWidthF(width)
    return pen


def _stroke_line(painter: QPainter, x1: float, y1: float, x2: float, y2: float,
                 pen: QPen) -> None:
    path = QPainterPath(QPointF(x1, y1))
    path.lineTo(x2, y2)
    painter.strokePath(path, pen)


def _draw_coloured(painter: QPainter, font: QFont, metrics: QFontMetricsF, rect: QRectF,
                   flags: int, text: str, colour: QColor) -> bool:
    """``painter.drawText(rect, flags, text)`` in ``colour`` without setPen: the line laid
    out by a QTextLayout whose format has the colour, at drawText's place (its bounding
    box's top, its alignment's left).  False (nothing drawn) for text drawText must
    place itself (see :func:`plain_line`, wrapping flags)."""
    if flags & (WRAP | WRAP_ANYWHERE) or not plain_line(text):
        return False
    layout = QTextLayout(text, font, painter.device())
    coloured = QTextCharFormat()
    coloured.setForeground(_pen(colour, 1.0).brush())
    whole = QTextLayout.FormatRange()
    whole.start, whole.length, whole.format = 0, utf16_length(text), coloured
    layout.setFormats([whole])
    layout.beginLayout()
    line = layout.createLine()
    # A line wider than any text (a QTextOption with NoWrap would do as well, and
    # cost its three enums): one line, set from its start, the left of its rect.
    line.setLineWidth(UNWRAPPED)
    layout.endLayout()
    x = rect.left()
    if flags & ALIGN_RIGHT:
        x += rect.width() - line.horizontalAdvance()
    elif flags & ALIGN_HCENTER:
        x += (rect.width() - line.horizontalAdvance()) / 2
    top = metrics.boundingRect(rect, flags, text).top()
    layout.draw(painter, QPointF(x, top))
    return True


def paint_page(painter: QPainter, style: Style, ops: list[Op],
               glyphs: GlyphCheck | WideOnly | None = None) -> None:
    """Paint one page's ops.  ``painter``'s pen is left as a new painter has it (black,
    the INK text is drawn with): see the note above."""
    k = style.k
    current_font = None
    for op in ops:
        kind = op[0]
        if kind == "text":
            _kind, rect, font, flags, text = op
            if not text:
                continue
            qfont, metrics = style.fonts[font], style.metrics[font]
            if glyphs is not None:
                glyphs.check(qfont, text, metrics)
            if base_font(font) in _GREY_FONTS:
                if _draw_coloured(painter, qfont, metrics, rect, flags, text, GREY):
                    continue
                painter.save()  # drawText in grey: setPen, then the black pen back
                painter.setPen(GREY)
                painter.setFont(qfont)
                painter.drawText(rect, flags, text)
                painter.restore()
                current_font = None
                continue
            if font != current_font:
                painter.setFont(qfont)
                current_font = font
            painter.drawText(rect, flags, text)
        elif kind == "rect":
            _kind, rect, pen_w, fill = op
            if fill is not None:
                path = QPainterPath()
                path.addRect(rect)
                painter.fillPath(path, _pen(fill, 1.0).brush())
            if pen_w:
                path = QPainterPath()
                path.addRect(rect)
                painter.strokePath(path, _pen(INK, pen_w * k))
        elif kind == "line":
            _kind, x1, y1, x2, y2, pen_w, colour = op
            _stroke_line(painter, x1, y1, x2, y2, _pen(colour, pen_w * k))
        elif kind == "image":
            _kind, rect, path = op
            from PySide6.QtGui import QImage

            image = QImage(path)
            if not image.isNull():  # in greys, as everything on the sheet
                image = image.convertToFormat(QImage.Format.Format_Grayscale8)
                scale = min(rect.width() / image.width(), rect.height() / image.height())
                w, h = image.width() * scale, image.height() * scale
                target = QRectF(rect.left() + (rect.width() - w) / 2,
                                rect.top() + (rect.height() - h) / 2, w, h)
                painter.drawImage(target, image)
        elif kind == "cross":
            rect = op[1].adjusted(k * 1.5, k * 1.5, -k * 1.5, -k * 1.5)
            pen = _pen(INK, 1.0 * k)
            # Two strokes, as two drawLine calls were: where they cross, anti-aliasing
            # adds up the same way.
            _stroke_line(painter, rect.left(), rect.top(), rect.right(), rect.bottom(), pen)
            _stroke_line(painter, rect.right(), rect.top(), rect.left(), rect.bottom(), pen)


def paint_sheets(painter: QPainter, device: QPaintDevice, sheets: Sequence[Sheet],
                 new_page: Callable[[], bool],
                 progress: Callable[[int, int], bool] | None = None,
                 glyphs: GlyphCheck | WideOnly | None = None, duplex: bool = False,
                 marks: list[tuple[int, str, int]] | None = None) -> list[int]:
    """Paint every sheet, each starting on a new page (``duplex``: on an odd page, a
    blank page put in before it when needed).  Returns the page count of each.
    ``marks`` receives ``(level, title, page index)`` for each character and section
    (the PDF's bookmarks).

    ``new_page`` advances the device; ``progress(done, total)`` returning False
    cancels (raises :class:`Cancelled`); ``glyphs`` (a
    :class:`builder.render.fonts.GlyphCheck`) collects the characters no font can show.
    """
    k = device.logicalDpiY() / 72.0
    styles: dict[float, Style] = {}
    width, height = float(device.width()), float(device.height())
    counts = []
    painted = 0
    for index, sheet in enumerate(sheets):
        if progress is not None and progress(index, len(sheets)) is False:
            raise Cancelled()
        style, pages = fit_sheet(sheet, device, k, width, height, styles)
        if duplex and painted % 2 == 1:
            if not new_page():  # the back of the previous character's last page
                raise RenderFailed("the printer refused a new page")
            painted += 1
        if marks is not None:
            marks.append((0, sheet_mark(sheet.name, sheet.ruleset_title), painted))
            for title, page in getattr(pages, "marks", []):
                marks.append((1, title, painted + page))
        for ops in pages:
            if painted and not new_page():
                raise RenderFailed("the printer refused a new page")
            painted += 1
            paint_page(painter, style, ops, glyphs)
        counts.append(len(pages))
    if progress is not None and progress(len(sheets), len(sheets)) is False:
        raise Cancelled()
    return counts
