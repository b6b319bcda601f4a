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
    """One line on stderr."""
    sys.stderr.write(text + "\n")


def print_json(value: Any) -> None:
    """``value`` as indented JSON on stdout (non-ASCII kept as is)."""
    out(json.dumps(value, indent=2, ensure_ascii=False))


def open_character(path: str) -> Any:
    """Load a character file for a command (FileProblem when unreadable)."""
    from builder.storage.files import load_character

    return load_character(path)
