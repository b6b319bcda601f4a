"""All-or-nothing writes across several files.

A party award or a Training Exchange changes several character files and the
campaign file together: either every file gets its new bytes or none changes.

1. Every new document is serialised first (the caller hands over bytes).
2. Every file is checked against the bytes it had when it was read (a file
   changed on disk meanwhile stops everything before anything is written).
3. Each new content goes to a temporary file beside its target, flushed and
   fsynced.  A failure here removes the temporaries; no target was touched.
4. The temporaries replace their targets one by one (os.replace is atomic for
   each file).  If a replace fails, the targets already replaced get their
   original bytes back (each through its own atomic replace) and the error
   names the file that failed.

A crash (power cut) between two replaces can still leave a mix; each file is
then still whole and valid, and the campaign ledger tells what was applied.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from builder.storage.atomic import (fsync_dir, fill_temp, kept_mode, make_temp, real_target,
                                    remove_stale_temps, write_bytes_atomic)


class TransactionFailed(Exception):
    """Nothing was changed (or everything was put back); the message names the file."""


class ChangedMeanwhile(TransactionFailed):
    """A file no longer holds what was read; nothing was written."""


@dataclass
class Change:
    path: Path
    data: bytes
    #: The bytes the file had when it was read (None: do not compare).
    expected: bytes | None = None


def write_all(changes: Sequence[Change]) -> None:
    """Write every change or none (see the module docstring)."""
    # A symbolic link is written through to its target (the link stays).
    changes = [Change(real_target(c.path), c.data, c.expected) for c in changes]
    seen: set[Path] = set()
    for change in changes:
        key = change.path.resolve()
        if key in seen:
            raise TransactionFailed(f"{change.path}: named twice in one change")
        seen.add(key)

    originals: list[bytes | None] = []
    for change in changes:
        try:
            current = change.path.read_bytes()
        except FileNotFoundError:
            current = None
        except OSError as exc:
            raise TransactionFailed(f"{change.path}: cannot be read "
                                    f"({exc.strerror or exc})") from None
        if change.expected is not None and current != change.expected:
            raise ChangedMeanwhile(f"{change.path}: changed by another program meanwhile; "
                                   f"nothing written")
        originals.append(current)

    for change in changes:
        remove_stale_temps(change.path.parent, own=change.path.name)
    temps: list[str] = []
    try:
        for change in changes:
            temps.append(_write_temp(change.path, change.data))
    except OSError as exc:
        _remove(temps)
        failed = changes[len(temps)].path
        raise TransactionFailed(f"{failed}: cannot be written ({exc.strerror or exc}); "
                                f"nothing was written") from None

    done = 0
    try:
        for change, temp in zip(changes, temps):
            os.replace(temp, change.path)
            done += 1
    except OSError as exc:
        failed = changes[done].path
        _remove(temps[done:])
        problems = _put_back(changes[:done], originals[:done])
        message = f"{failed}: cannot be written ({exc.strerror or exc})"
        if problems:
            message += "; could not put back " + ", ".join(problems)
        else:
            message += "; every file was put back as it was"
        raise TransactionFailed(message) from None
    for folder in {c.path.parent for c in changes}:
        fsync_dir(folder)


def _write_temp(path: Path, data: bytes) -> str:
    temp = make_temp(path)
    try:
        fill_temp(temp, data, kept_mode(path))
    except BaseException:
        _remove([temp])
        raise
    return temp


def _remove(temps: Sequence[str]) -> None:
    for temp in temps:
        try:
            os.unlink(temp)
        except OSError:
            pass


def _put_back(changes: Sequence[Change], originals: Sequence[bytes | None]) -> list[str]:
    problems = []
    for change, original in zip(changes, originals):
        try:
            if original is None:
                change.path.unlink()
            else:
                write_bytes_atomic(change.path, original)
        except OSError:
            problems.append(str(change.path))
    return problems
