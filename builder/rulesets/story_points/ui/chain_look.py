"""The Story Point chain's words and marks: Core Vitals, Skills, Classes, their traits
and spells; a Class advance's rank token dropped on a trait; the planner's targets
(``vital:Cognition=4``) and the ``do`` words of each step.  The generic chain page
(:mod:`builder.ui.chain`) asks this look and knows no Story Point rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .chain_tokens import RANK_TOKEN_MIME, parse_token
from builder.ui.chain.look import ChainLook

if TYPE_CHECKING:
    from PySide6.QtCore import QMimeData

    from builder.app.types import PlanStep
    from builder.rules.chain import Chain, Node
    from .chain_tokens import RankToken

#: The chain filter that shows the traits and spells of the Classes the character has
#: and of those it can enter now (where the rank tokens' ranks can go).
HELD = "__held__"
#: The kinds whose level the planner raises to a chosen target.
LEVELLED = ("vital", "skill", "class")


class StoryPointLook(ChainLook):
    kinds = (("vital", "Core Vital", "blue"), ("skill", "Skill", "green"),
             ("class", "Class", "orange"), ("trait", "Trait", "purple"),
             ("spell", "Spell", "teal"))
    dotted_edges = ("path",)
    solid_words = "needs (Linked Vital, core Skill, the Class)"
    dotted_words = "the Path Skill of a trait or spell"
    drop_mime = RANK_TOKEN_MIME

    # -- the nodes -------------------------------------------------------------------------
    def name_text(self, node: Node) -> str:
        return f"✦ {node.name}" if node.kind == "spell" else node.name

    def value_text(self, node: Node) -> str:
        return {"vital": str(node.value), "skill": f"SL {node.value}",
                "class": f"{node.value}" if node.held else "—",
                "trait": f"r{node.value}" if node.value else "—",
                "spell": "✓" if node.held else ""}.get(node.kind, str(node.value))

    def next_text(self, node: Node, unit: str, held_blocked: bool, at_maximum: bool) -> str:
        if node.kind in ("trait", "spell"):
            return "unusable" if node.held and not node.usable else ""
        if node.kind == "class" and not node.held:
            return f"enter: {node.cost} {unit}" + ("" if node.allowed else " ✕")
        return super().next_text(node, unit, held_blocked, at_maximum)

    def next_tip(self, node: Node, unit: str) -> str:
        if node.kind == "trait":
            tip = f"Rank {node.value}; a {node.owner} advance can add a rank here"
        elif node.kind == "spell":
            tip = ""
        else:
            return super().next_tip(node, unit)
        if not node.usable:
            tip += ("; " if tip else "") + \
                f"cannot be used while {node.path_skill} is 0 (ranks are kept)"
        return tip

    def blocked(self, node: Node) -> bool:
        if node.kind == "spell":
            return not node.held and not node.allowed
        return not node.allowed

    def held_blocked(self, node: Node) -> bool:
        return self.blocked(node) and (node.held or (node.kind in ("vital", "skill")
                                                     and node.value > 0))

    def accepts_drop(self, node: Node) -> bool:
        return node.kind == "trait"

    def parse_drop(self, mime: QMimeData | None) -> RankToken | None:
        return parse_token(mime)

    def drop_hint(self, node: Node) -> str:
        return f"Drop to give {node.name} a rank"

    def drop_refused(self, node: Node) -> str:
        return f"{node.name} cannot take this rank"

    def drop_words(self) -> str:
        return "rank can go here"

    def visible(self, chain: Chain, shown: Any) -> set[str] | None:
        if shown == HELD:
            # Every Vital, Skill and Class; the traits and spells of the Classes held and
            # of those the character can enter now ("Enter Rogue" goes onto a Rogue trait).
            held = {n.name for n in chain.nodes.values()
                    if n.kind == "class" and (n.held or n.allowed)}
            return {nid for nid, n in chain.nodes.items()
                    if n.kind in LEVELLED or n.owner in held}
        if shown:
            cid = f"class:{shown}"
            related = chain.neighbours(cid) if cid in chain.nodes else set()
            # Keep the Class, its traits and spells, and everything upstream of them.
            return {nid for nid in related
                    if chain.nodes[nid].kind in ("vital", "skill")
                    or nid == cid or chain.nodes[nid].owner == shown}
        return None

    # -- the plan ----------------------------------------------------------------------------
    def step_node(self, step: PlanStep) -> str:
        kind = "class" if step.kind == "new-class" else step.kind
        return f"{kind}:{step.name}"

    def step_extra_nodes(self, step: PlanStep) -> list[str]:
        trait = step.extra.get("trait")
        return [f"trait:{step.name}.{trait}"] if trait else []

    def plans(self, node: Node) -> bool:
        return node.kind in LEVELLED

    def step_head(self, step: PlanStep) -> str:
        what = "enter" if step.kind == "new-class" else "→"
        return f"{step.name} {what} {step.target}"

    def step_more(self, step: PlanStep) -> str:
        trait, spell = step.extra.get("trait"), step.extra.get("spell")
        if not trait:
            return ""
        return f"rank to {trait}" + (f", spell {spell}" if spell else "")

    def step_words(self, step: PlanStep) -> list[str]:
        if step.kind == "vital":
            return ["raise-vital", step.name]
        if step.kind == "skill":
            return ["raise-skill", step.name]
        verb = "enter-class" if step.kind == "new-class" else "raise-class"
        words = [verb, step.name, "--trait", str(step.extra["trait"])]
        spell = step.extra.get("spell")
        if spell:
            words += ["--spell", str(spell)]
        if verb == "enter-class":
            words += ["--scene", str(step.extra.get("scene") or "")]
        return words
