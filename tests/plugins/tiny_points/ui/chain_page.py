"""The Tiny Points chain page: the shared chain page (``builder.ui.chain``) with the
words of this rule system: attributes raised level by level, the Champion title taken
once, the planner's ``NAME=N`` targets.  The class declares it (``parts.chain_page``)
and the generic editor shows it as its *Advancement chain* page."""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.ui.chain.look import ChainLook
from builder.ui.chain.page import ChainPage

if TYPE_CHECKING:
    from builder.rules.chain import Node


class TinyLook(ChainLook):
    kinds = (("attribute", "Attribute", "green"), ("title", "Title", "orange"))
    solid_words = "needs (an attribute at the Champion's level)"

    def __init__(self, limit: int):
        self.limit = limit

    def value_text(self, node: Node) -> str:
        if node.kind == "title":
            return "✓" if node.held else "—"
        return str(node.value)

    def next_text(self, node: Node, unit: str, held_blocked: bool, at_maximum: bool) -> str:
        if node.kind == "title":
            return "held" if node.held else f"take: {node.cost} {unit}" + \
                ("" if node.allowed else " ✕")
        return super().next_text(node, unit, held_blocked, at_maximum)

    def plans(self, node: Node) -> bool:
        return node.kind == "attribute"

    def plan_range(self, node: Node) -> tuple[int, int, int] | None:
        return (1, self.limit, min(self.limit, node.value + 1))

    def plan_target(self, node: Node, level: int) -> str:
        return f"{node.name}={level}"


class TinyChainPage(ChainPage):
    """Attributes and the Champion title as a graph: double-click (or Enter) takes a
    node's next step; select an attribute to see the way to a level drawn."""

    def __init__(self, doc, parent=None):
        super().__init__(doc, TinyLook(doc.ruleset.limit), parent)
        self.start()
