"""The advancement chain drawn: nodes and edges in a QGraphicsScene.

Items are built once per ruleset and then *updated* in place when the
character changes (no rebuild, no flicker).  At rest the chain shows its
structure: edges are quiet lines behind the nodes, a blocking prerequisite is
only dashed; the selected or hovered node's path is emphasised (its blocking
edges red and thick, the unrelated nodes faded).  Greyed nodes are the rules
core's refusals; a planned node grows a line saying its plan steps in words, their
cost and the running total.  Every colour comes from the palette (:mod:`builder.ui.theme`),
so the chain reads on a light and on a dark scheme, and every colour also has
a line style or a mark, so it reads in greyscale.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import (QApplication, QGraphicsPathItem, QGraphicsScene,
                               QGraphicsSimpleTextItem)

from builder.ui import theme
from builder.ui.chain.colours import (  # noqa: F401 - the chain's colours, read here too
    NODE_HUES, badge_colours, blocked_fill, eligible_fill, hue_fill, mark,
    mark_colour_pairs, node_colour_pairs, node_text, plan_badge_text, structure_colour)
from builder.ui.chain.look import ChainLook
from builder.ui.chain.node import (  # noqa: F401 - the node and its measures, read here too
    BADGE_H, COL_GAP, GAP, MIN_TEXT_PT, NODE_H, NODE_MAX_W, NODE_MIN_W, PAD, ROW_GAP, TITLE_Y,
    NodeItem, bold_font)

if TYPE_CHECKING:
    from builder.app.types import PlanStep
    from builder.rules.chain import Chain


class EdgeItem(QGraphicsPathItem):
    """A prerequisite line, always behind the nodes.  At rest it is quiet (a blocking
    one only dashed); on the selected or hovered node's path a blocking edge is
    emphasised (error colour, thick)."""

    def __init__(self, source: NodeItem, target: NodeItem, kind: str, dotted: bool = False):
        super().__init__()
        self.source, self.target, self.kind = source, target, kind
        self.dotted = dotted
        self.blocking = False
        self.in_plan = False
        self.faded = False
        self.emphasised = False
        self.setAcceptHoverEvents(False)
        self.relayout()
        self.restyle()

    def relayout(self) -> None:
        a = self.source.pos() + QPointF(self.source.width, NODE_H / 2)
        b = self.target.pos() + QPointF(0, NODE_H / 2)
        path = QPainterPath(a)
        dx = max(20.0, (b.x() - a.x()) / 2)
        path.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b)
        self.setPath(path)

    def restyle(self) -> None:
        pal = theme.palette()
        colour = structure_colour(pal)
        width = 1.0
        style = Qt.PenStyle.DotLine if self.dotted else Qt.PenStyle.SolidLine
        if self.blocking:
            style = Qt.PenStyle.DashLine
            if self.emphasised:
                colour, width = mark("error", pal), 2.4
        if self.in_plan:
            colour, width, style = mark("plan", pal), 3.0, Qt.PenStyle.SolidLine
        if self.faded:
            colour = QColor(colour)
            colour.setAlpha(30)
        pen = QPen(colour, width, style)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.setPen(pen)
        # behind every node; the emphasised ones above the quiet ones
        self.setZValue(-0.5 if (self.emphasised or self.in_plan) else -1)


class ChainScene(QGraphicsScene):
    """Holds the items; ``set_chain`` builds them once, later calls update them in place.
    What the nodes say comes from the page's :class:`~builder.ui.chain.look.ChainLook`."""

    nodeActivated = Signal(str)                 # node id (double-click / Enter)
    tokenDropped = Signal(object, str)          # the look's token payload, the node id
    dragHint = Signal(str)
    hoverChanged = Signal(object)               # the hovered node's id, or None

    def __init__(self, look: ChainLook | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.look = look if look is not None else ChainLook()
        self.nodes: dict[str, NodeItem] = {}
        self.edges: list[EdgeItem] = []
        self.chain: Chain | None = None
        self.base_font = QFont(QApplication.font())
        self.drag_reasons: dict[str, list[str]] = {}
        #: The page's filter (what the look's ``visible`` is asked about; None: all).
        self.filter_class: object = None
        self.focus_id: str | None = None
        self.hover_id: str | None = None
        self._titles: list[QGraphicsSimpleTextItem] = []
        self._widths: list[float] = []

    # -- building and updating --------------------------------------------------------------
    def unit(self) -> str:
        """What the chain's costs are counted in (the chain's own label: SP, CP...)."""
        return self.chain.unit if self.chain is not None else "points"

    def columns(self) -> list[tuple[str, str]]:
        """(column key, title) left to right, as the rule system's chain names them."""
        if self.chain is not None and self.chain.columns is not None:
            return list(self.chain.columns)
        return []

    def set_chain(self, chain: Chain) -> None:
        same_shape = self.chain is not None and set(chain.nodes) == set(self.nodes) and \
            len(chain.edges) == len(self.edges)
        self.chain = chain
        if not same_shape:
            self._build(chain)
        else:
            for nid, node in chain.nodes.items():
                self.nodes[nid].update_node(node)
            for item, edge in zip(self.edges, chain.edges):
                if item.blocking != edge.blocking:
                    item.blocking = edge.blocking
                    item.restyle()
        self.apply_visibility(relayout=True)

    def title_font(self) -> QFont:
        title_font = bold_font(self.base_font)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.1)
        return title_font

    def _build(self, chain: Chain) -> None:
        self.clear()
        self.nodes, self.edges, self._titles, self._widths = {}, [], [], []
        for _kind, heading in self.columns():
            title = self.addSimpleText(heading, self.title_font())
            title.setBrush(QApplication.palette().color(QPalette.ColorRole.WindowText))
            self._titles.append(title)
        for kind, _heading in self.columns():
            for nid in chain.order.get(kind, []):
                item = NodeItem(chain.nodes[nid], self)
                self.addItem(item)
                self.nodes[nid] = item
        for edge in chain.edges:
            line = EdgeItem(self.nodes[edge.source], self.nodes[edge.target], edge.kind,
                            edge.kind in self.look.dotted_edges)
            line.blocking = edge.blocking
            line.restyle()
            self.addItem(line)
            self.edges.append(line)

    def column_widths(self) -> list[float]:
        """Each column as wide as its longest shown node needs, within the limits; a
        column never narrows while the chain keeps its shape (no sideways jumps as
        the words of a node change)."""
        widths = []
        for col, (kind, _heading) in enumerate(self.columns()):
            items = [self.nodes[nid] for nid in self.chain.order.get(kind, [])] \
                if self.chain is not None else []
            need = max((i.need() for i in items if i.isVisible()), default=NODE_MIN_W)
            width = min(NODE_MAX_W, max(NODE_MIN_W, float(int(need + 0.999))))
            if col < len(self._widths):
                width = max(width, self._widths[col])
            widths.append(width)
        self._widths = widths
        return widths

    def layout_rows(self) -> None:
        """Stack the visible nodes of each column (hidden ones leave no gap, a planned
        node's badge line pushes the ones below it down)."""
        if self.chain is None:
            return
        x = 0.0
        for col, ((kind, _heading), width) in enumerate(zip(self.columns(),
                                                           self.column_widths())):
            if col < len(self._titles):
                self._titles[col].setPos(x, TITLE_Y)
            y = 0.0
            for nid in self.chain.order.get(kind, []):
                item = self.nodes[nid]
                item.set_width(width)
                if item.isVisible():
                    item.setPos(x, y)
                    y += item.height() + ROW_GAP
            x += width + COL_GAP
        for edge in self.edges:
            edge.relayout()
        # What scrolls is what is shown: a hidden node keeps its old place, and with it
        # in the scene's rect a fitted chain had scroll bars onto empty room.
        self.setSceneRect(self.visible_rect().adjusted(-12, -12, 12, 12))

    def visible_rect(self) -> QRectF:
        """The part of the scene holding what is shown (hidden nodes excluded)."""
        rect = QRectF()
        for item in list(self.nodes.values()) + self._titles:
            if item.isVisible():
                rect = rect.united(item.sceneBoundingRect())
        return rect

    # -- filters, focus, plan, drag ---------------------------------------------------------
    def set_filter(self, shown: object) -> None:
        self.filter_class = shown
        self.apply_visibility()

    def set_focus_node(self, node_id: str | None) -> None:
        self.focus_id = node_id
        self.apply_visibility()

    def set_hover_node(self, node_id: str | None) -> None:
        """The hovered node's path is emphasised like the selected one's (not faded)."""
        if node_id == self.hover_id:
            return
        self.hover_id = node_id
        self._emphasise()
        self.hoverChanged.emit(node_id)

    def _emphasise(self) -> None:
        ids = set()
        for nid in (self.focus_id, self.hover_id):
            if nid in self.nodes and self.chain is not None:
                ids |= self.chain.neighbours(nid)
        for edge in self.edges:
            on = edge.blocking and edge.source.node.id in ids and edge.target.node.id in ids
            if edge.emphasised != on:
                edge.emphasised = on
                edge.restyle()

    def restyle_all(self) -> None:
        """The palette changed (theme): every item takes the new colours."""
        text = QApplication.palette().color(QPalette.ColorRole.WindowText)
        for title in self._titles:
            title.setBrush(text)
        for edge in self.edges:
            edge.restyle()
        for item in self.nodes.values():
            item.update()

    def apply_visibility(self, relayout: bool = False) -> None:
        if self.chain is None:
            return
        visible = set(self.nodes)
        if self.filter_class is not None:
            chosen = self.look.visible(self.chain, self.filter_class)
            if chosen is not None:
                visible = chosen & visible
        focus = self.chain.neighbours(self.focus_id) if self.focus_id in self.nodes else None
        changed = relayout
        for nid, item in self.nodes.items():
            show = nid in visible
            if item.isVisible() != show:
                item.setVisible(show)
                changed = True
            faded = focus is not None and nid not in focus
            if item.faded != faded:
                item.faded = faded
                item.update()
        for edge in self.edges:
            edge.setVisible(edge.source.isVisible() and edge.target.isVisible())
            faded = focus is not None and not (edge.source.node.id in focus and
                                               edge.target.node.id in focus)
            if edge.faded != faded:
                edge.faded = faded
                edge.restyle()
        self._emphasise()
        if changed:
            self.layout_rows()

    def show_plan(self, steps: Sequence[PlanStep]) -> None:
        """Badge each planned node with its step number(s), cost and running total."""
        changed = False
        for item in self.nodes.values():
            if item.plan_badge:
                item.prepareGeometryChange()
                item.plan_badge = None
                item.update_node(item.node)
                changed = True
        for edge in self.edges:
            if edge.in_plan:
                edge.in_plan = False
                edge.restyle()
        running = 0
        planned: list[str] = []
        # a node may be several steps (Medicine 4, then 5): one badge says them all
        on_node: dict[str, tuple[list[int], int, int]] = {}
        for i, step in enumerate(steps, 1):
            running += step.cost
            nid = self.look.step_node(step)
            planned_item = self.nodes.get(nid)
            if planned_item is None:
                continue
            numbers, cost, _total = on_node.get(nid, ([], 0, 0))
            on_node[nid] = ([*numbers, i], cost + step.cost, running)
            planned_item.prepareGeometryChange()
            planned_item.plan_badge = plan_badge_text(*on_node[nid], self.unit())
            planned_item.update_node(planned_item.node)
            changed = True
            planned.append(nid)
            planned += [extra for extra in self.look.step_extra_nodes(step)
                        if extra in self.nodes]
        planned_set = set(planned)
        for edge in self.edges:
            if edge.source.node.id in planned_set and edge.target.node.id in planned_set:
                edge.in_plan = True
                edge.restyle()
        if changed:
            self.layout_rows()

    def planned_ids(self) -> list[str]:
        return [nid for nid, item in self.nodes.items() if item.plan_badge]

    def begin_drag(self, eligible: set[str], reasons: dict[str, list[str]]) -> None:
        """Light the nodes a token can go to (``eligible`` ids); grey the other nodes
        that take tokens, with their ``reasons``."""
        self.drag_reasons = {}
        for nid, item in self.nodes.items():
            if not self.look.accepts_drop(item.node):
                continue
            if nid in eligible:
                item.drag_state = "eligible"
            else:
                item.drag_state = "ineligible"
                self.drag_reasons[nid] = reasons.get(nid, [])
            item.update()

    def end_drag(self) -> None:
        for item in self.nodes.values():
            if item.drag_state is not None or item.drag_hover:
                item.drag_state = None
                item.drag_hover = False
                item.update()
        self.drag_reasons = {}
