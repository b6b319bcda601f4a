"""Every data file of a built-in rule system is checked by its JSON Schema (the shape,
the types, the bounds and semantic nonsense: a negative cost, a limit below its floor,
an empty list) and then by the ruleset's own check (what the names and tables must agree
on); every problem, whichever finds it, starts with the path of the bad value."""
from __future__ import annotations

import copy

import pytest

from builder.rules.registry import ruleset_class
from builder.storage.rulesets import _read_builtin, validate_ruleset_data
from tests.rule_systems import BUILTIN_IDS


def _problems(ruleset_id: str, path: tuple, value) -> list[str]:
    data = copy.deepcopy(_read_builtin(ruleset_id))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return validate_ruleset_data(ruleset_class(ruleset_id), data)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_built_in_data_matches_its_schema_and_its_own_check(ruleset_id):
    assert validate_ruleset_data(ruleset_class(ruleset_id), _read_builtin(ruleset_id)) == []


@pytest.mark.parametrize("path,value,where,words", [
    # the JSON Schema: shape, types, bounds, nonsense
    (("costs", "skill_per_level"), -2, "costs/skill_per_level", "minimum"),
    (("costs", "training_exchange_floor"), 0, "costs/training_exchange_floor", "minimum"),
    (("limits", "vital_max"), 0, "limits/vital_max", "minimum"),
    (("classes",), [], "classes", ""),
    (("skills",), "Medicine", "skills", "array"),
    (("classes", 0, "core_skills"), ["Medicine"], "classes/0/core_skills", "short"),
    (("awards", "milestone"), 2.0, "awards/milestone", "integer"),
    # the ruleset's own check: the names agree
    (("skills", 0, "vital"), "Luck", "skills/0/vital", "is not a Core Vital"),
    (("classes", 0, "core_skills", 1), "Cooking", "classes/0/core_skills/1", "is not a Skill"),
    (("paths", 0, "class"), "Pirate", "paths/0/class", "unknown Class 'Pirate'"),
    (("paths", 0, "skill"), "Cooking", "paths/0/skill", "unknown Path Skill 'Cooking'"),
    (("limits", "vital_min"), 11, "limits/vital_max", "below vital_min 11"),
])
def test_story_points_problems_name_the_path(path, value, where, words):
    problems = _problems("story-points", path, value)
    assert any(p.startswith(where + ": ") and words in p for p in problems), problems


@pytest.mark.parametrize("path,value,where,words", [
    # the JSON Schema
    (("bonuses",), [3, 2, 2, 0], "bonuses", "non-unique"),
    (("allocation_die",), ["MIG", "DEX", "CHA", "SPD"], "allocation_die/3", ""),
    (("effect_dc_base",), -1, "effect_dc_base", "minimum"),
    (("aging", "die"), 0, "aging/die", "minimum"),
    (("aging", "categories"), [], "aging/categories", ""),
    (("aging", "categories", 0, "id"), "off", "aging/categories/0/id", ""),
    (("abilities", 0, "abbrev"), "LUCK", "abilities/0/abbrev", ""),
    # the ruleset's own check
    (("abilities", 1, "abbrev"), "MIG", "abilities", "each once"),
    (("aging", "categories", 0, "high"), 7, "aging/categories", "cover 1 to 20"),
    (("aging", "categories", 1, "id"), "young", "aging/categories/1/id", "used twice"),
])
def test_ability_bonuses_problems_name_the_path(path, value, where, words):
    problems = _problems("ability-bonuses", path, value)
    assert any(p.startswith(where + ": ") and words in p for p in problems), problems


def test_every_data_file_and_schema_is_published_in_the_package():
    """The wheel carries every JSON file under builder/ (the shared schemas and each
    rule-system folder's data/ and schema/): each matches a package-data pattern."""
    import tomllib
    from fnmatch import fnmatch
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]["builder"]
    files = [path.relative_to(root / "builder").as_posix()
             for path in (root / "builder").rglob("*.json")]
    assert any(name.startswith("rulesets/") and "/schema/" in name for name in files)
    assert [name for name in files if not any(fnmatch(name, p) for p in patterns)] == []
