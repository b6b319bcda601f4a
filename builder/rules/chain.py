"""The chain as a graph: pure data for the drawn view (no Qt), for any rule system.

Nodes sit in columns (``Chain.order``: column key -> node ids top to bottom, in
the order of ``Chain.columns``); each carries its current value, the cost of
its next step, whether that step is allowed and every reason from the rules
core; each edge says which prerequisite gates which, and whether it is the one
blocking the next step right now.  The Story Point chain
(:mod:`builder.rulesets.story_points.rules.chain`) and the chain of a rule system written
as data (:mod:`builder.rules.data_system.chain`) are both of this shape, and the
window draws either (:mod:`builder.ui.chain`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.rules.records import Record

if TYPE_CHECKING:
    from builder.rules.base import Plan, PlanStep


class Node(Record):
    _fields = ("id", "kind", "name", "column", "owner", "value", "target", "cost", "allowed",
               "reasons", "detail", "held", "usable", "path_skill")
    __slots__ = _fields
    id: str
    kind: str            # vital | skill | class | trait | spell; value | path (data)
    name: str
    column: int
    owner: str  # the Class of a trait or spell
    value: int  # score, level or rank (spells: 1 when known)
    target: int | str | None  # what the option reaches (a level; a slot)
    cost: int | None
    allowed: bool
    reasons: list[str]
    detail: str  # a short second line (Linked Vital, Path, uses...)
    held: bool  # a Class the character has, a trait with ranks, a known spell
    usable: bool  # traits and spells: Path Skill trained
    path_skill: str  # traits and spells: the Skill of their Path

    def __init__(self, id: str, kind: str, name: str, column: int, owner: str = "",
                 value: int = 0, target: int | str | None = None, cost: int | None = None,
                 allowed: bool = False, reasons: list[str] | None = None, detail: str = "",
                 held: bool = False, usable: bool = True, path_skill: str = "") -> None:
        self.id = id
        self.kind = kind
        self.name = name
        self.column = column
        self.owner = owner
        self.value = value
        self.target = target
        self.cost = cost
        self.allowed = allowed
        self.reasons = [] if reasons is None else reasons
        self.detail = detail
        self.held = held
        self.usable = usable
        self.path_skill = path_skill


class Edge(Record):
    _fields = ("source", "target", "kind", "blocking")
    __slots__ = _fields
    source: str
    target: str
    kind: str            # linked | core | owner | path (a path or class); value (data)
    blocking: bool

    def __init__(self, source: str, target: str, kind: str, blocking: bool = False) -> None:
        self.source = source
        self.target = target
        self.kind = kind
        self.blocking = blocking


class Chain(Record):
    _fields = ("nodes", "edges", "order", "columns", "unit")
    __slots__ = _fields
    nodes: dict[str, Node]
    edges: list[Edge]
    order: dict[str, list[str]]   # column kind -> node ids top to bottom
    #: (column key, title) left to right (each rule system's chain names its own)
    columns: list[tuple[str, str]] | None
    #: what the costs are counted in (the rule system's ``balance_label``: SP, CP...)
    unit: str

    def __init__(self, nodes: dict[str, Node], edges: list[Edge],
                 order: dict[str, list[str]], columns: list[tuple[str, str]] | None = None,
                 unit: str = "points") -> None:
        self.nodes = nodes
        self.edges = edges
        self.order = order
        self.columns = columns
        self.unit = unit

    def neighbours(self, node_id: str) -> set[str]:
        """Every node connected to ``node_id`` upstream or downstream (transitively)."""
        ups: dict[str, list[str]] = {}
        downs: dict[str, list[str]] = {}
        for e in self.edges:
            downs.setdefault(e.source, []).append(e.target)
            ups.setdefault(e.target, []).append(e.source)
        seen = {node_id}
        for graph in (ups, downs):
            stack = [node_id]
            while stack:
                for nxt in graph.get(stack.pop(), []):
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
        return seen


def node_id(kind: str, name: str, owner: str = "") -> str:
    return f"{kind}:{owner}.{name}" if owner else f"{kind}:{name}"


def crossings(chain: Chain) -> int:
    """How many edge pairs cross between adjacent columns (for tests and tuning)."""
    pos = {}
    for ids in chain.order.values():
        for i, nid in enumerate(ids):
            pos[nid] = (chain.nodes[nid].column, i)
    count = 0
    by_gap: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for e in chain.edges:
        a, b = pos[e.source], pos[e.target]
        by_gap.setdefault((a[0], b[0]), []).append((a[1], b[1]))
    for pairs in by_gap.values():
        for i in range(len(pairs)):
            for j in range(i + 1, len(pairs)):
                (a1, b1), (a2, b2) = pairs[i], pairs[j]
                if (a1 - a2) * (b1 - b2) < 0:
                    count += 1
    return count


def affordable_steps(plan: Plan | None) -> list[PlanStep]:
    """The steps of a plan (its ``steps`` in order, each with its ``cost``, and the
    ``unspent`` points) that the points pay for now: the longest paid prefix, since
    each step may need the ones before it."""
    if plan is None:
        return []
    budget = plan.unspent
    steps: list[PlanStep] = []
    for step in plan.steps:
        if step.cost > budget:
            break
        budget -= step.cost
        steps.append(step)
    return steps
