"""Where exported sheets go and how they reach the disk (no Qt here).

One policy, used by ``export-pdf`` and by the window's Export PDF:

* ``OUT`` ending in ``.pdf`` (and not an existing folder) is one file holding every
  character; it is replaced when it exists (``-o FILE`` means "write FILE").
* An existing folder, or a name ending in ``/``, is a folder with one PDF per
  character, named after the character (:func:`pdf_file_stem`, cut at a word
  boundary); two characters of the same name in one export get ``Name.pdf`` and
  ``Name-2.pdf``; a PDF of that name already in the folder is replaced (exporting
  again refreshes the sheets).  Only the folder named is made, never its parents.
  Anything else is refused (:func:`builder.app.export.target_kind`).
* An existing PDF without write permission is refused, never replaced
  (:func:`check_target`), and so is a folder where a file is expected.
* :func:`write_outputs` writes every file or none: each content goes to a temporary
  file beside its target (written, flushed, fsynced: a full disk fails here, before
  any target is touched), then the temporaries replace their targets; a replace that
  fails puts the targets already replaced back.  A temporary never outlives the
  process: failures remove them, and :func:`signals_guarded` removes them on
  SIGTERM/SIGINT/SIGHUP too (and holds such a signal back while the targets are
  being replaced, so an export is never half-replaced by Ctrl+C).  A temporary is
  held open and locked while it lives, so one whose lock nobody holds is a killed
  export's: :func:`remove_stale_temporaries` removes those before the next export
  into the folder.
"""
from __future__ import annotations

import contextlib
import os
import re
import signal
import stat
import tempfile
import threading
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from builder.storage.atomic import (LOCKED_TEMP_SUFFIX, fsync_dir, lock_temp,
                                    remove_dead_locked_temps)
from builder.storage.files import FileProblem

#: Longest file-name stem made from a character's name (characters, not bytes).
STEM_LIMIT = 60
TEMP_SUFFIX = LOCKED_TEMP_SUFFIX

_UNSAFE = re.compile(r"[^\w\- ]+", re.UNICODE)


class ExportFailed(FileProblem):
    """Nothing was written (or everything was put back); the message names the file."""


# -- names ---------------------------------------------------------------------------------
def is_single_file(out: str | os.PathLike[Any]) -> bool:
    """``OUT`` names one PDF (rather than a folder of PDFs, one per character)."""
    text = os.fspath(out)
    if text.endswith(("/", os.sep)):
        return False
    path = Path(text)
    if path.is_dir():
        return False
    return path.suffix.lower() == ".pdf"


def pdf_file_stem(name: str, limit: int = STEM_LIMIT) -> str:
    """A file-name stem from a character's name: letters, digits, ``-`` and ``_``
    (any script), words joined by ``-``, cut after the last whole word that fits in
    ``limit`` characters (a single longer word is cut at ``limit``)."""
    words = _UNSAFE.sub("", name or "").split()
    stem = "-".join(words)
    if len(stem) > limit:
        cut = stem[:limit + 1].rfind("-")
        stem = stem[:cut] if cut > 0 else stem[:limit]
    return stem.strip("-") or "character"


def folder_file_names(names: Sequence[str]) -> list[str]:
    """One file name per character (see the module docstring)."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        stem = pdf_file_stem(name)
        count = seen.get(stem.casefold(), 0) + 1
        seen[stem.casefold()] = count
        result.append(f"{stem}.pdf" if count == 1 else f"{stem}-{count}.pdf")
    return result


def check_folder(folder: Path) -> None:
    """The folder exists (made when missing, not its parents) and is a folder."""
    if folder.exists() and not folder.is_dir():
        raise ExportFailed(f"{folder}: is a file, not a folder")
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise ExportFailed(f"{folder}: cannot be created ({exc.strerror or exc})") from None


@contextlib.contextmanager
def removed_when_failed(folders: Sequence[Path]) -> Iterator[None]:
    """Folders made for an export are removed again (when empty) if it fails."""
    try:
        yield
    except BaseException:
        for folder in folders:
            try:
                folder.rmdir()
            except OSError:
                pass
        raise


def check_target(path: Path) -> None:
    """Refuse a target that must not be replaced: a folder, or a read-only file."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ExportFailed(f"{path}: cannot be checked ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise ExportFailed(f"{path}: is a folder, not a PDF file")
    # The permission bits, not os.access: the superuser may write anything, but a
    # file someone made read-only is kept whoever runs the export.
    if not info.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
        raise ExportFailed(f"{path}: is read-only; not replaced")


def looks_like_pdf(data: bytes) -> bool:
    """A complete PDF: the header, and the end-of-file marker near the end."""
    return data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]


# -- temporaries and signals ------------------------------------------------------------------
_LOCK = threading.RLock()
_TEMPS: set[str] = set()
_HELD: dict[str, int] = {}  # a temporary's open (locked) descriptor, closed when it goes
_CRITICAL = [0]  # >0 while targets are being replaced: signals wait
_DEFERRED: list[int] = []


def _release(name: str) -> None:
    fd = _HELD.pop(name, None)
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def _remove_temps() -> None:
    with _LOCK:
        for name in list(_TEMPS):
            try:
                os.unlink(name)
            except OSError:
                pass
            _TEMPS.discard(name)
            _release(name)


def live_temporaries() -> list[str]:
    """The temporary files an export in this process still holds (tests)."""
    return sorted(_TEMPS)


def _on_signal(signum: int, _frame: Any) -> None:
    if _CRITICAL[0]:
        _DEFERRED.append(signum)
        return
    _remove_temps()
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


_GUARDED = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                 if hasattr(signal, name))


@contextlib.contextmanager
def signals_guarded() -> Iterator[None]:
    """While inside, SIGTERM/SIGINT/SIGHUP remove every temporary of an export before
    the process ends (SIGINT raises KeyboardInterrupt).  Only the main thread can set
    signal handlers; elsewhere this does nothing."""
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
        _remove_temps()


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


# -- writing ------------------------------------------------------------------------------------
def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_temp(path: Path, data: bytes) -> str:
    """A temporary beside ``path`` holding ``data``, kept open and locked until it
    replaces its target or is removed: a lock nobody holds marks the temporary of a
    process that was killed (:func:`remove_stale_temporaries`)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    with _LOCK:
        _TEMPS.add(tmp)
        _HELD[tmp] = fd
    lock_temp(fd)
    try:
        _fill(fd, path, data)
    except BaseException:
        _unlink(tmp)
        _forget(tmp)
        raise
    if os.path.getsize(tmp) != len(data):
        _unlink(tmp)
        _forget(tmp)
        raise OSError(28, "the file came out shorter than written")
    return tmp


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporaries an export killed mid-write left in ``folder`` (a kill -9
    gives it no chance to): those no living export holds locked.  The removed paths.
    (Storage's sweep of a folder removes them too: any command that reads or writes
    there.)"""
    return [p for p in remove_dead_locked_temps(folder) if str(p) not in _TEMPS]


def _fill(fd: int, path: Path, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(28, "nothing could be written")
        view = view[written:]
    os.fsync(fd)
    try:  # an existing PDF keeps its permission bits; a new one gets the usual ones
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    os.fchmod(fd, mode)


def _forget(tmp: str) -> None:
    with _LOCK:
        _TEMPS.discard(tmp)
        _release(tmp)


def write_outputs(outputs: Mapping[Path, bytes]) -> None:
    """Write every PDF or none (see the module docstring).  ExportFailed names the file."""
    items = [(Path(path), data) for path, data in outputs.items()]
    for path, data in items:
        if not looks_like_pdf(data):
            raise ExportFailed(f"{path}: the PDF writer failed (it produced "
                               f"{'nothing' if not data else 'an incomplete file'}); "
                               "nothing written")
        check_target(path)
    temps: list[str] = []
    current = None
    try:
        for path, data in items:
            current = path
            temps.append(_write_temp(path, data))
    except OSError as exc:
        for tmp in temps:
            _unlink(tmp)
        _remove_temps_of(temps)
        raise ExportFailed(f"{current}: cannot be written ({exc.strerror or exc}); "
                           "nothing changed") from None
    except BaseException:
        for tmp in temps:
            _unlink(tmp)
        _remove_temps_of(temps)
        raise
    with _critical():
        originals: list[tuple[Path, bytes | None]] = []
        done = 0
        try:
            for (path, _data), tmp in zip(items, temps):
                current = path
                try:
                    original = path.read_bytes() if len(items) > 1 else None
                except FileNotFoundError:
                    original = None
                originals.append((path, original))
                os.replace(tmp, path)
                _forget(tmp)
                done += 1
        except OSError as exc:
            for tmp in temps[done:]:
                _unlink(tmp)
            _remove_temps_of(temps)
            _put_back(originals[:done])
            raise ExportFailed(f"{current}: cannot be written ({exc.strerror or exc}); "
                               "nothing changed") from None
    for folder in {path.parent for path, _data in items}:
        fsync_dir(folder)


def _put_back(originals: list[tuple[Path, bytes | None]]) -> None:
    for path, original in originals:
        try:
            if original is None:
                path.unlink()
            else:
                tmp = _write_temp(path, original)
                os.replace(tmp, path)
                _forget(tmp)
        except OSError:
            pass


def _unlink(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def _remove_temps_of(temps: list[str]) -> None:
    with _LOCK:
        for tmp in temps:
            _TEMPS.discard(tmp)
            _release(tmp)
