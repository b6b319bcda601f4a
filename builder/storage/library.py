"""The character library: the files in the user data folder, and the file
operations the library offers (duplicate, trash and restore, import, save a
copy).  Pure Python, no Qt: the application layer (:mod:`builder.app.library`)
holds the policy over them (all or nothing, the member guard); renaming is a
character change (:func:`builder.app.characters.rename`).

Every write is atomic (a temporary file in the same folder, then os.replace),
so a crash never leaves a half-written character.  Trash is a folder in the
user data folder; each trashed file has a ``.trashinfo`` JSON sidecar naming
where it came from, so it can be restored in a later session too.
"""
from __future__ import annotations

import json
import os
import time
from sys import intern
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from builder.rules.records import Record
from builder.storage.conflicts import is_data_file, known_copies
from builder.storage.paths import characters_dir, trash_dir

if TYPE_CHECKING:
    from builder.storage.files import CharacterFile, FileProblem

# The start-up path (scan_library over a cached index) imports only this module,
# builder.storage.paths and json (not even datetime); the rest of storage (files,
# atomic writes, the rules) is imported inside the functions that need it.


def FileProblemType() -> type[FileProblem]:  # noqa: N802 - returns the exception class, imported lazily
    from builder.storage.files import FileProblem

    return FileProblem


def library_folders() -> list[Path]:
    """Where the library's characters are: the data folder's characters folder first,
    then every folder added to the library (:mod:`builder.storage.folders`)."""
    from builder.storage.folders import extra_folders

    folders = [characters_dir()]
    for folder in extra_folders():
        if folder not in folders:
            folders.append(folder)
    return folders


def _scan_folder() -> list[tuple[Path, list[int] | None]]:
    """(path, [mtime_ns, size]) of every ``*.json`` entry in the library's folders
    (:func:`library_folders`, each by name) that is not a folder: one directory read and
    one stat per file (it runs for every library refresh, on 10,000 files too).  A
    named pipe, a link loop or a link to nothing is listed too (its stamp None when it
    has none): reading it says why it is no character."""
    scanned: list[tuple[Path, list[int] | None]] = []
    for folder in library_folders():
        found: list[tuple[str, list[int] | None]] = []
        try:
            with os.scandir(folder) as it:
                for item in it:
                    if not is_data_file(item.name):
                        continue
                    try:
                        if item.is_dir():
                            continue
                        st = item.stat()
                        found.append((item.name, [st.st_mtime_ns, st.st_size]))
                    except OSError:
                        found.append((item.name, None))
        except OSError:
            continue
        found.sort()
        copies = known_copies(folder)       # copies of a file beside them: not listed
        scanned += [(folder / name, stamp) for name, stamp in found
                    if not (name in copies and copies[name] == stamp)]
    return scanned


def list_library() -> list[Path]:
    return [path for path, _stamp in _scan_folder()]

TRASH_INFO_SUFFIX = ".trashinfo"


class LibraryEntry(Record):
    """One row of the library: what the list shows without opening the editor."""

    _fields = ("path", "name", "ruleset_id", "ruleset_title", "headline", "modified",
               "problem")
    _repr_fields = ("path", "name", "problem")
    __slots__ = _fields

    def __init__(self, path: Path, name: str, ruleset_id: str = "", ruleset_title: str = "",
                 headline: dict[str, Any] | None = None, modified: float = 0.0,
                 problem: str | None = None):
        self.path = path
        self.name = name
        self.ruleset_id = ruleset_id
        self.ruleset_title = ruleset_title
        self.headline = dict(headline or {})
        self.modified = modified
        self.problem = problem

    @property
    def headline_text(self) -> str:
        return " · ".join(f"{label} {value}" for label, value in self.headline.items())

    @property
    def modified_iso(self) -> str:
        from datetime import datetime, timezone

        return datetime.fromtimestamp(self.modified, tz=timezone.utc).isoformat()


def read_entry(path: Path | str) -> LibraryEntry:
    """Summarise one character file; a broken file gives an entry with ``problem`` set.

    This is the start-up path for every file in the library, so it stays light:
    plain JSON parsing, the ruleset's replay and headline (the full schema check
    happens when the character is opened).
    """
    from builder.rules.base import RulesError
    from builder.storage.rulesets import load_ruleset

    from builder.storage import jsonio
    from builder.storage.reading import Unreadable, read_regular, reason_of

    path = Path(path)
    try:
        st = path.stat()
        modified = st.st_mtime_ns / 1e9   # as the index has it
    except OSError as exc:
        return LibraryEntry(path, path.stem, problem=reason_of(exc))

    try:
        doc = jsonio.loads(read_regular(path, jsonio.MAX_DOCUMENT_BYTES, "character file"))
    except Unreadable as why:
        return LibraryEntry(path, path.stem, modified=modified, problem=str(why))
    except jsonio.JsonProblem as problem:
        return LibraryEntry(path, path.stem, modified=modified,
                            problem=f"not a readable character file ({problem})")
    if not isinstance(doc, dict) or doc.get("kind", "character") != "character":
        return LibraryEntry(path, path.stem, modified=modified, problem="not a character file")
    name = str(doc.get("name") or path.stem)
    rid = str(doc.get("ruleset", ""))
    entry = LibraryEntry(path, name, ruleset_id=rid, ruleset_title=rid, modified=modified)
    try:
        ruleset = load_ruleset(rid)
    except (RulesError, OSError, ValueError):
        entry.problem = f"unknown ruleset '{rid}'"
        return entry
    entry.ruleset_id = ruleset.id
    entry.ruleset_title = ruleset.title or ruleset.id
    try:
        from builder.rules.engine import replay

        result = replay(ruleset, doc["baseline"], list(doc["ledger"]))
        entry.headline = dict(ruleset.headline(result.state))
        if result.problems:
            entry.problem = "has ledger problems (open it to see them)"
    except Exception as exc:  # a hand-edited file the ruleset cannot make sense of
        entry.problem = f"cannot be replayed ({exc})"
    return entry


CACHE_VERSION = 4   # 4: rows keyed by path (the library has several folders)


def index_path() -> Path:
    """Where the library's index lives (see :func:`scan_library`): only an index,
    deleting it costs time, never data."""
    from builder.storage.paths import cache_dir

    return cache_dir() / "library-index.json"


def _stamp(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size]


def _override_stamp(ruleset_id: str) -> list[int] | None:
    from builder.storage.paths import overrides_dir

    return _stamp(overrides_dir() / f"{ruleset_id}.json") if ruleset_id else None


class IndexScan:
    """One look at the library through its index, in two steps: :func:`begin_scan`
    gives every file with what the index knows about it (``entries``; ``None`` where
    the file is new or changed, listed in ``stale``), then :meth:`read` summarises
    each stale file and :meth:`save` writes the index back.  The Qt layer reads the
    stale files on a worker thread (each call touches only its own row)."""

    def __init__(self, scanned: list[tuple[Path, list[int] | None]], old: dict[str, Any],
                 folder: str, cache_file: Path,
                 known: dict[str, tuple[list[int], list[int] | None, LibraryEntry]] | None = None):
        self.paths = [path for path, _stamp in scanned]
        self._stamps = [stamp for _path, stamp in scanned]
        self.entries: list[LibraryEntry | None] = []
        self.stale: list[int] = []
        self._folder = folder
        self._cache_file = cache_file
        self._overrides: dict[str, list[int] | None] = {}
        self._dirty = len(old if known is None else known) != len(scanned)
        for i, (path, stamp) in enumerate(scanned):
            if known is not None:
                entry = self._from_known(known.get(str(path)), stamp)
            else:
                # (each row leaves the parsed index as it becomes an entry: on a big
                # library the two would otherwise be in memory at once; save() writes
                # the entries)
                entry = self._from_index(old.pop(str(path), None), path, stamp)
            self.entries.append(entry)
            if entry is None:
                self.stale.append(i)

    def _override(self, rid: str) -> list[int] | None:
        if rid not in self._overrides:
            self._overrides[rid] = _override_stamp(rid)
        return self._overrides[rid]

    def _from_index(self, row: Any, path: Path, stamp: list[int] | None) -> LibraryEntry | None:
        if not (isinstance(row, dict) and stamp is not None and row.get("stamp") == stamp
                and row.get("override") == self._override(row.get("ruleset_id", ""))):
            return None
        try:
            # the ruleset's id, title and figure labels repeat in every row: one string each
            entry = LibraryEntry(path, row["name"], intern(row["ruleset_id"]),
                                 intern(row["ruleset_title"]),
                                 {intern(label): value for label, value in row["headline"]},
                                 stamp[0] / 1e9, row["problem"])
        except (KeyError, TypeError, ValueError):
            return None
        return entry

    def _from_known(self, known: tuple[list[int], list[int] | None, LibraryEntry] | None,
                    stamp: list[int] | None) -> LibraryEntry | None:
        if known is None or stamp is None or known[0] != stamp:
            return None
        entry = known[2]
        return entry if known[1] == self._override(entry.ruleset_id) else None

    def known(self) -> dict[str, tuple[list[int], list[int] | None, LibraryEntry]]:
        """Every file summarised now, by name: its stamp, its ruleset's override stamp
        then, its entry (what :func:`rescan` starts from)."""
        return {str(path): (stamp, self._override(entry.ruleset_id), entry)
                for path, stamp, entry in zip(self.paths, self._stamps, self.entries)
                if entry is not None and stamp is not None}

    def placeholder(self, i: int) -> LibraryEntry:
        """What a stale file shows until it is read: its file name and time."""
        stamp = self._stamps[i]
        return LibraryEntry(self.paths[i], self.paths[i].stem,
                            modified=stamp[0] / 1e9 if stamp else 0.0)

    def read(self, i: int) -> LibraryEntry:
        """Summarise stale file ``i`` (its entry is set and remembered for the index)."""
        entry = read_entry(self.paths[i])
        self.entries[i] = entry
        self._dirty = True
        return entry

    def _rows(self) -> dict[str, dict[str, Any]]:
        """The index's rows: every file summarised now (from the index or read), keyed
        by file name; a file not read yet (or that could not be stat'ed) has none."""
        rows: dict[str, dict[str, Any]] = {}
        for path, stamp, entry in zip(self.paths, self._stamps, self.entries):
            if entry is None or stamp is None:
                continue
            rows[str(path)] = {"stamp": stamp, "name": entry.name,
                               "ruleset_id": entry.ruleset_id,
                               "ruleset_title": entry.ruleset_title,
                               "headline": [[k, v] for k, v in entry.headline.items()],
                               "problem": entry.problem,
                               "override": self._override(entry.ruleset_id)}
        return rows

    def save(self) -> None:
        """Write the index when anything changed (an index we cannot write only costs
        time)."""
        if not self._dirty:
            return
        from builder.storage.atomic import write_bytes_atomic

        try:
            # Plain JSON: an index of our own (its stamps are nanosecond times, past the
            # numbers a user's file may hold), never a file a user edits.
            write_bytes_atomic(self._cache_file, json.dumps({
                "version": CACHE_VERSION, "folder": self._folder,
                "entries": self._rows()}, sort_keys=True).encode("utf-8"))
        except (OSError, TypeError, ValueError):
            pass
        self._dirty = False


def _folders_key() -> str:
    """The library's folders as the index records them (another list: another index)."""
    return "\n".join(str(folder) for folder in library_folders())


def begin_scan() -> IndexScan:
    """The library as the index knows it; see :class:`IndexScan`."""
    cache_file = index_path()
    folder = _folders_key()
    try:
        cached = json.loads(cache_file.read_text(encoding="utf-8"))
        if cached.get("version") != CACHE_VERSION or cached.get("folder") != folder:
            cached = {}
    except (OSError, ValueError, AttributeError):
        cached = {}
    old = cached.get("entries", {}) if isinstance(cached, dict) else {}
    if not isinstance(old, dict):
        old = {}
    return IndexScan(_scan_folder(), old, folder, cache_file)


def rescan(previous: IndexScan) -> IndexScan:
    """The library again after ``previous`` (a refresh when files changed): a file whose
    size and time (and its ruleset's override) are what they were then keeps its
    summary; the index file is not read again, only the folder listed and the new or
    changed files left to :meth:`IndexScan.read`."""
    folder = _folders_key()
    if folder != previous._folder:
        return begin_scan()
    return IndexScan(_scan_folder(), {}, folder, previous._cache_file, known=previous.known())


def scan_library(use_cache: bool = True) -> list[LibraryEntry]:
    """Every character in the library, summarised.

    The summaries are cached in the user cache folder (``library-index.json``, see
    :func:`builder.storage.paths.cache_dir`) for this characters folder,
    keyed by each file's modification time and size and by the ruleset's
    homebrew override, so start-up does not replay every character; only a new or
    changed file is read again.  The cache is only an index: losing it costs time,
    never data.
    """
    if not use_cache:
        return [read_entry(p) for p, _stamp in _scan_folder()]
    scan = begin_scan()
    entries = list(scan.entries)
    for i in scan.stale:
        entries[i] = scan.read(i)
    scan.save()
    return [entry for entry in entries if entry is not None]  # every one is read now


# -- operations ------------------------------------------------------------------
def _read_doc(path: Path) -> dict[str, Any]:
    from builder.storage.files import load_character

    return load_character(path).doc


def duplicate(path: Path | str, new_name: str | None = None) -> Path:
    """Copy a character into the library under a new name; returns the new file."""
    from builder.storage.atomic import dumps
    from builder.storage.device import new_id
    from builder.rules.base import NAME_NEEDED, kept_name
    from builder.storage.files import FileProblem, now_iso, safe_file_stem, unique_path

    path = Path(path)
    doc = _read_doc(path)
    name = kept_name(new_name or f"{doc.get('name', path.stem)} (copy)")
    if name is None:
        raise FileProblem(NAME_NEEDED)
    doc["name"] = name
    doc["created"] = now_iso()
    doc["id"] = new_id()       # another character: never merged with the original
    target = unique_path(characters_dir(create=True), safe_file_stem(name))
    _write_new(target, dumps(doc).encode("utf-8"))
    return target


def _write_new(target: Path, data: bytes) -> None:
    """Write a new file, never replacing one (not even one another program created
    since the free name was chosen: then FileProblem, nothing written)."""
    from builder.storage.files import write_checked

    write_checked(target, data, None)


class Trashed:
    """A file in the trash and where it came from."""

    def __init__(self, trashed: Path, original: Path):
        self.trashed = Path(trashed)
        self.original = Path(original)

    def __repr__(self) -> str:
        return f"Trashed({self.trashed!s} from {self.original!s})"

    @property
    def info_path(self) -> Path:
        return self.trashed.with_name(self.trashed.name + TRASH_INFO_SUFFIX)


def move_to_trash(path: Path | str) -> Trashed:
    """Move a character to the recoverable trash (:func:`move_all_to_trash`)."""
    return move_all_to_trash([path])[0]


def _trash_names(paths: list[Path]) -> list[Trashed]:
    """Where each file goes in the trash: its stem, the time, and a number when that
    name is taken (in the trash, or by another file of the same change)."""
    folder = trash_dir(create=True)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    taken: set[Path] = set()
    items = []
    for path in paths:
        target, n = folder / f"{path.stem}.{stamp}{path.suffix}", 2
        while target in taken or target.exists() or os.path.lexists(target):
            target, n = folder / f"{path.stem}.{stamp}-{n}{path.suffix}", n + 1
        taken.add(target)
        items.append(Trashed(target, path.resolve()))
    return items


def _keep_mode_and_time(trashed: Path, stat: os.stat_result) -> None:
    """The trashed file keeps the permissions and times it had (a restore gives them
    back, as a move would).  Never raises: the file is in the trash either way."""
    import stat as modes

    try:
        os.chmod(trashed, modes.S_IMODE(stat.st_mode))
        os.utime(trashed, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    except OSError:
        pass


def move_all_to_trash(paths: Sequence[Path | str]) -> list[Trashed]:
    """Move files to the recoverable trash as one change: each file's bytes and its
    sidecar (where it came from, when) are written into the trash and the files
    removed, all or nothing, also when the process is killed half-way
    (:func:`builder.storage.transaction.write_all`).  FileProblem names a file that
    is missing, locked by another program, changed meanwhile or cannot be moved;
    then nothing moved."""
    from builder.storage.atomic import dumps, remove_legacy_lock
    from builder.storage.files import FileProblem, now_iso
    from builder.storage.locking import LockBusy, locked
    from builder.storage.transaction import (Change, ChangedMeanwhile, TransactionFailed,
                                             write_all)

    files = [Path(p) for p in paths]
    for path in files:
        if not path.is_file():
            raise FileProblem(f"{path}: no such file")
    try:
        # A full or read-only disk: the trash folder cannot be made or a file read,
        # and every file stays where it is.
        items = _trash_names(files)
        contents = [path.read_bytes() for path in files]
        stats = [os.stat(path) for path in files]
    except OSError as exc:
        failed = exc.filename or files[0]
        raise FileProblem(f"{failed}: cannot be moved to the trash "
                          f"({exc.strerror or exc})") from None
    when = now_iso()
    changes: list[Change] = []
    for item, data in zip(items, contents):
        info = {"original": str(item.original), "trashed_at": when}
        changes += [Change(item.trashed, data), Change(item.info_path, dumps(info).encode("utf-8"))]
    # The files leave their places last: a change cut short leaves them where they were.
    changes += [Change(path, None, data) for path, data in zip(files, contents)]
    try:
        # Under the files' locks, so a writer never replaces a file that is being trashed.
        with locked([c.path for c in changes]):
            write_all(changes, "move to the trash")
    except (ChangedMeanwhile, LockBusy) as failed:
        raise FileProblem(str(failed)) from None         # it names the file
    except TransactionFailed as failed:
        # a full or read-only disk: the line names the files and what the system said
        raise FileProblem(f"{', '.join(map(str, files))}: cannot be moved to the trash "
                          f"({failed})") from None
    for path, item, stat in zip(files, items, stats):
        _keep_mode_and_time(item.trashed, stat)
        remove_legacy_lock(path)  # an earlier version's lock beside it: nothing stays behind
    return items


def put_in_trash(original: Path | str, data: bytes) -> Trashed:
    """Write a file's bytes straight into the trash, as if it had been trashed from
    ``original`` (a file rebuilt after it vanished from a shared folder: recoverable
    with a restore, never put back in the folder by itself).  FileProblem: the trash
    cannot be written."""
    from builder.storage.atomic import dumps
    from builder.storage.files import FileProblem, now_iso
    from builder.storage.transaction import Change, TransactionFailed, write_all

    try:
        (item,) = _trash_names([Path(original)])
        info = {"original": str(item.original), "trashed_at": now_iso()}
        write_all([Change(item.trashed, data),
                   Change(item.info_path, dumps(info).encode("utf-8"))], "rebuilt file")
    except (OSError, TransactionFailed) as failed:
        raise FileProblem(f"{original}: cannot be written to the trash ({failed})") from None
    return item


def restore(item: Trashed) -> Path:
    """Put a trashed file back; a new file at the old place is never overwritten."""
    from builder.storage.files import FileProblem, unique_path

    if not item.trashed.is_file():
        raise FileProblem(f"{item.trashed}: no longer in the trash")
    target = item.original
    if target.exists():
        target = unique_path(target.parent, target.stem, target.suffix)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(item.trashed, target)
    except OSError as exc:
        raise FileProblem(f"{target}: cannot be restored ({exc.strerror or exc})") from None
    item.info_path.unlink(missing_ok=True)
    return target


def move_back_to_trash(path: Path | str, item: Trashed) -> None:
    """Take back a :func:`restore` (a restore of several files failed half-way)."""
    from builder.storage.atomic import dumps, write_bytes_atomic
    from builder.storage.files import now_iso

    from builder.storage.files import FileProblem

    info = {"original": str(item.original), "trashed_at": now_iso()}
    try:
        write_bytes_atomic(item.info_path, dumps(info).encode("utf-8"))
        os.replace(path, item.trashed)
    except OSError as exc:
        raise FileProblem(f"{path}: cannot be moved back to the trash "
                          f"({exc.strerror or exc})") from None


def trash_items() -> list[Trashed]:
    from builder.storage.reading import Unreadable, read_regular

    folder = trash_dir()
    if not folder.is_dir():
        return []
    items = []
    for info in sorted(folder.glob(f"*{TRASH_INFO_SUFFIX}")):
        trashed = info.with_name(info.name[: -len(TRASH_INFO_SUFFIX)])
        try:
            raw = read_regular(info, 64 * 1024, "trash record")
            original = Path(json.loads(raw.decode("utf-8"))["original"])
        except (Unreadable, ValueError, KeyError, TypeError):
            continue
        if trashed.is_file():
            items.append(Trashed(trashed, original))
    return items


def import_loaded(cf: CharacterFile, taken_ids: set[str]) -> tuple[Path, bool]:
    """Copy a loaded character file into the library under a free name that follows the
    character's; and whether it became a character of its own.  Its bytes are copied
    as read, unless its id is in ``taken_ids`` (a library file's, or one imported before
    it): then it gets a new id, as Duplicate gives, since two files with one id are
    copies of one character, which the sync intake would merge into one file.  Its id
    joins ``taken_ids``."""
    from builder.storage.atomic import dumps
    from builder.storage.device import new_id
    from builder.storage.files import safe_file_stem, unique_path

    stem = cf.name or (cf.path.stem if cf.path is not None else "character")
    target = unique_path(characters_dir(create=True), safe_file_stem(stem))
    data = cf.raw if cf.raw is not None else cf.to_bytes()
    file_id = cf.doc.get("id")
    own = isinstance(file_id, str) and file_id in taken_ids
    if own:
        doc = dict(cf.doc)
        doc["id"] = file_id = new_id()
        data = dumps(doc).encode("utf-8")
    _write_new(target, data)
    if isinstance(file_id, str):
        taken_ids.add(file_id)
    return target, own


def save_copy(source: Path | str, target: Path | str) -> Path:
    """Write a copy of a character file elsewhere (atomic, bytes unchanged)."""
    from builder.storage.atomic import write_bytes_atomic
    from builder.storage.files import FileProblem

    from builder.storage.jsonio import MAX_DOCUMENT_BYTES
    from builder.storage.reading import Unreadable, read_regular

    source, target = Path(source), Path(target)
    try:
        data = read_regular(source, MAX_DOCUMENT_BYTES, "character file")
    except Unreadable as why:
        raise FileProblem(f"{source}: {why}") from None
    try:
        write_bytes_atomic(target, data)
    except OSError as exc:
        raise FileProblem(f"{target}: cannot be written ({exc.strerror or exc})") from None
    return target
