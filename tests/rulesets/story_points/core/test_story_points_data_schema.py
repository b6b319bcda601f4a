"""Story Points' data file (story-points.json): a bad value is refused by its JSON Schema
(the shape, the types, the bounds) or by the ruleset's own check (the names agree), each
problem starting with the path of the bad value."""
from __future__ import annotations

import pytest

from tests.rule_systems import data_problems as _problems


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
