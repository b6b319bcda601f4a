"""Bookmarks and document information for an exported PDF (no Qt here).

QPdfWriter can neither write an outline nor an Author, so the finished PDF is
rewritten once with pypdf: one bookmark per character (its sections under it),
the viewer opened on the bookmarks when there are several characters, and the
document information set in full: a short Title ("Party sheets: 100 characters"),
Author (the players' names), Subject, Keywords, Creator (this application and
its version), Producer and the dates.
"""
from __future__ import annotations

import io
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
               now: datetime | None = None) -> bytes:
    """``data`` with bookmarks (``marks``: (level 0 character / 1 section, title, page
    index)) and the document information set."""
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
