"""Sheets printed to PDF, read back with pypdf: page size, page count, where each value is."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.sheets import SheetOptions, build_sheet
from builder.storage.files import load_character
from tests.helpers import cli, ok
from tests.pdf_text import folded_pages
from tests.rulesets.story_points.samples import derived as story_points
from tests.sheet_samples import make_story_points_files, make_vogelfrei_file

A4 = (595, 842)
LETTER = (612, 792)


def page_texts(path) -> list[str]:
    """Each page's text, whitespace folded to single spaces."""
    return folded_pages(path)


def page_size(path, index=0) -> tuple[int, int]:
    box = PdfReader(str(path)).pages[index].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture
def characters(tmp_path, qapp):
    folder = tmp_path / "chars"
    folder.mkdir()
    return make_story_points_files(folder)


def leftovers(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- one character, A4 -------------------------------------------------------------------
def test_one_character_a4_every_value_on_the_right_page(characters, tmp_path):
    senna = characters[0]
    out = tmp_path / "senna.pdf"
    result = ok("export-pdf", senna, "-o", out, "--ledger", "all")
    assert result.out.strip() == str(out)
    assert page_size(out) == A4
    pages = page_texts(out)
    # One page: the ledger right after the spells, the notes' ruled lines (which come
    # after the records) only where room is left (none here).
    assert len(pages) == 1
    derived = load_character(senna).derived()
    (first,) = pages
    assert first.startswith("Senna Vail")
    for vital, score in derived["vitals"].items():
        assert f"{vital} {score}" in first
    for skill, info in derived["skills"].items():
        assert f"{skill} {info['linked_vital']} {info['level']}" in first
    sp = derived["sp"]
    assert f"Unspent {sp['unspent']} Earned {sp['earned']} Spent {sp['spent']}" in first
    vit, dice = derived["vit"], derived["dice"]
    assert (f"VIT {vit['current']} Ready dice {dice['ready']} Max VIT {vit['max']} "
            f"Wounded dice {dice['wounded']}") in first
    cleric = derived["classes"]["Cleric"]
    assert f"Cleric {cleric['level']} {', '.join(cleric['core_skills'])}" in first
    grace = cleric["traits"]["Restoring Grace"]
    assert f"Restoring Grace Mercy (Medicine) {grace['rank']}" in first
    assert "Mend Wounds Cleric" in first
    assert "The Drowned Bell found the crypt no" in first
    ledger = first[first.index("Mend Wounds Cleric"):]
    assert ledger.index("Ledger # Date Entry SP gained SP spent SP after Opening balance 30")
    for row in derived["ledger"]:
        gained = row["balance_after"] - row["balance_before"] + row["cost"]
        figures = " ".join(str(n) for n in (gained, row["cost"]) if n)
        assert f"{row['n']} {row['at'][:10]} {row['text']} {figures} {row['sp_after']}" \
            .replace("  ", " ") in ledger
    # footer: the name and the page number
    assert first.endswith("Senna Vail · Story Point development Page 1 of 1")


def test_text_is_real_text_in_embedded_fonts(characters, tmp_path):
    out = tmp_path / "senna.pdf"
    ok("export-pdf", characters[0], "-o", out)
    reader = PdfReader(str(out))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert len(fonts) >= 2
    for font in fonts.values():
        font = font.get_object()
        descriptor = (font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                      if "/DescendantFonts" in font else font["/FontDescriptor"])
        descriptor = descriptor.get_object()
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font
    text = page_texts(out)[0]
    assert "Influence" in text  # no ligature glyphs: searches as typed
    assert reader.metadata.title == "Senna Vail: character sheet"


def test_letter_paper(characters, tmp_path):
    out = tmp_path / "letter.pdf"
    ok("export-pdf", characters[1], "-o", out, "--paper", "letter")
    reader = PdfReader(str(out))
    assert all(page_size(out, i) == LETTER for i in range(len(reader.pages)))
    assert page_texts(out)[0].startswith("Graynor Ashdown")


def test_several_characters_in_one_pdf_each_on_a_new_page(characters, tmp_path):
    out = tmp_path / "party.PDF"
    ok("export-pdf", *characters, "-o", out)
    pages = page_texts(out)
    assert len(pages) == 2      # one page each (the ledger fits beside each character)
    assert pages[0].startswith("Senna Vail") and pages[1].startswith("Graynor Ashdown")
    assert "Ledger" in pages[0] and "Ledger" in pages[1]
    assert pages[1].endswith("Graynor Ashdown · Story Point development Page 1 of 1")
    assert "Parry Warrior (Melee) 2" in pages[1]


def test_folder_output_one_pdf_each_named_after_the_character(characters, tmp_path):
    folder = tmp_path / "sheets"
    twin = tmp_path / "chars" / "senna-copy.json"
    shutil.copy(characters[0], twin)
    result = ok("export-pdf", *characters, twin, "-o", f"{folder}/")
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["Graynor-Ashdown.pdf", "Senna-Vail-2.pdf", "Senna-Vail.pdf"]
    assert len(result.out.splitlines()) == 3
    assert page_texts(folder / "Graynor-Ashdown.pdf")[0].startswith("Graynor Ashdown")
    # an existing folder is a folder without the slash too
    ok("export-pdf", characters[0], "-o", folder)
    assert len(list(folder.iterdir())) == 3


def test_sections_option(characters, tmp_path):
    out = tmp_path / "some.pdf"
    ok("export-pdf", characters[0], "-o", out, "--sections", "vitals,skills")
    pages = page_texts(out)
    assert len(pages) == 1
    assert "Core Vitals" in pages[0] and "Skills" in pages[0]
    for title in ("Traits", "Spells", "Ledger", "Story Points Unspent", "Notes"):
        assert title not in pages[0]


def test_ledger_alone_starts_on_the_first_page(characters, tmp_path):
    out = tmp_path / "ledger.pdf"
    ok("export-pdf", characters[0], "-o", out, "--sections", "ledger")
    pages = page_texts(out)
    assert len(pages) == 1
    assert pages[0].startswith("Senna Vail") and "Ledger # Date Entry" in pages[0]


def test_unknown_section_is_a_usage_error_listing_the_valid_ones(characters, tmp_path):
    out = tmp_path / "x.pdf"
    result = cli("export-pdf", characters[0], "-o", out, "--sections", "vitals,feats")
    assert result.code == 2
    assert "unknown section 'feats'" in result.err
    assert "valid: vitals, vit, sp, milestones, skills, classes, traits, spells, notes, ledger" \
        in result.err
    assert not out.exists()


def test_unreadable_input_exit_2_and_nothing_written(characters, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    out = tmp_path / "out" / "party.pdf"
    out.parent.mkdir()
    out.write_bytes(b"the old PDF")
    result = cli("export-pdf", characters[0], bad, "-o", out)
    assert result.code == 2
    assert result.err.count("\n") == 1 and str(bad) in result.err and "not valid JSON" in result.err
    assert out.read_bytes() == b"the old PDF"
    assert leftovers(out.parent) == []
    missing = cli("export-pdf", tmp_path / "nope.json", "-o", tmp_path / "folder")
    assert missing.code == 2 and "no such file" in missing.err
    assert not (tmp_path / "folder").exists()


def test_output_folder_that_is_a_file_is_refused(characters, tmp_path):
    (tmp_path / "taken").write_text("x")
    result = cli("export-pdf", characters[0], "-o", f"{tmp_path / 'taken'}/")
    assert result.code == 2 and "taken" in result.err


def test_bad_paper_is_a_usage_error(characters, tmp_path):
    result = cli("export-pdf", characters[0], "-o", tmp_path / "x.pdf", "--paper", "a3")
    assert result.code == 2 and "a3" in result.err


# -- the renderer directly ----------------------------------------------------------------
def test_long_ledger_flows_onto_more_pages_with_title_and_header_repeated(qapp, tmp_path):
    from builder.render.pdf import render_pdf

    derived = story_points(ledger_entries=150)
    out = tmp_path / "long.pdf"
    counts = render_pdf([build_sheet(derived)], out, "a4")
    pages = page_texts(out)
    assert counts == [len(pages)] and len(pages) >= 4
    # The ledger starts under the spells (its header never alone at the foot of a page:
    # two entries with it), the notes come after it.
    first = next(i for i, page in enumerate(pages)
                 if "Ledger # Date Entry SP gained SP spent SP after" in page)
    assert first <= 1
    start = pages[first].index("Ledger # Date Entry SP gained SP spent SP after")
    assert re.search(r"Entry001 raised.*Entry002 raised", pages[first][start:])
    ledger_text = pages[first][start:] + " " + " ".join(pages[first + 1:])
    for number, page in enumerate(pages[first + 1:], start=first + 2):
        assert page.startswith("Ledger (continued) # Date Entry SP gained SP spent SP after"), \
            number
        assert page.endswith(f"Mira Thornwood · Story Point development Page {number} of "
                             f"{len(pages)}")
    assert pages[-1].index("Entry150 raised") < pages[-1].index("Notes Owes the ferryman")
    # every entry is printed once, in order
    positions = [ledger_text.find(f"Entry{n:03d} raised") for n in range(1, 151)]
    assert -1 not in positions and positions == sorted(positions)
    assert sum(len(re.findall(r"Entry\d{3} raised", page)) for page in pages) == 150


def test_blank_mode_prints_the_layout_without_values(characters, tmp_path):
    out = tmp_path / "blank.pdf"
    ok("export-pdf", characters[0], "-o", out, "--blank")
    pages = page_texts(out)
    text = " ".join(pages)
    derived = load_character(characters[0]).derived()
    for value in ["Senna", "Vail", "Cleric", "Restoring Grace", "Mend Wounds", "Drowned Bell",
                  derived["ledger"][0]["text"]]:
        assert value not in text, value
    assert not re.search(r"\d", re.sub(r"Page \d of \d", "", text))
    assert "Core Vitals" in pages[0] and "Strength" in pages[0] and "Name" in pages[0]
    # the blank ledger ends the sheet, on the page the sections before it leave room on
    assert "Ledger # Date Entry SP gained SP spent SP after Name: ___" in pages[-1]
    assert len(pages) == 2


def test_greyscale_only(characters, tmp_path):
    """No information carried by colour: every fill and stroke colour is a grey."""
    out = tmp_path / "senna.pdf"
    ok("export-pdf", characters[0], "-o", out)
    for page in PdfReader(str(out)).pages:
        content = page.get_contents().get_data().decode("latin-1")
        for r, g, b in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", content):
            assert r == g == b, (r, g, b)


def test_cancel_leaves_nothing(qapp, tmp_path):
    from builder.render.pdf import Cancelled, render_pdf

    sheets = [build_sheet(story_points()) for _ in range(3)]
    seen = []

    def progress(done, total):
        seen.append((done, total))
        return done < 2

    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(Cancelled):
        render_pdf(sheets, folder / "x.pdf", progress=progress)
    assert seen == [(0, 3), (1, 3), (2, 3)]
    assert list(folder.iterdir()) == []


def test_render_to_printer(qapp, tmp_path):
    from PySide6.QtGui import QPageSize
    from PySide6.QtPrintSupport import QPrinter

    from builder.render.pdf import render_to_printer

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    counts = render_to_printer([build_sheet(story_points()),
                                build_sheet(story_points(), options=SheetOptions(blank=True))],
                               printer)
    pages = page_texts(tmp_path / "printed.pdf")
    assert len(pages) == sum(counts) and counts[0] >= 2
    assert page_size(tmp_path / "printed.pdf") == LETTER
    assert pages[0].startswith("Mira Thornwood")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
def test_sample_sheets_render_to_pages_that_are_not_blank(characters, tmp_path, qapp):
    from PySide6.QtGui import QImage

    out = tmp_path / "party.pdf"
    ok("export-pdf", *characters, "-o", out)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(out), str(tmp_path / "page")],
                   check=True, timeout=60)
    pngs = sorted(tmp_path.glob("page-*.png"))
    assert len(pngs) == 2     # Senna and Graynor: one page each
    for png in pngs:
        image = QImage(str(png))
        assert image.width() > 200
        dark = 0
        for y in range(0, image.height(), 2):
            for x in range(0, image.width(), 2):
                if QImage.pixelColor(image, x, y).lightness() < 160:
                    dark += 1
        assert dark > 150, png  # text, rules and boxes, not an empty page


def test_pages_painted_on_images_are_not_blank(characters, qapp, tmp_path):
    """The same layout painted on a raster page (previews, the README picture without
    pdftoppm): every page has ink on it, and a PNG of it can be written."""
    from builder.render.pdf import render_images

    sheet = build_sheet(story_points(ledger_entries=40))
    images = render_images(sheet, "letter", dpi=30)
    assert len(images) == 2
    assert (images[0].width(), images[0].height()) == (255, 330)  # 8.5 x 11 in at 30 dpi
    for index, image in enumerate(images):
        dark = sum(1 for y in range(image.height()) for x in range(image.width())
                   if image.pixelColor(x, y).lightness() < 160)
        assert dark > 300, index
        assert image.save(str(tmp_path / f"page{index}.png"))
        assert (tmp_path / f"page{index}.png").stat().st_size > 1000


def test_crowded_sheet_flows_without_orphans_or_clipping(qapp, tmp_path):
    from builder.render.pdf import render_pdf

    derived = story_points(ledger_entries=3)
    derived["name"] = "Aurelianna Maximiliane von Hohenzollern-Sigmaringen of Duskwater"
    for c in range(8):
        derived["classes"][f"Class{c}"] = {
            "level": 10, "core_skills": ["Medicine", "Occult"],
            "traits": {f"Trait{c}x{t}": {"rank": 10, "uses_left": 6, "uses_spent": 4,
                                          "path": "Long Road", "path_skill": "Medicine",
                                          "usable": True} for t in range(4)},
            "spells": [f"Spell{c}x{s}" for s in range(5)], "unusable_spells": []}
    derived["notes"] = "A long note about the character. " * 200
    word = "Supercalifragilisticexpialidocious" * 3  # wider than its column
    derived["classes"]["Class0"]["spells"].append(word)
    out = tmp_path / "crowded.pdf"
    counts = render_pdf([build_sheet(derived)], out)
    pages = page_texts(out)
    assert counts == [len(pages)] and len(pages) >= 4
    assert pages[0].startswith("Aurelianna Maximiliane von")  # set smaller, not clipped
    text = " ".join(pages)
    for c in range(8):
        for t in range(4):
            assert f"Trait{c}x{t} Long Road (Medicine) 10" in text
        for s in range(5):
            assert f"Spell{c}x{s} Class{c}" in text
    for number, page in enumerate(pages, start=1):
        body = page[:page.rfind("Aurelianna")]  # drop the footer
        # a class heading always has its traits table under it on the same page
        assert not re.search(r"level \d+ $", body), number
        assert re.search(rf"Page {number} of {len(pages)}$", page)
    # every sentence, word by word (a sentence may straddle a page break)
    assert text.count(" note ") == text.count(" about ") == text.count("character.") == 200
    assert word in "".join(text.split())


def test_vogelfrei_sheet_values_on_the_right_pages(characters, tmp_path):
    greta = make_vogelfrei_file(tmp_path / "chars")
    out = tmp_path / "mixed.pdf"
    ok("export-pdf", characters[0], greta, "-o", out, "--ledger", "all")
    pages = page_texts(out)
    assert len(pages) == 3  # Senna 1 page, Greta 2
    first, second = pages[1], " ".join(pages[2:])
    assert first.startswith("Greta Hollerin") and "Vogelfrei character sheet" in first
    derived = load_character(greta).derived()
    for ability, info in derived["abilities"].items():
        score, mod = info["score"], info["modifier"]
        assert f"{ability} {score} {mod:+d}" in first  # signed, "+0" too
    for label, key in (("Paralyze", "paralyze"), ("Poison", "poison"), ("Magic", "magic")):
        assert f"{label} {derived['saves'][key]}" in first
    assert "Wounds 10 Stamina 5 AC melee 9 AC ranged 11 Max Wounds 10 Max Stamina 7" in first
    assert "XP 2100 Next level at 4000 To next level 1900" in first
    assert "Class Warrior Career Mercenary Status Silver Level 2" in first
    assert "Class Table: Warrior" in first + second
    # The records, then the notes (on a new page only when the page is full).
    assert "Level History Session Gained" in second
    assert second.index("Level History") < second.index("Ledger") < second.rindex("Notes")
    assert "1 level-up 2 4 1 Warrior Mercenary" in second
    assert "XP gained XP after Opening balance 0" in second
    for row in derived["ledger"]:
        assert f"{row['n']} {row['at'][:10]} {row['text']}" in second
    assert second.endswith("Greta Hollerin · Vogelfrei Page 2 of 2")
    # --sections takes the names of every ruleset among the files
    out2 = tmp_path / "some.pdf"
    ok("export-pdf", characters[0], greta, "-o", out2, "--sections", "vitals,abilities")
    pages = page_texts(out2)
    assert len(pages) == 2 and "Core Vitals" in pages[0] and "Abilities" in pages[1]


def test_a_word_wider_than_its_cell_wraps_inside_the_cell(qapp, tmp_path):
    from PySide6.QtGui import QPdfWriter

    from builder.sheets.model import Column, Section, Sheet, Table
    from builder.render.layout import layout_sheet
    from builder.render.style import Style

    word = "Supercalifragilisticexpialidocious" * 3
    sheet = Sheet("Test", "x", sections=[Section("t", "T", [Table(
        [Column("Name", 1.0), Column("Other", 3.0)], [[word, "short"]])])])
    writer = QPdfWriter(str(tmp_path / "probe.pdf"))
    writer.setResolution(1200)
    style = Style.for_device(writer, 1200 / 72)
    ops = layout_sheet(sheet, style, 8000.0, 12000.0)[0]
    rect, lines = next((op[1], op[-1].split("\n")) for op in ops
                       if op[0] == "text" and op[-1].replace("\n", "") == word)
    assert len(lines) >= 3 and all(style.width("td", line) <= rect.width() for line in lines)
    assert rect.height() >= 3 * style.line("td")  # the row grew to hold the wrapped word


def test_alignment_numbers_are_qt_flags():
    """The painter's alignment and wrap flags, written as numbers (so that the export
    never builds the Qt namespace's enums), are Qt's own."""
    from PySide6.QtCore import Qt

    from builder.render import style

    a, t = Qt.AlignmentFlag, Qt.TextFlag
    assert style.ALIGN_LEFT == a.AlignLeft.value and style.ALIGN_RIGHT == a.AlignRight.value
    assert style.ALIGN_HCENTER == a.AlignHCenter.value
    assert style.ALIGN_TOP == a.AlignTop.value and style.ALIGN_VCENTER == a.AlignVCenter.value
    assert style.WRAP == t.TextWordWrap.value
    assert style.WRAP_ANYWHERE == t.TextWrapAnywhere.value


def _page(qapp):
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(700, 120, QImage.Format.Format_RGB32)
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    return image, painter


@pytest.mark.parametrize("flags", ["LEFT", "RIGHT", "CENTER"])
@pytest.mark.parametrize("text", ["Page 2 of 3", "Fjord · Ægir’s wåy", "–"])
def test_grey_text_without_set_pen_lands_where_draw_text_puts_it(qapp, flags, text):
    """Grey text is laid out by a QTextLayout (setPen would build the Qt enums): the
    same pixels as setPen(GREY) + drawText, for each alignment, on a raster page."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont, QFontMetricsF

    from builder.render import paint, style

    style.ensure_app()
    rect = QRectF(13.3, 20.6, 611.7, 37.9)
    flag = getattr(style, flags)
    font = QFont("DejaVu Sans Condensed")
    font.setPointSizeF(17.5)
    font.setItalic(True)
    expected, painter = _page(qapp)
    painter.setFont(font)
    painter.setPen(style.GREY)
    painter.drawText(rect, flag, text)
    painter.end()
    drawn, painter = _page(qapp)
    assert paint._draw_coloured(painter, font, QFontMetricsF(font, drawn), rect, flag, text,
                              style.GREY)
    painter.end()
    assert drawn == expected


@pytest.mark.parametrize("text", ["two\nlines", "a\ttab", " spaced ", "שלום"])
def test_grey_text_drawn_by_draw_text_where_a_layout_would_differ(qapp, text):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont, QFontMetricsF

    from builder.render import paint, style

    style.ensure_app()
    image, painter = _page(qapp)
    font = QFont("DejaVu Sans Condensed")
    assert not paint._draw_coloured(painter, font, QFontMetricsF(font, image),
                                  QRectF(0, 0, 600, 100), style.LEFT, text, style.GREY)
    assert not paint._draw_coloured(painter, font, QFontMetricsF(font, image),
                                  QRectF(0, 0, 600, 100), style.LEFT | style.WRAP, "words",
                                  style.GREY)
    painter.end()
