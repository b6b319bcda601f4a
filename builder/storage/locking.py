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

On Unix the lock is the system's own ``flock`` on that file, taken here
(:class:`_Flock`): the very lock filelock's UnixFileLock takes, so a program
using filelock and this one exclude each other.  Importing filelock 4 costs a
command about 18 ms (its logging, ``secrets``/OpenSSL, ``platform`` and
dataclasses), a fifth of a whole ``do``; it is imported only where the plain
``flock`` is not the answer: on Windows (LockFileEx), and on a file system that
has no ``flock`` (its soft-lock fallback).
"""
from __future__ import annotations

import errno
import os
import threading
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator

try:
    import fcntl
except ImportError:  # Windows: filelock's LockFileEx
    fcntl = None  # type: ignore[assignment]

#: How long a command waits for another program to finish its change.
LOCK_TIMEOUT = 30.0

#: Each thread's locks by lock file: a thread holds its own (its own open file), so two
#: threads of one program exclude each other as two programs do.
_threads = threading.local()


def _forget_locks_in_child() -> None:
    """A forked child holds none of its parent's locks: it starts with new ones."""
    global _threads
    _threads = threading.local()


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


#: How often a waiting command tries the lock again (filelock's own interval).
POLL_INTERVAL = 0.05
#: flock failing with these: the lock is held by another open file (try again later).
_HELD = frozenset({errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK})


def _filelock(path: str) -> Any:
    from filelock import FileLock

    return FileLock(path, timeout=LOCK_TIMEOUT)


class _Flock:
    """An exclusive ``flock`` on the lock file at ``path``, re-entrant in this process.

    ``acquire`` raises TimeoutError when another open file holds it past the timeout,
    OSError when the lock file cannot be opened or made (a read-only folder).  On a
    file system without ``flock`` it hands over to filelock (its soft lock)."""

    def __init__(self, path: str):
        self.path = path
        self._fd: int | None = None
        self._count = 0
        self._fallback: Any = None

    def acquire(self, timeout: float = LOCK_TIMEOUT) -> None:
        if self._fallback is not None:
            self._fallback.acquire(timeout=timeout)
            return
        if self._count:
            self._count += 1
            return
        deadline = time.monotonic() + timeout
        while True:
            fd = self._open()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno not in _HELD:
                    if exc.errno in (errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOLCK):
                        self._fallback = _filelock(self.path)  # no flock here
                        self._fallback.acquire(timeout=max(0.0, deadline - time.monotonic()))
                        return
                    raise
                if time.monotonic() >= deadline:
                    raise TimeoutError(self.path) from None
                time.sleep(POLL_INTERVAL)
                continue
            if self._still_there(fd):
                self._fd, self._count = fd, 1
                return
            os.close(fd)  # removed (or replaced) between our open and our lock: again

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            return os.open(self.path, flags, 0o644)
        except PermissionError:
            # Another user's lock file that we may not write: a lock needs only reading.
            return os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                           | getattr(os, "O_CLOEXEC", 0))

    def _still_there(self, fd: int) -> bool:
        """The file we locked is still the one at the path (everyone locks that one)."""
        try:
            at_path = os.stat(self.path, follow_symlinks=False)
        except FileNotFoundError:
            return False
        mine = os.fstat(fd)
        return (at_path.st_dev, at_path.st_ino) == (mine.st_dev, mine.st_ino)

    def release(self) -> None:
        if self._fallback is not None:
            self._fallback.release()
            return
        if self._count == 0:
            return
        self._count -= 1
        if self._count == 0 and self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)

    @property
    def is_locked(self) -> bool:
        if self._fallback is not None:
            return bool(self._fallback.is_locked)
        return self._count > 0


def _lock_for(path: Path | str) -> Any:
    key = str(lock_path(path))
    locks = getattr(_threads, "locks", None)
    if locks is None:
        locks = _threads.locks = {}
    lock = locks.get(key)
    if lock is None:
        lock = locks[key] = _Flock(key) if fcntl is not None else _filelock(key)
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
            except TimeoutError:  # filelock's Timeout is one too
                raise LockBusy(f"{target}: another program is changing it; try again "
                               f"when it is done") from None
            except OSError:
                # No lock file can be made there (a read-only folder): nothing can be
                # written there either, and the write says so in its own words.
                continue
            stack.callback(lock.release)
        yield
