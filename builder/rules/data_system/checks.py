"""What a rule-system data file must be: the JSON Schema (with its own keywords: a
limit at least its floor, a start between them), then what a schema cannot say
(names unique and known, a group name free, prerequisites naming known entries)."""
from __future__ import annotations

from typing import Any

from builder.resources import load_json_resource
from builder.rules import schema_keywords
from builder.rules import vocabulary as vocab

SCHEMA = "rule-system.schema.json"
#: Keys of ``show --json`` a value group may not take.
RESERVED_GROUPS = {"name", "ruleset", "paths", "notes", "ledger", "format", "kind"}


def schema_problems(data: Any) -> list[str]:
    """The schema's problems with ``data`` (the one validation path:
    :func:`builder.rules.schema_keywords.validation_errors`), one line each, up to ten."""
    problems: list[str] = []
    schema = load_json_resource("schema", SCHEMA)
    found = [deep for error in schema_keywords.validation_errors(schema, data)
             for deep in vocab.chosen_errors(error)]
    for error in sorted(found, key=lambda e: [str(p) for p in e.absolute_path]):
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        problems.append(f"{where}: {message}")
        if len(problems) >= 10:
            break
    return problems


def data_problems(data: Any, schema_checked: bool = False) -> list[str]:
    """Every problem of ``data`` (``schema_checked``: it is known to match the schema)."""
    problems = [] if schema_checked else schema_problems(data)
    if problems:
        return problems
    values = {v["name"]: v for v in data["values"]}
    paths = {p["name"]: p for p in data.get("paths", [])}
    bound: dict[str, dict[str, Any]] = {}
    for kind, records in (("values", values), ("paths", paths)):
        for name, record in records.items():
            try:
                bound[name] = {key: vocab.bind(record.get(key), data, record)
                               for key in ("cost", "requires")}
            except vocab.ReferenceProblem as problem:
                problems.append(f"{kind}/{name}: {problem}")
                bound[name] = {"cost": None, "requires": None}
            requires = bound[name]["requires"]
            if requires != record.get("requires"):
                # what its references became is checked again (the file was checked as is)
                problems += vocab.record_problems(requires or [], "requires",
                                                  f"{kind}/{name}/requires")
            elif requires is not None:
                problems += vocab.say_problems(requires, f"{kind}/{name}/requires")
            if "flag" in vocab.types_used(record.get("requires")):
                problems.append(f"{kind}/{name}/requires: a rule system written as data "
                                "sets no flags (a flag prerequisite could never be met)")
    names = [v["name"] for v in data["values"]] + [p["name"] for p in data.get("paths", [])]
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            problems.append(f"the name '{name}' is used twice")
        seen.add(name.casefold())
    label = data["currency"]["label"]
    for value in data["values"]:
        name = value["name"]
        group = value.get("group", "values")
        if group in RESERVED_GROUPS or group == label or group in values:
            problems.append(f"values/{name}: the group name '{group}' is taken")
    for kind, records in (("values", values), ("paths", paths)):
        for name in records:
            for edge in vocab.edges(bound[name]["requires"], name):
                known = values if edge.kind == "value" else paths
                if edge.source not in known:
                    what = "value" if edge.kind == "value" else "path"
                    problems.append(f"{kind}/{name}: needs the unknown {what} "
                                    f"'{edge.source}'")
    return problems
