"""The shared window (builder/ui) and the shared sheet modules (builder/sheets) read no
key of one rule system's derived state: what only one system's ``show --json`` holds
(Story Point ``milestones``, their ``resolved``, the ledger rows' ``sp_after``, ...) is
read by that system's own folder, or asked of its ruleset."""
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any, Iterable, Iterator

from tests.source_trees import nodes

ROOT = Path(__file__).resolve().parents[2]
#: The shared code that must not read a single system's keys (the rule systems' own
#: window parts and sheets live in builder/rulesets/<id>/).
SHARED = [*sorted((ROOT / "builder" / "ui").rglob("*.py")),
          *sorted((ROOT / "builder" / "sheets").glob("*.py"))]
#: The shared documents, whose keys (a campaign entry's ``session``, a member's
#: ``path``...) shared code reads whatever a rule system also calls so.
SHARED_SCHEMAS = ["campaign.schema.json", "character.schema.json"]


def _mappings(value: Any) -> Iterator[dict[str, Any]]:
    """Every mapping in a JSON value, at any depth."""
    if isinstance(value, dict):
        yield value
        children: Iterable[Any] = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return
    for inner in children:
        yield from _mappings(inner)


def single_system_keys() -> dict[str, str]:
    """{key: rule system id} of the keys only one built-in system's derived state holds
    (each system's shipped sample characters), less the shared documents' keys."""
    from builder.rules.registry import BUILTIN
    from builder.storage.files import load_character

    by_system: dict[str, set[str]] = {}
    for path in sorted((ROOT / "builder" / "data" / "samples").glob("*.json")):
        cf = load_character(path)
        if cf.ruleset.id in BUILTIN:
            by_system.setdefault(cf.ruleset.id, set()).update(
                key for mapping in _mappings(cf.derived()) for key in mapping)
    assert len(by_system) >= 2, "the samples hold characters of too few rule systems"
    shared: set[str] = set()
    for name in SHARED_SCHEMAS:
        schema = json.loads((ROOT / "builder" / "data" / "schema" / name).read_text("utf-8"))
        # the property names the schema declares
        shared.update(key for mapping in _mappings(schema)
                      if isinstance(mapping.get("properties"), dict)
                      for key in mapping["properties"])
    own: dict[str, str] = {}
    for system, keys in by_system.items():
        others = set().union(*(k for s, k in by_system.items() if s != system))
        own.update(dict.fromkeys(keys - others - shared, system))
    return own


def _read_key(node: ast.AST) -> object:
    """The constant key ``node`` reads: ``x["key"]``, ``x.get("key", ...)``; else None."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return node.slice.value
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "pop", "setdefault") and node.args
            and isinstance(node.args[0], ast.Constant)):
        return node.args[0].value
    return None


def test_the_single_system_keys_are_found():
    """The scan below knows what it looks for (else it could never fail)."""
    own = single_system_keys()
    assert own["milestones"] == own["resolved"] == own["sp_after"] == "story-points"
    assert own["class_table"] == "vogelfrei" and own["allocation"] == "ability-bonuses"


def test_shared_window_and_sheet_code_reads_no_single_systems_key():
    own = single_system_keys()
    found = []
    for path in SHARED:
        for node in nodes(path):
            key = _read_key(node)
            if isinstance(key, str) and key in own:
                found.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')} "
                             f"reads {key!r} (only {own[key]} has it)")
    assert not found, "\n".join(found)
