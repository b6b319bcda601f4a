"""Bookmarks and document information for an exported PDF (no Qt here).

QPdfWriter can neither write an outline nor an Author, so the finished PDF is
rewritten once with pypdf: one bookmark per character (its sections under it),
the viewer opened on the bookmarks when there are several characters, and the
document information set in full: a short Title ("Party sheets: 100 characters"),
Author (the players' names), Subject, Keywords, Creator (this application and
its version), Producer and the dates; and the characters beyond U+FFFF (emoji,
mathematical letters) that Qt's writer prints but leaves out of the PDF's text
(:func:`restore_wide_text`).
"""
from __future__ import annotations

import io
import re
import struct
from datetime import datetime, timezone
from typing import Sequence

from builder import APP_TITLE, __version__


def document_title(names: Sequence[str]) -> str:
    names = [n for n in names if n]
    if len(names) > 1:
        return f"Party sheets: {len(names)} characters"
    if names:
        return f"{names[0]}: character sheet"
    return "Character sheet"


def document_author(players: Sequence[str], names: Sequence[str]) -> str:
    """The players' names (each once, in order); without any, the characters'."""
    people = list(dict.fromkeys(p.strip() for p in players if p and p.strip()))
    if not people:
        people = list(dict.fromkeys(n for n in names if n))
    if len(people) > 6:
        return f"{', '.join(people[:5])} and {len(people) - 5} others"
    return ", ".join(people)


def _pdf_date(moment: datetime) -> str:
    return moment.strftime("D:%Y%m%d%H%M%SZ")


def load_pdf_library() -> None:
    """Import pypdf now.  Called before Qt is imported where both are needed (export):
    once PySide6 is loaded, every module imported after it costs more (PySide6 looks
    at each new module for its feature switches), about 20 ms of CPU for pypdf's."""
    import pypdf  # noqa: F401


def finish_pdf(data: bytes, marks: Sequence[tuple[int, str, int]], *, title: str,
               author: str, subject: str = "", keywords: str = "",
               now: datetime | None = None, wide: dict[str, list[str]] | None = None,
               unmapped: set[str] | None = None) -> bytes:
    """``data`` with bookmarks (``marks``: (level 0 character / 1 section, title, page
    index)), the document information set, and the characters of ``wide`` put back
    into its text (see :func:`restore_wide_text`; those it cannot are added to
    ``unmapped``)."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(data))
    # An incremental update: the painted PDF stays as Qt wrote it, the outline and the
    # document information are appended (much cheaper than rewriting every object).
    writer = PdfWriter(reader, incremental=True)
    count = len(writer.pages)
    parent = None
    characters = 0
    for level, text, page in marks:
        if not 0 <= page < count:
            continue
        if level == 0:
            parent = writer.add_outline_item(title=text, page_number=page)
            characters += 1
        else:
            writer.add_outline_item(title=text, page_number=page, parent=parent)
    if characters > 1:
        writer.page_mode = "/UseOutlines"
    if wide:
        lost = restore_wide_text(writer, wide)
        if unmapped is not None:
            unmapped |= lost
    stamp = _pdf_date(now or datetime.now(timezone.utc))
    writer.add_metadata({
        "/Title": title,
        "/Author": author,
        "/Subject": subject or title,
        "/Keywords": keywords,
        "/Creator": f"{APP_TITLE} {__version__}",
        "/Producer": f"{APP_TITLE} {__version__} (Qt PDF writer, pypdf)",
        "/CreationDate": stamp,
        "/ModDate": stamp,
    })
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


_CID = r"<([0-9A-Fa-f]+)>"


def _mapped_cids(cmap: str) -> set[int]:
    """The glyph codes a ToUnicode CMap maps to text."""
    mapped: set[int] = set()
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        mapped.update(int(code, 16) for code in re.findall(_CID + r"\s*<[0-9A-Fa-f]+>", block))
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for low, high in re.findall(_CID + r"\s*" + _CID + r"\s*(?:<[0-9A-Fa-f]+>|\[[^\]]*\])",
                                    block):
            mapped.update(range(int(low, 16), int(high, 16) + 1))
    return mapped


def _glyph_count(font_file: bytes) -> int | None:
    """numGlyphs of a TrueType font's ``maxp`` table."""
    try:
        tables = struct.unpack(">H", font_file[4:6])[0]
        for i in range(tables):
            tag, _sum, offset, _length = struct.unpack(">4sIII",
                                                       font_file[12 + 16 * i:28 + 16 * i])
            if tag == b"maxp":
                return int(struct.unpack(">H", font_file[offset + 4:offset + 6])[0])
    except struct.error:
        return None
    return None


def restore_wide_text(writer, wide: dict[str, list[str]]) -> set[str]:
    """Put the characters beyond U+FFFF back into the PDF's text.

    Qt embeds each font as a subset whose glyphs are numbered in the order they are
    first painted, and writes a ToUnicode map for the glyphs of characters up to
    U+FFFF only: the glyphs it leaves unmapped are exactly those of the characters
    beyond, in first-painted order, which is what ``wide`` holds for each font (its
    PostScript name, the PDF's BaseFont).  Each font's map gets them only when the
    counts agree; otherwise nothing is guessed and its characters are returned
    (the export names them)."""
    from pypdf.generic import DecodedStreamObject, NameObject

    lost: set[str] = set()
    wanted = {name: chars for name, chars in wide.items() if chars}
    done: set = set()
    for page in writer.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        if fonts is None:
            continue
        for ref in fonts.get_object().values():
            font = ref.get_object()
            key = getattr(ref, "idnum", None) or id(font)
            if key in done:
                continue
            done.add(key)
            name = str(font.get("/BaseFont", ""))[1:].split("+")[-1]
            chars = wanted.pop(name, None)
            if not chars:
                continue
            try:
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                count = _glyph_count(descriptor.get_object()["/FontFile2"].get_object()
                                     .get_data())
                cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            except (KeyError, IndexError, TypeError, AttributeError, ValueError):
                lost.update(chars)
                continue
            mapped = _mapped_cids(cmap)
            gaps = [cid for cid in range(1, count or 0) if cid not in mapped]
            if len(gaps) != len(chars) or "endcmap" not in cmap:
                lost.update(chars)
                continue
            entries = "".join(f"<{cid:04X}> <{char.encode('utf-16-be').hex().upper()}>\n"
                              for cid, char in zip(gaps, chars))
            cmap = cmap.replace("endcmap", f"{len(gaps)} beginbfchar\n{entries}endbfchar\n"
                                "endcmap", 1)
            stream = DecodedStreamObject()
            stream.set_data(cmap.encode("latin-1"))
            font[NameObject("/ToUnicode")] = writer._add_object(stream)
    for chars in wanted.values():  # a font the PDF does not hold under that name
        lost.update(chars)
    return lost
