"""Ability Bonuses' data file (ability-bonuses.json): a bad value is refused by its JSON
Schema or by the ruleset's own check (abilities once each, age categories covering the
die), each problem starting with the path of the bad value."""
from __future__ import annotations

import pytest

from tests.rule_systems import data_problems as _problems


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
