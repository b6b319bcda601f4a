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
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from builder.rules import vocabulary as vocab
from builder.rules.base import (AT_MAXIMUM, Plan, PlanStep, Reason, Refusal, UsageError,
                                match_name, parse_int)

if TYPE_CHECKING:
    from builder.rules.data_system.ruleset import DataRuleset, DataState

#: A search node: the levels of the relevant values (in order) and the paths held.
Node = tuple[tuple[int, ...], frozenset[str]]

#: The most successor steps the planner tries before it gives up: a bound on its work
#: (not on the states it keeps), so a wide system gives up as soon as a narrow one.
MAX_TRIES = 300_000
#: The plan's search grew past MAX_TRIES.
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


def plan(ruleset: DataRuleset, state: DataState, target: str) -> Plan:
    kind, name, level = parse_target(ruleset, target)
    if kind == "value":
        limit = ruleset.values[name]["limit"]
        if level > limit:
            raise Refusal([Reason(f"{name} {level} is above its limit {limit}", AT_MAXIMUM)])
    values, paths = _relevant(ruleset, kind, name)
    search = _Search(ruleset, state, values, paths)
    if kind == "value":
        at = values.index(name)
        found = search.run(lambda node: node[0][at] >= level)
    else:
        found = search.run(lambda node: name in node[1])
    if found is None:
        raise Refusal([Reason(f"no legal sequence of steps reaches {target} from here",
                              PLAN_NO_PATH)])
    if found is _GAVE_UP:
        raise Refusal([Reason(f"the plan for {target} needs a search of more than "
                              f"{MAX_TRIES} steps; plan a nearer target first",
                              PLAN_TOO_LARGE)])
    spent, steps = found
    return _result(ruleset, state, kind, name, level, spent, steps)


#: What :meth:`_Search.run` returns when the search grew past :data:`MAX_TRIES`.
_GAVE_UP: Any = object()


class _Search:
    """Uniform-cost search over the levels of ``values`` and the ``paths`` held (every
    other value stays where it is); each node remembers the step that reached it."""

    def __init__(self, ruleset: DataRuleset, state: DataState, values: list[str],
                 paths: list[str]) -> None:
        self.ruleset, self.values, self.paths = ruleset, values, paths
        self.base_levels = dict(state.levels)
        self.base_held = frozenset(state.held)
        self.start: Node = (tuple(self.base_levels[v] for v in values),
                            self.base_held & set(paths))
        # each prerequisite made into a checker once: the search asks it at every state
        self.met = {n: vocab.checker(ruleset.values[n].get("requires")) for n in values}
        self.met.update({n: vocab.checker(ruleset.paths[n].get("requires")) for n in paths})
        self.best: dict[Node, int] = {self.start: 0}
        self.came: dict[Node, tuple[Node, dict[str, Any]]] = {}
        self.queue: list[tuple[int, int, Node]] = [(0, 0, self.start)]
        self.counter = itertools.count(1)

    def run(self, reached: Callable[[Node], bool]) -> Any:
        """(cost, steps) of the cheapest way to a node ``reached`` accepts; None when
        there is none; :data:`_GAVE_UP` when finding out takes too long."""
        tries = 0
        while self.queue:
            spent, _n, node = heapq.heappop(self.queue)
            if self.best.get(node, spent) < spent:
                continue
            if reached(node):
                return spent, self.steps_to(node)
            tries += len(self.values) + len(self.paths)
            if tries > MAX_TRIES:
                return _GAVE_UP
            for price, after, step in self.successors(node):
                self.push(node, spent + price, after, step)
        return None

    def successors(self, node: Node) -> Iterator[tuple[int, Node, dict[str, Any]]]:
        levels = dict(self.base_levels)
        levels.update(zip(self.values, node[0]))
        known = vocab.Facts(levels, self.base_held | node[1])
        for i, vname in enumerate(self.values):
            record = self.ruleset.values[vname]
            to = node[0][i] + 1
            price = vocab.cost(record["cost"], to)
            if to > record["limit"] or price is None or not self.met[vname](known, to):
                continue
            yield price, (node[0][:i] + (to,) + node[0][i + 1:], node[1]), {
                "kind": "value", "name": vname, "target": to, "cost": price,
                "action": ["raise", vname]}
        for pname in self.paths:
            if pname in node[1] or not self.met[pname](known, 0):
                continue
            price = vocab.cost(self.ruleset.paths[pname]["cost"], 1) or 0
            yield price, (node[0], node[1] | {pname}), {
                "kind": "path", "name": pname, "target": 1, "cost": price,
                "action": ["take", pname]}

    def push(self, before: Node, cost: int, node: Node, step: dict[str, Any]) -> None:
        if cost < self.best.get(node, cost + 1):
            self.best[node] = cost
            self.came[node] = (before, step)
            heapq.heappush(self.queue, (cost, next(self.counter), node))

    def steps_to(self, node: Node) -> list[dict[str, Any]]:
        steps = []
        while node in self.came:
            node, step = self.came[node]
            steps.append(step)
        steps.reverse()
        return steps


def _result(ruleset: DataRuleset, state: DataState, kind: str, name: str, level: int,
            cost: int, steps: Iterable[dict[str, Any]]) -> Plan:
    label = ruleset.balance_label
    affordable = cost <= state.unspent
    missing = [] if affordable else [f"needs {cost} {label}, {state.unspent} unspent "
                                     f"({cost - state.unspent} more)"]
    return Plan(kind, name, level, cost, affordable, state.unspent, missing,
                (PlanStep.from_json(step) for step in steps))
