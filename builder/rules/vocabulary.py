"""A typed rule vocabulary: costs and prerequisites as JSON records, evaluated here.

A rule system written as data (:mod:`builder.rules.data_system`) says what a
step costs and what it needs with these records instead of Python.  The records
are published as a JSON Schema (``builder/data/schema/vocabulary.schema.json``)
and checked on load; the code below assumes a record that passed the schema.

Costs (what raising something *to* ``target`` costs; ``target`` is the level
reached, one above the current one):

* ``{"type": "flat", "amount": N}``: N for every level;
* ``{"type": "per-level", "amount": N, "plus": C}``: N per target level, plus C:
  a multiple of the target level (``target x N + C``; story-points' "target x 2"
  is ``{"type": "per-level", "amount": 2}``);
* ``{"type": "table", "costs": {"1": 2, "2": 3, ...}}``: the cost of each target
  level; a level missing from the table cannot be bought (reason ``cost.no-entry``).

Prerequisites (each yields reasons a player reads, with a stable code, and the
chain's edges: which value or path it hangs on):

* ``{"type": "at-least", "value": "Body", "level": 3}``: Body is at least 3;
* ``{"type": "at-least-target", "value": "Body", "offset": 0}``: Body is at least
  the level being bought (plus ``offset``), "another value at least this one";
* ``{"type": "holds", "path": "Knight"}``: the character holds the class or path;
* ``{"type": "all-of", "of": [...]}`` and ``{"type": "any-of", "of": [...]}``.

A list of prerequisites means all of them.  Any prerequisite may carry
``"from": L``: it applies only when the target level is L or more.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from builder.rules.base import Reason

#: Prerequisites as a data file writes them: one record, a list of records (all of
#: them), or nothing.
Requires = Mapping[str, Any] | Iterable[Mapping[str, Any]] | None

#: A value is below what a prerequisite needs.
VALUE_TOO_LOW = "value.too-low"
#: A class or path a prerequisite needs is not held.
PATH_NOT_HELD = "path.not-held"
#: None of an any-of prerequisite's alternatives is met.
NONE_OF = "prerequisite.none-of"
#: A cost table has no entry for the level (it cannot be bought).
COST_NO_ENTRY = "cost.no-entry"
#: Not enough points to pay.
POINTS_SHORT = "points.short"

COST_TYPES = ("flat", "per-level", "table")
PREREQUISITE_TYPES = ("at-least", "at-least-target", "holds", "all-of", "any-of")


@dataclass(frozen=True)
class Facts:
    """What prerequisites and costs read: each value's level and the held paths."""

    levels: Mapping[str, int]
    held: frozenset[Any] = frozenset()

    def level(self, name: str) -> int:
        return int(self.levels.get(name, 0))


@dataclass(frozen=True)
class Edge:
    """One edge of the chain: ``target`` needs ``source`` (a value or a path)."""

    source: str
    target: str
    kind: str  # "value" or "path"
    level: int | None = None  # the level needed (None: the target's own level)


# -- costs ---------------------------------------------------------------------------

def cost(record: Mapping[str, Any], target: int) -> int | None:
    """What reaching ``target`` costs under ``record``; None when it cannot be bought."""
    kind = record["type"]
    if kind == "flat":
        return int(record["amount"])
    if kind == "per-level":
        return int(record["amount"]) * target + int(record.get("plus", 0))
    if kind == "table":
        entry = record["costs"].get(str(target))
        return None if entry is None else int(entry)
    raise ValueError(f"unknown cost type {kind!r}")


def cost_reasons(record: Mapping[str, Any], subject: str, target: int) -> list[Reason]:
    """Why ``subject`` cannot be bought at ``target`` because of its cost record."""
    if cost(record, target) is None:
        return [Reason(f"{subject} {target} has no cost in the rules", COST_NO_ENTRY)]
    return []


def afford_reasons(price: int, unspent: int, label: str) -> list[Reason]:
    if price > unspent:
        return [Reason(f"needs {price} {label}, {unspent} unspent".replace("  ", " "),
                       POINTS_SHORT)]
    return []


# -- prerequisites -------------------------------------------------------------------

def as_list(requires: Mapping[str, Any] | Iterable[Any] | None) -> list[Any]:
    if requires is None:
        return []
    if isinstance(requires, Mapping):
        return [requires]
    return list(requires)


def _applies(record: Mapping[str, Any], target: int) -> bool:
    return target >= int(record.get("from", 0))


def unmet(requires: Requires, facts: Facts, subject: str, target: int) -> list[Reason]:
    """Every reason the prerequisites ``requires`` (a record or a list: all of them)
    are not met for ``subject`` at ``target`` (empty: met).  Each reason names the
    blocking value and its level: "Fencing 3 needs Grace 3 (Grace is 2)"."""
    what = f"{subject} {target}" if target else subject
    return [Reason(f"{what} needs {phrase}", code)
            for code, phrase in _missing(requires, facts, target)]


def _missing(requires: Requires, facts: Facts, target: int) -> list[tuple[str, str]]:
    """(code, what is missing) for each unmet prerequisite."""
    found: list[tuple[str, str]] = []
    for record in as_list(requires):
        found += _missing_one(record, facts, target)
    return found


def _missing_one(record: Mapping[str, Any], facts: Facts, target: int) -> list[tuple[str, str]]:
    if not _applies(record, target):
        return []
    kind = record["type"]
    if kind in ("at-least", "at-least-target"):
        name = record["value"]
        needed = (int(record["level"]) if kind == "at-least"
                  else target + int(record.get("offset", 0)))
        have = facts.level(name)
        return [(VALUE_TOO_LOW, f"{name} {needed} ({name} is {have})")] if have < needed else []
    if kind == "holds":
        name = record["path"]
        return [] if name in facts.held else [(PATH_NOT_HELD, name)]
    if kind == "all-of":
        return _missing(record["of"], facts, target)
    if kind == "any-of":
        alternatives = [_missing(option, facts, target) for option in record["of"]]
        if not alternatives or any(not found for found in alternatives):
            return []
        said = " or ".join(" and ".join(phrase for _c, phrase in found)
                           for found in alternatives)
        return [(NONE_OF, f"one of: {said}")]
    raise ValueError(f"unknown prerequisite type {kind!r}")


def met(requires: Requires, facts: Facts, subject: str, target: int) -> bool:
    return not unmet(requires, facts, subject, target)


def edges(requires: Requires, subject: str) -> list[Edge]:
    """The chain's edges the prerequisites draw into ``subject`` (all alternatives of
    an any-of, each once)."""
    found: list[Edge] = []
    for record in as_list(requires):
        kind = record["type"]
        if kind == "at-least":
            found.append(Edge(record["value"], subject, "value", int(record["level"])))
        elif kind == "at-least-target":
            found.append(Edge(record["value"], subject, "value", None))
        elif kind == "holds":
            found.append(Edge(record["path"], subject, "path", None))
        else:
            found += edges(record["of"], subject)
    return list(dict.fromkeys(found))


def names_used(requires: Requires) -> set[str]:
    """Every value and path name the prerequisites mention."""
    return {edge.source for edge in edges(requires, "")}
