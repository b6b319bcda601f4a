"""Every rule system with where it comes from, for Help > Rule Systems."""
from __future__ import annotations

from typing import Any

from builder.storage.data_systems import SOURCE_LABEL, scan, warnings
from builder.rules.records import FrozenRecord


class RuleSystemRow(FrozenRecord):
    """One line of Help > Rule Systems."""

    _fields = ("id", "title", "source", "overridden", "file", "warnings")
    __slots__ = _fields
    id: str
    title: str
    source: str        # "built-in", "plugin", "data file"
    overridden: str    # the override file in use, "" when none
    file: str          # the data file of a "data file" system, else ""
    warnings: tuple[Any, ...]    # this system's override warnings

    def __init__(self, id: str, title: str, source: str, overridden: str, file: str,
                 warnings: tuple[Any, ...]) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "overridden", overridden)
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "warnings", warnings)


def rule_system_rows() -> tuple[list[RuleSystemRow], list[str]]:
    """Every rule system with where it comes from, and the warnings that belong to
    no listed system (data files left out)."""
    from builder.rules.registry import ruleset_ids, ruleset_source
    from builder.storage.rulesets import load_ruleset_full

    rows = []
    found = scan()
    for rid in ruleset_ids():
        loaded = load_ruleset_full(rid)
        source = ruleset_source(rid)
        rows.append(RuleSystemRow(
            rid, loaded.ruleset.title or rid, source,
            "" if loaded.source == "built-in" else loaded.source,
            found.files.get(rid, "") if source == SOURCE_LABEL else "",
            tuple(loaded.warnings)))
    return rows, warnings()
