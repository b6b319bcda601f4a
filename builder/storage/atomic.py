"""Atomic, deterministic file writes that leave files as the user left them.

A temporary file in the same folder, flushed and fsynced, then os.replace:
a crash mid-save never leaves a broken or empty file.

* A symbolic link is written through: the temporary file goes beside the
  link's final target and replaces the target; the link stays a link.
* An existing file keeps its permission bits (a new file is private, 0600).
* Temporary files are named ``.NAME.RANDOM.PID.tmp``.  Ones a killed writer
  left behind are removed by the next write to that folder: those of the file
  being written (its writer holds the file's lock, so no other writer of that
  file is half-way) and, for other files, those whose writer process is gone
  or that are older than :data:`STALE_AFTER` seconds.  A live writer's
  temporary file of another file is never removed.
"""
from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path
from typing import Any

from builder.storage import jsonio

#: A temporary file of ours this old is left over from a crash, whoever wrote it.
STALE_AFTER = 120.0
#: A temporary file whose writer process is gone is removed once this old (seconds).
DEAD_WRITER_AFTER = 2.0

_TEMP = re.compile(r"^\.(?P<name>.+?)\.[A-Za-z0-9_]{6,12}(?:\.(?P<pid>\d+))?\.tmp$")


def dumps(document: Any) -> str:
    """Deterministic standard JSON: sorted keys, indented, trailing newline.

    JsonProblem (a ValueError) for what standard JSON cannot hold (NaN,
    Infinity, lone surrogates): nothing non-standard is ever written."""
    return jsonio.dumps(document)


def real_target(path: Path | str) -> Path:
    """Where a write of ``path`` lands: its final target when it is a link."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def temp_name_prefix(target: Path) -> str:
    return f".{target.name}."


def make_temp(target: Path) -> str:
    """A new temporary file beside ``target`` (returns its path)."""
    import tempfile  # here: the commands that only read (show, check...) never need it

    fd, temp = tempfile.mkstemp(prefix=temp_name_prefix(target), suffix=f".{os.getpid()}.tmp",
                                dir=target.parent)
    os.close(fd)
    return temp


def fill_temp(temp: str, data: bytes, mode: int | None) -> None:
    with open(temp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    if mode is not None:
        os.chmod(temp, mode)


def kept_mode(target: Path) -> int | None:
    """The permission bits the file has now (None: a new file)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return None


def write_bytes_atomic(path: Path | str, data: bytes) -> None:
    target = real_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(target.parent, own=target.name)
    mode = kept_mode(target)
    temp = make_temp(target)
    try:
        fill_temp(temp, data, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    fsync_dir(target.parent)


def write_json_atomic(path: Path | str, document: Any) -> bytes:
    data = dumps(document).encode("utf-8")
    write_bytes_atomic(path, data)
    return data


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def remove_stale_temps(folder: Path, own: str | None = None) -> list[Path]:
    """Remove temporary files of ours that a killed writer left in ``folder``
    (see the module docstring); returns what was removed.  Never raises."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        match = _TEMP.match(entry.name)
        if not match:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        pid = int(match["pid"]) if match["pid"] else None
        if pid == os.getpid():
            continue
        if match["name"] == own:
            stale = True            # the caller holds this file's lock
        elif age > STALE_AFTER:
            stale = True
        else:
            stale = pid is not None and age > DEAD_WRITER_AFTER and not _pid_alive(pid)
        if stale:
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
