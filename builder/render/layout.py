"""Lays a :class:`~builder.sheets.model.Sheet` out into pages of paint operations
(no painting): the header, sections in full width or balanced half-width columns,
page breaks that keep what belongs together, the footer, and the scale a sheet is
set at to save a page (:func:`fit_sheet`).  Laid out before painting, so the footer
can say "page 2 of 3".  The blocks of a section become atoms in
:mod:`builder.render.blocks`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF

from builder.render.blocks import Atom, SectionAtoms
from builder.render.style import (ALIGN_LEFT, ALIGN_TOP, INK, LEFT, RIGHT, RULE, Op, Style,
                                  fitting, plain_line)
from builder.sheets.model import Section, Sheet

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintDevice

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
        self.blocks = SectionAtoms(sheet, style, self.bottom)
        self._content = (0, 0.0)  # the page and the foot of the last text printed
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
                              LEFT, "Name"))
            self.page.append(("line", label_w, y + name_h * 0.8, self.width * 0.62,
                              y + name_h * 0.8, 0.6, INK))
        else:
            # The whole name, always: set smaller when long, wrapped when still too long.
            room = self.width * 0.62
            if s.width("name", sheet.name) <= room:
                self.page.append(("text", QRectF(0, y, room, name_h), "name", LEFT,
                                  sheet.name))
            else:
                text, height = s.block("name_small", sheet.name, room)
                name_h = max(name_h, height)
                self.page.append(("text", QRectF(0, y, room, name_h), "name_small", LEFT,
                                  text))
        subtitle = f"{sheet.ruleset_title or sheet.ruleset_id} character sheet"
        sub_h = s.line("subtitle")
        self.page.append(("text", QRectF(0, y + name_h, self.width * 0.62, sub_h), "subtitle",
                          LEFT, subtitle))
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
                                             label_w, line_h), "label", RIGHT, label))
            self.page.append(("text", QRectF(x0 + right_w - value_w, hy, value_w, line_h),
                              "value", RIGHT, value))
            hy += line_h
        y = max(y + name_h + sub_h, hy)
        for label, value in own_lines:
            y += s.pt(3)
            label_w = s.width("label", label) + gap
            text, height = s.block("value", value, self.width - label_w)
            self.page.append(("text", QRectF(0, y, label_w, s.line("value")), "label", LEFT,
                              label))
            self.page.append(("text", QRectF(label_w, y, self.width - label_w, height),
                              "value", ALIGN_LEFT | ALIGN_TOP, text))
            y += height
        y += s.pt(4)
        self.page.append(("line", 0, y, self.width, y, 1.6, INK))
        self.y = y + s.pt(10)

    # -- sections ----------------------------------------------------------------------------
    def _title_atom(self, title: str, width: float) -> Atom:
        s = self.s
        h = s.line("title") + s.pt(5)

        def draw(ops: list[Op], x: float, y: float) -> None:
            ops.append(("text", QRectF(x, y, width, s.line("title")), "title", LEFT, title))
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
        atoms = self.blocks.atoms(section, width)
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
        laid: list[tuple[float, list[Atom]]] = []
        for section in group:
            atoms = [self._title_atom(section.title, col_w)] + self.blocks.atoms(section, col_w)
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


def _balance(laid: list[tuple[float, list[Atom]]], gap: float
             ) -> tuple[list[list[list[Atom]]], list[float]]:
    """Share half-width sections between two columns, each keeping the sheet's order,
    so that the taller column is as short as it can be.  The first section opens the
    left column (ties: more on the left)."""
    best: tuple[tuple[float, int, int], list[list[list[Atom]]], list[float]] | None = None
    count = len(laid)
    masks = range(0, 1 << count, 2) if count <= 12 else [sum(1 << i for i in range(1, count, 2))]
    for mask in masks:
        columns: list[list[list[Atom]]] = [[], []]
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
    isolate = ("\u2068", "\u2069") if not plain_line(name) else ("", "")
    left = f"{isolate[0]}{name}{isolate[1]} \u00b7 {title}"
    font = s.smaller("footer", max(0.6, room / max(s.width("footer", left), 1.0) * 0.995))
    while s.width(font, left) > room and len(name) > 1:
        # A running line: a name too long for it is shortened here (the header
        # prints it whole).
        name = name[:max(1, fitting(name, s.metrics[font], room * 0.6) - 1)].rstrip()
        left = f"{isolate[0]}{name}\u2026{isolate[1]} \u00b7 {title}"
    return [("line", 0, y - s.pt(4), width, y - s.pt(4), 0.4, RULE),
            ("text", QRectF(0, y, room, h), font, LEFT, left),
            ("text", QRectF(width * 0.76, y, width * 0.24, h), "footer", RIGHT,
             f"Page {number} of {count}")]


#: A last page filled less than this is folded back into the others where a smaller
#: type (FULL_SCALES) saves it, however long the sheet.
LAST_PAGE_FOLD = 0.2


#: A full sheet set smaller by at most this much when that saves a page.
FULL_SCALES = (1.0, 0.93, 0.87)


#: A compact sheet is set smaller until it fits one page (down to half: below about
#: 72 % only the spacing shrinks, the type stays at MIN_POINTS and tick boxes at 3 mm).
COMPACT_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5)


def fit_sheet(sheet: Sheet, device: QPaintDevice, k: float, width: float, height: float,
              styles: dict[float, Style] | None = None) -> tuple[Style, list[list[Op]]]:
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
