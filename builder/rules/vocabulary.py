"""A typed rule vocabulary: costs and prerequisites as JSON records, evaluated here.

A rule system written as data (:mod:`builder.rules.data_system`) says what a
step costs and what it needs with these records instead of Python, and so do
the built-in Story Point rules (``advancement`` in their data file).  The
records' JSON Schema is the ``$defs`` of ``builder/data/schema/rule-system.schema.json``
(:func:`record_problems` checks a record against it); the code below assumes a
record that passed it and was :func:`bound <bind>`.

Costs (what raising something *to* ``target`` costs; ``target`` is the level
reached, one above the current one):

* ``{"type": "flat", "amount": N}``: N for every level;
* ``{"type": "per-level", "amount": N, "plus": C}``: N per target level, plus C:
  a multiple of the target level (``target x N + C``; story-points' "target x 2"
  is ``{"type": "per-level", "amount": 2}``);
* ``{"type": "table", "costs": {"1": 2, "2": 3, ...}}``: the cost of each target
  level; a level missing from the table cannot be bought (reason ``cost.no-entry``);
* ``{"type": "reduced", "cost": COST, "by": N, "floor": F}``: another cost less N,
  never below F (a discount: story-points' Training Exchange).

Prerequisites (each yields reasons a player reads, with a stable code, and the
chain's edges: which value or path it hangs on):

* ``{"type": "at-least", "value": "Body", "level": 3}``: Body is at least 3;
* ``{"type": "at-least-target", "value": "Body", "offset": 0}``: Body is at least
  the level being bought (plus ``offset``), "another value at least this one";
* ``{"type": "total-at-least", "values": [...], "level": N}``: the values add up
  to at least N;
* ``{"type": "count-at-least", "values": [...], "count": K, "level": N}``: at least
  K of the values are at N or more (``"offset"`` instead of ``"level"``: at the
  target level plus the offset; count 1 is "one of them at least this one");
* ``{"type": "holds", "path": "Knight"}``: the character holds the class or path;
* ``{"type": "flag", "flag": "active"}``: a yes/no fact about the character is yes;
* ``{"type": "all-of", "of": [...]}`` and ``{"type": "any-of", "of": [...]}``.

A list of prerequisites means all of them.  Any prerequisite may carry
``"from": L``: it applies only when the target level is L or more; ``"code"``:
the stable code of its reason (instead of the type's own); ``"say"``: the whole
reason as a template (``"{subject} {target} needs one of its core Skills at
{level} ({values_is})"``; the fields are listed in :data:`SAY_FIELDS`).

References (:func:`bind`) let one record serve many entries and read its numbers
from the data file: a number may be ``{"data": "costs/vital_per_score",
"default": 2}`` (a place in the rule system's data, ``/`` between keys), a name
``{"entry": "vital"}`` (a field of the entry the record belongs to: a Skill's
Linked Vital), and ``values`` ``{"entry": "core_skills"}`` (a list field).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Container, Iterable, Mapping

from builder.rules import base, templates
from builder.rules.base import Reason
from builder.rules.records import FrozenRecord
from builder.rules.schema_keywords import SHARED, validation_errors

#: Prerequisites as a data file writes them: one record, a list of records (all of
#: them), or nothing.
Requires = Mapping[str, Any] | Iterable[Mapping[str, Any]] | None

#: A value is below what a prerequisite needs.
VALUE_TOO_LOW = "value.too-low"
#: Several values add up to less than a prerequisite needs.
TOTAL_TOO_LOW = "values.total-too-low"
#: Too few of several values reach the level a prerequisite needs.
TOO_FEW = "values.too-few"
#: A class or path a prerequisite needs is not held.
PATH_NOT_HELD = "path.not-held"
#: A yes/no fact a prerequisite needs is no.
FLAG_NOT_SET = "flag.not-set"
#: None of an any-of prerequisite's alternatives is met.
NONE_OF = "prerequisite.none-of"
#: A cost table has no entry for the level (it cannot be bought).
COST_NO_ENTRY = "cost.no-entry"
#: Not enough points to pay (:data:`builder.rules.base.POINTS_SHORT`, kept here too).
POINTS_SHORT = base.POINTS_SHORT

COST_TYPES = ("flat", "per-level", "table", "reduced")
PREREQUISITE_TYPES = ("at-least", "at-least-target", "total-at-least", "count-at-least",
                      "holds", "flag", "all-of", "any-of")
_CODES = {"at-least": VALUE_TOO_LOW, "at-least-target": VALUE_TOO_LOW,
          "total-at-least": TOTAL_TOO_LOW, "count-at-least": TOO_FEW,
          "holds": PATH_NOT_HELD, "flag": FLAG_NOT_SET, "any-of": NONE_OF}

#: The fields a ``say`` template of each prerequisite type may use.  Every type has
#: ``subject`` (what is bought), ``target`` (the level bought) and ``what``
#: (``subject target``, or the subject alone when there is no level).
SAY_FIELDS = {
    "at-least": {"value", "level", "have"},
    "at-least-target": {"value", "level", "have"},
    "total-at-least": {"level", "total", "values", "values_is", "names"},
    "count-at-least": {"level", "count", "have_count", "values", "values_is", "names"},
    "holds": {"path"},
    "flag": {"flag"},
    "any-of": {"alternatives"},
    "all-of": set(),
}
_COMMON_FIELDS = {"subject", "target", "what"}
#: Keys whose value may be a ``{"data": ...}`` reference (a number).
_NUMBER_KEYS = ("amount", "plus", "level", "count", "offset", "from", "by", "floor")
#: Keys whose value may be an ``{"entry": ...}`` reference (a name).
_NAME_KEYS = ("value", "path", "flag")


class ReferenceProblem(ValueError):
    """A reference names a place the data or the entry does not have."""


class Facts(FrozenRecord):
    """What prerequisites and costs read: each value's level (anything with
    ``get(name, default)``: a dict, or a rule system's own view of its state), the held
    paths (classes) and the yes/no facts that are yes (anything that answers ``in``)."""

    _fields = ("levels", "held", "flags")
    __slots__ = _fields
    levels: Any
    held: Container[str]
    flags: Container[str]

    def __init__(self, levels: Any, held: Container[str] = frozenset(),
                 flags: Container[str] = frozenset()) -> None:
        object.__setattr__(self, "levels", levels)
        object.__setattr__(self, "held", held)
        object.__setattr__(self, "flags", flags)

    def level(self, name: str) -> int:
        return int(self.levels.get(name, 0))


class Edge(FrozenRecord):
    """One edge of the chain: ``target`` needs ``source`` (a value or a path)."""

    _fields = ("source", "target", "kind", "level", "code")
    __slots__ = _fields
    source: str
    target: str
    kind: str  # "value" or "path"
    level: int | None  # the level needed (None: relative to the target's level)
    code: str  # the code of the reason given when this prerequisite is unmet

    def __init__(self, source: str, target: str, kind: str, level: int | None = None,
                 code: str = "") -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "code", code)


# -- references ----------------------------------------------------------------------

def bind(record: Any, data: Mapping[str, Any] | None = None, entry: Mapping[str, Any] | None = None) -> Any:
    """``record`` (a cost, a prerequisite or a list of them) with every reference
    replaced: ``{"data": "a/b", "default": N}`` by that number of ``data``,
    ``{"entry": "field"}`` by that field of ``entry``.  ReferenceProblem names a
    reference that points nowhere."""
    if isinstance(record, list):
        return [bind(item, data, entry) for item in record]
    if not isinstance(record, Mapping):
        return record
    bound: dict[str, Any] = {}
    for key, value in record.items():
        if key in _NUMBER_KEYS and isinstance(value, Mapping):
            bound[key] = _data_number(value, data)
        elif key in _NAME_KEYS and isinstance(value, Mapping):
            bound[key] = _entry_field(value, entry, str)
        elif key == "values":
            bound[key] = _values(value, entry)
        elif key in ("of", "cost"):
            bound[key] = bind(value, data, entry)
        else:
            bound[key] = value
    return bound


def _data_number(ref: Mapping[str, Any], data: Mapping[str, Any] | None) -> int:
    place = str(ref.get("data", ""))
    node: Any = data if data is not None else {}
    for key in place.split("/"):
        if isinstance(node, Mapping) and key in node:
            node = node[key]
        elif "default" in ref:
            return int(ref["default"])
        else:
            raise ReferenceProblem(f"the data has no '{place}'")
    if isinstance(node, bool) or not isinstance(node, int):
        raise ReferenceProblem(f"'{place}' is not a whole number")
    return node


def _entry_field(ref: Mapping[str, Any], entry: Mapping[str, Any] | None, kind: type) -> Any:
    name = str(ref.get("entry", ""))
    if entry is None or name not in entry:
        raise ReferenceProblem(f"the entry has no '{name}'")
    value = entry[name]
    if kind is str and not isinstance(value, str):
        raise ReferenceProblem(f"the entry's '{name}' is not a name")
    return value


def _values(value: Any, entry: Mapping[str, Any] | None) -> list[str]:
    if isinstance(value, Mapping):
        found = _entry_field(value, entry, list)
        if not isinstance(found, list) or not all(isinstance(n, str) for n in found):
            raise ReferenceProblem(f"the entry's '{value.get('entry')}' is not a list of names")
        return list(found)
    return [_entry_field(v, entry, str) if isinstance(v, Mapping) else v for v in value]


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
    if kind == "reduced":
        price = cost(record["cost"], target)
        if price is None:
            return None
        return max(int(record.get("floor", 0)), price - int(record.get("by", 0)))
    raise ValueError(f"unknown cost type {kind!r}")


def reduced(record: Mapping[str, Any], by: int, floor: int) -> dict[str, Any]:
    """``record`` with a discount of ``by``, never below ``floor``."""
    return {"type": "reduced", "cost": record, "by": by, "floor": floor}


def cost_reasons(record: Mapping[str, Any], subject: str, target: int) -> list[Reason]:
    """Why ``subject`` cannot be bought at ``target`` because of its cost record."""
    if cost(record, target) is None:
        return [Reason(f"{subject} {target} has no cost in the rules", COST_NO_ENTRY)]
    return []


def afford_reasons(price: int, unspent: int, label: str, code: str = POINTS_SHORT
                   ) -> list[Reason]:
    if price > unspent:
        return [Reason(f"needs {price} {label}, {unspent} unspent".replace("  ", " "), code)]
    return []


# -- prerequisites -------------------------------------------------------------------

def as_list(requires: Mapping[str, Any] | Iterable[Any] | None) -> list[Any]:
    if requires is None:
        return []
    if isinstance(requires, list):
        return requires
    if isinstance(requires, (dict, Mapping)):
        return [requires]
    return list(requires)


def _applies(record: Mapping[str, Any], target: int) -> bool:
    return target >= int(record.get("from", 0))


class _Miss(FrozenRecord):
    """One unmet prerequisite: its code, the phrase after "needs", its own wording
    (``say``) if it has one, and the fields that wording may use."""

    _fields = ("code", "phrase", "say", "fields")
    __slots__ = _fields
    code: str
    phrase: str
    say: str | None
    fields: Mapping[str, Any]

    def __init__(self, code: str, phrase: str, say: str | None,
                 fields: Mapping[str, Any]) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "phrase", phrase)
        object.__setattr__(self, "say", say)
        object.__setattr__(self, "fields", fields)


def unmet(requires: Requires, facts: Facts, subject: str, target: int) -> list[Reason]:
    """Every reason the prerequisites ``requires`` (a record or a list: all of them)
    are not met for ``subject`` at ``target`` (empty: met).  Each reason names the
    blocking value and its level: "Fencing 3 needs Grace 3 (Grace is 2)"; a record
    with ``say`` words its reason itself."""
    misses = _missing(requires, facts, target)
    if not misses:
        return []
    what = f"{subject} {target}" if target else subject
    common = {"subject": subject, "target": target, "what": what}
    reasons = []
    for miss in misses:
        if miss.say is not None:
            text = templates.fill(miss.say, {**common, **miss.fields})
        else:
            text = f"{what} needs {miss.phrase}"
        reasons.append(Reason(text, miss.code))
    return reasons


def _missing(requires: Requires, facts: Facts, target: int) -> list[_Miss]:
    if requires is None:
        return []
    if isinstance(requires, dict):
        return _missing_one(requires, facts, target)
    found: list[_Miss] = []
    for record in (requires if isinstance(requires, list) else as_list(requires)):
        missed = _missing_one(record, facts, target)
        if missed:
            found += missed
    return found


def _needed(record: Mapping[str, Any], target: int) -> int:
    if "level" in record:
        return int(record["level"])
    return target + int(record.get("offset", 0))


def _code(record: Mapping[str, Any]) -> str:
    return str(record.get("code") or _CODES.get(record["type"], ""))


def _missing_one(record: Mapping[str, Any], facts: Facts, target: int) -> list[_Miss]:
    if "from" in record and not _applies(record, target):
        return []
    kind = record["type"]
    if kind == "at-least" or kind == "at-least-target":
        name = record["value"]
        needed = (record["level"] if kind == "at-least" else target + record.get("offset", 0))
        have = facts.levels.get(name, 0)
        if have >= needed:
            return []
        return [_miss(record, f"{name} {needed} ({name} is {have})",
                      {"value": name, "level": needed, "have": have})]
    if kind in ("total-at-least", "count-at-least"):
        names = list(record["values"])
        needed = _needed(record, target)
        levels = [facts.level(n) for n in names]
        if kind == "total-at-least":
            total = sum(levels)
            if total >= needed:
                return []
            fields = _fields_of(names, levels, needed)
            return [_miss(record, f"a total of {needed} across {fields['names']} "
                          f"({fields['values']}: {total})", {**fields, "total": total})]
        count = int(record["count"])
        reached = sum(1 for lv in levels if lv >= needed)
        if reached >= count:
            return []
        fields = _fields_of(names, levels, needed)
        return [_miss(record, f"{count} of {fields['names']} at {needed} "
                      f"({fields['values_is']})",
                      {**fields, "count": count, "have_count": reached})]
    if kind == "holds":
        name = record["path"]
        return [] if name in facts.held else [_miss(record, name, {"path": name})]
    if kind == "flag":
        name = record["flag"]
        return [] if name in facts.flags else [_miss(record, name, {"flag": name})]
    if kind == "all-of":
        return _missing(record["of"], facts, target)
    if kind == "any-of":
        alternatives = [_missing(option, facts, target) for option in record["of"]]
        if not alternatives or any(not found for found in alternatives):
            return []
        said = " or ".join(" and ".join(miss.phrase for miss in found)
                           for found in alternatives)
        return [_miss(record, f"one of: {said}", {"alternatives": said})]
    raise ValueError(f"unknown prerequisite type {kind!r}")


def _miss(record: Mapping[str, Any], phrase: str, fields: Mapping[str, Any]) -> _Miss:
    return _Miss(_code(record), phrase, record.get("say"), fields)


def _fields_of(names: list[str], levels: list[int], needed: int) -> dict[str, Any]:
    return {"level": needed, "names": ", ".join(names),
            "values": ", ".join(f"{n} {lv}" for n, lv in zip(names, levels)),
            "values_is": ", ".join(f"{n} is {lv}" for n, lv in zip(names, levels))}


def met(requires: Requires, facts: Facts, subject: str, target: int) -> bool:
    return not _missing(requires, facts, target)


Check = Callable[[Facts, int], bool]


def checker(requires: Requires) -> Check:
    """A function ``(facts, target) -> met`` for bound prerequisites, made once: the
    rules ask it many times (every option, every trait choice) and need the reasons
    (:func:`unmet`) only when it says no.  Always ``met(requires, ...)``."""
    checks = [_checker_one(record) for record in as_list(requires)]
    if not checks:
        return lambda _facts, _target: True
    return _all(checks)


def _all(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]
    return lambda facts, target: all(check(facts, target) for check in checks)


def _any(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]
    return lambda facts, target: any(check(facts, target) for check in checks)


def _checker_one(record: Mapping[str, Any]) -> Check:
    check = _checker_kind(record)
    if "from" in record:
        start, inner = int(record["from"]), check
        return lambda facts, target: target < start or inner(facts, target)
    return check


def _checker_kind(record: Mapping[str, Any]) -> Check:
    kind = record["type"]
    if kind == "at-least":
        name, level = record["value"], int(record["level"])
        return lambda facts, _target: facts.levels.get(name, 0) >= level
    if kind == "at-least-target":
        name, offset = record["value"], int(record.get("offset", 0))
        return lambda facts, target: facts.levels.get(name, 0) >= target + offset
    if kind in ("total-at-least", "count-at-least"):
        names = tuple(record["values"])
        fixed = int(record["level"]) if "level" in record else None
        offset = int(record.get("offset", 0))
        if kind == "total-at-least":
            return lambda facts, target: sum(facts.levels.get(n, 0) for n in names) >= (
                target + offset if fixed is None else fixed)
        count = int(record["count"])

        def enough(facts: Facts, target: int) -> bool:
            needed = target + offset if fixed is None else fixed
            return sum(1 for n in names if facts.levels.get(n, 0) >= needed) >= count
        return enough
    if kind == "holds":
        path = record["path"]
        return lambda facts, _target: path in facts.held
    if kind == "flag":
        flag = record["flag"]
        return lambda facts, _target: flag in facts.flags
    inner = [_checker_one(r) for r in record["of"]]
    if kind == "all-of":
        return _all(inner)
    if kind == "any-of":
        return _any(inner)
    raise ValueError(f"unknown prerequisite type {kind!r}")


def edges(requires: Requires, subject: str) -> list[Edge]:
    """The chain's edges the prerequisites draw into ``subject`` (all alternatives of
    an any-of, each once)."""
    found: list[Edge] = []
    for record in as_list(requires):
        found += _edges_one(record, subject)
    return list(dict.fromkeys(found))


def _edges_one(record: Mapping[str, Any], subject: str) -> list[Edge]:
    kind = record["type"]
    code = str(record.get("code") or _CODES.get(kind, ""))
    if kind == "at-least":
        return [Edge(record["value"], subject, "value", int(record["level"]), code)]
    if kind == "at-least-target":
        return [Edge(record["value"], subject, "value", None, code)]
    if kind in ("total-at-least", "count-at-least"):
        level = int(record["level"]) if "level" in record else None
        return [Edge(name, subject, "value", level, code) for name in record["values"]]
    if kind == "holds":
        return [Edge(record["path"], subject, "path", None, code)]
    if kind == "flag":
        return []
    return edges(record["of"], subject)


def blocking_edges(requires: Requires, facts: Facts, subject: str, target: int) -> list[Edge]:
    """The edges of the prerequisites that are unmet right now (what holds the next
    step back; every alternative of an unmet any-of)."""
    found: list[Edge] = []
    for record in as_list(requires):
        if not _applies(record, target) or not _missing_one(record, facts, target):
            continue
        if record["type"] in ("all-of", "any-of"):
            found += blocking_edges(record["of"], facts, subject, target)
        else:
            found += _edges_one(record, subject)
    return list(dict.fromkeys(found))


def types_used(requires: Requires) -> set[str]:
    """Every prerequisite type ``requires`` uses (nested ones too)."""
    found: set[str] = set()
    for record in as_list(requires):
        found.add(record["type"])
        if record["type"] in ("all-of", "any-of"):
            found |= types_used(record["of"])
    return found


def names_used(requires: Requires) -> set[str]:
    """Every value and path name the prerequisites mention."""
    return {edge.source for edge in edges(requires, "")}


# -- checking records ------------------------------------------------------------------

@lru_cache(maxsize=4)
def _record_schema(definition: str) -> dict[str, Any]:
    """The schema of one record of the vocabulary (``definition``: "cost", "requires")."""
    from builder.resources import load_json_resource

    schema = load_json_resource("schema", "rule-system.schema.json")
    return {"$schema": schema["$schema"], "$defs": schema["$defs"],
            "$id": f"{SHARED}rule-system-{definition}.schema.json",
            "$ref": f"#/$defs/{definition}"}


def record_problems(record: Any, definition: str, where: str) -> list[str]:
    """Every problem of a cost (``definition`` "cost") or of prerequisites ("requires")
    against the vocabulary's schema, and every ``say`` field its type does not have;
    each problem starts with ``where`` and the place in the record."""
    problems = []
    found = [deep for error in validation_errors(_record_schema(definition), record)
             for deep in chosen_errors(error)]
    for error in sorted(found, key=lambda e: [str(p) for p in e.absolute_path]):
        place = "/".join([where, *(str(p) for p in error.absolute_path)])
        message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
        problems.append(f"{place}: {message}")
        if len(problems) >= 5:
            return problems
    if definition == "requires" and not problems:
        problems += say_problems(record, where)
    return problems


def chosen_errors(error: Any) -> list[Any]:
    """A schema error with the alternative meant: where a record fits none of a
    ``oneOf``'s alternatives but its ``type`` names exactly one, that alternative's own
    errors (so the problem names the place inside the record: ``.../say``); else the
    error itself."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    by_alternative: dict[Any, list[Any]] = {}
    for inner in error.context:
        by_alternative.setdefault(inner.schema_path[0], []).append(inner)
    meant = [errors for errors in by_alternative.values()
             if not any(_other_kind(e) for e in errors)]
    if len(meant) != 1:
        return [error]
    return [deep for inner in meant[0] for deep in chosen_errors(inner)]


def _other_kind(error: Any) -> bool:
    """Whether a schema error says the record is of another kind than the alternative
    (another ``type`` field, or not even the JSON type)."""
    path = list(error.relative_path)
    return path == ["type"] or (not path and error.validator == "type")


def say_problems(record: Any, where: str) -> list[str]:
    """Every ``say`` field of prerequisites (valid by the schema) that names a field its
    type does not have, each starting with ``where``."""
    problems: list[str] = []
    for index, item in enumerate(as_list(record)):
        place = f"{where}/{index}" if isinstance(record, list) else where
        say = item.get("say")
        if say is not None:
            allowed = _COMMON_FIELDS | SAY_FIELDS.get(item["type"], set())
            wrong = templates.problems(say)
            if wrong:
                problems.append(f"{place}/say: {wrong[0]}")
                continue
            unknown = sorted(set(templates.fields(say)) - allowed)
            if unknown:
                problems.append(f"{place}/say: no field {', '.join(unknown)} for "
                                f"{item['type']} (it has {', '.join(sorted(allowed))})")
        if item.get("type") in ("all-of", "any-of"):
            problems += say_problems(item["of"], f"{place}/of")
    return problems
