"""File ▸ New Character: choose a ruleset, then fill in that ruleset's creation form.

The form validates as you type: every change asks the rules core
(``baseline_from_sets`` / ``validate_baseline``) and lists its reasons; Create
is enabled only when the core has none.  A ruleset with a dedicated form
declares it on its class (``creation_form``, a "module:attr" string); the
others get a KEY=VALUE form, the same pairs the CLI's ``new --set`` takes.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, ClassVar, cast

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (QAbstractScrollArea, QCheckBox, QDialog, QDialogButtonBox,
                               QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QMessageBox,
                               QPlainTextEdit,
                               QPushButton, QStackedWidget, QStyle, QStyledItemDelegate,
                               QStyleOptionViewItem, QVBoxLayout, QWidget)

from builder.app.types import Refusal, RulesError, UsageError
from builder.ui.input_policy import form_button

if TYPE_CHECKING:
    from PySide6.QtCore import QModelIndex, QPersistentModelIndex

    from builder.app.types import Ruleset

    _Index = QModelIndex | QPersistentModelIndex

    class CreationForm(QWidget):
        """What the dialog uses of a creation form (:class:`SetsForm`, or the one a
        ruleset declares): ``changed`` as the player edits, the baseline, and (optional:
        a form without dice needs none) ``rolled``."""

        changed: ClassVar[Signal]

        def baseline(self) -> dict[str, Any]: ...

        def rolled(self) -> bool:
            """True when the form holds dice the player rolled (a new form would roll
            others): closing the dialog asks first."""

class SetsForm(QWidget):
    """The generic creation form: KEY=VALUE lines (as ``new --set``), and "roll
    what the ruleset rolls" (as ``new --random``) with a Reroll button."""

    changed = Signal()

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        self.seed = random.randrange(1 << 30)
        self.roll = QCheckBox("Roll what the ruleset rolls (dice)", self)
        self.roll.setObjectName("rollCheck")
        self.roll.setToolTip("The values you do not set are rolled")
        self.roll.toggled.connect(self.changed)
        self.reroll = form_button(QPushButton("Re&roll", self))
        self.reroll.setToolTip("Roll the dice again")
        self.reroll.clicked.connect(self._reroll)
        self.edit = QPlainTextEdit(self)
        self.edit.setObjectName("setsEdit")
        self.edit.setAccessibleName("Starting values, one KEY=VALUE per line")
        keys = [key.split("  ")[0] for key in ruleset.set_keys]    # its first, notes aside
        self.edit.setPlaceholderText("One starting value per line"
                                     + (f", e.g. {keys[0]}" if keys else ""))
        self.edit.textChanged.connect(self.changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.roll, 1)
        row.addWidget(self.reroll)
        layout.addLayout(row)
        layout.addWidget(QLabel("Starting values (KEY=VALUE, one per line):", self))
        layout.addWidget(self.edit)

    def rolled(self) -> bool:
        return self.roll.isChecked()

    def _reroll(self) -> None:
        self.seed = random.randrange(1 << 30)
        self.roll.setChecked(True)
        self.changed.emit()

    def sets(self) -> list[tuple[str, str]]:
        pairs = []
        for line in self.edit.toPlainText().splitlines():
            line = line.strip()
            if not line:
                continue
            if "=" not in line:
                raise UsageError(f"'{line}' needs KEY=VALUE")
            key, value = line.split("=", 1)
            pairs.append((key.strip(), value.strip()))
        return pairs

    def baseline(self) -> dict[str, Any]:
        return self.ruleset.baseline_from_sets(self.sets(), rng=random.Random(self.seed),
                                               randomize=self.roll.isChecked())


#: The description under a ruleset's name in the list (its name is the DisplayRole).
SummaryRole = Qt.ItemDataRole.UserRole + 1
LAST_RULESET_KEY = "newCharacter/ruleset"


class RulesetDelegate(QStyledItemDelegate):
    """A ruleset as its name in bold, its description below in the normal weight."""

    PAD = 6

    def _fonts(self, option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        title = QFont(option.font)
        title.setBold(True)
        return title, QFont(option.font)

    def _summary_rect(self, option: QStyleOptionViewItem, index: _Index, width: int) -> QRect:
        _title, body = self._fonts(option)
        fm = QFontMetrics(body)
        return fm.boundingRect(QRect(0, 0, max(40, width), 10000),
                               int(Qt.TextFlag.TextWordWrap), index.data(SummaryRole) or "")

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:  # noqa: N802
        title, _body = self._fonts(option)
        width = option.rect.width() or 400
        widget = option.widget
        if isinstance(widget, QAbstractScrollArea):      # the list of rule systems
            width = widget.viewport().width()
        text_width = width - 2 * self.PAD
        height = QFontMetrics(title).height() + self._summary_rect(option, index,
                                                                   text_width).height()
        return QSize(width, height + 2 * self.PAD + 2)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        title, body = self._fonts(opt)
        rect = opt.rect.adjusted(self.PAD, self.PAD, -self.PAD, -self.PAD)
        painter.save()
        painter.setPen(opt.palette.color(role))
        painter.setFont(title)
        title_height = QFontMetrics(title).height()
        painter.drawText(QRect(rect.left(), rect.top(), rect.width(), title_height),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         index.data(Qt.ItemDataRole.DisplayRole) or "")
        painter.setFont(body)
        painter.drawText(QRect(rect.left(), rect.top() + title_height + 1, rect.width(),
                               rect.height() - title_height),
                         int(Qt.TextFlag.TextWordWrap), index.data(SummaryRole) or "")
        painter.restore()


def creation_form(ruleset: Ruleset, parent: QWidget | None = None) -> CreationForm:
    """The creation form the ruleset declares (``parts.creation_form``), else KEY=VALUE lines."""
    from builder.app.queries import ruleset_part

    spec = ruleset.parts.creation_form
    if spec:
        try:
            cls = ruleset_part(spec)
        except (ImportError, AttributeError):
            cls = SetsForm
        return cast("CreationForm", cls(ruleset, parent))
    return cast("CreationForm", SetsForm(ruleset, parent))


def ask_first(parent: QWidget, name: str, words: tuple[str, str], buttons: tuple[str, str],
              answered: Callable[[bool], None]) -> QMessageBox:
    """Ask (window-modal, not waiting) before something the player made is thrown away:
    ``words`` are the title and the question, ``buttons`` the labels of doing it and of
    keeping (the default, and Escape); ``answered`` gets True when the player does it."""
    box = QMessageBox(QMessageBox.Icon.Question, words[0], words[1],
                      QMessageBox.StandardButton.NoButton, parent)
    box.setObjectName(name)
    do = box.addButton(buttons[0], QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton(buttons[1], QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    box.finished.connect(lambda _result: answered(box.clickedButton() is do))
    box.open()
    return box


class NewCharacterDialog(QDialog):
    #: (ruleset, name, baseline) when the player presses Create.
    created = Signal(object, str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from builder.app.queries import rulesets as all_rulesets

        self.setWindowTitle("New Character")
        self.setObjectName("newCharacterDialog")
        self.resize(620, 560)
        self.rulesets = all_rulesets()
        self.ruleset: Ruleset | None = None
        self.form: CreationForm | None = None
        #: "Discard the rolled dice?", while it is asked (Cancel, Escape or closing)
        self.discard_question: QMessageBox | None = None

        self.ruleset_list = QListWidget(self)
        self.ruleset_list.setObjectName("rulesetList")
        self.ruleset_list.setAccessibleName("Ruleset")
        self.ruleset_list.setItemDelegate(RulesetDelegate(self.ruleset_list))
        for ruleset in self.rulesets:
            item = QListWidgetItem(ruleset.title or ruleset.id)
            item.setData(Qt.ItemDataRole.UserRole, ruleset.id)
            item.setData(SummaryRole, ruleset.summary_text)
            item.setToolTip(ruleset.summary_text)
            # what a screen reader says: the name, then the description
            item.setData(Qt.ItemDataRole.AccessibleTextRole,
                         f"{ruleset.title or ruleset.id}: {ruleset.summary_text}")
            self.ruleset_list.addItem(item)
        self.ruleset_list.setWordWrap(True)
        self.ruleset_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.ruleset_list.setUniformItemSizes(False)
        self.ruleset_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # chosen when selected (keyboard focus alone makes a row current, not chosen)
        self.ruleset_list.itemSelectionChanged.connect(self._selection_changed)
        # Enter (or a double click) on a rule system chooses it and goes on to the name
        self.ruleset_list.itemActivated.connect(self._activated)
        # Every ruleset with its description visible without scrolling.
        self.ruleset_list.setMinimumHeight(min(320, 58 * max(1, self.ruleset_list.count())))

        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("nameEdit")
        self.name_edit.setAccessibleName("Character name")
        self.name_edit.setPlaceholderText("The character's name")
        self.name_edit.textChanged.connect(self.validate)
        self.form_stack = QStackedWidget(self)

        self.reasons_label = QLabel(self)
        self.reasons_label.setObjectName("reasonsLabel")
        self.reasons_label.setWordWrap(True)
        self.reasons_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons_label.setAccessibleName("What the rules say about this character")

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.create_button = self.buttons.addButton("&Create",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("createButton")
        self.buttons.accepted.connect(self._create)
        self.buttons.rejected.connect(self.reject)

        top = QFormLayout()
        top.addRow("&Ruleset:", self.ruleset_list)
        top.addRow("&Name:", self.name_edit)
        self.ruleset_list.setMaximumHeight(200)
        self.choose_hint = QLabel("Choose a ruleset above: its creation form appears here.",
                                  self.form_stack)
        self.choose_hint.setObjectName("chooseRulesetHint")
        self.choose_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.choose_hint.setWordWrap(True)
        self.form_stack.addWidget(self.choose_hint)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.form_stack, 1)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        # No surprise: the ruleset chosen last time, or none (the player picks one).
        self.ruleset_list.setCurrentRow(-1)
        last = self._last_ruleset()
        if last:
            self.choose_ruleset(last)
        self.validate()
        (self.name_edit if self.ruleset is not None else self.ruleset_list).setFocus()

    @staticmethod
    def _last_ruleset() -> str | None:
        from builder.ui.settings import app_settings

        value = app_settings().value(LAST_RULESET_KEY)
        return str(value) if value else None

    def choose_ruleset(self, ruleset_id: str) -> None:
        for row in range(self.ruleset_list.count()):
            if self.ruleset_list.item(row).data(Qt.ItemDataRole.UserRole) == ruleset_id:
                self.ruleset_list.setCurrentRow(row)
                return

    def _selection_changed(self) -> None:
        rows = [self.ruleset_list.row(item) for item in self.ruleset_list.selectedItems()]
        if rows and (self.ruleset is None or self.rulesets[rows[0]] is not self.ruleset):
            self._choose(rows[0])

    def _activated(self, item: QListWidgetItem) -> None:
        item.setSelected(True)
        self.name_edit.setFocus()

    def _choose(self, row: int) -> None:
        if not (0 <= row < len(self.rulesets)):
            return
        self.ruleset = self.rulesets[row]
        if self.form is not None:
            shown = self.form_stack.widget(self.form_stack.count() - 1)
            if shown is not None:
                self.form_stack.removeWidget(shown)
                shown.deleteLater()
        self.form = creation_form(self.ruleset, self.form_stack)
        self.form.changed.connect(self.validate)
        self.form_stack.addWidget(self._scrolling(self.form))
        self.form_stack.setCurrentIndex(self.form_stack.count() - 1)
        self._buttons_last_in_tab_order()
        self.validate()
        self._room_for_the_form()

    @staticmethod
    def _scrolling(form: QWidget) -> QWidget:
        """The form as the dialog shows it: in a scroll area of its own when it has
        none, so a form taller than the screen scrolls and Create stays in sight."""
        from PySide6.QtWidgets import QScrollArea

        from builder.ui.scrolling import scrolling

        if form.findChild(QScrollArea) is not None:
            return form
        return scrolling(form, "creationFormArea")

    def _room_for_the_form(self) -> None:
        """Grow (never shrink) to show the whole form when the screen has the room, up
        to 90% of its height, rather than a few rows of it in a small dialog."""
        from PySide6.QtWidgets import QApplication, QScrollArea

        screen = self.screen() or QApplication.primaryScreen()
        if self.form is None or screen is None:
            return
        layout = self.layout()
        if layout is not None:
            layout.activate()
        area = self.form.findChild(QScrollArea) or self.form_stack.currentWidget()
        if not isinstance(area, QScrollArea):
            area = None
        page = area.widget() if area is not None else None
        if area is not None and page is not None:
            extra = page.sizeHint().height() - area.viewport().height()
        else:
            extra = self.form.sizeHint().height() - self.form_stack.height()
        avail = screen.availableGeometry()
        height = min(int(avail.height() * 0.9), self.height() + max(0, extra))
        if height > self.height():
            self.resize(self.width(), height)
            if self.isVisible() and self.frameGeometry().bottom() > avail.bottom():
                self.move(self.x(), max(avail.top(), avail.bottom() - self.frameGeometry().height()))

    def _buttons_last_in_tab_order(self) -> None:
        """Tab goes name -> the form -> Create / Cancel: a form made after the buttons
        joins the focus chain after them, so the buttons rejoin it at its end (a widget
        given a parent again goes last in its chain)."""
        layout = self.layout()
        if layout is None:
            return
        layout.removeWidget(self.buttons)
        self.buttons.setParent(None)
        self.buttons.setParent(self)
        layout.addWidget(self.buttons)
        self.buttons.show()

    def kept_name(self) -> str | None:
        """The name typed, as the character keeps it; None while there is none."""
        from builder.app.characters import require_name

        try:
            return require_name(self.name_edit.text())
        except UsageError:
            return None

    def problems(self) -> tuple[list[str], dict[str, Any] | None]:
        """Every reason the rules core gives against the current form (and the baseline)."""
        reasons = []
        if self.kept_name() is None:
            reasons.append("Name the character.")
        if self.ruleset is None or self.form is None:
            return reasons + ["Choose a ruleset."], None
        try:
            baseline = self.form.baseline()
        except Refusal as refusal:
            return reasons + refusal.reasons, None
        except RulesError as problem:
            return reasons + [str(problem)], None
        reasons += self.ruleset.validate_baseline(baseline)
        return reasons, baseline

    def validate(self, *_: object) -> bool:
        reasons, _baseline = self.problems()
        self.create_button.setEnabled(not reasons)
        if reasons:
            self.reasons_label.setText("Not ready yet:\n" + "\n".join(f"• {r}" for r in reasons))
        else:
            self.reasons_label.setText("✔ Ready: the rules accept this character.")
        return not reasons

    def holds_rolls(self) -> bool:
        """The form holds dice the player rolled (a form that rolls none has no
        ``rolled``)."""
        rolled = getattr(self.form, "rolled", None)
        return bool(rolled()) if callable(rolled) else False

    def reject(self) -> None:
        """Cancel, Escape or closing the dialog.  With dice rolled, the player is asked
        first: rolls at the table are rolled once, and a new form rolls other dice."""
        if not self.holds_rolls():
            super().reject()
            return
        if self.discard_question is not None:
            return                                  # already asked

        def answered(discard: bool) -> None:
            self.discard_question = None
            if discard:
                QDialog.reject(self)

        self.discard_question = ask_first(
            self, "discardRollsQuestion", ("New Character", "Discard this character and "
                                           "the dice rolled for it? A new character rolls "
                                           "new dice."),
            ("&Discard", "&Keep Editing"), answered)

    def _create(self) -> None:
        reasons, baseline = self.problems()
        if reasons or baseline is None or self.ruleset is None:
            self.validate()
            return
        from builder.ui.settings import app_settings

        app_settings().setValue(LAST_RULESET_KEY, self.ruleset.id)
        self.created.emit(self.ruleset, self.kept_name(), baseline)
        self.accept()
