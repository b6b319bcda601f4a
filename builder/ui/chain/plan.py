"""A chain page's plan: a target node, the planner's path to it, the affordable steps
and taking them (one undo step).  What a target and a step are called, and the words
that take a step, are the page's look's (:mod:`builder.ui.chain.look`).

:class:`ChainPlan` is a part of :class:`builder.ui.chain.page.ChainPage` (``page.plan``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import (QAbstractTextDocumentLayout, QFont, QFontMetricsF, QPainter, QPalette,
                           QResizeEvent, QTextBlockFormat, QTextCursor, QTextDocument)
from PySide6.QtWidgets import (QAbstractItemView, QLabel, QListView, QListWidget,
                               QListWidgetItem, QPushButton, QSpinBox, QStyle,
                               QStyledItemDelegate, QStyleOptionViewItem, QWidget)

from builder.app import queries
from builder.app.types import Plan, PlanStep, Refusal, RulesError
from builder.ui.chain.node import NodeItem
from builder.ui.wording import count

if TYPE_CHECKING:
    from builder.rules.chain import Node
    from builder.ui.chain.page import ChainPage


class WrappedLabel(QLabel):
    """A word-wrapped label that asks for the height its text needs at its width (in a
    splitter's pane it was squeezed and cut, the pane not asking for it)."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setWordWrap(True)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        if not self.text():
            return hint
        return QSize(hint.width(), max(hint.height(), self.heightForWidth(max(self.width(), 60))))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.updateGeometry()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        super().setText(text)
        self.updateGeometry()


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


#: What the Apply button does (its tooltip while it can).
APPLY_TIP = "Take the plan's steps in order while the points last (one undo step for the whole plan)"


class ChainPlan:
    """Choose a target, see the path, apply the affordable steps (the target, the
    steps' words and the levels offered are the page's look's): the chain page's plan
    (:attr:`builder.ui.chain.page.ChainPage.plan`), a part holding its page.  Its
    widgets are the page's children; the page lays them out in its plan pane, under the
    details line, and Apply calls the page's
    :meth:`~builder.ui.chain.page.ChainPage.apply_plan`, which takes the steps here."""

    def __init__(self, page: ChainPage) -> None:
        self.page = page
        #: The node the plan leads to (as the character has it now) and the planner's
        #: plan to its target; None while no node that plans is selected.
        self.node: Node | None = None
        self.result: Plan | None = None
        self.title = WrappedLabel("Select a node, choose a target, and the cheapest "
                                  "path is drawn on the graph; hover over a node to "
                                  "read it in full here.", page)
        self.target_spin = QSpinBox(page)
        self.target_spin.setRange(1, 10)
        self.target_spin.setPrefix("to ")
        self.target_spin.setAccessibleName("Plan target level")
        self.target_spin.valueChanged.connect(lambda _v: self.update())
        self.target_spin.setEnabled(False)
        self.steps_list = plan_steps_list(page)
        self.total = WrappedLabel("", page)
        self.apply_button = QPushButton("Apply affordable steps", page)
        self.apply_button.setToolTip(APPLY_TIP)
        self.apply_button.clicked.connect(page.apply_plan)
        self.apply_button.setEnabled(False)

    def tab_stops(self) -> list[QWidget]:
        """The plan's widgets in the order Tab visits them."""
        return [self.target_spin, self.steps_list, self.apply_button]

    # -- the target ------------------------------------------------------------------------
    def selection_changed(self) -> None:
        """A node selected on the chain (or none): it is the plan's target when it plans,
        its levels offered; the chain's focus and the page's details line follow it."""
        page = self.page
        selected = [i for i in page.scene.selectedItems() if isinstance(i, NodeItem)]
        node = selected[0].node if selected else None
        page.scene.set_focus_node(node.id if node else None)
        plans = node is not None and page.look.plans(node)
        levels = page.look.plan_range(node) if node is not None and plans else None
        self.target_spin.setEnabled(levels is not None)
        if node is not None and plans:
            self.node = node
            if levels is not None:
                with _blocked(self.target_spin):
                    self.target_spin.setRange(levels[0], levels[1])
                    self.target_spin.setValue(levels[2])
        elif node is None:
            self.node = None
        self.update()
        page.show_details(node.id if node else None)

    def target(self) -> str | None:
        """The planner's target: the plan's node at the chosen level (in the look's words)."""
        node = self.node
        if node is None:
            return None
        if self.page.look.plan_range(node) is None:
            return self.page.look.plan_target(node, 0)
        return self.page.look.plan_target(node, self.target_spin.value())

    # -- the plan --------------------------------------------------------------------------
    def update(self) -> None:
        """The plan to the target asked for again and shown (after a new target, a
        change to the character); the page's details line, which says a node's part
        in the plan, is said again."""
        self._show()
        self.page.show_details(self.page.described())

    def _show(self) -> None:
        target = self.target()
        self.steps_list.clear()
        self.result = None
        if target is None or self.node is None:
            self.page.scene.show_plan([])
            self.total.setText("")
            self._apply_state(self._apply_why(None))
            return
        # the node as the character has it now (after a step was taken, an undo...)
        page = self.page
        node = page.chain.nodes.get(self.node.id, self.node) if page.chain else self.node
        self.node = node
        self.title.setText(f"<b>{node.name}</b> ({page.look.now_text(node)})")
        result = self._ask(target)
        if result is None:
            return
        self.result = result
        unit = page.scene.unit()
        running = 0
        for i, step in enumerate(result.steps, 1):
            running += step.cost
            text = f"{i}. {page.look.step_head(step)}: {step.cost} {unit}  (Σ {running})"
            more = page.look.step_more(step)
            if more:
                text += "\n" + more
            QListWidgetItem(text, self.steps_list)
        self._show_total(result, unit)

    def _ask(self, target: str) -> Plan | None:
        """The rules' plan to ``target``, its steps drawn on the scene; or None, with why
        there is none in the total line and nothing drawn or to apply."""
        page = self.page
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
        self.total.setText(why)
        self._apply_state(why)
        return None

    def _show_total(self, result: Plan, unit: str) -> None:
        """The plan's total line and whether Apply can take a step now."""
        if not result.steps:
            self.total.setText("Already there.")
        else:
            missing = "" if result.affordable else "<br>" + "<br>".join(result.missing)
            self.total.setText(f"<b>Total {result.total_cost} {unit}</b>, "
                               f"{result.unspent} unspent{missing}")
        self._apply_state(self._apply_why(result))

    # -- Apply -----------------------------------------------------------------------------
    def _apply_state(self, why: str | None) -> None:
        """Apply enabled (``why`` None) or disabled with the reason in words, on the
        button's tooltip and for a screen reader: a greyed button never leaves the player
        guessing.  Greyed while it holds the window's focus (the plan just applied), it
        hands the focus to the chain, not to whatever field comes next."""
        button = self.apply_button
        if why is not None and button.window().focusWidget() is button:
            self.page.view.setFocus()
        button.setEnabled(why is None)
        text = APPLY_TIP if why is None else f"Not possible now: {why}"
        button.setToolTip(text)
        button.setAccessibleDescription(text)

    def _apply_why(self, result: Plan | None) -> str | None:
        """Why Apply cannot take a step of ``result`` now (None: it can)."""
        if self.page.doc.read_only:
            return "the character is read-only"
        if result is None:
            return "select a node and a target level; the plan is drawn on the chain"
        if not result.steps:
            return "the target is reached already"
        if not queries.affordable_steps(result):
            unit = self.page.scene.unit()
            return (f"the first step costs {result.steps[0].cost} {unit} and {result.unspent} "
                    f"{unit} are unspent")
        return None

    def affordable_steps(self) -> list[PlanStep]:
        """The plan's steps the unspent points pay for, in order."""
        return queries.affordable_steps(self.result)

    def apply(self) -> int:
        """Take the affordable steps in order: one undo step ("Apply plan") for all."""
        steps = self.affordable_steps()
        if not steps:
            return 0
        return self.apply_steps(steps)

    def apply_steps(self, steps: list[PlanStep]) -> int:
        """The steps through the application layer at once (:func:`builder.app.characters.
        apply_plan`: as far as the rules allow, one write), one undo step on the tab."""
        from builder.app import characters
        from builder.ui.undo import TakenEntries

        page = self.page
        planned = len(self.result.steps) if self.result else len(steps)
        node = self.node
        title = "Apply the plan"
        if node is not None:
            title += f": {node.name}"
            if page.look.plan_range(node) is not None:
                title += f" to {self.target_spin.value()}"
        words = [page.look.step_words(step) for step in steps]
        doc = page.doc
        stack = doc.undo_stack
        before = len(doc.cf.ledger)
        outcome = doc.run_change(lambda: characters.apply_plan(doc.cf, words, rng=doc.rng,
                                                               guard=doc.own_guard))
        taken = doc.cf.ledger[before:]
        if taken:
            stack.push(TakenEntries(doc, taken, title))   # one undo step, one write each way
        if outcome is not None and outcome.refused:
            doc.refused.emit(list(outcome.refused))      # why the next step was not taken
        done = len(taken)
        page.status.emit(plan_taken(done, planned, refused=done < len(steps),
                                    unit=page.scene.unit()))
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
