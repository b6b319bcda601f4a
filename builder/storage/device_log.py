"""What this device wrote into each file, kept outside any shared folder.

A sync engine can lose a copy (a conflict copy pruned or deleted before it was taken
in, an older copy that wins and carries a file back to before the device's entries).
So each device keeps, in the user's state folder (``device-log/``, never in a shared
folder), every ledger entry and ruling it wrote and every entry it withdrew by an
undo, per file: one append-only JSON-lines log per file id and place.  Its first line
holds the file as it was when the device first wrote to it (all but its entry lists,
enough to rebuild the file from the entries; a line like it again whenever those keys
changed: renamed, notes edited; a ``.head`` file beside the log holds the latest
one's fingerprint), then one line per entry
(``{"entry": ...}``), per undo (``{"withdrawn": ...}``), and ``{"trashed": TIME}``
when the person moved the file to the library's trash (a deliberate deletion, never
undone).

Entries are noted when they are stamped (:func:`wrote`, :func:`withdrew`: kept in
memory) and written to the log only once a write of the file holding them succeeded
(:func:`written`, called by the file writers): an entry the rules or a failed write
threw away is never logged, and a dry run's or a refused change's is dropped at once
(:func:`thrown_away`).  Appending a line costs the same however long the log.

:mod:`builder.app.sync` (``restore_own``) reads the logs back and merges any entry
the shared file lacks into it.  A small ``.seen`` file beside each log remembers the
size and time of the shared file last found holding everything, so a check of a file
that did not change reads no log.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from builder.rules.entry_ids import canonical
from builder.rules.records import FrozenRecord
from builder.storage import jsonio
from builder.storage.paths import state_dir

FOLDER = "device-log"
SUFFIX = ".jsonl"
SEEN_SUFFIX = ".seen"
HEAD_SUFFIX = ".head"
#: The lists a file keeps its entries in: the log keeps the entries, not the lists.
_ENTRY_LISTS = ("ledger", "suspended", "revoked", "resolutions", "withdrawn")
ENTRY, WITHDRAWN, TRASHED = "entry", "withdrawn", "trashed"


class _Pending(FrozenRecord):
    """An entry stamped (or withdrawn) in this process, not yet in a written file."""

    _fields = ("file_id", "kind", "entry", "doc")
    __slots__ = _fields
    file_id: str
    kind: str
    entry: Mapping[str, Any]
    doc: Mapping[str, Any]

    def __init__(self, file_id: str, kind: str, entry: Mapping[str, Any],
                 doc: Mapping[str, Any]) -> None:
        object.__setattr__(self, "file_id", file_id)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "doc", doc)


#: By file id, then by entry id (a withdrawal by "-" + id): what the next successful
#: write of the file may log.
_pending: dict[str, dict[str, _Pending]] = {}


def log_folder() -> Path:
    return state_dir() / FOLDER


def _path_key(path: Path | str) -> str:
    resolved = os.path.realpath(os.path.abspath(path))
    import hashlib  # when a digest is made (docs/dev/performance.md, hashlib)

    return hashlib.sha256(os.fsencode(resolved)).hexdigest()[:16]


def log_file(path: Path | str, file_id: str) -> Path:
    """The log of the file ``file_id`` at ``path`` (its place leads the name, so the
    logs of one place are found without reading them)."""
    return log_folder() / f"{_path_key(path)}-{file_id}{SUFFIX}"


def _note(key: str, kind: str, doc: Mapping[str, Any], entry: Mapping[str, Any]) -> None:
    file_id = doc.get("id")
    entry_id = entry.get("id")
    if isinstance(file_id, str) and file_id and isinstance(entry_id, str) and entry_id:
        _pending.setdefault(file_id, {})[key + entry_id] = _Pending(file_id, kind, entry, doc)


def wrote(doc: Mapping[str, Any], entry: Mapping[str, Any]) -> None:
    """Note an entry this device stamped for ``doc`` (logged once it is written)."""
    _note("", ENTRY, doc, entry)


def withdrew(doc: Mapping[str, Any], entry: Mapping[str, Any]) -> None:
    """Note an entry this device withdrew from ``doc`` by an undo."""
    _note("-", WITHDRAWN, doc, entry)


def _header(doc: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in _ENTRY_LISTS}


def _holds(data: bytes, pending: _Pending) -> bool:
    """Do the bytes written hold the pending entry (a withdrawn one: among the
    withdrawn entries, which the canonical layout writes last)?"""
    needle = canonical(pending.entry.get("id")).encode("utf-8")
    if pending.kind == WITHDRAWN:
        start = data.rfind(b'"withdrawn"')
        return start >= 0 and data.find(needle, start) >= 0
    return needle in data


@contextmanager
def thrown_away(always: bool = True) -> Iterator[None]:
    """The entries stamped inside wait for no write: always (a dry run, a change made to
    be looked at, as a dialog checks what an award would do while its fields are typed),
    or when it raises (a refused change: nothing of it is written)."""
    before = {file_id: set(entries) for file_id, entries in _pending.items()}
    raised = True
    try:
        yield
        raised = False
    finally:
        if always or raised:
            for file_id in list(_pending):
                entries = _pending[file_id]
                for key in set(entries) - before.get(file_id, set()):
                    del entries[key]
                if not entries:
                    del _pending[file_id]


def written(target: Path | str, data: bytes | None) -> None:
    """A file was written: the pending entries it holds go to its log.  Never raises
    (the log is a safety net: a full state folder must not fail the write)."""
    if not _pending or data is None:
        return
    by_log: dict[Path, list[_Pending]] = {}
    # Only the pending entries of a file whose id the bytes hold: what other files have
    # pending is not searched.
    for file_id in [f for f in _pending if canonical(f).encode("utf-8") in data]:
        entries = _pending[file_id]
        for key in [k for k, p in entries.items() if _holds(data, p)]:
            by_log.setdefault(log_file(target, file_id), []).append(entries.pop(key))
        if not entries:
            del _pending[file_id]
    for log, items in by_log.items():
        header = _header(items[0].doc)
        lines: list[Mapping[str, Any]] = []
        if _header_changed(log, header):     # new, or renamed, notes edited...
            lines.append({"file": header, "path": os.path.abspath(target)})
        lines += [{p.kind: p.entry} for p in items]
        _append(log, lines)


def _header_changed(log: Path, header: Mapping[str, Any]) -> bool:
    """Does the log lack this header as its latest (a ``.head`` file beside it holds
    the latest header's fingerprint)?  The fingerprint is kept for next time."""
    from builder.rules.entry_ids import digest

    now = digest(header)
    mark = log.with_suffix(HEAD_SUFFIX)
    try:
        if log.exists() and mark.read_text("ascii") == now:
            return False
    except (OSError, ValueError):
        pass
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        mark.write_text(now, "ascii")
    except OSError:
        pass
    return True


def _append(log: Path, lines: Iterable[Mapping[str, Any]]) -> None:
    text = "".join(canonical(line) + "\n" for line in lines)
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        # Not fsynced: the shared file itself was (it holds the entries); the log is for
        # a copy a sync engine loses later, by when the system has written it out.
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(text)
    except (OSError, ValueError):
        pass


def trashed(paths: Iterable[Path | str], when: str) -> None:
    """The person moved these files to the library's trash: their logs say so, and a
    file missing from its place is then not rebuilt."""
    for path in paths:
        for log in sorted(log_folder().glob(f"{_path_key(path)}-*{SUFFIX}")):
            _append(log, [{TRASHED: when}])


def moved(old: Path | str, new: Path | str, when: str) -> None:
    """The file at ``old`` was taken into the file at ``new`` (a copy of it under
    another name, every entry of it checked to be there) and removed: what this device
    wrote into it and withdrew from it is logged for ``new`` from now on, and the file
    missing from ``old`` is not rebuilt."""
    for log in sorted(log_folder().glob(f"{_path_key(old)}-*{SUFFIX}")):
        found = read(log)
        if found is None or found.trashed:
            continue
        target = log_file(new, found.file_id)
        lines: list[Mapping[str, Any]] = [] if target.exists() else [
            {"file": found.header, "path": os.path.abspath(new)}]
        lines += [{ENTRY: e} for e in found.entries]
        lines += [{WITHDRAWN: e} for e in found.withdrawn]
        _append(target, lines)
        _append(log, [{TRASHED: when}])


class Log:
    """A file's log read back: where the file is, what it was, what this device wrote
    into it and withdrew from it, and whether the person trashed it since."""

    __slots__ = ("log", "path", "header", "entries", "withdrawn", "trashed")

    def __init__(self, log: Path, path: Path, header: dict[str, Any]) -> None:
        self.log, self.path, self.header = log, path, header
        self.entries: list[dict[str, Any]] = []
        self.withdrawn: list[dict[str, Any]] = []
        self.trashed = False

    @property
    def file_id(self) -> str:
        return str(self.header.get("id", ""))


def logs() -> list[Path]:
    try:
        return sorted(p for p in log_folder().iterdir() if p.name.endswith(SUFFIX))
    except OSError:
        return []


def logs_of(file_id: str) -> list[Path]:
    """The logs of the file ``file_id`` wherever it was (found by their names)."""
    ending = f"-{file_id}{SUFFIX}"
    return [log for log in logs() if log.name.endswith(ending)]


def place(log: Path) -> Path | None:
    """The file a log is about (its first line; None: an unreadable log)."""
    try:
        with open(log, "rb") as fh:
            first = jsonio.loads(fh.readline())
    except (OSError, ValueError):
        return None
    path = first.get("path") if isinstance(first, dict) else None
    return Path(path) if isinstance(path, str) and path else None


def ends_trashed(log: Path) -> bool:
    """Is the log's last line the note that the file was trashed (read from its end)?"""
    try:
        with open(log, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - 256))
            tail = fh.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
        line = jsonio.loads(tail)
    except (OSError, ValueError):
        return False
    return isinstance(line, dict) and TRASHED in line


def read(log: Path) -> Log | None:
    """A log read back (None: unreadable; a torn last line is skipped)."""
    try:
        lines = log.read_bytes().splitlines()
    except OSError:
        return None
    result: Log | None = None
    for raw in lines:
        try:
            line = jsonio.loads(raw)
        except ValueError:
            continue
        if not isinstance(line, dict):
            continue
        header, path = line.get("file"), line.get("path")
        if result is None or isinstance(header, dict):     # the latest header counts
            if not isinstance(header, dict) or not isinstance(path, str):
                return None
            if result is None:
                result = Log(log, Path(path), header)
            result.header = header
        elif isinstance(line.get(ENTRY), dict):
            result.entries.append(line[ENTRY])
            result.trashed = False
        elif isinstance(line.get(WITHDRAWN), dict):
            result.withdrawn.append(line[WITHDRAWN])
        elif TRASHED in line:
            result.trashed = True
    return result


def _fingerprint(log: Path, path: Path) -> str | None:
    try:
        own, there = os.stat(log), os.stat(path)
    except OSError:
        return None
    return f"{own.st_size} {there.st_size} {there.st_mtime_ns} {there.st_ino}"


def unchanged(log: Path, path: Path) -> bool:
    """Was the file found holding everything of the log since either last changed?"""
    now = _fingerprint(log, path)
    try:
        return now is not None and log.with_suffix(SEEN_SUFFIX).read_text("ascii") == now
    except (OSError, ValueError):
        return False


def seen(log: Path, path: Path) -> None:
    """Remember that the file holds everything of the log, as it is now."""
    now = _fingerprint(log, path)
    if now is None:
        return
    try:
        log.with_suffix(SEEN_SUFFIX).write_text(now, "ascii")
    except OSError:
        pass
