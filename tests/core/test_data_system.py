"""The data-driven rule system (builder/rules/data_system/): its data checks, and
its planner proved cheapest against a search over every legal action sequence on
small random systems (hypothesis)."""
from __future__ import annotations

import heapq
import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from builder.rules.base import Refusal
from builder.rules.data_system import DataRuleset, DataState, make_class

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"
NAMES = ["Aa", "Bb", "Cc"]
PATHS = ["Pp", "Qq"]


def _system(values, paths) -> DataRuleset:
    data = {"format": 1, "id": "tiny-system", "title": "Tiny", "planning": True,
            "currency": {"label": "CP", "start": 0}, "values": values, "paths": paths}
    assert DataRuleset.validate_data(data) == [], DataRuleset.validate_data(data)
    return make_class(data)(data)


costs = st.one_of(
    st.builds(lambda a: {"type": "flat", "amount": a}, st.integers(0, 5)),
    st.builds(lambda a: {"type": "per-level", "amount": a}, st.integers(0, 3)),
    st.builds(lambda t: {"type": "table", "costs": {str(k): v for k, v in t.items()}},
              st.dictionaries(st.integers(1, 3), st.integers(0, 6), min_size=1)),
)
leaf = st.one_of(
    st.builds(lambda v, n: {"type": "at-least", "value": v, "level": n},
              st.sampled_from(NAMES), st.integers(1, 3)),
    st.builds(lambda v: {"type": "at-least-target", "value": v}, st.sampled_from(NAMES)),
    st.builds(lambda p: {"type": "holds", "path": p}, st.sampled_from(PATHS)),
)
prereq = st.one_of(leaf, st.builds(lambda t, of: {"type": t, "of": of},
                                   st.sampled_from(["any-of", "all-of"]),
                                   st.lists(leaf, min_size=1, max_size=2)))
maybe_requires = st.one_of(st.none(), prereq)


@st.composite
def systems(draw):
    values = []
    for name in NAMES:
        record = {"name": name, "floor": 0, "limit": draw(st.integers(1, 3)),
                  "cost": draw(costs)}
        requires = draw(maybe_requires)
        if requires is not None:
            record["requires"] = requires
        values.append(record)
    paths = []
    for name in PATHS:
        record = {"name": name, "cost": {"type": "flat", "amount": draw(st.integers(0, 5))}}
        requires = draw(maybe_requires)
        if requires is not None:
            record["requires"] = requires
        paths.append(record)
    return _system(values, paths)


def _cheapest(ruleset, state, goal) -> int | None:
    """Uniform-cost search over every legal action (check/apply, points unlimited)."""
    rich = DataState(state.levels, state.held, 10 ** 6, state.spent, state.awarded)
    key = lambda s: (tuple(sorted(s.levels.items())), tuple(sorted(s.held)))  # noqa: E731
    counter = itertools.count()
    queue, seen = [(0, next(counter), rich)], set()
    actions = ([{"action": "raise", "name": n} for n in ruleset.values]
               + [{"action": "take", "name": p} for p in ruleset.paths])
    while queue:
        cost, _n, s = heapq.heappop(queue)
        if key(s) in seen:
            continue
        seen.add(key(s))
        if goal(s):
            return cost
        for action in actions:
            if not ruleset.check(s, action):
                heapq.heappush(queue, (cost + ruleset.cost(s, action), next(counter),
                                       ruleset.apply(s, action)))
    return None


@settings(max_examples=80, deadline=None)
@given(systems(), st.sampled_from(NAMES + PATHS), st.integers(1, 3))
def test_the_plan_is_legal_and_cheapest(ruleset, target_name, level):
    state = ruleset.initial_state({"values": {}})
    if target_name in PATHS:
        target, goal = target_name, (lambda s: target_name in s.held)
    else:
        level = min(level, ruleset.values[target_name]["limit"])
        target, goal = f"{target_name}={level}", (lambda s: s.levels[target_name] >= level)
    best = _cheapest(ruleset, state, goal)
    try:
        result = ruleset.plan(state, target)
    except Refusal:
        assert best is None
        return
    assert result.total_cost == best
    walk = DataState(state.levels, state.held, 10 ** 6, state.spent, state.awarded)
    for step in result.steps:
        action = ruleset.parse_action(step.extra["action"])
        assert ruleset.check(walk, action) == []
        assert ruleset.cost(walk, action) == step.cost
        walk = ruleset.apply(walk, action)
    assert goal(walk)
    assert sum(s.cost for s in result.steps) == result.total_cost


def test_the_example_is_valid_and_its_chain_has_the_edges():
    data = json.loads(EXAMPLE.read_text())
    assert DataRuleset.validate_data(data) == []
    ruleset = make_class(data)(data)
    state = ruleset.initial_state({"values": {"Body": 2}})
    chain = ruleset.chain(state)
    edges = {(e["from"], e["to"]): e for e in chain["edges"]}
    assert edges[("Body", "Knight")]["level"] == 3 and edges[("Body", "Knight")]["blocked"]
    assert not edges[("Grace", "Fencing")]["blocked"]          # Grace 1 >= Fencing 1
    assert edges[("Witch", "Warding")]["kind"] == "path"
    assert {n["name"] for n in chain["nodes"]} >= {"Body", "Knight", "Witch"}


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["values"].append(dict(d["values"][0])), "the name 'Body' is used twice"),
    # the schema's own keywords (x-atLeast, x-atMost): the path of the bad value
    (lambda d: d["values"][0].update(start=9), "values/0/start: 9 is above limit 5"),
    (lambda d: d["values"][0].update(start=0), "values/0/start: 0 is below floor 1"),
    (lambda d: d["values"][1].update(limit=0), "values/1/limit: 0 is below floor 1"),
    (lambda d: d["values"][0].update(group="paths"), "the group name 'paths' is taken"),
    (lambda d: d["values"][0].update(cost={"type": "flat", "amount": -2}), "values/0/cost"),
    (lambda d: d["values"][0].update(floor=True), "values/0/floor"),
    (lambda d: d["currency"].update(start=2.0), "currency/start"),
    (lambda d: d.update(id="Point Buy"), "id"),
])
def test_data_problems_name_the_place(change, problem):
    data = json.loads(EXAMPLE.read_text())
    change(data)
    problems = DataRuleset.validate_data(data)
    assert any(problem in p for p in problems), problems


def test_replay_never_raises_on_hand_edited_entries():
    data = json.loads(EXAMPLE.read_text())
    ruleset = make_class(data)(data)
    state = ruleset.initial_state({"values": {"Body": "x", "Nope": 3}})
    assert state.levels["Body"] == 1
    for entry in [{"action": "raise"}, {"action": "raise", "name": 3},
                  {"action": "take", "name": "Nope"}, {"action": "award", "amount": "5"},
                  {"action": "award", "amount": True}, {}]:
        assert ruleset.check(state, entry)
    assert ruleset.validate_baseline({"values": {"Body": 2.0}})
    assert ruleset.validate_baseline({"values": []})
    assert ruleset.baseline_from_sets([], rng=random.Random(1)) == {
        "values": {v: ruleset.start_level(v) for v in ruleset.values}}
