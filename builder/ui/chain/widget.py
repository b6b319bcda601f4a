"""The advancement-chain tab: the drawn chain, rank tokens to drag, and the planner's path.

Follows one CharacterDocument live (its ``changed`` signal); every change it
makes goes through the document (the rules core and the undo stack).  The
plan is :mod:`builder.ui.chain.plan`; the graphics view and legend are
:mod:`builder.ui.chain.view`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QKeySequence, QMouseEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (QComboBox, QFrame, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QScrollArea, QSizePolicy, QSpinBox, QSplitter,
                               QVBoxLayout, QWidget)

from builder.ui.chain.scene import HELD, ChainScene
from builder.ui.chain.tokens import RankToken, drop_rank, token_mime
from builder.ui.chain.plan import PlanPart, plan_steps_list
from builder.ui.chain.view import ChainLegend, ChainView, zoom_buttons

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from builder.rules.base import Option
    from builder.rules.chain import Chain


class ChainRules(Protocol):
    """A rule system that draws its advancement chain (the tab is opened for one)."""

    def chain_graph(self, state: Any) -> Chain: ...


class TokenChip(QPushButton):
    """A rank granted by a Class advance, ready to drag onto a trait."""

    def __init__(self, option: Option, widget: "ChainWidget",
                 parent: QWidget | None = None):
        kind = "enter" if option.kind == "new-class" else "raise"
        text = (f"{option.name} {option.target} rank  ·  {option.cost} SP"
                if kind == "raise" else f"Enter {option.name}  ·  {option.cost} SP")
        super().__init__(text, parent or widget)
        self.option = option
        self.chain_widget = widget
        self.setCheckable(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip("Drag onto a lit trait to take this Class advance and put its rank "
                        "there; or select it, then select a trait and press Enter.")
        self.setAccessibleName(f"Rank token: {text}")
        self._press: QPoint | None = None

    def token(self) -> RankToken:
        return self.chain_widget.token_for(self.option)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and (event.position().toPoint() - self._press).manhattanLength() > 6:
            self._press = None
            self.setDown(False)
            self.chain_widget.start_drag(self)
            return
        super().mouseMoveEvent(event)


class _FillingPage(QWidget):
    """The chain page inside its scroll area: exactly the area's size while that is at
    least the page's least size (its wrapping legend would otherwise ask the area for
    its preferred height, and the Apply button went below the fold)."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return False

    def heightForWidth(self, _width: int) -> int:  # noqa: N802 - Qt API
        return -1      # no preferred height: the area's own (at least the least size)


class ChainWidget(PlanPart, QWidget):
    """The whole advancement-chain tab for one story-points character."""

    status = Signal(str)
    #: A rank token is being dragged (its Class advance: the core's Option) / the drag ended.
    tokenDragStarted = Signal(object)
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
        #: A rank token is being dragged: the chips stay (the drag's source is one of
        #: them, and deleting it under the drag's own event loop crashed the program);
        #: they are rebuilt when the drag ends.
        self.dragging = False
        self._refill = False

        # toolbar
        self.filter_combo = QComboBox(self)
        self.filter_combo.setAccessibleName("Show Class")
        self.filter_combo.setToolTip("Show one Class and what it hangs from")
        self.filter_combo.addItem("My Classes", HELD)
        self.filter_combo.addItem("All Classes", None)
        for cname in doc.ruleset.d.classes:
            self.filter_combo.addItem(cname, cname)
        self.filter_combo.currentIndexChanged.connect(self._filter_chosen)
        legend = ChainLegend(self)
        self.legend = legend
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Show:", self))
        bar.addWidget(self.filter_combo)
        for button in zoom_buttons(self.view, self):
            bar.addWidget(button)
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
        self.steps_list = plan_steps_list(self)
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
        probe = QPushButton("Cleric 4 rank")      # never shown (it stood top-left until deleted)
        height = max(probe.sizeHint().height(), self.spell_combo.sizeHint().height(),
                     self.scene_edit.sizeHint().height())
        probe.deleteLater()
        margins = self.tokens_layout.contentsMargins()
        frame = self.tokens_box.frameWidth() * 2
        self.tokens_box.setFixedHeight(height + margins.top() + margins.bottom() + frame)
        # The spell combo's width must not follow its items: it is refilled as the tokens
        # change (e.g. after "Apply affordable steps"), and a combo sized to its contents
        # made the whole token row shift sideways.  Size it once to the longest spell the
        # rule system knows, whatever it holds now.
        spell_names = [spell for info in getattr(doc.ruleset.d, "classes", {}).values()
                       for spell in getattr(info, "spells", ())]
        self.spell_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.spell_combo.setMinimumContentsLength(
            max((len(name) for name in spell_names), default=16))
        self.spell_combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.scene_edit.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        # what the combo is: the spell the next token will learn (it stood there unnamed)
        self.spell_label = QLabel("Spell:", self)
        self.spell_label.setBuddy(self.spell_combo)
        for widget in (self.spell_label, self.spell_combo, self.scene_edit):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        tokens_row = QHBoxLayout()
        tokens_row.addWidget(QLabel("Rank tokens:", self))
        tokens_row.addWidget(self.tokens_box, 1)
        tokens_row.addWidget(self.spell_label)
        tokens_row.addWidget(self.spell_combo)
        tokens_row.addWidget(self.scene_edit)

        # The page scrolls as a whole when the window is smaller than its least size
        # (a small screen, a large scale): opening it never makes the window wider or
        # taller than the other pages hold it.
        inner = _FillingPage(self)
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(legend)
        layout.addLayout(tokens_row)
        layout.addWidget(split, 1)
        self.page_area = QScrollArea(self)
        self.page_area.setObjectName("chainPageArea")
        self.page_area.setWidgetResizable(True)
        self.page_area.setFrameShape(QFrame.Shape.NoFrame)
        self.page_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.page_area.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.page_area)

        self.scene.selectionChanged.connect(self._selection_changed)
        self.scene.nodeActivated.connect(self.activate)
        self.view.activated.connect(self.activate)
        self.scene.rankDropped.connect(self.drop)
        self.scene.dragHint.connect(self.status.emit)
        QShortcut(QKeySequence("Escape"), self).activated.connect(self.disarm)
        doc.changed.connect(self.refresh)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.scene.restyle_all()
            self.legend.update()

    def _filter_chosen(self, _index: int) -> None:
        self.scene.set_filter(self.filter_combo.currentData())
        self.view.fit(readable=True)

    # -- following the character -----------------------------------------------------------
    def refresh(self) -> None:
        cf = self.doc.cf
        self.options = {(o.kind, o.name): o for o in cf.options()}
        self.chain = cast(ChainRules, cf.ruleset).chain_graph(cf.state)  # the system's own
        if self.scene.chain is None:
            self.scene.filter_class = self.filter_combo.currentData()
        self.scene.set_chain(self.chain)
        self._fill_tokens()
        self.update_plan()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self.view.fit(readable=True)

    def _fill_tokens(self) -> None:
        if self.dragging:
            self._refill = True
            return
        armed_name = self.armed.option.name if self.armed else None
        while self.tokens_layout.count():        # chips, the hint and the stretch
            item = self.tokens_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.chips = []
        self.armed = None
        for (kind, name), option in self.options.items():
            if kind in ("class", "new-class") and option.allowed:
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
            # plain text, not a disabled label (its grey read at about 2:1)
            self.tokens_layout.addWidget(hint)
            self.chips_hint: QLabel | None = hint
        else:
            self.chips_hint = None
        self.tokens_layout.addStretch(0)
        self._fill_spells()

    def _fill_spells(self) -> None:
        option = self.armed.option if self.armed else next(
            (c.option for c in self.chips if c.option.extra.get("casts_spells")), None)
        spells = option.extra.get("choices", {}).get("spells", []) \
            if option and option.extra.get("casts_spells") else []
        current = self.spell_combo.currentText()
        self.spell_combo.clear()
        self.spell_combo.addItems(spells)
        if current in spells:
            self.spell_combo.setCurrentText(current)
        self.spell_combo.setVisible(bool(spells))
        self.spell_label.setVisible(bool(spells))
        self.scene_edit.setVisible(any(c.option.kind == "new-class" for c in self.chips))

    def choose_spell(self, spell: str) -> None:
        """The player picked the spell the next caster's rank brings."""
        self.chosen_spell = spell or None
        if spell and self.spell_combo.currentText() != spell:
            self.spell_combo.setCurrentText(spell)

    def token_for(self, option: Option) -> RankToken:
        """The payload of a rank token.  A caster's token carries a spell only when the
        player chose one; otherwise the drop asks for it (never a silent default)."""
        token: RankToken = {"class": option.name, "kind": option.kind}
        if option.extra.get("casts_spells"):
            spells = option.extra.get("choices", {}).get("spells", [])
            if self.chosen_spell is not None and self.chosen_spell in spells:
                token["spell"] = self.chosen_spell
        if option.kind == "new-class":
            token["scene"] = self.scene_edit.text().strip()
        return token

    # -- tokens: drag, arm, drop -----------------------------------------------------------
    def light_for(self, option: Option) -> None:
        """Light the traits a rank of ``option`` (a Class advance) may go to."""
        choices = option.extra.get("choices", {})
        self.scene.begin_drag({"class": option.name}, choices.get("traits", []),
                              choices.get("blocked_traits", {}))
        self.show_lit()

    def show_lit(self) -> None:
        """Scroll the lit traits into view (as far as they fit): at the opening zoom the
        traits column is often beyond the view's right edge, and a rank dragged from
        the token bar had nowhere visible to go."""
        lit = [item.sceneBoundingRect() for item in self.scene.nodes.values()
               if item.drag_state == "eligible" and item.isVisible()]
        if not lit:
            return
        area = lit[0]
        for rect in lit[1:]:
            area = area.united(rect)
        self.view.ensureVisible(area, 16, 16)

    def start_drag(self, chip: TokenChip) -> None:
        token = chip.token()
        drag = QDrag(chip)
        drag.setMimeData(token_mime(token["class"], token["kind"], token.get("spell"),
                                    token.get("scene")))
        drag.setPixmap(chip.grab())
        self.light_for(chip.option)
        self.tokenDragStarted.emit(chip.option)
        self.status.emit("Drop the rank on a lit trait (grey ones say why not)")
        self.dragging = True
        try:
            drag.exec(Qt.DropAction.CopyAction)
        finally:
            self.dragging = False
            if self._refill:
                self._refill = False
                self._fill_tokens()
            self.scene.end_drag()
            self.tokenDragFinished.emit()
            if self.armed:
                self.light_for(self.armed.option)

    def arm(self, chip: TokenChip | None) -> None:
        for other in self.chips:
            if other is not chip and other.isChecked():
                other.setChecked(False)
        self.armed = chip
        self.scene.end_drag()
        if chip is not None:
            self.light_for(chip.option)
            self.status.emit(f"{chip.option.name} rank armed: select a lit trait and press "
                             "Enter (Esc cancels)")
        self._fill_spells()

    def disarm(self) -> None:
        if self.armed is not None:
            self.armed.setChecked(False)
            self.arm(None)

    def _done(self) -> None:
        """Say what the last ledger entry did, in the ruleset's own words."""
        self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))

    def drop(self, token: RankToken, trait_class: str, trait: str) -> bool:
        option = self.options.get(("class", trait_class)) or \
            self.options.get(("new-class", trait_class))
        if option is not None and option.extra.get("casts_spells") and not token.get("spell") \
                and token.get("class") == trait_class:
            self.ask_spell(option, trait, token)
            return False
        done, reasons = drop_rank(self.doc, token, trait_class, trait)
        if done:
            self._done()
        else:
            self.status.emit("Not done: " + "; ".join(reasons))
        return done

    def ask_spell(self, option: Option, trait: str,
                  token: RankToken | None = None) -> QDialog:
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
        self.status.emit(f"Choose the new {option.name} spell for the rank in {trait}")
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
                if not option.allowed:
                    self.status.emit("Not possible: " + "; ".join(option.reasons))
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
                self.status.emit("Not possible: " + "; ".join(option.reasons if option
                                                              else ()))
                return
            chip.setChecked(True)
            self.arm(chip)
            return
        if not node.allowed:
            self.status.emit("Not possible: " + "; ".join(node.reasons))
            return
        # the rule system's own option for the node, taken with its own words (the
        # chain knows no rule system's verbs)
        option = self.options.get((node.kind, node.name))
        if option is None or option.words is None:
            self.status.emit(f"Not possible: {node.name} has no next step to take here")
            return
        if self.doc.apply_words(list(option.words_with())):
            self._done()
