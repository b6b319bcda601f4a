"""The advancement chain drawn: nodes and edges in a QGraphicsScene.

Items are built once per ruleset and then *updated* in place when the
character changes (no rebuild, no flicker).  At rest the chain shows its
structure: edges are quiet lines behind the nodes, a blocking prerequisite is
only dashed; the selected or hovered node's path is emphasised (its blocking
edges red and thick, the unrelated nodes faded).  Greyed nodes are the rules
core's refusals; plan steps carry a numbered badge beside the node with the
running SP total.  Every colour comes from the palette (:mod:`builder.ui.theme`),
so the chain reads on a light and on a dark scheme, and every colour also has
a line style or a mark, so it reads in greyscale.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath,
                           QPalette, QPen)
from PySide6.QtWidgets import (QApplication, QGraphicsItem, QGraphicsObject, QGraphicsPathItem,
                               QGraphicsScene, QGraphicsSimpleTextItem)

from builder.rules.base import AT_MAXIMUM, has_code
from builder.rules.chain import Chain, Node
from builder.ui import theme
from builder.ui.chain.colours import (  # noqa: F401 - the chain's colours, read here too
    KIND_HUES, _mix, _pal, badge_colours, blocked_fill, eligible_fill, kind_fill, mark,
    mark_colour_pairs, node_colour_pairs, node_text, plan_badge_text, structure_colour)
from builder.ui.chain.tokens import RankToken, parse_token

# 210 wide: a Skill's second line, "→ 2: 2 SP ✕  Linked: Perception", was cut to
# "Linked: Endura…" at 190 (SUB_ROOM is the room that line has).
NODE_W, NODE_H = 210.0, 50.0
SUB_ROOM = NODE_W - 18
COL_GAP, ROW_GAP = 120.0, 12.0

KIND_TITLES = {"vital": "Core Vital", "skill": "Skill", "class": "Class", "trait": "Trait",
               "spell": "Spell", "value": "Value", "path": "Path"}
#: The chain filter that shows the traits and spells of the Classes the character has.
HELD = "__held__"
#: Text is never drawn below this size on screen; smaller sub-labels are left out.
MIN_TEXT_PT = 9.0


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
        self.setZValue(1)            # always above the edges: no line crosses a node's text
        self.update_node(node)

    # -- data -------------------------------------------------------------------------------
    def update_node(self, node: Node) -> None:
        self.node = node
        tip = [f"<b>{node.name}</b>" + (f" ({node.owner})" if node.owner else "")]
        if node.detail:
            tip.append(node.detail)
        unit = self.chain_scene.unit()
        if node.kind in ("vital", "skill", "class", "value") and node.cost is not None:
            tip.append(f"Next: {node.target} for {node.cost} {unit}")
        if node.kind == "path" and not node.held and node.cost is not None:
            tip.append(f"Take it for {node.cost} {unit}")
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
        if n.kind in ("spell", "path"):
            return not n.held and not n.allowed
        if n.kind == "trait":
            return not n.allowed
        return not n.allowed

    @property
    def held_blocked(self) -> bool:
        """Held, with its next step blocked (Cognition 3 that cannot reach 4 now): drawn
        as held, its own colour and solid border, the blocked step said on its second
        line; only what the character does not have is greyed as not possible."""
        n = self.node
        return self.blocked and (n.held or (n.kind in ("vital", "skill", "value")
                                            and isinstance(n.value, int) and n.value > 0))

    # -- painting ---------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, NODE_W + 8, NODE_H + 8)

    def colours(self, pal: QPalette | None = None) -> tuple[QColor, QColor]:
        """(fill, text) for the node's current state."""
        n = self.node
        if self.drag_state == "eligible":
            fill = eligible_fill(pal, self.drag_hover)
            return fill, node_text(fill, pal)
        if (self.blocked and not self.held_blocked) or self.drag_state == "ineligible":
            fill = blocked_fill(pal)
            return fill, node_text(fill, pal, muted=True)
        fill = kind_fill(n.kind, pal)
        return fill, node_text(fill, pal)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        n = self.node
        pal = theme.palette()
        rect = QRectF(0, 0, NODE_W, NODE_H)
        fill, text = self.colours(pal)
        if self.faded:
            # what the selection does not concern steps back: its fill and frame fade
            # into the page, its text stays readable (4.5:1) on the faded fill
            fill = _mix(fill, pal.color(QPalette.ColorRole.Base), 0.6)
            text = theme.readable(_mix(text, fill, 0.35), fill, theme.TEXT_CONTRAST)
        border = QPen(structure_colour(pal), 1.0)
        if n.held or self.held_blocked:
            border = QPen(node_text(fill, pal) if not self.faded else text, 2.0)
        if self.plan_badge:
            border = QPen(mark("plan", pal), 3.0)
        if self.drag_state == "eligible":
            border = QPen(mark("ok", pal), 3.5 if self.drag_hover else 2.5)
        if self.isSelected():
            border = QPen(mark("focus", pal), 3.0)
        if self.blocked and not self.held_blocked and not self.plan_badge \
                and self.drag_state != "eligible":
            border.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(border)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(rect, 9, 9)

        # Level of detail: the on-screen size of the text at this zoom.
        lod = option.levelOfDetailFromTransform(painter.worldTransform()) if option else 1.0
        base = self.chain_scene.base_font
        base_pt = base.pointSizeF() if base.pointSizeF() > 0 else 9.0
        painter.setPen(text)
        title = QFont(base)
        title.setBold(True)
        painter.setFont(title)
        fm = QFontMetricsF(title)
        name = n.name if n.kind != "spell" else f"✦ {n.name}"
        painter.drawText(QRectF(10, 4, NODE_W - 62, 22), Qt.AlignmentFlag.AlignVCenter,
                         fm.elidedText(name, Qt.TextElideMode.ElideRight, NODE_W - 66))
        # value, right
        big = QFont(base)
        big.setBold(True)
        big.setPointSizeF(base_pt * 1.25)
        painter.setFont(big)
        value = {"vital": str(n.value), "skill": f"SL {n.value}",
                 "class": f"{n.value}" if n.held else "—",
                 "trait": f"r{n.value}" if n.value else "—",
                 "spell": "✓" if n.held else "",
                 "path": "✓" if n.held else "—"}.get(n.kind, str(n.value))
        painter.drawText(QRectF(NODE_W - 58, 2, 50, 26),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, value)
        # second line: only where it is readable at this zoom; a planned node shows its
        # plan steps there, in words, inside the node (never covered by a neighbour)
        small = QFont(base)
        if self.plan_badge:
            badge_fill, badge_text = badge_colours(pal)
            badge = QRectF(6, 27, NODE_W - 12, 20)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(badge_fill)
            painter.drawRoundedRect(badge, 10, 10)
            painter.setPen(badge_text)
            bold = QFont(small)
            bold.setBold(True)
            painter.setFont(bold)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter,
                             QFontMetricsF(bold).elidedText(self.plan_badge,
                                                            Qt.TextElideMode.ElideRight,
                                                            NODE_W - 20))
        elif base_pt * lod >= MIN_TEXT_PT - 0.05:
            painter.setFont(small)
            sfm = QFontMetricsF(small)
            painter.drawText(QRectF(10, 27, NODE_W - 16, 20), Qt.AlignmentFlag.AlignVCenter,
                             sfm.elidedText(self.sub_label(), Qt.TextElideMode.ElideRight,
                                            SUB_ROOM))

    def sub_label(self) -> str:
        n = self.node
        unit = self.chain_scene.unit()
        if n.kind == "path":
            return "held" if n.held else f"take: {n.cost} {unit}" + ("" if n.allowed else " ✕")
        if n.kind in ("vital", "skill", "class", "value"):
            if n.kind == "class" and not n.held:
                line = f"enter: {n.cost} {unit}" + ("" if n.allowed else " ✕")
            elif has_code(n.reasons, AT_MAXIMUM):
                line = "at the maximum"
            elif self.held_blocked:
                line = f"→ {n.target} blocked"
            else:
                line = f"→ {n.target}: {n.cost} {unit}" + ("" if n.allowed else " ✕")
            return line + (f"  {n.detail}" if n.kind == "skill" else "")
        return n.detail + ("  (unusable)" if not n.usable and n.held else "")

    def hoverEnterEvent(self, event) -> None:
        self.chain_scene.set_hover_node(self.node.id)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        if self.chain_scene.hover_id == self.node.id:
            self.chain_scene.set_hover_node(None)
        super().hoverLeaveEvent(event)

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
    """A prerequisite line, always behind the nodes.  At rest it is quiet (a blocking
    one only dashed); on the selected or hovered node's path a blocking edge is
    emphasised (error colour, thick)."""

    def __init__(self, source: NodeItem, target: NodeItem, kind: str):
        super().__init__()
        self.source, self.target, self.kind = source, target, kind
        self.blocking = False
        self.in_plan = False
        self.faded = False
        self.emphasised = False
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
        pal = theme.palette()
        colour = structure_colour(pal)
        width = 1.0
        style = Qt.PenStyle.DotLine if self.kind == "path" else Qt.PenStyle.SolidLine
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
    """Holds the items; ``set_chain`` builds them once, later calls update them in place."""

    nodeActivated = Signal(str)                 # node id (double-click / Enter)
    rankDropped = Signal(object, str, str)      # a RankToken, the trait's class, the trait
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
        self.hover_id: str | None = None
        self._titles: list[QGraphicsSimpleTextItem] = []

    # -- building and updating --------------------------------------------------------------
    def unit(self) -> str:
        """What the chain's costs are counted in (SP; a data system's own label)."""
        return self.chain.unit if self.chain is not None else "SP"

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
        self.apply_visibility()

    def _build(self, chain: Chain) -> None:
        self.clear()
        self.nodes, self.edges, self._titles = {}, [], []
        title_font = QFont(self.base_font)
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        for col, (kind, heading) in enumerate(self.columns()):
            x = col * (NODE_W + COL_GAP)
            title = self.addSimpleText(heading, title_font)
            title.setBrush(QApplication.palette().color(QPalette.ColorRole.WindowText))
            title.setPos(x, -40)
            self._titles.append(title)
            for row, nid in enumerate(chain.order.get(kind, [])):
                item = NodeItem(chain.nodes[nid], self)
                item.setPos(x, row * (NODE_H + ROW_GAP))
                self.addItem(item)
                self.nodes[nid] = item
        for edge in chain.edges:
            line = EdgeItem(self.nodes[edge.source], self.nodes[edge.target], edge.kind)
            line.blocking = edge.blocking
            line.restyle()
            self.addItem(line)
            self.edges.append(line)
        self.layout_rows()

    def layout_rows(self) -> None:
        """Stack the visible nodes of each column (hidden ones leave no gap)."""
        if self.chain is None:
            return
        for col, (kind, _heading) in enumerate(self.columns()):
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

    def set_hover_node(self, node_id: str | None) -> None:
        """The hovered node's path is emphasised like the selected one's (not faded)."""
        if node_id == self.hover_id:
            return
        self.hover_id = node_id
        self._emphasise()

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
        self._emphasise()
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
        # a node may be several steps (Medicine 4, then 5): one badge says them all
        on_node: dict[str, tuple[list[int], int, int]] = {}
        for i, step in enumerate(steps, 1):
            running += step["cost"]
            kind = "class" if step["kind"] == "new-class" else step["kind"]
            nid = f"{kind}:{step['name']}"
            planned_item = self.nodes.get(nid)
            if planned_item is None:
                continue
            numbers, cost, _total = on_node.get(nid, ([], 0, 0))
            on_node[nid] = ([*numbers, i], cost + step["cost"], running)
            planned_item.plan_badge = plan_badge_text(*on_node[nid], self.unit())
            planned_item.update()
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

    def begin_drag(self, token: RankToken, eligible: list[str], blocked: dict[str, list[str]]) -> None:
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
                self.drag_reasons[nid] = (blocked.get(node.name, []) if node.owner == cls
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
