"""The main window: the library tab (characters and campaigns), one tab per open
character or campaign, menus, undo/redo, recent files, drag-and-drop import,
settings.

The window builds the widgets and owns one controller per responsibility, each a
QObject with its own state and slots in its own module: the tabs
(:attr:`MainWindow.documents`, :mod:`.window_documents`), the library's operations
(:attr:`MainWindow.library`, :mod:`.window_library`), the campaigns
(:attr:`MainWindow.campaigns`, :mod:`.window_campaigns`), printing and export
(:attr:`MainWindow.export`, :mod:`.window_export`), the settings
(:attr:`MainWindow.settings`, :mod:`.window_settings`) and the actions and menus
declared as data (:attr:`MainWindow.actions_controller`, :mod:`.window_actions`).  A
controller talks to another through the reference it is given or the other's
signals; the window keeps what concerns it as a whole (the status bar, the lasting
bars, the theme, search, the crash guard)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QLabel, QLineEdit, QMainWindow, QTabWidget, QVBoxLayout, QWidget

# Dialog classes (QFileDialog, QInputDialog, QMessageBox) and QDesktopServices are
# imported where they are used: the first paint does not need them.  Nor does it need
# ``Qt`` (builder.ui.qt_values): what would hand Python one of its enums follows the
# first paint (_first_paint_done), or is set through a Qt property from an int.

from builder import APP_TITLE
from builder.ui.models.campaign_model import CampaignModel
from builder.ui.models.library_model import LibraryModel
from builder.ui.broadcast import FilesChanged
from builder.ui.qt_values import ACTIONS_CONTEXT_MENU, set_enum
from builder.ui.views.library_page import CampaignsPanel, LibraryPage
from builder.ui.window_actions import ActionsController
from builder.ui.window_campaigns import CampaignsController
from builder.ui.window_documents import DocumentsController
from builder.ui.window_export import ExportController
from builder.ui.window_library import LibraryController, dropped_files
from builder.ui.window_settings import SettingsController

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent

    from builder.ui.crash_guard import CrashGuard, CrashNotice
    from builder.ui.views.base import MessageBar


#: The window's first size, where the screen has room for it (fit_to_screen).
DEFAULT_SIZE = (1180, 760)


def install_input_policy() -> None:
    """The app-wide input rules, installed once (:mod:`builder.ui.input_policy`)."""
    from builder.ui import input_policy

    input_policy.install()


def apply_theme(choice: str) -> None:
    """The theme manager (:mod:`builder.ui.theme`) with ``choice`` applied."""
    from builder.ui import theme

    theme_manager = theme.manager()
    if theme_manager is not None:
        theme_manager.apply(choice)


class MainWindow(QMainWindow):
    #: Once, right after the first paint of the library (queued, so the paint is done):
    #: the start's own work follows (:func:`builder.ui.app.run_gui` opens the files and
    #: the last session's tabs).  What only refines the window (header-click sorting,
    #: the folder watches, the input rules, the theme manager) comes after that, one
    #: event-loop turn later (:meth:`settle`).
    firstPaintDone = Signal()

    def __init__(self, parent: QWidget | None = None, restore: bool = True):
        super().__init__(parent)
        from builder.ui import theme_choice

        # A chosen Light or Dark theme's colours are the first paint's; the theme manager
        # (its proxy style, the desktop's scheme followed) comes when the window settles.
        theme_choice.early_colours(theme_choice.saved_choice())
        self._settled = False   # settle() has run
        self.setWindowTitle(APP_TITLE)
        self.setObjectName("mainWindow")
        self.setAcceptDrops(True)

        self.undo_group: QUndoGroup = QUndoGroup(self)
        # the one "files changed" broadcast: open tabs and models follow every write
        self.broadcast: FilesChanged = FilesChanged(self)
        self.library_stack: QUndoStack = QUndoStack(self)
        self.undo_group.addStack(self.library_stack)
        self.library_stack.indexChanged.connect(lambda _i: self.library_model.refresh())

        # The folders are watched once the window has settled (settle): not before the
        # first paint, nor in a start that quits there.
        self.library_model: LibraryModel = LibraryModel(self, watch=False)
        self.library_page: LibraryPage = LibraryPage(self.library_model, self)
        # Once the library is painted (firstPainted fires once): firstPaintDone, then
        # what can wait (settle).
        self.library_page.view.firstPainted.connect(
            lambda: QTimer.singleShot(0, self, self._first_paint_done))
        # the campaigns are read right after the first paint
        self.campaign_model: CampaignModel = CampaignModel(self, lazy=True, watch=False)
        self.campaigns_panel: CampaignsPanel = CampaignsPanel(self.campaign_model,
                                                              self.library_page)
        self.library_page.add_section(self.campaigns_panel, 2)

        self.tabs: QTabWidget = self._tabs()
        # Made when first needed (install_crash_guard, show_crash): the first paint
        # does not need them.
        self.crash_guard: CrashGuard | None = None
        self.crash_bar: MessageBar | None = None
        self.notice_bar: MessageBar | None = None
        self.balance_label: QLabel = QLabel(self)
        self.saved_label: QLabel = QLabel(self)
        self._status_bar()

        # The controllers, each given the ones it talks to.
        self.documents = DocumentsController(self)
        self.library = LibraryController(self, self.documents)
        self.campaigns = CampaignsController(self, self.documents, self.library)
        self.export = ExportController(self, self.documents)
        self.settings = SettingsController(self, self.documents)
        self.actions_controller = ActionsController(self, self.documents, self.settings)
        self.broadcast.changed.connect(self.documents.files_changed)
        self.library_page.openRequested.connect(self.documents.open_path)
        self.campaigns_panel.openRequested.connect(self.documents.open_campaign)
        self.tabs.tabCloseRequested.connect(self.documents.close_tab)
        self.tabs.currentChanged.connect(self.documents.current_changed)

        self.actions_controller.build_actions()
        self.actions_controller.build_menus()
        self._place_actions()
        self.resize(*DEFAULT_SIZE)
        self.settings.fit_to_screen()   # a small screen, or a large scale: inside the screen
        if restore:
            self.settings.restore_settings()
        self.documents.current_changed(self.tabs.currentIndex())

    def _tabs(self) -> QTabWidget:
        """The tabs (the Library first, never closed), the central widget's one part
        but for the bars that come above them (:attr:`_central_column`)."""
        tabs = QTabWidget(self)
        tabs.setObjectName("tabs")
        tabs.setAccessibleName("Library and open characters")
        tabs.setDocumentMode(True)
        tabs.setTabsClosable(True)
        tabs.setMovable(True)
        tabs.addTab(self.library_page, "Library")
        tabs.tabBar().setTabButton(0, tabs.tabBar().ButtonPosition.RightSide, None)
        tabs.tabBar().setTabButton(0, tabs.tabBar().ButtonPosition.LeftSide, None)
        # Above the tabs, whatever tab is open: the lasting "Something went wrong" bar.
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self._central_column = column
        column.addWidget(tabs, 1)
        self.setCentralWidget(central)
        return tabs

    def _status_bar(self) -> None:
        """The status bar's lasting parts: whether the file is saved, the unspent points."""
        self.balance_label.setObjectName("balanceLabel")
        self.balance_label.setAccessibleName("Unspent points")
        self.saved_label.setObjectName("savedLabel")
        self.statusBar().addPermanentWidget(self.saved_label)
        self.statusBar().addPermanentWidget(self.balance_label)

    def action(self, action_id: str) -> QAction:
        """The window action with this id (:data:`builder.ui.window_actions.ACTIONS`,
        "undo", "redo")."""
        return self.actions_controller.by_id[action_id]

    def _place_actions(self) -> None:
        """The library's and the campaigns panel's buttons and context menus."""
        act = self.action
        page, panel = self.library_page, self.campaigns_panel
        for action_id in ("new", "import", "open_selected", "duplicate", "rename", "trash"):
            page.add_button(act(action_id))
        page.buttons.addStretch(1)
        first = page.add_first_start_button
        first(act("new"), "Choose a ruleset and fill in its form; the rules check it as you "
                          "type.")
        first(act("import"), "Copy character files you already have into the library.")
        first(act("samples"), "Three finished characters, one for each ruleset, to look "
                              "around with.")
        for action_id in ("new_campaign", "open_campaign_selected", "add_to_campaign",
                          "trash_campaign"):
            panel.add_button(act(action_id))
        panel.buttons.addStretch(1)
        update_actions = self.actions_controller.update_actions
        panel.view.selectionModel().selectionChanged.connect(update_actions)
        set_enum(panel.view, "contextMenuPolicy", ACTIONS_CONTEXT_MENU)
        panel.view.addActions([act("open_campaign_selected"), act("add_to_campaign"),
                               act("trash_campaign")])
        page.on_selection_changed(update_actions)
        page.view.addActions([act("rename"), act("trash")])
        set_enum(page.view, "contextMenuPolicy", ACTIONS_CONTEXT_MENU)
        for action_id in ("open_selected", "duplicate", "rename", "trash", "save_copy"):
            page.view.addAction(act(action_id))

    def _first_paint_done(self) -> None:
        self.firstPaintDone.emit()
        QTimer.singleShot(0, self, self.settle)

    def settle(self) -> None:
        """After the start: the work the first paint did not wait for (once; calling it
        sooner, as a screenshot does, is harmless)."""
        from builder.ui import theme_choice

        if self._settled:
            return
        self._settled = True
        # A header click sorts from here on (the rows are in order already; Qt hands
        # the sorting a Qt.SortOrder, and the start needs no Qt enum: qt_values).
        self.library_page.enable_sorting()
        self.campaigns_panel.enable_sorting()
        # Other programs' changes to the library are followed from here on (each
        # watch costs the kernel's bookkeeping; the models look once more on arming).
        self.library_model.start_watching()
        self.campaign_model.start_watching()
        from builder.ui.sync_bar import SyncIntake   # conflict copies taken in, the sync bar
        self.sync_intake = SyncIntake(self)
        # The theme's style first: the input policy then takes the widgets polished
        # through it as they are (a policy installed first would set a style of its own).
        apply_theme(theme_choice.saved_choice())
        install_input_policy()
        if self.tabs.currentIndex() == 0:
            self.library_page.focus_first_start()

    def set_theme(self, choice: str) -> None:
        from builder.ui import theme

        theme.choose(choice)
        self.actions_controller.theme_actions[theme.saved_choice()].setChecked(True)
        self.report(f"Theme: {theme.THEMES[theme.saved_choice()].replace('&', '')}")

    def focus_search(self) -> None:
        """Ctrl+F: the library's search, or the open character's filter of increases."""
        from builder.ui.focus import focus_widget

        target: QLineEdit | None
        if self.tabs.currentIndex() == 0:
            target = self.library_page.search
        else:
            widget = self.tabs.currentWidget()
            finder = getattr(widget, "search_widget", None)
            target = finder() if callable(finder) else None
            if target is None:
                panel = getattr(widget, "options_panel", None)
                target = getattr(panel, "search", None)
        if target is None:
            self.report("Nothing to search on this tab")
            return
        focus_widget(target)
        target.selectAll()

    def report(self, message: str, timeout: int = 8000) -> None:
        self.statusBar().showMessage(message, timeout)

    def install_crash_guard(self) -> CrashGuard:
        """From here on an exception no code caught is written to a crash report and
        shown in the window's lasting bar (:mod:`builder.ui.crash_guard`)."""
        from builder.ui.crash_guard import CrashGuard

        if self.crash_guard is None:
            self.crash_guard = CrashGuard(self)
            self.crash_guard.crashed.connect(self.show_crash)
        self.crash_guard.install()
        return self.crash_guard

    def show_notice(self, text: str, kind: str = "warning") -> None:
        """A lasting message above the tabs (until dismissed), for what concerns the
        whole window rather than one tab (an import that failed)."""
        from builder.ui.views.base import MessageBar

        if self.notice_bar is None:
            self.notice_bar = MessageBar(self.centralWidget(), lines=4)
            self.notice_bar.setObjectName("noticeBar")
            self._central_column.insertWidget(self._central_column.count() - 1,
                                              self.notice_bar)
        self.notice_bar.show_message(text, kind)

    def show_crash(self, notice: CrashNotice) -> None:
        """A bug's lasting bar (until dismissed): what went wrong and where its report is."""
        from builder.ui.views.base import MessageBar

        if self.crash_bar is None:
            self.crash_bar = MessageBar(self.centralWidget())
            self.crash_bar.setObjectName("crashBar")
            self._central_column.insertWidget(0, self.crash_bar)
        earlier = len(self.crash_guard.notices) - 1 if self.crash_guard else 0
        text = notice.text()
        if earlier > 0:
            text += f" ({earlier} earlier {'report' if earlier == 1 else 'reports'} in the same folder)"
        self.crash_bar.show_message(text, "error")

    def show_conflicts(self) -> None:
        from builder.ui.conflicts_page import open_conflicts

        open_conflicts(self)

    def show_rule_systems(self) -> None:
        """Help ▸ Rule Systems (the dialog is kept as ``rule_systems_dialog``)."""
        from builder.ui.dialogs.rule_systems import RuleSystemsDialog

        dialog = RuleSystemsDialog(self)
        self.rule_systems_dialog = dialog
        dialog.open()

    def about(self) -> None:
        from builder.ui.dialogs.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.open()
        self.about_dialog = dialog

    def show_error(self, title: str, text: str) -> None:
        """A warning box (not blocking) with one title and the reasons."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          self)
        box.open()
        self._error_box = box

    # -- drag and drop import (LibraryController.take_dropped) ---------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        if dropped_files(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        if dropped_files(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        files = dropped_files(event)
        if files:
            event.acceptProposedAction()
            self.library.take_dropped(files)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        self.settings.save_settings()
        if self.crash_guard is not None:
            self.crash_guard.uninstall()
        super().closeEvent(event)
