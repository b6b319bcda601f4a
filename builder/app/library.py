"""Library operations: duplicate, import, trash and restore (``library ...`` on the
command line; the Library tab's buttons, drag and drop, Edit > Restore from Trash
and their Undo in the window).  Renaming is one character's change
(:func:`builder.app.characters.rename`).

The file work is :mod:`builder.storage.library`'s; the policy is here, once:

* new files (a duplicate, an import) get a free name in the library's characters
  folder and never replace a file, not even one another program created a moment
  before;
* several files at once are all or nothing: every source is read and checked
  before anything is written, and a failure half-way takes back what was done;
* the member guard is asked before a file is moved to the trash (an open tab
  holding a change that is not on disk keeps its file);
* a restored file never replaces one at its old place (it gets a free name next
  to it).
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from builder.storage import library as store
from builder.app.pathnames import real_path

# The scan is on the window's start path: it imports only the storage's library
# module; the operations import the outcome types, the rules' UsageError and the
# storage's files when they run.
if TYPE_CHECKING:
    from builder.app.outcome import Guard, Outcome

Trashed = store.Trashed
LibraryEntry = store.LibraryEntry


def _read(path: Path) -> bytes | None:
    """What a file holds, for the outcome's record (None: no regular file there)."""
    from builder.storage.jsonio import MAX_DOCUMENT_BYTES
    from builder.storage.reading import Unreadable, read_regular

    try:
        return read_regular(path, MAX_DOCUMENT_BYTES)
    except Unreadable:
        return None


class LibraryScan:
    """One look at the library, in two steps, so that a window can list it at once
    and read the rest without blocking:

    1. :func:`open_scan` lists the folder (one directory read, one ``stat`` per file)
       and takes from the library's index the summary of every file whose size and
       modification time are those the index has: ``entries`` holds every file in
       name order, a new or changed file (listed in ``stale``) with a placeholder (its
       file name and time);
    2. :meth:`read` reads and summarises the stale files, in batches it yields (from
       any thread: each batch touches only its own rows), and writes the index back
       at the end.  Only files whose size or time changed are read: the scan is
       incremental.
    """

    def __init__(self, scan: store.IndexScan):
        self._scan = scan
        self.stale: list[int] = list(scan.stale)
        self.entries: list[store.LibraryEntry] = [
            entry if entry is not None else scan.placeholder(i)
            for i, entry in enumerate(scan.entries)]

    @property
    def paths(self) -> list[Path]:
        return self._scan.paths

    def read(self, batch: int = 500, every: float = 0.1,
             cancelled: Callable[[], bool] | None = None
             ) -> Iterator[list[tuple[int, store.LibraryEntry]]]:
        """Read the stale files; yield ``(row, entry)`` batches of at most ``batch``
        files, or what was read in ``every`` seconds; then save the index.  Stops
        (the index unsaved) as soon as ``cancelled()`` is true."""
        done: list[tuple[int, store.LibraryEntry]] = []
        since = time.monotonic()
        for i in self.stale:
            if cancelled is not None and cancelled():
                return
            entry = self._scan.read(i)
            self.entries[i] = entry
            done.append((i, entry))
            if len(done) >= batch or time.monotonic() - since > every:
                yield done
                done, since = [], time.monotonic()
        if done:
            yield done
        if cancelled is None or not cancelled():
            self._scan.save()

    def read_all(self) -> list[store.LibraryEntry]:
        """Read every stale file now (:meth:`read` in one go); every entry."""
        for _batch in self.read():
            pass
        return self.entries


def open_scan(previous: LibraryScan | None = None) -> LibraryScan:
    """Step 1 of a library scan (see :class:`LibraryScan`): what the index knows; after
    ``previous`` (a refresh), what that scan knew, without reading the index again."""
    if previous is not None:
        return LibraryScan(store.rescan(previous._scan))
    return LibraryScan(store.begin_scan())


def scan() -> list[store.LibraryEntry]:
    """Every character in the library, summarised (name, ruleset, headline figures,
    last change, a problem), through the library's index, every stale file read:
    what the Library tab lists (``library list``).  Copies of a file under another name
    (the same id) are looked for first, so none is listed as a second character."""
    from builder.storage.conflicts import find_copies

    find_copies(store.library_folders())
    return open_scan().read_all()


def duplicate(source: Path | str, name: str | None = None) -> Outcome:
    """A copy of a character in the library under a new name (default: "NAME (copy)");
    ``lines``: the new file."""
    from builder.app.characters import require_name
    from builder.app.outcome import FileChange, Outcome

    if name is not None:
        require_name(name)
    target = store.duplicate(source, name)
    return Outcome(f"Duplicated {Path(source).name} as {target.name}",
                   (FileChange.of(target, None, _read(target)),), lines=(str(target),))


def import_files(sources: Sequence[Path | str]) -> Outcome:
    """Copy character files from anywhere into the library, all or nothing: a file that
    is not a readable character (FileProblem naming it) imports none of them.  Their
    bytes are unchanged, but for a character the library already holds (its id) or one
    imported twice: that one comes in as a character of its own (a new id), and the
    library keeps both."""
    from builder.app.outcome import FileChange, Outcome
    from builder.rules.base import UsageError
    from builder.storage.conflicts import ids_in
    from builder.storage.files import FileProblem, load_character
    from builder.storage.paths import characters_dir

    if not sources:
        raise UsageError("name at least one character file to import")
    loaded = [load_character(source) for source in sources]    # every one checked first
    taken = ids_in(characters_dir())
    written: list[Path] = []
    own: list[Path] = []
    try:
        for cf in loaded:
            path, made_own = store.import_loaded(cf, taken)
            written.append(path)
            if made_own:
                own.append(path)
    except FileProblem:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    summary = f"Imported {', '.join(p.name for p in written)}"
    if own:
        summary += (f" ({', '.join(p.name for p in own)} "
                    + ("is a character of its own: the library already held this one)"
                       if len(own) == 1 else
                       "are characters of their own: the library already held these)"))
    return Outcome(summary, tuple(FileChange.of(p, None, _read(p)) for p in written),
                   lines=tuple(str(p) for p in written))


def trash(paths: Sequence[Path | str], *, guard: Guard | None = None) -> Outcome:
    """Move files to the library's recoverable trash as one change, all or nothing,
    also when the process is killed half-way (``moved``: (where it was, where it is in
    the trash) pairs; :func:`restore` takes them back)."""
    from builder.app.outcome import FileChange, Outcome, check_guard
    from builder.rules.base import UsageError

    if not paths:
        raise UsageError("name at least one file to move to the trash")
    files = [Path(p) for p in paths]
    check_guard(guard, files)
    befores = [_read(p) for p in files]
    notes = _memberships(files)
    items = store.move_all_to_trash(files)
    from builder.storage import device_log
    from builder.storage.files import now_iso

    device_log.trashed(files, now_iso())      # a deliberate deletion: never rebuilt
    moved = tuple((path, item.trashed) for path, item in zip(files, items))
    names = ", ".join(p.name for p in files)
    return Outcome(f"Moved {names} to the trash",
                   tuple(FileChange.of(p, b, None) for p, b in zip(files, befores)),
                   lines=tuple(f"trashed: {p} -> {item.trashed}" for p, item in zip(files, items)),
                   moved=moved, notes=notes)


def _memberships(files: Sequence[Path]) -> tuple[str, ...]:
    """For each file a campaign of the library has as a member, what moving it to the
    trash means to that campaign (read before the files move)."""
    from builder.storage.campaigns import load_campaign
    from builder.storage.files import FileProblem
    from builder.storage.folders import list_campaigns

    wanted = {real_path(p): p for p in files}
    notes = []
    for path in list_campaigns():
        try:
            campaign = load_campaign(path)
        except FileProblem:
            continue                     # an unreadable campaign names no member here
        for given in campaign.members:
            member = wanted.get(real_path(campaign.member_path(given)))
            if member is not None:
                notes.append(f"{member.name} is a member of the campaign {campaign.name}, "
                             "which lists it as missing until it is back from the trash")
    return tuple(notes)


def trash_items() -> list[store.Trashed]:
    """What the trash holds (by its name there), each with where it came from."""
    return store.trash_items()


def trashed_name(item: store.Trashed) -> str:
    """The name of the character a trashed file holds (a character renamed before it
    was trashed: its new name, not its file's); the file's name where it came from when
    the file is no readable character."""
    entry = store.read_entry(item.trashed)
    return entry.name if entry.problem is None and entry.name else item.original.stem


def find_trashed(word: str) -> store.Trashed:
    """The trashed file a person named: its name in the trash, its path there, or the
    path it had (the latest one trashed from there).  UsageError when none matches."""
    from builder.rules.base import UsageError

    items = store.trash_items()
    for item in items:
        if word in (item.trashed.name, str(item.trashed)):
            return item
    wanted = real_path(word)
    for item in reversed(items):
        if real_path(item.original) == wanted:
            return item
    raise UsageError(f"'{word}' is not in the trash (library restore lists it)")


def restore(items: Sequence[store.Trashed]) -> Outcome:
    """Put trashed files back where they were, all or nothing; a file now at the old
    place is never replaced (the restored one gets a free name beside it)."""
    from builder.app.outcome import FileChange, Outcome
    from builder.rules.base import UsageError
    from builder.storage.files import FileProblem

    if not items:
        raise UsageError("name at least one file in the trash")
    done: list[tuple[store.Trashed, Path]] = []
    try:
        for item in items:
            done.append((item, store.restore(item)))
    except FileProblem:
        for item, path in reversed(done):
            store.move_back_to_trash(path, item)
        raise
    return Outcome(f"Restored {', '.join(path.name for _item, path in done)}",
                   tuple(FileChange.of(path, None, _read(path)) for _item, path in done),
                   lines=tuple(str(path) for _item, path in done),
                   moved=tuple((item.trashed, path) for item, path in done))


def save_copy(source: Path | str, target: Path | str) -> Outcome:
    """File > Save a Copy As: the character file's bytes, unchanged, at ``target`` (the
    window's save dialog has asked before replacing a file there; a folder, a link loop
    or anything else that is not a file is never replaced, nor a file of a newer
    version)."""
    from builder.app.outcome import FileChange, Outcome
    from builder.rules.base import UsageError
    from builder.storage.files import refuse_existing

    source, target = Path(source), Path(target)
    if real_path(source) == real_path(target):
        raise UsageError(f"{target}: that is the character file itself")
    refuse_existing(target, force=True)
    before = _read(target)
    store.save_copy(source, target)
    return Outcome(f"Saved a copy as {target}", (FileChange.of(target, before, _read(target)),),
                   lines=(str(target),))


def folders() -> list[Path]:
    """The folders added to the library beside the data folder, in the order added."""
    from builder.storage.folders import extra_folders

    return extra_folders()


def folders_file() -> Path:
    """The settings file that lists the folders added to the library (it may not exist
    yet): a program that follows the library's folders follows it too."""
    from builder.storage.paths import library_folders_file

    return library_folders_file()


def add_folder(folder: Path | str) -> Outcome:
    """Add a folder (a Syncthing, Dropbox or git folder) to the library: its characters
    are listed and found by name beside the data folder's.  Adding it again changes
    nothing (the outcome says so); a path that is not a folder is a UsageError."""
    from builder.app.outcome import Outcome
    from builder.rules.base import UsageError
    from builder.storage.folders import extra_folders, save_extra_folders

    path = Path(folder).expanduser()
    if not os.path.isdir(path):
        what = "does not exist" if not os.path.exists(path) else "is not a folder"
        raise UsageError(f"{folder}: {what}; library add takes a folder")
    path = real_path(path)
    listed = extra_folders()
    if path in listed or path == real_path(store.library_folders()[0]):
        return Outcome(f"{path} is in the library already", (),
                       lines=(f"already in the library: {path}",))
    save_extra_folders([*listed, path])
    return Outcome(f"Added {path} to the library", (), lines=(f"added: {path}",))


def remove_folder(folder: Path | str) -> Outcome:
    """Take a folder off the library's list (its files stay where they are)."""
    from builder.app.outcome import Outcome
    from builder.rules.base import UsageError
    from builder.storage.folders import extra_folders, save_extra_folders

    listed = extra_folders()
    wanted = Path(folder).expanduser()
    keep = [f for f in listed if f not in (wanted, real_path(wanted))]
    if len(keep) == len(listed):
        raise UsageError(f"{folder} is not a folder added to the library "
                         "(library folders lists them)")
    save_extra_folders(keep)
    return Outcome(f"Took {folder} off the library's folders (its files stay)", (),
                   lines=(f"removed: {real_path(wanted)}",))
