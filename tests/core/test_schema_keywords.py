"""The schemas' own keywords (builder/rules/schema_keywords.py): ``x-atLeast`` and
``x-atMost`` compare a value with a sibling (a limit at least its floor), which JSON
Schema cannot.  jsonschema (the slow path) reports the path of the bad value; the
fast path (the compiled validators, which ignore the keywords) still refuses; the
shipped schemas carry them, published in the package; no code check is left."""
from __future__ import annotations

import copy
import json
import os
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.rules import schema_keywords as kw
from builder.storage.rulesets import _read_builtin
from builder.storage.validation import is_valid_fast, load_schema, schema_errors
from tests.helpers import cli, file_bytes, ok
from tests.rule_systems import BUILTIN_IDS

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "rows": {"type": "array", "items": {"$ref": "#/$defs/row"}},
        "low": {"type": "integer", "default": 1},
        "high": {"type": "integer", "default": 10, "x-atLeast": "low"},
    },
    "$defs": {"row": {"type": "object", "properties": {
        "floor": {"type": "integer"},
        "start": {"type": "integer", "x-atLeast": "floor", "x-atMost": ["limit"]},
        "limit": {"type": "integer", "x-atLeast": ["floor"]}}}},
}


def _errors(document):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in kw.strict_validator(SCHEMA).iter_errors(document)]


@pytest.mark.parametrize("document, expected", [
    ({"rows": [{"floor": 1, "start": 2, "limit": 3}]}, []),
    ({"rows": [{"floor": 1, "limit": 1}]}, []),                        # equal is fine
    ({"rows": [{}, {"floor": 4, "limit": 3}]}, ["rows/1/limit: 3 is below floor 4"]),
    ({"rows": [{"floor": 1, "start": 5, "limit": 3}]}, ["rows/0/start: 5 is above limit 3"]),
    ({"rows": [{"floor": 2, "start": 0}]}, ["rows/0/start: 0 is below floor 2"]),
    ({"low": 5, "high": 4}, ["high: 4 is below low 5"]),
    # a property left out counts as its default
    ({"low": 11}, ["high: 10 (the default) is below low 11"]),
    ({"high": 0}, ["high: 0 is below low 1 (the default)"]),
    ({}, []),
    # no number, no comparison (the type keyword says what is wrong)
    ({"rows": [{"floor": "x", "limit": 3}]}, ["rows/0/floor: 'x' is not of type 'integer'"]),
    ({"low": True, "high": 0}, ["low: True is not of type 'integer'"]),
])
def test_the_keywords_compare_siblings_and_report_the_path(document, expected):
    assert sorted(_errors(document)) == expected
    # the fast path's walk says the same yes or no
    assert kw.relations_hold(SCHEMA, document) == (
        not any("below" in e or "above" in e for e in expected))


def test_a_value_its_own_schema_refuses_gets_one_message_not_two():
    """vital_max 0 under a minimum of 1 and below vital_min 1: the minimum's message
    alone (the comparison would say the same value is wrong a second time)."""
    schema = {"type": "object", "properties": {
        "low": {"type": "integer", "minimum": 1, "default": 1},
        "high": {"type": "integer", "minimum": 1, "x-atLeast": "low"}}}
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in kw.strict_validator(schema).iter_errors({"high": 0})]
    assert errors == ["high: 0 is less than the minimum of 1"]
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in kw.strict_validator(schema).iter_errors({"low": 3, "high": 2})]
    assert errors == ["high: 2 is below low 3"]


def test_the_walk_never_misses_a_comparison_behind_an_applicator():
    """Every keyword that applies a schema (a $ref, allOf/anyOf/oneOf, if/then/else,
    items, additionalProperties, patternProperties...) is followed."""
    row = {"type": "object", "properties": {"a": {}, "b": {"x-atLeast": "a"}}}
    bad = {"a": 2, "b": 1}
    for schema, document in (
            ({"allOf": [row]}, bad), ({"anyOf": [{"type": "string"}, row]}, bad),
            ({"oneOf": [row]}, bad), ({"if": row}, bad), ({"then": row}, bad),
            ({"else": row}, bad), ({"not": row}, bad),
            ({"items": row}, [bad]), ({"prefixItems": [row]}, [bad]),
            ({"contains": row}, [bad]), ({"additionalProperties": row}, {"k": bad}),
            ({"patternProperties": {"^k": row}}, {"k": bad}),
            ({"$ref": "#/$defs/r", "$defs": {"r": row}}, bad),
            ({"properties": {"k": {"$ref": "#/$defs/r"}}, "$defs": {"r": row}}, {"k": bad})):
        assert not kw.relations_hold(schema, document), schema
        assert kw.relations_hold(schema, {"k": {"a": 1, "b": 2}} if "properties" in schema
                                 else [{"a": 1, "b": 1}] if isinstance(document, list)
                                 else {"k": {"a": 1, "b": 1}} if "k" in document
                                 else {"a": 1, "b": 1}), schema
    assert not kw.relations_hold({"$ref": "other.json#/x"}, {})    # unsure: jsonschema decides


@pytest.mark.parametrize("schema, words", [
    ({"x-atLeast": "a"}, "#/x-atLeast: only read on a property's schema"),
    ({"properties": {"b": {"x-atLeast": "a"}}}, "'a' is no sibling"),
    ({"properties": {"b": {"x-atMost": "b"}}}, "'b' is no sibling"),
    ({"properties": {"a": {}, "b": {"x-atMost": 3}}}, "a name or a list of names"),
    ({"items": {"properties": {"a": {"items": {"x-atLeast": "a"}}}}}, "only read on a"),
])
def test_a_keyword_that_would_never_be_read_is_found(schema, words):
    assert any(words in p for p in kw.misplaced(schema)), kw.misplaced(schema)


def _shipped() -> list[Path]:
    root = Path(__file__).resolve().parents[2] / "builder"
    return sorted(p for p in root.rglob("*.schema.json") if "compiled_schemas" not in p.parts)


def test_every_shipped_keyword_is_read_and_the_package_publishes_them():
    places = {}
    for path in _shipped():
        schema = json.loads(path.read_text())
        assert kw.misplaced(schema) == [], path
        if kw.used(schema):
            places[path.name] = schema
    assert set(places) >= {"rule-system.schema.json", "ruleset-story-points.schema.json",
                           "ruleset-ability-bonuses.schema.json",
                           "ruleset-vogelfrei.schema.json"}
    # read as the installed application reads them (package resources)
    published = json.loads(resources.files("builder.rulesets.story_points").joinpath(
        "schema/ruleset-story-points.schema.json").read_text())
    assert published["properties"]["limits"]["properties"]["vital_max"]["x-atLeast"] == \
        "vital_min"
    system = json.loads(resources.files("builder").joinpath(
        "data/schema/rule-system.schema.json").read_text())
    assert system["properties"]["values"]["items"]["properties"]["limit"]["x-atLeast"] == \
        "floor"


@pytest.mark.parametrize("ruleset_id, change, where", [
    ("story-points", lambda d: d["limits"].update(vital_min=8, vital_max=5),
     "limits/vital_max: 5 is below vital_min 8"),
    ("story-points", lambda d: (d["limits"].pop("vital_max"), d["limits"].update(vital_min=12)),
     "limits/vital_max: 10 (the default) is below vital_min 12"),
    ("ability-bonuses", lambda d: d["aging"]["categories"][0].update(low=9),
     "aging/categories/0/low: 9 is above high"),
    ("vogelfrei", lambda d: d["modifiers"][0].update(min=9, max=4),
     "modifiers/0/max: 4 is below min 9"),
])
def test_both_paths_refuse_a_value_beyond_its_sibling(ruleset_id, change, where):
    from builder.rules.registry import ruleset_class

    schema = load_schema(ruleset_class(ruleset_id).parts.data_schema)
    data = copy.deepcopy(_read_builtin(ruleset_id))
    assert is_valid_fast(schema, data)              # the built-in data: the fast path
    change(data)
    assert not is_valid_fast(schema, data)          # the compiled code alone would pass it
    assert any(e.startswith(where) for e in schema_errors(schema, data)), \
        schema_errors(schema, data)


def test_the_data_system_schema_takes_both_paths_too():
    schema = load_schema("rule-system.schema.json")
    data = json.loads(EXAMPLE.read_text())
    assert is_valid_fast(schema, data)
    data["values"][0]["limit"] = data["values"][0]["floor"] - 1
    assert not is_valid_fast(schema, data)
    assert schema_errors(schema, data)[0].startswith("values/0/limit: ")


@given(low=st.integers(0, 100), high=st.integers(1, 100), drop=st.sampled_from(
    ["", "vital_min", "vital_max"]))
@settings(max_examples=30, deadline=None, derandomize=True, database=None)
def test_the_fast_path_agrees_with_jsonschema_on_the_limits(low, high, drop):
    schema = load_schema("builder.rulesets.story_points:schema/ruleset-story-points.schema.json")
    data = copy.deepcopy(_read_builtin("story-points"))
    data["limits"].update(vital_min=low, vital_max=high)
    data["limits"].pop(drop, None)
    errors = schema_errors(schema, data)
    effective_low = 1 if drop == "vital_min" else low
    effective_high = 10 if drop == "vital_max" else high
    assert bool(errors) == (effective_high < effective_low)
    assert is_valid_fast(schema, data) == (not errors)


# -- through the command line: an override and a data-only system ---------------------
def _override(data) -> Path:
    folder = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets"
    folder.mkdir(exist_ok=True)
    path = folder / "story-points.json"
    path.write_text(json.dumps(data))
    return path


def test_an_override_with_a_limit_below_its_floor_is_refused_with_the_path(tmp_path):
    character = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", character, "--set", "sp=12")
    path = _override({"extends": "story-points", "limits": {"vital_min": 7, "vital_max": 4}})
    before, kept = file_bytes(path), file_bytes(character)
    result = ok("show", character, "--json")
    assert result.err.strip() == (
        f"warning: {path}: homebrew override ignored, built-in story-points data used: "
        "limits/vital_max: 4 is below vital_min 7")
    assert ok("data", "story-points", "--json").json()["limits"]["vital_max"] == 10
    assert file_bytes(path) == before and file_bytes(character) == kept


def test_a_data_only_system_with_a_limit_below_its_floor_is_left_out_with_the_path(
        isolated_data):
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    data = json.loads(EXAMPLE.read_text())
    data["values"][5].update(floor=3, limit=2)          # Lore (no start of its own)
    path = folder / "point-buy.json"
    path.write_text(json.dumps(data))
    before = file_bytes(path)
    result = ok("rulesets", "--json")
    assert "point-buy" not in [row["id"] for row in result.json()]
    lines = result.err.strip().splitlines()
    assert lines == [f"warning: {path}: rule system left out: values/5/limit: 2 is below "
                     "floor 3"]
    assert cli("new", "point-buy", "X").code == 2
    assert file_bytes(path) == before


@pytest.mark.parametrize("ruleset_id", [*BUILTIN_IDS, "rule-system"])
def test_the_fast_path_is_never_more_lenient_on_numbers_anywhere(ruleset_id):
    """Any whole number of a shipped data file changed (where the comparisons live):
    whatever the fast path accepts, jsonschema accepts; and the comparisons do refuse."""
    from hypothesis import HealthCheck

    from builder.rules.registry import ruleset_class
    from tests.fuzzing import places

    if ruleset_id == "rule-system":
        schema, base = load_schema("rule-system.schema.json"), json.loads(EXAMPLE.read_text())
    else:
        schema = load_schema(ruleset_class(ruleset_id).parts.data_schema)
        base = _read_builtin(ruleset_id)
    base_spots = places(base)
    numbers = [i for i, (box, key) in enumerate(base_spots)
               if isinstance(box[key], int) and not isinstance(box[key], bool)]
    # half the picks among the compared values, so the few of them are reached too
    related = [i for i in numbers if base_spots[i][1] in (
        "floor", "limit", "start", "min", "max", "low", "high", "vital_min", "vital_max")]
    compared = []

    @given(picks=st.lists(st.tuples(st.one_of(st.sampled_from(related),
                                              st.sampled_from(numbers)),
                                    st.integers(-2, 30)),
                          min_size=1, max_size=3))
    @settings(max_examples=25, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    def run(picks):
        doc = copy.deepcopy(base)
        spots = places(doc)
        for index, value in picks:
            box, key = spots[index]
            box[key] = value
        errors = schema_errors(schema, doc)
        if is_valid_fast(schema, doc):
            assert errors == [], errors
        compared.extend(e for e in errors if " is below " in e or " is above " in e)

    run()
    assert compared       # the changes do reach a value beyond its sibling


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_fast_path_is_never_more_lenient_on_mutated_data_files(ruleset_id):
    """Built-in data files mutated anywhere (a value replaced by any JSON value, a key
    removed or added...): whatever the compiled validator and the walk accept,
    jsonschema accepts; story-points' advancement records are checked by the shared
    rule-system.schema.json $defs they refer to, on both paths."""
    from hypothesis import HealthCheck

    from builder.rules.registry import ruleset_class
    from tests.fuzzing import mutated

    schema = load_schema(ruleset_class(ruleset_id).parts.data_schema)
    base = _read_builtin(ruleset_id)
    refused = []

    @given(data=mutated(base))
    @settings(max_examples=25, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    def run(data):
        try:
            doc = json.loads(data.decode("utf-8", "surrogatepass"))
        except (ValueError, RecursionError):
            return
        errors = schema_errors(schema, doc)
        if is_valid_fast(schema, doc):
            assert errors == [], errors
        refused.extend(errors)

    run()
    assert refused


def test_the_advancement_records_are_the_shared_schemas_records():
    """story-points' schema refers to the vocabulary's records in the shared
    rule-system.schema.json (a $ref by file name): a bad record is refused by the data
    schema itself, with its path, on both paths; an edited shared schema makes the
    compiled validator step aside (jsonschema decides) rather than judge by old text."""
    from builder.rules.registry import ruleset_class
    from builder.storage import validation

    schema = load_schema(ruleset_class("story-points").parts.data_schema)
    step = schema["$defs"]["step"]["properties"]
    assert step["cost"] == {"$ref": "rule-system.schema.json#/$defs/cost"}
    data = copy.deepcopy(_read_builtin("story-points"))
    assert is_valid_fast(schema, data)
    data["advancement"]["vital"]["cost"] = {"type": "per-level", "amount": -2}
    assert not is_valid_fast(schema, data)
    assert schema_errors(schema, data)[0].startswith("advancement/vital/cost")
    data = copy.deepcopy(_read_builtin("story-points"))
    data["advancement"]["training_exchange"]["by"] = {"data": ""}     # minLength 1
    assert not is_valid_fast(schema, data)
    assert schema_errors(schema, data)[0].startswith("advancement/training_exchange/by")

    class Module:
        REFERENCED = {kw.SHARED + "rule-system.schema.json": "{}"}
    assert not validation.referenced_current(Module)
