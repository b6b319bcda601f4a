"""A generic planner over the rule vocabulary: the cheapest sequence of raises and
paths that reaches a target, by uniform-cost search (Dijkstra).

Only the values and paths the target depends on (through its prerequisites, and
theirs) are searched; every other value stays where it is.  Costs in the
vocabulary are never negative, so the first time the search takes a goal state
off its queue that state was reached as cheaply as possible.  Points are not a
constraint of the search: the plan says whether it is affordable now, as the
story-points planner does.
"""
from __future__ import annotations

import heapq
import itertools
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from builder.rules import vocabulary as vocab
from builder.rules.base import (AT_MAXIMUM, Reason, Refusal, UsageError, match_name,
                                parse_int)

if TYPE_CHECKING:
    from builder.rules.data_system.ruleset import DataRuleset, DataState

#: A search node: the levels of the relevant values (in order) and the paths held.
Node = tuple[tuple[int, ...], frozenset[str]]

#: More states than this and the planner says so instead of searching on.
MAX_STATES = 200_000
#: The plan's search grew past MAX_STATES.
PLAN_TOO_LARGE = "plan.too-large"
#: No sequence of legal steps reaches the plan's target.
PLAN_NO_PATH = "plan.no-path"


def parse_target(ruleset: DataRuleset, text: str) -> tuple[str, str, int]:
    """``NAME=N`` (a value) or ``NAME`` (a path) -> (kind, name, level)."""
    name, sep, level = text.partition("=")
    if sep:
        value = match_name(name, ruleset.values, "value")
        return "value", value, parse_int(level, f"the level of {value}")
    if name.strip().casefold() in (v.casefold() for v in ruleset.values):
        raise UsageError(f"target '{text}' needs a level: {name.strip()}=N")
    return "path", match_name(name, ruleset.paths, "value or path"), 1


def _relevant(ruleset: DataRuleset, kind: str, name: str) -> tuple[list[str], list[str]]:
    values: list[str] = []
    paths: list[str] = []
    todo = [(kind, name)]
    while todo:
        k, n = todo.pop()
        bucket = values if k == "value" else paths
        if n in bucket:
            continue
        bucket.append(n)
        record = ruleset.values[n] if k == "value" else ruleset.paths[n]
        for edge in vocab.edges(record.get("requires"), n):
            todo.append((edge.kind, edge.source))
    return values, paths


def plan(ruleset: DataRuleset, state: DataState, target: str) -> dict[str, Any]:
    kind, name, level = parse_target(ruleset, target)
    if kind == "value":
        limit = ruleset.values[name]["limit"]
        if level > limit:
            raise Refusal([Reason(f"{name} {level} is above its limit {limit}", AT_MAXIMUM)])
    values, paths = _relevant(ruleset, kind, name)
    base_levels = dict(state.levels)
    start: Node = (tuple(base_levels[v] for v in values), frozenset(state.held) & set(paths))

    def reached(node: Node) -> bool:
        levels, held = node
        return (levels[values.index(name)] >= level if kind == "value" else name in held)

    def facts(node: Node) -> vocab.Facts:
        levels = dict(base_levels)
        levels.update(zip(values, node[0]))
        return vocab.Facts(levels, frozenset(state.held) | node[1])

    # each prerequisite made into a checker once: the search asks it at every state
    met = {n: vocab.checker(ruleset.values[n].get("requires")) for n in values}
    met.update({n: vocab.checker(ruleset.paths[n].get("requires")) for n in paths})
    counter = itertools.count()
    queue: list[tuple[int, int, Node, tuple[dict[str, Any], ...]]] = [
        (0, next(counter), start, ())]
    best: dict[Node, int] = {start: 0}
    while queue:
        spent, _n, node, steps = heapq.heappop(queue)
        if best.get(node, spent) < spent:
            continue
        if reached(node):
            return _result(ruleset, state, kind, name, level, spent, list(steps))
        if len(best) > MAX_STATES:
            raise Refusal([Reason(f"the plan for {target} needs a search of more than "
                           f"{MAX_STATES} states; plan a nearer target first", PLAN_TOO_LARGE)])
        known = facts(node)
        for i, vname in enumerate(values):
            record = ruleset.values[vname]
            to = node[0][i] + 1
            price = vocab.cost(record["cost"], to)
            if to > record["limit"] or price is None or not met[vname](known, to):
                continue
            after = (node[0][:i] + (to,) + node[0][i + 1:], node[1])
            step = {"kind": "value", "name": vname, "target": to, "cost": price,
                    "action": ["raise", vname]}
            _push(queue, best, counter, spent + price, after, steps + (step,))
        for pname in paths:
            record = ruleset.paths[pname]
            if pname in node[1] or not met[pname](known, 0):
                continue
            price = vocab.cost(record["cost"], 1) or 0
            step = {"kind": "path", "name": pname, "target": 1, "cost": price,
                    "action": ["take", pname]}
            _push(queue, best, counter, spent + price, (node[0], node[1] | {pname}),
                  steps + (step,))
    raise Refusal([Reason(f"no legal sequence of steps reaches {target} from here", PLAN_NO_PATH)])


def _push(queue: list[tuple[int, int, Node, tuple[dict[str, Any], ...]]],
          best: dict[Node, int], counter: Iterator[int], cost: int, node: Node,
          steps: tuple[dict[str, Any], ...]) -> None:
    if cost < best.get(node, cost + 1):
        best[node] = cost
        heapq.heappush(queue, (cost, next(counter), node, steps))


def _result(ruleset: DataRuleset, state: DataState, kind: str, name: str, level: int,
            cost: int, steps: Iterable[dict[str, Any]]) -> dict[str, Any]:
    label = ruleset.balance_label
    affordable = cost <= state.unspent
    missing = [] if affordable else [f"needs {cost} {label}, {state.unspent} unspent "
                                     f"({cost - state.unspent} more)"]
    return {"target": {"kind": kind, "name": name, "level": level}, "total_cost": cost,
            "affordable": affordable, "unspent": state.unspent, "missing": missing,
            "steps": steps}
