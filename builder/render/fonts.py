"""The fonts sheets are printed in, and the characters no font can show.

The package ships DejaVu Sans Condensed (regular, bold, oblique) and DejaVu Serif
Bold (builder/data/fonts/, Bitstream Vera licence beside them), registered with
QFontDatabase before the first sheet is laid out: Latin, Greek and Cyrillic (and
Arabic, Hebrew, Armenian, Georgian, many symbols) look the same on every machine.
Other scripts (CJK, Indic...) fall back to the system's fonts through Qt's own
font fallback.  A character that still has no glyph would print as an empty box:
:class:`GlyphCheck` finds those, so the export can say which ones.

Qt's PDF writer maps only the glyphs of characters up to U+FFFF back to text (its
ToUnicode map scans the Basic Multilingual Plane), so an emoji or a mathematical letter
prints but would be missing from the PDF's text: :class:`WideGlyphs` records them in
the order they are painted, and builder/render/outline.py adds them to the PDF's text.
A font that draws a character as a bitmap (colour emoji) gives the PDF a picture and
no text at all: those are named by the export, as missing glyphs are.
"""
from __future__ import annotations

import struct
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QFont, QFontDatabase, QFontMetricsF, QTextLayout

if TYPE_CHECKING:
    from collections.abc import Iterable

    from PySide6.QtGui import QRawFont

FONT_FILES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf",
              "DejaVuSansCondensed-Oblique.ttf", "DejaVuSerif-Bold.ttf")
SANS = "DejaVu Sans Condensed"
SERIF = "DejaVu Serif"

_REGISTERED: list[str] | None = None


def register_fonts() -> list[str]:
    """Register the shipped fonts once per process (needs a Qt application).
    Returns the families registered; a missing file is skipped (the system's
    fonts are used instead), never an error."""
    global _REGISTERED
    if _REGISTERED is not None:
        return _REGISTERED
    from builder.resources import resource_path

    families: list[str] = []
    for name in FONT_FILES:
        where = resource_path("fonts", name)
        if isinstance(where, Path):
            # Qt reads (maps) the file itself: a few ms less than handing it the bytes
            # (about 2.3 MB copied into Python, then into Qt); a missing file gives -1.
            font_id = QFontDatabase.addApplicationFont(str(where))
        else:  # inside a zip: only the bytes can be had
            try:
                font_id = QFontDatabase.addApplicationFontFromData(where.read_bytes())
            except OSError:
                continue
        if font_id >= 0:
            families += [f for f in QFontDatabase.applicationFontFamilies(font_id)
                         if f not in families]
    _REGISTERED = families
    return families


def _needs_glyph(char: str) -> bool:
    """Whitespace, controls and format characters (ZWJ, variation selectors) print
    nothing of their own."""
    category = unicodedata.category(char)
    return not (category[0] in "CZ" or 0xFE00 <= ord(char) <= 0xFE0F
                or 0xE0100 <= ord(char) <= 0xE01EF)


class GlyphCheck:
    """Which characters of the texts painted have no glyph in any font Qt would use."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], bool] = {}
        self._metrics: dict[str, QFontMetricsF] = {}
        self.missing: set[str] = set()
        #: the current PDF's characters beyond U+FFFF (render_pdf_bytes sets a new one
        #: for each PDF); ``untexted``: those that printed but are not in a PDF's text
        self.wide = WideGlyphs()
        self.untexted: set[str] = set()

    def check(self, font: QFont, text: str, metrics: QFontMetricsF | None = None) -> None:
        """Note the characters of ``text`` no font has.  ``metrics``: ``font``'s on the
        device painted on (the painter's font engine, already loaded), else made here
        (a font engine of the screen's more to load)."""
        self.wide.record(font, text)
        # Whether a character is in a font depends on its face, not its size: one
        # lookup per face (the sheet sets four faces in some fifteen sizes).
        key = f"{font.family()}/{font.weight()}/{font.italic()}"
        if metrics is None:
            metrics = self._metrics.get(key)
            if metrics is None:
                metrics = self._metrics[key] = QFontMetricsF(font)
        for char in set(text):
            seen = self._known.get((key, char))
            if seen is None:
                # The font's own character map first (a lookup); only a character it
                # lacks is laid out to see whether Qt's fallback fonts have it (a
                # QTextLayout each: docs/dev/performance.md, "Sheets").
                seen = self._known[(key, char)] = (metrics.inFontUcs4(ord(char))
                                                   or _has_glyph(font, char))
            if not seen:
                self.missing.add(char)


class WideOnly:
    """A GlyphCheck that only records the characters beyond U+FFFF (what the PDF's text
    needs) and checks nothing else: cheap, for a PDF nobody asked to check."""

    def __init__(self) -> None:
        self.missing: set[str] = set()
        self.wide = WideGlyphs()
        self.untexted: set[str] = set()

    def check(self, font: QFont, text: str, metrics: QFontMetricsF | None = None) -> None:
        self.wide.record(font, text)


def _has_glyph(font: QFont, char: str) -> bool:
    if not _needs_glyph(char):
        return True
    layout = QTextLayout(char, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    return bool(runs) and all(index != 0 for run in runs for index in run.glyphIndexes())


#: How many characters a line about missing glyphs names; the rest are counted.
NAMED_MISSING = 12


def describe_missing(missing: Iterable[str]) -> str:
    """'李 (U+674E), 龍 (U+9F8D)': the characters, sorted, each with its code point; past
    :data:`NAMED_MISSING` of them, how many more (a whole name in a script no font has
    made a line of 1,500 characters)."""
    chars = sorted(missing)
    named = ", ".join(f"{c} (U+{ord(c):04X})" for c in chars[:NAMED_MISSING])
    more = len(chars) - NAMED_MISSING
    return f"{named} and {more} more" if more > 0 else named


#: Characters beyond U+FFFF: Qt's PDF writer maps only the glyphs of characters up to
#: U+FFFF back to text (its ToUnicode map scans the Basic Multilingual Plane), so an
#: emoji or a mathematical letter prints but would be missing from the PDF's text.
def _beyond_bmp(char: str) -> bool:
    return ord(char) > 0xFFFF and _needs_glyph(char)


def postscript_name(raw: QRawFont) -> str | None:
    """The font's PostScript name (the PDF's BaseFont) from its ``name`` table."""
    data = bytes(raw.fontTable("name").data())
    try:
        _format, count, strings = struct.unpack(">HHH", data[:6])
        for i in range(count):
            platform, _enc, _lang, name_id, length, offset = struct.unpack(
                ">6H", data[6 + 12 * i:18 + 12 * i])
            if name_id == 6:
                text = data[strings + offset:strings + offset + length]
                return text.decode("utf-16-be" if platform in (0, 3) else "latin-1")
    except (struct.error, UnicodeDecodeError):
        return None
    return None


class WideGlyphs:
    """The characters beyond U+FFFF painted into a PDF, in the order their glyphs were
    first painted, by font (its PostScript name): what builder/render/outline.py puts
    back into the PDF's text.  ``pictures``: those a font draws as a bitmap (colour
    emoji), which a PDF cannot carry as text."""

    def __init__(self) -> None:
        self._found: dict[tuple[str, str], tuple[str, int, bool] | None] = {}
        self._glyphs: set[tuple[str, int]] = set()
        self.order: dict[str, list[str]] = {}
        self.pictures: set[str] = set()
        self.unknown: set[str] = set()

    def record(self, font: QFont, text: str) -> None:
        for char in text:
            if not _beyond_bmp(char):
                continue
            key = (font.key(), char)
            if key not in self._found:
                self._found[key] = _glyph_of(font, char)
            found = self._found[key]
            if found is None:
                self.unknown.add(char)
                continue
            name, glyph, outline = found
            if not outline:
                self.pictures.add(char)
            elif (name, glyph) not in self._glyphs:
                self._glyphs.add((name, glyph))
                self.order.setdefault(name, []).append(char)


def _glyph_of(font: QFont, char: str) -> tuple[str, int, bool] | None:
    """(PostScript name, glyph, drawn as an outline) of the one glyph ``char`` is shown
    with; None when it is not exactly one glyph of a named font."""
    layout = QTextLayout(char, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    if len(runs) != 1 or len(runs[0].glyphIndexes()) != 1:
        return None
    raw, glyph = runs[0].rawFont(), runs[0].glyphIndexes()[0]
    name = postscript_name(raw)
    if not glyph or not name:
        return None
    return name, glyph, not raw.pathForGlyph(glyph).isEmpty()
