"""Story Points' kinds of action: every verb through words, ledger JSON, replay and a
plain sentence, and a code of its own on every refusal, greyed option, baseline problem
and plan refusal (the other systems' walks: tests/core/test_action_kinds.py)."""
from __future__ import annotations

import random

import pytest

from builder.rules.base import GENERIC_CODE, reason_code
from builder.rules.engine import replay
from builder.storage.rulesets import load_ruleset
from tests.core import rules_snapshot
from tests.rulesets.story_points.core.sp_helpers import state as sp_state


SP_WORDS = [
    ["award-checkpoint", "The Crypt", "First door"],
    ["resolve-milestone", "The Crypt"],
    ["raise-vital", "Cognition"],
    ["raise-skill", "Medicine"],
    ["enter-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Bless",
     "--scene", "the vigil"],
    ["raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Cleanse"],
    ["use-trait", "Cleric", "Restoring Grace"],
    ["rest"],
    ["set-active", "no"],
]


def test_every_story_point_verb_parses_acts_replays_and_reads_plainly():
    """Each kind through the whole path: words -> Action -> ledger JSON -> replay gives the
    same state; each ledger sentence is plain words (no ``key=value``)."""
    from builder.rules.engine import perform

    rs = load_ruleset("story-points")
    baseline = rs.baseline_from_sets([("sp", "60"), ("vital.Cognition", "3"),
                                      ("skill.Medicine", "2"), ("skill.Occult", "2")],
                                     rng=random.Random(0))
    st = rs.initial_state(baseline)
    ledger = []
    for words in SP_WORDS:
        action = rs.parse_action(words)
        assert action.kind == words[0]
        logged, st = perform(rs, st, action, random.Random(0))
        ledger.append(logged.to_json() | {"at": "2026-11-30T00:00:00"})
        text = rs.describe(ledger[-1])
        assert text and "=" not in text and not text.startswith(words[0]), text
    again = replay(rs, baseline, ledger)
    assert again.legal and again.state == st
    assert rs.derive(st, "x")["classes"]["Cleric"]["level"] == 2
    assert st.active is False and st.uses_spent == {}


def test_no_story_point_reason_carries_the_generic_code():
    """Every refusal and every greyed option of the Story Point rules has its own code,
    over the sample characters and a broad set of actions."""
    rs = load_ruleset("story-points")
    generic = []
    seen = 0
    for _name, st in rules_snapshot._sp_states(rs)[::7]:
        reasons = [r for action in rules_snapshot.sp_actions(rs, st)
                   for r in rs.check(st, rs.resolve(st, dict(action), random.Random(0)))]
        for o in rs.options(st):
            reasons += o.reasons
            for blocked in ("blocked_traits", "blocked_spells"):
                for why in (o.extra.get("choices") or {}).get(blocked, {}).values():
                    reasons += why
        seen += len(reasons)
        generic += [str(r) for r in reasons if reason_code(r) == GENERIC_CODE]
    assert seen > 1000
    assert generic == [], generic


def test_story_point_baseline_problems_and_plan_refusals_have_their_own_codes():
    from builder.rules.base import Refusal

    rs = load_ruleset("story-points")
    bad = {"sp": -1, "vitals": {"Nope": 3, "Strength": 99}, "skills": {"Melee": 5, "Bogus": 1},
           "classes": {"Cleric": {"level": 2, "traits": {"Restoring Grace": 3, "Zeal": 0,
                                                          "Foo": 1},
                                  "spells": ["Bless", "Bless", "Foo"]},
                       "Fighter": {"level": 1, "traits": {"Shield Wall": 1},
                                   "spells": ["Bless"]},
                       "Nope": {"level": 1}},
           "vit": 999, "wounded": -1, "active": "yes"}
    reasons = rs.validate_baseline(bad)
    codes = {reason_code(r) for r in reasons}
    assert len(reasons) >= 10 and GENERIC_CODE not in codes, reasons
    assert {"baseline.out-of-range", "name.unknown", "trait.not-of-class",
            "spell.known", "baseline.ranks-total", "active.not-yes-no"} <= codes
    malformed = rs.validate_baseline({"classes": {"Cleric": 5}})
    assert [reason_code(r) for r in malformed] == ["baseline.malformed"]
    st = sp_state(sp=10)
    for target, code in (("skill:Medicine=11", "at-maximum"),
                         ("skill:Medicine=0", "plan.target-invalid")):
        with pytest.raises(Refusal) as refused:
            rs.plan(st, target)
        assert [reason_code(r) for r in refused.value.reasons] == [code]
