"""The advancement chain as a graph: pure data for the drawn view (no Qt).

Columns by kind: Core Vitals -> Skills (Linked Vital) -> Classes (core Skills)
-> traits and spells (owning Class, Path Skill).  Each node carries its current
value, the cost of its next step, whether that step is allowed and every
reason from the rules core; each edge says which prerequisite gates which, and
whether it is the one blocking the next step right now.

The order inside each column is chosen to keep crossings few (a barycentre
sweep: each node sits at the mean position of the nodes it hangs from).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from builder.rules.base import has_code
from builder.rulesets.story_points.rules import codes

if TYPE_CHECKING:
    from builder.rulesets.story_points.rules.data import SPData
    from builder.rulesets.story_points.rules.ruleset import StoryPoints
    from builder.rulesets.story_points.rules.state import SPState

COLUMNS = ("vital", "skill", "class", "trait")


@dataclass
class Node:
    id: str
    kind: str            # vital | skill | class | trait | spell
    name: str
    column: int
    owner: str = ""      # the Class of a trait or spell
    value: int = 0       # score, level or rank (spells: 1 when known)
    target: int | None = None
    cost: int | None = None
    allowed: bool = False
    reasons: list[str] = field(default_factory=list)
    detail: str = ""     # a short second line (Linked Vital, Path, uses...)
    held: bool = False   # a Class the character has, a trait with ranks, a known spell
    usable: bool = True  # traits and spells: Path Skill trained
    path_skill: str = ""  # traits and spells: the Skill of their Path


@dataclass
class Edge:
    source: str
    target: str
    kind: str            # linked | core | owner | path
    blocking: bool = False


@dataclass
class Chain:
    nodes: dict[str, Node]
    edges: list[Edge]
    order: dict[str, list[str]]   # column kind -> node ids top to bottom

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


def build_chain(ruleset: StoryPoints, state: SPState) -> Chain:
    """The whole chain for ``state`` (all Vitals, Skills, Classes, traits and spells)."""
    d = ruleset.d
    options = {(o["kind"] if o["kind"] != "new-class" else "class", o["name"]): o
               for o in ruleset.options(state)}
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []

    for vital in d.vitals:
        o = options[("vital", vital)]
        nodes[node_id("vital", vital)] = Node(
            node_id("vital", vital), "vital", vital, 0, value=state.vitals[vital],
            target=o["target"], cost=o["cost"], allowed=o["allowed"], reasons=o["reasons"],
            held=True)
    for skill, vital in d.skills.items():
        o = options[("skill", skill)]
        sid = node_id("skill", skill)
        nodes[sid] = Node(sid, "skill", skill, 1, value=state.skills[skill], target=o["target"],
                          cost=o["cost"], allowed=o["allowed"], reasons=o["reasons"],
                          detail=f"Linked: {vital}", held=state.skills[skill] > 0)
        blocked = has_code(o["reasons"], codes.SKILL_NEEDS_VITAL)
        edges.append(Edge(node_id("vital", vital), sid, "linked", blocked))
    for cname, info in d.classes.items():
        o = options[("class", cname)]
        cid = node_id("class", cname)
        level = state.level(cname)
        nodes[cid] = Node(cid, "class", cname, 2, value=level, target=o["target"],
                          cost=o["cost"], allowed=o["allowed"], reasons=o["reasons"],
                          detail="new Class" if level == 0 else "core: " + ", ".join(info.core_skills),
                          held=level > 0)
        core_blocked = has_code(o["reasons"], *codes.CORE_SKILL_CODES)
        for skill in info.core_skills:
            edges.append(Edge(node_id("skill", skill), cid, "core", core_blocked))
        choices = o.get("choices", {})
        blocked_traits = choices.get("blocked_traits", {})
        for trait, pname in info.traits.items():
            path = d.paths[pname]
            tid = node_id("trait", trait, cname)
            rank = state.rank(cname, trait)
            spent = state.uses_spent.get((cname, trait), 0)
            why = list(blocked_traits.get(trait, []))
            usable = state.skills[path.skill] >= 1
            nodes[tid] = Node(tid, "trait", trait, 3, owner=cname, value=rank,
                              target=rank + 1, cost=o["cost"],
                              allowed=o["allowed"] and not why, reasons=why or o["reasons"],
                              detail=f"{pname} ({path.skill})"
                              + (f" · {max(0, rank - spent)}/{rank} uses" if rank else ""),
                              held=rank > 0, usable=usable, path_skill=path.skill)
            edges.append(Edge(cid, tid, "owner", False))
            # Only a Class the character has is held back by a Path Skill right now.
            edges.append(Edge(node_id("skill", path.skill), tid, "path",
                              level > 0 and has_code(why, codes.PATH_SKILL_UNTRAINED)))
        blocked_spells = choices.get("blocked_spells", {})
        held = state.classes.get(cname)
        for spell, pname in info.spells.items():
            path = d.paths[pname]
            pid = node_id("spell", spell, cname)
            known = bool(held and spell in held.spells)
            why = [] if known else list(blocked_spells.get(spell, []))
            nodes[pid] = Node(pid, "spell", spell, 3, owner=cname, value=1 if known else 0,
                              allowed=not known and o["allowed"] and not why,
                              reasons=why, detail=f"spell · {pname} ({path.skill})",
                              held=known, usable=state.skills[path.skill] >= 1,
                              path_skill=path.skill)
            edges.append(Edge(cid, pid, "owner", False))
            edges.append(Edge(node_id("skill", path.skill), pid, "path",
                              level > 0 and has_code(why, codes.PATH_SKILL_UNTRAINED)))
    return Chain(nodes, edges, _order(d, nodes, edges))


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
