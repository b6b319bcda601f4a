"""The text of exported PDFs, read back as a PDF viewer reads it.

PDFium (the engine of Chrome's PDF viewer, through pypdfium2) reads each page's text in
the order it is drawn, one line per line of type, from the fonts' text maps; about ten
times faster than pypdf's reader written in Python, which the tests keep for a PDF's
structure (page boxes, outline, document information, strict parsing).
"""
from __future__ import annotations

import re
from pathlib import Path

import pypdfium2


def page_texts(pdf: Path | str | bytes) -> list[str]:
    """Each page's text, its lines separated by "\\n"."""
    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        texts = []
        for page in document:
            text_page = page.get_textpage()
            texts.append(text_page.get_text_bounded().replace("\r\n", "\n"))
            text_page.close()
            page.close()
        return texts
    finally:
        document.close()


def folded(text: str) -> str:
    """Whitespace folded to single spaces."""
    return re.sub(r"\s+", " ", text)


def folded_pages(pdf: Path | str | bytes) -> list[str]:
    """Each page's text, whitespace folded to single spaces."""
    return [folded(text) for text in page_texts(pdf)]
