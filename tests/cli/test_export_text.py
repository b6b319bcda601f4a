"""Never lose text: every character some installed font can show is in the PDF (read back
with pypdf), the others are named in one warning line; long words wrap inside the page;
the full name prints, never cut with an ellipsis."""
from __future__ import annotations

import json
import re
import unicodedata

from pypdf import PdfReader

from tests.helpers import cli, ok
from tests.pdf_text import page_texts

NAME = "李小龍 Zoë Ångström-Δημήτρης Жуков"
LONG_WORD = "https://example.org/" + "".join(chr(ord("a") + i % 26) for i in range(280))
NOTES = (f"Arabic: مرحبا بالعالم. Combining: e\u0301 a\u0308 n\u0303. Emoji: 😀 🐉. "
         f"CJK: 長安 and 影の峡谷. Greek: αβγ. Cyrillic: жизнь.\n{LONG_WORD}")
MILESTONE = "影の峡谷"


def folded(text: str) -> str:
    return unicodedata.normalize("NFKC", re.sub(r"\s+", "", text))


def test_every_character_with_a_glyph_prints_and_the_rest_are_named(tmp_path, qapp):
    from builder.render.fonts import GlyphCheck, _needs_glyph
    from builder.render.style import Style, ensure_app

    path = tmp_path / "li.json"
    ok("new", "story-points", NAME, "-o", path, "--set", "sp=10")
    ok("do", path, "award-checkpoint", MILESTONE, "門")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["notes"] = NOTES
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "li.pdf"
    result = cli("export-pdf", path, "-o", out)
    assert result.code == 0, result.err

    # Which characters no installed font shows (the machine decides: CJK without a CJK font).
    ensure_app()
    from PySide6.QtGui import QImage

    style = Style.for_device(QImage(8, 8, QImage.Format.Format_RGB32), 1.0)
    check = GlyphCheck()
    for text in (NAME, NOTES, MILESTONE):
        check.check(style.fonts["note"], text)
        check.check(style.fonts["name"], text)
    lines = result.err.splitlines()
    assert all(line.startswith("warning:") for line in lines)
    if check.missing:
        (line,) = [x for x in lines if "no installed font" in x]
        for char in check.missing:        # fewer than a line names: every one is there
            assert char in line
    else:
        assert not [x for x in lines if "no installed font" in x]
    # a colour emoji font (a machine's own) draws pictures: those are named, not read back
    pictures = {c for x in lines if "not in the PDF's text" in x for c in NOTES if c in x}

    reader = PdfReader(str(out))
    text = folded("".join(page.extract_text() for page in reader.pages))
    wanted = {c for c in unicodedata.normalize("NFC", NAME + NOTES + MILESTONE)
              if _needs_glyph(c) and c not in check.missing and c not in pictures
              and not unicodedata.combining(c)}  # emoji beyond U+FFFF included
    assert sorted(c for c in wanted if c not in text) == []
    assert "\u2026" not in text  # no ellipsis anywhere
    assert folded(LONG_WORD) in text  # the long word whole, in order
    assert folded(NAME.replace("李小龍", "")) in text

    # No text runs off the page: every piece starts and ends inside the paper.
    width = float(reader.pages[0].mediabox.width)
    pieces = []

    def visit(piece, cm, tm, font_dict, font_size):
        if piece.strip():
            pieces.append((piece, cm[4] + tm[4] * cm[0]))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    assert pieces and all(0 <= x < width - 30 for _p, x in pieces)


def test_a_very_long_name_prints_whole_in_the_header_and_footer(tmp_path, qapp):
    name = "Maximiliana-Wilhelmina-Theodora-Augusta von Hohenzollern-Sigmaringen zu Thurn"
    path = tmp_path / "max.json"
    ok("new", "story-points", name, "-o", path)
    for paper in ("a4", "letter"):
        out = tmp_path / f"max-{paper}.pdf"
        ok("export-pdf", path, "-o", out, "--paper", paper)
        first = page_texts(out)[0]
        assert "\u2026" not in first
        assert folded(first).count(folded(name)) >= 2  # header and footer


def test_the_line_about_missing_glyphs_names_twelve_and_counts_the_rest():
    from builder.render.fonts import NAMED_MISSING, describe_missing

    assert describe_missing("李龍") == "李 (U+674E), 龍 (U+9F8D)"
    chars = [chr(0x4E00 + i) for i in range(NAMED_MISSING + 30)]
    said = describe_missing(reversed(chars))
    assert said.startswith("一 (U+4E00), 丁 (U+4E01), ")
    assert said.count("(U+") == NAMED_MISSING and said.endswith(" and 30 more")
