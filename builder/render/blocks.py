"""Turns a section's blocks (figures, tables, headings, notes, tick boxes, a portrait)
into atoms: unbreakable pieces of a given width and height that add their paint
operations where the layout (:mod:`builder.render.layout`) places them.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QRectF

from builder.render.style import (ALIGN, CENTER, HEADER_FILL, LEFT, MARK_FILL, RIGHT, RULE,
                                  ZEBRA_FILL, Op, Style, wrap_text)
from builder.rules.records import Record
from builder.sheets.model import (BoxLine, Boxes, Heading, Notes, Picture, Rows, Section, Sheet,
                                  Table)


class Atom(Record):
    """An unbreakable piece of a section: a grid line, a table row, a note line.
    ``draw(ops, x, y)`` adds its ops; ``repeat``: re-drawn after a page break (a table
    header); ``optional``: dropped when it does not fit (ruled lines to write on)."""

    _fields = ("height", "draw", "keep_with_next", "repeat", "optional")
    __slots__ = _fields

    def __init__(self, height: float, draw: Callable[[list[Op], float, float], None],
                 keep_with_next: bool = False, repeat: "Atom | None" = None,
                 optional: bool = False) -> None:
        self.height = height
        self.draw = draw
        self.keep_with_next = keep_with_next
        self.repeat = repeat
        self.optional = optional


def _text_drawer(width: float, line_h: float, font: str, text: str
                 ) -> Callable[[list[Op], float, float], None]:
    """Draws one line of a note at (x, y)."""
    def draw(ops: list[Op], x: float, y: float) -> None:
        ops.append(("text", QRectF(x, y, width, line_h), font, LEFT, text))
    return draw


class SectionAtoms:
    """The atoms of one section after another of a sheet, at the sheet's style."""

    def __init__(self, sheet: Sheet, style: Style, bottom: float) -> None:
        self.sheet, self.s = sheet, style
        self.bottom = bottom  # the height of a page's text area
        self._section_label: str | None = None
        self._label_fonts: list[str] | None = None
        self._empty = False

    def atoms(self, section: Section, width: float) -> list[Atom]:
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

            def draw(ops: list[Op], x: float, y: float,
                     labels: list[tuple[str, float]] = labels,
                     shown: list[tuple[str, float]] = shown, row_h: float = row_h,
                     tall: float = tall) -> None:
                for c, ((label, _lh), (value, _vh)) in enumerate(zip(labels, shown)):
                    cx = x + c * (cell_w + gap)
                    ops.append(("text", QRectF(cx, y, label_w, row_h), label_font, LEFT,
                                label))
                    box = QRectF(cx + cell_w - box_w, y + (row_h - tall) / 2, box_w, tall)
                    if block.boxed:
                        ops.append(("rect", box, 0.7, None))
                    if block.write_in and value:
                        # The figure at the left, the rest of the box left for pencil.
                        inner = box.adjusted(s.pt(4), 0, -box.width() / 2, 0)
                        ops.append(("text", inner, value_font, LEFT, value))
                        ops.append(("line", box.center().x(), box.top() + s.pt(3),
                                    box.center().x(), box.bottom() - s.pt(3), 0.3, RULE))
                    else:
                        inner = box.adjusted(s.pt(3), 0, -s.pt(3), 0)
                        ops.append(("text", inner, value_font,
                                    CENTER if block.boxed else RIGHT, value))
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

            def draw(ops: list[Op], x: float, y: float,
                     labels: list[tuple[str, float]] = labels,
                     shown: list[tuple[str, float]] = shown, label_h: float = label_h,
                     tall: float = tall) -> None:
                for c, ((label, _lh), (value, _vh)) in enumerate(zip(labels, shown)):
                    cx = x + c * (cell_w + gap)
                    ops.append(("text", QRectF(cx, y, cell_w, label_h), label_font, CENTER,
                                label))
                    box = QRectF(cx + (cell_w - box_w) / 2, y + label_h + s.pt(2),
                                 box_w, tall)
                    if block.boxed:
                        ops.append(("rect", box, 0.7, None))
                    ops.append(("text", box, value_font, CENTER, value))
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

    def _draw_boxes(self, ops: list[Op], cell: Boxes, rect: QRectF) -> None:
        s = self.s
        size, gap = self._tick_size(), s.pt(3)
        if cell.count == 0:
            ops.append(("text", rect, "detail", LEFT, cell.label or "\u2013"))
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
        widths = self._widths(block, width, pad)
        lefts = [sum(widths[:i]) for i in range(len(widths))]
        titles = [s.block("th", c.title, w - 2 * pad) for c, w in zip(block.columns, widths)]
        head_h = max(h for _t, h in titles) + s.pt(5)
        spans = _spans(block, lefts, widths)

        def draw_head(ops: list[Op], x: float, y: float) -> None:
            for a, b in spans:
                ops.append(("rect", QRectF(x + a, y, b - a, head_h), 0, HEADER_FILL))
            for col, left, w, (title, _h) in zip(block.columns, lefts, widths, titles):
                ops.append(("text", QRectF(x + left + pad, y, w - 2 * pad, head_h), "th",
                            ALIGN.get(col.align, LEFT), title))
        header = Atom(head_h, draw_head, keep_with_next=True)
        atoms = [header]
        min_h = s.pt(20 if self.sheet.blank else 16)  # room for pencil on a blank sheet
        ruled = _write_in_lines(block, lefts)
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

            def draw_row(ops: list[Op], x: float, y: float, row: list[Any] = cells,
                         row_h: float = row_h, zebra: bool = index % 2 == 1,
                         marked: bool = index in block.marked) -> None:
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
                        ops.append(("text", rect, "td", ALIGN.get(col.align, LEFT), cell))
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

    def _widths(self, block: Table, width: float, pad: float) -> list[float]:
        """Each column's share of ``width`` by its weight; but never narrower than its
        longest short word (a number, a date: one of up to :data:`SHORT_WORD` characters,
        which a line break would cut in two), the room taken from the columns wider than
        that, in proportion to what they have to spare.  When the words do not fit side
        by side, the weights alone."""
        total = sum(c.weight for c in block.columns) or 1.0
        widths = [width * c.weight / total for c in block.columns]
        longest = [""] * len(widths)
        for row in block.rows:
            for index, cell in enumerate(row[:len(widths)]):
                if isinstance(cell, str) and len(longest[index]) < len(cell) <= SHORT_WORD \
                        and not any(ch.isspace() for ch in cell):
                    longest[index] = cell
        least = [self.s.width("td", word) + 2 * pad + self.s.pt(1) if word else 0.0
                 for word in longest]
        short = sum(max(0.0, need - have) for need, have in zip(least, widths))
        spare = sum(max(0.0, have - need) for need, have in zip(least, widths))
        if short <= 0 or spare < short:
            return widths
        return [need if have <= need else have - short * (have - need) / spare
                for need, have in zip(least, widths)]

    def _heading(self, block: Heading, width: float, first: bool) -> Atom:
        s = self.s
        top = 0 if first else s.pt(6)
        h = s.line("heading") + s.pt(3) + top

        def draw(ops: list[Op], x: float, y: float) -> None:
            rect = QRectF(x, y + top, width, s.line("heading"))
            ops.append(("text", rect, "heading", LEFT, block.text))
            if block.detail:
                ops.append(("text", rect, "detail", RIGHT, block.detail))
        return Atom(h, draw, keep_with_next=True)

    def _notes(self, block: Notes, width: float) -> list[Atom]:
        s = self.s
        atoms = []
        font = "detail" if self._empty else "note"  # one style for "none"
        fm = s.metrics[font]
        line_h = fm.height() * 1.25
        for paragraph in (block.text.splitlines() if block.text else []):
            for text in wrap_text(paragraph, fm, width) or [""]:
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

        def draw(ops: list[Op], x: float, y: float) -> None:
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

            def draw(ops: list[Op], x: float, y: float, boxes: Boxes = boxes,
                     h: float = h) -> None:
                ops.append(("text", QRectF(x, y, label_w, h), "label", LEFT, boxes.label))
                self._draw_boxes(ops, boxes, QRectF(x + label_w, y, inner, h))
            atoms.append(Atom(h, draw))
        return atoms



#: The longest word a table keeps whole by widening its column (a number, a date, an
#: amount); longer ones wrap as the column's weight allows.
SHORT_WORD = 12


def _spans(block: Table, lefts: list[float], widths: list[float]) -> list[list[float]]:
    """A table's horizontal stretches that get fills and rules (gutter columns stay
    white)."""
    spans: list[list[float]] = []
    for col, left, w in zip(block.columns, lefts, widths):
        if col.gutter:
            spans.append([])
        elif spans and spans[-1]:
            spans[-1][1] = left + w
        else:
            spans.append([left, left + w])
    return [span for span in spans if span]


def _write_in_lines(block: Table, lefts: list[float]) -> list[float]:
    """Column lines where there is something to write in: beside every column that is
    empty in every row (a blank table, the Score column of a blank sheet)."""
    write_in = [bool(block.rows) and not col.gutter
                and all(isinstance(row[i], Boxes) or not row[i] for row in block.rows)
                for i, col in enumerate(block.columns)]
    return [left for j, left in enumerate(lefts) if j and (write_in[j - 1] or write_in[j])]


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
