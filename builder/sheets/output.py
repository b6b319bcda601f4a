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
* :func:`write_outputs` writes every file or none through storage's one multi-file
  writer (:func:`builder.storage.transaction.write_all`, journalled across a crash):
  each content goes to a temporary file beside its target (written, flushed, fsynced:
  a full disk fails here, before any target is touched), then the temporaries replace
  their targets; a replace that fails puts the targets already replaced back.  A
  temporary never outlives the process: failures remove them, and
  :func:`signals_guarded` removes them on SIGTERM/SIGINT/SIGHUP too (and holds such a
  signal back while the targets are being replaced, so an export is never
  half-replaced by Ctrl+C).  A temporary is held open and locked while it lives, so
  one whose lock nobody holds is a killed export's: the next write into the folder
  removes those (:func:`remove_stale_temporaries`, and the writer itself).
"""
from __future__ import annotations

import contextlib
import os
import re
import stat
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from builder.storage import transaction
from builder.storage.atomic import LOCKED_TEMP_SUFFIX, remove_dead_locked_temps
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


# -- writing ------------------------------------------------------------------------------------
#: How a temporary is made (a seam the signal tests slow down).
_write_temp = transaction.write_held_temp
signals_guarded = transaction.signals_guarded
signals_held = transaction.signals_held
check_signals = transaction.check_signals
live_temporaries = transaction.live_temporaries


def _temporary(path: Path, data: bytes) -> str:
    return _write_temp(path, data)


#: Exported sheets: no lock on the target, held temporaries, the export's wording.
PDFS = transaction.Style(_temporary, "nothing changed", "nothing changed", False)


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporaries an export killed mid-write left in ``folder`` (a kill -9
    gives it no chance to): those no living export holds locked.  The removed paths.
    (Storage's sweep of a folder removes them too: any command that reads or writes
    there.)"""
    live = set(live_temporaries())
    return [p for p in remove_dead_locked_temps(folder) if str(p) not in live]


def write_outputs(outputs: Mapping[Path, bytes]) -> None:
    """Write every PDF or none (see the module docstring).  ExportFailed names the file."""
    items = [(Path(path), data) for path, data in outputs.items()]
    for path, data in items:
        if not looks_like_pdf(data):
            raise ExportFailed(f"{path}: the PDF writer failed (it produced "
                               f"{'nothing' if not data else 'an incomplete file'}); "
                               "nothing written")
        check_target(path)
    try:
        transaction.write_all([transaction.Change(path, data) for path, data in items],
                              "export of sheets", PDFS)
    except transaction.TransactionFailed as exc:
        raise ExportFailed(str(exc)) from None
