"""Rule systems defined by a data file alone, no Python.

A file ``<data folder>/rulesets/systems/ID.json`` (format:
``builder/data/schema/rule-system.schema.json``) names values with floors and
limits, a currency with its starting amount, what each step costs and needs (the
typed vocabulary of :mod:`builder.rules.vocabulary`), paths to take, the largest
award, and whether ``plan`` may plan.  :class:`DataRuleset` runs any such file:
``raise NAME``, ``take PATH``, ``award N``; its options carry the vocabulary's
reasons; its planner is a uniform-cost search over the vocabulary.

The files are found by :mod:`builder.storage.data_systems` (the rules core reads
no folders) and registered with :func:`builder.rules.registry.add_source`.
"""
from __future__ import annotations

import json
from typing import Any

from builder.rules.data_system.ruleset import DataRuleset, DataState

__all__ = ["DataRuleset", "DataState", "make_class"]


def make_class(data: dict[str, Any], source_file: str = "") -> type[DataRuleset]:
    """The Ruleset class of one data file (which passed ``DataRuleset.validate_data``)."""
    frozen = json.dumps(data)

    def builtin_data(cls: type[DataRuleset]) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(frozen)
        return loaded

    values = [v["name"] for v in data["values"]]
    return type(f"DataRuleset_{data['id'].replace('-', '_')}", (DataRuleset,), {
        "id": data["id"],
        "title": data["title"],
        "summary_text": data.get("summary", ""),
        "source_file": source_file,
        "set_keys": tuple(f"{name}=N  starting {name} (bought with the starting points)"
                          for name in values),
        "builtin_data": classmethod(builtin_data),
    })
