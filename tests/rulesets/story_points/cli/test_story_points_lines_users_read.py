"""Lines a Story Points user reads: show says "none" where a character has no Skills or
traits yet."""
from __future__ import annotations

from tests.helpers import ok


def test_show_says_none_for_no_skills_and_no_traits(tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "Ann", "-o", path, "--set", "sp=5")
    lines = ok("show", path).out.splitlines()
    assert "Skills: none" in lines
    ok("do", path, "raise-skill", "Melee")
    assert "Skills: Melee 1" in ok("show", path).out.splitlines()
