"""File format versions and the migrations of older files (no Qt here).

Characters and campaigns each carry their own ``format`` version: a change to
one never bumps the other.  For each kind:

* ``current``: what this version writes;
* ``oldest``: the oldest it reads (an older file is refused, one line);
* ``steps``: one function per version, upgrading a document of version N to N+1
  in place.  Reading a file applies every step from its version to ``current``
  before the file is validated, so the rules never see an old document; the file
  on disk stays as it was until the character is next saved, which writes
  ``current``.

A file newer than ``current`` is not upgraded: it opens read-only and is never
rewritten (see :func:`FileFormat.check`).

Character format history:

1. The first format: name, ruleset, baseline, ledger, notes, created.
2. Who the character is: ``player``, ``appearance``, ``background`` (text) and
   ``portrait`` (an image in the data folder, its path relative to it) became
   known top-level keys.  A format-1 file may already hold keys of these names
   that format 1 did not know (it kept them unchanged); those that do not fit
   their new meaning are moved, unchanged, under ``format_1_keys`` (nothing is
   lost, nothing is misread).
"""
from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath
from typing import Any, Callable, Mapping

from builder.rules.records import FrozenRecord


class FormatProblem(Exception):
    """A document too old to read, or without a format version (the message says which)."""


class FileFormat(FrozenRecord):
    """A kind of file's format versions: the one written, the oldest read, and the
    upgrade step from each older one."""

    _fields = ("kind", "current", "oldest", "steps")
    __slots__ = _fields
    kind: str
    current: int
    oldest: int
    steps: Mapping[int, Callable[[dict[str, Any]], None]]

    def __init__(self, kind: str, current: int, oldest: int,
                 steps: Mapping[int, Callable[[dict[str, Any]], None]] | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "oldest", oldest)
        object.__setattr__(self, "steps", {} if steps is None else steps)

    def check(self, doc: dict[str, Any], name: str) -> str | None:
        """None for a document this version writes or upgrades; a read-only reason for
        a newer one; FormatProblem for one without a version or too old to read."""
        version = doc.get("format")
        if not isinstance(version, int) or isinstance(version, bool):
            raise FormatProblem(f"{name}: not a {self.kind} file (no format version)")
        if version < self.oldest:
            raise FormatProblem(f"{name}: format version {version} is older than the oldest "
                                f"this version reads ({self.oldest})")
        if version > self.current:
            return (f"{name}: written by a newer version (format {version}, this version "
                    f"writes {self.current}); opened read-only")
        return None

    def upgrade(self, doc: dict[str, Any]) -> bool:
        """Bring a document of a version this one reads up to ``current``, in place.
        True when it changed (the next save writes the new version)."""
        version = doc.get("format")
        if not isinstance(version, int) or not self.oldest <= version < self.current:
            return False
        while version < self.current:
            self.steps[version](doc)
            version += 1
            doc["format"] = version
        return True


# -- characters ------------------------------------------------------------------

IDENTITY_TEXT_KEYS = ("player", "appearance", "background", "notes")
#: Where a format-1 file's keys that format 2 gave another meaning are kept.
FORMAT_1_KEYS = "format_1_keys"


def relative_portrait(value: Any) -> bool:
    """A portrait value format 2 reads: a non-empty relative path inside the data folder."""
    if not isinstance(value, str) or not value:
        return False
    for flavour in (PurePosixPath(value), PureWindowsPath(value)):
        if flavour.is_absolute() or flavour.anchor or ".." in flavour.parts:
            return False
    return True


def _character_1_to_2(doc: dict[str, Any]) -> None:
    moved = {}
    for key in IDENTITY_TEXT_KEYS:
        if key in doc and not isinstance(doc[key], str):
            moved[key] = doc.pop(key)
    if "portrait" in doc and not relative_portrait(doc["portrait"]):
        moved["portrait"] = doc.pop("portrait")
    if moved:
        kept = doc.get(FORMAT_1_KEYS)
        if isinstance(kept, dict):
            kept.update(moved)
        else:
            if FORMAT_1_KEYS in doc:  # a format-1 file's own key of that name: kept too
                moved[FORMAT_1_KEYS] = doc[FORMAT_1_KEYS]
            doc[FORMAT_1_KEYS] = moved


CHARACTER = FileFormat("character", current=2, oldest=1, steps={1: _character_1_to_2})
CAMPAIGN = FileFormat("campaign", current=1, oldest=1)
FORMATS = {f.kind: f for f in (CHARACTER, CAMPAIGN)}
