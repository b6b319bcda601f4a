"""The main window: the library tab (characters and campaigns), one tab per open
character or campaign, menus, undo/redo, recent files, drag-and-drop import,
settings.

Its parts, each a mixin in its own module: the actions and menus declared as data
(:mod:`.window_actions`), the open documents and tabs (:mod:`.window_documents`), the
library's operations (:mod:`.window_library`), the campaigns, the member guard and
creation (:mod:`.window_campaigns`), printing and export (:mod:`.window_export`) and
the settings (:mod:`.window_settings`).  This module builds the widgets and wires
them together."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack
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
from builder.ui.window_actions import WindowActions
from builder.ui.window_campaigns import CampaignsAndCreation
from builder.ui.window_documents import OpenDocuments
from builder.ui.window_export import PrintingAndExport
from builder.ui.window_library import JSON_FILTER, LibraryOperations  # noqa: F401
from builder.ui.window_settings import MAX_RECENT, WindowSettings  # noqa: F401

if TYPE_CHECKING:
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


class MainWindow(WindowActions, OpenDocuments, LibraryOperations, CampaignsAndCreation,
                 PrintingAndExport, WindowSettings, QMainWindow):
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
        self.docs: list = []  # CharacterDocument, in tab order of opening

        self.undo_group = QUndoGroup(self)
        # the one "files changed" broadcast: open tabs and models follow every write
        self.broadcast = FilesChanged(self)
        self.broadcast.changed.connect(self._files_changed)
        self.library_stack = QUndoStack(self)
        self.undo_group.addStack(self.library_stack)
        self.library_stack.indexChanged.connect(lambda _i: self.library_model.refresh())

        # The folders are watched once the window has settled (settle): not before the
        # first paint, nor in a start that quits there.
        self.library_model = LibraryModel(self, watch=False)
        self.library_page = LibraryPage(self.library_model, self)
        self.library_page.openRequested.connect(self.open_path)
        # Once the library is painted (firstPainted fires once): firstPaintDone, then
        # what can wait (settle).
        self.library_page.view.firstPainted.connect(
            lambda: QTimer.singleShot(0, self, self._first_paint_done))
        # the campaigns are read right after the first paint
        self.campaign_model = CampaignModel(self, lazy=True, watch=False)
        self.campaigns_panel = CampaignsPanel(self.campaign_model, self.library_page)
        self.campaigns_panel.openRequested.connect(self.open_campaign)
        self.library_page.add_section(self.campaigns_panel, 2)

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("tabs")
        self.tabs.setAccessibleName("Library and open characters")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.addTab(self.library_page, "Library")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.LeftSide, None)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._current_changed)
        # Above the tabs, whatever tab is open: the lasting "Something went wrong" bar.
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self._central_column = column
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        # Made when first needed (install_crash_guard, show_crash): the first paint
        # does not need them.
        self.crash_guard: CrashGuard | None = None
        self.crash_bar: MessageBar | None = None
        self.notice_bar: MessageBar | None = None

        self.balance_label = QLabel(self)
        self.balance_label.setObjectName("balanceLabel")
        self.balance_label.setAccessibleName("Unspent points")
        self.saved_label = QLabel(self)
        self.saved_label.setObjectName("savedLabel")
        self.statusBar().addPermanentWidget(self.saved_label)
        self.statusBar().addPermanentWidget(self.balance_label)

        self._build_actions()
        self._build_menus()
        for action in (self.act_new, self.act_import, self.act_open_selected, self.act_duplicate,
                       self.act_rename, self.act_trash):
            self.library_page.add_button(action)
        self.library_page.buttons.addStretch(1)
        first = self.library_page.add_first_start_button
        first(self.act_new, "Choose a ruleset and fill in its form; the rules check it as you "
                            "type.")
        first(self.act_import, "Copy character files you already have into the library.")
        first(self.act_samples, "Three finished characters, one for each ruleset, to look "
                                "around with.")
        for action in (self.act_new_campaign, self.act_open_campaign_selected,
                       self.act_add_to_campaign, self.act_trash_campaign):
            self.campaigns_panel.add_button(action)
        self.campaigns_panel.buttons.addStretch(1)
        self.campaigns_panel.view.selectionModel().selectionChanged.connect(
            self.update_actions)
        set_enum(self.campaigns_panel.view, "contextMenuPolicy", ACTIONS_CONTEXT_MENU)
        self.campaigns_panel.view.addActions([self.act_open_campaign_selected,
                                              self.act_add_to_campaign,
                                              self.act_trash_campaign])
        self.library_page.on_selection_changed(self.update_actions)
        self.library_page.view.addActions([self.act_rename, self.act_trash])
        set_enum(self.library_page.view, "contextMenuPolicy", ACTIONS_CONTEXT_MENU)
        for action in (self.act_open_selected, self.act_duplicate, self.act_rename,
                       self.act_trash, self.act_save_copy):
            self.library_page.view.addAction(action)
        self.resize(*DEFAULT_SIZE)
        self.fit_to_screen()          # a small screen, or a large scale: inside the screen
        if restore:
            self.restore_settings()
        self._current_changed(self.tabs.currentIndex())

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
        install_input_policy()
        apply_theme(theme_choice.saved_choice())
        if self.tabs.currentIndex() == 0:
            self.library_page.focus_first_start()

    def set_theme(self, choice: str) -> None:
        from builder.ui import theme

        theme.choose(choice)
        self.theme_actions[theme.saved_choice()].setChecked(True)
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

    def about(self) -> None:
        from builder.ui.dialogs.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.open()
        self.about_dialog = dialog

    def _show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          self)
        box.open()
        self._error_box = box

    def closeEvent(self, event):
        self.save_settings()
        if self.crash_guard is not None:
            self.crash_guard.uninstall()
        super().closeEvent(event)
