"""The PDF's outline and document information, appended to Qt's file as an incremental
update without a PDF library (builder/render/outline.py, append_update): the same
bookmarks and information pypdf writes (the oracle here), a file every reader takes as
it is (pypdf in strict mode, each new xref entry pointing at its object), Qt's bytes
untouched, and a PDF of another shape refused, never guessed at."""
from __future__ import annotations

import io
import re
import warnings
from datetime import datetime, timezone

import pytest
from pypdf import PdfReader

from builder.render.outline import (NotUpdatable, append_update, document_information,
                                    finish_pdf, pdf_string)
from builder.sheets import build_sheet
from builder.storage.files import load_character
from tests.helpers import outline
from tests.pdf_text import page_texts
from tests.sheet_samples import make_story_points_files, make_vogelfrei_file

NOW = datetime(2026, 5, 4, 3, 2, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def qt_pdf(tmp_path_factory, qapp):
    """A PDF of three sheets as Qt's writer made it (nothing appended), and its marks."""
    from builder.render import outline as finishing
    from builder.render.pdf import render_pdf_bytes

    folder = tmp_path_factory.mktemp("sheets")
    got = {}

    def keep(data, marks, **_kw):
        got.update(data=data, marks=list(marks))
        return data

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHARACTER_BUILDER_DATA", str(folder / "data"))
        patch.setenv("XDG_CONFIG_HOME", str(folder / "config"))
        paths = [*make_story_points_files(folder), make_vogelfrei_file(folder)]
        sheets = [build_sheet(load_character(p).derived()) for p in paths]
        patch.setattr(finishing, "finish_pdf", keep)
        render_pdf_bytes(sheets, duplex=True)
    return got["data"], got["marks"]


def strict(data: bytes) -> PdfReader:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return PdfReader(io.BytesIO(data), strict=True)


INFO = document_information("Party sheets: 3 characters", "Ada (the GM) \\ Bo, Zoë 😀",
                            "Character sheets (Story Point development)",
                            "Senna Vail, Graynor Ashdown", NOW)


def finish_with_pypdf(data: bytes, marks, info: dict[str, str]) -> bytes:
    """The outline and the document information as pypdf writes them (the oracle)."""
    from pypdf import PdfWriter

    writer = PdfWriter(PdfReader(io.BytesIO(data)), incremental=True)
    parent, characters = None, 0
    for level, text, page in marks:
        if not 0 <= page < len(writer.pages):
            continue
        if level == 0:
            parent = writer.add_outline_item(title=text, page_number=page)
            characters += 1
        else:
            writer.add_outline_item(title=text, page_number=page, parent=parent)
    if characters > 1:
        writer.page_mode = "/UseOutlines"
    writer.add_metadata({f"/{key}": value for key, value in info.items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_the_same_outline_and_information_as_pypdf(qt_pdf):
    data, marks = qt_pdf
    assert any(level == 0 for level, _t, _p in marks[1:])  # several characters
    fast = append_update(data, marks, INFO)
    slow = finish_with_pypdf(data, marks, INFO)
    ours, theirs = strict(fast), PdfReader(io.BytesIO(slow))
    assert outline(ours) == outline(theirs)
    assert outline(ours) == [(level, title, page) for level, title, page in marks]
    assert dict(ours.metadata) == {**{f"/{k}": v for k, v in INFO.items()},
                                   "/Trapped": "/False"}  # Qt's, kept
    assert dict(ours.metadata) == dict(theirs.metadata)
    assert ours.page_mode == theirs.page_mode == "/UseOutlines"
    assert page_texts(fast) == page_texts(slow)  # PDFium reads our update as well


def test_an_update_appended_to_qts_bytes(qt_pdf):
    data, marks = qt_pdf
    fast = append_update(data, marks, INFO)
    assert fast.startswith(data)  # Qt's file untouched: only appended to
    added = fast[len(data):]
    # Each entry of the new xref section points at its object's "N 0 obj".
    xref_at = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", fast).group(1))
    assert fast.startswith(b"xref", xref_at) and xref_at > len(data)
    table = fast[xref_at + 4:fast.index(b"trailer", xref_at)].split()
    entries, i = {}, 0
    while i < len(table):
        first, count = int(table[i]), int(table[i + 1])
        for k in range(count):
            offset, kind = int(table[i + 2 + 3 * k]), table[i + 4 + 3 * k]
            entries[first + k] = (offset, kind)
        i += 2 + 3 * count
    assert entries.pop(0) == (0, b"f")
    assert len(entries) == added.count(b" 0 obj")
    for number, (offset, kind) in entries.items():
        assert kind == b"n" and fast.startswith(b"%d 0 obj" % number, offset)
    trailer = fast[fast.index(b"trailer", xref_at):]
    old_xref = int(re.search(rb"startxref\s+(\d+)", data).group(1))
    assert b"/Prev %d" % old_xref in trailer
    assert b"/Size %d" % (max(entries) + 1) in trailer


def test_one_character_opens_on_its_pages_not_its_bookmarks(qt_pdf):
    data, marks = qt_pdf
    first = [m for m in marks if m[2] == 0][:3]
    assert first[0][0] == 0 and all(m[0] == 1 for m in first[1:])
    reader = strict(append_update(data, first, INFO))
    assert outline(reader) == first and reader.page_mode is None


def test_marks_off_the_pages_are_left_out_and_a_lone_section_stays_on_top(qt_pdf):
    data, _marks = qt_pdf
    marks = [(1, "Before any character", 0), (0, "Zoë 😀 (Senna) \\", 0), (1, "Skills", 0),
             (1, "Past the end", 99), (0, "Gone", -1), (1, "Ledger", 1)]
    reader = strict(append_update(data, marks, INFO))
    assert outline(reader) == [(0, "Before any character", 0), (0, "Zoë 😀 (Senna) \\", 0),
                               (1, "Skills", 0), (1, "Ledger", 1)]
    assert outline(reader) == outline(PdfReader(io.BytesIO(
        finish_with_pypdf(data, marks, INFO))))
    bare = strict(append_update(data, [], INFO))  # no bookmark: information only
    assert bare.outline == [] and bare.metadata.title == INFO["Title"]


def test_text_strings():
    assert pdf_string("Senna (Vail) \\ 3") == b"(Senna \\(Vail\\) \\\\ 3)"
    assert pdf_string("Zoë") == b"<FEFF005A006F00EB>"
    assert pdf_string("😀") == b"<FEFFD83DDE00>"  # a surrogate pair in UTF-16
    assert pdf_string("a\nb").startswith(b"<FEFF")  # no raw line break in a string


def test_a_pdf_of_another_shape_is_not_guessed_at(qt_pdf):
    data, marks = qt_pdf
    once = append_update(data, marks, INFO)
    with pytest.raises(NotUpdatable):
        append_update(once, marks, INFO)  # an outline and a /Prev already
    rewritten = finish_with_pypdf(data, [], INFO)  # pypdf writes an xref stream
    with pytest.raises(NotUpdatable):
        append_update(rewritten, marks, INFO)
    with pytest.raises(NotUpdatable):
        append_update(data[:-40], marks, INFO)  # no startxref at the end
    other = data + b"% a comment after the end\n"
    with pytest.raises(NotUpdatable):
        finish_pdf(other, marks, title=INFO["Title"], author=INFO["Author"])
    quick = strict(finish_pdf(data, marks, title="T", author="A"))
    assert outline(quick) == marks and quick.metadata.title == "T"
