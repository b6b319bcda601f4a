"""The chain of a rule system written as data: every value and path a node, an edge
for each prerequisite (the vocabulary's edges), greyed with the rules' reasons.

Columns follow the prerequisites: a value or path sits one column right of the
furthest thing it needs (values that need nothing first), each column titled by
the groups in it; inside a column the nodes sit near the mean place of what they
hang from (a barycentre sweep, as the Story Point chain does).  Pure data, no Qt:
the window draws it with the same scene as the Story Point chain.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.rules import vocabulary as vocab
from builder.rules.chain import Chain, Edge, Node, node_id

if TYPE_CHECKING:
    from builder.rules.data_system.ruleset import DataRuleset, DataState


def _requires(ruleset: DataRuleset, kind: str, name: str) -> vocab.Requires:
    record = ruleset.values[name] if kind == "value" else ruleset.paths[name]
    return record.get("requires")


def _depths(parents: dict[str, list[str]], ids: list[str]) -> dict[str, int]:
    """Each node's column: one right of its furthest prerequisite (a cycle, which the
    rules would never let anyone climb, stops at the number of nodes)."""
    depth = {nid: 0 for nid in ids}
    for _round in range(len(ids)):
        changed = False
        for nid in ids:
            want = max((depth[p] + 1 for p in parents.get(nid, []) if p in depth), default=0)
            want = min(want, len(ids))
            if want != depth[nid]:
                depth[nid], changed = want, True
        if not changed:
            break
    used = sorted(set(depth.values()))
    return {nid: used.index(d) for nid, d in depth.items()}


def build_chain(ruleset: DataRuleset, state: DataState) -> Chain:
    """The whole chain of a :class:`~builder.rules.data_system.DataRuleset` for ``state``."""
    options = {(o.kind, o.name): o for o in ruleset.options(state)}
    facts = state.facts()
    entries = [("value", n) for n in ruleset.values] + [("path", n) for n in ruleset.paths]
    ids = [node_id(kind, name) for kind, name in entries]
    edges: list[Edge] = []
    parents: dict[str, list[str]] = {}
    for kind, name in entries:
        target = state.levels[name] + 1 if kind == "value" else 0
        requires = _requires(ruleset, kind, name)
        blocking = set(vocab.blocking_edges(requires, facts, name, target))
        tid = node_id(kind, name)
        for edge in vocab.edges(requires, name):
            sid = node_id(edge.kind, edge.source)
            if sid in parents.get(tid, []):
                continue        # one line per pair (two prerequisites on one value)
            parents.setdefault(tid, []).append(sid)
            edges.append(Edge(sid, tid, edge.kind,
                              any(b.source == edge.source and b.kind == edge.kind
                                  for b in blocking)))
    depth = _depths(parents, ids)
    nodes: dict[str, Node] = {}
    for (kind, name), nid in zip(entries, ids):
        o = options.get((kind, name))
        if kind == "value" and o is not None:       # every value has its option
            record = ruleset.values[name]
            level = state.levels[name]
            group = record.get("group", "values")
            value = options[(kind, name)]  # every value has its option
            nodes[nid] = Node(nid, kind, name, depth[nid], owner=group, value=level,
                              target=value.target, cost=value.cost, allowed=value.allowed,
                              reasons=list(value.reasons),
                              detail=f"{group}: {record['floor']} to {record['limit']}",
                              held=level > record["floor"])
        else:
            held = name in state.held
            nodes[nid] = Node(nid, kind, name, depth[nid], owner="paths",
                              value=1 if held else 0, target=None if held else 1,
                              cost=None if o is None else o.cost,
                              allowed=bool(o and o.allowed),
                              reasons=[] if o is None else list(o.reasons),
                              detail="held" if held else "a path", held=held)
    return Chain(nodes, edges, *_columns(nodes, parents, ids), unit=ruleset.balance_label)


def _columns(nodes: dict[str, Node], parents: dict[str, list[str]], ids: list[str]
             ) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
    order: dict[str, list[str]] = {}
    columns: list[tuple[str, str]] = []
    position: dict[str, int] = {}
    for column in range(max((n.column for n in nodes.values()), default=-1) + 1):
        here = [nid for nid in ids if nodes[nid].column == column]
        data_order = {nid: i for i, nid in enumerate(here)}

        def bary(nid: str) -> float:
            places = [position[p] for p in parents.get(nid, []) if p in position]
            return sum(places) / len(places) if places else float(data_order[nid])

        if column:
            here.sort(key=lambda nid: (bary(nid), data_order[nid]))
        key = f"column-{column}"
        order[key] = here
        position.update({nid: i for i, nid in enumerate(here)})
        groups = list(dict.fromkeys(nodes[nid].owner for nid in here))
        columns.append((key, ", ".join(g[:1].upper() + g[1:] for g in groups)))
    return order, columns
