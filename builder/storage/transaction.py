"""All-or-nothing writes across several files: the one writer of multi-file changes.

A party award or a Training Exchange changes several character files and the
campaign file together: either every file gets its new bytes or none changes,
even when the process is killed half-way (the journal, step 4).

1. Every new document is serialised first (the caller hands over bytes).
2. Every file is checked against the bytes it had when it was read (a file
   changed on disk meanwhile stops everything before anything is written).
3. Each new content goes to a temporary file beside its target (a change whose
   new content is None removes its file in step 5), flushed and
   fsynced.  A failure here removes the temporaries; no target was touched.
4. The change is recorded durably in the journal (:mod:`builder.storage.journal`:
   every target with its new and old contents and their digests).  A journal that
   cannot be written stops everything; no target was touched.
5. The temporaries replace their targets one by one (os.replace is atomic for
   each file).  If a replace fails, the targets already replaced get their
   original bytes back (each through its own atomic replace) and the error
   names the file that failed.
6. The journal record is removed.

A crash (a kill, a power cut) between steps 4 and 6 leaves the record: the next
command, the window's start or the next multi-file write completes the change or
takes it back (:func:`builder.storage.journal.recover`), so every file ends old
or every file ends new.

The caller holds the lock of every file (:func:`builder.storage.locking.locked`)
for the whole change.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from builder.storage import device_log, journal
from builder.storage.atomic import (fsync_dir, fill_temp, kept_mode, make_temp, real_target,
                                    remove_stale_temps, write_bytes_atomic)
from builder.storage.conflicts import refuse_conflict_copy


class TransactionFailed(Exception):
    """Nothing was changed (or everything was put back); the message names the file."""


class ChangedMeanwhile(TransactionFailed):
    """A file no longer holds what was read; nothing was written."""


@dataclass
class Change:
    path: Path
    #: The new contents (None: the file is removed).
    data: bytes | None
    #: The bytes the file had when it was read (None: do not compare).
    expected: bytes | None = None


def write_all(changes: Sequence[Change], what: str = "change of several files") -> None:
    """Write every change or none (see the module docstring); ``what`` names the change
    in the line said when a crashed one is finished later ("campaign award")."""
    journal.recover()        # a change a killed process left is finished first
    # A symbolic link is written through to its target (the link stays).
    changes = [Change(real_target(c.path), c.data, c.expected) for c in changes]
    seen: set[Path] = set()
    for change in changes:
        if refuse_conflict_copy(change.path):
            raise TransactionFailed(str(refuse_conflict_copy(change.path)))
        key = change.path.resolve()
        if key in seen:
            raise TransactionFailed(f"{change.path}: named twice in one change")
        seen.add(key)

    originals = _originals(changes)

    for change in changes:
        remove_stale_temps(change.path.parent, own=change.path.name)
    temps: list[str | None] = []
    try:
        for change in changes:
            temps.append(None if change.data is None else _write_temp(change.path, change.data))
    except OSError as exc:
        _remove(temps)
        failed = changes[len(temps)].path
        raise TransactionFailed(f"{failed}: cannot be written ({exc.strerror or exc}); "
                                f"nothing was written") from None
    journal.crash_point("temporaries-written")

    # One file needs no record: its one os.replace is all or nothing already.
    entry = journal.Entry([journal.Target(Path(os.path.abspath(c.path)), c.data, o)
                           for c, o in zip(changes, originals)], what) if len(changes) > 1 else None
    if entry is not None:
        try:
            entry.begin()
        except journal.JournalProblem as problem:
            _remove(temps)
            raise TransactionFailed(str(problem)) from None
        journal.crash_point("journal-written")

    done = 0
    try:
        for change, temp in zip(changes, temps):
            if temp is None:
                change.path.unlink(missing_ok=True)
            else:
                os.replace(temp, change.path)
            done += 1
            journal.crash_point(f"replaced-{done}")
    except OSError as exc:
        failed = changes[done].path
        _remove(temps[done:])
        problems = _put_back(changes[:done], originals[:done])
        message = f"{failed}: cannot be written ({exc.strerror or exc})"
        if problems:
            message += "; could not put back " + ", ".join(problems)
            if entry is not None:
                message += " (the next command completes the change)"
                entry.leave()
        else:
            message += "; every file was put back as it was"
            if entry is not None:
                entry.end()
        raise TransactionFailed(message) from None
    for folder in {c.path.parent for c in changes}:
        fsync_dir(folder)
    if entry is not None:
        entry.end()
    for change in changes:           # what this device wrote, kept outside the folder
        device_log.written(change.path, change.data)


def _originals(changes: Sequence[Change]) -> list[bytes | None]:
    """What each file holds now (None: no file), each checked against the bytes it had
    when it was read (ChangedMeanwhile: another program wrote it since)."""
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
    return originals


def _write_temp(path: Path, data: bytes) -> str:
    temp = make_temp(path)
    try:
        fill_temp(temp, data, kept_mode(path))
    except BaseException:
        _remove([temp])
        raise
    return temp


def _remove(temps: Sequence[str | None]) -> None:
    for temp in temps:
        try:
            if temp is not None:
                os.unlink(temp)
        except OSError:
            pass


def _put_back(changes: Sequence[Change], originals: Sequence[bytes | None]) -> list[str]:
    problems = []
    for change, original in zip(changes, originals):
        try:
            if original is None:
                change.path.unlink(missing_ok=True)
            else:
                write_bytes_atomic(change.path, original)
        except OSError:
            problems.append(str(change.path))
    return problems
