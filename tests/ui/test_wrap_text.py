"""A sheet's text wrapped into lines: each line as full as the room allows, measured as
the painter measures it (the words' widths are added up; a line near the edge is
measured whole)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

# Words whose letters kern with each other and with a space in many fonts (AV, To, Ty),
# wide and narrow letters, right-to-left and joining scripts, CJK, a combining accent.
WORDS = ["AVATAR", "To", "Type", "Wave", "ill", "mmm", "W", "Magic-User", "Vogelfrei",
         "\u05dc\u05d5\u05d9", "\u0644\u064a\u0644\u0649", "\u674e\u5c0f\u9f8d", "e\u0301te",
         "1,800", "(XP)", ""]


def _metrics(points: float):
    from PySide6.QtGui import QFont, QFontMetricsF

    font = QFont("DejaVu Sans")
    font.setPointSizeF(points)
    return QFontMetricsF(font)


@settings(max_examples=60)
@given(words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=40),
       room=st.floats(20, 400), points=st.sampled_from([6.5, 9.0, 14.0]))
def test_each_line_is_as_full_as_the_room_allows(qapp, words, room, points):
    from builder.render.style import wrap_text

    fm = _metrics(points)
    text = " ".join(words)
    lines = wrap_text(text, fm, room)
    pieces = [piece for line in lines for piece in line.split(" ")]
    assert "".join(pieces) == "".join(words)        # nothing lost, nothing added
    for line, after in zip(lines, lines[1:] + [None]):
        # a line wider than the room is one piece that cannot be cut smaller (one letter)
        assert fm.horizontalAdvance(line) <= room or len(line.split(" ")) == 1, line
        if after is not None:
            first = after.split(" ")[0]
            # the next line's first word did not fit on this one, measured whole
            assert fm.horizontalAdvance(f"{line} {first}") > room, (line, first)


def test_a_line_measured_whole_near_the_edge(qapp):
    """Where the added-up widths come close to the room, the line is measured whole:
    a room exactly as wide as the whole line keeps it on one line."""
    from builder.render.style import wrap_text

    fm = _metrics(9.0)
    for text in ("AVAVAV To To Type Wave", "Wave To AVATAR", "Type To Ty Ty Ty Ty"):
        whole = fm.horizontalAdvance(text)
        assert wrap_text(text, fm, whole) == [text]
        assert len(wrap_text(text, fm, whole - 0.01)) == 2
