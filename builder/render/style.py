"""Fonts, measures and line breaking for a printed sheet, shared by the layout and the
painter.

Sizes are given in points and multiplied by ``k = resolution / 72`` (device units
per point); colours are the sheet's few greys (nothing carries information by colour).
"""
from __future__ import annotations

import os
import unicodedata
from typing import TYPE_CHECKING, Any, Sequence

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetricsF

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QGuiApplication, QPaintDevice

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
_APP: QGuiApplication | None = None  # the application ensure_app made: kept alive for the whole process


def ensure_app() -> QCoreApplication:
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
        self.fonts: dict[str, QFont] = {}
        self.metrics: dict[str, QFontMetricsF] = {}
        self.device: Any = None

    @classmethod
    def for_device(cls, device: QPaintDevice, k: float, scale: float = 1.0) -> "Style":
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
        where it must (:func:`wrap_text`)."""
        fm = self.metrics[font]
        if "\n" not in text and fm.horizontalAdvance(text) <= width:
            return [text]
        result: list[str] = []
        for paragraph in text.split("\n"):
            result += wrap_text(paragraph, fm, width) or [""]
        return result

    def block(self, font: str, text: str, width: float) -> tuple[str, float]:
        """``text`` wrapped to ``width`` as drawText sets it unwrapped (one line per
        line break), and its height."""
        lines = self.lines(font, text, width)
        if len(lines) == 1:
            return lines[0], self.line(font)
        joined = "\n".join(lines)
        fm = self.metrics[font]
        return joined, fm.boundingRect(QRectF(0, 0, UNWRAPPED, 1e9), ALIGN_LEFT,
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
Op = tuple[Any, ...]


# Qt's alignment and text flags as the numbers they are (Qt.AlignmentFlag, Qt.TextFlag):
# naming them through ``Qt`` would make PySide build every enum of the Qt namespace,
# which nothing else on the export's path needs (see builder/render/paint.py).
# tests/ui/test_pdf_export.py checks each against Qt's own.
ALIGN_LEFT = 0x0001
ALIGN_RIGHT = 0x0002
ALIGN_HCENTER = 0x0004
ALIGN_TOP = 0x0020
ALIGN_VCENTER = 0x0080
LEFT = ALIGN_LEFT | ALIGN_VCENTER
RIGHT = ALIGN_RIGHT | ALIGN_VCENTER
CENTER = ALIGN_HCENTER | ALIGN_VCENTER
WRAP = 0x1000  # Qt.TextFlag.TextWordWrap
WRAP_ANYWHERE = 0x2000  # Qt.TextFlag.TextWrapAnywhere
ALIGN = {"left": LEFT, "right": RIGHT, "center": CENTER}
UNWRAPPED = 1e7  # device units (8,333 inches at 1200 dpi; within QFixed): no text fills it


#: Bidirectional classes that make a line right-to-left (or may): drawText places those.
_RTL = frozenset(("R", "AL", "AN", "RLE", "RLO", "RLI", "FSI"))


def plain_line(text: str) -> bool:
    """Text drawText lays out as QTextLayout does by default: one left-to-right line,
    no tabs, breaks or other controls, no space at either end."""
    if text != text.strip():
        return False
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp") or unicodedata.bidirectional(char) in _RTL:
            return False
    return True


def wrap_text(text: str, fm: QFontMetricsF, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width``: between words; a word wider than a
    line alone is broken after one of its hyphens where that fits ("Magic-" / "User"),
    else where it must (a web address, a name without spaces) rather than off the page."""
    words: list[tuple[str, float]] = []        # each word (or piece of one) and its width
    for word in text.split(" "):
        advance = fm.horizontalAdvance(word)
        while advance > width and len(word) > 1:
            cut = _hyphen_cut(word, fm, width) or fitting(word, fm, width)
            words.append((word[:cut], fm.horizontalAdvance(word[:cut])))
            word = word[cut:]
            advance = fm.horizontalAdvance(word)
        words.append((word, advance))
    # A line's width is its words' and spaces' widths added up, give or take the
    # kerning across a space: a line is measured whole only when that sum is within
    # half a space of the width, the one case where the difference could decide.
    space = fm.horizontalAdvance(" ")
    margin = space / 2
    lines, current, used = [], "", 0.0
    for word, advance in words:
        if not current:
            current, used = word, advance
            continue
        trial = f"{current} {word}"
        estimate = used + space + advance
        if width - margin < estimate <= width + margin:
            estimate = fm.horizontalAdvance(trial)
        if estimate <= width:
            current, used = trial, estimate
        else:
            lines.append(current)
            current, used = word, advance
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


def fitting(word: str, fm: QFontMetricsF, width: float) -> int:
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
