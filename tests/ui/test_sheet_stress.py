"""Sheets that never fail a player, checked on the characters that broke them: a long
campaign (261 ledger entries, 6 classes, 20 milestones, a 300-character player name),
level-6 Vogelfrei characters (43 kinds of gear; spells), names in several scripts and
beyond U+FFFF, a character without a class.  Laid out (no PDF needed) on A4 and Letter,
full and compact; a few are printed and read back."""
from __future__ import annotations

import os
import re
from functools import cache

import pytest
from pypdf import PdfReader

from builder.sheets import SheetOptions, build_sheet
from builder.storage.files import load_character
from tests.helpers import ok
from tests.pdf_text import folded_pages, page_texts
from tests.sheet_samples import LONG_WORD, WORLD_NAMES, make_sample_characters, \
    make_stress_characters


@pytest.fixture(scope="module")
def stress(tmp_path_factory, qapp):
    folder = tmp_path_factory.mktemp("stress")
    old = os.environ.get("CHARACTER_BUILDER_DATA")
    os.environ["CHARACTER_BUILDER_DATA"] = str(folder / "data")
    try:
        characters = make_stress_characters(folder)
        characters.update(make_sample_characters(folder))
        yield characters
    finally:
        if old is None:
            os.environ.pop("CHARACTER_BUILDER_DATA", None)
        else:
            os.environ["CHARACTER_BUILDER_DATA"] = old


def derived_of(path):
    cf = load_character(path)
    return cf.derived(), cf.ruleset.id


@cache
def laid_out(path, layout="full", paper="a4"):
    """(sheet, style, pages) of a character's sheet as the PDF sets it (laid out once:
    several tests read the same character's sheet on the same paper; none changes it)."""
    from PySide6.QtGui import QPdfWriter
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    from builder.render.layout import fit_sheet
    from builder.render.pdf import RESOLUTION, page_layout

    derived, ruleset_id = derived_of(path)
    sheet = build_sheet(derived, ruleset_id, SheetOptions(layout=layout))
    buffer = QBuffer(QByteArray())
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    writer.setPageLayout(page_layout(paper))
    style, pages = fit_sheet(sheet, writer, writer.logicalDpiY() / 72.0,
                             float(writer.width()), float(writer.height()))
    return sheet, style, pages


def text_ops(pages):
    for number, ops in enumerate(pages, start=1):
        for op in ops:
            if op[0] == "text" and op[4]:
                yield number, op


@pytest.mark.parametrize("layout", ["full", "compact"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_drawn_text_is_larger_than_its_box(stress, layout, paper):
    """Every line of every text fits its box's width, and all its lines its height:
    nothing is clipped, whatever the name, the word or the number of classes."""
    for stem, path in stress.items():
        _sheet, style, pages = laid_out(path, layout, paper)
        for number, (_kind, rect, font, _flags, text) in text_ops(pages):
            fm = style.metrics[font]
            for line in text.split("\n"):
                assert fm.horizontalAdvance(line) <= rect.width() + 0.5, (stem, number, line)
            if "\n" in text:
                assert len(text.split("\n")) * fm.height() <= rect.height() + fm.height() * 0.5, \
                    (stem, number, text)


def test_words_are_split_only_when_wider_than_a_line(stress):
    """Lines break between words (or after a hyphen of a word too wide for its line);
    only a word wider than its line is cut inside."""
    for stem, path in stress.items():
        derived, _ruleset = derived_of(path)
        _sheet, style, pages = laid_out(path)
        for _number, (_kind, rect, font, _flags, text) in text_ops(pages):
            lines = text.split("\n")
            if len(lines) < 2:
                continue
            fm = style.metrics[font]
            for line, after in zip(lines, lines[1:]):
                if line.endswith("-") or not after:
                    continue
                # The line broke inside a word only if that word alone is too wide.
                joined_word = line.split(" ")[-1] + after.split(" ")[0]
                if " " in line.strip() or fm.horizontalAdvance(joined_word) <= rect.width():
                    assert not _inside_a_word(text, line, after), (stem, line, after)


def _inside_a_word(text: str, line: str, after: str) -> bool:
    """The break between ``line`` and ``after`` fell inside a word of the original."""
    original = text.replace("\n", "")
    return (line.split(" ")[-1] + after.split(" ")[0]) in original.split(" ") and \
        f"{line} {after}".replace("\n", "") not in text.replace("\n", " ")


def test_the_long_player_name_prints_whole_and_the_classes_line_stands_alone(stress):
    sheet, style, pages = laid_out(stress["veteran"])
    texts = [op[4] for _n, op in text_ops(pages)]
    assert LONG_WORD in ["".join(t.split("\n")) for t in texts]
    # the classes: one line of their own under the name, whole words only
    classes = next(t for t in texts if t.startswith("Cleric 2"))
    assert classes.replace("\n", " ") == "Cleric 2, Fighter 2, Mage 2, Primant 2, Ranger 2, Rogue 2"
    for line in classes.split("\n"):
        assert not re.search(r"\w$", line) or line.endswith(("2", "2,")), line


def test_grey_text_after_a_name_beyond_u_ffff_stays_grey(stress):
    """The footer of a character whose name holds an emoji is grey to its last letter
    (the grey range is counted in the painter's UTF-16 units)."""
    from builder.render.pdf import render_images
    from builder.render.style import utf16_length

    assert utf16_length("Kit 🦊") == 6
    derived, ruleset_id = derived_of(stress["emoji"])
    image = render_images(build_sheet(derived, ruleset_id), "a4", dpi=96)[0]
    bottom = image.height() - round(14 / 25.4 * 96)  # the foot of the page's paint area
    darkest = min(image.pixelColor(x, y).value()
                  for y in range(bottom - 14, bottom + 1)
                  for x in range(image.width() // 2, image.width() * 3 // 4))
    assert darkest >= 70  # grey (90) anti-aliased, never black
    assert WORLD_NAMES["emoji"] == derived["name"]


def test_a_right_to_left_name_keeps_the_footer_order(stress, tmp_path):
    out = tmp_path / "hebrew.pdf"
    ok("export-pdf", stress["hebrew"], "-o", out)
    ops = [op for _n, op in text_ops(laid_out(stress["hebrew"])[2])]
    footer = next(op[4] for op in ops if "\u00b7" in op[4])
    # the name isolated in its own direction, before the rule system's name
    assert footer.startswith("\u2068" + WORLD_NAMES["hebrew"] + "\u2069 \u00b7 ")
    text = folded_pages(out)[0]
    footer_text = text[text.rindex("Notes"):]
    name_at = max(footer_text.find(w) for w in ("לוי", "יול"))  # either reading order
    assert 0 < name_at < footer_text.index("\u00b7") < footer_text.index("Story Point")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_headings_keep_their_rows_and_no_page_is_only_rows_to_write_in(stress, paper):
    for stem, path in stress.items():
        _sheet, _style, pages = laid_out(path, "full", paper)
        for number, ops in enumerate(pages, start=1):
            texts = [(op[2], op[4]) for op in ops if op[0] == "text" and op[4]]
            titles = [t for font, t in texts if font.startswith("title")]
            if "Gear" in titles:  # the heading, its count line, the header and rows
                after = texts[[t for _f, t in texts].index("Gear"):]
                assert any(t == "Item" for _f, t in after), (stem, number)
            # something read on every page: not only titles, headers, empty rows, footer
            body = [t for font, t in texts
                    if font.split("@")[0] in ("td", "note", "value", "big", "label", "detail")]
            assert body, (stem, paper, number, titles)


@pytest.mark.parametrize("layout,least_mm", [("full", 3.5), ("compact", 3.0)])
def test_tick_boxes_take_a_pencil_and_no_text_is_under_6_5_points(stress, layout, least_mm):
    for stem in ("veteran", "warrior", "greta", "kaspar", "senna"):
        _sheet, style, pages = laid_out(stress[stem], layout)
        per_mm = style.k / style.scale * 72 / 25.4
        squares = [op[1] for ops in pages for op in ops if op[0] == "rect"
                   and abs(op[1].width() - op[1].height()) < 0.01 and op[1].width() < 8 * per_mm]
        assert squares, stem
        assert min(r.width() for r in squares) >= least_mm * per_mm - 0.01, stem
        sizes = {style.fonts[op[2]].pointSizeF() for ops in pages for op in ops
                 if op[0] == "text" and not op[2].startswith("footer")}
        assert min(sizes) >= 6.5 - 1e-6, (stem, sorted(sizes)[:3])


def test_blank_write_in_boxes_hold_the_longest_values(stress):
    from builder.render.layout import Layout  # noqa: F401 (the fonts the sheet is set in)

    derived, ruleset_id = derived_of(stress["greta"])
    sheet = build_sheet(derived, ruleset_id, SheetOptions(blank=True))
    _s, style, pages = laid_out_sheet(sheet)
    boxes = [op[1] for op in pages[0] if op[0] == "rect" and op[1].width() > op[1].height()]
    widest = max(b.width() for b in boxes)
    for longest in ("Magic-User", "Neutrality", "Warrior Priest", "Severely Encumbered"):
        assert style.width("value", longest) < widest, longest


def laid_out_sheet(sheet, width=2000.0):
    from PySide6.QtGui import QImage

    from builder.render.layout import fit_sheet

    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    return sheet, *fit_sheet(sheet, probe, probe.logicalDpiY() / 72.0, width, 3000.0)


def test_one_label_size_per_section(qapp):
    from builder.sheets.model import Rows, Section, Sheet

    sheet = Sheet("T", "x", sections=[Section("a", "A", [
        Rows([("Encumbrance points in the pack", "0"), ("Load", "Unencumbered")], columns=1),
        Rows([("XP", "2100"), ("Level", "2")], columns=2)], half=True), Section("b", "B", [
            Rows([("Short", "1")], columns=2)], half=True)])
    _sheet, style, pages = laid_out_sheet(sheet, width=600.0)
    fonts = {op[4].replace("\n", " "): op[2] for op in pages[0] if op[0] == "text"}
    assert fonts["XP"] == fonts["Load"] == fonts["Encumbrance points in the pack"] != "label"
    assert style.fonts[fonts["XP"]].pointSizeF() >= 6.5
    assert fonts["Short"] == "label"  # another section keeps the full size


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_compact_is_one_page_for_every_character(stress, paper):
    """The long campaign, the level-6 characters with 43 kinds of gear and with spells,
    every sample: one page, body text no smaller than 6.5 pt."""
    for stem, path in stress.items():
        _sheet, style, pages = laid_out(path, "compact", paper)
        assert len(pages) == 1, (stem, paper, len(pages))
        body = [style.fonts[op[2]].pointSizeF() for op in pages[0]
                if op[0] == "text" and not op[2].startswith("footer")]
        assert min(body) >= 6.5 - 1e-6, stem


def test_compact_resolved_milestones_by_name_and_gear_in_columns(stress):
    from builder.sheets.model import Notes, Table

    derived, ruleset_id = derived_of(stress["veteran"])
    sheet = build_sheet(derived, ruleset_id, SheetOptions(layout="compact"))
    milestones = sheet.section("milestones")
    assert not any(isinstance(b, Table) for b in milestones.blocks)  # all 20 resolved
    (resolved,) = [b.text for b in milestones.blocks if isinstance(b, Notes)]
    assert resolved.startswith("Resolved (20): The 1th Seal of the Drowned Bell, ")
    derived, ruleset_id = derived_of(stress["warrior"])
    sheet = build_sheet(derived, ruleset_id, SheetOptions(layout="compact"))
    (gear,) = [b for b in sheet.section("gear").blocks if isinstance(b, Table)]
    items = [c for row in gear.rows for c in row[::3] if c]
    assert len(gear.rows) <= 16 and len(items) == 43 and "Wams (worn)" in items


def test_a_compact_sheet_that_cannot_fit_says_so_in_one_line(stress, tmp_path):
    import json
    import shutil

    path = tmp_path / "wordy.json"
    shutil.copy(stress["veteran"], path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["notes"] = "A very long story of the Drowned Bell. " * 900
    path.write_text(json.dumps(document), encoding="utf-8")
    result = ok("export-pdf", path, stress["senna"], "-o", tmp_path / "c.pdf",
                "--layout", "compact")
    lines = [line for line in result.err.splitlines() if "compact sheet" in line]
    pages = len(PdfReader(str(tmp_path / "c.pdf")).pages) - 1
    assert lines == [f"warning: the compact sheet of Aurelia Marchetti-Vandersloot takes "
                     f"{pages} pages (more than fits one page even set small)"]


def ledger_rows(path, mode):
    from builder.app.export import Printed
    from builder.sheets.model import Table

    printed = Printed.of(load_character(path))
    sheet = build_sheet(printed.derived, printed.ruleset_id, SheetOptions(ledger=mode))
    (table,) = [b for b in sheet.section("ledger").blocks if isinstance(b, Table)]
    return table


def test_the_ledger_for_paper_counts_what_changes_nothing(stress):
    every = ledger_rows(stress["veteran"], "all")
    assert sum(1 for row in every.rows if row[0]) == 261
    changes = ledger_rows(stress["veteran"], "changes")
    entries = [row for row in changes.rows if row[0]]
    notes = [row[2] for row in changes.rows if not row[0]]
    assert len(entries) == 261 - 96 and not any("Used" in row[2] for row in entries)
    assert "96 entries that change nothing lasting (uses and rests) not printed" in notes
    last = ledger_rows(stress["veteran"], "last:20")
    assert [row[0] for row in last.rows if row[0]] == [str(n) for n in range(242, 262)]
    assert "241 earlier entries not printed (all of them: --ledger all, or show)" in \
        [row[2] for row in last.rows]


def test_a_vogelfrei_ledger_by_session_with_the_money(stress, tmp_path):
    from tests.sheet_samples import make_files

    (path,) = make_files(tmp_path, ([
        ["new", "vogelfrei", "Mona Geld", "--seed", "3", "--set", "status=Silver"],
        ["do", "buy", "Wams"], ["do", "damage-stamina", "1"], ["do", "heal-stamina", "1"],
        ["do", "award-xp", "100", "--session", "1"], ["do", "gain-money", "3gp", "4sp"],
        ["do", "spend-money", "2sp"], ["do", "award-xp", "50", "--session", "2"],
        ["do", "buy", "Torch"]],))
    table = ledger_rows(path, "changes")
    money = table.columns.index(next(c for c in table.columns if c.title == "Money"))
    rows = [(row[2], row[money]) for row in table.rows]
    texts = [text for text, _m in rows]
    assert texts.index("Session 1") < texts.index("Session 2") < texts.index(
        "Since the last session")
    assert [table.rows[i][2] for i in table.marked] == ["Session 1", "Session 2",
                                                          "Since the last session"]
    assert ("Gained 3 gp 4 sp", "+3 gp 4 sp") in rows and ("Spent 2 sp", "-2 sp") in rows
    assert any(text.startswith("Bought 1 Wams") and m == "-15 sp" for text, m in rows)
    assert "2 entries that change nothing lasting (Stamina lost and healed) not printed" \
        in texts


def test_ledger_option_is_checked(stress, tmp_path):
    from tests.helpers import cli

    result = cli("export-pdf", stress["senna"], "-o", tmp_path / "x.pdf", "--ledger", "last:0")
    assert result.code == 2 and "not all, changes or last:N" in result.err
    assert not (tmp_path / "x.pdf").exists()
    ok("export-pdf", stress["senna"], "-o", tmp_path / "x.pdf", "--ledger", "LAST:3")


def test_right_to_left_text_is_in_the_text_layer_as_letters(stress, tmp_path):
    """Arabic prints shaped, and the PDF's text gives the letters as typed (not their
    contextual forms), so a search for the name finds it."""
    from builder.render.outline import base_letters_in_cmap

    out = tmp_path / "arabic.pdf"
    ok("export-pdf", stress["arabic"], "-o", out)
    text = page_texts(out)[0]
    assert not any("\ufb50" <= char <= "\ufeff" for char in text)
    assert set(WORLD_NAMES["arabic"].replace(" ", "")) <= set(text)
    cmap = "1 beginbfrange\n<0001> <0003> [<FEDF> <0627> <FEFB> ]\nendbfrange\n" \
           "1 beginbfchar\n<0004> <FEF4>\nendbfchar\n"
    assert base_letters_in_cmap(cmap) == (
        "1 beginbfrange\n<0001> <0003> [<0644> <0627> <06440627> ]\nendbfrange\n"
        "1 beginbfchar\n<0004> <064A>\nendbfchar\n")


def test_a_last_page_of_a_few_lines_is_folded_back(qapp):
    """A long sheet whose last page would hold only a few lines of notes is set a
    little smaller so they fold back onto the page before."""
    from PySide6.QtGui import QImage

    from builder.render.layout import LAST_PAGE_FOLD, fit_sheet, layout_sheet
    from builder.render.style import Style
    from tests.rulesets.story_points.samples import derived as story_points

    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    k = probe.logicalDpiY() / 72
    width, height = 8.27 * 96 * 0.85, 11.69 * 96 * 0.85
    derived = story_points(ledger_entries=120)
    derived["notes"] = "A few words of notes. " * 10
    sheet = build_sheet(derived, options=SheetOptions(ledger="all"))
    natural = layout_sheet(sheet, Style.for_device(probe, k), width, height)
    assert len(natural) == 5 and natural.end < height * LAST_PAGE_FOLD  # a few lines
    style, pages = fit_sheet(sheet, probe, k, width, height)
    assert len(pages) == 4 and style.scale < 1
