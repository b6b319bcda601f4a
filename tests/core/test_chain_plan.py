"""Which steps of a plan the points pay for now (one rule for every chain page)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.rules.base import Plan, PlanStep
from builder.rules.chain import affordable_steps


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
