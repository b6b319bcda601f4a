"""What an operation returns (an :class:`Outcome`) or raises (:class:`Refused`)."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from builder.rules.base import Refusal
from builder.rules.entry_ids import Envelope
from builder.storage.files import FileProblem
from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.app.views import PartyAwardView

#: The member guard: reasons why these files must not be written now (an open
#: window tab holds a change to one of them that is not on disk).  Empty: go.
Guard = Callable[[Sequence[Path]], Sequence[str]]


def no_guard(_paths: Sequence[Path]) -> Sequence[str]:
    """The command line's guard: nothing else holds the files."""
    return ()


class RefusalCode(str, Enum):
    """Why an operation refused (stable: adapters act on these, never on wording)."""

    #: The rules said no (the reasons are the rules core's).
    RULES = "rules"
    #: The member guard: an open tab holds an unsaved change to a file the
    #: operation would write.
    MEMBER_BUSY = "member-busy"
    #: The file changed since the caller read it (e.g. the command line wrote
    #: the campaign meanwhile); nothing was written.
    STALE = "stale"
    #: A new file would replace an existing one (no ``force``).
    EXISTS = "exists"


class Refused(Refusal):
    """An operation refused; nothing was written.  ``code`` is stable, ``reasons``
    are for people."""

    def __init__(self, code: RefusalCode, reasons: Iterable[str]):
        super().__init__(reasons)
        self.code = code


class NotWritten(FileProblem):
    """The change was made to the caller's open copy, but writing it failed (a full
    disk, a lock another program holds): the copy keeps the change, the file is as
    it was.  (A file changed behind the copy's back is ChangedOnDisk instead.)"""


def digest(data: bytes | None) -> str | None:
    """SHA-256 of a file's bytes (None: there was no file)."""
    import hashlib  # when a digest is made (docs/dev/performance.md, hashlib)

    return None if data is None else hashlib.sha256(data).hexdigest()


class FileChange(FrozenRecord):
    """One file an operation wrote (or, in a dry run, would write)."""

    _fields = ("path", "before", "after")
    __slots__ = _fields
    path: Path
    before: str | None
    after: str | None

    def __init__(self, path: Path, before: str | None, after: str | None) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)

    @classmethod
    def of(cls, path: Path | str, before: bytes | None, after: bytes | None) -> "FileChange":
        return cls(Path(path), digest(before), digest(after))


class Outcome(FrozenRecord):
    """What an operation did.

    ``changes``: every file written, in order (empty for a refused or a dry run's
    nothing-to-do).  ``written`` is False for a dry run (``changes`` then says
    what would be written).  ``entry``: the ledger entry the operation added or
    removed, as an :class:`~builder.rules.entry_ids.Envelope` (its ``entry`` the JSON
    object itself; what an undo of the operation takes back).  ``lines``: what the
    command line prints, one per line.  ``summary``: one sentence for a status bar."""

    _fields = ("summary", "changes", "written", "entry", "lines", "entries", "renamed",
               "moved", "award", "refused", "notes")
    __slots__ = _fields
    summary: str
    changes: tuple[FileChange, ...]
    written: bool
    entry: Envelope | None
    lines: tuple[str, ...]
    #: For party operations: {file: the ledger entry added to it}.
    entries: dict[Path, Envelope]
    #: A rename: (old name, new name).
    renamed: tuple[str, str] | None
    #: Files moved as a whole (trash, restore): (from, to) pairs, in order.
    moved: tuple[tuple[Path, Path], ...]
    #: A party XP award: what each member got (the same numbers a dry run shows); each
    #: member's file is read as a :class:`~builder.app.views.CharacterView`.
    award: PartyAwardView | None
    #: Why the rules stopped an operation of several steps after the ones it took (a
    #: plan's next step); empty when it took them all.
    refused: tuple[str, ...]
    #: What the player should know about what was done (a rule system's note on a new
    #: character), each saying what to do about it.
    notes: tuple[str, ...]

    def __init__(self, summary: str, changes: tuple[FileChange, ...] = (),
                 written: bool = True, entry: Envelope | None = None,
                 lines: tuple[str, ...] = (),
                 entries: dict[Path, Envelope] | None = None,
                 renamed: tuple[str, str] | None = None,
                 moved: tuple[tuple[Path, Path], ...] = (), award: PartyAwardView | None = None,
                 refused: tuple[str, ...] = (), notes: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "summary", summary)
        object.__setattr__(self, "changes", changes)
        object.__setattr__(self, "written", written)
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "entries", {} if entries is None else entries)
        object.__setattr__(self, "renamed", renamed)
        object.__setattr__(self, "moved", moved)
        object.__setattr__(self, "award", award)
        object.__setattr__(self, "refused", refused)
        object.__setattr__(self, "notes", notes)

    @property
    def paths(self) -> list[Path]:
        return [change.path for change in self.changes]


def check_guard(guard: Guard | None, paths: Sequence[Path | str]) -> None:
    """Refused(MEMBER_BUSY) when the guard names a reason for any of ``paths``."""
    if guard is None:
        return
    reasons = list(guard([Path(p) for p in paths]))
    if reasons:
        raise Refused(RefusalCode.MEMBER_BUSY, reasons)


def rules_refusal(refusal: Refusal) -> Refused:
    """A rules core Refusal as an application refusal (code RULES)."""
    if isinstance(refusal, Refused):
        return refusal
    return Refused(RefusalCode.RULES, refusal.reasons)
