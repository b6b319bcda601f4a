"""The chain page of a rule system written as data (the generic editor's "Advancement
chain" tab): the generic chain page (:mod:`builder.ui.chain.page`) with the look of
values and paths (:class:`DataLook`), built from the system's own records
(:mod:`builder.rules.data_system.chain`), with the planner.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.ui.chain.look import ChainLook
from builder.ui.chain.page import ChainPage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from builder.app.types import PlanStep, Ruleset
    from builder.rules.chain import Node
    from builder.ui.document import CharacterDocument


def has_chain(ruleset: Ruleset) -> bool:
    """Whether the ruleset draws a chain this page shows (``chain_graph``)."""
    return bool(ruleset.capabilities.chain)


class DataLook(ChainLook):
    """Values (raised level by level, up to their limit) and paths (taken once)."""

    kinds = (("value", "Value", "green"), ("path", "Path", "orange"))
    dotted_edges = ("path",)
    solid_words = "needs (a value)"
    dotted_words = "needs a path"

    def __init__(self, ruleset: Any):
        self.ruleset = ruleset

    def value_text(self, node: Node) -> str:
        if node.kind == "path":
            return "✓" if node.held else "—"
        return str(node.value)

    def next_text(self, node: Node, unit: str, held_blocked: bool, at_maximum: bool) -> str:
        if node.kind == "path":
            return "held" if node.held else f"take: {node.cost} {unit}" + \
                ("" if node.allowed else " ✕")
        return super().next_text(node, unit, held_blocked, at_maximum)

    def next_tip(self, node: Node, unit: str) -> str:
        if node.kind == "path":
            return "" if node.held or node.cost is None else f"Take it for {node.cost} {unit}"
        return super().next_tip(node, unit)

    def blocked(self, node: Node) -> bool:
        if node.kind == "path":
            return not node.held and not node.allowed
        return not node.allowed

    def held_blocked(self, node: Node) -> bool:
        return self.blocked(node) and (node.held or (node.kind == "value" and node.value > 0))

    def plan_range(self, node: Node) -> tuple[int, int, int] | None:
        if node.kind != "value":
            return None
        limit = self.ruleset.values[node.name]["limit"]
        return (1, max(1, limit), min(limit, node.value + 1))

    def plan_target(self, node: Node, level: int) -> str:
        return f"{node.name}={level}" if node.kind == "value" else node.name

    def now_text(self, node: Node) -> str:
        if node.kind == "path":
            return "held" if node.held else "not held"
        return f"now {node.value}"

    def step_head(self, step: PlanStep) -> str:
        return f"{step.name} take" if step.kind == "path" else f"{step.name} → {step.target}"


class DataChainWidget(ChainPage):
    """Values and paths as a graph: greyed with the rules' reasons, an edge for each
    prerequisite (dashed while it blocks), double-click to take a step, select a node
    to see the cheapest path to it drawn on the graph."""

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None):
        super().__init__(doc, DataLook(doc.ruleset), parent)
        self.setObjectName("dataChainWidget")
        self.plan.title.setText("Select a value or a path: the cheapest way there is drawn "
                                "on the graph.")
        self.start()
