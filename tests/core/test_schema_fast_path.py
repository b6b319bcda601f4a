"""The compiled validators (the fast path of builder/storage/validation.py) are up to
date, used, and never more lenient than jsonschema, the reference: whatever the
compiled code accepts, jsonschema accepts too (so no file that breaks the format
can get past it), and everything it rejects is judged and worded by jsonschema."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from builder.storage import validation
from builder.storage.validation import (character_schema_names, is_valid_fast, load_schema,
                                        schema_errors)
from tests.fuzzing import VALUES, mutated
from tests.helpers import ok
from tests.rule_systems import BUILTIN_IDS, sample, samples_lacking

ROOT = Path(__file__).resolve().parents[2]


def test_every_built_in_rule_system_has_its_documents_here():
    """Each system's sample character: its new arguments and the action it takes (so
    that it has a ledger), in its tests folder's samples.py."""
    assert samples_lacking("BASE_ARGS", "SCHEMA_ACTION") == []


def test_every_shipped_schema_has_an_up_to_date_compiled_validator():
    from tools.compile_schemas import stale

    assert stale() == [], "run: python tools/compile_schemas.py"


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """(schema names, a valid document) for a character of each ruleset (with a
    ledger) and a campaign with a pool."""
    import os

    folder = tmp_path_factory.mktemp("fast-path")
    old = os.environ.get("CHARACTER_BUILDER_DATA")
    os.environ["CHARACTER_BUILDER_DATA"] = str(folder / "data")
    try:
        found = []
        members = []
        for ruleset in BUILTIN_IDS:
            path = folder / f"{ruleset}.json"
            ok("new", ruleset, "Base", "-o", path, "--seed", "3", *sample(ruleset, "BASE_ARGS"))
            ok("do", path, *sample(ruleset, "SCHEMA_ACTION"))
            found.append((character_schema_names(ruleset), json.loads(path.read_text())))
            if ruleset == "story-points":
                members += ["--member", path]
        camp = folder / "camp.json"
        ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp, *members)
        ok("pool", "start", camp, "--players", "2")
        found.append((["campaign.schema.json"], json.loads(camp.read_text())))
    finally:
        if old is None:
            os.environ.pop("CHARACTER_BUILDER_DATA", None)
        else:
            os.environ["CHARACTER_BUILDER_DATA"] = old
    return found


def test_valid_documents_pass_the_fast_path(documents):
    for names, doc in documents:
        for name in names:
            assert is_valid_fast(load_schema(name), doc), name


def test_an_integral_float_and_an_edited_schema_go_to_jsonschema(documents):
    names, doc = documents[0]
    schema = load_schema(names[0])
    assert is_valid_fast(schema, doc)
    assert not is_valid_fast(schema, dict(doc, format=float(doc["format"])))
    assert schema_errors(schema, dict(doc, format=float(doc["format"])))  # 1.0: not an integer
    edited = json.loads(json.dumps(schema))
    edited["description"] = "changed without compiling it again"
    assert validation._compiled(edited) is None
    assert schema_errors(edited, doc) == []


SOUND = settings(max_examples=50, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow, HealthCheck.data_too_large])


def _loads(data: bytes):
    try:
        return json.loads(data.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError):
        return None


@pytest.mark.parametrize("which", range(len(BUILTIN_IDS) + 1), ids=[*BUILTIN_IDS, "campaign"])
def test_the_fast_path_is_never_more_lenient_than_jsonschema(documents, which):
    names, base = documents[which]
    schemas = [load_schema(name) for name in names]
    rejected = []

    @SOUND
    @given(data=mutated(base))
    def run(data):
        doc = _loads(data)
        if doc is None:
            return
        for schema in schemas:
            fast = is_valid_fast(schema, doc)
            errors = schema_errors(schema, doc)
            if fast:
                assert errors == [], (schema["$id"], errors)
            elif errors:
                rejected.append(errors)

    run()
    assert rejected  # the mutations do reach documents the schemas refuse


@given(value=VALUES)
@settings(max_examples=100, deadline=None, derandomize=True, database=None)
def test_any_value_in_any_place_of_a_character(value):
    """Each place of a valid character replaced by any JSON value: whatever the
    compiled validators accept, jsonschema accepts."""
    schemas = [load_schema(n) for n in character_schema_names("story-points")]
    doc = {"format": 1, "kind": "character", "ruleset": "story-points", "name": "A",
           "baseline": {"sp": 3, "vitals": {"Strength": 2}},
           "ledger": [{"action": "raise-vital", "name": "Strength", "target": 3}]}
    for path in (("format",), ("name",), ("baseline", "sp"), ("baseline", "vitals"),
                 ("ledger",), ("kind",)):
        changed = json.loads(json.dumps(doc))
        place = changed
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = value
        for schema in schemas:
            if is_valid_fast(schema, changed):
                assert schema_errors(schema, changed) == []


def test_the_compiler_reads_2020_12_the_safe_way():
    """What draft-07 code would read differently is rewritten or not compiled."""
    from tools.compile_schemas import NotCompilable, prepare

    # a $ref's siblings apply in 2020-12 (draft-07 ignores them): kept beside an allOf
    assert prepare({"$ref": "#/$defs/n", "minimum": 3, "description": "d"}) == {
        "allOf": [{"$ref": "#/$defs/n"}], "minimum": 3, "description": "d"}
    assert prepare({"properties": {"a": {"$ref": "#/x", "maximum": 1}}}) == {
        "properties": {"a": {"allOf": [{"$ref": "#/x"}], "maximum": 1}}}
    assert prepare({"$ref": "#/x", "title": "t"}) == {"$ref": "#/x", "title": "t"}
    for schema in ({"prefixItems": [{}]}, {"items": [{"type": "string"}]},
                   {"format": "date"}, {"properties": {"a": {"unevaluatedProperties": False}}},
                   {"const": [1]}, {"enum": ["a", {"b": 1}]}):
        with pytest.raises(NotCompilable):
            prepare(schema)


def test_each_rule_systems_validators_live_in_its_own_folder():
    """The shared package holds only the shared schemas' validators; a rule system's
    are in its folder (builder/rulesets/<id>/compiled_schemas), found from the
    "package:path" its class declares."""
    import importlib

    from builder.rules.registry import ruleset_class
    from builder.storage.compiled_schemas import MODULES as SHARED

    shared_ids = {load_schema(p.name)["$id"] for p in (ROOT / "builder" / "data" / "schema")
                  .glob("*.schema.json")}
    assert set(SHARED) <= shared_ids
    for rid in BUILTIN_IDS:
        cls = ruleset_class(rid)
        for spec in (cls.parts.data_schema, cls.parts.character_schema):
            package = spec.partition(":")[0]
            schema = load_schema(spec)
            own = importlib.import_module(f"{package}.compiled_schemas").MODULES
            assert schema["$id"] in own and schema["$id"] not in SHARED, spec
            name = own[schema["$id"]]
            assert validation._compiled(schema) is not None
            module = importlib.import_module(f"{package}.compiled_schemas.{name}")
            assert module.SCHEMA_TEXT == json.dumps(schema, sort_keys=True)


@pytest.mark.parametrize("document, holds", [
    ({"ledger": [{"action": "rest", "n": 1}] * 3}, False),
    ({"ledger": [{"action": "rest", "n": 1}, {"action": "x", "n": 2.0}]}, True),
    ({"a": [1, "b", None, True, [[{"c": 1e16}]]]}, True),
    ({"a": [1.5, -0.5, {"b": [0.25]}]}, False),
    (2.0, True),
    ([[], {}, [[]]], False),
])
def test_an_integral_float_is_found_wherever_it_is(document, holds):
    from builder.storage.validation import _holds_integral_float

    assert _holds_integral_float(document) is holds


def test_every_document_kind_goes_through_the_one_validation_path(monkeypatch):
    """Character documents and a data-only rule system's file (checked in the rules
    layer) are validated by builder.rules.schema_keywords.validation_errors: the
    compiled "valid" first, so a valid file never makes a jsonschema validator."""
    from builder.resources import load_json_resource
    from builder.rules import schema_keywords
    from builder.rules.data_system import checks

    def no_jsonschema(schema):
        raise AssertionError(f"jsonschema made for {schema.get('$id')}")

    monkeypatch.setattr(schema_keywords, "validator", no_jsonschema)
    example = json.loads((ROOT / "builder" / "data" / "examples" / "point-buy.json")
                         .read_text(encoding="utf-8"))
    assert checks.schema_problems(example) == []
    monkeypatch.undo()
    character = load_json_resource("schema", "character.schema.json")
    seen = []
    real = schema_keywords.validation_errors

    def spy(schema, document):
        seen.append(schema.get("$id", "").rsplit("/", 1)[-1])
        return real(schema, document)

    monkeypatch.setattr(schema_keywords, "validation_errors", spy)
    bad = dict(example, values="none")
    assert checks.schema_problems(bad) and schema_errors(character, [])
    assert seen == ["rule-system.schema.json", "character.schema.json"]
