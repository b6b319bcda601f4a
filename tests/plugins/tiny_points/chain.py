"""The Tiny Points advancement chain (no Qt): each attribute a node, the Champion title
a node beside them, an edge from each attribute to the title (drawn blocking while
the attribute is below what a Champion needs).  The window draws it on the plugin's
chain page (``ui/chain_page.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.rules.base import Option
from builder.rules.chain import Chain, Edge, Node, node_id

if TYPE_CHECKING:
    from tiny_points.ruleset import TinyPoints, TinyState

CHAMPION = node_id("title", "Champion")


def chain_graph(rules: TinyPoints, state: TinyState) -> Chain:
    options = {(o.kind, o.name): o for o in map(Option.coerce, rules.options(state))}
    needs = int(rules.data["champion_needs"])
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []
    for name, level in state.levels.items():
        option = options[("attribute", name)]
        nid = node_id("attribute", name)
        nodes[nid] = Node(nid, "attribute", name, 0, value=level, target=option.target,
                          cost=option.cost, allowed=option.allowed,
                          reasons=list(option.reasons), detail=f"1 to {rules.limit}",
                          held=level > 1)
        edges.append(Edge(nid, CHAMPION, "needs", blocking=level < needs))
    title = options.get(("title", "Champion"))
    nodes[CHAMPION] = Node(CHAMPION, "title", "Champion", 1, value=int(state.champion),
                           target=None if title is None else title.target,
                           cost=None if title is None else title.cost,
                           allowed=title is not None and title.allowed,
                           reasons=[] if title is None else list(title.reasons),
                           detail=f"two attributes at {needs}", held=state.champion)
    order = {"attributes": [nid for nid in nodes if nid != CHAMPION], "titles": [CHAMPION]}
    return Chain(nodes, edges, order, [("attributes", "Attributes"), ("titles", "Titles")],
                 unit=rules.balance_label)
