"""Exclusive locks around every write of a character or campaign (filelock).

Two programs (two commands, a command and the window) that change the same
file one after the other must both see their change kept: each takes the
file's lock, reads, changes and writes while holding it, so the second waits
for the first and then works on what the first wrote.

The lock of a file lives in the user's own locks folder
(:func:`builder.storage.paths.locks_dir`), never beside the file: a data folder
that a sync engine or git carries holds nothing but data.  It is keyed by the
file's resolved path (:func:`builder.storage.paths.lock_file`), so a symbolic
link and its target share one lock.  A change of several files takes their
locks in one fixed order (sorted resolved paths), so two such changes never
wait for each other forever.

A lock that cannot be taken is a refusal (:class:`LockBusy`, one line naming
the file and what holds it), never a write without a lock.

Locks are re-entrant within a process: a save inside a locked operation on
the same file does not wait for itself.
"""
from __future__ import annotations

import os
import threading
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Iterable, Iterator

from filelock import FileLock, Timeout

from builder.storage import paths

#: How long a command waits for another program to finish its change.
LOCK_TIMEOUT = 30.0

_locks: dict[str, FileLock] = {}
_guard = threading.Lock()


def _forget_locks_in_child() -> None:
    """A forked child holds none of its parent's locks: it starts with new ones."""
    global _guard
    _locks.clear()
    _guard = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_locks_in_child)


class LockBusy(Exception):
    """The file's lock cannot be had (another program keeps it, or the lock file cannot
    be made); the message names the file and what holds it, in one line."""


def real_target(path: Path | str) -> Path:
    """The file ``path`` finally names (symbolic links followed), absolute."""
    return Path(os.path.realpath(os.path.abspath(path)))


def lock_path(path: Path | str) -> Path:
    """The lock file of ``path`` (in the user's locks folder)."""
    return paths.lock_file(path)


def _lock_for(path: Path | str) -> FileLock:
    key = str(lock_path(path))
    with _guard:
        lock = _locks.get(key)
        if lock is None:
            lock = _locks[key] = FileLock(key, timeout=LOCK_TIMEOUT, mode=0o600)
        return lock


def holder_of(lock_file: Path) -> str | None:
    """Which process holds ``lock_file``, as "process PID (NAME)", where the system says
    (Linux lists every held lock in /proc/locks); None where it cannot be known."""
    try:
        info = os.stat(lock_file)
        with open("/proc/locks", encoding="ascii", errors="replace") as fh:
            rows = fh.read().splitlines()
    except (OSError, ValueError):
        return None
    wanted = f":{info.st_ino}"
    for row in rows:
        fields = row.split()
        # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF"
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5].endswith(wanted):
            device = fields[5].rsplit(":", 1)[0]
            if device != f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}":
                continue
            pid = fields[4]
            try:
                with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as fh:
                    name = fh.read().strip()
            except OSError:
                return f"process {pid}"
            return f"process {pid}, {name}" if name else f"process {pid}"
    return None


def _unavailable(target: str, lock_file: Path, exc: OSError) -> LockBusy:
    """The refusal for a lock file that cannot be opened or locked."""
    reason = exc.strerror or type(exc).__name__
    owner = ""
    try:
        uid = os.lstat(lock_file).st_uid
        if hasattr(os, "getuid") and uid != os.getuid():
            owner = f", it belongs to another user (uid {uid})"
    except OSError:
        pass
    return LockBusy(f"{target}: cannot be locked ({lock_file}: {reason}{owner}); "
                    f"nothing written")


@contextmanager
def locked(targets: Iterable[Path | str], timeout: float | None = None) -> Iterator[None]:
    """Hold the locks of every file in ``targets`` (sorted, each once).

    LockBusy if another program keeps one past ``timeout`` seconds, or when a lock
    cannot be taken at all (the locks folder cannot be made, the lock file belongs
    to another user or is not a plain file): nothing is written without a lock."""
    ordered = sorted({str(real_target(p)) for p in targets})
    with ExitStack() as stack:
        for target in ordered:
            lock = _lock_for(target)
            lock_file = Path(lock.lock_file)
            try:
                lock_file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                lock.acquire(timeout=LOCK_TIMEOUT if timeout is None else timeout)
            except Timeout:
                holder = holder_of(lock_file)
                who = f" ({holder})" if holder else ""
                raise LockBusy(f"{target}: another program is changing it{who}; try again "
                               f"when it is done") from None
            except OSError as exc:
                raise _unavailable(target, lock_file, exc) from None
            stack.callback(lock.release)
        yield
