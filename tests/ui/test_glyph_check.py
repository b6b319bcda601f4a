"""GlyphCheck asks a font's own character map first and lays a character out (to see
Qt's fallback fonts) only when the font lacks it: the characters it names must be
exactly those the layout alone finds no glyph for."""
from __future__ import annotations

import pytest

#: Latin, Greek, Cyrillic, Arabic, Hebrew, CJK, kana, Indic, emoji, a mathematical letter,
#: private use, an unassigned code point, the replacement character, combining marks,
#: spaces and format characters (ZWJ, a variation selector).
TEXT = ("Zoë Ångström ßŁ Δημήτρης Жуков مرحبا שלום 李小龍 影の峡谷 カタカナ नमस्ते "
        "😀🐉𝔸 \ue000\U000f0000 \u0378 \ufffd e\u0301 \u200d\ufe0f\u00a0\t")


@pytest.mark.parametrize("on_device", [False, True])
@pytest.mark.parametrize("key", ["note", "name", "detail", "value"])
def test_the_same_characters_as_laying_each_out(qapp, key, on_device):
    """Also with the painter's metrics (a 1200 dpi page's, as the export passes them)."""
    from PySide6.QtGui import QImage

    from builder.render.fonts import GlyphCheck, _has_glyph
    from builder.render.style import Style, ensure_app

    ensure_app()
    page = QImage(8, 8, QImage.Format.Format_RGB32)
    page.setDotsPerMeterX(47244)  # 1200 dpi
    page.setDotsPerMeterY(47244)
    style = Style.for_device(page, page.logicalDpiY() / 72.0)
    font = style.fonts[key]
    metrics = style.metrics[key] if on_device else None
    check = GlyphCheck()
    check.check(font, TEXT, metrics)
    check.check(font, TEXT, metrics)  # the second time from what it knows
    assert check.missing == {c for c in TEXT if not _has_glyph(font, c)}
    assert "Z" not in check.missing
