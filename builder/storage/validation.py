"""JSON Schema validation (jsonschema), with messages that name the place.

The validators are strict about numbers: a boolean is never a number or an
integer (jsonschema already says so), and an ``integer`` is a JSON integer,
never ``2.0`` (the specification would accept it; the rules code compares
types and would not).

:func:`document_problems` is the one validator of a character document:
every command (show, check, export, actions) and the window go through it
before any rules code sees the data.

Every schema check goes through the one validation path,
:func:`builder.rules.schema_keywords.validation_errors`: jsonschema is the reference
(its verdict and its messages are the ones users see), but importing it is a large
part of a short command's time, so the schemas that
ship with the application are also compiled ahead of time into plain Python (made by
``tools/compile_schemas.py`` with fastjsonschema: a rule system's in its folder's
``compiled_schemas`` package, the shared schemas' in
``builder/storage/compiled_schemas``).  This module finds them (:func:`_compiled`,
registered with :func:`builder.rules.schema_keywords.use_compiled`); the path trusts
only a compiled validator's "valid" (it is never more lenient than jsonschema: see the
tool).  A document it rejects, a document holding an integral float (``2.0``, which
the compiled code would take for an integer), and any schema without an up-to-date
compiled validator go to jsonschema, so a valid file is read without importing
jsonschema and every problem is still reported exactly as before.  A schema using our
own keywords (``x-atLeast``, ``x-atMost``: :mod:`builder.rules.schema_keywords`, which
the compiled code knows nothing of) is trusted only when their comparisons hold too.
"""
from __future__ import annotations

import json
from typing import Any

from builder.rules import schema_keywords
from builder.storage.jsonio import one_line


_compiled_by_id: dict[str, tuple[dict[str, Any], Any]] = {}

#: A rule system's schema $id -> the package it was loaded from ("package:path"):
#: its compiled validators are in that package's ``compiled_schemas``.
_package_of: dict[str, str] = {}


def _compiled(schema: dict[str, Any]) -> Any:
    """The ahead-of-time compiled validator of ``schema`` (a function raising on
    anything it does not accept), or None when it has none or one made from another
    text of the schema."""
    key = schema.get("$id")
    if not isinstance(key, str):
        return None
    cached = _compiled_by_id.get(key)
    if cached is not None and cached[0] is schema:
        return cached[1]
    import importlib

    package = f"{_package_of[key]}.compiled_schemas" if key in _package_of \
        else "builder.storage.compiled_schemas"
    found = None
    try:
        name = importlib.import_module(package).MODULES.get(key)
    except ImportError:  # a rule system without compiled validators: jsonschema does it all
        name = None
    if name is not None:
        try:
            module = importlib.import_module(f"{package}.{name}")
        except ImportError:  # an installation without it: jsonschema does it all
            module = None
        if (module is not None and module.SCHEMA_TEXT == json.dumps(schema, sort_keys=True)
                and referenced_current(module)):
            found = module.validate
            if schema_keywords.used(schema):   # x-atLeast / x-atMost: compiled code ignores them
                found = _with_comparisons(found, schema)
    _compiled_by_id[key] = (schema, found)
    return found


schema_keywords.use_compiled(_compiled)


def referenced_current(module: Any) -> bool:
    """Whether every shared schema a compiled module embeds (a ``$ref`` by file name,
    its ``REFERENCED`` texts) is still the shipped text."""
    for uri, text in getattr(module, "REFERENCED", {}).items():
        found = schema_keywords.shared_schema(uri)
        if found is None or json.dumps(found, sort_keys=True) != text:
            return False
    return True


def _with_comparisons(compiled: Any, schema: dict[str, Any]) -> Any:
    """``compiled``, then the comparisons of our own keywords (which it does not know)."""
    def check(document: Any) -> None:
        compiled(document)
        if not schema_keywords.relations_hold(schema, document):
            raise ValueError("a comparison of x-atLeast / x-atMost fails")
    return check


#: Names of the one validation path (:mod:`builder.rules.schema_keywords`) kept here for
#: storage's callers.
is_valid_fast = schema_keywords.is_valid_fast
_holds_integral_float = schema_keywords.holds_integral_float


def schema_errors(schema: dict[str, Any], document: Any, limit: int = 10) -> list[str]:
    """Every place ``document`` breaks ``schema`` (up to ``limit``), one line each."""
    try:
        errors = sorted(schema_keywords.validation_errors(schema, document),
                        key=lambda e: [str(p) for p in e.absolute_path])
    except RecursionError:
        return ["(top level): nested too deeply"]
    result = []
    for error in errors[:limit]:
        error = meant(error)
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        result.append(one_line(f"{where}: {_short(error)}", 300))
    return result


def meant(error: Any) -> Any:
    """The error inside a ``oneOf``/``anyOf`` that names the real place: the
    alternative the document evidently meant (not one refused for its JSON type or
    for its ``type`` field, the discriminator of a record), its deepest error, and so
    on down; ``error`` itself when no alternative stands out."""
    while error.context:
        candidates = [subs for subs in _alternatives(error) if not any(map(_discarded, subs))]
        if len(candidates) != 1:
            return error
        error = max(candidates[0], key=lambda e: len(e.absolute_path))
    return error


def _alternatives(error: Any) -> list[list[Any]]:
    """The errors of each alternative of a ``oneOf``/``anyOf`` error, by alternative."""
    branches: dict[Any, list[Any]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    return list(branches.values())


def _discarded(error: Any) -> bool:
    """An alternative refused for being another kind of thing altogether: another JSON
    type, another ``type`` field, or alternatives that all are."""
    if error.validator == "type" and not error.relative_path:
        return True
    if error.validator in ("const", "enum") and list(error.relative_path)[-1:] == ["type"]:
        return True
    if error.validator in ("oneOf", "anyOf") and error.context and not error.relative_path:
        return all(any(map(_discarded, subs)) for subs in _alternatives(error))
    return False


def _short(error: Any) -> str:
    """The jsonschema message, with the offending value shortened (it can be huge); a
    text refused by a ``pattern`` whose schema has a ``$comment`` gets that in words."""
    message = str(error.message)
    instance = error.instance
    comment = error.schema.get("$comment") if isinstance(error.schema, dict) else None
    if error.validator == "pattern" and isinstance(comment, str):
        message = f"{instance!r} does not fit: {comment}"
    if isinstance(instance, (dict, list, str)) and len(repr(instance)) > 60:
        text = repr(instance)
        message = message.replace(text, text[:40] + "…")
    return message


def character_schema_names(ruleset_id: str) -> list[str]:
    """The schemas a character of ``ruleset_id`` must match: the general one,
    then the ruleset's own (baseline and ledger entries; the "package:path" its
    class declares as ``character_schema``), when it has one."""
    from builder.rules.base import RulesError
    from builder.rules.registry import ruleset_class

    names = ["character.schema.json"]
    try:
        own = ruleset_class(ruleset_id).parts.character_schema
    except RulesError:
        own = None
    if own:
        names.append(own)
    return names


def load_schema(name: str) -> Any:
    """A schema by name: a shared one in builder/data/schema ("character.schema.json"),
    or a rule system's own, as the "package:path" its class declares."""
    if ":" in name:
        from builder.resources import load_package_json

        schema = load_package_json(name)
        if isinstance(schema, dict) and isinstance(schema.get("$id"), str):
            _package_of[schema["$id"]] = name.partition(":")[0]
        return schema
    from builder.resources import load_json_resource

    return load_json_resource("schema", name)


def document_problems(document: Any, schema_names: list[str]) -> list[str]:
    """The first schema's problems with ``document`` (empty: it matches them all).

    A document validated before (the same object, as a command read it) is validated
    again only in what may have changed since: everything but its ledger, and the
    ledger entries that are new or were changed (see :class:`_Validated`).  Writing a
    long ledger after reading it so costs its new entries, not the whole ledger again;
    a problem found is reported as a whole validation reports it."""
    for name in schema_names:
        schema = load_schema(name)
        subject = _unvalidated_part(name, schema, document)
        problems = schema_errors(schema, subject)
        if problems and subject is not document:
            problems = schema_errors(schema, document)   # the places as in the whole
        if problems:
            return problems
        _remember(name, _Validated(schema, document))
    return []


#: Keywords of a schema's top level, and of its ``ledger`` property, under which each
#: ledger entry is valid or not by itself: a document then matches the schema exactly
#: when its other keys and each of its entries do.
_INDEPENDENT_TOP = frozenset({"$schema", "$id", "$defs", "$comment", "title",
                              "description", "type", "properties", "required"})
_INDEPENDENT_LEDGER = frozenset({"type", "items", "$comment", "title", "description"})
#: The keys ``builder.rules.entry_ids.ensure_ids`` gives an entry written without them
#: (no schema looks at them: every entry written since they exist carries them).
_GIVEN_KEYS = ("id", "seq")


#: :func:`_entries_independent` of each schema seen, by its id (checked to be the same
#: object): the schemas come from :func:`load_schema`, read once and never changed.
_independence: dict[int, tuple[Any, bool]] = {}


def _entries_independent(schema: Any) -> bool:
    known = _independence.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    answer = False
    if isinstance(schema, dict) and _INDEPENDENT_TOP.issuperset(schema):
        properties = schema.get("properties")
        ledger = properties.get("ledger") if isinstance(properties, dict) else None
        answer = (isinstance(ledger, dict) and _INDEPENDENT_LEDGER.issuperset(ledger)
                  and not schema_keywords.used(schema))
    _independence[id(schema)] = (schema, answer)
    return answer


def _shapes(entries: list[Any]) -> list[int]:
    """What each validated entry must still have to need no new look: its number of
    keys besides those the ids upgrade adds (-1: not an object)."""
    given_id, given_seq = _GIVEN_KEYS
    return [len(e) - (given_id in e) - (given_seq in e) if type(e) is dict else -1
            for e in entries]


class _Validated:
    """A document that matched a schema: the document, its ledger's entries (the same
    objects) and their shapes.  Ledger entries are never changed in place once written
    (the ledger is append-only; only the ids upgrade adds keys to an old file's
    entries), so an entry still the same object with the same shape still matches."""

    __slots__ = ("schema", "document", "ledger", "entries", "shapes")

    def __init__(self, schema: Any, document: Any) -> None:
        self.schema, self.document = schema, document
        ledger = document.get("ledger") if isinstance(document, dict) else None
        self.ledger: list[Any] | None = None
        self.entries: list[Any] = []
        if isinstance(ledger, list) and _entries_independent(schema):
            self.ledger, self.entries = ledger, list(ledger)
        self.shapes = _shapes(self.entries)


#: The documents each schema (by name) last accepted, by the document's id (each
#: record holds its document, so the id is its own while it is kept): a campaign and
#: its members, a window's open tabs.
_validated: dict[str, dict[int, _Validated]] = {}
_KEPT = 8


def _remember(name: str, record: _Validated) -> None:
    kept = _validated.setdefault(name, {})
    kept.pop(id(record.document), None)
    kept[id(record.document)] = record
    while len(kept) > _KEPT:
        del kept[next(iter(kept))]


def matched(document: Any, schema_names: list[str]) -> None:
    """Say ``document`` matches the schemas without looking (it was read from bytes
    that matched them before): a write of it validates only what changes."""
    for name in schema_names:
        _remember(name, _Validated(load_schema(name), document))


def _unvalidated_part(name: str, schema: Any, document: Any) -> Any:
    """``document``, or, when it was validated against ``schema`` before, a shallow copy
    whose ledger holds only the entries new or changed since."""
    known = _validated.get(name, {}).get(id(document))
    if (known is None or known.document is not document or known.schema is not schema
            or known.ledger is None or document.get("ledger") is not known.ledger):
        return document
    entries, shapes = known.entries, known.shapes
    now = _shapes(known.ledger)
    fresh = [entry for i, entry in enumerate(known.ledger)
             if i >= len(entries) or entry is not entries[i] or now[i] != shapes[i]]
    return {**document, "ledger": fresh}
