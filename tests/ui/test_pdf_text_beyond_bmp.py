"""Characters beyond U+FFFF (emoji, mathematical letters): Qt's PDF writer prints them
but leaves them out of the PDF's text; the export puts them back (read with pypdf),
and names those it cannot carry (a colour emoji drawn as a picture)."""
from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from tests.helpers import cli, ok

#: Beyond U+FFFF, with outline glyphs in the shipped DejaVu Sans Condensed (an emoji, a
#: double-struck letter and digit, a playing card) or in a system font.
CANDIDATES = "😀𝔸𝟘🂡𝐀🐉"


def outline_chars(qapp, font_key: str = "note") -> str:
    from PySide6.QtGui import QImage

    from builder.render.fonts import _glyph_of
    from builder.render.style import Style, ensure_app

    ensure_app()
    style = Style.for_device(QImage(8, 8, QImage.Format.Format_RGB32), 1.0)
    found = [c for c in CANDIDATES
             if (g := _glyph_of(style.fonts[font_key], c)) is not None and g[2]]
    if not found:
        pytest.skip("no installed font draws a character beyond U+FFFF as an outline")
    return "".join(found)


def character(tmp_path, name: str, notes: str):
    path = tmp_path / "c.json"
    ok("new", "story-points", name, "-o", path, "--set", "sp=10")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["notes"] = notes
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def text_of(pdf) -> str:
    return "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)


def test_characters_beyond_the_bmp_are_in_the_pdf_text(tmp_path, qapp):
    chars = outline_chars(qapp)
    # in the name (serif bold, the header; sans in the footer) and in the notes, twice
    path = character(tmp_path, f"Ada {chars[0]} Drake", f"Notes {chars} and {chars[::-1]}.")
    out = tmp_path / "c.pdf"
    result = cli("export-pdf", path, "-o", out)
    assert result.code == 0 and "not in the PDF's text" not in result.err, result.err
    text = text_of(out)
    for char in chars:
        assert char in text, (char, text[:200])
    squeezed = re.sub(r"\s+", "", text)  # a change of font breaks the line in pypdf's text
    assert f"Notes{chars}and{chars[::-1]}." in squeezed  # in order
    # several characters in one PDF: each gets its own glyph numbering in the same fonts
    other = tmp_path / "d.json"
    ok("new", "story-points", f"Bo {chars[-1]}", "-o", other)
    party = tmp_path / "party.pdf"
    ok("export-pdf", path, other, "-o", party)
    assert f"Bo{chars[-1]}" in re.sub(r"\s+", "", text_of(party))


def test_what_cannot_be_carried_is_named_and_nothing_is_guessed(tmp_path, qapp,
                                                                  monkeypatch):
    """A character a font draws as a picture (as a colour emoji font does) is named in
    one warning line; the PDF's text is not given a guess for it."""
    chars = outline_chars(qapp)
    from builder.render import fonts

    real = fonts._glyph_of

    def as_picture(font, char):
        found = real(font, char)
        return None if found is None else (found[0], found[1], False)

    monkeypatch.setattr(fonts, "_glyph_of", as_picture)
    path = character(tmp_path, "Ada", f"Face {chars[0]}")
    out = tmp_path / "c.pdf"
    result = cli("export-pdf", path, "-o", out)
    assert result.code == 0
    (line,) = [x for x in result.err.splitlines() if "not in the PDF's text" in x]
    assert line.startswith("warning:") and chars[0] in line
    assert f"U+{ord(chars[0]):04X}" in line
    assert chars[0] not in text_of(out)


def test_a_count_that_does_not_agree_patches_nothing(tmp_path, qapp, monkeypatch):
    """A font's unmapped glyphs are mapped only when their number is the number of
    characters recorded for it; a font the PDF does not hold under that name gets none."""
    import io

    from builder.render import outline as finishing
    from builder.render.pdf import render_pdf_bytes
    from builder.sheets import build_sheet
    from builder.storage.files import load_character

    chars = outline_chars(qapp)
    path = character(tmp_path, "Ada", f"x {chars[0]}")
    sheet = build_sheet(load_character(path).derived())
    finish, painted = finishing.finish_pdf, {}

    def keep(data, marks, **kw):
        painted["data"] = data
        return finish(data, marks, **kw)

    monkeypatch.setattr(finishing, "finish_pdf", keep)
    pdf, _counts = render_pdf_bytes([sheet])  # no missing-glyph check asked for

    def text(data: bytes) -> str:
        return "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)

    assert chars[0] in text(pdf) and chars[0] not in text(painted["data"])

    def finished(wide: dict[str, list[str]]) -> tuple[set[str], bytes]:
        unmapped: set[str] = set()
        data = finish(painted["data"], [], title="T", author="A", wide=wide,
                      unmapped=unmapped)
        return unmapped, data

    unmapped, data = finished({"DejaVuSansCondensed": [chars[0], "x"]})
    assert unmapped == {chars[0], "x"} and chars[0] not in text(data)
    assert finished({"NoSuchFont": ["y"]})[0] == {"y"}
