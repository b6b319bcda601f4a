"""Character files: atomic writes, format versions, schema, unknown keys, homebrew overrides."""
from __future__ import annotations

import json
import os

import pytest

from builder.storage import atomic
from builder.storage.files import FORMAT_VERSION, FileProblem, load_character
from tests.helpers import cli, file_bytes, ok


@pytest.fixture
def char(tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", path, "--set", "sp=10", "--set", "vital.Agility=3")
    return path


def test_file_has_format_version_and_is_deterministic(char):
    doc = json.loads(char.read_text())
    assert doc["format"] == FORMAT_VERSION and doc["kind"] == "character"
    assert char.read_text().endswith("\n")
    assert char.read_text() == atomic.dumps(doc)          # sorted keys, indented


def test_crash_during_save_leaves_the_old_file(char, monkeypatch):
    before = file_bytes(char)

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    result = cli("do", char, "raise-skill", "Acrobatics")
    assert result.code == 2 and "cannot be written" in result.err
    assert file_bytes(char) == before
    assert not [p for p in char.parent.iterdir() if p.name.endswith(".tmp")]  # no temp left


def test_newer_format_opens_read_only_and_is_never_rewritten(char):
    doc = json.loads(char.read_text())
    doc["format"] = FORMAT_VERSION + 1
    doc["future_feature"] = {"x": 1}
    char.write_text(json.dumps(doc))
    before = file_bytes(char)
    cf = load_character(char)
    assert cf.read_only and "newer version" in cf.read_only
    result = cli("show", char, "--json")
    assert result.code == 0 and "read-only" in result.err
    for argv in (("do", char, "rest"), ("undo", char)):
        result = cli(*argv)
        assert result.code == 2 and "read-only" in result.err
    assert file_bytes(char) == before


def test_unknown_keys_survive_a_change(char):
    doc = json.loads(char.read_text())
    doc["from_a_newer_minor_version"] = [1, 2, 3]
    doc["ledger"] = []
    char.write_text(atomic.dumps(doc))
    ok("do", char, "raise-skill", "Acrobatics")
    after = json.loads(char.read_text())
    assert after["from_a_newer_minor_version"] == [1, 2, 3]
    assert len(after["ledger"]) == 1


def test_schema_violation_is_a_clear_error(char):
    doc = json.loads(char.read_text())
    doc["ledger"] = "not a list"
    char.write_text(json.dumps(doc))
    with pytest.raises(FileProblem, match="does not match"):
        load_character(char)
    result = cli("show", char)
    assert result.code == 2 and "ledger" in result.err


def test_not_a_character_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("[1, 2]")
    result = cli("show", path)
    assert result.code == 2 and result.err.strip() == f"{path}: not a character file"


def test_a_campaign_given_for_a_character_and_back_says_what_it_is(tmp_path):
    character = tmp_path / "nyra.json"
    ok("new", "story-points", "Nyra", "-o", character)
    campaign = tmp_path / "coast.json"
    ok("campaign", "new", "Coast", "-o", campaign, "--ruleset", "story-points")
    for argv, said in ((("check", campaign), f"{campaign}: not a character file (it is a "
                                                "campaign file)"),
                       (("campaign", "show", character), f"{character}: not a campaign "
                                                        "file (it is a character file)")):
        result = cli(*argv)
        assert (result.code, result.out, result.err.strip()) == (2, "", said)
    for kind in ([], "sheet", 3):                      # no kind this program writes
        odd = tmp_path / "odd.json"
        odd.write_text(json.dumps({"kind": kind, "ledger": []}))
        result = cli("show", odd)
        assert (result.code, result.err.strip()) == (2, f"{odd}: not a character file")


def test_published_schema_is_valid_json_schema():
    import jsonschema

    from builder.resources import load_json_resource

    schema = load_json_resource("schema", "character.schema.json")
    jsonschema.validators.validator_for(schema).check_schema(schema)


def test_homebrew_override_is_used(isolated_data):
    data = ok("data", "story-points", "--json").json()
    from builder.resources import load_package_json

    builtin = "builder.rulesets.story_points:data/story-points.json"
    raw = json.loads(json.dumps(load_package_json(builtin)))
    raw["skills"].append({"name": "Cooking", "vital": "Cognition"})
    (isolated_data / "rulesets").mkdir()
    (isolated_data / "rulesets" / "story-points.json").write_text(json.dumps(raw))
    data = ok("data", "story-points", "--json").json()
    assert data["skills"]["Cooking"] == "Cognition"
    assert "Cooking" not in load_package_json(builtin)["skills"]


@pytest.mark.parametrize("content", ["{broken", json.dumps({"vitals": "nope"}),
                                     json.dumps({"vitals": [{"name": "A"}],
                                                 "skills": [{"name": "S", "vital": "Z"}],
                                                 "classes": [], "paths": []})])
def test_broken_override_warns_and_uses_builtin(isolated_data, content):
    (isolated_data / "rulesets").mkdir()
    (isolated_data / "rulesets" / "story-points.json").write_text(content)
    result = cli("data", "story-points", "--json")
    assert result.code == 0
    assert "override ignored" in result.err
    assert "Medicine" in result.json()["skills"]


def test_write_json_atomic_creates_folders(tmp_path):
    target = tmp_path / "a" / "b" / "c.json"
    atomic.write_json_atomic(target, {"b": 1, "a": 2})
    assert target.read_text() == '{\n  "a": 2,\n  "b": 1\n}\n'


def test_a_newer_file_missing_what_this_version_reads_is_a_clear_error(tmp_path):
    path = tmp_path / "newer.json"
    path.write_text('{"format": 99, "kind": "character", "ruleset": "story-points"}')
    before = path.read_bytes()
    for argv in (("show", path), ("check", path), ("options", path),
                 ("export-pdf", path, "-o", tmp_path / "x.pdf")):
        result = cli(*argv)
        assert result.code == 2, argv
        assert "newer version" in result.err and "Traceback" not in result.err
    assert path.read_bytes() == before and not (tmp_path / "x.pdf").exists()


def test_refusal_reasons_are_what_do_would_refuse_with_and_change_nothing(char):
    """The window's check as you type and the command line's `do` share one check."""
    from builder.rules.base import Refusal

    cf = load_character(char)
    before = json.dumps(cf.doc, sort_keys=True)
    costly = cf.ruleset.parse_action(["raise-vital", "Cognition"])
    reasons = cf.refusal_reasons(costly)
    assert json.dumps(cf.doc, sort_keys=True) == before
    if reasons:
        with pytest.raises(Refusal) as refused:
            cf.do(costly)
        assert list(refused.value.reasons) == reasons
    else:
        cf.do(costly)
    # a ledger with problems refuses everything with the same lines in both paths
    cf = load_character(char)
    for _ in range(3):      # 4 + 6 + 8 SP for Cognition 2, 3, 4: more than the 10 held
        cf.doc["ledger"].append({"action": "raise-vital", "name": "Cognition",
                                 "at": "2026-01-01T00:00:00+00:00"})
    cf.ledger_edited()
    reasons = cf.refusal_reasons(cf.ruleset.parse_action(["rest"]))
    assert reasons and reasons[0].startswith("the file has problems")
    with pytest.raises(Refusal) as refused:
        cf.do(cf.ruleset.parse_action(["rest"]))
    assert list(refused.value.reasons) == reasons
