"""What every character editor shares: the message bars (refusals, a file
changed on disk), the options panel with greyed increases and their reasons,
and the ledger view."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from PySide6.QtCore import (QAbstractItemModel, QItemSelectionModel, QModelIndex,
                            QPersistentModelIndex, Qt, QTimer, Signal)
from PySide6.QtGui import QHideEvent, QPalette, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QCheckBox, QFrame, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QScrollArea,
                               QSplitter, QStyle, QStyledItemDelegate, QStyleOptionViewItem,
                               QTableView, QTextBrowser, QVBoxLayout, QWidget)

from builder.app.types import Option, has_code
from builder.ui.focus import search_leads_to
from builder.ui.theme import TEXT_CONTRAST, fitted_selection, readable
from builder.ui.models import ledger_model
from builder.ui.models.ledger_model import LedgerModel
from builder.ui.views.row_heights import fit_rows_when_seen
from builder.ui.models.options_model import (COL_COST, COL_INCREASE, COL_STATUS, POINTS,
                                             AllowedRole, OptionsFilterModel, OptionsModel,
                                             option_key, reasons_text)

if TYPE_CHECKING:
    from builder.app.types import CharacterView
    from builder.ui.document import CharacterDocument


class MessageBar(QFrame):
    """An inline, non-modal message with optional buttons (like a browser's info bar).

    ``lines``: the bar is always that many text lines high (a longer message scrolls
    inside it, and "Show all…" shows the whole of it in a box), so a page can give it a
    row of its own that never changes height."""

    def __init__(self, parent: QWidget | None = None, lines: int | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.icon = QLabel(self)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        #: The scroll area holding the text of a bar of fixed ``lines`` (else None).
        self.text_area: QScrollArea | None = None
        if lines:
            self.text_area = QScrollArea(self)
            self.text_area.setWidgetResizable(True)
            self.text_area.setFrameShape(QFrame.Shape.NoFrame)
            self.text_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.text_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.text_area.viewport().setAutoFillBackground(False)
            self.text_area.setWidget(self.label)
            self.label.setAutoFillBackground(False)
            self.text_area.setFixedHeight(lines * self.fontMetrics().lineSpacing()
                                       + 2 * self.label.margin() + 2)
            layout.addWidget(self.text_area, 1)
        else:
            layout.addWidget(self.label, 1)
        self.buttons = QHBoxLayout()
        layout.addLayout(self.buttons)
        #: A bar of fixed ``lines`` whose message is longer: the whole of it in a box (a
        #: keyboard cannot scroll the bar's text).
        self.more_button = QPushButton("Show all…", self)
        self.more_button.setObjectName("messageShowAll")
        self.more_button.clicked.connect(self.show_all)
        self.more_button.hide()
        layout.addWidget(self.more_button)
        self.close_button = QPushButton("Dismiss", self)
        self.close_button.clicked.connect(self.hide)
        layout.addWidget(self.close_button)
        #: The widget that had the keyboard when the bar was last shown.
        self._focus_before: QWidget | None = None
        #: The box "Show all…" opened last.
        self.all_box: QWidget | None = None
        self.hide()

    def show_message(self, text: str, kind: str = "warning") -> None:
        icon = {"warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
                "info": QStyle.StandardPixmap.SP_MessageBoxInformation,
                "error": QStyle.StandardPixmap.SP_MessageBoxCritical}[kind]
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        self.icon.setPixmap(self.style().standardIcon(icon).pixmap(size, size))
        self.label.setText(text)
        self.setAccessibleName(text)
        focus = QApplication.focusWidget()
        if focus is not None and not self.isAncestorOf(focus):
            self._focus_before = focus
        self.show()
        self._offer_all()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._offer_all()

    def showEvent(self, event: QShowEvent) -> None:
        """A message that came while its tab was hidden: measured where it shows."""
        super().showEvent(event)
        self._offer_all()

    def _offer_all(self) -> None:
        """"Show all…" while the message is longer than the bar's lines."""
        area = self.text_area
        if area is None:
            return
        room = area.viewport()
        self.more_button.setVisible(not self.isHidden() and bool(self.label.text())
                                    and self.label.heightForWidth(room.width()) > room.height())

    def show_all(self) -> None:
        """The whole message in a box of its own (closed with Enter or Escape)."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Information, self.window().windowTitle(),
                          self.label.text(), QMessageBox.StandardButton.Close, self)
        box.setObjectName("messageAll")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.all_box = box

    def hideEvent(self, event: QHideEvent) -> None:
        """A bar whose button had the keyboard (Reload, Save again here...) gives it back
        to where it was before the bar came, in the same window; otherwise Qt would hand
        it to the next field, where a Space meant for the bar's button would change the
        character."""
        from shiboken6 import isValid

        focus = QApplication.focusWidget()
        back = self._focus_before
        if (focus is not None and self.isAncestorOf(focus) and back is not None
                and isValid(back) and back.isVisible() and back.window() is self.window()):
            back.setFocus(Qt.FocusReason.OtherFocusReason)
        super().hideEvent(event)


class GreyingDelegate(QStyledItemDelegate):
    """Draws the rows the core does not allow as disabled (the style's own greying,
    so it follows the light or dark palette), selected or not; their text is still
    4.5:1 on the rows (the greyed state is said by the row's ✗ and its italic text, not
    by a faint colour)."""

    def initStyleOption(self, option: QStyleOptionViewItem,
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        if index.data(AllowedRole) is False:
            option.state &= ~QStyle.StateFlag.State_Enabled
            option.font.setItalic(True)
            palette = option.palette
            grey = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Mid)
            text = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            rows = [palette.color(QPalette.ColorGroup.Active, role)
                    for role in (QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase)]
            muted = text
            for row in rows:
                muted = readable(muted, row, TEXT_CONTRAST)
            palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, muted)
            # greyed, yet readable (4.5:1) on its grey selection (the light palette's pale
            # disabled text made lighter still was near white on mid grey), the grey
            # standing out 3:1 from the rows as a selection does (in the dark palette the
            # disabled grey was near the rows')
            text = readable(text, grey, TEXT_CONTRAST)
            grey, text = fitted_selection(grey, text, rows) or (grey, text)
            for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive,
                          QPalette.ColorGroup.Disabled):
                palette.setColor(group, QPalette.ColorRole.Highlight, grey)
                palette.setColor(group, QPalette.ColorRole.HighlightedText, text)
            option.palette = palette


class OptionsPanel(QWidget):
    """Every possible next increase with its cost; greyed ones list their reasons.

    ``takeRequested(option)`` is emitted only for an option the core allows.
    """

    takeRequested = Signal(object)  # an Option (the core's, with its words)

    def __init__(self, parent: QWidget | None = None, unit: str = POINTS) -> None:
        super().__init__(parent)
        self.model = OptionsModel(self, unit=unit)
        self.proxy = OptionsFilterModel(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Filter increases…")
        self.search.setAccessibleName("Filter increases")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.only_allowed = QCheckBox("Only what I can take now", self)
        self.only_allowed.setToolTip("Hide the increases the character cannot take yet")
        self.only_allowed.toggled.connect(self.proxy.set_only_allowed)

        self.view = QTableView(self)
        self.view.setObjectName("optionsView")
        self.view.setAccessibleName("Possible increases")
        self.view.setAccessibleDescription(
            "Every possible next increase with its cost. Greyed rows cannot be taken yet; "
            "the details below list why.")
        self.view.setModel(self.proxy)
        search_leads_to(self.search, self.view)
        self.view.setItemDelegate(GreyingDelegate(self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSortingEnabled(False)
        self.view.setAlternatingRowColors(True)
        self.view.setMouseTracking(True)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 8)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(COL_INCREASE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_COST, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_STATUS, QHeaderView.ResizeMode.Stretch)
        self.view.doubleClicked.connect(self._activated)
        self.view.activated.connect(self._activated)

        self.details = QTextBrowser(self)
        self.details.setObjectName("optionDetails")
        self.details.setAccessibleName("Why this increase is or is not possible")
        self.details.setMaximumHeight(110)
        self.details.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.take_button = QPushButton("&Take increase", self)
        self.take_button.setToolTip("Pay the cost and take the selected increase (Enter)")
        self.take_button.setEnabled(False)
        self.take_button.clicked.connect(self._take_current)

        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.only_allowed)
        bottom = QHBoxLayout()
        bottom.addWidget(self.details, 1)
        bottom.addWidget(self.take_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addLayout(bottom)
        self.view.selectionModel().currentRowChanged.connect(self._update_details)
        self.model.modelReset.connect(self._update_details)
        self.model.dataChanged.connect(self._update_details)
        self._update_details()

    def set_options(self, options: Sequence[Option | Mapping[str, Any]]) -> None:
        current = self.current_option()
        self.model.set_options(options)
        if current is not None:
            self.select(*option_key(current))
        self._update_details()

    def select(self, kind: str, name: str) -> bool:
        row = self.model.row_of(kind, name)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        return True

    def current_option(self) -> Option | None:
        return self.option_at(self.view.currentIndex())

    def option_at(self, index: QModelIndex) -> Option | None:
        """The core's option on a row of the view (``OptionRole`` gives its JSON only:
        Qt turns a mapping into a plain dict, without the option's words)."""
        if not index.isValid():
            return None
        return self.model.option(self.proxy.mapToSource(index).row())

    def _update_details(self, *_: object) -> None:
        option = self.current_option()
        if option is None:
            self.details.setPlainText("Select an increase to see its cost and what it needs.")
            self.take_button.setEnabled(False)
            return
        self.details.setPlainText(reasons_text(option, self.model.unit))
        self.take_button.setEnabled(option.allowed)

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid() and index.data(AllowedRole):
            self.takeRequested.emit(self.option_at(index))

    def _take_current(self) -> None:
        self._activated(self.view.currentIndex())


def plain_table(parent: QWidget, model: QAbstractItemModel, name: str,
                accessible: str) -> QTableView:
    """A read-only table of rows (an editor's figures, a campaign's members and
    ledger): whole rows selected one at a time, no editing, alternating rows, no row
    numbers, one line a row, columns sized to their contents."""
    view = QTableView(parent)
    view.setObjectName(name)
    view.setAccessibleName(accessible)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    view.setWordWrap(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return view


class LedgerView(QTableView):
    """The ledger, its amounts in ``unit`` (None: the character's rule system's
    ``balance_label``)."""

    def __init__(self, parent: QWidget | None = None, unit: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ledgerView")
        self.setAccessibleName("Ledger: every action in order")
        self.ledger_model = LedgerModel(self, unit=unit)
        self.setModel(self.ledger_model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        # In the narrow side panel a long Action wraps rather than being cut to "…",
        # each row as tall as its text needs (the short figures columns keep one line).
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.verticalHeader().setMinimumSectionSize(self.fontMetrics().height() + 8)
        # each row as tall as its text where it is seen (not every row on every layout)
        self.rows_in_view = fit_rows_when_seen(self)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)

    def set_character(self, cf: CharacterView) -> None:
        self.ledger_model.set_character(cf)
        # A ruleset without a balance (Ability Bonuses) has no cost, gain or balance
        # to show: its two columns are hidden.
        try:
            has_balance = cf.ruleset.balance(cf.state) is not None
        except Exception:  # noqa: BLE001 - a state the ruleset cannot price: show them
            has_balance = True
        for column in (ledger_model.COL_COST, ledger_model.COL_BALANCE):
            self.setColumnHidden(column, not has_balance)
        self.scrollToBottom()
        self.rows_in_view.fit()


#: The status line after a change asked for while the character's file is missing.
NOTHING_CHANGED_FILE_MISSING = ("Nothing was changed: the character's file is missing "
                                "(deleted or moved away); the bar above offers to save it "
                                "again here")
NOTHING_CHANGED_FILE_CHANGED = ("Nothing was changed: the character's file changed on disk; "
                                "the bar above offers to reload it or keep this version")


class CharacterEditor(QWidget):
    """Base of every editor: wires the document's signals to the message bars."""

    #: A status message for the main window's status bar.
    status = Signal(str)
    #: The player asked to close this tab (the file went away and is not wanted).
    closeRequested = Signal()

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.conflict_bar = MessageBar(self)
        self.conflict_bar.setObjectName("conflictBar")
        self.reload_button = QPushButton("&Reload from disk", self.conflict_bar)
        self.reload_button.clicked.connect(self._reload)
        self.keep_button = QPushButton("&Keep mine (overwrite)", self.conflict_bar)
        self.keep_button.clicked.connect(self._keep_mine)
        self.conflict_bar.buttons.addWidget(self.reload_button)
        self.conflict_bar.buttons.addWidget(self.keep_button)
        self.conflict_bar.close_button.hide()
        self.refusal_bar = MessageBar(self)
        self.refusal_bar.setObjectName("refusalBar")
        # the file went away behind the tab: write it again where it was, or close
        self.missing_bar = MessageBar(self)
        self.missing_bar.setObjectName("missingBar")
        self.save_again_button = QPushButton("&Save again here", self.missing_bar)
        self.save_again_button.clicked.connect(self._save_again)
        self.close_tab_button = QPushButton("&Close", self.missing_bar)
        self.close_tab_button.clicked.connect(self.closeRequested.emit)
        self.missing_bar.buttons.addWidget(self.save_again_button)
        self.missing_bar.buttons.addWidget(self.close_tab_button)
        self.missing_bar.close_button.hide()
        doc.fileMissing.connect(self.show_missing)
        doc.changed.connect(self._change_taken)
        doc.changed.connect(self.refresh)
        doc.refused.connect(self.show_refusal)
        doc.externalChange.connect(self.show_conflict)
        doc.saveStateChanged.connect(self._save_state_changed)

    def message_bars(self) -> list[QWidget]:
        return [self.missing_bar, self.conflict_bar, self.refusal_bar]

    def refresh(self) -> None:  # pragma: no cover - subclasses
        pass

    def focus_start(self) -> None:
        """Where the keyboard starts in a character just created: the editor's first
        field as Qt orders them, unless a rule system's editor knows where a player goes
        next (Story Points: the increases)."""

    def unit(self) -> str:
        """The rule system's name for its points (``balance_label``), e.g. SP; may be empty."""
        return str(self.doc.ruleset.balance_label)

    def show_refusal(self, reasons: Sequence[str]) -> None:
        if has_code(reasons, self.doc.MISSING_CODE):
            # the file is gone: its own bar says so, with what to do; the status line
            # says that what was just asked for changed nothing (again once an undo
            # stack has settled: a refused Undo or Redo moves its index, which clears it)
            self.show_missing()
            self.status.emit(NOTHING_CHANGED_FILE_MISSING)
            QTimer.singleShot(0, self, lambda: self.status.emit(NOTHING_CHANGED_FILE_MISSING))
            return
        if has_code(reasons, self.doc.CONFLICT_CODE):
            # the file changed on disk: its own bar offers Reload and Keep mine; no rule
            # refused anything
            self.show_conflict()
            self.status.emit(NOTHING_CHANGED_FILE_CHANGED)
            QTimer.singleShot(0, self, lambda: self.status.emit(NOTHING_CHANGED_FILE_CHANGED))
            return
        if has_code(reasons, self.doc.BLOCKED_CODE):
            self.refusal_bar.show_message("Nothing was changed:\n"
                                          + "\n".join(f"• {r}" for r in reasons), "warning")
            self.status.emit("Nothing was changed: " + "; ".join(reasons))
            return
        text = "The rules do not allow this:\n" + "\n".join(f"• {r}" for r in reasons)
        self.refusal_bar.show_message(text, "warning")
        self.status.emit("Refused: " + "; ".join(reasons))

    def show_conflict(self) -> None:
        self.conflict_bar.show_message(
            f"{self.doc.path} changed on disk (another program or a sync folder). "
            "Nothing was overwritten. Reload it, or keep this version and overwrite the file.",
            "warning")

    def show_missing(self) -> None:
        self.refusal_bar.hide()
        self.missing_bar.show_message(
            f"{self.doc.path} is gone: deleted, or moved by another program. This tab still "
            "holds the character; nothing is saved until you save it again here (or close "
            "the tab).", "warning")

    def _save_again(self) -> None:
        if self.doc.save_again():
            self.missing_bar.hide()
            self.status.emit(f"Saved again at {self.doc.path}")
        elif self.doc.conflict:
            self.missing_bar.hide()       # a file came back: the conflict bar asks
        elif self.doc.save_error:
            self.missing_bar.show_message(f"Could not save: {self.doc.save_error}", "error")

    def _save_state_changed(self) -> None:
        if self.doc.save_error:
            self.refusal_bar.show_message(f"Could not save: {self.doc.save_error}", "error")

    def _change_taken(self) -> None:
        """A change went through (here, on the chain page, in a dialog, or from another
        program): a refusal the bar still shows is about an earlier attempt.  A change
        held but not written keeps its "Could not save" bar."""
        doc = self.doc
        if not (doc.read_only or doc.save_error or doc.unsaved):
            self.refusal_bar.hide()

    def _reload(self) -> None:
        from builder.app.types import FileProblem

        try:
            self.doc.reload()
        except FileProblem as problem:
            self.conflict_bar.show_message(f"Cannot reload: {problem}", "error")
            return
        self.conflict_bar.hide()
        self.missing_bar.hide()
        self.refusal_bar.hide()          # what it said was about the version left behind
        self.status.emit("Reloaded from disk")

    def _keep_mine(self) -> None:
        if not self.doc.overwrite():
            self.conflict_bar.show_message(f"Could not save: {self.doc.save_error}", "error")
            return
        self.conflict_bar.hide()
        self.missing_bar.hide()
        self.status.emit("Kept this version; the file on disk was overwritten")

    # splitter state, saved by the main window
    def splitters(self) -> dict[str, QSplitter]:
        return {}
