"""Output helpers shared by the CLI entry point and its subcommand modules.

Kept apart from :mod:`builder.cli` so the subcommand modules in
:mod:`builder.cli_commands` import nothing back from the module that imports
them (no import cycle)."""
from __future__ import annotations

import json
import sys
from typing import Any

#: What a command interrupted by Ctrl+C says, and its exit code (128 + SIGINT, as a shell's).
INTERRUPTED = "interrupted"
EXIT_INTERRUPTED = 130


class OutputFailed(Exception):
    """The standard output could not be written (a full disk, a closed pipe): the
    user's situation, reported in one line by :func:`output_failed_line`."""

    def __init__(self, cause: OSError, done: str | None = None):
        super().__init__(str(cause))
        self.cause = cause
        #: What the command did before its output failed ("PATH written"), if anything.
        self.done = done


def write(text: str) -> None:
    """``text`` on stdout as it is (:class:`OutputFailed` when it cannot be written)."""
    try:
        sys.stdout.write(text)
    except OSError as exc:
        raise OutputFailed(exc) from exc


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: a wide character (CJK, most emoji) two,
    a combining mark or a joiner none, every other one."""
    import unicodedata

    return sum(0 if unicodedata.combining(char) or char in "\u200d\ufe0f"
               else 2 if unicodedata.east_asian_width(char) in "WF" else 1
               for char in text)


def padded(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` terminal columns (as ``f"{text:<{width}}"``
    for text whose every character takes one column)."""
    return text + " " * max(0, width - columns(text))


def out(text: str = "") -> None:
    """One line on stdout (:class:`OutputFailed` when it cannot be written)."""
    write(text + "\n")


def flush_output() -> None:
    """Push what is buffered for stdout out now (:class:`OutputFailed` when it cannot
    be written), so a full disk is reported while the command can still say so."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise OutputFailed(exc) from exc


def output_failed_line(cause: OSError, done: str | None = None) -> str:
    """The one line for an output that cannot be written (``done``: what the command
    did all the same, such as "out.pdf written")."""
    import errno

    if cause.errno == errno.EPIPE or isinstance(cause, BrokenPipeError):
        if done:
            return (f"character-builder: {done}, but the output was closed before its "
                    "summary was written (the program reading it stopped early)")
        return ("character-builder: the output was closed before everything was written "
                "(the program reading it, such as head, stopped early)")
    why = cause.strerror or str(cause)
    if done:
        return f"character-builder: {done}, but its summary could not be printed: {why}"
    return f"character-builder: cannot write the output: {why}"


def discard_output() -> None:
    """Send what stdout still holds, and anything written later, to the null device, so
    an output that failed once is not reported again when the process ends."""
    import os

    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


#: Import names whose distribution is named otherwise (what ``pip install`` wants).
_DISTRIBUTIONS = {"yaml": "PyYAML"}


def missing_package_line(module: str) -> str:
    """The one line for a package this Python lacks: which, and how to get it."""
    top = module.split(".")[0]
    package = _DISTRIBUTIONS.get(top, top)
    return (f"character-builder: this Python ({sys.executable}) lacks the package "
            f"'{package}': run the program from its virtual environment "
            f"(.venv/bin/character-builder) or install it into this one: "
            f"{sys.executable} -m pip install {package}")


def os_error_line(exc: OSError) -> str:
    """The one line for a file or folder the system refused (unreadable, full, ...)."""
    why = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"character-builder: {exc.filename}: {why}"
    return f"character-builder: {why}"


def err(text: str) -> None:
    """One line on stderr, always (a name with a newline is shown escaped)."""
    from builder.app.types import one_line

    sys.stderr.write(one_line(text, limit=2000) + "\n")


def print_json(value: Any) -> None:
    """``value`` as indented standard JSON on stdout (non-ASCII kept as is; NaN or
    Infinity would be a bug, never printed)."""
    out(json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False))


def open_character(path: str) -> Any:
    """Load a character file for a command (FileProblem when unreadable)."""
    from builder.app.queries import open_character as load

    return load(path)
