"""Reading a file the user named, without ever waiting on it or reading past a limit.

Only regular files are read as characters, campaigns, members, rule systems and
portraits.  A named pipe would block the reader for ever (and a writer holding
the file's lock with it), a device such as ``/dev/zero`` never ends, a
symbolic-link loop never resolves: each is refused at once, in words, before
anything is read.  The file is looked at with ``stat`` first (opening some
devices has effects) and opened non-blocking, then looked at again through the
open descriptor, so a file swapped in between is caught too; a file that grows
past the limit while it is read is refused as too large.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class Unreadable(Exception):
    """The file cannot be read as asked; ``str()`` says why, without the path (the
    caller names the file)."""


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


_REASONS = {errno.ENOENT: "no such file",
            errno.ELOOP: "is a symbolic link loop (it never reaches a file)",
            errno.ENAMETOOLONG: "its name is longer than the system allows",
            errno.ENOTDIR: "no such file (a part of its path is not a folder)"}


def reason_of(exc: OSError) -> str:
    """An OSError from looking at or reading a file, in words."""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    return f"cannot be read ({exc.strerror or exc})"


def read_regular(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed), at most
    ``limit`` of them.  Unreadable (the reason in words, e.g. "is a named pipe, not a
    character file") for anything else; never blocks."""
    return _read(path, limit, what, whole=True)


def read_start(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The first ``limit`` bytes of the regular file ``path``, however long it is (what
    it holds now, to compare with what was read); Unreadable as :func:`read_regular`
    for anything but a regular file; never blocks."""
    return _read(path, limit, what, whole=False)


def _read(path: Path | str, limit: int, what: str, whole: bool) -> bytes:
    try:
        info = os.stat(path)
    except OSError as exc:
        raise Unreadable(reason_of(exc)) from None
    except ValueError:  # a NUL character in the name
        raise Unreadable("not a valid file name") from None
    _check(info, limit if whole else None, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise Unreadable(reason_of(exc)) from None
    try:
        _check(os.fstat(fd), limit if whole else None, what)
        chunks: list[bytes] = []
        total = 0
        wanted = limit + 1 if whole else limit      # one byte more tells a file too large
        while total < wanted:
            chunk = os.read(fd, min(1 << 20, wanted - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if whole and total > limit:
            raise Unreadable(f"too large to be a {what} (more than {limit} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise Unreadable(reason_of(exc)) from None
    finally:
        os.close(fd)


def _check(info: os.stat_result, limit: int | None, what: str) -> None:
    kind = kind_of(info.st_mode)
    if kind is not None:
        raise Unreadable(f"is {kind}, not a {what}")
    if limit is not None and info.st_size > limit:
        raise Unreadable(f"too large to be a {what} ({info.st_size} bytes)")
