"""The advancement chain drawn: nodes and edges in a QGraphicsScene.

Items are built once per ruleset and then *updated* in place when the
character changes (no rebuild, no flicker).  Greyed nodes are the rules core's
refusals; a blocking edge is drawn red and dashed (so greyscale still shows
it); plan steps carry a numbered badge with the running SP total.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath,
                           QPalette, QPen)
from PySide6.QtWidgets import (QApplication, QGraphicsItem, QGraphicsObject, QGraphicsPathItem,
                               QGraphicsScene, QGraphicsSimpleTextItem)

from builder.rules.base import AT_MAXIMUM, has_code
from builder.rules.story_points.chain import COLUMNS, Chain, Node
from builder.ui.chain.tokens import parse_token

NODE_W, NODE_H = 190.0, 50.0
COL_GAP, ROW_GAP = 120.0, 12.0
COLUMN_TITLES = {"vital": "Core Vitals", "skill": "Skills", "class": "Classes",
                 "trait": "Traits and spells"}

KIND_COLOURS = {  # light fills by kind; text stays dark on all of them
    "vital": QColor("#e3ecfa"), "skill": QColor("#e4f4e6"), "class": QColor("#fbeedd"),
    "trait": QColor("#f3e6f7"), "spell": QColor("#e6f3f6"),
}
#: The chain filter that shows the traits and spells of the Classes the character has.
HELD = "__held__"

BLOCK_RED = QColor("#c0392b")
PLAN_BLUE = QColor("#1f5fbf")
ELIGIBLE_GREEN = QColor("#1e8449")


def _dark_mode() -> bool:
    app = QApplication.instance()
    if app is None:
        return False
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


class NodeItem(QGraphicsObject):
    """One Vital, Skill, Class, trait or spell."""

    def __init__(self, node: Node, scene: "ChainScene"):
        super().__init__()
        self.node = node
        self.chain_scene = scene
        self.plan_badge: str | None = None
        self.drag_state: str | None = None   # None | "eligible" | "ineligible"
        self.drag_hover = False
        self.faded = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setAcceptHoverEvents(True)
        self.setAcceptDrops(node.kind == "trait")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.update_node(node)

    # -- data -------------------------------------------------------------------------------
    def update_node(self, node: Node) -> None:
        self.node = node
        tip = [f"<b>{node.name}</b>" + (f" ({node.owner})" if node.owner else "")]
        if node.detail:
            tip.append(node.detail)
        if node.kind in ("vital", "skill", "class") and node.cost is not None:
            tip.append(f"Next: {node.target} for {node.cost} SP")
        if node.kind == "trait":
            tip.append(f"Rank {node.value}; a {node.owner} advance can add a rank here")
        if node.reasons:
            tip.append("<span>Blocked:</span><ul>" + "".join(f"<li>{r}</li>" for r in node.reasons)
                       + "</ul>")
        elif node.allowed:
            tip.append("<i>Double-click or press Enter to take it.</i>")
        if node.kind in ("trait", "spell") and not node.usable:
            tip.append(f"Cannot be used while {node.path_skill} is 0 (ranks are kept).")
        self.setToolTip("<br>".join(tip))
        self.setData(0, node.id)
        self.update()

    @property
    def blocked(self) -> bool:
        n = self.node
        if n.kind == "spell":
            return not n.held and not n.allowed
        if n.kind == "trait":
            return not n.allowed
        return not n.allowed

    # -- painting ---------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, NODE_W + 8, NODE_H + 8)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        n = self.node
        dark = _dark_mode()
        rect = QRectF(0, 0, NODE_W, NODE_H)
        fill = QColor(KIND_COLOURS.get(n.kind, QColor("#eeeeee")))
        text = QColor("#1b1b1b")
        if self.blocked:
            fill = QColor("#e6e6e6")
            text = QColor("#7a7a7a")
        if dark:
            fill = fill.darker(330) if not self.blocked else QColor("#3a3a3a")
            text = QColor("#f0f0f0") if not self.blocked else QColor("#9a9a9a")
        if self.drag_state == "eligible":
            fill = QColor("#1e5631") if dark else QColor("#c9f2d3" if not self.drag_hover
                                                           else "#9fe3b1")
            text = QColor("#f0f0f0") if dark else QColor("#10301a")
        if self.drag_state == "ineligible":
            fill, text = (QColor("#3a3a3a"), QColor("#8a8a8a")) if dark else \
                (QColor("#eeeeee"), QColor("#9a9a9a"))
        painter.setOpacity(0.18 if self.faded else 1.0)
        border = QPen(QColor("#555555") if not dark else QColor("#aaaaaa"), 1.0)
        if n.held:
            border.setWidthF(2.0)
        if self.plan_badge:
            border = QPen(PLAN_BLUE, 3.0)
        if self.drag_state == "eligible":
            border = QPen(ELIGIBLE_GREEN, 3.5 if self.drag_hover else 2.5)
        if self.isSelected():
            border = QPen(QColor("#e67e22"), 3.0)
        if self.blocked and not self.plan_badge and self.drag_state != "eligible":
            border.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(border)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(rect, 9, 9)

        painter.setPen(text)
        title = QFont(self.chain_scene.base_font)
        title.setBold(True)
        painter.setFont(title)
        fm = QFontMetricsF(title)
        name = n.name if n.kind != "spell" else f"✦ {n.name}"
        painter.drawText(QRectF(10, 4, NODE_W - 60, 22), Qt.AlignmentFlag.AlignVCenter,
                         fm.elidedText(name, Qt.TextElideMode.ElideRight, NODE_W - 64))
        # value, right
        big = QFont(self.chain_scene.base_font)
        big.setBold(True)
        big.setPointSizeF(big.pointSizeF() * 1.35)
        painter.setFont(big)
        value = {"vital": str(n.value), "skill": f"SL {n.value}",
                 "class": f"{n.value}" if n.held else "—",
                 "trait": f"r{n.value}" if n.value else "—",
                 "spell": "✓" if n.held else ""}[n.kind]
        painter.drawText(QRectF(NODE_W - 58, 2, 50, 26),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, value)
        # second line
        small = QFont(self.chain_scene.base_font)
        small.setPointSizeF(small.pointSizeF() * 0.85)
        painter.setFont(small)
        sfm = QFontMetricsF(small)
        if n.kind in ("vital", "skill", "class"):
            if n.kind == "class" and not n.held:
                line = f"enter: {n.cost} SP" + ("" if n.allowed else "  ✕")
            elif has_code(n.reasons, AT_MAXIMUM):
                line = "at the maximum"
            else:
                line = f"→ {n.target}: {n.cost} SP" + ("" if n.allowed else "  ✕")
            line += f"   {n.detail}" if n.kind == "skill" else ""
        else:
            line = n.detail + ("  (unusable)" if not n.usable and n.held else "")
        painter.drawText(QRectF(10, 27, NODE_W - 16, 20), Qt.AlignmentFlag.AlignVCenter,
                         sfm.elidedText(line, Qt.TextElideMode.ElideRight, NODE_W - 18))
        if self.plan_badge:
            badge = QRectF(NODE_W - 70, -12, 78, 20)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(PLAN_BLUE)
            painter.drawRoundedRect(badge, 10, 10)
            painter.setPen(QColor("white"))
            painter.setFont(small)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, self.plan_badge)

    # -- interaction ------------------------------------------------------------------------
    def mouseDoubleClickEvent(self, event) -> None:
        self.chain_scene.nodeActivated.emit(self.node.id)
        event.accept()

    def dragEnterEvent(self, event) -> None:
        token = parse_token(event.mimeData())
        if token is None:
            event.ignore()
            return
        self.drag_hover = True
        self.update()
        event.setAccepted(self.drag_state == "eligible")
        reasons = self.chain_scene.drag_reasons.get(self.node.id, [])
        self.chain_scene.dragHint.emit(
            f"Drop to give {self.node.name} a rank" if self.drag_state == "eligible"
            else "; ".join(reasons) or f"{self.node.name} cannot take this rank")

    def dragLeaveEvent(self, event) -> None:
        self.drag_hover = False
        self.update()

    def dropEvent(self, event) -> None:
        self.drag_hover = False
        token = parse_token(event.mimeData())
        if token is not None:
            self.chain_scene.rankDropped.emit(token, self.node.owner, self.node.name)
            event.acceptProposedAction()
        self.update()


class EdgeItem(QGraphicsPathItem):
    def __init__(self, source: NodeItem, target: NodeItem, kind: str):
        super().__init__()
        self.source, self.target, self.kind = source, target, kind
        self.blocking = False
        self.in_plan = False
        self.faded = False
        self.setZValue(-1)
        self.setAcceptHoverEvents(False)
        self.relayout()
        self.restyle()

    def relayout(self) -> None:
        a = self.source.pos() + QPointF(NODE_W, NODE_H / 2)
        b = self.target.pos() + QPointF(0, NODE_H / 2)
        path = QPainterPath(a)
        dx = max(40.0, (b.x() - a.x()) / 2)
        path.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b)
        self.setPath(path)

    def restyle(self) -> None:
        dark = _dark_mode()
        colour = QColor("#b8b8b8") if not dark else QColor("#666666")
        width = 1.0
        style = Qt.PenStyle.SolidLine
        if self.kind == "path":
            style = Qt.PenStyle.DotLine
        if self.blocking:
            colour, width, style = BLOCK_RED, 2.4, Qt.PenStyle.DashLine
        if self.in_plan:
            colour, width, style = PLAN_BLUE, 3.0, Qt.PenStyle.SolidLine
        if self.faded:
            colour = QColor(colour)
            colour.setAlpha(30)
        pen = QPen(colour, width, style)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.setPen(pen)
        self.setZValue(1 if (self.blocking or self.in_plan) else -1)


class ChainScene(QGraphicsScene):
    """Holds the items; ``set_chain`` builds them once, later calls update them in place."""

    nodeActivated = Signal(str)                 # node id (double-click / Enter)
    rankDropped = Signal(dict, str, str)        # token, trait's class, trait
    dragHint = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.nodes: dict[str, NodeItem] = {}
        self.edges: list[EdgeItem] = []
        self.chain: Chain | None = None
        self.base_font = QFont(QApplication.font())
        self.drag_reasons: dict[str, list[str]] = {}
        self.filter_class: str | None = None
        self.focus_id: str | None = None
        self._titles: list[QGraphicsSimpleTextItem] = []

    # -- building and updating --------------------------------------------------------------
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
        self.apply_visibility()

    def _build(self, chain: Chain) -> None:
        self.clear()
        self.nodes, self.edges, self._titles = {}, [], []
        title_font = QFont(self.base_font)
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        for col, kind in enumerate(COLUMNS):
            x = col * (NODE_W + COL_GAP)
            title = self.addSimpleText(COLUMN_TITLES[kind], title_font)
            title.setBrush(QApplication.palette().color(QPalette.ColorRole.WindowText))
            title.setPos(x, -40)
            self._titles.append(title)
            for row, nid in enumerate(chain.order.get(kind, [])):
                item = NodeItem(chain.nodes[nid], self)
                item.setPos(x, row * (NODE_H + ROW_GAP))
                self.addItem(item)
                self.nodes[nid] = item
        for edge in chain.edges:
            item = EdgeItem(self.nodes[edge.source], self.nodes[edge.target], edge.kind)
            item.blocking = edge.blocking
            item.restyle()
            self.addItem(item)
            self.edges.append(item)
        self.layout_rows()

    def layout_rows(self) -> None:
        """Stack the visible nodes of each column (hidden ones leave no gap)."""
        if self.chain is None:
            return
        for col, kind in enumerate(COLUMNS):
            row = 0
            for nid in self.chain.order.get(kind, []):
                item = self.nodes[nid]
                if item.isVisible():
                    item.setPos(col * (NODE_W + COL_GAP), row * (NODE_H + ROW_GAP))
                    row += 1
        for edge in self.edges:
            edge.relayout()
        rect = self.itemsBoundingRect().adjusted(-30, -30, 30, 30)
        self.setSceneRect(rect)

    def visible_rect(self) -> QRectF:
        """The part of the scene holding what is shown (hidden nodes excluded)."""
        rect = QRectF()
        for item in list(self.nodes.values()) + self._titles:
            if item.isVisible():
                rect = rect.united(item.sceneBoundingRect())
        return rect

    # -- filters, focus, plan, drag ---------------------------------------------------------
    def set_filter(self, class_name: str | None) -> None:
        self.filter_class = class_name
        self.apply_visibility()

    def set_focus_node(self, node_id: str | None) -> None:
        self.focus_id = node_id
        self.apply_visibility()

    def apply_visibility(self) -> None:
        if self.chain is None:
            return
        visible = set(self.nodes)
        if self.filter_class == HELD:
            # Every Vital, Skill and Class; the traits and spells of the Classes held.
            held = {n.name for n in self.chain.nodes.values() if n.kind == "class" and n.held}
            visible = {nid for nid, n in self.chain.nodes.items()
                       if n.kind in ("vital", "skill", "class") or n.owner in held}
        elif self.filter_class:
            cid = f"class:{self.filter_class}"
            related = self.chain.neighbours(cid) if cid in self.nodes else set()
            # Keep the Class, its traits and spells, and everything upstream of them.
            visible = {nid for nid in related
                       if self.chain.nodes[nid].kind in ("vital", "skill")
                       or nid == cid or self.chain.nodes[nid].owner == self.filter_class}
        focus = self.chain.neighbours(self.focus_id) if self.focus_id in self.nodes else None
        changed = False
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
        if changed:
            self.layout_rows()

    def show_plan(self, steps: list[dict]) -> None:
        """Badge each planned node with its step number(s), cost and running total."""
        for item in self.nodes.values():
            if item.plan_badge:
                item.plan_badge = None
                item.update()
        for edge in self.edges:
            if edge.in_plan:
                edge.in_plan = False
                edge.restyle()
        running = 0
        planned: list[str] = []
        for i, step in enumerate(steps, 1):
            running += step["cost"]
            kind = "class" if step["kind"] == "new-class" else step["kind"]
            nid = f"{kind}:{step['name']}"
            item = self.nodes.get(nid)
            if item is None:
                continue
            item.plan_badge = f"#{i} {step['cost']} · Σ{running}"
            item.update()
            planned.append(nid)
            if step.get("trait"):
                tid = f"trait:{step['name']}.{step['trait']}"
                if tid in self.nodes:
                    planned.append(tid)
        planned_set = set(planned)
        for edge in self.edges:
            if edge.source.node.id in planned_set and edge.target.node.id in planned_set:
                edge.in_plan = True
                edge.restyle()

    def planned_ids(self) -> list[str]:
        return [nid for nid, item in self.nodes.items() if item.plan_badge]

    def begin_drag(self, token: dict, eligible: list[str], blocked: dict[str, list[str]]) -> None:
        """Light the traits a token can go to; grey the others with their reasons."""
        cls = token.get("class")
        self.drag_reasons = {}
        for nid, item in self.nodes.items():
            node = item.node
            if node.kind != "trait":
                continue
            if node.owner == cls and node.name in eligible:
                item.drag_state = "eligible"
            else:
                item.drag_state = "ineligible"
                self.drag_reasons[nid] = (blocked.get(node.name) if node.owner == cls
                                          else [f"{node.name} is a {node.owner} trait, not "
                                                f"{cls}"])
            item.update()

    def end_drag(self) -> None:
        for item in self.nodes.values():
            if item.drag_state is not None or item.drag_hover:
                item.drag_state = None
                item.drag_hover = False
                item.update()
        self.drag_reasons = {}
