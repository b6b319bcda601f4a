"""A chain page: the drawn chain of any rule system, its legend, a details line and the
planner (its part :class:`builder.ui.chain.plan.ChainPlan`, ``page.plan``), following
one CharacterDocument live.

Generic: what the nodes say and the words of the plan come from the page's look
(:class:`builder.ui.chain.look.ChainLook`).  The Story Point page adds its rank
tokens (:mod:`builder.rulesets.story_points.ui.chain_page`); a rule system written
as data uses it as it is (:mod:`builder.ui.chain.data_view`).  Every change it makes
goes through the document (the rules core and the undo stack).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QScrollArea, QSplitter, QToolButton,
                               QVBoxLayout, QWidget)

from builder.ui.chain.look import ChainLook
from builder.ui.chain.plan import ChainPlan, WrappedLabel
from builder.ui.chain.scene import ChainScene
from builder.ui.chain.view import ChainLegend, ChainView, zoom_buttons
from builder.ui.focus import tab_chain

if TYPE_CHECKING:
    from builder.rules.chain import Chain
    from builder.ui.document import CharacterDocument


class ChainRules(Protocol):
    """A rule system that draws its advancement chain (a chain page is opened for one)."""

    def chain_graph(self, state: Any) -> Chain: ...


class _FillingPage(QWidget):
    """The chain page inside its scroll area: exactly the area's size while that is at
    least the page's least size (its wrapping legend would otherwise ask the area for
    its preferred height, and the Apply button went below the fold)."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return False

    def heightForWidth(self, _width: int) -> int:  # noqa: N802 - Qt API
        return -1      # no preferred height: the area's own (at least the least size)


class ChainPage(QWidget):
    """The chain, its toolbar (zoom, legend), the plan pane with the details line (the
    plan is a part the page holds: :attr:`plan`)."""

    status = Signal(str)

    def __init__(self, doc: CharacterDocument, look: ChainLook,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.look = look
        self.scene = ChainScene(look, self)
        self.view = ChainView(self.scene, self)
        self.chain: Chain | None = None
        self.options: dict[tuple[str, str], Any] = {}
        self._fitted = False
        self._stale = False

        # toolbar: a page's own choices first, then zoom and the legend
        self.legend = ChainLegend(look, self)
        self.legend.hide()
        self.legend_button = QToolButton(self)
        self.legend_button.setText("Legend")
        self.legend_button.setCheckable(True)
        self.legend_button.setAccessibleName("Show the legend of the chain")
        self.legend_button.setToolTip(self.legend.words)
        self.legend_button.toggled.connect(self.legend.setVisible)
        self.bar = QHBoxLayout()
        for button in zoom_buttons(self.view, self):
            self.bar.addWidget(button)
        self.bar.addWidget(self.legend_button)
        self.bar.addStretch(1)

        # plan pane, with the details line on top
        self.details = WrappedLabel("", self)
        self.details.setObjectName("chainDetails")
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setAccessibleName("Node details")
        self.details.hide()                 # shown while a node is hovered or selected
        #: The plan: its target, the planner's path and Apply (its widgets are the page's).
        self.plan = ChainPlan(self)
        side = QWidget(self)
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(4, 0, 0, 0)
        side_lay.addWidget(self.details)
        side_lay.addWidget(QLabel("<b>Plan</b>", self))
        side_lay.addWidget(self.plan.title)
        side_lay.addWidget(self.plan.target_spin)
        side_lay.addWidget(self.plan.steps_list, 1)
        side_lay.addWidget(self.plan.total)
        side_lay.addWidget(self.plan.apply_button)
        side.setMinimumWidth(230)
        self.plan_pane = side

        self.splitter = QSplitter(self)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([1000, 230])

        # The page scrolls as a whole when the window is smaller than its least size
        # (a small screen, a large scale): opening it never makes the window wider or
        # taller than the other pages hold it.
        inner = _FillingPage(self)
        self.page_layout = QVBoxLayout(inner)
        self.page_layout.setContentsMargins(4, 4, 4, 4)
        self.page_layout.addLayout(self.bar)
        self.page_layout.addWidget(self.legend)
        self.page_layout.addWidget(self.splitter, 1)
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
        self.scene.hoverChanged.connect(self._hovered)
        self.view.activated.connect(self.activate)

    def start(self) -> None:
        """Follow the document (called once the page's own parts are built).  A page in
        a tab is drawn when it is first shown, and again at each change while it is on
        show; a change while it is hidden waits until it is shown (a character opens on
        its sheet: drawing the chain was about half of opening it).  A page that is a
        window of its own is drawn at once and at every change."""
        self._stale = True
        self.doc.changed.connect(self._changed)
        if self.isWindow():
            self.refresh()

    def _changed(self) -> None:
        self._stale = True
        if self.isWindow() or self.isVisibleTo(self.window()):
            self.refresh()

    def catch_up(self) -> None:
        """Draw the chain now if a change came while the page was hidden."""
        if self._stale:
            self.refresh()

    def select_node(self, node_id: str) -> None:
        """Select one node of the chain (drawn now if it was waiting) and scroll it into
        view."""
        self.catch_up()
        self.scene.clearSelection()
        item = self.scene.nodes[node_id]
        item.setSelected(True)
        self.view.ensureVisible(item)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShowToParent:   # its tab chosen, the window shown or not
            self.catch_up()
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.scene.restyle_all()
            self.legend.update()

    def showEvent(self, event: QShowEvent) -> None:
        self.catch_up()
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self.view.fit(readable=True)

    # -- following the character -----------------------------------------------------------
    def refresh(self) -> None:
        self._stale = False
        cf = self.doc.cf
        self.options = {(o.kind, o.name): o for o in cf.options()}
        self.chain = cast(ChainRules, cf.ruleset).chain_graph(cf.state)  # the system's own
        self.scene.set_chain(self.chain)
        self.refreshed()
        self.plan.update()
        self.order_tabs()                     # a page's own parts may be made anew

    def order_tabs(self) -> None:
        tab_chain(self.tab_stops())

    def tab_stops(self) -> list[QWidget]:
        """The page's widgets in the order Tab visits them, as they are seen: the
        toolbar left to right, the chain, then the plan."""
        items = (self.bar.itemAt(i) for i in range(self.bar.count()))
        bar = [item.widget() for item in items if item is not None]
        return [*(w for w in bar if w is not None
                  and w.focusPolicy() & Qt.FocusPolicy.TabFocus),
                self.view, *self.plan.tab_stops()]

    def refreshed(self) -> None:
        """The chain was drawn anew (a page's own parts follow here)."""

    # -- the details line ------------------------------------------------------------------
    def described(self) -> str | None:
        """The node the details line says: the hovered one, else the selected one."""
        if self.scene.hover_id in self.scene.nodes:
            return self.scene.hover_id
        selected = [nid for nid, item in self.scene.nodes.items() if item.isSelected()]
        return selected[0] if selected else None

    def _selection_changed(self) -> None:
        # The page's own slot, so the connection ends with the page: its scene, deleted
        # with it, clears its selection then, and the plan must not answer.
        self.plan.selection_changed()

    def _hovered(self, _node_id: str | None) -> None:
        self.show_details(self.described())

    def show_details(self, node_id: str | None) -> None:
        """The hovered, else the selected node in full: its whole name (a node too
        narrow for it elides it), its value, next step and what blocks it."""
        item = self.scene.nodes.get(node_id) if node_id else None
        self.details.setText(item.details() if item is not None else "")
        self.details.setVisible(item is not None)

    # -- activation (double-click / Enter) -------------------------------------------------
    def _done(self) -> None:
        """Say what the last ledger entry did, in the ruleset's own words."""
        self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))

    def activate(self, node_id: str) -> None:
        """Double-click or Enter: take the node's next step with the rule system's own
        words for it (its option's)."""
        item = self.scene.nodes.get(node_id)
        if item is None:
            return
        node = item.node
        if not node.allowed:
            why = "; ".join(node.reasons) or f"{node.name} is already held"
            self.status.emit(f"Not possible: {why}")
            return
        option = self.options.get((node.kind, node.name))
        if option is None or option.words is None:
            self.status.emit(f"Not possible: {node.name} has no next step to take here")
            return
        if self.doc.apply_words(list(option.words_with())):
            self._done()

    # -- the plan's Apply ------------------------------------------------------------------
    def apply_plan(self) -> int:
        """Apply affordable steps: the plan's steps the points pay for, taken at once
        (one undo step); a page whose steps need the player's choices first asks for
        them here.  How many steps were taken."""
        return self.plan.apply()
