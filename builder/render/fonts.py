"""The fonts sheets are printed in, and the characters no font can show.

The package ships DejaVu Sans Condensed (regular, bold, oblique) and DejaVu Serif
Bold (builder/data/fonts/, Bitstream Vera licence beside them), registered with
QFontDatabase before the first sheet is laid out: Latin, Greek and Cyrillic (and
Arabic, Hebrew, Armenian, Georgian, many symbols) look the same on every machine.
Other scripts (CJK, Indic...) fall back to the system's fonts through Qt's own
font fallback.  A character that still has no glyph would print as an empty box:
:class:`GlyphCheck` finds those, so the export can say which ones.
"""
from __future__ import annotations

import unicodedata

from PySide6.QtGui import QFont, QFontDatabase, QTextLayout

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
        try:
            data = resource_path("fonts", name).read_bytes()
        except OSError:
            continue
        font_id = QFontDatabase.addApplicationFontFromData(data)
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

    def __init__(self):
        self._known: dict[tuple[str, str], bool] = {}
        self.missing: set[str] = set()

    def check(self, font: QFont, text: str) -> None:
        key = font.key()
        for char in set(text):
            seen = self._known.get((key, char))
            if seen is None:
                seen = self._known[(key, char)] = _has_glyph(font, char)
            if not seen:
                self.missing.add(char)


def _has_glyph(font: QFont, char: str) -> bool:
    if not _needs_glyph(char):
        return True
    layout = QTextLayout(char, font)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    return bool(runs) and all(index != 0 for run in runs for index in run.glyphIndexes())


def describe_missing(missing) -> str:
    """'李 (U+674E), 龍 (U+9F8D)': the characters, sorted, each with its code point."""
    return ", ".join(f"{c} (U+{ord(c):04X})" for c in sorted(missing))
