"""Output helpers shared by the CLI entry point and its subcommand modules.

Kept apart from :mod:`builder.cli` so the subcommand modules in
:mod:`builder.cli_commands` import nothing back from the module that imports
them (no import cycle)."""
from __future__ import annotations

import json
import sys
from typing import Any


def out(text: str = "") -> None:
    """One line on stdout."""
    sys.stdout.write(text + "\n")


def err(text: str) -> None:
    """One line on stderr, always (a name with a newline is shown escaped)."""
    from builder.storage.jsonio import one_line

    sys.stderr.write(one_line(text, limit=2000) + "\n")


def print_json(value: Any) -> None:
    """``value`` as indented standard JSON on stdout (non-ASCII kept as is; NaN or
    Infinity would be a bug, never printed)."""
    out(json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False))


def open_character(path: str) -> Any:
    """Load a character file for a command (FileProblem when unreadable)."""
    from builder.storage.files import load_character

    return load_character(path)
