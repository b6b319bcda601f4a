"""Which steps of a plan the points pay for now (one rule for every chain page)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from builder.rules.chain import affordable_steps


def test_the_paid_prefix_stops_at_the_first_step_not_paid_for():
    plan = {"unspent": 5, "steps": [{"cost": 2}, {"cost": 3}, {"cost": 1}]}
    assert affordable_steps(plan) == [{"cost": 2}, {"cost": 3}]
    # a later cheap step is not taken past one that is not paid: it may need it
    plan = {"unspent": 3, "steps": [{"cost": 2}, {"cost": 4}, {"cost": 1}]}
    assert affordable_steps(plan) == [{"cost": 2}]


def test_no_plan_has_no_steps():
    assert affordable_steps(None) == []
    assert affordable_steps({"unspent": 9, "steps": []}) == []


@given(st.lists(st.integers(0, 9), max_size=12), st.integers(0, 40))
def test_the_paid_prefix_is_the_longest_one_within_the_points(costs, unspent):
    steps = [{"cost": c} for c in costs]
    taken = affordable_steps({"unspent": unspent, "steps": steps})
    assert taken == steps[:len(taken)]
    assert sum(s["cost"] for s in taken) <= unspent
    if len(taken) < len(steps):
        assert sum(s["cost"] for s in steps[:len(taken) + 1]) > unspent
