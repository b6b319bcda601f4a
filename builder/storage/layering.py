"""Homebrew overrides that layer over the built-in data.

An override file ``rulesets/<id>.json`` is either a whole data file (it replaces
the built-in data, as before) or, when it says ``"extends": "<id>"``, a layer
over the built-in data that names only what changes:

* an object is merged key by key; a key set to ``null`` is removed
  (JSON Merge Patch, RFC 7386);
* a list whose items are all objects with a ``"name"`` (Skills, Classes, Paths,
  abilities, aging categories...) is merged by name: an item whose name is
  already there is merged into it, ``{"name": "X", "$remove": true}`` removes
  X, an item with a new name is appended;
* anything else (a number, a text, a list of names or of table rows) replaces
  the built-in value.

The result is then validated exactly like a whole file (the ruleset's schema,
then its own checks), so a layer that makes nonsense is refused with the path
of the bad value.
"""
from __future__ import annotations

import copy
from typing import Any

EXTENDS = "extends"
REMOVE = "$remove"


class LayerProblem(ValueError):
    """The layer itself is malformed; the message names the place."""


def is_layer(override: Any) -> bool:
    return isinstance(override, dict) and EXTENDS in override


def apply_layer(base: dict[str, Any], layer: dict[str, Any], ruleset_id: str) -> dict[str, Any]:
    """The built-in ``base`` with ``layer`` applied (neither is changed)."""
    if layer.get(EXTENDS) != ruleset_id:
        raise LayerProblem(f"{EXTENDS}: a layer over the {ruleset_id} data says "
                           f"\"{EXTENDS}\": \"{ruleset_id}\", not {layer.get(EXTENDS)!r}")
    changes = {k: v for k, v in layer.items() if k != EXTENDS}
    merged: dict[str, Any] = _merge(copy.deepcopy(base), changes, "")
    return merged


def _named(items: Any) -> bool:
    return isinstance(items, list) and bool(items) and all(
        isinstance(i, dict) and isinstance(i.get("name"), str) for i in items)


def _merge(base: Any, change: Any, where: str) -> Any:
    if isinstance(change, dict) and isinstance(base, dict):
        for key, value in change.items():
            if value is None:
                base.pop(key, None)
            elif key in base:
                base[key] = _merge(base[key], value, f"{where}/{key}")
            else:
                base[key] = _strip(value, f"{where}/{key}")
        return base
    if isinstance(change, list) and _named(base) and all(isinstance(i, dict) for i in change):
        merged = list(base)
        for index, item in enumerate(change):
            place = f"{where}/{index}"
            name = item.get("name")
            if not isinstance(name, str):
                raise LayerProblem(f"{place}: an entry of a named list needs its \"name\"")
            found = next((i for i, old in enumerate(merged) if old.get("name") == name), None)
            if item.get(REMOVE) is True:
                if found is None:
                    raise LayerProblem(f"{place}: {name!r} is not there to remove")
                del merged[found]
            elif found is None:
                merged.append(_strip(item, place))
            else:
                merged[found] = _merge(merged[found],
                                       {k: v for k, v in item.items() if k != REMOVE}, place)
        return merged
    return _strip(change, where)


def _strip(value: Any, where: str) -> Any:
    """A new value as given, without removal marks (nothing to remove from)."""
    if isinstance(value, dict):
        if REMOVE in value:
            raise LayerProblem(f"{where}: {REMOVE} only removes an entry of a named list")
        return {k: _strip(v, f"{where}/{k}") for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_strip(v, f"{where}/{i}") for i, v in enumerate(value)]
    return value
