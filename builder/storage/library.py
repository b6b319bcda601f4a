"""The character library: the files in the user data folder, and the file
operations the library offers (duplicate, rename, trash and restore, import,
save a copy).  Pure Python, no Qt: the Qt layer calls these.

Every write is atomic (a temporary file in the same folder, then os.replace),
so a crash never leaves a half-written character.  Trash is a folder in the
user data folder; each trashed file has a ``.trashinfo`` JSON sidecar naming
where it came from, so it can be restored in a later session too.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from builder.storage.atomic import dumps, write_bytes_atomic
from builder.storage.files import (FileProblem, list_library, load_character, now_iso,
                                   safe_file_stem, unique_path)
from builder.storage.paths import characters_dir, trash_dir

TRASH_INFO_SUFFIX = ".trashinfo"


@dataclass
class LibraryEntry:
    """One row of the library: what the list shows without opening the editor."""

    path: Path
    name: str
    ruleset_id: str = ""
    ruleset_title: str = ""
    headline: dict = field(default_factory=dict)
    modified: float = 0.0
    problem: str | None = None

    @property
    def headline_text(self) -> str:
        return " · ".join(f"{label} {value}" for label, value in self.headline.items())

    @property
    def modified_iso(self) -> str:
        return datetime.fromtimestamp(self.modified, tz=timezone.utc).isoformat()


def read_entry(path: Path | str) -> LibraryEntry:
    """Summarise one character file; a broken file gives an entry with ``problem`` set.

    This is the start-up path for every file in the library, so it stays light:
    plain JSON parsing, the ruleset's replay and headline (the full schema check
    happens when the character is opened).
    """
    from builder.rules.base import RulesError
    from builder.storage.rulesets import load_ruleset

    path = Path(path)
    try:
        st = path.stat()
        modified = st.st_mtime
    except OSError as exc:
        return LibraryEntry(path, path.stem, problem=f"cannot be read ({exc.strerror or exc})")
    try:
        doc = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return LibraryEntry(path, path.stem, modified=modified,
                            problem=f"not a readable character file ({exc})")
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


def scan_library() -> list[LibraryEntry]:
    return [read_entry(p) for p in list_library()]


# -- operations ------------------------------------------------------------------
def _read_doc(path: Path) -> dict:
    return load_character(path).doc


def duplicate(path: Path | str, new_name: str | None = None) -> Path:
    """Copy a character into the library under a new name; returns the new file."""
    path = Path(path)
    doc = _read_doc(path)
    name = (new_name or f"{doc.get('name', path.stem)} (copy)").strip()
    if not name:
        raise FileProblem("a character needs a name")
    doc["name"] = name
    doc["created"] = now_iso()
    target = unique_path(characters_dir(create=True), safe_file_stem(name))
    write_bytes_atomic(target, dumps(doc).encode("utf-8"))
    return target


def rename(path: Path | str, new_name: str) -> str:
    """Change the character's name inside its file (the file keeps its path).

    Returns the old name.  Everything else in the file is kept byte for byte
    (unknown keys too).
    """
    path = Path(path)
    new_name = new_name.strip()
    if not new_name:
        raise FileProblem("a character needs a name")
    cf = load_character(path)
    if cf.read_only:
        raise FileProblem(cf.read_only)
    old = cf.name
    cf.rename(new_name)
    cf.save()
    return old


@dataclass
class Trashed:
    """A file in the trash and where it came from."""

    trashed: Path
    original: Path

    @property
    def info_path(self) -> Path:
        return self.trashed.with_name(self.trashed.name + TRASH_INFO_SUFFIX)


def move_to_trash(path: Path | str) -> Trashed:
    """Move a character to the recoverable trash (one rename, then a sidecar)."""
    path = Path(path)
    if not path.is_file():
        raise FileProblem(f"{path}: no such file")
    folder = trash_dir(create=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    target = unique_path(folder, f"{path.stem}.{stamp}", path.suffix)
    item = Trashed(target, path.resolve())
    info = {"original": str(item.original), "trashed_at": now_iso()}
    write_bytes_atomic(item.info_path, dumps(info).encode("utf-8"))
    try:
        os.replace(path, target)
    except OSError as exc:
        item.info_path.unlink(missing_ok=True)
        raise FileProblem(f"{path}: cannot be moved to the trash ({exc.strerror or exc})") from None
    return item


def restore(item: Trashed) -> Path:
    """Put a trashed file back; a new file at the old place is never overwritten."""
    if not item.trashed.is_file():
        raise FileProblem(f"{item.trashed}: no longer in the trash")
    target = item.original
    if target.exists():
        target = unique_path(target.parent, target.stem, target.suffix)
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(item.trashed, target)
    item.info_path.unlink(missing_ok=True)
    return target


def trash_items() -> list[Trashed]:
    folder = trash_dir()
    if not folder.is_dir():
        return []
    items = []
    for info in sorted(folder.glob(f"*{TRASH_INFO_SUFFIX}")):
        trashed = info.with_name(info.name[: -len(TRASH_INFO_SUFFIX)])
        try:
            original = Path(json.loads(info.read_text(encoding="utf-8"))["original"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if trashed.is_file():
            items.append(Trashed(trashed, original))
    return items


def import_copy(source: Path | str) -> Path:
    """Copy a character file from anywhere into the library (validated first).

    The bytes are copied unchanged; the new file's name follows the character's.
    """
    source = Path(source)
    cf = load_character(source)  # FileProblem names the file and the problem
    target = unique_path(characters_dir(create=True), safe_file_stem(cf.name or source.stem))
    write_bytes_atomic(target, cf.raw if cf.raw is not None else cf.to_bytes())
    return target


def save_copy(source: Path | str, target: Path | str) -> Path:
    """Write a copy of a character file elsewhere (atomic, bytes unchanged)."""
    source, target = Path(source), Path(target)
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise FileProblem(f"{source}: cannot be read ({exc.strerror or exc})") from None
    try:
        write_bytes_atomic(target, data)
    except OSError as exc:
        raise FileProblem(f"{target}: cannot be written ({exc.strerror or exc})") from None
    return target


def delete_permanently(path: Path | str) -> None:
    """Remove a file for good (used to undo a duplicate or an import)."""
    Path(path).unlink(missing_ok=True)


def create_character(ruleset, name: str, baseline: dict, folder: Path | None = None) -> Path:
    """Write a new character (validated by the ruleset) into the library; returns its file."""
    from builder.rules.base import Refusal
    from builder.storage.files import CharacterFile, new_document

    name = name.strip()
    if not name:
        raise Refusal(["a character needs a name"])
    reasons = ruleset.validate_baseline(baseline)
    if reasons:
        raise Refusal(reasons)
    folder = folder or characters_dir(create=True)
    target = unique_path(folder, safe_file_stem(name))
    CharacterFile(doc=new_document(ruleset, name, baseline), ruleset=ruleset).save(target)
    return target
