"""What a rule system's chain says and how its nodes are marked.

The scene, view, legend and plan pane of :mod:`builder.ui.chain` are generic: every
word that belongs to one rule system (what its kinds of node are called, what a
node's value and next step read, which nodes take a dropped token, the planner's
target and step words, the ``do`` words of a step) comes from the page's
:class:`ChainLook`.  The Story Point look lives in its rule system's folder
(:mod:`builder.rulesets.story_points.ui.chain_look`); the look of a rule system
written as data is :class:`builder.ui.chain.data_view.DataLook`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QMimeData

    from builder.app.types import PlanStep
    from builder.rules.chain import Chain, Node


class ChainLook:
    """The generic words; a rule system's look overrides what it says otherwise."""

    #: (kind, title, hue) of every kind of node, in the legend's order; the hue is a
    #: name of :data:`builder.ui.chain.colours.NODE_HUES`.
    kinds: tuple[tuple[str, str, str], ...] = ()
    #: Edge kinds drawn dotted (a looser tie than "needs"), and what the legend calls
    #: a solid and a dotted line.
    dotted_edges: tuple[str, ...] = ()
    solid_words = "needs"
    dotted_words = ""
    #: The MIME type of a token the chain's nodes take by drop (None: no drops).
    drop_mime: str | None = None

    # -- the nodes -------------------------------------------------------------------------
    def title(self, kind: str) -> str:
        return next((title for k, title, _hue in self.kinds if k == kind), kind.title())

    def hue(self, kind: str) -> str:
        return next((hue for k, _title, hue in self.kinds if k == kind), "")

    def name_text(self, node: Node) -> str:
        """The node's name as its line starts."""
        return node.name

    def value_text(self, node: Node) -> str:
        """The node's value, at its right end."""
        return str(node.value)

    def next_text(self, node: Node, unit: str, held_blocked: bool, at_maximum: bool) -> str:
        """The node's next step in a few words (after its name)."""
        if at_maximum:
            return "at the maximum"
        if held_blocked:
            return f"→ {node.target} blocked"
        return f"→ {node.target}: {node.cost} {unit}" + ("" if node.allowed else " ✕")

    def next_tip(self, node: Node, unit: str) -> str:
        """The next step in a sentence (the tooltip's and details line's)."""
        if node.cost is None:
            return ""
        return f"Next: {node.target} for {node.cost} {unit}"

    def blocked(self, node: Node) -> bool:
        """Not possible now: what the character could take and the rules refuse."""
        return not node.allowed

    def held_blocked(self, node: Node) -> bool:
        """Held, its next step blocked: drawn as held, the blocked step said in words."""
        return self.blocked(node) and node.held

    def accepts_drop(self, node: Node) -> bool:
        return False

    def drop_hint(self, node: Node) -> str:
        """What dropping the dragged token on a lit ``node`` does."""
        return f"Drop on {node.name}"

    def drop_refused(self, node: Node) -> str:
        """Why a greyed ``node`` takes no token, when the rules give no reason."""
        return f"{node.name} cannot take this"

    def drop_words(self) -> str:
        """What the legend calls a lit drop target."""
        return "a dragged token can go here"

    def parse_drop(self, mime: QMimeData | None) -> Any:
        """The payload of a dropped token (None: not one this chain takes)."""
        return None

    def visible(self, chain: Chain, shown: Any) -> set[str] | None:
        """The nodes a filter (the page's choice ``shown``) leaves; None: all."""
        return None

    def legend_words(self) -> list[str]:
        """What the kinds and lines of this chain mean, in words."""
        lines = ["Node colours: " + ", ".join(title for _k, title, _h in self.kinds)]
        lines.append(f"solid line: {self.solid_words}")
        if self.dotted_words:
            lines.append(f"dotted line: {self.dotted_words}")
        return lines

    # -- the plan ----------------------------------------------------------------------------
    def step_node(self, step: PlanStep) -> str:
        """The node a plan step raises."""
        return f"{step.kind}:{step.name}"

    def step_extra_nodes(self, step: PlanStep) -> list[str]:
        """Further nodes a step reaches (its path on the graph is drawn through them)."""
        return []

    def plans(self, node: Node) -> bool:
        """Whether selecting ``node`` makes it the plan's target."""
        return True

    def plan_range(self, node: Node) -> tuple[int, int, int] | None:
        """(lowest, highest, first) target level offered for ``node``; None: the node
        is planned as a whole (a path to take), with no level to choose."""
        return (1, 10, min(10, max(1, node.value + 1)))

    def plan_target(self, node: Node, level: int) -> str:
        """The planner's words for ``node`` at ``level``."""
        return f"{node.kind}:{node.name}={level}"

    def now_text(self, node: Node) -> str:
        return f"now {node.value}"

    def step_head(self, step: PlanStep) -> str:
        """A step's name and what it reaches ("Medicine → 4")."""
        return f"{step.name} → {step.target}"

    def step_more(self, step: PlanStep) -> str:
        """A further line of a step (its choices), or ""."""
        return ""

    def step_words(self, step: PlanStep) -> list[str]:
        """The ``do`` words that take a plan step (its ``action``)."""
        return [str(word) for word in step.extra["action"]]
