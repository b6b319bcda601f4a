"""The library tab: every character in the user data folder, searchable and sortable,
and below it the library's campaigns (:class:`CampaignsPanel`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, ClassVar, Iterable

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSortFilterProxyModel, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QSplitter, QStackedWidget, QTableView, QVBoxLayout, QWidget)

from builder.ui.focus import SearchField, tab_chain
from builder.ui.models.campaign_model import COL_MEMBERS, COL_POOL, COL_SESSION
from builder.ui.models.campaign_model import COL_NAME as CAMP_NAME
from builder.ui.models.campaign_model import COL_RULESET as CAMP_RULESET
from builder.ui.models.campaign_model import HEADERS as CAMP_HEADERS
from builder.ui.models.campaign_model import CampaignFilterModel
from builder.ui.models.campaign_model import PathRole as CampPathRole
from builder.ui.models.library_model import (COL_HEADLINE, COL_MODIFIED, COL_NAME, COL_RULESET,
                                             HEADERS, LibraryFilterModel, LibraryModel, PathRole)
from builder.ui.models.table import headed_index, with_headers
from builder.ui.qt_values import ALIGN_CENTER, VERTICAL, set_enum

# No ``Qt`` before the first paint (builder.ui.qt_values): the tables' sorting, which
# hands Python a Qt.SortOrder, is switched on right after it (``enable_sorting``).

if TYPE_CHECKING:  # the tables' widget, as the mixin sees it
    from PySide6.QtCore import QAbstractItemModel
    from PySide6.QtGui import QAction, QPaintEvent, QResizeEvent
    from PySide6.QtWidgets import QLayout

    from builder.ui.models.campaign_model import CampaignModel
    _Widget = QWidget
else:
    _Widget = object


def setup_list_table(view: QTableView, model: QAbstractItemModel, object_name: str,
                     accessible: str, sort_column: int, stretch_column: int,
                     selection: QAbstractItemView.SelectionMode,
                     widths: dict[int, int]) -> QHeaderView:
    """The library's tables: rows, no editing, one stretching column, the ascending
    arrow on ``sort_column`` (sortable by a click once :meth:`_FileTable.enable_sorting`
    is called, when the window settles)."""
    view.setObjectName(object_name)
    view.setAccessibleName(accessible)
    # Hidden before the model comes: a shown row header would ask the model's Python
    # headerData (a Qt.Orientation: builder.ui.qt_values) for its size.
    view.verticalHeader().hide()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(selection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setSectionResizeMode(stretch_column, QHeaderView.ResizeMode.Stretch)
    for column, width in widths.items():
        header.resizeSection(column, width)
    ascending_arrow(header, sort_column)
    return header


def ascending_arrow(header: QHeaderView, section: int) -> bool:
    """Show ``section``'s ascending sort arrow as ``setSortIndicator`` would, without a
    ``Qt.SortOrder`` (one would build the ``Qt`` namespace's enums before the first
    paint: builder.ui.qt_values): the header's own state, with its sort fields
    rewritten, restored.  QHeaderView.saveState's layout (its stream pinned to Qt 5.0's
    format): a marker 0xff, a version 0, the orientation, then the sort order (int, 0
    ascending), the sort column (int) and whether the arrow shows (bool).  False, and
    nothing changed, for a state not laid out so (the arrow then comes with
    :meth:`_FileTable.enable_sorting`)."""
    state = bytearray(header.saveState().data())
    if len(state) < 21 or state[:8] != b"\x00\x00\x00\xff\x00\x00\x00\x00":
        return False
    state[12:16] = (0).to_bytes(4, "big")
    state[16:20] = section.to_bytes(4, "big")
    state[20] = 1
    return header.restoreState(bytes(state))

class LibraryView(QTableView):
    """The library table; ``firstPainted`` fires once, after its first paint
    (the start-up benchmark's "shown with the library loaded")."""

    firstPainted = Signal()
    #: Called with the view after each resize (the page shares the columns' widths).
    resized: Callable[[], None] | None = None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._painted = False

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.resized is not None:
            self.resized()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        super().paintEvent(event)
        self.mark_painted()

    def mark_painted(self) -> None:
        """The library is on screen (the table, or the first-start panel in its place)."""
        if not self._painted:
            self._painted = True
            self.firstPainted.emit()


def action_button(action: QAction, parent: QWidget) -> QPushButton:
    """A push button mirroring a window action (text, tooltip, enabled)."""
    # (QPushButton(parent), then its text: QPushButton(text, parent) has a sibling
    # taking a QIcon first, and telling them apart builds QIcon's enums before the paint.)
    button = QPushButton(parent)
    button.setText(action.text())
    button.setToolTip(action.toolTip())
    button.clicked.connect(action.trigger)
    button.setEnabled(action.isEnabled())
    action.enabledChanged.connect(button.setEnabled)
    return button


def _widgets(layout: QLayout) -> list[QWidget]:
    """The widgets of ``layout``, in its order."""
    widgets = []
    for i in range(layout.count()):
        item = layout.itemAt(i)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widgets.append(widget)
    return widgets


class _FileTable(_Widget):
    """Selecting and opening a row by its file (the library's two tables)."""

    PATH_ROLE: int
    #: The column the rows are sorted by until the player picks another.
    SORT_COLUMN = 0
    openRequested: ClassVar[Signal]
    model: LibraryModel | CampaignModel
    proxy: QSortFilterProxyModel
    view: QTableView
    #: The header's state came from the settings (its sort column and order with it).
    header_restored = False

    def enable_sorting(self) -> None:
        """Sort by a header click from now on: the sort column (or the one the restored
        header names) with its arrow.  Right after the first paint (Qt then hands the
        proxy's ``sort`` a Qt.SortOrder; the rows are in order already)."""
        from PySide6.QtCore import Qt

        if self.view.isSortingEnabled():
            return
        if not self.header_restored:
            self.view.sortByColumn(self.SORT_COLUMN, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)

    def select_path(self, path: str) -> None:
        row = self.model.row_for_path(path)
        if row < 0:
            return
        index = self.proxy.mapFromSource(
            headed_index(self.proxy.sourceModel(), self.model.index(row, 0)))
        if index.isValid():
            # Exactly this row, whatever keys are held (selectRow would take a held
            # Ctrl as "toggle" and could leave the row unselected).
            flags = QItemSelectionModel.SelectionFlag
            self.view.selectionModel().setCurrentIndex(
                index, flags.ClearAndSelect | flags.Rows)

    def _open_index(self, index: QModelIndex) -> None:
        path = index.data(self.PATH_ROLE)
        if path:
            self.openRequested.emit(path)


class FirstStartPanel(QWidget):
    """Shown instead of the empty table when the library has no character yet:
    the three ways in (new, import, the sample characters), large and in words."""

    #: Called after each paint (the library page: "the library is on screen").
    painted: Callable[[], None] | None = None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("firstStartPanel")
        from PySide6.QtGui import QFont   # (only an empty library needs it)

        title = QLabel("Your library is empty", self)
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        set_enum(title, "alignment", ALIGN_CENTER)
        text = QLabel("Characters you create or import are kept here, saved as you go. "
                      "Start with one of these (you can also drop character files on "
                      "the window):", self)
        text.setWordWrap(True)
        set_enum(text, "alignment", ALIGN_CENTER)
        self.buttons = QVBoxLayout()
        self.buttons.setSpacing(8)
        column = QVBoxLayout()
        column.addStretch(1)
        column.addWidget(title)
        column.addWidget(text)
        column.addSpacing(12)
        column.addLayout(self.buttons)
        column.addStretch(2)
        layout = QHBoxLayout(self)
        layout.addStretch(1)
        layout.addLayout(column, 3)
        layout.addStretch(1)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        super().paintEvent(event)
        if self.painted is not None:
            self.painted()

    def add_button(self, action: QAction, detail: str) -> QPushButton:
        button = action_button(action, self)
        # The row of buttons below (and the menus) carries the Alt keys of these actions:
        # two buttons answering one Alt+letter press neither, so these have none.
        button.setText(action.text().replace("&&", "\0").replace("&", "").replace("\0", "&&"))
        button.setAccessibleDescription(detail)
        button.setToolTip(detail)
        button.setMinimumHeight(button.sizeHint().height() + 12)
        button.setAutoDefault(True)      # Enter takes the focused way in, as Space does
        self.buttons.addWidget(button)
        note = QLabel(detail, self)
        note.setWordWrap(True)
        set_enum(note, "alignment", ALIGN_CENTER)
        self.buttons.addWidget(note)
        return button


class LibraryPage(_FileTable, QWidget):
    PATH_ROLE = PathRole
    SORT_COLUMN = COL_NAME
    openRequested = Signal(str)
    view: LibraryView
    model: LibraryModel

    def __init__(self, model: LibraryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryPage")
        self.model = model
        self.proxy = LibraryFilterModel(self)
        self.proxy.setSourceModel(with_headers(model, HEADERS, self))
        model.sort_rows(COL_NAME)     # (the order enable_sorting shows, before the paint)

        self.search = SearchField(self)
        self.search.setObjectName("librarySearch")
        self.search.setPlaceholderText("Search characters (name, ruleset, figures)…")
        self.search.setAccessibleName("Search characters")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)

        self.view = LibraryView(self)
        header = setup_list_table(self.view, self.proxy, "libraryView", "Character library",
                                  COL_NAME, COL_HEADLINE,
                                  QAbstractItemView.SelectionMode.ExtendedSelection,
                                  {COL_NAME: 220, COL_RULESET: 210, COL_MODIFIED: 150})
        self.search.lead_to(self.view)   # Down or Enter go on to the first match
        header.setSectionsMovable(True)
        # A narrow table (a small screen, 2x) gives the figures room (share_columns);
        # once the player sizes a column, the widths are theirs.
        self._sharing = False
        self.columns_chosen = False
        self.view.resized = self.share_columns
        header.sectionResized.connect(self._section_resized)
        self._needs: dict[int, int] | None = None     # the texts' widths (share_columns)
        for signal in (model.layoutChanged, model.rowsInserted, model.rowsRemoved,
                       model.modelReset, model.dataChanged):
            signal.connect(self._rows_changed)
        self.view.activated.connect(self._open_index)

        self.count_label = QLabel(self)
        self.buttons = QHBoxLayout()
        self.buttons.setContentsMargins(0, 0, 0, 0)

        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.count_label)
        characters = QWidget(self)
        chars_layout = QVBoxLayout(characters)
        chars_layout.setContentsMargins(0, 0, 0, 0)
        chars_layout.addLayout(top)
        # The first-start panel is made when the library is empty (not before a first
        # paint that shows the table).
        self._first_start: FirstStartPanel | None = None
        self.first_start_area: QWidget | None = None   # the panel's scroll area
        self._first_start_buttons: list[tuple[QAction, str]] = []
        self.table_stack = QStackedWidget(self)
        self.table_stack.addWidget(self.view)
        chars_layout.addWidget(self.table_stack, 1)
        chars_layout.addLayout(self.buttons)
        # more sections (the campaigns) go below the characters
        # (No argument: QSplitter(parent) has an overload with a Qt.Orientation first,
        # and telling them apart would build Qt's enums; the layout below adopts it.)
        self.splitter = QSplitter()
        set_enum(self.splitter, "orientation", VERTICAL)
        self.splitter.setObjectName("librarySplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(characters)
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter, 1)
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset,
                       self.proxy.rowsInserted, self.proxy.rowsRemoved):
            signal.connect(self._update_count)
        self._update_count()

    @property
    def first_start(self) -> FirstStartPanel:
        """Shown instead of the table while the library is empty (made when first
        needed, with the buttons :meth:`add_first_start_button` gave it)."""
        if self._first_start is None:
            from PySide6.QtWidgets import QScrollArea   # (only an empty library needs it)

            # In a scroll area: on a small screen (or at 2x) the window is fitted to the
            # screen, and the panel's words and buttons scroll rather than hold the window
            # taller than the screen.
            area = self.first_start_area = QScrollArea(self)
            area.setObjectName("firstStartArea")
            area.setAccessibleName("Your library is empty: ways to start")
            area.setWidgetResizable(True)
            set_enum(area, "frameShape", 0)          # QFrame.Shape.NoFrame
            set_enum(area, "focusPolicy", 0)         # Qt.NoFocus: no invisible Tab stop
            panel = self._first_start = FirstStartPanel(area)
            panel.painted = self.view.mark_painted
            for action, detail in self._first_start_buttons:
                panel.add_button(action, detail)
            area.setWidget(panel)
            self.table_stack.addWidget(area)
        return self._first_start

    def focus_first_start(self) -> bool:
        """An empty library: the keyboard starts on the first of the ways in (the
        panel's buttons are then the first Tab stops).  True when it did."""
        if self.model.rowCount() or self._first_start is None:
            return False
        buttons = self._first_start.findChildren(QPushButton)
        if not buttons:
            return False
        # the page top to bottom: the search, the ways in, the buttons below them, then
        # the sections below (the campaigns)
        stops: list[QWidget] = [self.search, *buttons, *_widgets(self.buttons)]
        for index in range(1, self.splitter.count()):
            section = self.splitter.widget(index)
            stops += section.tab_stops() if isinstance(section, CampaignsPanel) else []
        tab_chain(stops)
        buttons[0].setFocus()
        return True

    def _first_start_page(self) -> QWidget:
        """The table stack's page for the first-start panel (its scroll area)."""
        panel = self.first_start
        assert self.first_start_area is not None and panel is not None
        return self.first_start_area

    def add_first_start_button(self, action: QAction, detail: str) -> None:
        """A way in for the first-start panel: ``action`` as a large button, and in
        words (``detail``)."""
        self._first_start_buttons.append((action, detail))
        if self._first_start is not None:
            self._first_start.add_button(action, detail)

    def add_button(self, action: QAction) -> QPushButton:
        """A push button mirroring a window action (text, tooltip, enabled)."""
        button = action_button(action, self)
        self.buttons.addWidget(button)
        return button

    def _section_resized(self, column: int, _old: int, _new: int) -> None:
        if not self._sharing and column != COL_HEADLINE and self.view.isVisible():
            self.columns_chosen = True        # the player dragged a column's edge

    def _rows_changed(self, *_: object) -> None:
        self._needs = None
        self.share_columns()

    def _text_widths(self) -> dict[int, int]:
        """What each column's texts need, its cell margins included (the longest by
        length measured, not every row of a large library); kept until the rows change."""
        if self._needs is None:
            metrics = self.view.fontMetrics()
            pad = 2 * metrics.horizontalAdvance("M")          # the cell's margins
            entries = self.model.entries()

            def widest(texts: Iterable[str], floor: str = "") -> int:
                longest = sorted(texts, key=len)[-20:]
                return max([metrics.horizontalAdvance(t) for t in longest + [floor]]) + pad

            self._needs = {
                COL_NAME: widest([e.name for e in entries], "M" * 8),
                COL_RULESET: widest({e.ruleset_title for e in entries}),
                COL_HEADLINE: widest([e.headline_text for e in entries]),
                COL_MODIFIED: widest([], "2026-12-31 23:59"),
            }
        return self._needs

    def share_columns(self) -> None:
        """Where the table is narrower than the columns' default widths leave the
        Figures column room for (a small screen, or 2x: the window fitted to the
        screen), Name, Ruleset and Last changed give way, down to what their texts
        need, so that the figures of the longest rows (a Vogelfrei character's class,
        career, level and XP) show whole; Figures stretches over the rest.  Not once
        the widths are the player's (a column dragged, or the header restored)."""
        if self.columns_chosen or self.header_restored or self._sharing:
            return
        header = self.view.horizontalHeader()
        # (The header spans the viewport; asking for the viewport itself would have
        # PySide6 wrap it before the first paint: docs/dev/performance.md.)
        room = header.width()
        defaults = {COL_NAME: 220, COL_RULESET: 210, COL_MODIFIED: 150}
        need = self._text_widths()
        figures = need[COL_HEADLINE]
        if sum(defaults.values()) + figures <= room:
            widths = defaults
        else:
            widths = {column: min(defaults[column], need[column]) for column in defaults}
            spare = room - figures - sum(widths.values())
            if spare > 0:      # what the figures do not need goes back to the name first
                for column in (COL_NAME, COL_RULESET, COL_MODIFIED):
                    more = min(spare, defaults[column] - widths[column])
                    widths[column] += more
                    spare -= more
        self._sharing = True
        try:
            for column, width in widths.items():
                if header.sectionSize(column) != width:
                    header.resizeSection(column, width)
        finally:
            self._sharing = False

    def add_section(self, widget: QWidget, stretch: int = 1) -> None:
        """Another part of the library below the characters (the campaigns)."""
        self.splitter.addWidget(widget)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(self.splitter.indexOf(widget), stretch)

    def _update_count(self, *_: object) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.table_stack.setCurrentWidget(self._first_start_page() if total == 0 else self.view)
        if total == 0:
            text = "No characters yet"
        elif shown == total:
            text = f"{total} character{'s' if total != 1 else ''}"
        else:
            text = f"{shown} of {total} shown"
        self.count_label.setText(text)

    def selected_paths(self) -> list[str]:
        """The selected rows' files (not the current row's when none is selected: after
        its row went, the focus frame sits on a row nobody chose)."""
        rows = self.view.selectionModel().selectedRows(COL_NAME)
        return [index.data(PathRole) for index in rows]

    def on_selection_changed(self, slot: Callable[[], object]) -> None:
        """Call ``slot`` whenever the selection may have changed: a selection change,
        and the rows going (Move to Trash, a refresh, the search) or a reset, which drop
        selected rows without a ``selectionChanged``."""
        self.view.selectionModel().selectionChanged.connect(lambda *_: slot())
        for signal in (self.proxy.rowsRemoved, self.proxy.modelReset):
            signal.connect(lambda *_: slot())



class CampaignsPanel(_FileTable, QWidget):
    """The library's campaigns: name, ruleset, members, current session, Fortune/Peril.
    Enter or double-click opens one in a campaign tab."""

    PATH_ROLE = CampPathRole
    SORT_COLUMN = CAMP_NAME
    openRequested = Signal(str)

    def __init__(self, model: CampaignModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaignsPanel")
        self.model = model
        self.proxy = CampaignFilterModel(self)
        self.proxy.setSourceModel(with_headers(model, CAMP_HEADERS, self))
        title = QLabel("<b>Campaigns</b>", self)
        self.count_label = QLabel(self)
        self.view = QTableView(self)
        setup_list_table(self.view, self.proxy, "campaignsView", "Campaigns in the library",
                         CAMP_NAME, COL_SESSION, QAbstractItemView.SelectionMode.SingleSelection,
                         {CAMP_NAME: 220, CAMP_RULESET: 210, COL_MEMBERS: 80, COL_POOL: 170})
        self.view.activated.connect(self._open_index)
        self.buttons = QHBoxLayout()
        self.buttons.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(title)
        top.addStretch(1)
        top.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addLayout(self.buttons)
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            signal.connect(self._update_count)
        self._update_count()

    def tab_stops(self) -> list[QWidget]:
        """The table, then the buttons below it."""
        return [self.view, *_widgets(self.buttons)]

    def add_button(self, action: QAction) -> QPushButton:
        button = action_button(action, self)
        self.buttons.addWidget(button)
        self._fit_height(empty=self.model.rowCount() == 0)   # room for the new button
        return button

    def _update_count(self, *_: object) -> None:
        total = self.model.rowCount()
        self.count_label.setText(
            "No campaigns yet: Campaign ▸ New Campaign" if total == 0 else
            f"{total} campaign{'s' if total != 1 else ''}")
        self._fit_height(empty=total == 0)

    def _fit_height(self, empty: bool) -> None:
        """Empty, the table keeps a compact height (its header and one row) so it does
        not take half the first-start page; with campaigns it grows with the splitter."""
        unlimited = 16777215                     # QWIDGETSIZE_MAX
        if not empty:
            self.view.setMaximumHeight(unlimited)
            self.setMaximumHeight(unlimited)
            return
        frame = self.view.frameWidth() * 2
        compact = (self.view.horizontalHeader().sizeHint().height()
                   + self.view.verticalHeader().defaultSectionSize() + frame)
        self.view.setMaximumHeight(compact)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
            self.setMaximumHeight(layout.sizeHint().height())

    def selected_paths(self) -> list[str]:
        rows = self.view.selectionModel().selectedRows(0)
        return [index.data(CampPathRole) for index in rows]

