"""A chain page's plan: a target node, the planner's path to it, the affordable steps
and taking them (one undo step).  What a target and a step are called, and the words
that take a step, are the page's look's (:mod:`builder.ui.chain.look`).

A mixin of :class:`builder.ui.chain.page.ChainPage`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import (QAbstractTextDocumentLayout, QFont, QFontMetricsF, QPainter, QPalette,
                           QTextBlockFormat, QTextCursor, QTextDocument)
from PySide6.QtWidgets import (QAbstractItemView, QLabel, QListView, QListWidget,
                               QListWidgetItem, QStyle, QStyledItemDelegate,
                               QStyleOptionViewItem)

from builder.app import queries
from builder.app.types import Plan, PlanStep, Refusal, RulesError
from builder.ui.chain.node import NodeItem
from builder.ui.wording import count

if TYPE_CHECKING:  # the chain tab, as its plan part sees it
    from PySide6.QtWidgets import QPushButton, QSpinBox, QWidget

    from builder.rules.chain import Chain, Node
    from builder.ui.chain.look import ChainLook
    from builder.ui.chain.scene import ChainScene
    from builder.ui.chain.view import ChainView
    from builder.ui.document import CharacterDocument
    _Widget = QWidget
else:
    _Widget = object


class PlanPanel(Protocol):
    """What a chain page with a planner has (the Story Point chain tab and the chain
    page of a rule system written as data)."""

    doc: CharacterDocument
    scene: ChainScene
    view: ChainView
    plan_total: QLabel
    apply_button: QPushButton


class PlanStepDelegate(QStyledItemDelegate):
    """Draws a plan step wrapped to the list's width with a hanging indent: the lines of
    a long step (and its "rank to ..., spell ..." detail line) start under the step's
    name, not under its number, and nothing runs past the right edge."""

    MARGIN = 3

    def document(self, text: str, font: QFont, width: float) -> QTextDocument:
        """The step laid out ``width`` pixels wide (its first line is "n. ...", any
        further line a detail of the step)."""
        doc = QTextDocument()
        doc.setDocumentMargin(self.MARGIN)
        doc.setDefaultFont(font)
        lines = text.split("\n")
        indent = self.indent(text, font) - self.MARGIN
        cursor = QTextCursor(doc)
        for i, line in enumerate(lines):
            block = QTextBlockFormat()
            block.setLeftMargin(indent)
            block.setTextIndent(-indent if i == 0 else 0.0)
            if i == 0:
                cursor.setBlockFormat(block)
            else:
                cursor.insertBlock(block)
            cursor.insertText(line.strip() if i else line)
        doc.setTextWidth(max(40.0, width))
        return doc

    def indent(self, text: str, font: QFont) -> float:
        """Where the lines of a step after its first one start (beside its number)."""
        first = text.split("\n", 1)[0]
        number = first.split(" ", 1)[0] + " " if " " in first else ""
        return self.MARGIN + QFontMetricsF(font).horizontalAdvance(number)

    @staticmethod
    def _width(option: QStyleOptionViewItem) -> float:
        view = option.widget
        if isinstance(view, QAbstractItemView):
            return float(view.viewport().width() - 2 * getattr(view, "spacing", lambda: 0)())
        return float(option.rect.width())

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt API
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        width = self._width(option)
        doc = self.document(text, option.font, width)
        return QSize(int(width), int(doc.size().height() + 0.999))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        view = opt.widget
        style = view.style() if view is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, view)
        rect = opt.rect
        doc = self.document(text, opt.font, rect.width())
        context = QAbstractTextDocumentLayout.PaintContext()
        group = QPalette.ColorGroup.Normal if opt.state & QStyle.StateFlag.State_Enabled \
            else QPalette.ColorGroup.Disabled
        context.palette.setColor(QPalette.ColorRole.Text,
                                 opt.palette.color(group, QPalette.ColorRole.Text))
        painter.save()
        painter.translate(rect.topLeft())
        painter.setClipRect(0, 0, rect.width(), rect.height())
        doc.documentLayout().draw(painter, context)
        painter.restore()


def plan_steps_list(parent: QWidget) -> QListWidget:
    """The plan's list of steps: each wrapped to the pane's width (never scrolled
    sideways), one item a step."""
    steps = QListWidget(parent)
    steps.setAccessibleName("Plan steps")
    steps.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    steps.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    steps.setResizeMode(QListView.ResizeMode.Adjust)
    steps.setWordWrap(True)
    steps.setItemDelegate(PlanStepDelegate(steps))
    return steps


def select_chain_node(page: PlanPanel, node_id: str) -> None:
    """Select one node of the page's chain and scroll it into view."""
    page.scene.clearSelection()
    item = page.scene.nodes[node_id]
    item.setSelected(True)
    page.view.ensureVisible(item)


def ask_plan(page: PlanPanel, target: str) -> Plan | None:
    """The rules' plan to ``target``, its steps drawn on the scene; or None, with why
    there is none in the total line and nothing drawn or to apply."""
    try:
        result = queries.plan(page.doc.cf, target)
    except Refusal as refusal:
        why = "Not reachable: " + "; ".join(refusal.reasons)
    except RulesError as problem:
        why = str(problem)
    else:
        page.scene.show_plan(result.steps)
        # the target's step badge stands beside it: scroll (as little as needed) so a
        # node picked near the view's edge does not have its badge cut off there
        target_items = [i for i in page.scene.selectedItems()
                        if isinstance(i, NodeItem) and i.plan_badge]
        if target_items:
            page.view.ensureVisible(target_items[0], 8, 8)
        return result
    page.scene.show_plan([])
    page.plan_total.setText(why)
    apply_state(page, why)
    return None


#: What the Apply button does (its tooltip while it can).
APPLY_TIP = "Take the plan's steps in order while the points last (one undo step for the whole plan)"


def apply_state(page: PlanPanel, why: str | None) -> None:
    """Apply enabled (``why`` None) or disabled with the reason in words, on the button's
    tooltip and for a screen reader: a greyed button never leaves the player guessing.
    Greyed while it holds the window's focus (the plan just applied), it hands the focus
    to the chain, not to whatever field comes next."""
    button = page.apply_button
    if why is not None and button.window().focusWidget() is button:
        page.view.setFocus()
    button.setEnabled(why is None)
    text = APPLY_TIP if why is None else f"Not possible now: {why}"
    page.apply_button.setToolTip(text)
    page.apply_button.setAccessibleDescription(text)


def apply_why(page: PlanPanel, result: Plan | None) -> str | None:
    """Why Apply cannot take a step of ``result`` now (None: it can)."""
    if page.doc.read_only:
        return "the character is read-only"
    if result is None:
        return "select a node and a target level; the plan is drawn on the chain"
    if not result.steps:
        return "the target is reached already"
    if not queries.affordable_steps(result):
        unit = page.scene.unit()
        return (f"the first step costs {result.steps[0].cost} {unit} and {result.unspent} "
                f"{unit} are unspent")
    return None


def show_plan_total(page: PlanPanel, result: Plan, unit: str) -> None:
    """The plan's total line and whether Apply can take a step now."""
    if not result.steps:
        page.plan_total.setText("Already there.")
    else:
        missing = "" if result.affordable else "<br>" + "<br>".join(result.missing)
        page.plan_total.setText(f"<b>Total {result.total_cost} {unit}</b>, "
                                f"{result.unspent} unspent{missing}")
    apply_state(page, apply_why(page, result))


class PlanPart(_Widget):
    """Choose a target, see the path, apply the affordable steps (the target, the
    steps' words and the levels offered are the page's look's)."""

    # built by the chain page
    status: ClassVar[Signal]
    doc: CharacterDocument
    look: ChainLook
    scene: ChainScene
    view: ChainView
    chain: Chain | None
    plan_title: QLabel
    target_spin: QSpinBox
    steps_list: QListWidget
    plan_total: QLabel
    apply_button: QPushButton
    # the plan
    plan_node: Node | None
    plan_result: Plan | None

    # -- plan ------------------------------------------------------------------------------
    def _selection_changed(self) -> None:
        selected = [i for i in self.scene.selectedItems() if isinstance(i, NodeItem)]
        node = selected[0].node if selected else None
        self.scene.set_focus_node(node.id if node else None)
        plans = node is not None and self.look.plans(node)
        levels = self.look.plan_range(node) if node is not None and plans else None
        self.target_spin.setEnabled(levels is not None)
        if node is not None and plans:
            self.plan_node = node
            if levels is not None:
                with _blocked(self.target_spin):
                    self.target_spin.setRange(levels[0], levels[1])
                    self.target_spin.setValue(levels[2])
        elif node is None:
            self.plan_node = None
        self.update_plan()
        self.show_details(node.id if node else None)

    def show_details(self, node_id: str | None) -> None:
        """The page's details line says the node whole (the chain page has one)."""

    def select_node(self, node_id: str) -> None:
        select_chain_node(self, node_id)

    def plan_target(self) -> str | None:
        node = getattr(self, "plan_node", None)
        if node is None:
            return None
        if self.look.plan_range(node) is None:
            return self.look.plan_target(node, 0)
        return self.look.plan_target(node, self.target_spin.value())

    def update_plan(self) -> None:
        target = self.plan_target()
        self.steps_list.clear()
        self.plan_result = None
        if target is None or self.plan_node is None:
            self.scene.show_plan([])
            self.plan_total.setText("")
            apply_state(self, apply_why(self, None))
            return
        # the node as the character has it now (after a step was taken, an undo...)
        node = self.chain.nodes.get(self.plan_node.id, self.plan_node) if self.chain \
            else self.plan_node
        self.plan_node = node
        self.plan_title.setText(f"<b>{node.name}</b> ({self.look.now_text(node)})")
        result = ask_plan(self, target)
        if result is None:
            return
        self.plan_result = result
        unit = self.scene.unit()
        running = 0
        for i, step in enumerate(result.steps, 1):
            running += step.cost
            text = f"{i}. {self.look.step_head(step)}: {step.cost} {unit}  (Σ {running})"
            more = self.look.step_more(step)
            if more:
                text += "\n" + more
            QListWidgetItem(text, self.steps_list)
        show_plan_total(self, result, unit)

    def affordable_steps(self) -> list[PlanStep]:
        return queries.affordable_steps(self.plan_result)

    def apply_plan(self) -> int:
        """Take the affordable steps in order: one undo step ("Apply plan") for all."""
        steps = self.affordable_steps()
        if not steps:
            return 0
        return self._apply_steps(steps)

    def _apply_steps(self, steps: list[PlanStep], scene: str = "") -> int:
        """The steps through the application layer at once (:func:`builder.app.characters.
        apply_plan`: as far as the rules allow, one write), one undo step on the tab."""
        from builder.app import characters
        from builder.ui.undo import TakenEntries

        planned = len(self.plan_result.steps) if self.plan_result else len(steps)
        stack = self.doc.undo_stack
        node = self.plan_node
        title = "Apply the plan"
        if node is not None:
            title += f": {node.name}"
            if self.look.plan_range(node) is not None:
                title += f" to {self.target_spin.value()}"
        words = [self.look.step_words(step, str(step.extra.get("scene") or scene))
                 for step in steps]
        doc = self.doc
        before = len(doc.cf.ledger)
        outcome = doc.run_change(lambda: characters.apply_plan(doc.cf, words, rng=doc.rng,
                                                               guard=doc.own_guard))
        taken = doc.cf.ledger[before:]
        if taken:
            stack.push(TakenEntries(doc, taken, title))   # one undo step, one write each way
        if outcome is not None and outcome.refused:
            doc.refused.emit(list(outcome.refused))      # why the next step was not taken
        done = len(taken)
        self.status.emit(plan_taken(done, planned, refused=done < len(steps),
                                    unit=self.scene.unit()))
        return done


def plan_taken(done: int, planned: int, refused: bool = False, unit: str = "points") -> str:
    """What Apply did, in words: "Plan: its one step taken", "Plan: all 3 steps taken",
    "Plan: 2 of 5 steps taken; the other 3 when the SP are there" (``unit`` "SP")."""
    if done == planned:
        return "Plan: its one step taken" if done == 1 else f"Plan: all {done} steps taken"
    head = f"Plan: {done} of {count(planned, 'step')} taken"
    if refused:
        return f"{head}; the rules refused step {done + 1}"
    rest = planned - done
    return f"{head}; {'the other one' if rest == 1 else f'the other {rest}'} when the {unit} are there"


class _blocked:
    def __init__(self, widget: QObject) -> None:
        self.widget = widget

    def __enter__(self) -> None:
        self.old = self.widget.blockSignals(True)

    def __exit__(self, *exc: object) -> None:
        self.widget.blockSignals(self.old)
