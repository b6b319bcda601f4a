"""Using the paper and reading at the table: page counts of the sample characters, the
one-page compact sheet, sections that flow, no page of "nothing yet", row lines never
hidden by fills, column lines in blank tables, write-in boxes (what one rule system's
sheet marks and orders: in its tests/rulesets folder)."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from builder.sheets import SheetOptions, build_sheet
from builder.sheets.model import (Column, Notes, Rows, Section, Sheet, Table, empty_section)
from builder.storage.files import load_character
from tests.helpers import ok
from tests.pdf_text import folded_pages
from tests.rule_systems import BUILTIN_IDS, samples_file, samples_lacking
from tests.sheet_samples import FRESH, SAMPLE_PAGES, make_sample_characters


@pytest.fixture(scope="module")
def samples(tmp_path_factory, qapp):
    import os

    folder = tmp_path_factory.mktemp("samples")
    old = os.environ.get("CHARACTER_BUILDER_DATA")
    os.environ["CHARACTER_BUILDER_DATA"] = str(folder / "data")
    try:
        yield make_sample_characters(folder)
    finally:
        if old is None:
            os.environ.pop("CHARACTER_BUILDER_DATA", None)
        else:
            os.environ["CHARACTER_BUILDER_DATA"] = old


def pages_of(path) -> list[str]:
    return folded_pages(path)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_counts_of_the_sample_characters(samples, tmp_path, paper):
    """Every sample character's full sheet has its known page count, the same on A4 and Letter."""
    assert set(samples) == set(SAMPLE_PAGES)
    out = tmp_path / "pdfs"
    ok("export-pdf", *samples.values(), "-o", f"{out}/", "--paper", paper)
    counts = {stem: len(PdfReader(str(out / f"{_pdf_name(path)}.pdf")).pages)
              for stem, path in samples.items()}
    assert counts == SAMPLE_PAGES


def _pdf_name(path) -> str:
    from builder.sheets.output import pdf_file_stem

    return pdf_file_stem(load_character(path).name)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_compact_is_one_page_for_every_sample_character(samples, tmp_path, paper):
    out = tmp_path / "party.pdf"
    ok("export-pdf", *samples.values(), "-o", out, "--layout", "compact", "--paper", paper)
    pages = pages_of(out)
    assert len(pages) == len(samples)  # one page each
    for page in pages:
        assert "Page 1 of 1" in page and "Ledger" not in page and "Level History" not in page
    assert any("Class Table: Warrior" in p for p in pages)  # the essentials stay


def _layout(sheet: Sheet, width=8000.0, height=12000.0):
    from PySide6.QtGui import QImage

    from builder.render.layout import layout_sheet
    from builder.render.style import Style

    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    style = Style.for_device(probe, 10.0)
    return style, layout_sheet(sheet, style, width, height)


def test_an_empty_section_never_takes_a_page_alone(qapp):
    from builder.render.style import Style  # noqa: F401  (Qt is up)

    filler = Section("notes", "Notes", [Notes("", lines=200)])
    sheet = Sheet("Test", "x", sections=[
        Section("a", "A", [Notes("something")]), filler,
        empty_section("ledger", "Ledger", "Nothing recorded yet.")])
    _style, pages = _layout(sheet)
    texts = [op[-1] for page in pages for op in page if op[0] in ("text", "fit")]
    # The ruled lines are dropped to the end of the page; the empty ledger does not open one.
    assert len(pages) == 1 and "Nothing recorded yet." not in texts
    # With room left it is printed, in the one style every "nothing yet" line has.
    sheet.sections[1] = Section("notes", "Notes", [Notes("a line")])
    _style, pages = _layout(sheet)
    fonts = [op[2] for page in pages for op in page
             if op[0] == "text" and op[-1] == "Nothing recorded yet."]
    assert fonts == ["detail"]


def test_sections_flow_the_ledger_does_not_start_a_page(samples, tmp_path):
    out = tmp_path / "bob.pdf"
    ok("export-pdf", samples["fresh-story"], "-o", out)
    (page,) = pages_of(out)  # a fresh character: one page, its (empty) ledger included
    assert "Ledger Nothing recorded yet." in page


def test_row_lines_are_never_painted_over_by_fills(qapp):
    rows = [[f"row {i}", str(i)] for i in range(6)]
    sheet = Sheet("Test", "x", sections=[Section("t", "T", [
        Table([Column("A"), Column("B")], rows, marked=[3])])])
    style, (page,) = _layout(sheet)
    fills = [op[1] for op in page if op[0] == "rect" and op[3] is not None]
    lines = [op for op in page if op[0] == "line" and op[2] == op[4]]  # horizontal rules
    assert fills and lines
    for _kind, _x1, y, _x2, _y2, width, _colour in lines:
        half = width * style.k / 2  # the stroke is centred on the line
        for rect in fills:
            assert rect.bottom() <= y - half + 1e-6 or rect.top() >= y + half - 1e-6, \
                (y, rect)


def test_columns_to_write_in_get_column_lines_filled_ones_do_not(qapp):
    columns = [Column("A"), Column("B"), Column("C")]
    blank = Sheet("T", "x", sections=[Section("t", "T", [Table(columns, [["", "", ""]] * 3)])])
    filled = Sheet("T", "x", sections=[Section("t", "T", [Table(columns, [["a", "b", "c"]])])])
    # A blank sheet's Score column (names printed, scores to write in) is ruled too.
    scores = Sheet("T", "x", sections=[Section("t", "T", [Table(
        columns, [["Strength", "", "x"], ["Agility", "", "y"]])])])
    for sheet, expected in ((blank, 2), (filled, 0), (scores, 2)):
        _style, (page,) = _layout(sheet)
        vertical = {op[1] for op in page if op[0] == "line" and op[1] == op[3]}
        assert len(vertical) == expected


def test_write_in_values_get_wide_boxes_and_large_figures(qapp):
    sheet = Sheet("T", "x", sections=[Section("v", "V", [
        Rows([("VIT", "5")], columns=2, large=True, write_in=True),
        Rows([("Max VIT", "7")], columns=2)])])
    style, (page,) = _layout(sheet)
    boxes = [op[1] for op in page if op[0] == "rect" and op[2]]
    write_in, fixed = boxes
    assert write_in.width() >= style.pt(64) > fixed.width()
    fonts = {op[-1]: op[2] for op in page if op[0] in ("text", "fit")}
    assert fonts["5"] == "big" and fonts["7"] == "value"


def test_compact_leaves_out_the_records_and_keeps_the_rest(samples):
    derived = load_character(samples["greta"]).derived()
    full = build_sheet(derived)
    compact = build_sheet(derived, options=SheetOptions(layout="compact"))
    assert [s.key for s in full.sections if s.key not in ("history", "ledger")] == \
        [s.key for s in compact.sections]
    notes = next(b for b in compact.section("notes").blocks if isinstance(b, Notes))
    assert notes.lines <= 2


def test_stacked_figures_stand_on_one_line_each_label_above_its_box(qapp):
    items = [("Paralyze", "14"), ("Poison", "11"), ("Breath", "16"), ("Device", "12"),
             ("Magic", "15")]
    stacked = Sheet("T", "x", sections=[Section("s", "S", [
        Rows(items, columns=5, large=True, stacked=True)])])
    one_each = Sheet("T", "x", sections=[Section("s", "S", [
        Rows(items, columns=1, large=True)])])
    _style, (page,) = _layout(stacked)
    boxes = [op[1] for op in page if op[0] == "rect" and op[2]]
    assert len(boxes) == 5 and len({round(b.top(), 3) for b in boxes}) == 1
    rects = {op[-1]: op[1] for op in page if op[0] in ("text", "fit")}
    for (label, value), box in zip(items, boxes):
        assert rects[label].bottom() <= box.top() + 1e-6        # the label above
        assert abs(rects[label].center().x() - box.center().x()) < 1e-6
        assert rects[value] == box and rects[value].height() > 0
    assert _used(stacked) < _used(one_each) / 2


def _used(sheet: Sheet) -> float:
    from PySide6.QtGui import QImage

    from builder.render.layout import Layout
    from builder.render.style import Style

    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    layout = Layout(sheet, Style.for_device(probe, 10.0), 8000.0, 1e9)
    layout.run()
    return layout.y


def test_rows_to_write_in_fill_the_page_and_never_open_one(qapp):
    """Spare rows print as far as the page has room; the table never continues onto a
    page of empty rows, and the rows with something in them always print."""
    rows = [["Rope", "1"], ["Torch", "3"]] + [["", ""]] * 60
    sheet = Sheet("T", "x", sections=[
        Section("a", "A", [Notes("", lines=20)]),
        Section("g", "Gear", [Table([Column("Item"), Column("Qty")], rows, spare=60)])])
    _style, pages = _layout(sheet)
    texts = [op[-1] for page in pages for op in page if op[0] in ("text", "fit")]
    assert len(pages) == 1 and "Gear (continued)" not in texts
    assert "Rope" in texts and "Torch" in texts
    drawn = [op for op in pages[0] if op[0] == "line" and op[2] == op[4]]
    assert 2 < len(drawn) - 20 < 62  # some spare rows ruled, not all 60
    # Without spares, the empty rows of a filled sheet still never open a page...
    sheet.sections[1] = Section("g", "Gear", [Table([Column("Item"), Column("Qty")], rows)])
    _style, pages = _layout(sheet)
    assert len(pages) == 1
    # ...while a blank sheet's table (all of it to write in) runs on to a second page.
    sheet.blank = True
    _style, pages = _layout(sheet)
    assert len(pages) == 2


def test_a_full_sheet_just_over_two_pages_is_set_smaller_to_save_the_third(qapp):
    from PySide6.QtGui import QImage

    from builder.render.layout import FULL_SCALES, fit_sheet, layout_sheet
    from builder.render.style import Style

    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    # a page of about 150 lines: each scale step holds many lines more (a taller page only
    # makes every layout of the search below longer)
    width, height = 8000.0, 3000.0

    def sheet_of(paragraphs: int) -> Sheet:
        text = "\n".join(f"paragraph {i}" for i in range(paragraphs))
        return Sheet("T", "x", sections=[Section("n", "N", [Notes(text)])])

    def pages_at(sheet: Sheet, scale: float) -> int:
        return len(layout_sheet(sheet, Style.for_device(probe, 10.0, scale), width, height))

    # the first length that takes three pages (page count grows with the length):
    # doubling, then halving the gap
    high = 1
    while pages_at(sheet_of(high), 1.0) < 3:
        high *= 2
    low = high // 2                          # takes fewer than three (or is 0)
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if pages_at(sheet_of(mid), 1.0) >= 3 else (mid, high)
    n = high
    assert pages_at(sheet_of(n - 1), 1.0) < 3
    sheet = sheet_of(n)
    assert pages_at(sheet, FULL_SCALES[1]) == 2
    style, pages = fit_sheet(sheet, probe, 10.0, width, height)
    assert len(pages) == 2 and style.scale == FULL_SCALES[1]
    # a longer record keeps its full size, even where a smaller one would save a page
    long = sheet_of(n * 3)
    assert pages_at(long, 1.0) > 3 and pages_at(long, FULL_SCALES[-1]) < pages_at(long, 1.0)
    style, pages = fit_sheet(long, probe, 10.0, width, height)
    assert style.scale == 1.0 and len(pages) == pages_at(long, 1.0)


# -- pages well used: the notes after the records, tables kept together --------------------
def _texts(pages) -> list[list[str]]:
    return [[op[-1] for op in page if op[0] in ("text", "fit")] for page in pages]


def _ruled(page) -> int:
    """The notes' ruled lines on a page (grey, full width, horizontal, above the
    footer's rule)."""
    from builder.render.style import RULE

    footer = max(op[2] for op in page if op[0] == "line")
    return sum(1 for op in page if op[0] == "line" and op[2] == op[4] and op[-1] == RULE
               and op[5] == 0.4 and op[1] == 0.0 and op[3] == 8000.0 and op[2] < footer)


def _filler(height_share: float, style, height=12000.0) -> Section:
    """A section of plain note lines taking about ``height_share`` of a page."""
    line = style.metrics["note"].height() * 1.25
    count = int(height * height_share / line)
    return Section("f", "F", [Notes("\n".join(f"filler {i}" for i in range(count)))])


def test_a_table_never_leaves_its_header_and_one_row_at_the_foot_of_a_page(qapp):
    """No page ends with a table's header and its first row ("Opening balance" alone),
    none starts with its last row alone, and a table of up to four rows is never split."""
    from builder.render.blocks import WHOLE_TABLE_ROWS
    from builder.render.layout import layout_sheet
    from builder.render.style import Style
    from PySide6.QtGui import QImage

    style = Style.for_device(QImage(8, 8, QImage.Format.Format_RGB32), 10.0)
    columns = [Column("#"), Column("Entry")]
    for rows in (2, WHOLE_TABLE_ROWS, 9):
        table = Section("ledger", "Ledger", [Table(columns, [[str(i), f"entry {i}"]
                                                             for i in range(rows)])])
        broken_at = set()
        for share in [x / 200 for x in range(140, 200, 3)]:  # where the foot can fall
            sheet = Sheet("T", "x", sections=[_filler(share, style), table])
            pages = _texts(layout_sheet(sheet, style, 8000.0, 12000.0))
            counts = [sum(t.startswith("entry ") for t in page) for page in pages]
            assert sum(counts) == rows
            split = [c for c in counts if c]
            if len(split) > 1:
                broken_at.add(share)
                assert rows > WHOLE_TABLE_ROWS, (rows, counts)
                assert split[0] >= 2 and split[-1] >= 2, (rows, counts)
        assert broken_at or rows <= WHOLE_TABLE_ROWS  # the long one did split somewhere


def test_the_notes_lines_fill_the_last_page_and_never_open_one(qapp):
    from builder.render.layout import layout_sheet
    from builder.render.style import Style
    from PySide6.QtGui import QImage

    from builder.sheets.model import notes_section

    style = Style.for_device(QImage(8, 8, QImage.Format.Format_RGB32), 10.0)
    ruled = style.pt(20)
    notes = notes_section("notes", "Notes", "", blank=False, lines=6)
    # half a page left: the ruled lines go on to its foot, far more than six
    pages = layout_sheet(Sheet("T", "x", sections=[_filler(0.5, style), notes]), style,
                         8000.0, 12000.0)
    assert len(pages) == 1 and _ruled(pages[0]) > 6
    lines = sorted(op[2] for op in pages[0] if op[0] == "line")
    assert lines[-1] - lines[-2] < ruled * 2      # the last ruled line just above the footer
    # no room left: no page of ruled lines alone
    full = next(f for f in (_filler(x / 1000, style) for x in range(995, 900, -4))
                if len(layout_sheet(Sheet("T", "x", sections=[f]), style, 8000.0,
                                    12000.0)) == 1)
    pages = layout_sheet(Sheet("T", "x", sections=[full, notes]), style, 8000.0, 12000.0)
    assert len(pages) == 1 and "Notes" not in _texts(pages)[0]
    # notes that are written are always printed, on the next page when they must
    written = notes_section("notes", "Notes", "Owes the ferryman.", blank=False, lines=6)
    pages = layout_sheet(Sheet("T", "x", sections=[full, written]), style, 8000.0, 12000.0)
    assert len(pages) == 2 and "Owes the ferryman." in _texts(pages)[1]
    assert _ruled(pages[1]) > 6
    # a blank sheet's notes keep their lines, no more (the empty ledger rows fill the page)
    blank = notes_section("notes", "Notes", "", blank=True, lines=10)
    pages = layout_sheet(Sheet("T", "x", sections=[_filler(0.2, style), blank]), style,
                         8000.0, 12000.0)
    assert _ruled(pages[0]) == 10


def test_the_samples_hold_a_fresh_character_of_every_rule_system():
    """Each system's samples module: its played characters (none is enough), the ``new``
    words of a fresh one, and the pages of each one's full sheet."""
    assert samples_lacking("PLAYED", "FRESH", "SHEET_PAGES") == []
    assert sorted(words[1] for (words,) in FRESH) == list(BUILTIN_IDS)


def _first_sample(samples, ruleset: str) -> dict:
    """The derived state of the first sample character of ``ruleset`` (the played ones
    come before the fresh ones)."""
    for path in samples.values():
        derived = load_character(path).derived()
        if derived["ruleset"] == ruleset:
            return derived
    pytest.fail(f"no sample character of {ruleset}: add one to {samples_file(ruleset)}")


@pytest.mark.parametrize("ruleset", BUILTIN_IDS)
def test_every_ruleset_prints_its_notes_after_the_records_and_before_them_when_blank(
        samples, ruleset):
    derived = _first_sample(samples, ruleset)
    filled = [s.key for s in build_sheet(derived).sections]
    blank = [s.key for s in build_sheet(derived, options=SheetOptions(blank=True)).sections]
    records = [k for k in filled if k in ("history", "ledger")]
    assert records and filled[-1] == "notes" and filled[-len(records) - 1:-1] == records
    assert blank[-len(records) - 1:] == ["notes", *records]


def test_a_short_word_is_never_broken_its_column_widened_from_the_wide_ones(qapp):
    """A Vogelfrei ledger on A4 past its 99th entry: the entry numbers stay whole (the #
    column widened from the Entry column: "105" was printed "10" over "5"), and so do the
    dates and amounts; every row one line high."""
    from builder.render.pdf import render_pdf_bytes
    from tests.pdf_text import page_texts

    columns = [Column("#", 0.5, "right"), Column("Date", 1.3), Column("Entry", 6.5),
               Column("Money", 1.3, "right"), Column("XP gained", 1.0, "right"),
               Column("XP after", 1.0, "right")]
    rows = [[str(n), "2026-12-02", "Gained 1 sp", "+1 sp", "", "12345"]
            for n in range(98, 108)]
    sheet = Sheet("Greta", "vogelfrei", sections=[Section("ledger", "Ledger", [
        Table(columns, rows)])])
    pdf, _counts = render_pdf_bytes([sheet], "a4")
    lines = [line.split() for page in page_texts(pdf) for line in page.splitlines()]
    printed = [words for words in lines if "Gained" in words]
    assert [words[0] for words in printed] == [str(n) for n in range(98, 108)]
    assert all(words[1] == "2026-12-02" and words[-1] == "12345" for words in printed)
