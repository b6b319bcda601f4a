"""Crash reports: a bug's traceback written to a file in the user's state folder.

Both adapters use it: the command line names the file in its one "internal error" line,
the window in its lasting "Something went wrong" bar.  Writing a report never raises: if
the state folder cannot be written, the caller gets ``None`` and says so without a path.
"""
from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from pathlib import Path
from types import TracebackType

from builder.storage import paths


def summary(exc: BaseException) -> str:
    """One line for the user: the exception's type and message."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def write_report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
                 *, where: str) -> Path | None:
    """Write the traceback of ``exc`` with ``where`` (the command or the window's slot)
    and the versions that matter to a new file; its path, or ``None`` when it could
    not be written."""
    from builder import __version__

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
    lines = [
        f"character-builder {__version__}, Python {platform.python_version()}, "
        f"{platform.platform()}",
        f"where: {where}",
        f"argv: {sys.argv!r}",
        "",
        *traceback.format_exception(exc_type, exc, tb),
    ]
    try:
        folder = paths.crash_dir(create=True)
        target = folder / f"crash-{stamp}-{os.getpid()}.txt"
        n = 1
        while target.exists():
            n += 1
            target = folder / f"crash-{stamp}-{os.getpid()}-{n}.txt"
        target.write_text("\n".join(line.rstrip("\n") for line in lines) + "\n", encoding="utf-8")
    except OSError:
        return None
    return target
