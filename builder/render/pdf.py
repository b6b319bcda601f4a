"""Renders :class:`~builder.sheets.model.Sheet` descriptions to pages with Qt.

One renderer serves the PDF export (QPdfWriter), the print dialog and the print
preview (QPrinter): everything goes through :func:`paint_sheets`, which lays a
sheet out into pages first (so the footer can say "page 2 of 3") and then
paints them with QPainter.  Text is drawn as text (selectable, searchable) in
a TrueType font that Qt embeds; boxes and rules are vector lines; nothing
carries information by colour (light greys only, for table headers and
zebra rows).

Layout is done in device units; every size below is given in points and
multiplied by ``k = resolution / 72``.
"""
from __future__ import annotations

import os
import unicodedata
from pathlib import Path
from typing import Any, Callable, Sequence

from PySide6.QtCore import QMarginsF, QPointF, QRectF
from PySide6.QtGui import (QColor, QFont, QFontDatabase, QFontMetricsF, QPageLayout, QPageSize,
                           QPainter, QPainterPath, QPdfWriter, QPen, QTextCharFormat,
                           QTextLayout)

from builder.sheets.model import (BoxLine, Boxes, Heading, Notes, Picture, Rows, Section, Sheet,
                                  Table)

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
#: Page margins in millimetres: inside what every office printer can reach.
MARGIN_MM = 14.0
RESOLUTION = 1200
#: The smallest text printed anywhere but the footer, in points.
MIN_POINTS = 6.5
_SANS = ("DejaVu Sans Condensed", "DejaVu Sans", "Liberation Sans Narrow", "Liberation Sans",
         "Noto Sans", "Arial", "Helvetica")
_SERIF = ("DejaVu Serif", "Liberation Serif", "Noto Serif", "Times New Roman", "Times")

INK = QColor(0, 0, 0)
GREY = QColor(90, 90, 90)
RULE = QColor(150, 150, 150)
HEADER_FILL = QColor(228, 228, 228)
ZEBRA_FILL = QColor(244, 244, 244)
MARK_FILL = QColor(215, 215, 215)


_APP = None  # the application ensure_app made: kept alive for the whole process


class Cancelled(Exception):
    """The progress callback asked to stop; nothing was written."""


def ensure_app():
    """A Qt application object (fonts need one).  Headless: the offscreen platform.

    A QApplication (not just a QGuiApplication) once Qt's widgets are loaded in
    this process (the window, pytest-qt), so widgets created later still work;
    otherwise (the command line, which never makes a widget) a QGuiApplication,
    without loading QtWidgets at all.
    """
    global _APP
    import sys

    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("QT_QPA_PLATFORM")):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if "PySide6.QtWidgets" in sys.modules:
            from PySide6.QtWidgets import QApplication

            app = _APP = QApplication(["character-builder"])
        else:
            app = _APP = QGuiApplication(["character-builder"])
    from builder.render.fonts import register_fonts

    register_fonts()
    return app


def _family(candidates: Sequence[str]) -> str:
    available = set(QFontDatabase.families())
    for name in candidates:
        if name in available:
            return name
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont).family()


# -- fonts and measures -----------------------------------------------------------
class Style:
    """Fonts and their metrics for one paint device.  (Not a dataclass: one less class
    of generated methods to build when an export starts.)"""

    def __init__(self, k: float, scale: float = 1.0) -> None:
        self.k = k  # device units per point (the scale included)
        self.scale = scale
        self.fonts: dict = {}
        self.metrics: dict = {}
        self.device: Any = None

    @classmethod
    def for_device(cls, device, k: float, scale: float = 1.0) -> "Style":
        """The fonts for ``device`` (``k`` device units per point), every size and
        distance multiplied by ``scale`` (a sheet set smaller to fit its page)."""
        style = cls(k * scale)
        style.scale = scale
        sans, serif = _family(_SANS), _family(_SERIF)
        spec = {
            "name": (serif, 20, QFont.Weight.Bold, False),
            "name_small": (serif, 13, QFont.Weight.Bold, False),
            "subtitle": (sans, 9, QFont.Weight.Normal, False),
            "title": (serif, 11.5, QFont.Weight.Bold, False),
            "heading": (sans, 9.5, QFont.Weight.Bold, False),
            "detail": (sans, 8.5, QFont.Weight.Normal, True),
            "label": (sans, 9, QFont.Weight.Normal, False),
            "value": (sans, 10, QFont.Weight.Bold, False),
            "big": (sans, 15, QFont.Weight.Bold, False),
            "value_small": (sans, 8, QFont.Weight.Bold, False),
            "th": (sans, 8, QFont.Weight.Bold, False),
            "td": (sans, 9, QFont.Weight.Normal, False),
            "note": (sans, 9, QFont.Weight.Normal, False),
            "footer": (sans, 7.5, QFont.Weight.Normal, False),
        }
        for key, (family, size, weight, italic) in spec.items():
            # No text smaller than MIN_POINTS however small the sheet is set, but the
            # footer's (a running line, not read at the table).
            points = size * scale if key == "footer" else max(size * scale, MIN_POINTS)
            font = QFont(family)
            font.setPointSizeF(points)
            font.setWeight(weight)
            font.setItalic(italic)
            font.setKerning(True)
            # No ligatures: "fl" stays two letters, so the PDF text searches
            # and copies as typed ("Influence", not "In\ufb02uence").
            for tag in ("liga", "clig", "dlig"):
                font.setFeature(QFont.Tag(tag), 0)
            style.fonts[key] = font
            style.metrics[key] = QFontMetricsF(font, device)
        style.device = device
        return style

    def pt(self, value: float) -> float:
        return value * self.k

    def mm(self, value: float) -> float:
        """``value`` millimetres in device units, whatever the sheet's scale (sizes a
        pencil needs do not shrink with the type)."""
        return value / 25.4 * 72 * self.k / self.scale

    def smaller(self, font: str, ratio: float) -> str:
        """A font key for ``font`` set at ``ratio`` of its size (never under
        MIN_POINTS but for the footer); ``font`` itself at 1 or more."""
        if ratio >= 0.999:
            return font
        base = self.fonts[font]
        floor = 0.0 if font == "footer" else MIN_POINTS
        points = max(base.pointSizeF() * ratio, floor)
        if points >= base.pointSizeF() - 0.01:
            return font
        key = f"{font}@{points:.2f}"
        if key not in self.fonts:
            qfont = QFont(base)
            qfont.setPointSizeF(points)
            self.fonts[key] = qfont
            self.metrics[key] = QFontMetricsF(qfont, self.device)
        return key

    def width(self, font: str, text: str) -> float:
        return self.metrics[font].horizontalAdvance(text)

    def line(self, font: str) -> float:
        return self.metrics[font].height()

    def lines(self, font: str, text: str, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width``: at its line breaks, then
        between words, a word wider than a line alone after a hyphen or, failing that,
        where it must (:func:`_wrap`)."""
        fm = self.metrics[font]
        if "\n" not in text and fm.horizontalAdvance(text) <= width:
            return [text]
        result: list[str] = []
        for paragraph in text.split("\n"):
            result += _wrap(paragraph, fm, width) or [""]
        return result

    def block(self, font: str, text: str, width: float) -> tuple[str, float]:
        """``text`` wrapped to ``width`` as drawText sets it unwrapped (one line per
        line break), and its height."""
        lines = self.lines(font, text, width)
        if len(lines) == 1:
            return lines[0], self.line(font)
        joined = "\n".join(lines)
        fm = self.metrics[font]
        return joined, fm.boundingRect(QRectF(0, 0, _UNWRAPPED, 1e9), _ALIGN_LEFT,
                                       joined).height()

    def wrapped(self, font: str, text: str, width: float) -> float:
        """Height of ``text`` wrapped to ``width`` (see :meth:`lines`)."""
        if not text:
            return self.line(font)
        return self.block(font, text, width)[1]


def base_font(key: str) -> str:
    """The style's font a key names (``"label@7.20"`` -> ``"label"``)."""
    return key.split("@", 1)[0]


# -- paint operations ---------------------------------------------------------------
# A page is a list of ops, painted in order:
#   ("text", QRectF, font key, flags, text)   ("rect", QRectF, pen width pt, fill or None)
#   ("line", x1, y1, x2, y2, pen width pt, colour)   ("cross", QRectF)
Op = tuple


class Atom:
    """An unbreakable piece of a section: a grid line, a table row, a note line.
    ``draw(ops, x, y)`` adds its ops; ``repeat``: re-drawn after a page break (a table
    header); ``optional``: dropped when it does not fit (ruled lines to write on)."""

    __slots__ = ("height", "draw", "keep_with_next", "repeat", "optional")

    def __init__(self, height: float, draw: Callable[[list, float, float], None],
                 keep_with_next: bool = False, repeat: "Atom | None" = None,
                 optional: bool = False) -> None:
        self.height = height
        self.draw = draw
        self.keep_with_next = keep_with_next
        self.repeat = repeat
        self.optional = optional


# Qt's alignment and text flags as the numbers they are (Qt.AlignmentFlag, Qt.TextFlag):
# naming them through ``Qt`` would make PySide build every enum of the Qt namespace
# (~14 ms), which nothing else on the export's path needs (see _paint_page).
# tests/ui/test_pdf_export.py checks each against Qt's own.
_ALIGN_LEFT = 0x0001
_ALIGN_RIGHT = 0x0002
_ALIGN_HCENTER = 0x0004
_ALIGN_TOP = 0x0020
_ALIGN_VCENTER = 0x0080
_LEFT = _ALIGN_LEFT | _ALIGN_VCENTER
_RIGHT = _ALIGN_RIGHT | _ALIGN_VCENTER
_CENTER = _ALIGN_HCENTER | _ALIGN_VCENTER
_WRAP = 0x1000  # Qt.TextFlag.TextWordWrap
_WRAP_ANYWHERE = 0x2000  # Qt.TextFlag.TextWrapAnywhere
_ALIGN = {"left": _LEFT, "right": _RIGHT, "center": _CENTER}


def _text_drawer(width: float, line_h: float, font: str, text: str
                 ) -> Callable[[list[Op], float, float], None]:
    """Draws one line of a note at (x, y)."""
    def draw(ops: list[Op], x: float, y: float) -> None:
        ops.append(("text", QRectF(x, y, width, line_h), font, _LEFT, text))
    return draw


class _Pages(list["list[Op]"]):
    """A sheet's pages, and where each section starts: ``marks`` = [(title, page)];
    ``end``: how far down the last page its text goes (ruled lines aside)."""

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[tuple[str, int]] = []
        self.end = 0.0


class Layout:
    """Lays one sheet out into pages of ops (no painting)."""

    def __init__(self, sheet: Sheet, style: Style, width: float, height: float):
        self.sheet, self.s = sheet, style
        self.width = width
        self.footer_h = style.pt(20)
        self.bottom = height - self.footer_h
        self.pages = _Pages()
        self._section_label: str | None = None
        self._content = (0, 0.0)  # the page and the foot of the last text printed
        self._label_fonts: list[str] | None = None
        self.y = 0.0
        self.page: list[Op] = []
        self._new_page()

    # -- pages ------------------------------------------------------------------
    def _new_page(self) -> None:
        self.page = []
        self.pages.append(self.page)
        self.y = 0.0
        self.has_sections = False  # anything but the sheet header on this page yet

    @property
    def _page_empty(self) -> bool:
        return self.y == 0.0

    def _fits(self, height: float) -> bool:
        return self.y + height <= self.bottom + 0.01

    # -- the whole sheet ----------------------------------------------------------------
    def run(self) -> list[list[Op]]:
        self._header()
        sections = self.sheet.sections
        i = 0
        while i < len(sections):
            if sections[i].half:
                group = [sections[i]]
                while i + 1 < len(sections) and sections[i + 1].half:
                    i += 1
                    group.append(sections[i])
                self._half_group(group)
            else:
                self._section(sections[i], 0.0, self.width)
            i += 1
        page, end = self._content
        self.pages.end = end if page == len(self.pages) - 1 else 0.0
        return self.pages

    def _header(self) -> None:
        s, sheet = self.s, self.sheet
        y = 0.0
        name_h = s.line("name")
        if sheet.blank or not sheet.name:
            label_w = s.width("subtitle", "Name ")
            self.page.append(("text", QRectF(0, y, label_w, name_h), "subtitle",
                              _LEFT, "Name"))
            self.page.append(("line", label_w, y + name_h * 0.8, self.width * 0.62,
                              y + name_h * 0.8, 0.6, INK))
        else:
            # The whole name, always: set smaller when long, wrapped when still too long.
            room = self.width * 0.62
            if s.width("name", sheet.name) <= room:
                self.page.append(("text", QRectF(0, y, room, name_h), "name", _LEFT,
                                  sheet.name))
            else:
                text, height = s.block("name_small", sheet.name, room)
                name_h = max(name_h, height)
                self.page.append(("text", QRectF(0, y, room, name_h), "name_small", _LEFT,
                                  text))
        subtitle = f"{sheet.ruleset_title or sheet.ruleset_id} character sheet"
        sub_h = s.line("subtitle")
        self.page.append(("text", QRectF(0, y + name_h, self.width * 0.62, sub_h), "subtitle",
                          _LEFT, subtitle))
        # The headline figures, right-aligned label/value lines; a value too long for
        # that column (the classes of a character of many) gets a line of its own
        # under the name, as wide as the page.
        hy = y + s.pt(2)
        line_h = s.line("label") + s.pt(1)
        right_w = self.width * 0.36
        x0 = self.width - right_w
        gap = s.pt(5)
        own_lines = []
        for label, value in sheet.headline[:4]:
            label_w = s.width("label", label)
            value_w = s.width("value", value)
            if label_w + gap + value_w > right_w:
                own_lines.append((label, value))
                continue
            self.page.append(("text", QRectF(x0 + right_w - value_w - gap - label_w, hy,
                                             label_w, line_h), "label", _RIGHT, label))
            self.page.append(("text", QRectF(x0 + right_w - value_w, hy, value_w, line_h),
                              "value", _RIGHT, value))
            hy += line_h
        y = max(y + name_h + sub_h, hy)
        for label, value in own_lines:
            y += s.pt(3)
            label_w = s.width("label", label) + gap
            text, height = s.block("value", value, self.width - label_w)
            self.page.append(("text", QRectF(0, y, label_w, s.line("value")), "label", _LEFT,
                              label))
            self.page.append(("text", QRectF(label_w, y, self.width - label_w, height),
                              "value", _ALIGN_LEFT | _ALIGN_TOP, text))
            y += height
        y += s.pt(4)
        self.page.append(("line", 0, y, self.width, y, 1.6, INK))
        self.y = y + s.pt(10)

    # -- sections ----------------------------------------------------------------------------
    def _title_atom(self, title: str, width: float) -> Atom:
        s = self.s
        h = s.line("title") + s.pt(5)

        def draw(ops, x, y):
            ops.append(("text", QRectF(x, y, width, s.line("title")), "title", _LEFT, title))
            ops.append(("line", x, y + h - s.pt(2.5), x + width, y + h - s.pt(2.5), 0.8, INK))
        return Atom(h, draw, keep_with_next=True)

    @staticmethod
    def _chain(atoms: list[Atom], index: int) -> float:
        """Height of atoms[index] plus the atoms it must stay on a page with."""
        height = 0.0
        while index < len(atoms):
            height += atoms[index].height
            if not atoms[index].keep_with_next:
                break
            index += 1
        return height

    def _section(self, section: Section, x: float, width: float) -> None:
        s = self.s
        atoms = self._atoms(section, width)
        title = self._title_atom(section.title, width)
        first = self._chain(atoms, 0) if atoms else 0.0
        if section.new_page and self.has_sections:
            self._new_page()
        elif not self._fits(title.height + first) and not self._page_empty:
            if section.empty:
                return  # "nothing yet" never takes a page of its own
            self._new_page()
        self.pages.marks.append((section.title, len(self.pages) - 1))
        self._emit(title, x)
        for i, atom in enumerate(atoms):
            if atom.optional and not self._fits(atom.height):
                continue
            if not self._fits(self._chain(atoms, i)) and not self._page_empty:
                self._new_page()
                self._emit(self._title_atom(f"{section.title} (continued)", width), x)
                if atom.repeat is not None:
                    self._emit(atom.repeat, x)
            self._emit(atom, x)
        self.y += s.pt(12)

    def _emit(self, atom: Atom, x: float) -> None:
        atom.draw(self.page, x, self.y)
        self.y += atom.height
        self.has_sections = True
        if not atom.optional:  # what is read, not the lines to write on
            self._content = (len(self.pages) - 1, self.y)

    def _half_group(self, group: list[Section]) -> None:
        s = self.s
        gap = s.pt(16)
        col_w = (self.width - gap) / 2
        laid = []
        for section in group:
            atoms = [self._title_atom(section.title, col_w)] + self._atoms(section, col_w)
            laid.append((sum(a.height for a in atoms), atoms))
        columns, heights = _balance(laid, s.pt(12))
        total = max(heights)
        if total > self.bottom:  # taller than a page: flow them one after the other
            for section in group:
                self._section(section, 0.0, self.width)
            return
        if not self._fits(total) and not self._page_empty:
            self._new_page()
        top = self.y
        self.has_sections = True
        for section in group:
            self.pages.marks.append((section.title, len(self.pages) - 1))
        for col, stack in enumerate(columns):
            x = col * (col_w + gap)
            y = top
            for atoms in stack:
                for atom in atoms:
                    atom.draw(self.page, x, y)
                    y += atom.height
                y += s.pt(12)
        self.y = top + total + s.pt(12)

    # -- blocks -> atoms ----------------------------------------------------------------------
    def _atoms(self, section: Section, width: float) -> list[Atom]:
        atoms: list[Atom] = []
        self._empty = section.empty
        # One label size for the whole section: the smallest any of its blocks of
        # figures needs (labels shrunk one by one read unevenly).
        self._section_label = None
        used: list[str] = []
        for block in section.blocks:
            if isinstance(block, Rows):
                self._label_fonts = used
                self._rows(block, width)
        self._label_fonts = None
        if used:
            self._section_label = min(used, key=lambda key: self.s.fonts[key].pointSizeF())
        for index, block in enumerate(section.blocks):
            if index and not isinstance(block, Heading):
                atoms.append(Atom(self.s.pt(4), lambda ops, x, y: None, keep_with_next=True))
            start = len(atoms)
            if isinstance(block, Rows):
                atoms += self._rows(block, width)
            elif isinstance(block, Table):
                atoms += self._table(block, width)
            elif isinstance(block, Heading):
                atoms.append(self._heading(block, width, first=index == 0))
            elif isinstance(block, Notes):
                atoms += self._notes(block, width)
            elif isinstance(block, BoxLine):
                atoms += self._boxline(block, width)
            elif isinstance(block, Picture):
                atoms.append(self._picture(block, width))
            following = section.blocks[index + 1:]
            if following and isinstance(following[0], Table) and len(atoms) - start <= 3:
                # A line or two that introduces a table (its count, a note) stays with
                # the table's header and first rows.
                for atom in atoms[start:]:
                    atom.keep_with_next = True
        return atoms

    def _block_font(self, font: str, texts: Sequence[str], room: float,
                    floor: float = 0.8) -> str:
        """One size for every text of a block: ``font``, or as much smaller (down to
        ``floor`` of it) as its widest text needs to fit ``room``; what still does not
        fit wraps (labels shrunk one by one read as a ransom note)."""
        s = self.s
        widest = max([s.width(font, t) for t in texts if t] + [0.0])
        if widest <= room or room <= 0:
            return font
        return s.smaller(font, max(floor, room / widest * 0.995))

    def _rows(self, block: Rows, width: float) -> list[Atom]:
        s = self.s
        cols = max(1, block.columns)
        gap = s.pt(10)
        cell_w = (width - gap * (cols - 1)) / cols
        font = "big" if block.large else "value"
        box_h = max(s.pt(23 if block.large else 15), s.line(font) + s.pt(2))
        line_h = max(s.pt(27 if block.large else 19), box_h + s.pt(4))
        values = [v for _l, v in block.items]
        box_w = max([s.pt(30)] + [s.width(font, v) + s.pt(10) for v in values + [block.room]])
        if block.write_in:  # room to cross the figure out and pencil the new one beside it
            box_w = max(box_w * 2.2, s.pt(64))
        if block.stacked:
            return self._stacked_rows(block, cell_w, gap, font, box_w, box_h)
        labels_w = max([s.width("label", label) for label, _v in block.items] + [0.0])
        if cols > 1 and (labels_w + box_w) * 0.85 + s.pt(4) > cell_w:
            # Side by side they would shrink past reading or wrap inside words: one
            # pair a line, as wide as the section.
            return self._rows(Rows(block.items, 1, block.boxed, block.large,
                                   block.write_in, block.stacked, block.room), width)
        box_w = min(box_w, max(cell_w * 0.6, cell_w - labels_w - s.pt(4)))
        label_w = cell_w - box_w - s.pt(4)
        label_font = self._section_label or self._block_font(
            "label", [label for label, _v in block.items], label_w, floor=0.85)
        if self._label_fonts is not None:
            self._label_fonts.append(label_font)
        inner_w = (box_w / 2 - s.pt(4)) if block.write_in else box_w - s.pt(6)
        value_font = self._block_font(font, values, inner_w, floor=0.85)
        atoms = []
        for start in range(0, len(block.items), cols):
            chunk = block.items[start:start + cols]
            labels = [s.block(label_font, label, label_w) for label, _v in chunk]
            shown = [s.block(value_font, value, inner_w) for _l, value in chunk]
            row_h = max([line_h] + [h + s.pt(4) for _t, h in labels]
                        + [h + (line_h - box_h) + s.pt(4) for _t, h in shown])
            tall = row_h - (line_h - box_h)  # the boxes grow with what they hold

            def draw(ops, x, y, labels=labels, shown=shown, row_h=row_h, tall=tall):
                for c, ((label, _lh), (value, _vh)) in enumerate(zip(labels, shown)):
                    cx = x + c * (cell_w + gap)
                    ops.append(("text", QRectF(cx, y, label_w, row_h), label_font, _LEFT,
                                label))
                    box = QRectF(cx + cell_w - box_w, y + (row_h - tall) / 2, box_w, tall)
                    if block.boxed:
                        ops.append(("rect", box, 0.7, None))
                    if block.write_in and value:
                        # The figure at the left, the rest of the box left for pencil.
                        inner = box.adjusted(s.pt(4), 0, -box.width() / 2, 0)
                        ops.append(("text", inner, value_font, _LEFT, value))
                        ops.append(("line", box.center().x(), box.top() + s.pt(3),
                                    box.center().x(), box.bottom() - s.pt(3), 0.3, RULE))
                    else:
                        inner = box.adjusted(s.pt(3), 0, -s.pt(3), 0)
                        ops.append(("text", inner, value_font,
                                    _CENTER if block.boxed else _RIGHT, value))
                    if not block.boxed:
                        ops.append(("line", cx, y + row_h - s.pt(2), cx + cell_w,
                                    y + row_h - s.pt(2), 0.3, RULE))
            atoms.append(Atom(row_h + s.pt(2), draw))
        return atoms

    def _stacked_rows(self, block: Rows, cell_w: float, gap: float, font: str,
                      box_w: float, box_h: float) -> list[Atom]:
        """Each label centred above its value's box (``Rows.stacked``)."""
        s = self.s
        cols = max(1, block.columns)
        box_w = min(box_w, cell_w)
        label_font = self._section_label or self._block_font(
            "label", [label for label, _v in block.items], cell_w)
        if self._label_fonts is not None:
            self._label_fonts.append(label_font)
        value_font = self._block_font(font, [v for _l, v in block.items], box_w - s.pt(4),
                                      floor=0.75)
        atoms = []
        for start in range(0, len(block.items), cols):
            chunk = block.items[start:start + cols]
            labels = [s.block(label_font, label, cell_w) for label, _v in chunk]
            shown = [s.block(value_font, value, box_w - s.pt(4)) for _l, value in chunk]
            label_h = max(h for _t, h in labels)
            tall = max([box_h] + [h + s.pt(2) for _t, h in shown])
            line_h = label_h + s.pt(2) + tall

            def draw(ops, x, y, labels=labels, shown=shown, label_h=label_h, tall=tall):
                for c, ((label, _lh), (value, _vh)) in enumerate(zip(labels, shown)):
                    cx = x + c * (cell_w + gap)
                    ops.append(("text", QRectF(cx, y, cell_w, label_h), label_font, _CENTER,
                                label))
                    box = QRectF(cx + (cell_w - box_w) / 2, y + label_h + s.pt(2),
                                 box_w, tall)
                    if block.boxed:
                        ops.append(("rect", box, 0.7, None))
                    ops.append(("text", box, value_font, _CENTER, value))
            atoms.append(Atom(line_h + s.pt(4), draw))
        return atoms

    def _tick_size(self) -> float:
        """A tick box a pencil can mark: 3.5 mm on the full sheet, 3 mm on the compact
        one, whatever size the type is set at."""
        return self.s.mm(3.0 if self.sheet.layout == "compact" else 3.5)

    def _box_cell_height(self, cell: Boxes, width: float) -> float:
        s = self.s
        size, gap = self._tick_size(), s.pt(3)
        if cell.count == 0:
            return s.line("td")
        per_line = max(1, int((width + gap) // (size + gap)))
        lines = -(-cell.count // per_line)
        return lines * size + (lines - 1) * gap

    def _draw_boxes(self, ops, cell: Boxes, rect: QRectF) -> None:
        s = self.s
        size, gap = self._tick_size(), s.pt(3)
        if cell.count == 0:
            ops.append(("text", rect, "detail", _LEFT, cell.label or "\u2013"))
            return
        per_line = max(1, int((rect.width() + gap) // (size + gap)))
        lines = -(-cell.count // per_line)
        total_h = lines * size + (lines - 1) * gap
        y0 = rect.top() + (rect.height() - total_h) / 2
        for i in range(cell.count):
            row, col = divmod(i, per_line)
            box = QRectF(rect.left() + col * (size + gap), y0 + row * (size + gap), size, size)
            ops.append(("rect", box, 0.7, None))
            if i < cell.ticked:
                ops.append(("cross", box))

    def _table(self, block: Table, width: float) -> list[Atom]:
        s = self.s
        pad = s.pt(3.5)
        total = sum(c.weight for c in block.columns) or 1.0
        widths = [width * c.weight / total for c in block.columns]
        lefts = [sum(widths[:i]) for i in range(len(widths))]
        titles = [s.block("th", c.title, w - 2 * pad) for c, w in zip(block.columns, widths)]
        head_h = max(h for _t, h in titles) + s.pt(5)
        # Horizontal stretches that get fills and rules (gutter columns stay white).
        spans: list[list[float]] = []
        for col, left, w in zip(block.columns, lefts, widths):
            if col.gutter:
                spans.append([])
            elif spans and spans[-1]:
                spans[-1][1] = left + w
            else:
                spans.append([left, left + w])
        spans = [span for span in spans if span]

        def draw_head(ops, x, y):
            for a, b in spans:
                ops.append(("rect", QRectF(x + a, y, b - a, head_h), 0, HEADER_FILL))
            for col, left, w, (title, _h) in zip(block.columns, lefts, widths, titles):
                ops.append(("text", QRectF(x + left + pad, y, w - 2 * pad, head_h), "th",
                            _ALIGN.get(col.align, _LEFT), title))
        header = Atom(head_h, draw_head, keep_with_next=True)
        atoms = [header]
        min_h = s.pt(20 if self.sheet.blank else 16)  # room for pencil on a blank sheet
        # Column lines where there is something to write in: beside every column that
        # is empty in every row (a blank table, the Score column of a blank sheet).
        write_in = [bool(block.rows) and not col.gutter
                    and all(isinstance(row[i], Boxes) or not row[i] for row in block.rows)
                    for i, col in enumerate(block.columns)]
        ruled = [left for j, left in enumerate(lefts) if j and (write_in[j - 1] or write_in[j])]
        for index, row in enumerate(block.rows):
            heights = [min_h, s.line("td") + s.pt(5)]
            cells: list[Any] = []
            for cell, w in zip(row, widths):
                inner = w - 2 * pad
                if isinstance(cell, Boxes):
                    heights.append(self._box_cell_height(cell, inner) + s.pt(6))
                    cells.append(cell)
                elif cell:
                    text, height = s.block("td", cell, inner)
                    heights.append(height + s.pt(5))
                    cells.append(text)
                else:
                    cells.append(cell)
            row_h = max(heights)

            def draw_row(ops, x, y, row=cells, row_h=row_h, zebra=index % 2 == 1,
                         marked=index in block.marked):
                # Fills stop short of the row lines, so every line stays visible.
                inset = s.pt(0.5)
                fill = MARK_FILL if marked else ZEBRA_FILL if zebra else None
                if fill is not None:
                    for a, b in spans:
                        ops.append(("rect", QRectF(x + a, y + inset, b - a, row_h - 2 * inset),
                                    0, fill))
                if marked:
                    for a, b in spans:
                        ops.append(("rect", QRectF(x + a, y + inset, b - a, row_h - 2 * inset),
                                    1.0, None))
                if ruled:  # column lines to write between
                    for left in ruled:
                        if any(a < left < b for a, b in spans):
                            ops.append(("line", x + left, y, x + left, y + row_h, 0.35, RULE))
                for cell, col, left, w in zip(row, block.columns, lefts, widths):
                    rect = QRectF(x + left + pad, y, w - 2 * pad, row_h)
                    if isinstance(cell, Boxes):
                        self._draw_boxes(ops, cell, rect)
                    elif cell:
                        ops.append(("text", rect, "td", _ALIGN.get(col.align, _LEFT), cell))
                for a, b in spans:
                    ops.append(("line", x + a, y + row_h, x + b, y + row_h, 0.35, RULE))
            # Rows to write in (past the spare ones, every empty row of a filled sheet)
            # are printed as far as the page has room, never carried over on their own.
            spare = index >= len(block.rows) - block.spare or (
                not self.sheet.blank and index > 0 and all(
                    (isinstance(c, Boxes) and not c.ticked and not c.label)
                    or (not isinstance(c, Boxes) and not c) for c in row))
            atoms.append(Atom(row_h, draw_row, repeat=header, optional=spare))
        if not block.rows:
            header.keep_with_next = False
        _keep_rows_together(atoms[1:len(atoms) - block.spare])
        return atoms

    def _heading(self, block: Heading, width: float, first: bool) -> Atom:
        s = self.s
        top = 0 if first else s.pt(6)
        h = s.line("heading") + s.pt(3) + top

        def draw(ops, x, y):
            rect = QRectF(x, y + top, width, s.line("heading"))
            ops.append(("text", rect, "heading", _LEFT, block.text))
            if block.detail:
                ops.append(("text", rect, "detail", _RIGHT, block.detail))
        return Atom(h, draw, keep_with_next=True)

    def _notes(self, block: Notes, width: float) -> list[Atom]:
        s = self.s
        atoms = []
        font = "detail" if getattr(self, "_empty", False) else "note"  # one style for "none"
        fm = s.metrics[font]
        line_h = fm.height() * 1.25
        for paragraph in (block.text.splitlines() if block.text else []):
            for text in _wrap(paragraph, fm, width) or [""]:
                atoms.append(Atom(line_h, _text_drawer(width, line_h, font, text)))
        ruled = s.pt(20)
        lines = block.lines
        if block.fill:  # to the foot of whatever page they start on
            lines = max(lines, int(self.bottom / ruled) + 1)
        for _ in range(lines):
            atoms.append(Atom(ruled, lambda ops, x, y: ops.append(
                ("line", x, y + ruled - s.pt(3), x + width, y + ruled - s.pt(3), 0.4, RULE)),
                optional=bool(atoms) or bool(block.text)))
        return atoms

    def _picture(self, block: Picture, width: float) -> Atom:
        """The portrait in a thin frame, kept to its proportions; a file that is not
        an image leaves the frame empty."""
        s = self.s
        frame_w, frame_h = min(s.pt(block.width), width), s.pt(block.height)

        def draw(ops, x, y):
            ops.append(("image", QRectF(x, y, frame_w, frame_h), block.path))
            ops.append(("rect", QRectF(x, y, frame_w, frame_h), 0.5, None))
        return Atom(frame_h + s.pt(4), draw)

    def _boxline(self, block: BoxLine, width: float) -> list[Atom]:
        s = self.s
        label_w = max([s.width("label", b.label) for b in block.boxes] + [0]) + s.pt(8)
        atoms = []
        for boxes in block.boxes:
            inner = width - label_w
            h = max(self._box_cell_height(boxes, inner), s.line("label")) + s.pt(6)

            def draw(ops, x, y, boxes=boxes, h=h):
                ops.append(("text", QRectF(x, y, label_w, h), "label", _LEFT, boxes.label))
                self._draw_boxes(ops, boxes, QRectF(x + label_w, y, inner, h))
            atoms.append(Atom(h, draw))
        return atoms


#: A table of at most this many rows is never split between two pages; a longer one
#: keeps its first two rows with its header and its last two together.
WHOLE_TABLE_ROWS = 4


def _keep_rows_together(rows: list[Atom]) -> None:
    """No page ends with a table's header and one row ("Opening balance" alone at the
    foot of page 1), and no row stands alone at the top of the next."""
    if len(rows) <= WHOLE_TABLE_ROWS:
        keep = rows[:-1]
    else:
        keep = [rows[0], rows[-2]]
    for atom in keep:
        atom.keep_with_next = True


def _balance(laid: list[tuple[float, list]], gap: float) -> tuple[list[list], list[float]]:
    """Share half-width sections between two columns, each keeping the sheet's order,
    so that the taller column is as short as it can be.  The first section opens the
    left column (ties: more on the left)."""
    best: tuple[tuple[float, int, int], list[list[Any]], list[float]] | None = None
    count = len(laid)
    masks = range(0, 1 << count, 2) if count <= 12 else [sum(1 << i for i in range(1, count, 2))]
    for mask in masks:
        columns: list[list] = [[], []]
        heights = [0.0, 0.0]
        for index, (height, atoms) in enumerate(laid):
            col = (mask >> index) & 1
            heights[col] += height + (gap if columns[col] else 0.0)
            columns[col].append(atoms)
        key = (round(max(heights), 3), -len(columns[0]), mask)
        if best is None or key < best[0]:
            best = (key, columns, heights)
    assert best is not None  # mask 0 (everything on the left) is always tried
    return best[1], best[2]


def _wrap(text: str, fm: QFontMetricsF, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width``: between words; a word wider than a
    line alone is broken after one of its hyphens where that fits ("Magic-" / "User"),
    else where it must (a web address, a name without spaces) rather than off the page."""
    words = []
    for word in text.split(" "):
        while fm.horizontalAdvance(word) > width and len(word) > 1:
            cut = _hyphen_cut(word, fm, width) or _fitting(word, fm, width)
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    lines, current = [], ""
    for word in words:
        trial = f"{current} {word}" if current else word
        if fm.horizontalAdvance(trial) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def _hyphen_cut(word: str, fm: QFontMetricsF, width: float) -> int:
    """Where to break a too-wide word after its last hyphen that leaves a part that
    fits (0: none does)."""
    cut = len(word)
    while True:
        cut = word.rfind("-", 0, cut - 1) + 1
        if cut <= 1:
            return 0
        if fm.horizontalAdvance(word[:cut]) <= width:
            return cut


def _joins(char: str) -> bool:
    """A character that belongs to the one before it (an accent, a variation selector,
    a zero-width joiner and what it joins, an emoji modifier)."""
    return (unicodedata.combining(char) != 0 or unicodedata.category(char) in ("Mn", "Me")
            or char in "\u200d\ufe0e\ufe0f" or "\U0001f3fb" <= char <= "\U0001f3ff")


def _fitting(word: str, fm: QFontMetricsF, width: float) -> int:
    """How many leading characters of ``word`` fit in ``width`` (at least one; never
    splitting a letter from its accents nor an emoji sequence)."""
    low, high = 1, len(word)
    while low < high:
        mid = (low + high + 1) // 2
        if fm.horizontalAdvance(word[:mid]) <= width:
            low = mid
        else:
            high = mid - 1
    while low < len(word) - 1 and (_joins(word[low]) or word[low - 1] == "\u200d"):
        low += 1
    return low


def utf16_length(text: str) -> int:
    """``text``'s length as Qt counts it (UTF-16 code units: a character beyond U+FFFF,
    an emoji, is two)."""
    return len(text.encode("utf-16-le")) // 2


# -- painting ---------------------------------------------------------------------------------
# Nothing below makes PySide build the enums of Qt's ``Qt`` namespace (93 of them, ~14 ms
# of a one-page export): QPainter.setPen, setBrush, fillRect and QBrush(QColor) all would,
# each having an overload that takes a Qt enum, which PySide builds the whole namespace to
# rule out.  So lines and boxes are QPainterPaths stroked by strokePath (one overload: a
# QPen, made with QPen() and setters) or filled by fillPath (with that pen's brush), and
# text is drawn with the painter's own pen (a new painter's: black, as INK) or, in grey,
# laid out by a QTextLayout with a grey format at the very place drawText would put it.
# Only grey text drawText must place itself (wrapped, right-to-left, with tabs or line
# breaks: a name in Hebrew in the footer, say) takes setPen, and the enums with it.
# The pixels are the same as those of setPen/drawLine/drawRect/fillRect/drawText; what
# the PDF's bytes say differs (a path where a rectangle was). Guarded by
# tests/ui/test_pdf_export.py::test_export_builds_no_qt_enums.
_PENS: dict[tuple[int, float], QPen] = {}
_UNWRAPPED = 1e7  # device units (8,333 inches at 1200 dpi; within QFixed): no text fills it
_GREY_FONTS = frozenset(("subtitle", "detail", "footer"))
#: Bidirectional classes that make a line right-to-left (or may): drawText places those.
_RTL = frozenset(("R", "AL", "AN", "RLE", "RLO", "RLI", "FSI"))


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


def _plain_line(text: str) -> bool:
    """Text drawText lays out as QTextLayout does by default: one left-to-right line,
    no tabs, breaks or other controls, no space at either end."""
    if text != text.strip():
        return False
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp") or unicodedata.bidirectional(char) in _RTL:
            return False
    return True


def _draw_coloured(painter: QPainter, font: QFont, metrics: QFontMetricsF, rect: QRectF,
                   flags: int, text: str, colour: QColor) -> bool:
    """``painter.drawText(rect, flags, text)`` in ``colour`` without setPen: the line laid
    out by a QTextLayout whose format has the colour, at drawText's place (its bounding
    box's top, its alignment's left).  False (nothing drawn) for text drawText must
    place itself (see :func:`_plain_line`, wrapping flags)."""
    if flags & (_WRAP | _WRAP_ANYWHERE) or not _plain_line(text):
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
    line.setLineWidth(_UNWRAPPED)
    layout.endLayout()
    x = rect.left()
    if flags & _ALIGN_RIGHT:
        x += rect.width() - line.horizontalAdvance()
    elif flags & _ALIGN_HCENTER:
        x += (rect.width() - line.horizontalAdvance()) / 2
    top = metrics.boundingRect(rect, flags, text).top()
    layout.draw(painter, QPointF(x, top))
    return True


def _paint_page(painter: QPainter, style: Style, ops: list[Op], glyphs=None) -> None:
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


def _footer(sheet: Sheet, number: int, count: int, width: float, height: float,
            style: Style) -> list[Op]:
    s = style
    h = s.line("footer")
    y = height - h
    room = width * 0.75
    title = sheet.ruleset_title or sheet.ruleset_id
    name = sheet.name if sheet.name and not sheet.blank else "Name: ____________________"
    # A right-to-left name isolated in its own direction, so it stays before the rule
    # system's, as in every other footer.
    isolate = ("\u2068", "\u2069") if not _plain_line(name) else ("", "")
    left = f"{isolate[0]}{name}{isolate[1]} \u00b7 {title}"
    font = s.smaller("footer", max(0.6, room / max(s.width("footer", left), 1.0) * 0.995))
    while s.width(font, left) > room and len(name) > 1:
        # A running line: a name too long for it is shortened here (the header
        # prints it whole).
        name = name[:max(1, _fitting(name, s.metrics[font], room * 0.6) - 1)].rstrip()
        left = f"{isolate[0]}{name}\u2026{isolate[1]} \u00b7 {title}"
    return [("line", 0, y - s.pt(4), width, y - s.pt(4), 0.4, RULE),
            ("text", QRectF(0, y, room, h), font, _LEFT, left),
            ("text", QRectF(width * 0.76, y, width * 0.24, h), "footer", _RIGHT,
             f"Page {number} of {count}")]


#: A last page filled less than this is folded back into the others where a smaller
#: type (FULL_SCALES) saves it, however long the sheet.
LAST_PAGE_FOLD = 0.2
#: A full sheet set smaller by at most this much when that saves a page.
FULL_SCALES = (1.0, 0.93, 0.87)
#: A compact sheet is set smaller until it fits one page (down to half: below about
#: 72 % only the spacing shrinks, the type stays at MIN_POINTS and tick boxes at 3 mm).
COMPACT_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5)


def fit_sheet(sheet: Sheet, device, k: float, width: float, height: float,
              styles: dict | None = None) -> tuple[Style, list[list[Op]]]:
    """The style and pages of one sheet, set smaller when that saves pages: a little for
    the full layout (a sheet just over one page or two loses that page; a longer
    record keeps its size), as far as needed (down to 60 %) for the compact one to fit
    one page.  ``styles`` caches the styles by scale."""
    styles = {} if styles is None else styles

    def style_at(scale: float) -> Style:
        if scale not in styles:
            styles[scale] = Style.for_device(device, k, scale)
        return styles[scale]

    first = (style_at(1.0), layout_sheet(sheet, style_at(1.0), width, height))
    if len(first[1]) == 1:
        return first
    compact = sheet.layout == "compact"
    # A long record keeps its size, unless its last page holds only a few lines that
    # a slightly smaller type folds back.
    if not compact and len(first[1]) > 3 and \
            getattr(first[1], "end", height) > height * LAST_PAGE_FOLD:
        return first
    best = first
    for scale in (COMPACT_SCALES if compact else FULL_SCALES)[1:]:
        pages = layout_sheet(sheet, style_at(scale), width, height)
        if len(pages) < len(best[1]) and (compact or len(pages) <= 2
                                           or len(pages) == len(first[1]) - 1):
            best = (style_at(scale), pages)
            if not compact:
                break  # a full sheet: the largest type that saves a page
        if len(pages) == 1:
            break
    return best


def layout_sheet(sheet: Sheet, style: Style, width: float, height: float) -> list[list[Op]]:
    """The pages of one sheet (footer included)."""
    pages = Layout(sheet, style, width, height).run()
    for number, ops in enumerate(pages, start=1):
        ops.extend(_footer(sheet, number, len(pages), width, height, style))
    return pages


def paint_sheets(painter: QPainter, device, sheets: Sequence[Sheet],
                 new_page: Callable[[], bool],
                 progress: Callable[[int, int], bool] | None = None,
                 glyphs=None, duplex: bool = False, marks: list | None = None) -> list[int]:
    """Paint every sheet, each starting on a new page (``duplex``: on an odd page, a
    blank page put in before it when needed).  Returns the page count of each.
    ``marks`` receives ``(level, title, page index)`` for each character and section
    (the PDF's bookmarks).

    ``new_page`` advances the device; ``progress(done, total)`` returning False
    cancels (raises :class:`Cancelled`); ``glyphs`` (a
    :class:`builder.render.fonts.GlyphCheck`) collects the characters no font can show.
    """
    k = device.logicalDpiY() / 72.0
    styles: dict = {}
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
            marks.append((0, sheet.name or "Character sheet", painted))
            for title, page in getattr(pages, "marks", []):
                marks.append((1, title, painted + page))
        for ops in pages:
            if painted and not new_page():
                raise RenderFailed("the printer refused a new page")
            painted += 1
            _paint_page(painter, style, ops, glyphs)
        counts.append(len(pages))
    if progress is not None and progress(len(sheets), len(sheets)) is False:
        raise Cancelled()
    return counts


def page_layout(paper: str = "a4") -> QPageLayout:
    try:
        size = QPageSize(PAPERS[paper.lower()])
    except KeyError:
        raise ValueError(f"unknown paper '{paper}'; valid: {', '.join(PAPERS)}") from None
    return QPageLayout(size, QPageLayout.Orientation.Portrait,
                       QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                       QPageLayout.Unit.Millimeter)


class RenderFailed(OSError):
    """Qt could not paint the PDF (the painter or the writer refused)."""


def render_pdf_bytes(sheets: Sequence[Sheet], paper: str = "a4", *, title: str | None = None,
                     progress: Callable[[int, int], bool] | None = None,
                     resolution: int = RESOLUTION, glyphs=None, duplex: bool = False
                     ) -> tuple[bytes, list[int]]:
    """Paint ``sheets`` into one PDF in memory: ``(the PDF's bytes, pages per sheet)``.

    Nothing touches the disk here, so a full disk cannot truncate a PDF behind Qt's
    back: the bytes are written (and every write checked) by
    :func:`builder.sheets.output.write_outputs`.  Raises :class:`RenderFailed` when
    the painter cannot start or finish, :class:`Cancelled` when ``progress`` says stop.
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, qVersion

    ensure_app()
    layout = page_layout(paper)
    data = QByteArray()
    buffer = QBuffer(data)
    if not buffer.open(QIODevice.OpenModeFlag.WriteOnly):
        raise RenderFailed("the PDF buffer cannot be opened")
    writer = QPdfWriter(buffer)
    writer.setResolution(resolution)
    writer.setPageLayout(layout)
    from builder.render.fonts import WideGlyphs, WideOnly
    from builder.render.outline import (document_authors, document_title, finish_pdf,
                                        needs_base_letters, xmp_metadata)

    if glyphs is None:
        glyphs = WideOnly()  # no missing-glyph check asked for: only what the text needs
    glyphs.wide = WideGlyphs()  # this PDF's own: Qt numbers the glyphs per document
    names = [s.name for s in sheets]
    title = title or document_title(names)
    authors = document_authors([s.player for s in sheets], names)
    author = ", ".join(authors)
    writer.setCreator("Character Builder")
    writer.setTitle(title)
    writer.setAuthor(author)
    # The XMP metadata with the authors as a list (Qt's has them as one string).
    writer.setDocumentXmpMetadata(QByteArray(xmp_metadata(title, authors,
                                                          f"Qt {qVersion()}")))
    marks: list = []
    painter = QPainter()
    if not painter.begin(writer):
        raise RenderFailed("the PDF writer cannot be started")
    try:
        counts = paint_sheets(painter, writer, sheets, writer.newPage, progress, glyphs,
                              duplex=duplex, marks=marks)
    finally:
        ended = painter.end()
    if not ended:
        raise RenderFailed("the PDF writer could not finish the file")
    del painter, writer
    buffer.close()
    pdf = bytes(data.data())
    if not pdf.startswith(b"%PDF-"):
        raise RenderFailed("the PDF writer produced no PDF")
    rulesets = ", ".join(dict.fromkeys(s.ruleset_title or s.ruleset_id for s in sheets))
    unmapped: set[str] = set()
    try:
        pdf = finish_pdf(pdf, marks, title=title,
                         author=author,
                         subject=f"Character sheets ({rulesets})" if rulesets else "",
                         keywords=", ".join(n for n in names if n)[:1000],
                         wide=glyphs.wide.order, unmapped=unmapped,
                         base_letters=needs_base_letters(
                             text for sheet in sheets for text in sheet.texts()))
    except Exception as exc:  # Qt's file could not be read back: the writer failed
        raise RenderFailed(f"the PDF could not be finished ({exc})") from None
    glyphs.untexted |= (unmapped | glyphs.wide.pictures
                        | (glyphs.wide.unknown - glyphs.missing))
    return pdf, counts


def render_pdf(sheets: Sequence[Sheet], path, paper: str = "a4", *, title: str | None = None,
               progress: Callable[[int, int], bool] | None = None,
               resolution: int = RESOLUTION, glyphs=None) -> list[int]:
    """Write ``sheets`` into one PDF at ``path``: all or nothing.

    Painted in memory, checked to be a whole PDF, then written through
    :func:`builder.sheets.output.write_outputs` (a temporary file beside ``path``,
    every write checked, then a rename), so a failure, a full disk or a cancel
    leaves the previous file byte for byte and no temporary.  Returns the page count
    of each sheet.  Raises :class:`builder.sheets.output.ExportFailed` (a
    FileProblem) when the file cannot be written or is read-only, RenderFailed when
    Qt cannot paint, :class:`Cancelled` when ``progress`` says stop.
    """
    from builder.sheets.output import check_target, write_outputs

    path = Path(path)
    check_target(path)
    data, counts = render_pdf_bytes(sheets, paper, title=title, progress=progress,
                                    resolution=resolution, glyphs=glyphs)
    write_outputs({path: data})
    return counts


def render_to_printer(sheets: Sequence[Sheet], printer,
                      progress: Callable[[int, int], bool] | None = None,
                      glyphs=None, duplex: bool = False) -> list[int]:
    """Paint ``sheets`` on a configured QPrinter (print dialog, print preview).

    The printer keeps its paper size; the margins are set to the sheet margins
    unless the printer already asks for larger ones.
    """
    ensure_app()
    layout = printer.pageLayout()
    margins = layout.margins(QPageLayout.Unit.Millimeter)
    if min(margins.left(), margins.top(), margins.right(), margins.bottom()) < MARGIN_MM:
        printer.setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                               QPageLayout.Unit.Millimeter)
    painter = QPainter()
    if not painter.begin(printer):
        raise OSError("the printer cannot be opened")
    try:
        return paint_sheets(painter, printer, sheets, printer.newPage, progress, glyphs,
                            duplex=duplex)
    finally:
        painter.end()


def render_images(sheet: Sheet, paper: str = "a4", dpi: int = 96):
    """Every page of one sheet as a QImage (white paper, margins included).

    The same layout and painting as the PDF, on a raster device: for previews
    and for the README picture when no PDF rasteriser is at hand.
    """
    from PySide6.QtGui import QImage

    ensure_app()
    layout = page_layout(paper)
    full = layout.fullRectPoints()
    paint = layout.paintRectPoints()
    scale = dpi / 72.0
    size = (round(full.width() * scale), round(full.height() * scale))
    dots_per_metre = round(dpi / 0.0254)
    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    probe.setDotsPerMeterX(dots_per_metre)
    probe.setDotsPerMeterY(dots_per_metre)
    style, pages = fit_sheet(sheet, probe, probe.logicalDpiY() / 72.0,
                             paint.width() * scale, paint.height() * scale)
    images = []
    for ops in pages:
        image = QImage(size[0], size[1], QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(dots_per_metre)
        image.setDotsPerMeterY(dots_per_metre)
        image.fill(QColor(255, 255, 255))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.translate(paint.left() * scale, paint.top() * scale)
        _paint_page(painter, style, ops)
        painter.end()
        images.append(image)
    return images
