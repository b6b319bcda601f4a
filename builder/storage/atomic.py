"""Atomic, deterministic file writes that leave files as the user left them.

A temporary file in the same folder, flushed and fsynced, then os.replace:
a crash mid-save never leaves a broken or empty file.

* A symbolic link is written through: the temporary file goes beside the
  link's final target and replaces the target; the link stays a link.
* An existing file keeps its permission bits; a new file gets the mode the
  user's umask gives (0644 under the usual 022), as every other program's.
* A file the user made read-only is refused (:class:`ReadOnlyTarget`), never
  replaced.
* Temporary files are named ``.NAME.RANDOM.PID.tmp``; they live beside their
  target only for the instant of the replace (os.replace stays on one file
  system).  Ones a killed writer left behind are removed by the next write to
  that folder: those of the file being written (its writer holds the file's
  lock, so no other writer of that file is half-way) and, for other files,
  those whose writer process is gone or that are older than
  :data:`STALE_AFTER` seconds; the next read of a file in that folder removes
  the same (:func:`sweep_folder`).  A live writer's temporary file of another
  file is never removed.
* A PDF export's temporaries (``.NAME.pdf.XXXX.pdf-tmp``) are held locked while their
  export lives; one nobody holds was left by a killed export and goes in the same sweeps.
* The hidden ``.NAME.lock`` files that earlier versions left beside a file are
  removed when that file is written next (locks live in the user's own
  folders now: builder/storage/locking.py).
"""
from __future__ import annotations

import errno
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
#: The suffix of the temporaries a PDF export writes (``.NAME.pdf.XXXX.pdf-tmp``): held
#: locked while their writer lives, so one nobody holds was left by a killed export.
LOCKED_TEMP_SUFFIX = ".pdf-tmp"


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


class ReadOnlyTarget(PermissionError):
    """The file exists and the user made it read-only: it is never replaced."""

    def __init__(self, target: Path) -> None:
        super().__init__(errno.EACCES, "is read-only; not replaced", str(target))
        self.target = target

    def __str__(self) -> str:
        return f"{self.target}: is read-only; not replaced"


def refuse_read_only(target: Path) -> None:
    """ReadOnlyTarget when ``target`` exists without write permission for its owner
    (chmod 444) or for us: a file someone made read-only is kept, whoever writes."""
    try:
        info = os.stat(target)
    except (OSError, ValueError):
        return
    if stat.S_ISREG(info.st_mode) and (not info.st_mode & stat.S_IWUSR
                                       or not os.access(target, os.W_OK)):
        raise ReadOnlyTarget(target)


def make_temp(target: Path) -> str:
    """A new temporary file beside ``target`` (returns its path).  ReadOnlyTarget when
    ``target`` is a file the user made read-only."""
    import tempfile  # here: the commands that only read (show, check...) never need it

    refuse_read_only(target)
    remove_legacy_lock(target)

    fd, temp = tempfile.mkstemp(prefix=temp_name_prefix(target), suffix=f".{os.getpid()}.tmp",
                                dir=target.parent)
    os.close(fd)
    return temp


def umask() -> int:
    """The process's umask (read where the system tells it without changing it)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    current = os.umask(0o022)
    os.umask(current)
    return current


def new_file_mode() -> int:
    """The mode a new file gets: what the umask leaves of 0666, as for any program."""
    return 0o666 & ~umask()


def fill_temp(temp: str, data: bytes, mode: int | None) -> None:
    """Write ``data`` into ``temp`` (flushed, fsynced) and give it ``mode`` (None: a new
    file's mode, :func:`new_file_mode`)."""
    with open(temp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(temp, new_file_mode() if mode is None else mode)


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
    removed.extend(remove_dead_locked_temps(folder))
    return removed


def is_locked_temp_name(name: str) -> bool:
    """A name an export's temporary has: ``.NAME.pdf.XXXX.pdf-tmp``."""
    return (name.startswith(".") and name.endswith(LOCKED_TEMP_SUFFIX)
            and ".pdf." in name[1:-len(LOCKED_TEMP_SUFFIX)].casefold())


def lock_temp(fd: int) -> bool:
    """Take ``fd``'s exclusive lock without waiting (True: taken, or no locks here)."""
    try:
        import fcntl
    except ImportError:  # no advisory locks on this system
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _owned_by_nobody(fd: int) -> bool:
    """Where locks cannot be asked, only a temporary an hour old counts as left over."""
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return time.time() - os.fstat(fd).st_mtime > 3600
    return True


def remove_dead_locked_temps(folder: Path) -> list[Path]:
    """Remove the export temporaries a killed export left in ``folder``: those no living
    export holds locked (a lock taken here fails for a live one, in this process too).
    The removed paths.  Never raises."""
    removed: list[Path] = []
    try:
        names = [entry.name for entry in os.scandir(folder)
                 if is_locked_temp_name(entry.name) and entry.is_file(follow_symlinks=False)]
    except OSError:
        return removed
    for name in names:
        path = folder / name
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            if lock_temp(fd) and _owned_by_nobody(fd):
                path.unlink()
                removed.append(path)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


_swept: set[str] = set()


def sweep_folder(folder: Path) -> None:
    """Remove what killed writers left in ``folder`` (:func:`remove_stale_temps`: never a
    live writer's file), once per folder per process: reading a file is the next
    command there too.  Never raises."""
    key = os.fspath(folder)
    if key in _swept:
        return
    _swept.add(key)
    remove_stale_temps(folder)


def legacy_lock(target: Path) -> Path:
    """Where earlier versions kept the lock of ``target``: a hidden file beside it."""
    return target.parent / f".{target.name}.lock"


def remove_legacy_lock(target: Path) -> None:
    """Remove the empty ``.NAME.lock`` an earlier version left beside ``target``, unless a
    program of that version holds it now.  Never raises."""
    old = legacy_lock(target)
    flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        info = os.lstat(old)
        if not stat.S_ISREG(info.st_mode) or info.st_size:
            return
        fd = os.open(old, flags)
    except (OSError, ValueError):
        return
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.unlink(old)
    except (ImportError, OSError):
        pass
    finally:
        os.close(fd)


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
