"""Dispatch on what kind of document a file holds (character or campaign)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from builder.storage.files import FileProblem, load_character


def peek_kind(path: Path | str) -> str:
    """'character' or 'campaign' (or whatever the file says); FileProblem if unreadable."""
    path = Path(path)
    try:
        doc = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise FileProblem(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FileProblem(f"{path}: cannot be read ({exc})") from None
    if not isinstance(doc, dict):
        raise FileProblem(f"{path}: not a character or campaign file")
    return str(doc.get("kind", "character"))


def undo_file(path: str, out: Callable[[str], None]) -> int:
    """``undo FILE``: drop the last ledger entry of a character or a campaign."""
    if peek_kind(path) == "campaign":
        from builder.storage import campaigns  # provided by the campaigns feature

        return campaigns.undo_file(path, out)
    cf = load_character(path)
    if cf.read_only:
        raise FileProblem(cf.read_only)
    entry = cf.undo()
    cf.save()
    out(f"undone: {cf.ruleset.describe(entry)}")
    return 0
