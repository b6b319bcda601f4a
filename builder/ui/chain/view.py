"""The chain view: graph, rank tokens to drag, and the planner's path.

Follows one CharacterDocument live (its ``changed`` signal); every change it
makes goes through the document (the rules core and the undo stack).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QDrag, QFontMetrics, QKeySequence, QPainter, QPalette, QPen, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QFrame, QGestureEvent, QGraphicsView, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QSpinBox, QSplitter, QToolButton, QVBoxLayout, QWidget)

from builder.rules.base import Refusal, RulesError
from builder.ui.chain.scene import (HELD, KIND_TITLES, MIN_TEXT_PT, ChainScene,
                                    NodeItem)
from builder.ui.chain.tokens import RANK_TOKEN_MIME, drop_rank, token_mime


class ChainView(QGraphicsView):
    """Antialiased, zoom with the wheel or a pinch, pan by dragging the background."""

    activated = Signal(str)

    def __init__(self, scene: ChainScene, parent=None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing |
                            QPainter.RenderHint.TextAntialiasing |
                            QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Advancement chain graph")
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._zoom = 1.0

    def zoom_by(self, factor: float) -> None:
        new = max(0.15, min(4.0, self._zoom * factor))
        factor = new / self._zoom
        self._zoom = new
        self.scale(factor, factor)

    def fit(self, readable: bool = False) -> None:
        """Fit what is shown in view; ``readable`` never goes below a legible scale
        (the view on open: scrolling beats unreadable text)."""
        rect = self.scene().visible_rect().adjusted(-20, -50, 20, 20)
        self.resetTransform()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        scale = self.transform().m11()
        legible = self.legible_scale()
        if readable and scale < legible:
            self.resetTransform()
            self.scale(legible, legible)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        elif scale > 1.6:
            self.resetTransform()
            self.scale(1.6, 1.6)
            self.centerOn(rect.center())
        self._zoom = self.transform().m11()

    def legible_scale(self) -> float:
        """The zoom at which every text of a node is at least ``MIN_TEXT_PT`` on screen."""
        point = self.scene().base_font.pointSizeF()
        return MIN_TEXT_PT / point if point > 0 else 1.0

    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            super().wheelEvent(event)
            return
        delta = event.angleDelta().y()
        if delta:
            self.zoom_by(1.15 if delta > 0 else 1 / 1.15)
        event.accept()

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.Gesture and isinstance(event, QGestureEvent):
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if pinch is not None:
                self.zoom_by(pinch.scaleFactor())
                event.accept()
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event) -> None:
        selected = [i for i in self.scene().selectedItems() if isinstance(i, NodeItem)]
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

    def _move_selection(self, key, current: NodeItem | None) -> None:
        """Arrow keys walk the graph: up/down in a column, left/right across columns."""
        scene: ChainScene = self.scene()
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

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(RANK_TOKEN_MIME):
            super().dragEnterEvent(event)
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        super().dragMoveEvent(event)
        if event.mimeData().hasFormat(RANK_TOKEN_MIME):
            event.accept()


class ChainLegend(QWidget):
    """What every colour, border and line style of the chain means, drawn with the
    same painting as the chain (so it matches on light and dark), each with words
    (so it reads in greyscale)."""

    SWATCH = 30

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("chainLegend")
        self.setAccessibleName("Legend of the chain")
        lines = ["Node colours: " + ", ".join(KIND_TITLES.values()),
                 "grey with a dashed border: not possible now (hover for why)",
                 "thick border: the character has it", "orange border: selected",
                 "green: where a dragged rank can go",
                 "solid line: needs (Linked Vital, core Skill, the Class)",
                 "dotted line: the Path Skill of a trait or spell",
                 "dashed line: the prerequisite blocking the next step (red and thick for "
                 "the selected or hovered node)",
                 "thick blue line and #n badge: plan steps, cost and running total"]
        self.setAccessibleDescription("; ".join(lines))
        self.setToolTip("\n".join(lines))
        self.setSizePolicy(self.sizePolicy().horizontalPolicy(),
                           self.sizePolicy().verticalPolicy())

    def _entries(self):
        from builder.ui.chain import scene as s

        pal = self.palette()
        entries = []
        for kind, title in KIND_TITLES.items():
            entries.append(("fill", s.kind_fill(kind, pal), QPen(s.structure_colour(pal), 1.0),
                            title))
        dashed = QPen(s.structure_colour(pal), 1.0, Qt.PenStyle.DashLine)
        entries.append(("fill", s.blocked_fill(pal), dashed, "not possible now"))
        entries.append(("fill", s.kind_fill("class", pal),
                        QPen(s.node_text(s.kind_fill("class", pal), pal), 2.0), "held"))
        entries.append(("fill", s.kind_fill("skill", pal), QPen(s.mark("focus", pal), 3.0),
                        "selected"))
        entries.append(("fill", s.eligible_fill(pal), QPen(s.mark("ok", pal), 2.5),
                        "rank can go here"))
        entries.append(("line", QPen(s.structure_colour(pal), 1.2), None, "needs"))
        entries.append(("line", QPen(s.structure_colour(pal), 1.2, Qt.PenStyle.DotLine), None,
                        "Path Skill"))
        entries.append(("line", QPen(s.mark("error", pal), 2.4, Qt.PenStyle.DashLine), None,
                        "blocks the next step"))
        entries.append(("line", QPen(s.mark("plan", pal), 3.0), None, "plan step #n"))
        return entries

    def _layout(self, width: int):
        """Entries flowed into rows: [(x, y, entry)], total height."""
        fm = QFontMetrics(self.font())
        x, y, row_h = 0, 0, max(fm.height(), 16) + 6
        placed = []
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

    def paintEvent(self, _event) -> None:  # noqa: N802
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
                painter.drawLine(box.left(), mid, box.right(), mid)
            painter.setPen(text)
            painter.drawText(QRectF(x + self.SWATCH + 6, y, 1000, row_h),
                             Qt.AlignmentFlag.AlignVCenter, label)


class TokenChip(QPushButton):
    """A rank granted by a Class advance, ready to drag onto a trait."""

    def __init__(self, option: dict, widget: "ChainWidget", parent: QWidget | None = None):
        kind = "enter" if option["kind"] == "new-class" else "raise"
        text = (f"{option['name']} {option['target']} rank  ·  {option['cost']} SP"
                if kind == "raise" else f"Enter {option['name']}  ·  {option['cost']} SP")
        super().__init__(text, parent or widget)
        self.option = option
        self.chain_widget = widget
        self.setCheckable(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip("Drag onto a lit trait to take this Class advance and put its rank "
                        "there; or select it, then select a trait and press Enter.")
        self.setAccessibleName(f"Rank token: {text}")
        self._press: QPoint | None = None

    def token(self) -> dict:
        return self.chain_widget.token_for(self.option)

    def mousePressEvent(self, event) -> None:
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._press is not None and (event.position().toPoint() - self._press).manhattanLength() > 6:
            self._press = None
            self.setDown(False)
            self.chain_widget.start_drag(self)
            return
        super().mouseMoveEvent(event)


class ChainWidget(QWidget):
    """The whole advancement-chain tab for one story-points character."""

    status = Signal(str)
    #: A rank token is being dragged (its Class option) / the drag ended.
    tokenDragStarted = Signal(dict)
    tokenDragFinished = Signal()

    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("chainWidget")
        self.scene = ChainScene(self)
        self.view = ChainView(self.scene, self)
        self.chain = None
        self.plan_result: dict | None = None
        self.armed: TokenChip | None = None
        self._fitted = False

        # toolbar
        self.filter_combo = QComboBox(self)
        self.filter_combo.setAccessibleName("Show Class")
        self.filter_combo.setToolTip("Show one Class and what it hangs from")
        self.filter_combo.addItem("My Classes", HELD)
        self.filter_combo.addItem("All Classes", None)
        for cname in doc.ruleset.d.classes:
            self.filter_combo.addItem(cname, cname)
        self.filter_combo.currentIndexChanged.connect(
            lambda _i: (self.scene.set_filter(self.filter_combo.currentData()),
                        self.view.fit(readable=True)))
        fit = QToolButton(self)
        fit.setText("Fit")
        fit.setToolTip("Fit the whole chain in view")
        fit.clicked.connect(self.view.fit)
        zoom_in = QToolButton(self)
        zoom_in.setText("+")
        zoom_in.setAccessibleName("Zoom in")
        zoom_in.clicked.connect(lambda: self.view.zoom_by(1.2))
        zoom_out = QToolButton(self)
        zoom_out.setText("−")
        zoom_out.setAccessibleName("Zoom out")
        zoom_out.clicked.connect(lambda: self.view.zoom_by(1 / 1.2))
        legend = ChainLegend(self)
        self.legend = legend
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Show:", self))
        bar.addWidget(self.filter_combo)
        bar.addWidget(fit)
        bar.addWidget(zoom_in)
        bar.addWidget(zoom_out)
        bar.addStretch(1)

        # rank tokens
        self.tokens_box = QFrame(self)
        self.tokens_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.tokens_layout = QHBoxLayout(self.tokens_box)
        self.tokens_layout.setContentsMargins(6, 4, 6, 4)
        self.spell_combo = QComboBox(self)
        self.spell_combo.setAccessibleName("Spell for the Class advance")
        self.spell_combo.setToolTip("The new spell a Primant, Cleric or Mage advance grants; "
                                    "a rank dropped before one is chosen here asks for it")
        self.spell_combo.textActivated.connect(self.choose_spell)
        self.chosen_spell: str | None = None
        self.scene_edit = QLineEdit(self)
        self.scene_edit.setPlaceholderText("Achievement or training scene (for a new Class)")
        self.scene_edit.setAccessibleName("Scene for entering a new Class")
        self.chips: list[TokenChip] = []

        # plan panel
        self.plan_title = QLabel("Select a node, choose a target, and the cheapest path is "
                                 "drawn on the graph.", self)
        self.plan_title.setWordWrap(True)
        self.target_spin = QSpinBox(self)
        self.target_spin.setRange(1, 10)
        self.target_spin.setPrefix("to ")
        self.target_spin.setAccessibleName("Plan target level")
        self.target_spin.valueChanged.connect(lambda _v: self.update_plan())
        self.target_spin.setEnabled(False)
        self.steps_list = QListWidget(self)
        self.steps_list.setAccessibleName("Plan steps")
        self.steps_list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.steps_list.setWordWrap(True)
        self.plan_total = QLabel(self)
        self.plan_total.setWordWrap(True)
        self.apply_button = QPushButton("Apply affordable steps", self)
        self.apply_button.setToolTip("Take the plan's steps in order while the SP last "
                                     "(one undo step for the whole plan)")
        self.apply_button.clicked.connect(self.apply_plan)
        self.apply_button.setEnabled(False)
        plan_box = QWidget(self)
        plan_lay = QVBoxLayout(plan_box)
        plan_lay.setContentsMargins(4, 0, 0, 0)
        head = QLabel("<b>Plan</b>", self)
        plan_lay.addWidget(head)
        plan_lay.addWidget(self.plan_title)
        plan_lay.addWidget(self.target_spin)
        plan_lay.addWidget(self.steps_list, 1)
        plan_lay.addWidget(self.plan_total)
        plan_lay.addWidget(self.apply_button)
        plan_box.setMinimumWidth(230)

        split = QSplitter(self)
        split.addWidget(self.view)
        split.addWidget(plan_box)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.splitter = split

        # The row keeps its height whether it holds chips or the "none now" hint
        # (no jump of the graph when a token appears).
        probe = QPushButton("Cleric 4 rank", self)
        height = max(probe.sizeHint().height(), self.spell_combo.sizeHint().height(),
                     self.scene_edit.sizeHint().height())
        probe.deleteLater()
        margins = self.tokens_layout.contentsMargins()
        frame = self.tokens_box.frameWidth() * 2
        self.tokens_box.setFixedHeight(height + margins.top() + margins.bottom() + frame)
        for widget in (self.spell_combo, self.scene_edit):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        tokens_row = QHBoxLayout()
        tokens_row.addWidget(QLabel("Rank tokens:", self))
        tokens_row.addWidget(self.tokens_box, 1)
        tokens_row.addWidget(self.spell_combo)
        tokens_row.addWidget(self.scene_edit)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(legend)
        layout.addLayout(tokens_row)
        layout.addWidget(split, 1)

        self.scene.selectionChanged.connect(self._selection_changed)
        self.scene.nodeActivated.connect(self.activate)
        self.view.activated.connect(self.activate)
        self.scene.rankDropped.connect(self.drop)
        self.scene.dragHint.connect(self.status.emit)
        QShortcut(QKeySequence("Escape"), self, activated=self.disarm)
        doc.changed.connect(self.refresh)
        self.refresh()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.scene.restyle_all()
            self.legend.update()

    # -- following the character -----------------------------------------------------------
    def refresh(self) -> None:
        cf = self.doc.cf
        self.options = {(o["kind"], o["name"]): o for o in cf.options()}
        self.chain = cf.ruleset.chain_graph(cf.state)   # the rule system's own graph
        if self.scene.chain is None:
            self.scene.filter_class = self.filter_combo.currentData()
        self.scene.set_chain(self.chain)
        self._fill_tokens()
        self.update_plan()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self.view.fit(readable=True)

    def _fill_tokens(self) -> None:
        armed_name = self.armed.option["name"] if self.armed else None
        while self.tokens_layout.count():        # chips, the hint and the stretch
            item = self.tokens_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        self.chips = []
        self.armed = None
        for (kind, name), option in self.options.items():
            if kind in ("class", "new-class") and option["allowed"]:
                chip = TokenChip(option, self)
                chip.clicked.connect(lambda checked, c=chip: self.arm(c if checked else None))
                self.tokens_layout.addWidget(chip)
                self.chips.append(chip)
                if name == armed_name:
                    chip.setChecked(True)
                    self.armed = chip
        if not self.chips:
            hint = QLabel("none now: a Class advance you can afford, with its core Skill, "
                          "appears here", self.tokens_box)
            hint.setEnabled(False)
            self.tokens_layout.addWidget(hint)
            self.chips_hint = hint
        else:
            self.chips_hint = None
        self.tokens_layout.addStretch(0)
        self._fill_spells()

    def _fill_spells(self) -> None:
        option = self.armed.option if self.armed else next(
            (c.option for c in self.chips if c.option.get("casts_spells")), None)
        spells = (option or {}).get("choices", {}).get("spells", []) \
            if option and option.get("casts_spells") else []
        current = self.spell_combo.currentText()
        self.spell_combo.clear()
        self.spell_combo.addItems(spells)
        if current in spells:
            self.spell_combo.setCurrentText(current)
        self.spell_combo.setVisible(bool(spells))
        self.scene_edit.setVisible(any(c.option["kind"] == "new-class" for c in self.chips))

    def choose_spell(self, spell: str) -> None:
        """The player picked the spell the next caster's rank brings."""
        self.chosen_spell = spell or None
        if spell and self.spell_combo.currentText() != spell:
            self.spell_combo.setCurrentText(spell)

    def token_for(self, option: dict) -> dict:
        """The payload of a rank token.  A caster's token carries a spell only when the
        player chose one; otherwise the drop asks for it (never a silent default)."""
        token = {"class": option["name"], "kind": option["kind"]}
        if option.get("casts_spells"):
            spells = option.get("choices", {}).get("spells", [])
            if self.chosen_spell in spells:
                token["spell"] = self.chosen_spell
        if option["kind"] == "new-class":
            token["scene"] = self.scene_edit.text().strip()
        return token

    # -- tokens: drag, arm, drop -----------------------------------------------------------
    def _light_for(self, option: dict) -> None:
        choices = option.get("choices", {})
        self.scene.begin_drag({"class": option["name"]}, choices.get("traits", []),
                              choices.get("blocked_traits", {}))

    def start_drag(self, chip: TokenChip) -> None:
        token = chip.token()
        drag = QDrag(chip)
        drag.setMimeData(token_mime(token["class"], token["kind"], token.get("spell"),
                                    token.get("scene")))
        drag.setPixmap(chip.grab())
        self._light_for(chip.option)
        self.tokenDragStarted.emit(chip.option)
        self.status.emit("Drop the rank on a lit trait (grey ones say why not)")
        try:
            drag.exec(Qt.DropAction.CopyAction)
        finally:
            self.scene.end_drag()
            self.tokenDragFinished.emit()
            if self.armed:
                self._light_for(self.armed.option)

    def arm(self, chip: TokenChip | None) -> None:
        for other in self.chips:
            if other is not chip and other.isChecked():
                other.setChecked(False)
        self.armed = chip
        self.scene.end_drag()
        if chip is not None:
            self._light_for(chip.option)
            self.status.emit(f"{chip.option['name']} rank armed: select a lit trait and press "
                             "Enter (Esc cancels)")
        self._fill_spells()

    def disarm(self) -> None:
        if self.armed is not None:
            self.armed.setChecked(False)
            self.arm(None)

    def _done(self) -> None:
        """Say what the last ledger entry did, in the ruleset's own words."""
        self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))

    def drop(self, token: dict, trait_class: str, trait: str) -> bool:
        option = self.options.get(("class", trait_class)) or \
            self.options.get(("new-class", trait_class))
        if option is not None and option.get("casts_spells") and not token.get("spell") \
                and token.get("class") == trait_class:
            self.ask_spell(option, trait, token)
            return False
        done, reasons = drop_rank(self.doc, token, trait_class, trait)
        if done:
            self._done()
        else:
            self.status.emit("Not done: " + "; ".join(reasons))
        return done

    def ask_spell(self, option: dict, trait: str, token: dict | None = None):
        """A caster's rank dropped without a spell: ask for it (and nothing is paid
        until the player says which)."""
        from builder.rules.registry import load_part

        # the rule system's own dialog, declared on its class (no import of its folder)
        dialog = load_part(self.doc.ruleset.dialogs["class-advance"])(option, self)
        dialog.select_trait(trait)
        if token and token.get("scene") and dialog.scene is not None:
            dialog.scene.setText(token["scene"])
        elif dialog.scene is not None and self.scene_edit.text().strip():
            dialog.scene.setText(self.scene_edit.text().strip())

        def take(words):
            if self.doc.apply_words(words):
                self._done()

        dialog.chosen.connect(take)
        dialog.open()
        self.spell_dialog = dialog
        self.status.emit(f"Choose the new {option['name']} spell for the rank in {trait}")
        return dialog

    # -- activation (double-click / Enter) -------------------------------------------------
    def activate(self, node_id: str) -> None:
        item = self.scene.nodes.get(node_id)
        if item is None:
            return
        node = item.node
        if node.kind == "trait":
            option = self.options.get(("class", node.owner)) or \
                self.options.get(("new-class", node.owner))
            if self.armed is not None:
                self.drop(self.armed.token(), node.owner, node.name)
            elif option is not None:
                if not option["allowed"]:
                    self.status.emit("Not possible: " + "; ".join(option["reasons"]))
                    return
                self.drop(self.token_for(option), node.owner, node.name)
            return
        if node.kind == "spell":
            return
        if node.kind == "class":
            option = self.options.get(("class", node.name)) or \
                self.options.get(("new-class", node.name))
            chip = next((c for c in self.chips if c.option is option), None)
            if chip is None:
                self.status.emit("Not possible: " + "; ".join(option["reasons"] if option
                                                              else []))
                return
            chip.setChecked(True)
            self.arm(chip)
            return
        if not node.allowed:
            self.status.emit("Not possible: " + "; ".join(node.reasons))
            return
        verb = "raise-vital" if node.kind == "vital" else "raise-skill"
        if self.doc.apply_words([verb, node.name]):
            self._done()

    # -- plan ------------------------------------------------------------------------------
    def _selection_changed(self) -> None:
        selected = [i for i in self.scene.selectedItems() if isinstance(i, NodeItem)]
        node = selected[0].node if selected else None
        self.scene.set_focus_node(node.id if node else None)
        self.target_spin.setEnabled(node is not None and node.kind in ("vital", "skill",
                                                                        "class"))
        if node is not None and node.kind in ("vital", "skill", "class"):
            self.plan_node = node
            with _blocked(self.target_spin):
                self.target_spin.setValue(min(10, max(1, node.value + 1)))
        elif node is None:
            self.plan_node = None
        self.update_plan()

    def select_node(self, node_id: str) -> None:
        self.scene.clearSelection()
        item = self.scene.nodes[node_id]
        item.setSelected(True)
        self.view.ensureVisible(item)

    def plan_target(self) -> str | None:
        node = getattr(self, "plan_node", None)
        if node is None:
            return None
        return f"{node.kind}:{node.name}={self.target_spin.value()}"

    def update_plan(self) -> None:
        target = self.plan_target()
        self.steps_list.clear()
        self.plan_result = None
        if target is None:
            self.scene.show_plan([])
            self.plan_total.setText("")
            self.apply_button.setEnabled(False)
            return
        # the node as the character has it now (after a step was taken, an undo...)
        node = self.chain.nodes.get(self.plan_node.id, self.plan_node) if self.chain \
            else self.plan_node
        self.plan_node = node
        self.plan_title.setText(f"<b>{node.name}</b> (now {node.value})")
        cf = self.doc.cf
        try:
            result = cf.ruleset.plan(cf.state, target)
        except Refusal as refusal:
            self.scene.show_plan([])
            self.plan_total.setText("Not reachable: " + "; ".join(refusal.reasons))
            self.apply_button.setEnabled(False)
            return
        except RulesError as problem:
            self.plan_total.setText(str(problem))
            self.apply_button.setEnabled(False)
            return
        self.plan_result = result
        self.scene.show_plan(result["steps"])
        running = 0
        for i, step in enumerate(result["steps"], 1):
            running += step["cost"]
            what = "enter" if step["kind"] == "new-class" else "→"
            text = f"{i}. {step['name']} {what} {step['target']}: {step['cost']} SP  (Σ {running})"
            if step.get("trait"):
                text += f"\n    rank to {step['trait']}" + \
                    (f", spell {step['spell']}" if step.get("spell") else "")
            QListWidgetItem(text, self.steps_list)
        if not result["steps"]:
            self.plan_total.setText("Already there.")
        else:
            missing = "" if result["affordable"] else "<br>" + "<br>".join(result["missing"])
            self.plan_total.setText(f"<b>Total {result['total_cost']} SP</b>, "
                                    f"{result['unspent']} unspent{missing}")
        self.apply_button.setEnabled(bool(self.affordable_steps()) and not self.doc.read_only)

    def affordable_steps(self) -> list[dict]:
        if not self.plan_result:
            return []
        budget = self.plan_result["unspent"]
        steps = []
        for step in self.plan_result["steps"]:
            if step["cost"] > budget:
                break
            budget -= step["cost"]
            steps.append(step)
        return steps

    def apply_plan(self) -> int:
        """Take the affordable steps in order: one undo step ("Apply plan") for all.

        A plan with Class steps first asks for their trait ranks and spells
        (``plan_dialog``, non-blocking); the steps are taken when it is accepted.
        """
        steps = self.affordable_steps()
        if not steps:
            return 0
        if any(step["kind"] in ("class", "new-class") for step in steps):
            self.plan_dialog = PlanChoicesDialog(self.doc, steps, self)
            self.plan_dialog.chosen.connect(self._apply_steps)
            self.plan_dialog.open()
            return 0
        return self._apply_steps(steps)

    def _apply_steps(self, steps: list[dict]) -> int:
        target = self.plan_target()
        planned = len(self.plan_result["steps"]) if self.plan_result else len(steps)
        stack = self.doc.undo_stack
        stack.beginMacro(f"Apply plan: {target.split(':', 1)[1]}")
        done = 0
        try:
            for step in steps:
                words = _step_words(step, step.get("scene") or self.scene_edit.text().strip())
                if not self.doc.apply_words(words):
                    break
                done += 1
        finally:
            stack.endMacro()
        if done == planned:
            self.status.emit(f"Plan: all {done} step{'s' if done != 1 else ''} taken")
        elif done == len(steps):
            self.status.emit(f"Plan: {done} of {planned} steps taken; the other "
                             f"{planned - done} when the SP are there")
        else:
            self.status.emit(f"Plan: {done} of {planned} steps taken; the rules refused "
                             f"step {done + 1}")
        return done


class PlanChoicesDialog(QDialog):
    """The trait rank and spell of each Class step of a plan, before anything is paid.

    The planner's suggestions are preselected; every pick is one the core listed
    as legal at that step, and the whole set is checked through the core again.
    """

    chosen = Signal(list)    # the steps, with the chosen trait and spell

    def __init__(self, doc, steps: list[dict], parent=None):
        super().__init__(parent)
        self.doc = doc
        self.steps = [dict(step) for step in steps]
        self.setWindowTitle("Choose the plan's trait ranks and spells")
        self.setObjectName("planChoicesDialog")
        form = QFormLayout()
        self.pickers: list[tuple[int, QComboBox, QComboBox | None]] = []
        for index, step in enumerate(self.steps):
            if step["kind"] not in ("class", "new-class"):
                continue
            choices = step.get("choices", {})
            traits = QComboBox(self)
            traits.addItems(choices.get("traits", [step.get("trait", "")]))
            traits.setCurrentText(step.get("trait", ""))
            traits.setAccessibleName(f"{step['name']} {step['target']}: trait rank")
            spells = None
            row = QHBoxLayout()
            row.addWidget(QLabel("rank to", self))
            row.addWidget(traits, 1)
            if step.get("spell"):
                spells = QComboBox(self)
                spells.addItems(choices.get("spells", [step["spell"]]))
                spells.setCurrentText(step["spell"])
                spells.setAccessibleName(f"{step['name']} {step['target']}: new spell")
                row.addWidget(QLabel("spell", self))
                row.addWidget(spells, 1)
            form.addRow(f"{step['name']} {step['target']} ({step['cost']} SP):", row)
            self.pickers.append((index, traits, spells))
        self.scene_edit = None
        if any(step["kind"] == "new-class" for step in self.steps):
            self.scene_edit = QLineEdit(self)
            self.scene_edit.setPlaceholderText("the achievement or training scene")
            self.scene_edit.setAccessibleName("Scene for entering the new Class")
            form.addRow("Scene (new Class):", self.scene_edit)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setObjectName("planProblem")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = buttons.addButton("&Apply steps", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        total = sum(step["cost"] for step in self.steps)
        head = QLabel(f"<b>{len(self.steps)} steps, {total} SP.</b> Each Class step grants one "
                      "trait rank (and for casters one new spell): choose them now.", self)
        head.setWordWrap(True)
        layout.addWidget(head)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        for _i, traits, spells in self.pickers:
            traits.currentTextChanged.connect(self._validate)
            if spells is not None:
                spells.currentTextChanged.connect(self._validate)
        if self.scene_edit is not None:
            self.scene_edit.textChanged.connect(self._validate)
        self._validate()

    def chosen_steps(self) -> list[dict]:
        for index, traits, spells in self.pickers:
            self.steps[index]["trait"] = traits.currentText()
            if spells is not None:
                self.steps[index]["spell"] = spells.currentText()
        return self.steps

    def reasons(self) -> list[str]:
        """Walk the steps through the rules core (SP aside) and say what it refuses."""
        cf = self.doc.cf
        ruleset, state = cf.ruleset, cf.state
        scene = self.scene_edit.text().strip() if self.scene_edit is not None else ""
        for step in self.chosen_steps():
            try:
                action = ruleset.parse_action(_step_words(step, scene))
            except RulesError as problem:
                return [str(problem)]
            why = ruleset.check(state, action)
            if why:
                return [f"{step['name']} {step['target']}: {r}" for r in why]
            state = ruleset.apply(state, action)
        return []

    def _validate(self, *_):
        why = self.reasons()
        self.problem.setText("; ".join(why))
        self.ok.setEnabled(not why)

    def _accept(self):
        if not self.ok.isEnabled():
            return
        scene = self.scene_edit.text().strip() if self.scene_edit is not None else ""
        steps = self.chosen_steps()
        for step in steps:
            step["scene"] = scene
        self.chosen.emit(steps)
        self.accept()


def _step_words(step: dict, scene: str) -> list[str]:
    if step["kind"] == "vital":
        return ["raise-vital", step["name"]]
    if step["kind"] == "skill":
        return ["raise-skill", step["name"]]
    verb = "enter-class" if step["kind"] == "new-class" else "raise-class"
    words = [verb, step["name"], "--trait", step["trait"]]
    if step.get("spell"):
        words += ["--spell", step["spell"]]
    if verb == "enter-class":
        words += ["--scene", scene]
    return words


class _blocked:
    def __init__(self, widget):
        self.widget = widget

    def __enter__(self):
        self.old = self.widget.blockSignals(True)

    def __exit__(self, *exc):
        self.widget.blockSignals(self.old)
