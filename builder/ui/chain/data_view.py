"""The chain page of a rule system written as data (the generic editor's "Advancement
chain" tab): the same scene and view as the Story Point chain, built from the
system's own records (:mod:`builder.rules.data_system.chain`), with the planner.

Follows one CharacterDocument live (its ``changed`` signal); every change it makes
goes through the document (the rules core and the undo stack).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidgetItem, QPushButton, QSpinBox,
                               QSplitter, QVBoxLayout, QWidget)

from builder.ui.chain.plan import (apply_state, apply_why, ask_plan, plan_steps_list, plan_taken,
                                   select_chain_node, show_plan_total)
from builder.ui.chain.scene import ChainScene, NodeItem
from builder.ui.chain.view import ChainView, zoom_buttons


def has_chain(ruleset) -> bool:
    """Whether the ruleset draws a chain this page shows (``chain_graph``)."""
    return callable(getattr(ruleset, "chain_graph", None))


class DataChainWidget(QWidget):
    """Values and paths as a graph: greyed with the rules' reasons, an edge for each
    prerequisite (dashed while it blocks), double-click to take a step, select a node
    to see the cheapest path to it drawn on the graph."""

    status = Signal(str)

    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("dataChainWidget")
        self.scene = ChainScene(self)
        self.view = ChainView(self.scene, self)
        self.chain = None
        self.plan_node = None
        self.plan_result: dict | None = None
        self._fitted = False

        bar = QHBoxLayout()
        bar.addWidget(QLabel("Greyed: not possible now (hover for why); dashed: the "
                             "prerequisite that holds it back.", self), 1)
        for button in zoom_buttons(self.view, self):
            bar.addWidget(button)

        self.plan_title = QLabel("Select a value or a path: the cheapest way there is drawn "
                                 "on the graph.", self)
        self.plan_title.setWordWrap(True)
        self.reasons_label = QLabel(self)
        self.reasons_label.setWordWrap(True)
        self.target_spin = QSpinBox(self)
        self.target_spin.setPrefix("to ")
        self.target_spin.setRange(1, 1)
        self.target_spin.setAccessibleName("Plan target level")
        self.target_spin.setEnabled(False)
        self.target_spin.valueChanged.connect(lambda _v: self.update_plan())
        self.steps_list = plan_steps_list(self)
        self.plan_total = QLabel(self)
        self.plan_total.setWordWrap(True)
        self.apply_button = QPushButton("Apply affordable steps", self)
        self.apply_button.setToolTip("Take the plan's steps in order while the points last "
                                     "(one undo step for the whole plan)")
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply_plan)
        side = QWidget(self)
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(4, 0, 0, 0)
        side_lay.addWidget(QLabel("<b>Plan</b>", self))
        side_lay.addWidget(self.plan_title)
        side_lay.addWidget(self.reasons_label)
        side_lay.addWidget(self.target_spin)
        side_lay.addWidget(self.steps_list, 1)
        side_lay.addWidget(self.plan_total)
        side_lay.addWidget(self.apply_button)
        side.setMinimumWidth(230)

        self.splitter = QSplitter(self)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)

        self.scene.selectionChanged.connect(self._selection_changed)
        self.scene.nodeActivated.connect(self.activate)
        self.view.activated.connect(self.activate)
        doc.changed.connect(self.refresh)
        self.refresh()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.scene.restyle_all()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self.view.fit(readable=True)

    # -- following the character -----------------------------------------------------------
    def refresh(self) -> None:
        cf = self.doc.cf
        self.chain = cf.ruleset.chain_graph(cf.state)
        self.scene.set_chain(self.chain)
        self.update_plan()

    def activate(self, node_id: str) -> None:
        """Double-click or Enter: take the step (raise the value, take the path)."""
        item = self.scene.nodes.get(node_id)
        if item is None:
            return
        node = item.node
        if not node.allowed:
            why = "; ".join(node.reasons) or f"{node.name} is already held"
            self.status.emit(f"Not possible: {why}")
            return
        if self.doc.apply_words(["raise" if node.kind == "value" else "take", node.name]):
            self.status.emit(f"{node.name}: taken")

    # -- plan ------------------------------------------------------------------------------
    def _selection_changed(self) -> None:
        selected = [i for i in self.scene.selectedItems() if isinstance(i, NodeItem)]
        node = selected[0].node if selected else None
        self.scene.set_focus_node(node.id if node else None)
        self.plan_node = node
        is_value = node is not None and node.kind == "value"
        self.target_spin.setEnabled(is_value)
        if node is not None and is_value:
            limit = self.doc.ruleset.values[node.name]["limit"]
            self.target_spin.blockSignals(True)
            self.target_spin.setRange(1, max(1, limit))
            self.target_spin.setValue(min(limit, node.value + 1))
            self.target_spin.blockSignals(False)
        self.update_plan()

    def select_node(self, node_id: str) -> None:
        select_chain_node(self, node_id)

    def plan_target(self) -> str | None:
        node = self.plan_node
        if node is None:
            return None
        if node.kind == "value":
            return f"{node.name}={self.target_spin.value()}"
        return node.name

    def update_plan(self) -> None:
        self.steps_list.clear()
        self.plan_result = None
        target = self.plan_target()
        if target is None or self.chain is None or self.plan_node is None:
            self.scene.show_plan([])
            self.reasons_label.setText("")
            self.plan_total.setText("")
            apply_state(self, apply_why(self, None))
            return
        node = self.chain.nodes.get(self.plan_node.id, self.plan_node)
        self.plan_node = node
        now = ("held" if node.held else "not held") if node.kind == "path" else f"now {node.value}"
        self.plan_title.setText(f"<b>{node.name}</b> ({now})")
        self.reasons_label.setText("<br>".join(f"✕ {r}" for r in node.reasons))
        result = ask_plan(self, target)
        if result is None:
            return
        self.plan_result = result
        unit = self.chain.unit
        running = 0
        for i, step in enumerate(result["steps"], 1):
            running += step["cost"]
            what = "take" if step["kind"] == "path" else f"→ {step['target']}"
            QListWidgetItem(f"{i}. {step['name']} {what}: {step['cost']} {unit}  "
                            f"(Σ {running})", self.steps_list)
        show_plan_total(self, result, unit)

    def affordable_steps(self) -> list[dict]:
        from builder.rules.chain import affordable_steps

        return affordable_steps(self.plan_result)

    def apply_plan(self) -> int:
        """Take the affordable steps in order: one undo step ("Apply plan") for all."""
        steps = self.affordable_steps()
        if not steps:
            return 0
        stack = self.doc.undo_stack
        node = self.plan_node
        stack.beginMacro(f"Apply the plan: {node.name}"
                         + (f" to {self.target_spin.value()}" if node.kind == "value" else "")
                         if node is not None else "Apply the plan")
        done = 0
        try:
            for step in steps:
                if not self.doc.apply_words([str(w) for w in step["action"]]):
                    break
                done += 1
        finally:
            stack.endMacro()
        planned = len(self.plan_result["steps"]) if self.plan_result else len(steps)
        self.status.emit(plan_taken(done, planned, refused=done < len(steps)))
        return done
