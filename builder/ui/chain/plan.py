"""The chain tab's plan: a target node, the planner's path to it, the affordable
steps, and the trait rank and spell of each Class step (:class:`PlanChoicesDialog`)
before anything is paid.

A mixin of :class:`builder.ui.chain.widget.ChainWidget`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import (QAbstractTextDocumentLayout, QFont, QFontMetricsF, QPainter, QPalette,
                           QTextBlockFormat, QTextCursor, QTextDocument)
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListView,
                               QListWidget, QListWidgetItem, QStyle, QStyledItemDelegate,
                               QStyleOptionViewItem, QVBoxLayout)

from builder.rules.base import Refusal, RulesError
from builder.ui.chain.scene import NodeItem
from builder.ui.wording import count

if TYPE_CHECKING:  # the chain tab, as its plan part sees it
    from PySide6.QtWidgets import QPushButton, QSpinBox, QWidget

    from builder.rules.chain import Chain, Node
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


def ask_plan(page: PlanPanel, target: str) -> dict[str, Any] | None:
    """The rules' plan to ``target``, its steps drawn on the scene; or None, with why
    there is none in the total line and nothing drawn or to apply."""
    cf = page.doc.cf
    try:
        result: dict[str, Any] = cf.ruleset.plan(cf.state, target)
    except Refusal as refusal:
        why = "Not reachable: " + "; ".join(refusal.reasons)
    except RulesError as problem:
        why = str(problem)
    else:
        page.scene.show_plan(result["steps"])
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
    tooltip and for a screen reader: a greyed button never leaves the player guessing."""
    page.apply_button.setEnabled(why is None)
    text = APPLY_TIP if why is None else f"Not possible now: {why}"
    page.apply_button.setToolTip(text)
    page.apply_button.setAccessibleDescription(text)


def apply_why(page: PlanPanel, result: dict[str, Any] | None) -> str | None:
    """Why Apply cannot take a step of ``result`` now (None: it can)."""
    from builder.rules.chain import affordable_steps

    if page.doc.read_only:
        return "the character is read-only"
    if result is None:
        return "select a node and a target level; the plan is drawn on the chain"
    if not result["steps"]:
        return "the target is reached already"
    if not affordable_steps(result):
        unit = str(getattr(page.doc.ruleset, "balance_label", "") or "points")
        first = result["steps"][0]
        return (f"the first step costs {first['cost']} {unit} and {result['unspent']} "
                f"{unit} are unspent")
    return None


def show_plan_total(page: PlanPanel, result: dict[str, Any], unit: str) -> None:
    """The plan's total line and whether Apply can take a step now."""
    if not result["steps"]:
        page.plan_total.setText("Already there.")
    else:
        missing = "" if result["affordable"] else "<br>" + "<br>".join(result["missing"])
        page.plan_total.setText(f"<b>Total {result['total_cost']} {unit}</b>, "
                                f"{result['unspent']} unspent{missing}")
    apply_state(page, apply_why(page, result))


class PlanPart(_Widget):
    """Choose a target, see the path, apply the affordable steps."""

    # built by ChainWidget
    status: ClassVar[Signal]
    doc: CharacterDocument
    scene: ChainScene
    view: ChainView
    chain: Chain | None
    scene_edit: QLineEdit
    plan_title: QLabel
    target_spin: QSpinBox
    steps_list: QListWidget
    plan_total: QLabel
    apply_button: QPushButton
    # the plan
    plan_node: Node | None
    plan_result: dict[str, Any] | None

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
        select_chain_node(self, node_id)

    def plan_target(self) -> str | None:
        node = getattr(self, "plan_node", None)
        if node is None:
            return None
        return f"{node.kind}:{node.name}={self.target_spin.value()}"

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
        self.plan_title.setText(f"<b>{node.name}</b> (now {node.value})")
        result = ask_plan(self, target)
        if result is None:
            return
        self.plan_result = result
        running = 0
        for i, step in enumerate(result["steps"], 1):
            running += step["cost"]
            what = "enter" if step["kind"] == "new-class" else "→"
            text = f"{i}. {step['name']} {what} {step['target']}: {step['cost']} SP  (Σ {running})"
            if step.get("trait"):
                text += f"\nrank to {step['trait']}" + \
                    (f", spell {step['spell']}" if step.get("spell") else "")
            QListWidgetItem(text, self.steps_list)
        show_plan_total(self, result, "SP")

    def affordable_steps(self) -> list[dict]:
        from builder.rules.chain import affordable_steps

        return affordable_steps(self.plan_result)

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
        node = self.plan_node
        stack.beginMacro(f"Apply the plan: {node.name} to {self.target_spin.value()}"
                         if target and node is not None else "Apply the plan")
        done = 0
        try:
            for step in steps:
                words = _step_words(step, step.get("scene") or self.scene_edit.text().strip())
                if not self.doc.apply_words(words):
                    break
                done += 1
        finally:
            stack.endMacro()
        self.status.emit(plan_taken(done, planned, refused=done < len(steps)))
        return done


def plan_taken(done: int, planned: int, refused: bool = False) -> str:
    """What Apply did, in words: "Plan: its one step taken", "Plan: all 3 steps taken",
    "Plan: 2 of 5 steps taken; the other 3 when the SP are there"."""
    if done == planned:
        return "Plan: its one step taken" if done == 1 else f"Plan: all {done} steps taken"
    head = f"Plan: {done} of {count(planned, 'step')} taken"
    if refused:
        return f"{head}; the rules refused step {done + 1}"
    rest = planned - done
    return f"{head}; {'the other one' if rest == 1 else f'the other {rest}'} when the SP are there"


class PlanChoicesDialog(QDialog):
    """The trait rank and spell of each Class step of a plan, before anything is paid.

    The planner's suggestions are preselected; every pick is one the core listed
    as legal at that step, and the whole set is checked through the core again.
    """

    chosen = Signal(object)  # the steps (a list), with the chosen trait and spell

    def __init__(self, doc: CharacterDocument, steps: list[dict],
                 parent: QWidget | None = None):
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
        head = QLabel(f"<b>{count(len(self.steps), 'step')}, {total} SP.</b> Each Class step grants one "
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
