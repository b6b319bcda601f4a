"""A Story Point baseline whose Class lists a spell it lacks: the rules report it (check's
problem) and show the Class without it (the other systems' baselines:
tests/core/test_baseline_typos.py)."""
from __future__ import annotations

from builder.rules.engine import replay
from tests.core.test_baseline_typos import baseline_of


def test_a_spell_the_class_lacks_is_reported_and_shown_without_it():
    rs, baseline = baseline_of("story-points")
    baseline["classes"]["Cleric"]["spells"] = ["Mend Wound", "Bless"]
    done = replay(rs, baseline, [])
    assert [p.lines() for p in done.problems] == [
        ["baseline: Mend Wound is not a Cleric spell"]]
    assert rs.derive(done.state, "T")["classes"]["Cleric"]["spells"] == ["Bless"]
