"""Which steps of a plan the points pay for now (one rule for every chain page), and
which the rules refuse when taken in turn."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.app.queries import first_refusal
from builder.rules.base import Plan, PlanStep, UsageError
from builder.rules.chain import affordable_steps
from tests.rulesets.story_points.core.sp_helpers import ruleset, state


def _plan(unspent: int, costs: list[int]) -> Plan:
    steps = [PlanStep("value", f"V{i}", i + 1, cost) for i, cost in enumerate(costs)]
    return Plan("value", "V", len(costs), sum(costs), sum(costs) <= unspent, unspent,
                steps=steps)


def test_the_paid_prefix_stops_at_the_first_step_not_paid_for():
    plan = _plan(5, [2, 3, 1])
    assert affordable_steps(plan) == list(plan.steps[:2])
    # a later cheap step is not taken past one that is not paid: it may need it
    plan = _plan(3, [2, 4, 1])
    assert affordable_steps(plan) == [plan.steps[0]]


def test_no_plan_has_no_steps():
    assert affordable_steps(None) == []
    assert affordable_steps(_plan(9, [])) == []


@given(st.lists(st.integers(0, 9), max_size=12), st.integers(0, 40))
def test_the_paid_prefix_is_the_longest_one_within_the_points(costs, unspent):
    plan = _plan(unspent, costs)
    taken = affordable_steps(plan)
    assert taken == list(plan.steps[:len(taken)])
    assert sum(s.cost for s in taken) <= unspent
    if len(taken) < len(costs):
        assert sum(costs[:len(taken) + 1]) > unspent


def test_a_plans_steps_are_checked_in_turn_each_after_the_ones_before():
    """What the plan dialog asks before anything is paid: the first step the rules
    refuse, each step checked in the state the steps before it leave."""
    cf = SimpleNamespace(ruleset=ruleset(),
                         state=state(sp=16, vital__Cognition=3, skill__Medicine=3))
    medicine, cognition = ["raise-skill", "Medicine"], ["raise-vital", "Cognition"]
    assert first_refusal(cf, [cognition, medicine]) is None       # Cognition 4 first
    index, why = first_refusal(cf, [medicine, cognition])
    assert index == 0 and why == ["Medicine 4 needs Cognition 4 (Cognition is 3)"]
    # the second raise is priced after the first is paid (8 of the 16 SP)
    assert first_refusal(cf, [cognition, cognition]) == (1, ["needs 10 SP, 8 unspent"])
    with pytest.raises(UsageError):
        first_refusal(cf, [cognition, ["no-such-verb"]])
