"""Homebrew overrides that layer: ``"extends"`` adds, replaces or removes single
entries over the built-in data; ``data RULESET --json`` is itself an override (fed
back unchanged it changes nothing); the title is the override's; nonsense is
refused with the path of the bad value, and the built-in data is used."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import cli, ok
from tests.rule_systems import BUILTIN_IDS


def override(ruleset: str, data) -> Path:
    folder = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets"
    folder.mkdir(exist_ok=True)
    path = folder / f"{ruleset}.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize("ruleset", BUILTIN_IDS)
def test_data_json_fed_back_as_an_override_changes_nothing(ruleset, tmp_path):
    character = tmp_path / "c.json"
    ok("new", ruleset, "C", "-o", character, "--seed", "4",
       *(["--set", "sp=12"] if ruleset == "story-points" else []))
    before = cli("data", ruleset, "--json")
    options = ok("options", character, "--json").out
    path = override(ruleset, before.out)
    after = ok("data", ruleset, "--json")
    assert after.err == "" and after.out == before.out
    rows = {r["id"]: r for r in ok("rulesets", "--json").json()}
    assert rows[ruleset]["source"] == str(path)
    assert ok("options", character, "--json").out == options


def test_a_layer_adds_a_skill_removes_a_class_and_renames_the_system(tmp_path):
    override("story-points", {
        "extends": "story-points", "title": "Grim Seas",
        "skills": [{"name": "Sailing", "vital": "Agility"}],
        "classes": [{"name": "Cleric", "$remove": True}],
        "paths": [{"name": n, "$remove": True} for n in ("Mercy", "Ember Creed", "Veil")],
        "costs": {"vital_per_score": 3}})
    result = ok("rulesets", "--json")
    assert result.err == ""
    assert {r["id"]: r for r in result.json()}["story-points"]["title"] == "Grim Seas"
    data = ok("data", "story-points", "--json").json()
    assert data["title"] == "Grim Seas" and data["skills"]["Sailing"] == "Agility"
    assert "Cleric" not in data["classes"] and "Fighter" in data["classes"]
    assert data["costs"]["vital_per_score"] == 3 and data["costs"]["skill_per_level"] == 1
    character = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", character, "--set", "sp=10")
    ok("do", character, "raise-skill", "Sailing")
    assert cli("do", character, "enter-class", "Cleric", "--trait", "x",
               "--scene", "s").code == 2
    ok("do", character, "raise-vital", "Strength")       # Strength 2 at 3 SP a Score
    assert ok("show", character, "--json").json()["sp"]["unspent"] == 10 - 1 - 6


@pytest.mark.parametrize("layer, where", [
    ({"extends": "story-points", "costs": {"vital_per_score": -3}}, "costs/vital_per_score"),
    ({"extends": "story-points", "limits": {"skill_max": 0}}, "limits/skill_max"),
    ({"extends": "story-points", "classes": [{"name": "Fighter", "core_skills": []}]},
     "classes/0/core_skills"),
    ({"extends": "story-points", "vitals": [{"name": "Luck", "$remove": True}]}, "/vitals/0"),
    ({"extends": "vogelfrei", "title": "x"}, "extends"),
    ({"extends": "story-points", "awards": {"milestone": "three"}}, "awards/milestone"),
])
def test_nonsense_is_refused_with_its_path_and_the_built_in_data_used(layer, where, tmp_path):
    override("story-points", layer)
    result = ok("data", "story-points", "--json")
    warnings = result.err.strip().splitlines()
    assert len(warnings) == 1 and "homebrew override ignored" in warnings[0]
    assert where in warnings[0], warnings[0]
    assert result.json()["title"] == "Story Point development"
    assert result.json()["costs"]["vital_per_score"] == 2


def test_a_layer_whose_template_carries_a_format_width_is_refused(tmp_path):
    """Data never steers the program's formatting: a reason template with a width is
    refused with its place, the built-in records stay, and no output grows from it."""
    character = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", character, "--set", "sp=0")
    before = ok("options", character).out
    override("story-points", {"extends": "story-points", "advancement": {"vital": {
        "requires": [{"type": "at-least", "value": "Strength", "level": 9,
                      "say": "{subject:>100000000}"}]}}})
    result = cli("options", character)
    assert result.code == 0 and result.out == before
    (warning,) = result.err.strip().splitlines()
    assert "homebrew override ignored" in warning and "advancement/vital/requires" \
        in warning, warning


def test_the_built_in_rules_are_loaded_once_for_every_data_folder_and_an_override_anew(
        tmp_path, monkeypatch):
    from builder.storage.rulesets import load_ruleset_full

    first = load_ruleset_full("story-points")
    other = tmp_path / "other data"
    other.mkdir()
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(other))
    assert load_ruleset_full("story-points") is first and first.source == "built-in"
    path = override("story-points", {"extends": "story-points", "title": "Grim Seas"})
    loaded = load_ruleset_full("story-points")
    assert loaded.source == str(path) and loaded.ruleset.title == "Grim Seas"
    path.unlink()
    assert load_ruleset_full("story-points") is first
