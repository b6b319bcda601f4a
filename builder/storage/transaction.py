"""All-or-nothing writes across several files: the one writer of multi-file changes.

A party award or a Training Exchange changes several character files and the
campaign file together, an export writes one PDF or a folder of them: either every
file gets its new bytes or none changes, even when the process is killed half-way
(the journal, step 4).

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

How a kind of file is written is a :class:`Style`.  Data files (:data:`DATA`):
the caller holds the lock of every file (:func:`builder.storage.locking.locked`)
for the whole change, and nothing is written to a sync engine's conflict copy.
Exported sheets (no lock on the target; :mod:`builder.sheets.output`): each temporary
(``.NAME.pdf.XXXX.pdf-tmp``, :func:`write_held_temp`) stays open and locked while
it lives, so one whose lock nobody holds is a killed writer's, removed by the next
write into that folder (:func:`builder.storage.atomic.remove_dead_locked_temps`);
inside :func:`signals_guarded`, SIGTERM/SIGINT/SIGHUP remove them before the
process ends and wait while the targets are being replaced.
"""
from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from builder.rules.records import FrozenRecord, Record
from builder.storage import device_log, journal
from builder.storage.atomic import (LOCKED_TEMP_SUFFIX, fsync_dir, fill_temp, kept_mode,
                                    lock_temp, make_temp, new_file_mode, real_target,
                                    refuse_read_only, remove_stale_temps, write_bytes_atomic)
from builder.storage.conflicts import refuse_conflict_copy


class TransactionFailed(Exception):
    """Nothing was changed (or everything was put back); the message names the file."""


class ChangedMeanwhile(TransactionFailed):
    """A file no longer holds what was read; nothing was written."""


class Change(Record):
    """One file of a change: its path, its new contents (None: the file is removed) and
    the bytes it had when it was read (None: do not compare)."""

    __slots__ = ("path", "data", "expected")
    _fields = ("path", "data", "expected")

    def __init__(self, path: Path, data: bytes | None, expected: bytes | None = None) -> None:
        self.path = path
        self.data = data
        self.expected = expected


class Style(FrozenRecord):
    """How one kind of file is written: ``temporary(path, data)`` makes a target's
    temporary (returns its name); ``unwritten`` ends the line of a change that wrote
    nothing, ``put_back`` that of one whose replaced files were put back; with
    ``refuse_copies`` nothing is written to a sync engine's conflict copy."""

    __slots__ = ("temporary", "unwritten", "put_back", "refuse_copies")
    _fields = ("temporary", "unwritten", "put_back", "refuse_copies")
    temporary: Callable[[Path, bytes], str]
    unwritten: str
    put_back: str
    refuse_copies: bool

    def __init__(self, temporary: Callable[[Path, bytes], str], unwritten: str,
                 put_back: str, refuse_copies: bool) -> None:
        object.__setattr__(self, "temporary", temporary)
        object.__setattr__(self, "unwritten", unwritten)
        object.__setattr__(self, "put_back", put_back)
        object.__setattr__(self, "refuse_copies", refuse_copies)


def write_all(changes: Sequence[Change], what: str = "change of several files",
              style: Style | None = None) -> None:
    """Write every change or none (see the module docstring); ``what`` names the change
    in the line said when a crashed one is finished later ("campaign award"); ``style``:
    how these files are written (:data:`DATA` when None)."""
    style = style or DATA
    journal.recover()        # a change a killed process left is finished first
    # A symbolic link is written through to its target (the link stays).
    changes = [Change(real_target(c.path), c.data, c.expected) for c in changes]
    seen: set[Path] = set()
    for change in changes:
        refused = refuse_conflict_copy(change.path) if style.refuse_copies else None
        if refused:
            raise TransactionFailed(refused)
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
            temps.append(None if change.data is None
                         else style.temporary(change.path, change.data))
    except OSError as exc:
        _remove(temps)
        failed = changes[len(temps)].path
        raise TransactionFailed(f"{failed}: cannot be written ({exc.strerror or exc}); "
                                f"{style.unwritten}") from None
    except BaseException:
        _remove(temps)
        raise
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

    with _critical():
        _replace(changes, temps, originals, entry, style)
    for change in changes:           # what this device wrote, kept outside the folder
        device_log.written(change.path, change.data)


def _replace(changes: Sequence[Change], temps: Sequence[str | None],
             originals: Sequence[bytes | None], entry: journal.Entry | None,
             style: Style) -> None:
    """Steps 5 and 6 (see the module docstring)."""
    done = 0
    try:
        for change, temp in zip(changes, temps):
            if temp is None:
                change.path.unlink(missing_ok=True)
            else:
                os.replace(temp, change.path)
                _forget(temp)
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
            message += f"; {style.put_back}"
            if entry is not None:
                entry.end()
        raise TransactionFailed(message) from None
    for folder in {c.path.parent for c in changes}:
        fsync_dir(folder)
    if entry is not None:
        entry.end()


def _originals(changes: Sequence[Change]) -> list[bytes | None]:
    """What each file holds now (None: no file), each checked against the bytes it had
    when it was read (ChangedMeanwhile: another program wrote it since)."""
    originals: list[bytes | None] = []
    for change in changes:
        if len(changes) == 1 and change.expected is None:
            originals.append(None)    # nothing to compare, no record, nothing to put back
            continue
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
        if temp is not None:
            _forget(temp)


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


# -- held temporaries and signals ----------------------------------------------------------------
_LOCK = threading.RLock()
_HELD: dict[str, int] = {}  # a held temporary's open (locked) descriptor, closed when it goes
_CRITICAL = [0]  # >0 while targets are being replaced: signals wait
_DEFERRED: list[int] = []


def write_held_temp(path: Path, data: bytes) -> str:
    """A temporary beside ``path`` holding ``data`` (``.NAME.XXXX.pdf-tmp``), kept open
    and locked until it replaces its target or is removed: a lock nobody holds marks
    the temporary of a process that was killed.  OSError when it cannot be written
    whole (nothing is left behind)."""
    refuse_read_only(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=LOCKED_TEMP_SUFFIX,
                                dir=path.parent)
    with _LOCK:
        _HELD[temp] = fd
    lock_temp(fd)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            if written <= 0:
                raise OSError(28, "nothing could be written")
            view = view[written:]
        os.fsync(fd)
        mode = kept_mode(path)   # an existing file keeps its permission bits
        os.fchmod(fd, new_file_mode() if mode is None else mode)
        if os.path.getsize(temp) != len(data):
            raise OSError(28, "the file came out shorter than written")
    except BaseException:
        _remove([temp])
        raise
    return temp


def live_temporaries() -> list[str]:
    """The held temporaries this process still has (tests)."""
    with _LOCK:
        return sorted(_HELD)


def _forget(temp: str) -> None:
    with _LOCK:
        fd = _HELD.pop(temp, None)
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def _remove_held() -> None:
    with _LOCK:
        for temp in list(_HELD):
            try:
                os.unlink(temp)
            except OSError:
                pass
            _forget(temp)


def _on_signal(signum: int, _frame: Any) -> None:
    if _CRITICAL[0]:
        _DEFERRED.append(signum)
        return
    _act_on(signum)


def _act_on(signum: int) -> None:
    """Remove every held temporary, then end as the signal asks (SIGINT: raise
    KeyboardInterrupt)."""
    _remove_held()
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


_GUARDED = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                 if hasattr(signal, name))


@contextlib.contextmanager
def signals_guarded() -> Iterator[None]:
    """While inside, SIGTERM/SIGINT/SIGHUP remove every held temporary before the process
    ends (SIGINT raises KeyboardInterrupt), and wait while targets are being replaced.
    Only the main thread can set signal handlers; elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for signum in _GUARDED:
        try:
            previous[signum] = signal.signal(signum, _on_signal)
        except (OSError, ValueError):
            pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _remove_held()


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """:func:`signals_guarded`, with a signal that comes only noted: it is acted on at
    the next :func:`check_signals` or when the block ends.  For work that must not be
    interrupted anywhere, such as Qt's and PySide's own Python while they start and
    paint (an exception raised inside them aborted or crashed the process)."""
    with signals_guarded(), _critical():
        yield


def check_signals() -> None:
    """A safe place inside :func:`signals_held`: a signal that came meanwhile is
    acted on now (SIGINT: KeyboardInterrupt), unless targets are being replaced."""
    if _DEFERRED and _CRITICAL[0] <= 1:
        signum = _DEFERRED.pop()
        _DEFERRED.clear()
        _act_on(signum)


@contextlib.contextmanager
def _critical() -> Iterator[None]:
    _CRITICAL[0] += 1
    try:
        yield
    finally:
        _CRITICAL[0] -= 1
        if not _CRITICAL[0] and _DEFERRED:
            signum = _DEFERRED.pop()
            _DEFERRED.clear()
            _on_signal(signum, None)


#: Data files: plain temporaries, the caller holds every file's lock.
DATA = Style(_write_temp, "nothing was written", "every file was put back as it was", True)
