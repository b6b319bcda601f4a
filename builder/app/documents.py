"""The window's file operations on an open character copy (a tab): the choices a
player makes when the file behind the tab changed or went away.

* :func:`keep_mine`: the file changed on disk and the player keeps the open copy: it
  is written over the file (under the file's lock).
* :func:`save_again`: the file was deleted or moved away while open: the open copy is
  written where it was, only while no file has come back there (else ``STALE``: that is
  a change on disk, and the player chooses between the two versions).

:func:`open_character` reads a character for a tab: a file the rules refuse opens
read-only, with the lines ``check`` prints for it (:func:`refused_lines`).

Both return an :class:`~builder.app.outcome.Outcome` naming the file written; a write
that fails raises :class:`~builder.app.outcome.NotWritten` with the reason.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from builder.app.outcome import FileChange, NotWritten, Outcome, Refused, RefusalCode
from builder.app.views import CharacterView, character_file
from builder.rules.records import FrozenRecord
from builder.storage.files import (CharacterFile, FileProblem, current_bytes, load_character,
                                   write_checked)
from builder.storage.jsonio import one_line


def open_character(path: Path | str) -> CharacterView:
    """Read a character for a tab (FileProblem: it cannot be read as one).  A file the
    rules refuse (what ``check`` lists problems for) is read-only: nothing is added to
    it or written until it is fixed, and :func:`refused_lines` says why."""
    cf = load_character(path)
    if cf.read_only is None and refused_lines(cf):
        cf.read_only = one_line(f"{cf.path}: the rules refuse this file, so it is open "
                                "read-only (check lists every problem)")
    return cf


def refused_lines(cf: CharacterView) -> list[str]:
    """The lines ``check`` prints for a file the rules refuse (empty: they accept it);
    where rule code cannot even replay the file, the one line ``check`` answers with."""
    try:
        return [line for problem in cf.replay.problems for line in problem.lines()]
    except FileProblem as problem:
        return [str(problem)]


def _target(cf: CharacterFile) -> Path:
    if cf.read_only:
        raise FileProblem(cf.read_only)
    if cf.path is None:
        raise FileProblem("no file to save to")
    return cf.path


def _read(path: Path) -> bytes | None:
    try:
        return current_bytes(path)
    except FileProblem:
        return None


def disk_bytes(view: CharacterView) -> bytes | None:
    """What the open character's file holds now, to tell another program's write from
    the copy open: its bytes, or of a file beyond a character file's size as many as
    tell it from any copy (one byte more); None without a file, or for one that cannot
    be read (gone, unreadable, not a regular file)."""
    from builder.storage import jsonio
    from builder.storage.reading import Unreadable, read_start

    if view.path is None:
        return None
    try:
        return read_start(view.path, jsonio.MAX_DOCUMENT_BYTES + 1)
    except Unreadable:
        return None


def keep_mine(view: CharacterView) -> Outcome:
    """Write the open copy over the file, whatever it holds now."""
    cf = character_file(view)
    path = _target(cf)
    before = _read(path)
    try:
        cf.save(check=False)
    except FileProblem as problem:
        raise NotWritten(str(problem)) from None
    return Outcome(summary=f"{cf.name}: this version was saved over the file on disk",
                   changes=(FileChange.of(path, before, cf.raw),))


def save_again(view: CharacterView) -> Outcome:
    """Write the open copy at its path again, the file having gone away."""
    cf = character_file(view)
    path = _target(cf)
    data = cf.to_bytes()
    try:
        write_checked(path, data, None, check=True)   # only while there is no file
    except FileProblem as problem:
        if _read(path) is not None:
            raise Refused(RefusalCode.STALE,
                          [f"{path}: a file is there again; reload it or keep this "
                           "version"]) from None
        raise NotWritten(str(problem)) from None
    cf.raw = data
    return Outcome(summary=f"{cf.name}: saved again at {path}",
                   changes=(FileChange.of(path, None, data),))


def import_problems(sources: Sequence[Path | str]) -> list[tuple[Path, str]]:
    """Each file of an import that cannot be read as a character, with why (the import
    itself, :func:`builder.app.library.import_files`, stops at the first)."""
    problems: list[tuple[Path, str]] = []
    for source in sources:
        try:
            load_character(source)
        except FileProblem as problem:
            problems.append((Path(source), str(problem)))
    return problems


def library_copy(source: Path | str) -> Path | None:
    """The library's copy of ``source`` (a sample character, a file imported before):
    the library file of the same character (name and rule system), the oldest if there
    are several; None when the library holds none."""
    from builder.app.library import scan
    from builder.storage.library import read_entry

    wanted = read_entry(Path(source))
    if wanted.problem:
        return None
    copies = [entry for entry in scan() if not entry.problem
              and entry.name == wanted.name and entry.ruleset_id == wanted.ruleset_id]
    if not copies:
        return None
    return min(copies, key=lambda entry: (entry.modified, str(entry.path))).path


class LedgerDiff(FrozenRecord):
    """How another version of a character differs from an open copy: entries added at
    the end of its ledger (``added``), entries taken off its end (``removed``, as an
    undo does: the withdrawn list moves with them), or a difference anywhere else
    (``other``); all empty when the two differ in nothing but what was withdrawn."""

    _fields = ("added", "removed", "other")
    __slots__ = _fields
    added: tuple[dict[str, Any], ...]
    removed: tuple[dict[str, Any], ...]
    other: bool

    def __init__(self, added: tuple[dict[str, Any], ...] = (),
                 removed: tuple[dict[str, Any], ...] = (), other: bool = False) -> None:
        object.__setattr__(self, "added", added)
        object.__setattr__(self, "removed", removed)
        object.__setattr__(self, "other", other)


def _ledger_end_change(ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> LedgerDiff:
    """:class:`LedgerDiff` of two character documents."""
    moving = ("ledger", "withdrawn")    # an undo moves an entry from one to the other
    mine, new = ours.get("ledger"), theirs.get("ledger")
    if ({k: v for k, v in ours.items() if k not in moving}
            != {k: v for k, v in theirs.items() if k not in moving}
            or not isinstance(mine, list) or not isinstance(new, list)):
        return LedgerDiff(other=True)
    if len(new) > len(mine) and new[:len(mine)] == mine:
        return LedgerDiff(added=tuple(new[len(mine):]))
    if len(mine) > len(new) and mine[:len(new)] == new:
        return LedgerDiff(removed=tuple(mine[len(new):]))
    return LedgerDiff(other=mine != new)


def ledger_diff(ours: CharacterView, theirs: CharacterView) -> LedgerDiff:
    """What ``theirs`` (the file as another program left it) holds beyond ``ours`` (an
    open copy) or lacks of it."""
    return _ledger_end_change(ours.doc, theirs.doc)


def only_ledger_changed(view: CharacterView, disk: bytes | None) -> bool:
    """The file on disk (``disk``) differs from what the open copy ``view`` read only at
    the end of its ledger (a campaign award or its undo from the command line, a
    ``do`` / ``undo``), and the open copy holds no change of its own: taking the disk's
    version loses nothing.  An older file the copy read, saved since in the current
    format, compares as the same version."""
    import json

    from builder.storage.formats import CHARACTER

    cf = character_file(view)
    if cf.raw is None:
        return False
    try:
        ours = json.loads(cf.raw.decode("utf-8"))
        theirs = json.loads((disk or b"").decode("utf-8"))
        for side in (ours, theirs):
            if isinstance(side, dict):
                CHARACTER.upgrade(side)
        # a change made in the open copy that could not be saved is never dropped
        if json.loads(cf.to_bytes().decode("utf-8")) != ours:
            return False
    except (UnicodeDecodeError, ValueError):
        return False
    if not (isinstance(ours, dict) and isinstance(theirs, dict)):
        return False
    return not _ledger_end_change(ours, theirs).other
