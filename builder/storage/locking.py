"""Exclusive locks around every write of a character or campaign (filelock).

Two programs (two commands, a command and the window) that change the same
file one after the other must both see their change kept: each takes the
file's lock, reads, changes and writes while holding it, so the second waits
for the first and then works on what the first wrote.

The lock of ``NAME.json`` is the hidden file ``.NAME.json.lock`` beside the
file the name finally points to (a symbolic link and its target share one
lock).  The library never lists it (it lists ``*.json``).  A change of
several files takes their locks in one fixed order (sorted resolved paths),
so two such changes never wait for each other forever.

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
    """Another program held the file's lock for too long; the message names the file."""


def real_target(path: Path | str) -> Path:
    """The file ``path`` finally names (symbolic links followed), absolute."""
    return Path(os.path.realpath(os.path.abspath(path)))


def lock_path(path: Path | str) -> Path:
    target = real_target(path)
    return target.parent / f".{target.name}.lock"


def _lock_for(path: Path | str) -> FileLock:
    key = str(lock_path(path))
    with _guard:
        lock = _locks.get(key)
        if lock is None:
            lock = _locks[key] = FileLock(key, timeout=LOCK_TIMEOUT)
        return lock


@contextmanager
def locked(paths: Iterable[Path | str], timeout: float | None = None) -> Iterator[None]:
    """Hold the locks of every file in ``paths`` (sorted, each once).

    LockBusy if another program keeps one past ``timeout`` seconds.  A lock
    file that cannot be created (a read-only folder) is skipped: no write can
    happen there anyway, and the write reports why."""
    ordered = sorted({str(real_target(p)) for p in paths})
    with ExitStack() as stack:
        for target in ordered:
            lock = _lock_for(target)
            try:
                lock.acquire(timeout=LOCK_TIMEOUT if timeout is None else timeout)
            except Timeout:
                raise LockBusy(f"{target}: another program is changing it; try again "
                               f"when it is done") from None
            except OSError:
                # No lock file can be made there (a read-only folder): nothing can be
                # written there either, and the write says so in its own words.
                continue
            stack.callback(lock.release)
        yield
