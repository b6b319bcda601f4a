"""The advancement chain as a graph: pure data for the drawn view (no Qt).

Columns by kind: Core Vitals -> Skills (Linked Vital) -> Classes (core Skills)
-> traits and spells (owning Class, Path Skill).  Each node carries its current
value, the cost of its next step, whether that step is allowed and every
reason from the rules core; each edge says which prerequisite gates which, and
whether it is the one blocking the next step right now.  The edges are the
advancement records' own (:func:`builder.rules.vocabulary.edges`): a homebrew
record that makes a Skill hang on another Vital draws that edge; an edge blocks
when a reason carries the code of the record it comes from.

The order inside each column is chosen to keep crossings few (a barycentre
sweep: each node sits at the mean position of the nodes it hangs from).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.rules import vocabulary as vocab
from builder.rules.base import has_code
from builder.rules.chain import Chain, Edge, Node, crossings, node_id

__all__ = ["COLUMNS", "COLUMN_TITLES", "Chain", "Edge", "Node", "build_chain", "crossings", "node_id"]

if TYPE_CHECKING:
    from builder.rulesets.story_points.rules.data import SPData
    from builder.rulesets.story_points.rules.ruleset import StoryPoints
    from builder.rulesets.story_points.rules.state import SPState

COLUMNS = ("vital", "skill", "class", "trait")
#: (column key, title) left to right, as the window heads them.
COLUMN_TITLES = [("vital", "Core Vitals"), ("skill", "Skills"), ("class", "Classes"),
                 ("trait", "Traits and spells")]


def _source_id(d: SPData, name: str) -> str | None:
    if name in d.classes:
        return node_id("class", name)
    if name in d.skills:
        return node_id("skill", name)
    if name in d.vitals:
        return node_id("vital", name)
    return None


def _record_edges(d: SPData, kinds: tuple[str, ...], key: str | tuple[str, str],
                  subject: str) -> dict[str, set[str]]:
    """source node id -> the codes of the records of ``kinds`` (for ``key``) that
    draw an edge from it into ``subject``, in the records' order."""
    found: dict[str, set[str]] = {}
    for kind in kinds:
        for edge in vocab.edges(d.requires(kind, key), subject):
            source = _source_id(d, edge.source)
            if source is not None:
                found.setdefault(source, set()).add(edge.code)
    return found


def _kind_of_edge(source: str, target_kind: str) -> str:
    source_kind = source.split(":", 1)[0]
    if target_kind in ("trait", "spell"):
        return "owner" if source_kind == "class" else "path"
    return "linked" if target_kind == "skill" else "core"


def build_chain(ruleset: StoryPoints, state: SPState) -> Chain:
    """The whole chain for ``state`` (all Vitals, Skills, Classes, traits and spells)."""
    d = ruleset.d
    options = {(o.kind if o.kind != "new-class" else "class", o.name): o
               for o in ruleset.options(state)}
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []

    for vital in d.vitals:
        o = options[("vital", vital)]
        nodes[node_id("vital", vital)] = Node(
            node_id("vital", vital), "vital", vital, 0, value=state.vitals[vital],
            target=o.target, cost=o.cost, allowed=o.allowed, reasons=list(o.reasons),
            held=True)
    for skill, vital in d.skills.items():
        o = options[("skill", skill)]
        sid = node_id("skill", skill)
        nodes[sid] = Node(sid, "skill", skill, 1, value=state.skills[skill], target=o.target,
                          cost=o.cost, allowed=o.allowed, reasons=list(o.reasons),
                          detail=f"Linked: {vital}", held=state.skills[skill] > 0)
        for source, found in _record_edges(d, ("skill",), skill, skill).items():
            edges.append(Edge(source, sid, _kind_of_edge(source, "skill"),
                              has_code(o.reasons, *found)))
    for cname, info in d.classes.items():
        o = options[("class", cname)]
        cid = node_id("class", cname)
        level = state.level(cname)
        nodes[cid] = Node(cid, "class", cname, 2, value=level, target=o.target,
                          cost=o.cost, allowed=o.allowed, reasons=list(o.reasons),
                          detail="new Class" if level == 0 else "core: " + ", ".join(info.core_skills),
                          held=level > 0)
        for source, found in _record_edges(d, ("class", "new_class"), cname, cname).items():
            edges.append(Edge(source, cid, _kind_of_edge(source, "class"),
                              has_code(o.reasons, *found)))
        choices = o.extra.get("choices", {})
        blocked_traits = choices.get("blocked_traits", {})
        for trait, pname in info.traits.items():
            path = d.paths[pname]
            tid = node_id("trait", trait, cname)
            rank = state.rank(cname, trait)
            spent = state.uses_spent.get((cname, trait), 0)
            why = list(blocked_traits.get(trait, []))
            usable = state.skills[path.skill] >= 1
            nodes[tid] = Node(tid, "trait", trait, 3, owner=cname, value=rank,
                              target=rank + 1, cost=o.cost,
                              allowed=o.allowed and not why, reasons=why or list(o.reasons),
                              detail=f"{pname} ({path.skill})"
                              + (f" · {max(0, rank - spent)}/{rank} uses" if rank else ""),
                              held=rank > 0, usable=usable, path_skill=path.skill)
            edges.append(Edge(cid, tid, "owner", False))
            # Only a Class the character has is held back by a Path Skill right now.
            for source, found in _record_edges(d, ("trait",), (cname, trait), trait).items():
                if source != cid:
                    edges.append(Edge(source, tid, _kind_of_edge(source, "trait"),
                                      level > 0 and has_code(why, *found)))
        blocked_spells = choices.get("blocked_spells", {})
        held = state.classes.get(cname)
        for spell, pname in info.spells.items():
            path = d.paths[pname]
            pid = node_id("spell", spell, cname)
            known = bool(held and spell in held.spells)
            why = [] if known else list(blocked_spells.get(spell, []))
            nodes[pid] = Node(pid, "spell", spell, 3, owner=cname, value=1 if known else 0,
                              allowed=not known and o.allowed and not why,
                              reasons=why, detail=f"spell · {pname} ({path.skill})",
                              held=known, usable=state.skills[path.skill] >= 1,
                              path_skill=path.skill)
            edges.append(Edge(cid, pid, "owner", False))
            for source, found in _record_edges(d, ("spell",), (cname, spell), spell).items():
                if source != cid:
                    edges.append(Edge(source, pid, _kind_of_edge(source, "spell"),
                                      level > 0 and has_code(why, *found)))
    return Chain(nodes, edges, _order(d, nodes, edges), columns=list(COLUMN_TITLES),
                 unit=ruleset.balance_label)


def _order(d: SPData, nodes: dict[str, Node], edges: list[Edge]) -> dict[str, list[str]]:
    """Barycentre ordering, column by column, to keep crossings few."""
    order: dict[str, list[str]] = {}
    order["vital"] = [node_id("vital", v) for v in d.vitals]
    position = {nid: i for i, nid in enumerate(order["vital"])}
    parents: dict[str, list[str]] = {}
    for e in edges:
        parents.setdefault(e.target, []).append(e.source)

    def bary(nid: str, default: float) -> float:
        ps = [position[p] for p in parents.get(nid, []) if p in position]
        return sum(ps) / len(ps) if ps else default

    for column in ("skill", "class"):
        ids = [n.id for n in nodes.values() if n.kind == column]
        ids.sort(key=lambda nid: (bary(nid, 0.0), nodes[nid].name))
        order[column] = ids
        position.update({nid: i for i, nid in enumerate(ids)})
    # Traits and spells: grouped under their Class, by their Path Skill's place.
    ids = [n.id for n in nodes.values() if n.kind in ("trait", "spell")]
    class_pos = {nodes[c].name: position[c] for c in order["class"]}
    skill_pos = {nodes[s].name: position[s] for s in order["skill"]}

    def trait_key(nid: str) -> tuple[int, bool, int, str]:
        n = nodes[nid]
        return (class_pos.get(n.owner, 0), n.kind == "spell",
                skill_pos.get(n.path_skill, 0), n.name)

    ids.sort(key=trait_key)
    order["trait"] = ids
    return order
