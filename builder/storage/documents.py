"""Dispatch on what kind of document a file holds (character or campaign)."""
from __future__ import annotations

from pathlib import Path

from builder.storage import jsonio
from builder.storage.files import FileProblem, read_raw


def peek_kind(path: Path | str) -> str:
    """'character' or 'campaign' (or whatever the file says); FileProblem if unreadable."""
    path = Path(path)
    try:
        doc = jsonio.loads(read_raw(path, "character or campaign"))
    except jsonio.JsonProblem as problem:
        raise FileProblem(f"{path}: {problem}") from None
    if not isinstance(doc, dict):
        raise FileProblem(f"{path}: not a character or campaign file")
    return str(doc.get("kind", "character"))
