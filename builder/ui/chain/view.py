"""The chain's graphics view (zoom, keyboard moves between nodes, token drops)
and its legend; :mod:`builder.ui.chain.page` puts them in a chain page.
"""
from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import (QColor, QDragEnterEvent, QDragMoveEvent, QFontMetrics, QKeyEvent,
                           QKeySequence, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent,
                           QWheelEvent)
from PySide6.QtWidgets import (QGestureEvent, QGraphicsView, QPinchGesture, QToolButton,
                               QWidget)

from builder.ui.chain.look import ChainLook
from builder.ui.chain import colours
from builder.ui.chain.node import MIN_TEXT_PT, NodeItem
from builder.ui.chain.scene import ChainScene


def zoom_buttons(view: "ChainView", parent: QWidget) -> list[QToolButton]:
    """Fit, zoom in and zoom out for a chain view (every chain page has the three)."""
    fit = QToolButton(parent)
    fit.setText("Fit")
    fit.setToolTip(f"Fit the chain in view as far as its text stays readable "
                   f"({MIN_TEXT_PT:g} pt); scroll for the rest")
    fit.setAccessibleName("Fit the chain in view")

    def fit_clicked() -> None:
        # when the chain is too big to fit readable, Fit seemed to do nothing: say why
        if not view.fit():
            status = getattr(parent, "status", None)
            if status is not None:
                status.emit(f"The chain is larger than the view at a readable size "
                            f"({MIN_TEXT_PT:g} pt): scroll to see the rest, or zoom out "
                            "with −")

    fit.clicked.connect(fit_clicked)
    zoom_in = QToolButton(parent)
    zoom_in.setText("+")
    zoom_in.setAccessibleName("Zoom in")
    zoom_in.clicked.connect(lambda: view.zoom_by(1.2))
    zoom_out = QToolButton(parent)
    zoom_out.setText("−")
    zoom_out.setAccessibleName("Zoom out")
    zoom_out.clicked.connect(lambda: view.zoom_by(1 / 1.2))
    return [fit, zoom_in, zoom_out]


class ChainView(QGraphicsView):
    """Antialiased, zoom with the wheel or a pinch, pan by dragging the background."""

    activated = Signal(str)

    def __init__(self, scene: ChainScene, parent: QWidget | None = None):
        super().__init__(scene, parent)
        #: The view's scene (``scene()`` with its type: the view never changes it).
        self.chain_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing |
                            QPainter.RenderHint.TextAntialiasing |
                            QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Advancement chain graph")
        # A chain smaller than the view reads from the top left, as a page does.
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._zoom = 1.0
        #: Fitted (Fit, or the page's first showing): the chain is fitted again as the
        #: view's size changes, until the player zooms by hand.
        self.fitting = False
        self._fit_readable = True

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.fitting and self.chain_scene.chain is not None:
            self.fit(self._fit_readable)

    def zoom_by(self, factor: float) -> None:
        self.fitting = False
        new = max(0.15, min(4.0, self._zoom * factor))
        factor = new / self._zoom
        self._zoom = new
        self.scale(factor, factor)

    def fit(self, readable: bool = True) -> bool:
        """Fit what is shown in view, but never below the zoom where the nodes' text is
        ``MIN_TEXT_PT`` (scrolling beats unreadable text): a chain too big for the view
        at that zoom opens at its top left, or on the selected node.  ``readable=False``
        fits it all whatever the text size (zooming out by hand goes there too, and the
        nodes then leave out their second line).  True when all of it is in view."""
        self.fitting, self._fit_readable = True, readable
        rect = self.chain_scene.visible_rect().adjusted(-12, -12, 12, 12)
        self.resetTransform()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        scale = self.transform().m11()
        legible = self.legible_scale()
        if readable and scale < legible:
            self.resetTransform()
            self.scale(legible, legible)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
            selected = [i for i in self.chain_scene.selectedItems() if isinstance(i, NodeItem)]
            if selected:
                self.ensureVisible(selected[0])
        elif scale > 1.6:
            self.resetTransform()
            self.scale(1.6, 1.6)
            self.centerOn(rect.center())
        self._zoom = self.transform().m11()
        return self.mapToScene(self.viewport().rect()).boundingRect().contains(
            self.chain_scene.visible_rect())

    def legible_scale(self) -> float:
        """The zoom at which every text of a node is at least ``MIN_TEXT_PT`` on screen."""
        point = self.chain_scene.base_font.pointSizeF()
        return MIN_TEXT_PT / point if point > 0 else 1.0

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            super().wheelEvent(event)
            return
        delta = event.angleDelta().y()
        if delta:
            self.zoom_by(1.15 if delta > 0 else 1 / 1.15)
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Gesture and isinstance(event, QGestureEvent):
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if pinch is not None:
                self.zoom_by(cast(QPinchGesture, pinch).scaleFactor())
                event.accept()
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        selected = [i for i in self.chain_scene.selectedItems() if isinstance(i, NodeItem)]
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and selected:
            self.activated.emit(selected[0].node.id)
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right):
            self._move_selection(event.key(), selected[0] if selected else None)
            event.accept()
            return
        if event.matches(QKeySequence.StandardKey.ZoomIn):
            self.zoom_by(1.2)
        elif event.matches(QKeySequence.StandardKey.ZoomOut):
            self.zoom_by(1 / 1.2)
        else:
            super().keyPressEvent(event)

    def _move_selection(self, key: int, current: NodeItem | None) -> None:
        """Arrow keys walk the graph: up/down in a column, left/right across columns."""
        scene = self.chain_scene
        items = [i for i in scene.nodes.values() if i.isVisible()]
        if not items:
            return
        if current is None:
            target = min(items, key=lambda i: (i.pos().x(), i.pos().y()))
        else:
            p = current.pos()
            if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                same = [i for i in items if i.pos().x() == p.x()]
                same.sort(key=lambda i: i.pos().y())
                idx = same.index(current) + (1 if key == Qt.Key.Key_Down else -1)
                target = same[max(0, min(len(same) - 1, idx))]
            else:
                xs = sorted({i.pos().x() for i in items})
                idx = xs.index(p.x()) + (1 if key == Qt.Key.Key_Right else -1)
                if not 0 <= idx < len(xs):
                    return
                column = [i for i in items if i.pos().x() == xs[idx]]
                target = min(column, key=lambda i: abs(i.pos().y() - p.y()))
        scene.clearSelection()
        target.setSelected(True)
        target.setFocus()
        self.ensureVisible(target)

    def _takes(self, event: QDragMoveEvent) -> bool:
        mime = self.chain_scene.look.drop_mime
        return mime is not None and event.mimeData().hasFormat(mime)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._takes(event):
            super().dragEnterEvent(event)
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        super().dragMoveEvent(event)
        if self._takes(event):
            event.accept()


#: A legend entry: "fill" (a swatch's fill and frame) or "line" (its pen), and its words.
LegendEntry = tuple[str, QColor | QPen, QPen | None, str]


class ChainLegend(QWidget):
    """What every colour, border and line style of the chain means, drawn with the
    same painting as the chain (so it matches on light and dark), each with words
    (so it reads in greyscale); the kinds and lines named by the page's look."""

    SWATCH = 30

    def __init__(self, look: ChainLook, parent: QWidget | None = None):
        super().__init__(parent)
        self.look = look
        self.setObjectName("chainLegend")
        self.setAccessibleName("Legend of the chain")
        lines = look.legend_words() + [
            "grey with a dashed border, a name not in bold and ✕: not possible now "
            "(hover for why)",
            "thick border: the character has it",
            "held with its next step blocked: its own colour, a thick solid border, "
            "\u201cblocked\u201d in its words",
            "orange border: selected"]
        if look.drop_mime:
            lines.append(f"green: {look.drop_words()}")
        lines += ["dashed line: the prerequisite blocking the next step (red and thick for "
                  "the selected or hovered node)",
                  "thick blue line and a \u201cstep n\u201d line: plan steps, cost and "
                  "running total"]
        #: The legend in words (its tooltip, and the toolbar button's that shows it).
        self.words = "\n".join(lines)
        self.setAccessibleDescription("; ".join(lines))
        self.setToolTip(self.words)

    def _entries(self) -> list[LegendEntry]:
        pal = self.palette()
        look = self.look
        entries: list[LegendEntry] = []
        for _kind, title, hue in look.kinds:
            entries.append(("fill", colours.hue_fill(hue, pal),
                            QPen(colours.structure_colour(pal), 1.0), title))
        first = look.kinds[0][2] if look.kinds else ""
        held = colours.hue_fill(first, pal)
        dashed = QPen(colours.structure_colour(pal), 1.0, Qt.PenStyle.DashLine)
        entries.append(("fill", colours.blocked_fill(pal), dashed, "not possible now ✕"))
        entries.append(("fill", held, QPen(colours.node_text(held, pal), 2.0), "held"))
        entries.append(("fill", held, QPen(colours.node_text(held, pal), 2.0),
                        "held, \u201c→ n blocked\u201d"))
        entries.append(("fill", held, QPen(colours.mark("focus", pal), 3.0), "selected"))
        if look.drop_mime:
            entries.append(("fill", colours.eligible_fill(pal), QPen(colours.mark("ok", pal), 2.5),
                            look.drop_words()))
        entries.append(("line", QPen(colours.structure_colour(pal), 1.2), None, look.solid_words))
        if look.dotted_words:
            entries.append(("line", QPen(colours.structure_colour(pal), 1.2, Qt.PenStyle.DotLine),
                            None, look.dotted_words))
        entries.append(("line", QPen(colours.mark("error", pal), 2.4, Qt.PenStyle.DashLine), None,
                        "blocks the next step"))
        entries.append(("line", QPen(colours.mark("plan", pal), 3.0), None, "plan step n"))
        return entries

    def _layout(self, width: int) -> tuple[list[tuple[int, int, LegendEntry]], int, int]:
        """Entries flowed into rows: [(x, y, entry)], total height."""
        fm = QFontMetrics(self.font())
        x, y, row_h = 0, 0, max(fm.height(), 16) + 6
        placed: list[tuple[int, int, LegendEntry]] = []
        for entry in self._entries():
            w = self.SWATCH + 6 + fm.horizontalAdvance(entry[3]) + 16
            if x and x + w > width:
                x, y = 0, y + row_h
            placed.append((x, y, entry))
            x += w
        return placed, y + row_h, row_h

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._layout(width)[1]

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(600, self.heightForWidth(max(600, self.width())))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, self.heightForWidth(max(200, self.width())))

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        placed, _height, row_h = self._layout(self.width())
        text = self.palette().color(QPalette.ColorRole.WindowText)
        for x, y, (kind, colour, pen, label) in placed:
            box = QRectF(x + 1, y + 3, self.SWATCH - 2, row_h - 8)
            if kind == "fill":
                painter.setPen(pen)
                painter.setBrush(colour)
                painter.drawRoundedRect(box, 4, 4)
            else:
                painter.setPen(colour)
                mid = box.center().y()
                painter.drawLine(QPointF(box.left(), mid), QPointF(box.right(), mid))
            painter.setPen(text)
            painter.drawText(QRectF(x + self.SWATCH + 6, y, 1000, row_h),
                             Qt.AlignmentFlag.AlignVCenter, label)
