"""Files sync engines leave in a shared folder: conflict copies and temporary files,
known by their names, and copies under another name, known by the id they carry.

* Conflict copies: a sync engine that cannot merge keeps the losing version beside the
  file under another name.  Each is data to merge into the file it is a copy of, never
  a second character, never written to:

  - Syncthing: ``NAME.sync-conflict-YYYYMMDD-HHMMSS-XXXXXXX.ext`` (only the last
    extension is split off; the device part may be empty, and older versions wrote
    none);
  - Dropbox: ``NAME (USER's conflicted copy DATE).ext`` (and its translations that
    keep the English words);
  - Nextcloud: ``NAME (conflicted copy DATE TIME).ext``;
  - ownCloud: ``NAME_conflict-DATE-TIME.ext``.

* Copies under any other name: a file in the same folder that carries the stable id
  of another (a file manager's "Senna (1).json", a copy the user made, a name a sync
  engine gave) is a copy of the same character or campaign, taken in like a conflict
  copy (:func:`copies_to_take_in`).  Of the files that share an id, the one kept is the
  one a campaign in that folder names as a member, else the one with the shortest
  name, then the first in code-point order: chosen from the folder's content alone,
  so every laptop sharing it keeps the same one.  A file with no id of its own (one
  written before files had ids) is no copy of anything; the window's and the command
  line's Duplicate give the copy a new id, so a duplicate is another character.

* Temporary files of a sync engine still copying a file in (``.syncthing.NAME.tmp``,
  ``~syncthing~NAME.tmp``): never read, never listed.

Finding the files that share an id reads each file's id once: a small index in the
user's cache folder (never in the shared folder) keeps it by the file's name, inode,
time and size, so a start or a folder's change reads only new and changed files.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Iterable

_COPIES = (
    re.compile(r"^(?P<stem>.+)\.sync-conflict-\d{8}-\d{6}(?:-[0-9A-Za-z]{0,7})?"
               r"(?P<ext>\.[^.]*)?$"),
    re.compile(r"^(?P<stem>.+?) \([^()]*conflicted copy[^()]*\)(?P<ext>\.[^.]*)?$"),
    re.compile(r"^(?P<stem>.+)_conflict-\d{8}-\d{6}(?P<ext>\.[^.]*)?$"),
)
#: A word each conflict copy's name holds (a name without one is looked at no further).
_COPY_WORDS = re.compile(r"\.sync-conflict-|conflicted copy|_conflict-")
_TEMPORARIES = (re.compile(r"^\.syncthing\..+\.tmp$"), re.compile(r"^~syncthing~.+\.tmp$"))


def original_name(name: str) -> str | None:
    """The name of the file ``name`` is a sync engine's conflict copy of (None: it is
    no conflict copy)."""
    if _COPY_WORDS.search(name) is None:
        return None
    for pattern in _COPIES:
        match = pattern.match(name)
        if match:
            return match["stem"] + (match["ext"] or "")
    return None


def is_conflict_copy(name: str) -> bool:
    return original_name(name) is not None


def is_sync_temporary(name: str) -> bool:
    return any(p.match(name) for p in _TEMPORARIES)


def is_data_file(name: str) -> bool:
    """Is a file of this name one to list as a character or campaign (a ``.json`` file
    that is no sync engine's conflict copy or temporary file)?"""
    # (a sync engine's temporary file ends in .tmp: never .json)
    return name.endswith(".json") and not is_conflict_copy(name)


def conflict_copies(folder: Path) -> list[Path]:
    """The copies in ``folder`` to take in: the conflict copies of ``.json`` files, by
    name, then the files that carry the id of another file there."""
    return [copy for copy, _original in copies_to_take_in(folder)]


def copies_to_take_in(folder: Path) -> list[tuple[Path, Path]]:
    """(copy, the file it goes into) for every copy in ``folder``, in the order of
    :func:`conflict_copies` (one look at the folder for them all)."""
    folder = Path(folder)
    try:
        names = sorted(n for n in os.listdir(folder) if _COPY_WORDS.search(n))
    except OSError:
        return []
    kept = _kept_by_id(folder)
    named = [folder / n for n in names if (original_name(n) or "").endswith(".json")]
    return [(copy, original_of(copy, kept)) for copy in named] + \
        [(folder / name, folder / real) for name, real in sorted(kept.items()) if name != real]


def original_of(copy: Path, kept: dict[str, str] | None = None) -> Path:
    """The file a copy is taken into.  A conflict copy goes into the file its name
    names, or, when that one shares its id with other files, into the one kept of
    them; when the named file is gone, into the file beside it that carries the
    copy's id (if any).  A copy under another name goes into the file kept of those
    sharing its id.  Anything else: the file itself.  (``kept``: the folder's look,
    :func:`_kept_by_id`, when the caller has it.)"""
    copy = Path(copy)
    folder = copy.parent
    kept = _kept_by_id(folder) if kept is None else kept
    named = original_name(copy.name)
    if named is None:
        return folder / kept.get(copy.name, copy.name)
    if named in kept:
        return folder / kept[named]
    if os.path.lexists(folder / named):
        return folder / named
    carrying = _carrying(folder, copy)
    return folder / (kept.get(carrying, carrying) if carrying else named)


# -- files that share an id ------------------------------------------------------------
#: The index of the ids of files, in the user's cache folder: one file per folder
#: (a listing of a small folder reads a small index), per name [inode, time, size, id].
ID_INDEX = "file-ids"
#: The copies under another name last found, per folder, per name, [time, size]: what
#: the library's listing leaves out without reading any file.
COPIES_INDEX = "same-id-copies.json"
INDEX_VERSION = 1
#: A top-level ``"id"`` as this program writes files (two spaces in, sorted keys): read
#: without parsing the whole file.
_TOP_ID = re.compile(rb'\n  "id": "([^"\\\n]{1,200})"')
#: The indexes read in this process, by the index file's path.
_loaded: dict[str, dict[str, dict[str, list[Any]]]] = {}
#: The last look at each folder: its files' stamps then, and the names of the files
#: found to share an id, by group.
_last_look: dict[str, tuple[Any, list[list[str]]]] = {}


def _index_path(name: str) -> Path:
    from builder.storage.paths import cache_dir

    return cache_dir() / name


def _id_index(folder: str) -> str:
    """The name of ``folder``'s id index (under :data:`ID_INDEX`)."""
    import hashlib

    return f"{ID_INDEX}/{hashlib.sha256(os.fsencode(folder)).hexdigest()[:16]}.json"


def _index(name: str) -> dict[str, dict[str, list[Any]]]:
    """An index, read once per process (a missing or unreadable one is empty)."""
    import json

    path = str(_index_path(name))
    if path not in _loaded:
        try:
            data = json.loads(Path(path).read_bytes())
        except (OSError, ValueError, RecursionError):
            data = None
        folders = data.get("folders") if isinstance(data, dict) \
            and data.get("version") == INDEX_VERSION else None
        _loaded[path] = {k: v for k, v in folders.items() if isinstance(v, dict)} \
            if isinstance(folders, dict) else {}
    return _loaded[path]


def _save(name: str, folder: str, rows: dict[str, list[Any]]) -> None:
    """Record ``folder``'s rows in an index, written when they changed (an index we
    cannot write only costs time).  Plain JSON: an index of our own, whose stamps are
    nanosecond times (past the numbers a user's file may hold)."""
    import json

    from builder.storage.atomic import write_bytes_atomic

    index = _index(name)
    if index.get(folder, {}) == rows:
        return
    if rows:
        index[folder] = rows
    else:
        index.pop(folder, None)
    path = _index_path(name)
    data = json.dumps({"version": INDEX_VERSION, "folders": index},
                      sort_keys=True).encode("ascii")
    try:
        write_bytes_atomic(path, data)
    except OSError:
        pass


def forget_indexes() -> None:
    """Drop the indexes held in memory (they are read again from the cache folder)."""
    _loaded.clear()
    _last_look.clear()


def _read_id(path: Path, limit: int) -> str | None:
    """A file's stable id, read cheaply (None: it has none, or is no JSON object)."""
    from builder.storage import jsonio

    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError:
        return None
    if len(raw) > limit:
        return None
    found = _TOP_ID.search(raw) if raw.startswith(b'{\n  "') else None
    if found is not None:
        try:
            return found.group(1).decode("utf-8")
        except UnicodeDecodeError:
            return None
    try:
        doc = jsonio.loads(raw)
    except ValueError:
        return None
    value = doc.get("id") if isinstance(doc, dict) else None
    return value if isinstance(value, str) and value else None


def _identity(path: Path) -> tuple[str, str, str] | None:
    """What makes two files copies of one (id, kind, rule system), read from the whole
    document: None for a file without an id or that does not parse (one still being
    written).  (Only to find copies: the merge reads each file strictly.)"""
    import json

    try:
        doc = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("id"), str) or not doc["id"]:
        return None
    return doc["id"], str(doc.get("kind", "character")), str(doc.get("ruleset"))


def _ids(folder: Path) -> tuple[dict[str, str], dict[str, list[int]]]:
    """The stable id of every data file in ``folder`` that has one, by name; and every
    data file's [time, size]."""
    from builder.storage.jsonio import MAX_DOCUMENT_BYTES

    key = os.path.abspath(folder)
    known = _index(_id_index(key)).get(key, {})
    rows: dict[str, list[Any]] = {}
    try:
        with os.scandir(folder) as it:
            items = [(e.name, e.stat()) for e in it if is_data_file(e.name) and e.is_file()]
    except OSError:
        return {}, {}
    for name, st in items:
        stamp = [st.st_ino, st.st_mtime_ns, st.st_size]
        row = known.get(name)
        if isinstance(row, list) and len(row) == 4 and row[:3] == stamp:
            rows[name] = row
        else:
            rows[name] = stamp + [_read_id(folder / name, MAX_DOCUMENT_BYTES)]
    _save(_id_index(key), key, rows)
    return ({name: row[3] for name, row in rows.items() if isinstance(row[3], str)},
            {name: row[1:3] for name, row in rows.items()})


def ids_in(folder: Path) -> set[str]:
    """The stable ids of the data files in ``folder`` (two files with one id are copies
    of one document, which the sync intake merges)."""
    return set(_ids(Path(folder))[0].values())


def kept_name(names: Iterable[str], members: Iterable[str] = ()) -> str:
    """Of files that share an id, the name of the one kept: one a campaign names as
    a member, else the shortest name, then the first in code-point order."""
    ordered = sorted(names, key=lambda n: (len(n), n))
    named = set(members)
    return next((n for n in ordered if n in named), ordered[0])


def _members(folder: Path) -> set[str]:
    """The names of the files in ``folder`` that a campaign of that folder names as a
    member: campaigns in its ``campaigns`` folder, and in the data folder's campaigns
    folder when ``folder`` is the data folder's characters folder (the campaigns the
    library lists with that folder: each laptop sharing the folder reads the same)."""
    import json

    from builder.storage.paths import campaigns_dir, characters_dir

    here = Path(os.path.abspath(folder))
    places = [here / "campaigns"]
    if here == Path(os.path.abspath(characters_dir())):
        places.append(Path(os.path.abspath(campaigns_dir())))
    found: set[str] = set()
    for place in places:
        try:
            candidates = sorted(p for p in place.iterdir() if is_data_file(p.name))
        except OSError:
            continue
        for campaign in candidates:
            try:
                doc = json.loads(campaign.read_bytes())
            except (OSError, ValueError, RecursionError):
                continue
            if not isinstance(doc, dict) or doc.get("kind") != "campaign":
                continue
            for member in doc.get("members") or []:
                if isinstance(member, str):
                    path = Path(os.path.normpath(place / member))
                    if path.parent == here:
                        found.add(path.name)
    return found


def _kept_by_id(folder: Path) -> dict[str, str]:
    """For every data file of ``folder`` that is a copy of another one there or has
    copies (the same id, kind and rule system, read from the whole file: one still
    being written counts as none): the name of the file kept of them, by name."""
    ids, stamps = _ids(folder)
    key = os.path.abspath(folder)
    state = (str(_index_path(COPIES_INDEX)), sorted((n, tuple(v)) for n, v in stamps.items()))
    last = _last_look.get(key)
    if last is not None and last[0] == state:
        groups = last[1]
    else:
        by_id: dict[str, list[str]] = {}
        for name, file_id in ids.items():
            by_id.setdefault(file_id, []).append(name)
        groups = []
        for names in (names for names in by_id.values() if len(names) > 1):
            same: dict[tuple[str, str, str], list[str]] = {}
            for name in names:
                identity = _identity(folder / name)
                if identity is not None:
                    same.setdefault(identity, []).append(name)
            groups += [copies for copies in same.values() if len(copies) > 1]
        _last_look[key] = (state, groups)
    members = _members(folder) if groups else set()     # read anew: campaigns change
    kept = {name: kept_name(copies, members) for copies in groups for name in copies}
    _save(COPIES_INDEX, key, {name: stamps[name] for name, real in kept.items() if name != real})
    return kept


def find_copies(folders: Iterable[Path]) -> None:
    """Look for copies under another name in ``folders`` (what :func:`known_copies`
    then knows), taking none in."""
    for folder in folders:
        _kept_by_id(Path(folder))


def copies_in(folder: Path) -> set[str]:
    """The names of the copies under another name in ``folder``, looked for now (each
    new or changed file's id read): for a folder of a few files, such as campaigns."""
    return {name for name, real in _kept_by_id(Path(folder)).items() if name != real}


def known_copies(folder: Path) -> dict[str, list[int]]:
    """The copies under another name the last look found in ``folder``, each with its
    [time, size] then: a listing leaves out those that have not changed since (never
    listed as a second character).  Reads no file: a new copy is found by the intake,
    which runs on start and on every change of the folder."""
    return dict(_index(COPIES_INDEX).get(os.path.abspath(folder)) or {})


def _carrying(folder: Path, copy: Path) -> str | None:
    """The file of ``folder`` that carries the id of ``copy`` (the shortest name first)."""
    wanted = _identity(copy)
    if wanted is None:
        return None
    ids, _stamps = _ids(folder)
    for name in sorted(ids, key=lambda n: (len(n), n)):
        if ids[name] == wanted[0] and _identity(folder / name) == wanted:
            return name
    return None


def refuse_conflict_copy(target: Path) -> str | None:
    """Why nothing is ever written to ``target`` (None: it may be)."""
    if is_conflict_copy(target.name):
        return (f"{target}: a sync engine's conflict copy is never written to; "
                f"sync intake merges it into {original_name(target.name)}")
    return None
