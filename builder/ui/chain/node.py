"""A node of the drawn chain: one line with its name, its next step and its value (a
planned node grows a line for its plan badge), its tooltip and details line, its
state's colours and its part in a token's drag.  What it says is the page's look's
(:mod:`builder.ui.chain.look`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPalette, QPen
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsObject, QGraphicsSceneDragDropEvent,
                               QGraphicsSceneHoverEvent, QGraphicsSceneMouseEvent,
                               QStyleOptionGraphicsItem, QWidget)

from builder.app.types import AT_MAXIMUM, has_code
from builder.ui import theme
from builder.ui.chain.colours import (_mix, badge_colours, blocked_fill, eligible_fill,
                                      hue_fill, mark, node_text, structure_colour)

if TYPE_CHECKING:
    from builder.rules.chain import Node
    from builder.ui.chain.look import ChainLook
    from builder.ui.chain.scene import ChainScene

#: A node is one line high (its name, its next step in words, its value); a planned
#: node grows a second line for its plan badge.  Each column is as wide as its
#: longest node needs, within NODE_MIN_W and NODE_MAX_W (a longer name is elided in
#: the node and said whole in its tooltip and the page's details line).
NODE_H, BADGE_H = 26.0, 22.0
NODE_MIN_W, NODE_MAX_W = 180.0, 250.0
PAD, GAP = 8.0, 8.0
COL_GAP, ROW_GAP = 48.0, 6.0
#: Where the column titles stand above the first row.
TITLE_Y = -30.0
#: Text is never drawn below this size on screen; smaller next-step words are left out.
MIN_TEXT_PT = 8.0


def bold_font(font: QFont) -> QFont:
    bold = QFont(font)
    bold.setBold(True)
    return bold


class NodeItem(QGraphicsObject):
    """One node: its name, its next step and its value on one line."""

    def __init__(self, node: Node, scene: "ChainScene"):
        super().__init__()
        self.node = node
        self.chain_scene = scene
        self.look: ChainLook = scene.look
        self.plan_badge: str | None = None
        self.drag_state: str | None = None   # None | "eligible" | "ineligible"
        self.drag_hover = False
        self.faded = False
        self.width = NODE_MIN_W
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setAcceptHoverEvents(True)
        self.setAcceptDrops(self.look.accepts_drop(node))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setZValue(1)            # always above the edges: no line crosses a node's text
        self.update_node(node)

    # -- data -------------------------------------------------------------------------------
    def update_node(self, node: Node) -> None:
        self.node = node
        self.setToolTip(self.tooltip())
        self.setData(0, node.id)
        self.update()

    def _tip_lines(self) -> list[str]:
        n = self.node
        words = self.sub_label()
        lines = [f"{self.look.title(n.kind)} {self.look.value_text(n)}".strip()
                 + (f" · {words}" if words else "")]
        if n.detail:
            lines.append(n.detail)
        nxt = self.look.next_tip(n, self.chain_scene.unit())
        if nxt:
            lines.append(nxt)
        if self.plan_badge:
            lines.append(f"Plan: {self.plan_badge}")
        return lines

    def tooltip(self) -> str:
        """The node in full (its name whole, whatever room the node gives it)."""
        n = self.node
        tip = [f"<b>{n.name}</b>" + (f" ({n.owner})" if n.owner else "")]
        tip += self._tip_lines()
        if n.reasons:
            tip.append("<span>Blocked:</span><ul>" + "".join(f"<li>{r}</li>" for r in n.reasons)
                       + "</ul>")
        elif n.allowed:
            tip.append("<i>Double-click or press Enter to take it.</i>")
        return "<br>".join(tip)

    def details(self) -> str:
        """The node in one plain line, for the page's details line."""
        n = self.node
        head = n.name + (f" ({n.owner})" if n.owner else "")
        parts = [head] + self._tip_lines()
        if n.reasons:
            parts.append("blocked: " + "; ".join(n.reasons))
        return " · ".join(p for p in parts if p)

    @property
    def blocked(self) -> bool:
        return self.look.blocked(self.node)

    @property
    def held_blocked(self) -> bool:
        """Held, with its next step blocked (Cognition 3 that cannot reach 4 now): drawn
        as held, its own colour and a thick solid border, "blocked" in its words; only
        what the character does not have is greyed (dashed, ✕) as not possible."""
        return self.look.held_blocked(self.node)

    @property
    def not_possible(self) -> bool:
        return self.blocked and not self.held_blocked

    def sub_label(self) -> str:
        """The node's next step in a few words (drawn after its name)."""
        n = self.node
        return self.look.next_text(n, self.chain_scene.unit(), self.held_blocked,
                                   has_code(n.reasons, AT_MAXIMUM))

    # -- size -----------------------------------------------------------------------------
    def fonts(self) -> tuple[QFont, QFont]:
        """(name and value, next step) fonts: a greyed node's name is not bold (its state
        is carried by weight, border and mark, not by a faint colour alone)."""
        base = self.chain_scene.base_font
        return (QFont(base) if self.not_possible else bold_font(base)), QFont(base)

    def texts(self) -> tuple[str, str, str]:
        """(name, next step, value) as the node says them in full."""
        n = self.node
        return self.look.name_text(n), self.sub_label(), self.look.value_text(n)

    def need(self) -> float:
        """The width that shows every text of the node whole."""
        strong, plain = self.fonts()
        name, nxt, value = self.texts()
        bold, regular = QFontMetricsF(bold_font(strong)), QFontMetricsF(plain)
        return (2 * PAD + bold.horizontalAdvance(name) + bold.horizontalAdvance(value)
                + (GAP + regular.horizontalAdvance(nxt) if nxt else 0.0) + GAP)

    def height(self) -> float:
        lines = len(self.badge_lines())
        return NODE_H + (BADGE_H + (lines - 1) * self.badge_line_h() if lines else 0.0)

    def badge_line_h(self) -> float:
        return QFontMetricsF(self.badge_font()).lineSpacing()

    def badge_lines(self) -> list[str]:
        """The plan badge's words on one line, or on two (split before "total") when
        the node is too narrow for one: never cut."""
        if not self.plan_badge:
            return []
        fm = QFontMetricsF(self.badge_font())
        if fm.horizontalAdvance(self.plan_badge) <= self.width - 18:
            return [self.plan_badge]
        head, sep, total = self.plan_badge.rpartition(" · ")
        return [head + sep.rstrip(), total] if sep else [self.plan_badge]

    def set_width(self, width: float) -> None:
        if width != self.width:
            self.prepareGeometryChange()
            self.width = width

    def shown_texts(self) -> tuple[str, str, str]:
        """(name, next step, value) as drawn in the node's width: the value whole, the
        name and then the next step elided when the room is short (both whole in the
        tooltip and the details line)."""
        strong, plain = self.fonts()
        name, nxt, value = self.texts()
        sfm, pfm = QFontMetricsF(strong), QFontMetricsF(plain)
        room = self.width - 2 * PAD - GAP - sfm.horizontalAdvance(value)
        nxt_w = pfm.horizontalAdvance(nxt) + GAP if nxt else 0.0
        name_room = max(room - nxt_w, min(sfm.horizontalAdvance(name), room * 0.5))
        shown = sfm.elidedText(name, Qt.TextElideMode.ElideRight, name_room)
        rest = room - sfm.horizontalAdvance(shown) - GAP
        shown_next = pfm.elidedText(nxt, Qt.TextElideMode.ElideRight, rest) if nxt else ""
        return shown, shown_next, value

    # -- painting ---------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, self.width + 8, self.height() + 8)

    def colours(self, pal: QPalette | None = None) -> tuple[QColor, QColor]:
        """(fill, text) for the node's current state."""
        if self.drag_state == "eligible":
            fill = eligible_fill(pal, self.drag_hover)
            return fill, node_text(fill, pal)
        if self.not_possible or self.drag_state == "ineligible":
            fill = blocked_fill(pal)
            return fill, node_text(fill, pal, muted=True)
        fill = hue_fill(self.look.hue(self.node.kind), pal)
        return fill, node_text(fill, pal)

    def border(self, pal: QPalette, fill: QColor, text: QColor) -> QPen:
        """The node's frame: thick for what the character has (held with its next step
        blocked too), dashed for what is not possible now, the plan's, a drop's or the
        selection's colour over those."""
        border = QPen(structure_colour(pal), 1.0)
        if self.node.held or self.held_blocked:
            border = QPen(node_text(fill, pal) if not self.faded else text, 2.0)
        if self.plan_badge:
            border = QPen(mark("plan", pal), 3.0)
        if self.drag_state == "eligible":
            border = QPen(mark("ok", pal), 3.5 if self.drag_hover else 2.5)
        if self.isSelected():
            border = QPen(mark("focus", pal), 3.0)
        if self.not_possible and not self.plan_badge and self.drag_state != "eligible":
            border.setStyle(Qt.PenStyle.DashLine)
        return border

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem | None,
              widget: QWidget | None = None) -> None:
        pal = theme.palette()
        rect = QRectF(0, 0, self.width, self.height())
        fill, text = self.colours(pal)
        if self.faded:
            # what the selection does not concern steps back: its fill and frame fade
            # into the page, its text stays readable (4.5:1) on the faded fill
            fill = _mix(fill, pal.color(QPalette.ColorRole.Base), 0.6)
            text = theme.readable(_mix(text, fill, 0.35), fill, theme.TEXT_CONTRAST)
        border = self.border(pal, fill, text)
        painter.setPen(border)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(rect, 7, 7)

        # Level of detail: the on-screen size of the text at this zoom.
        lod = option.levelOfDetailFromTransform(painter.worldTransform()) if option else 1.0
        base = self.chain_scene.base_font
        base_pt = base.pointSizeF() if base.pointSizeF() > 0 else 9.0
        strong, plain = self.fonts()
        name, nxt, value = self.shown_texts()
        line = QRectF(PAD, 0, self.width - 2 * PAD, NODE_H)
        painter.setPen(text)
        painter.setFont(strong)
        painter.drawText(line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        painter.drawText(line, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, value)
        if nxt and base_pt * lod >= MIN_TEXT_PT - 0.05:
            # the next step stands right, before the value (only where it reads)
            value_w = QFontMetricsF(strong).horizontalAdvance(value)
            painter.setFont(plain)
            painter.drawText(line.adjusted(0, 0, -value_w - GAP, 0),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, nxt)
        if self.plan_badge:
            # a planned node's steps in words, on a line of their own inside the node
            # (never covered by a neighbour)
            badge_fill, badge_text = badge_colours(pal)
            badge = QRectF(5, NODE_H - 2, self.width - 10, self.height() - NODE_H - 1)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(badge_fill)
            painter.drawRoundedRect(badge, 8, 8)
            painter.setPen(badge_text)
            words = self.badge_font()
            painter.setFont(words)
            fm = QFontMetricsF(words)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, "\n".join(
                fm.elidedText(line, Qt.TextElideMode.ElideRight, badge.width() - 8)
                for line in self.badge_lines()))

    def badge_font(self) -> QFont:
        """Bold where the badge's words fit in bold, else the regular weight."""
        strong = bold_font(self.chain_scene.base_font)
        if self.plan_badge and QFontMetricsF(strong).horizontalAdvance(self.plan_badge) \
                > self.width - 18:
            return QFont(self.chain_scene.base_font)
        return strong

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.chain_scene.set_hover_node(self.node.id)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self.chain_scene.hover_id == self.node.id:
            self.chain_scene.set_hover_node(None)
        super().hoverLeaveEvent(event)

    # -- interaction ------------------------------------------------------------------------
    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.chain_scene.nodeActivated.emit(self.node.id)
        event.accept()

    def dragEnterEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        token = self.look.parse_drop(event.mimeData())
        if token is None:
            event.ignore()
            return
        self.drag_hover = True
        self.update()
        event.setAccepted(self.drag_state == "eligible")
        reasons = self.chain_scene.drag_reasons.get(self.node.id, [])
        self.chain_scene.dragHint.emit(
            self.look.drop_hint(self.node) if self.drag_state == "eligible"
            else "; ".join(reasons) or self.look.drop_refused(self.node))

    def dragLeaveEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        self.drag_hover = False
        self.update()

    def dropEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        self.drag_hover = False
        token = self.look.parse_drop(event.mimeData())
        if token is not None:
            self.chain_scene.tokenDropped.emit(token, self.node.id)
            event.acceptProposedAction()
        self.update()
