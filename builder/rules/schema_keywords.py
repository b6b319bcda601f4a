"""Two keywords of our own in the shipped JSON Schemas, and the strict validator.

JSON Schema compares a value with constants, never with another value of the same
document, so "a limit at least its floor" cannot be said in it.  Two keywords say
it, on a property's schema, naming sibling properties of the same object::

    "floor": {"type": "integer"},
    "limit": {"type": "integer", "x-atLeast": "floor"},
    "low":   {"type": "integer", "x-atMost": "high"}

The value is one sibling's name or a list of names.  A number below (``x-atLeast``)
or above (``x-atMost``) a named sibling's number is refused at the path of the value
that holds the keyword: ``values/0/limit: 0 is below floor 1``.  A property left out
counts as its schema's ``default`` when it declares one (story-points' ``vital_max``
left out is 10), else nothing is compared; a value that is no number is the ``type``
keyword's business.  A keyword is only read where it stands: directly in a
``properties`` map, naming a property of the same map (:func:`misplaced` says where
it is not; the tests and tools/compile_schemas.py refuse such a schema).

Every document kind is validated through :func:`validation_errors` here (character
documents and campaigns, a rule system's data, a data-only rule system's file): the
ahead-of-time compiled validator's "valid" where one exists (:func:`is_valid_fast`;
storage, which knows where the compiled modules ship, registers the finder with
:func:`use_compiled`), else the strict jsonschema validator's errors; each caller
words them.

Implemented once, here:

* :func:`strict_validator` extends jsonschema (the reference: its messages are the
  ones users see) so that its ``properties`` keyword also compares the siblings,
  with the path; the same validator makes integers JSON integers (never ``2.0``)
  and never takes a boolean for a number;
* :func:`relations_hold` is the same comparison for the fast path (the compiled
  validators know nothing of these keywords): it walks the document beside the
  schema and is never more lenient than jsonschema: where it cannot tell which part
  of the schema applies it compares anyway, so it may say "no" where jsonschema says
  yes (then jsonschema decides), never "yes" where jsonschema says no.

Nothing here imports jsonschema until a validator is made.
"""
from __future__ import annotations

import json
import operator
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any, Callable

#: keyword -> (the comparison that fails, the word for it)
KEYWORDS: dict[str, tuple[Callable[[Any, Any], bool], str]] = {
    "x-atLeast": (operator.lt, "below"),
    "x-atMost": (operator.gt, "above"),
}

_MISSING = object()


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _names(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _value(name: str, schema: Any, instance: Mapping[str, Any]) -> tuple[Any, bool]:
    """(the value of ``name`` in ``instance``, or its schema's default; whether it
    is the default)."""
    if name in instance:
        return instance[name], False
    if isinstance(schema, dict) and "default" in schema:
        return schema["default"], True
    return _MISSING, False


def comparisons(properties: Mapping[str, Any], instance: Mapping[str, Any]
                ) -> Iterator[tuple[str, str, str]]:
    """(property, keyword, message) for every comparison ``instance`` fails among the
    keywords of the ``properties`` map of its schema."""
    for name, schema in properties.items():
        if not isinstance(schema, dict):
            continue
        for keyword, (fails, word) in KEYWORDS.items():
            if keyword not in schema:
                continue
            value, value_default = _value(name, schema, instance)
            if not _number(value):
                continue
            for other in _names(schema[keyword]):
                theirs, their_default = _value(other, properties.get(other), instance)
                if _number(theirs) and fails(value, theirs):
                    yield name, keyword, (
                        f"{value}{' (the default)' if value_default else ''} is {word} "
                        f"{other} {theirs}{' (the default)' if their_default else ''}")


# -- jsonschema ---------------------------------------------------------------------
def _strict_integer(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def _strict_number(checker: Any, instance: Any) -> bool:
    return _number(instance)


@lru_cache(maxsize=8)
def _extended(base: Any) -> Any:  # a jsonschema validator class (the library has no stubs here)
    from jsonschema.exceptions import ValidationError

    plain_properties = base.VALIDATORS["properties"]

    def properties(validator: Any, properties: Any, instance: Any, schema: Any) -> Any:
        failed = set()      # a value its own schema refuses: that message says enough
        for error in plain_properties(validator, properties, instance, schema):
            if error.relative_path:
                failed.add(error.relative_path[0])
            yield error
        if validator.is_type(instance, "object"):
            for name, keyword, message in comparisons(properties, instance):
                if name in failed:
                    continue
                yield ValidationError(message, path=[name], validator=keyword,
                                      validator_value=properties[name][keyword],
                                      instance=instance.get(name), schema=properties[name])

    import jsonschema

    checker = base.TYPE_CHECKER.redefine_many({"integer": _strict_integer,
                                               "number": _strict_number})
    return jsonschema.validators.extend(base, validators={"properties": properties},
                                        type_checker=checker)


#: Where the shared schemas (builder/data/schema) say they are: a schema may refer to
#: one by its file name (``"rule-system.schema.json#/$defs/cost"``).
SHARED = "https://character-builder.invalid/schema/"


def shared_schema(uri: str) -> Any:
    """The shipped shared schema ``uri`` names (without its fragment), or None."""
    base = uri.split("#", 1)[0]
    if not base.startswith(SHARED) or "/" in base[len(SHARED):]:
        return None
    from builder.resources import InstallationIncomplete, load_json_resource

    try:
        return load_json_resource("schema", base[len(SHARED):])
    except (InstallationIncomplete, OSError, ValueError):
        return None


def _registry() -> Any:  # a referencing.Registry that finds the shared schemas
    from referencing import Registry, Resource
    from referencing.exceptions import NoSuchResource

    def retrieve(uri: str) -> Any:
        found = shared_schema(uri)
        if found is None:
            raise NoSuchResource(ref=uri)  # type: ignore[call-arg]  # attrs init, unseen by mypy
        return Resource.from_contents(found)
    return Registry(retrieve=retrieve)  # type: ignore[call-arg]  # attrs init, unseen by mypy


def strict_validator(schema: Mapping[str, Any]) -> Any:  # a jsonschema validator
    """A jsonschema validator of ``schema`` (its ``$schema`` draft, 2020-12 when it
    names none) with strict numbers and the keywords above; a ``$ref`` to a shared
    schema by its file name is found among the shipped ones."""
    import jsonschema

    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return _extended(base)(schema, registry=_registry())


# -- the fast path --------------------------------------------------------------------
def used(schema: Any) -> bool:
    """Whether any of the keywords is anywhere in ``schema``."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if any(k in node for k in KEYWORDS):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


#: Keywords whose value is one schema applied to the same instance.
_SAME_ONE = ("not", "if", "then", "else")
#: ... a list or map of schemas applied to the same instance.
_SAME_MANY = ("allOf", "anyOf", "oneOf", "dependentSchemas")
#: ... a schema (or list of them) applied to the items of an array.
_ITEMS = ("items", "prefixItems", "contains", "unevaluatedItems", "additionalItems")
#: ... a schema (or map of them) applied to the values of an object.
_VALUES = ("additionalProperties", "unevaluatedProperties", "patternProperties")


def relations_hold(schema: Mapping[str, Any], document: Any) -> bool:
    """True when no comparison of the keywords fails anywhere in ``document``, as
    jsonschema would apply ``schema``: every subschema is applied to every part of
    the document it could apply to (more than jsonschema may: then the answer is a
    cautious False).  A ``$ref`` that is neither a local pointer nor one into a
    shared schema answers False."""
    try:
        return _holds(schema, document, schema, set())
    except RecursionError:
        return False


def _resolve(root: Mapping[str, Any], ref: Any) -> tuple[Any, Mapping[str, Any]]:
    """(the schema ``ref`` names, the root its own local refs are read against)."""
    if not isinstance(ref, str):
        return _MISSING, root
    if not ref.startswith("#"):
        from urllib.parse import urljoin

        uri = urljoin(str(root.get("$id", "")), ref)
        found = shared_schema(uri)
        if not isinstance(found, dict):
            return _MISSING, root
        root, ref = found, "#" + (uri.split("#", 1)[1] if "#" in uri else "")
    node: Any = root
    for part in ref[1:].split("/")[1:] if ref != "#" else []:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING, root
    return node, root


def _holds(schema: Any, instance: Any, root: Mapping[str, Any], seen: set[Any]) -> bool:
    if not isinstance(schema, dict):
        return True
    key = (id(schema), id(instance))
    if key in seen:
        return True
    seen.add(key)
    props = schema.get("properties")
    if isinstance(instance, dict) and isinstance(props, dict):
        if next(comparisons(props, instance), None) is not None:
            return False
        for name, sub in props.items():
            if name in instance and not _holds(sub, instance[name], root, seen):
                return False
    if "$ref" in schema:
        target, its_root = _resolve(root, schema["$ref"])
        if target is _MISSING or not _holds(target, instance, its_root, seen):
            return False
    for word in _SAME_ONE:
        if word in schema and not _holds(schema[word], instance, root, seen):
            return False
    for word in _SAME_MANY:
        subs = schema.get(word)
        subs = list(subs.values()) if isinstance(subs, dict) else subs or []
        if not all(_holds(sub, instance, root, seen) for sub in subs):
            return False
    if isinstance(instance, list):
        for word in _ITEMS:
            subs = schema.get(word)
            for sub in subs if isinstance(subs, list) else [subs]:
                if sub is not None and not all(_holds(sub, item, root, seen)
                                                for item in instance):
                    return False
    if isinstance(instance, dict):
        for word in _VALUES:
            subs = schema.get(word)
            for sub in subs.values() if word == "patternProperties" and isinstance(
                    subs, dict) else [subs]:
                if sub is not None and not all(_holds(sub, value, root, seen)
                                                for value in instance.values()):
                    return False
    return True


def misplaced(schema: Any, where: str = "#") -> list[str]:
    """Every keyword of ours that is not directly in a ``properties`` map or names no
    property of that map (it would never be read)."""
    problems: list[str] = []
    if isinstance(schema, list):
        for i, sub in enumerate(schema):
            problems += misplaced(sub, f"{where}/{i}")
        return problems
    if not isinstance(schema, dict):
        return problems
    for keyword in KEYWORDS:
        if keyword in schema:
            problems.append(f"{where}/{keyword}: only read on a property's schema")
    for key, value in schema.items():
        if key == "properties" and isinstance(value, dict):
            for name, sub in value.items():
                place = f"{where}/properties/{name}"
                if isinstance(sub, dict):
                    for keyword in KEYWORDS:
                        if keyword not in sub:
                            continue
                        names = _names(sub[keyword])
                        if not names or len(names) != len(
                                sub[keyword] if isinstance(sub[keyword], list) else [1]):
                            problems.append(f"{place}/{keyword}: a name or a list of names")
                        for other in names:
                            if other not in value or other == name:
                                problems.append(f"{place}/{keyword}: '{other}' is no "
                                                "sibling property")
                    problems += misplaced({k: v for k, v in sub.items() if k not in KEYWORDS},
                                          place)
                else:
                    problems += misplaced(sub, place)
        elif isinstance(value, (dict, list)) and key not in ("const", "enum", "default",
                                                              "examples"):
            problems += misplaced(value, f"{where}/{key}")
    return problems


# -- the one validation path ----------------------------------------------------------
#: A schema's compiled validator (a function raising on anything it does not accept),
#: or None: registered by the layer that knows where compiled validators ship.
_finders: list[Callable[[dict[str, Any]], Callable[[Any], None] | None]] = []


def use_compiled(finder: Callable[[dict[str, Any]], Callable[[Any], None] | None]) -> None:
    """Let :func:`is_valid_fast` ask ``finder`` for a schema's compiled validator."""
    if finder not in _finders:
        _finders.append(finder)


#: The types of the values that are neither containers nor floats.
_PLAIN = frozenset({str, int, bool, type(None)})


def holds_integral_float(document: Any) -> bool:
    """Whether a float such as ``2.0`` is anywhere in ``document`` (not an integer
    for these schemas; the compiled code would accept it as one)."""
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            subs: Any = value.values()
        elif isinstance(value, list):
            subs = value
        elif isinstance(value, float) and value.is_integer():
            return True
        else:
            continue
        if not _PLAIN.issuperset(map(type, subs)):   # only then a look at each
            stack.extend(subs)
    return False


def is_valid_fast(schema: dict[str, Any], document: Any) -> bool:
    """True when a compiled validator accepts ``document`` (then jsonschema would
    too); False means "ask jsonschema", not "invalid"."""
    check = None
    for finder in _finders:
        check = finder(schema)
        if check is not None:
            break
    if check is None or holds_integral_float(document):
        return False
    try:
        check(document)
    except Exception:  # its "no" (or anything else) is jsonschema's to judge
        return False
    return True


@lru_cache(maxsize=32)
def _validator_for(schema_key: str, schema_json: str) -> Any:  # a jsonschema validator
    return strict_validator(json.loads(schema_json))


_by_id: dict[str, tuple[dict[str, Any], object]] = {}


def validator(schema: dict[str, Any]) -> Any:  # a jsonschema validator
    """The (cached) strict validator of ``schema``; a published schema is keyed by
    its $id (checked to be the same object), any other by its text."""
    key = schema.get("$id")
    if key:
        cached = _by_id.get(key)
        if cached is not None and cached[0] is schema:
            return cached[1]
        made = _validator_for(key, json.dumps(schema, sort_keys=True))
        _by_id[key] = (schema, made)
        return made
    return _validator_for("", json.dumps(schema, sort_keys=True))


def validation_errors(schema: dict[str, Any], document: Any) -> list[Any]:
    """The one validation of a document: no errors when ``document`` matches ``schema``
    (the compiled validator's "valid" where there is one, else jsonschema's verdict),
    else every jsonschema error, for the caller to word.  RecursionError for a
    document nested too deeply."""
    if is_valid_fast(schema, document):
        return []
    return list(validator(schema).iter_errors(document))
