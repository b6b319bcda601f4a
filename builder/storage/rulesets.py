"""Loads a ruleset's effective data: the built-in file, or the user's override.

An override (homebrew) is data, never code: it is parsed, validated, and used
only when valid; a broken override is reported and the built-in data is used.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from builder.resources import load_json_resource, resource_exists
from builder.rules.base import Ruleset
from builder.rules.registry import ruleset_class, ruleset_ids
from builder.storage.paths import overrides_dir


@dataclass
class LoadedRuleset:
    ruleset: Ruleset
    source: str
    warnings: list[str] = field(default_factory=list)


def _read_builtin(ruleset_id: str) -> dict:
    # A plugin ruleset brings its own data (``builtin_data()``); the built-in ones
    # read builder/data/rulesets/ID.json.
    provided = getattr(ruleset_class(ruleset_id), "builtin_data", None)
    data = provided() if callable(provided) else load_json_resource("rulesets",
                                                                     f"{ruleset_id}.json")
    # A fresh copy: rulesets may keep (and must not share) the parsed data.
    return json.loads(json.dumps(data))


def load_ruleset_full(ruleset_id: str) -> LoadedRuleset:
    cls = ruleset_class(ruleset_id)
    rid = cls.id
    override = overrides_dir() / f"{rid}.json"
    stamp = None
    if override.exists():
        try:
            st = override.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = None
    return _load(rid, str(override), stamp)


@lru_cache(maxsize=32)
def _load(rid: str, override_path: str, stamp) -> LoadedRuleset:
    cls = ruleset_class(rid)
    builtin = _read_builtin(rid)
    warnings: list[str] = []
    if stamp is not None:
        try:
            with open(override_path, encoding="utf-8") as fh:
                data = json.load(fh)
            problems = validate_ruleset_data(cls, data)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            problems = [f"cannot be read: {exc}"]
        if problems:
            warnings.append(
                f"{override_path}: homebrew override ignored, built-in {rid} data used: "
                + "; ".join(problems[:5]))
        else:
            return LoadedRuleset(cls(data), override_path, warnings)
    return LoadedRuleset(cls(builtin), "built-in", warnings)


def validate_ruleset_data(cls, data) -> list[str]:
    """Schema check (when the ruleset publishes a schema), then the ruleset's own."""
    schema_name = f"ruleset-{cls.id}.schema.json"
    if resource_exists("schema", schema_name):
        from builder.storage.validation import schema_errors

        problems = schema_errors(load_json_resource("schema", schema_name), data)
        if problems:
            return problems
    return cls.validate_data(data)


def load_ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset_full(ruleset_id).ruleset


def all_rulesets() -> list[Ruleset]:
    return [load_ruleset(rid) for rid in ruleset_ids()]
