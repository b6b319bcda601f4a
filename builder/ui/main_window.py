"""The main window: the library tab (characters and campaigns), one tab per open
character or campaign, menus, undo/redo, recent files, drag-and-drop import,
settings."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget, QWidget

# Dialog classes (QFileDialog, QInputDialog, QMessageBox) and QDesktopServices are
# imported where they are used: the first paint does not need them.

from builder import APP_TITLE
from builder.storage import library
from builder.storage.paths import characters_dir
from builder.ui.models.campaign_model import CampaignModel
from builder.ui.models.library_model import LibraryModel
from builder.ui.operations import FilesChanged
from builder.ui.settings import app_settings
from builder.ui.window_campaigns import CampaignsAndCreation
from builder.ui.views.library_page import CampaignsPanel, LibraryPage

MAX_RECENT = 10
JSON_FILTER = "Character files (*.json);;All files (*)"


def _std(action: QAction, key, fallback: str | None = None) -> QAction:
    """Standard shortcut for the platform, with a fallback where the platform has none."""
    keys = QKeySequence.keyBindings(key)
    if fallback and not any(k.toString() == fallback for k in keys):
        keys = list(keys) + [QKeySequence(fallback)]
    action.setShortcuts(keys)
    return action


def _is_campaign_view(widget) -> bool:
    """Without importing the campaign tab's module (start-up does not need it)."""
    import sys

    module = sys.modules.get("builder.ui.campaign_view")
    return module is not None and isinstance(widget, module.CampaignView)


class MainWindow(CampaignsAndCreation, QMainWindow):
    def __init__(self, parent: QWidget | None = None, restore: bool = True):
        super().__init__(parent)
        from builder.ui import input_policy, theme

        input_policy.install()
        theme_manager = theme.manager()
        if theme_manager is not None:
            theme_manager.apply(theme.saved_choice())
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

        self.library_model = LibraryModel(self)
        self.library_page = LibraryPage(self.library_model, self)
        self.library_page.openRequested.connect(self.open_path)
        # the campaigns are read right after the first paint
        self.campaign_model = CampaignModel(self, lazy=True)
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
        self.setCentralWidget(self.tabs)

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
        first = self.library_page.first_start
        first.add_button(self.act_new, "Choose a ruleset and fill in its form; the rules check "
                                       "it as you type.")
        first.add_button(self.act_import, "Copy character files you already have into the "
                                          "library.")
        first.add_button(self.act_samples, "Three finished characters, one for each ruleset, "
                                           "to look around with.")
        for action in (self.act_new_campaign, self.act_open_campaign_selected,
                       self.act_add_to_campaign, self.act_trash_campaign):
            self.campaigns_panel.add_button(action)
        self.campaigns_panel.buttons.addStretch(1)
        self.campaigns_panel.view.selectionModel().selectionChanged.connect(
            self._update_actions)
        self.campaigns_panel.view.setContextMenuPolicy(
            Qt.ContextMenuPolicy.ActionsContextMenu)
        self.campaigns_panel.view.addActions([self.act_open_campaign_selected,
                                              self.act_add_to_campaign,
                                              self.act_trash_campaign])
        self.library_page.view.selectionModel().selectionChanged.connect(self._update_actions)
        self.library_page.view.addActions([self.act_rename, self.act_trash])
        self.library_page.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in (self.act_open_selected, self.act_duplicate, self.act_rename,
                       self.act_trash, self.act_save_copy):
            self.library_page.view.addAction(action)
        self.resize(1180, 760)
        if restore:
            self.restore_settings()
        self._current_changed(self.tabs.currentIndex())

    # -- actions and menus ------------------------------------------------------------
    def _action(self, text: str, slot, tip: str = "", shortcut=None) -> QAction:
        action = QAction(text, self)
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        if shortcut is not None:
            if isinstance(shortcut, QKeySequence.StandardKey):
                _std(action, shortcut)
            else:
                action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.act_new = self._action("&New Character…", self.new_character,
                                    "Create a character: choose a ruleset, then fill in its form",
                                    K.New)
        self.act_open = self._action("&Open…", self.open_dialog,
                                     "Open a character file from anywhere (it is edited where it is)",
                                     K.Open)
        self.act_import = self._action("&Import into Library…", self.import_dialog,
                                       "Copy a character file into the library "
                                       "(you can also drop .json files on the window)",
                                       "Ctrl+I")
        self.act_open_selected = self._action("Open &Selected", self.open_selected,
                                              "Open the selected characters in tabs")
        self.act_save_copy = self._action("Save a &Copy As…", self.save_copy,
                                          "Write a copy of the character somewhere else", K.SaveAs)
        self.act_close_tab = self._action("&Close Tab", self.close_current_tab,
                                          "Close the current character", K.Close)
        self.act_quit = _std(self._action("&Quit", self.close, "Quit the application"),
                             K.Quit, "Ctrl+Q")
        self.act_duplicate = self._action("&Duplicate", self.duplicate_selected,
                                          "Copy the selected character under a new name",
                                          "Ctrl+D")
        self.act_rename = self._action("&Rename…", self.rename_selected,
                                       "Give the character a new name", "F2")
        self.act_identity = self._action("&Who Is This Character…", self.edit_identity,
                                         "Player, appearance, background and portrait "
                                         "(printed on the sheet)")
        self.act_trash = self._action("&Move to Trash", self.trash_selected,
                                      "Move the selected characters to the trash (Undo brings "
                                      "them back)", K.Delete)
        self.act_trash.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.act_restore = self._action("Restore from &Trash…", self.restore_dialog,
                                        "Bring back a character from the trash")
        # printing (builder.ui.printing, imported when used)
        self.act_print = self._action("&Print…", self.print_current,
                                      "Print the character's sheet (system print dialog)",
                                      K.Print)
        self.act_preview = self._action("Print Pre&view…", self.preview_current,
                                        "See the sheet's pages before printing",
                                        "Ctrl+Shift+P")
        self.act_export_pdf = self._action("&Export PDF…", self.export_pdf,
                                           "Save the sheet of the current character, or of "
                                           "the characters selected in the library, as PDF",
                                           "Ctrl+E")
        self.act_sheet_options = self._action("S&heet Options…", self.sheet_options_dialog,
                                              "Which sections to print, blank values for "
                                              "pencil play, paper size")
        self.sheet_options = None
        self.sheet_paper: str | None = None
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        # An old "Done: ..." must not outlive the change it reported.
        self.undo_group.indexChanged.connect(lambda _i: self.statusBar().clearMessage())
        _std(self.act_undo, K.Undo)
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        _std(self.act_redo, K.Redo, "Ctrl+Shift+Z")
        self.act_reload = self._action("Re&load from Disk", self.reload_current,
                                       "Read the character file again", K.Refresh)
        self.act_library = self._action("Show &Library", self.show_library,
                                        "Go to the library tab", "Ctrl+L")
        self.act_data_folder = self._action("Open &Data Folder", self.open_data_folder,
                                            "Show the folder the library lives in")
        self.act_about = self._action("&About Character Builder", self.about,
                                      "Version and licence")
        self.act_samples = self._action("Open the &Sample Characters", self.open_samples,
                                        "Copy the sample characters that come with the app "
                                        "into the library and open them")
        self.act_find = self._action("&Find…", self.focus_search,
                                     "Search the library, or filter the increases of the "
                                     "open character", K.Find)
        self.act_find.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(self.act_find)
        self.act_library.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(self.act_library)
        from PySide6.QtGui import QActionGroup

        from builder.ui import theme

        self.theme_group = QActionGroup(self)
        self.theme_group.setExclusive(True)
        self.theme_actions = {}
        chosen = theme.saved_choice()
        for key, title in theme.THEMES.items():
            action = QAction(title, self)
            action.setCheckable(True)
            action.setChecked(key == chosen)
            action.setStatusTip(f"Colours: {title.replace('&', '')}"
                                + (" (follow the desktop's light or dark scheme)"
                                   if key == "system" else ""))
            action.triggered.connect(lambda _=False, k=key: self.set_theme(k))
            self.theme_group.addAction(action)
            self.theme_actions[key] = action
        # campaigns
        self.act_new_campaign = self._action(
            "New &Campaign…", self.new_campaign,
            "Create a campaign: a name, a ruleset and member characters from the library",
            "Ctrl+Shift+N")
        self.act_open_campaign = self._action("Open Campaign &File…", self.open_campaign_dialog,
                                              "Open a campaign file from anywhere")
        self.act_open_campaign_selected = self._action(
            "&Open Campaign", self.open_selected_campaign,
            "Open the selected campaign in a tab (Enter, double-click)")
        self.act_add_to_campaign = self._action(
            "&Add Selected Characters", self.add_selected_to_campaign,
            "Add the characters selected in the library above to the selected campaign")
        self.act_trash_campaign = self._action(
            "Move Campaign to &Trash", self.trash_selected_campaign,
            "Move the selected campaign file to the trash (Undo brings it back; the "
            "characters are not touched)", QKeySequence.StandardKey.Delete)
        self.act_trash_campaign.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.act_new, self.act_open, self.act_import])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        file_menu.addAction(self.act_save_copy)
        file_menu.addAction(self.act_reload)
        file_menu.addSeparator()
        file_menu.addActions([self.act_print, self.act_preview, self.act_export_pdf,
                              self.act_sheet_options])
        file_menu.addSeparator()
        file_menu.addAction(self.act_close_tab)
        file_menu.addAction(self.act_quit)

        edit = bar.addMenu("&Edit")
        edit.addActions([self.act_undo, self.act_redo])
        edit.addSeparator()
        edit.addActions([self.act_rename, self.act_identity, self.act_duplicate, self.act_trash,
                         self.act_restore])

        self.character_menu = bar.addMenu("&Character")
        self.character_menu.aboutToShow.connect(self._fill_character_menu)

        self.campaign_menu = bar.addMenu("C&ampaign")
        self.campaign_menu.aboutToShow.connect(self._fill_campaign_menu)

        view = bar.addMenu("&View")
        view.addAction(self.act_library)
        view.addAction(self.act_find)
        view.addAction(self.act_data_folder)
        view.addSeparator()
        theme_menu = view.addMenu("&Theme")
        theme_menu.addActions(list(self.theme_actions.values()))

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_samples)
        from builder.ui.dialogs.rule_systems import add_to_menu  # Help > Rule Systems
        add_to_menu(help_menu, self)
        help_menu.addAction(self.act_about)

    def _fill_character_menu(self) -> None:
        self.character_menu.clear()
        editor = self.current_editor()
        actions = editor.menu_actions() if editor is not None and hasattr(editor, "menu_actions") \
            else []
        if not actions:
            placeholder = self.character_menu.addAction("(open a character)")
            placeholder.setEnabled(False)
        for action in actions:
            self.character_menu.addAction(action)

    def _fill_campaign_menu(self) -> None:
        menu = self.campaign_menu
        menu.clear()
        menu.addActions([self.act_new_campaign, self.act_open_campaign,
                         self.act_open_campaign_selected, self.act_add_to_campaign,
                         self.act_trash_campaign])
        view = self.current_campaign_view()
        if view is not None:
            menu.addSeparator()
            for button in (view.award_button, view.exchange_button, view.xp_button,
                           view.add_button, view.remove_button):
                if button.isVisibleTo(view):
                    action = menu.addAction(button.text(), button.click)
                    action.setEnabled(button.isEnabled())
            menu.addAction("&Full-Screen Pool", view.pool_view.full_button.toggle)

    def set_theme(self, choice: str) -> None:
        from builder.ui import theme

        theme.choose(choice)
        self.theme_actions[theme.saved_choice()].setChecked(True)
        self.report(f"Theme: {theme.THEMES[theme.saved_choice()].replace('&', '')}")

    def focus_search(self) -> None:
        """Ctrl+F: the library's search, or the open character's filter of increases."""
        from builder.ui.focus import focus_widget

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

    # -- state helpers ---------------------------------------------------------------
    def report(self, message: str, timeout: int = 8000) -> None:
        self.statusBar().showMessage(message, timeout)

    def current_editor(self):
        widget = self.tabs.currentWidget()
        return widget if widget is not None and hasattr(widget, "doc") else None

    def current_campaign_view(self):
        widget = self.tabs.currentWidget()
        return widget if _is_campaign_view(widget) else None

    def current_doc(self):
        editor = self.current_editor()
        return editor.doc if editor is not None else None

    def editor_for_path(self, path) -> QWidget | None:
        path = Path(path).resolve()
        for editor in self.editors():
            if editor.doc.path is not None and Path(editor.doc.path).resolve() == path:
                return editor
        return None

    def editors(self) -> list:
        """The character tabs."""
        widgets = [self.tabs.widget(i) for i in range(1, self.tabs.count())]
        return [w for w in widgets if hasattr(w, "doc")]

    def campaign_views(self) -> list:
        """The campaign tabs."""
        widgets = [self.tabs.widget(i) for i in range(1, self.tabs.count())]
        return [w for w in widgets if _is_campaign_view(w)]

    def campaign_view_for_path(self, path) -> QWidget | None:
        path = Path(path).resolve()
        for view in self.campaign_views():
            if view.path.resolve() == path:
                return view
        return None

    def open_documents(self) -> list:
        return [editor.doc for editor in self.editors()]

    def _current_changed(self, _index: int) -> None:
        doc = self.current_doc()
        campaign = self.current_campaign_view()
        if doc is not None:
            self.undo_group.setActiveStack(doc.undo_stack)
        elif campaign is not None:
            campaign.reload()  # the members' figures may have changed in their tabs
            self.undo_group.setActiveStack(campaign.undo_stack)
        else:
            self.undo_group.setActiveStack(self.library_stack)
        self._update_actions()
        self._update_status()

    def _update_actions(self, *_):
        on_library = self.tabs.currentIndex() == 0
        selected = bool(self.library_page.selected_paths()) if on_library else True
        self.act_duplicate.setEnabled(selected)
        self.act_rename.setEnabled(selected)
        self.act_trash.setEnabled(on_library and selected)
        self.act_open_selected.setEnabled(on_library and selected)
        self.act_save_copy.setEnabled(selected)
        self.act_close_tab.setEnabled(not on_library)
        one_character = self.current_doc() is not None
        self.act_identity.setEnabled(one_character)
        # Print and Print Preview also take the characters selected in the Library.
        self.act_print.setEnabled(one_character or (on_library and selected))
        self.act_preview.setEnabled(one_character or (on_library and selected))
        self.act_export_pdf.setEnabled(one_character or (on_library and selected))
        self.act_reload.setEnabled(True)
        if self.current_campaign_view() is not None:
            for action in (self.act_duplicate, self.act_rename, self.act_save_copy):
                action.setEnabled(False)
        campaign_selected = on_library and bool(self.campaigns_panel.selected_paths())
        self.act_open_campaign_selected.setEnabled(campaign_selected)
        self.act_trash_campaign.setEnabled(campaign_selected)
        self.act_add_to_campaign.setEnabled(
            campaign_selected and bool(self.library_page.view.selectionModel().selectedRows()))

    # -- printing -------------------------------------------------------------------------
    def edit_identity(self) -> None:
        """Who the character is (builder/ui/dialogs/identity.py): one undo step."""
        from builder.ui.dialogs.identity import edit_identity

        doc = self.current_doc()
        if doc is not None and not doc.read_only:
            self._identity_dialog = edit_identity(self, doc)

    def current_sheets(self) -> list:
        """The current character's sheet (on the Library: the selected characters'),
        with the chosen sheet options."""
        from builder.sheets import build_sheet

        doc = self.current_doc()
        if doc is None:
            if self.tabs.currentIndex() == 0:
                from builder.ui import printing

                return printing.library_sheets(self, self.library_page.selected_paths(),
                                               self.sheet_options)
            return []
        return [build_sheet(doc.derived(), doc.ruleset.id, self.sheet_options)]

    def _sheet_duplex(self) -> bool:
        return bool(self.sheet_options is not None and self.sheet_options.duplex)

    def print_current(self) -> None:
        from builder.ui import printing

        sheets = self.current_sheets()
        if sheets:
            self._print_dialog = printing.print_dialog(
                self, sheets, lambda printed: printed and self.report("Sent to the printer"),
                self.sheet_paper, self._sheet_duplex())

    def preview_current(self) -> None:
        from builder.ui import printing

        sheets = self.current_sheets()
        if sheets:
            self._preview = printing.preview_dialog(self, sheets, self.sheet_paper,
                                                    self._sheet_duplex())
            self._preview.open()

    def export_pdf(self) -> None:
        """One character: its sheet.  Library selection: one PDF or one PDF each."""
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from builder.ui import printing

        if self.tabs.currentIndex() != 0:
            sheets = self.current_sheets()
            doc = self.current_doc()
            if sheets:
                path = printing.export_pdf_dialog(self, sheets, doc.name, self.sheet_paper)
                if path is not None:  # the dialog then offers Open and Show in Folder
                    self.report(f"Saved {path}")
            return
        paths = self.library_page.selected_paths()
        if not paths:
            return
        one_file = True
        if len(paths) > 1:
            box = QMessageBox(QMessageBox.Icon.Question, "Export PDF",
                              f"Export {len(paths)} characters into one PDF, or one PDF each?",
                              QMessageBox.StandardButton.Cancel, self)
            one = box.addButton("One PDF", QMessageBox.ButtonRole.AcceptRole)
            each = box.addButton("One PDF each…", QMessageBox.ButtonRole.AcceptRole)
            box.exec()
            if box.clickedButton() not in (one, each):
                return
            one_file = box.clickedButton() is one
        if one_file:
            target, _ = QFileDialog.getSaveFileName(
                self, "Export PDF", str(Path(printing.last_folder()) / "characters.pdf"),
                "PDF files (*.pdf)")
        else:
            target = QFileDialog.getExistingDirectory(self, "Export PDFs into",
                                                      printing.last_folder())
        if target:
            self.export_paths(paths, target, one_file)

    def export_paths(self, paths, target, one_file: bool) -> list | None:
        from builder.ui import printing

        written = printing.export_characters(self, paths, target, one_file=one_file,
                                             paper=self.sheet_paper,
                                             options=self.sheet_options)
        if written:
            self.report(f"Exported {len(written)} PDF{'s' if len(written) != 1 else ''} "
                        f"to {Path(target) if not one_file else Path(target).parent}")
        return written

    def sheet_options_dialog(self) -> None:
        from builder.ui.printing import SheetOptionsDialog

        doc = self.current_doc()
        ruleset_id = doc.ruleset.id if doc is not None else "story-points"
        dialog = SheetOptionsDialog(self, ruleset_id, doc.derived() if doc else None)

        def done(result):
            if result:
                self.sheet_options = dialog.options()
                self.sheet_paper = dialog.paper_id()
                self.report("Sheet options set for printing and PDF export")

        dialog.finished.connect(done)
        dialog.open()
        self._sheet_dialog = dialog

    def _update_status(self) -> None:
        doc = self.current_doc()
        campaign = self.current_campaign_view()
        if campaign is not None:
            self.setWindowTitle(f"{campaign.name} (campaign) — {APP_TITLE}[*]")
            self.setWindowModified(False)
            self.saved_label.setText("✔ Saved")
            self.saved_label.setToolTip(str(campaign.path))
            self.balance_label.setText("")
            self.tabs.setTabText(self.tabs.indexOf(campaign), f"⚑ {campaign.name}")
            return
        if doc is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            self.saved_label.setText("")
            self.balance_label.setText("")
            return
        state = doc.state_label()
        self.setWindowTitle(f"{doc.name} — {state} — {APP_TITLE}[*]")
        self.setWindowModified(state != "saved" and state != "read-only")
        self.saved_label.setText("✔ Saved" if state == "saved" else state.capitalize())
        self.saved_label.setToolTip(str(doc.path))
        try:
            balance = doc.ruleset.balance(doc.cf.state)
        except Exception:  # noqa: BLE001 - a broken ledger still shows
            balance = None
        unit = self.current_editor().unit()
        caption = getattr(doc.ruleset, "balance_format", "")
        if balance is None:
            self.balance_label.setText("")
        elif caption:
            self.balance_label.setText(caption.format(balance))
        elif unit:
            self.balance_label.setText(f"Unspent: {balance} {unit}")
        else:
            self.balance_label.setText(f"Balance: {balance}")
        index = self.tabs.indexOf(self.current_editor())
        self.tabs.setTabText(index, doc.name + ("" if state in ("saved", "read-only") else " *"))

    # -- opening and closing ------------------------------------------------------------
    def open_path(self, path, make_current: bool = True) -> QWidget | None:
        from builder.ui.document import CharacterDocument
        from builder.ui.views import create_editor

        existing = self.editor_for_path(path)
        if existing is not None:
            if make_current:
                self.tabs.setCurrentWidget(existing)
            return existing
        try:
            doc = CharacterDocument.open(path, self)
        except library.FileProblemType() as problem:
            self.report(str(problem))
            self._show_error("Cannot open this file", str(problem))
            return None
        editor = create_editor(doc, self.tabs)
        self._window_wide_shortcuts(editor)
        editor.status.connect(self.report)
        doc.saveStateChanged.connect(self._doc_state_changed)
        doc.changed.connect(self._doc_state_changed)
        doc.externalChange.connect(lambda e=editor: self._ledger_only_change(e))
        self.undo_group.addStack(doc.undo_stack)
        self.restore_splitters(editor)
        index = self.tabs.addTab(editor, doc.name)
        self.tabs.setTabToolTip(index, str(doc.path))
        if make_current:
            self.tabs.setCurrentIndex(index)
        self.add_recent(str(doc.path))
        if doc.read_only:
            editor.refusal_bar.show_message(doc.read_only, "info")
        if doc.cf.replay.problems:
            lines = [line for p in doc.cf.replay.problems for line in p.lines()]
            editor.refusal_bar.show_message(
                "This file has problems; the skipped entries are marked in the ledger:\n"
                + "\n".join(lines[:6]), "warning")
        return editor

    def _window_wide_shortcuts(self, editor) -> None:
        """An editor's shortcuts (Ctrl+1..., Award) work wherever the focus is in the
        window while its tab is shown: a hidden tab's editor is not visible, so its
        shortcuts never match."""
        from PySide6.QtGui import QAction as _QAction

        taken = {key.toString() for action in self.findChildren(_QAction)
                 if action.parent() is self for key in action.shortcuts()}
        for action in editor.findChildren(_QAction):
            keys = {key.toString() for key in action.shortcuts()}
            if not keys or keys & taken:
                continue    # a window action has the same keys: stay inside the editor
            if action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut:
                action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

    def _doc_state_changed(self) -> None:
        self._update_status()
        self.library_model.refresh()

    def close_tab(self, index: int) -> None:
        if index <= 0:
            return
        editor = self.tabs.widget(index)
        self.save_splitters(editor)
        if not hasattr(editor, "doc"):  # a campaign tab
            self.tabs.removeTab(index)
            self.undo_group.removeStack(editor.undo_stack)
            editor.pool_view.set_full_screen(False)
            editor.deleteLater()
            return
        self.tabs.removeTab(index)
        editor.doc.stop_watching()
        self.undo_group.removeStack(editor.doc.undo_stack)
        editor.deleteLater()
        editor.doc.deleteLater()

    def close_current_tab(self) -> None:
        self.close_tab(self.tabs.currentIndex())

    def show_library(self) -> None:
        self.tabs.setCurrentIndex(0)

    def open_selected(self) -> None:
        for path in self.library_page.selected_paths():
            self.open_path(path)

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Open a character", str(characters_dir()), JSON_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.filesSelected.connect(lambda files: [self.open_path(f) for f in files])
        dialog.open()
        self._file_dialog = dialog

    # -- library operations (undoable, on the library stack) --------------------------------
    def _target_paths(self) -> list[str]:
        if self.tabs.currentIndex() == 0:
            return self.library_page.selected_paths()
        doc = self.current_doc()
        return [str(doc.path)] if doc is not None and doc.path else []

    def _library_op(self, op, make_command, text: str):
        """Run one library operation (:mod:`builder.app.library`): refused, the reasons
        in the status bar and None; done, announced on the broadcast and pushed on the
        library stack as ``make_command(text, outcome, guard, broadcast, report)``."""
        from builder.ui.operations import Failure, run

        result = run(op, self.broadcast)
        if isinstance(result, Failure):
            self.report(" ".join(result.reasons))
            return None
        self.library_stack.push(make_command(text, result, self.member_blockers,
                                             self.broadcast, self.report))
        return result

    def duplicate_selected(self) -> None:
        from builder.app import library as app_library
        from builder.ui.undo import created_files

        for path in self._target_paths():
            name = self._name_of(path)
            outcome = self._library_op(lambda p=path: app_library.duplicate(p), created_files,
                                       f"Duplicate {name}")
            if outcome is not None:
                copy = outcome.changes[0].path
                self.library_page.select_path(str(copy))
                self.report(f"Duplicated {name} as {copy.name}")

    def rename_selected(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        paths = self._target_paths()
        if not paths:
            return
        path = paths[0]
        editor = self.editor_for_path(path)
        old = editor.doc.name if editor is not None else self._name_of(path)
        dialog = QInputDialog(self)
        dialog.setWindowTitle("Rename character")
        dialog.setLabelText(f"New name for {old}:")
        dialog.setTextValue(old)
        dialog.textValueSelected.connect(lambda text: self.rename_path(path, text))
        dialog.open()
        self.rename_dialog = dialog

    def rename_path(self, path, new_name: str) -> None:
        """:func:`builder.app.characters.rename`: an open character's on its tab's undo
        stack (the tab holds the file), any other on the library stack."""
        from builder.app import characters
        from builder.ui.undo import renamed_file

        editor = self.editor_for_path(path)
        if editor is not None:
            editor.doc.rename(new_name)  # on the character's own undo stack
            self.library_model.refresh()
            return
        self._library_op(lambda: characters.rename(path, new_name, guard=self.member_blockers),
                         lambda _text, outcome, *rest: renamed_file(path, outcome, *rest), "")

    def trash_selected(self) -> None:
        """Move the selected characters to the trash, all or none (not one whose open tab
        holds a change that is not on disk); their tabs close."""
        from builder.app import library as app_library
        from builder.ui.undo import trashed_files

        paths = self._target_paths()
        if not paths:
            return
        text = (f"Delete {len(paths)} characters" if len(paths) > 1 else
                f"Delete {self._name_of(paths[0])}")
        outcome = self._library_op(
            lambda: app_library.trash(paths, guard=self.member_blockers), trashed_files, text)
        if outcome is None:
            return
        keys = self.act_undo.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.report(f"Moved {len(paths)} to the trash — Edit ▸ Undo ({keys}) brings "
                    f"{'them' if len(paths) > 1 else 'it'} back")

    def _name_of(self, path) -> str:
        row = self.library_model.row_for_path(path)
        return self.library_model.entries()[row].name if row >= 0 else Path(path).stem

    def restore_dialog(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        from builder.app import library as app_library

        items = app_library.trash_items()
        if not items:
            self.report("The trash is empty")
            return
        labels = [f"{item.original.name}  (trashed as {item.trashed.name})" for item in items]
        dialog = QInputDialog(self)
        dialog.setWindowTitle("Restore from Trash")
        dialog.setLabelText("Character to restore:")
        dialog.setComboBoxItems(labels)
        dialog.setComboBoxEditable(False)
        dialog.textValueSelected.connect(
            lambda text: self.restore_items([items[labels.index(text)]]))
        dialog.open()
        self.restore_from_trash_dialog = dialog

    def restore_items(self, items) -> list[Path]:
        """Put files back from the trash (:func:`builder.app.library.restore`); undoable."""
        from builder.app import library as app_library
        from builder.ui.undo import created_files

        names = ", ".join(item.original.name for item in items)
        outcome = self._library_op(lambda: app_library.restore(items), created_files,
                                   f"Restore {names}")
        if outcome is None:
            return []
        restored = [c.path for c in outcome.changes]
        if restored:
            self.library_page.select_path(str(restored[-1]))
            self.report(f"Restored {', '.join(p.name for p in restored)}")
        return restored

    def import_paths(self, paths) -> list[Path]:
        """Copy character files into the library, all or none
        (:func:`builder.app.library.import_files`); one undo step."""
        from builder.app import library as app_library
        from builder.ui.undo import created_files

        if not paths:
            return []
        names = ", ".join(Path(p).name for p in paths)
        outcome = self._library_op(lambda: app_library.import_files(list(paths)),
                                   created_files, f"Import {names}")
        if outcome is None:
            return []
        imported = [c.path for c in outcome.changes]
        self.show_library()
        self.library_page.select_path(str(imported[-1]))
        self.report(f"Imported {', '.join(p.name for p in imported)}")
        return imported

    def open_samples(self) -> list:
        """Copy the sample characters shipped with the app into the library, open them."""
        from importlib import resources

        from builder.resources import resource_path

        imported = []
        folder = resource_path("samples")
        samples = sorted((f for f in folder.iterdir() if f.name.endswith(".json")),
                         key=lambda f: f.name) if folder.is_dir() else []
        for sample in samples:
            with resources.as_file(sample) as path:
                imported += self.import_paths([str(path)])
        for i, path in enumerate(imported):
            self.open_path(path, make_current=i == 0)
        if not samples:
            self.report("No sample characters came with this installation")
        elif imported:
            self.report(f"Opened {len(imported)} sample characters (copies in your library)")
        return imported

    def import_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Import characters into the library", str(Path.home()),
                             JSON_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.filesSelected.connect(self.import_paths)
        dialog.open()
        self._file_dialog = dialog

    def save_copy(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        paths = self._target_paths()
        if not paths:
            return
        source = paths[0]
        dialog = QFileDialog(self, "Save a copy as", str(Path.home() / Path(source).name),
                             JSON_FILTER)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")
        dialog.fileSelected.connect(lambda target: self.save_copy_to(source, target))
        dialog.open()
        self._file_dialog = dialog

    def save_copy_to(self, source, target) -> None:
        try:
            library.save_copy(source, target)
        except library.FileProblemType() as problem:
            self._show_error("Cannot save the copy", str(problem))
            return
        self.report(f"Saved a copy as {target}")

    def reload_current(self) -> None:
        editor = self.current_editor()
        campaign = self.current_campaign_view()
        if campaign is not None:
            campaign.reload()
            campaign.pool_view.reload()
            self.report("Campaign re-read")
            return
        if editor is None:
            self.library_model.refresh()
            self.report("Library re-read")
            return
        editor._reload()

    def open_data_folder(self) -> None:
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        folder = characters_dir(create=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def about(self) -> None:
        from builder.ui.dialogs.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.open()
        self._about_dialog = dialog

    def _show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          self)
        box.open()
        self._error_box = box

    # -- recent files --------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = app_settings().value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        recent = [p for p in self.recent_files() if p != path]
        recent.insert(0, path)
        app_settings().setValue("recentFiles", recent[:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = [p for p in self.recent_files() if Path(p).exists()]
        for i, path in enumerate(recent):
            action = self.recent_menu.addAction(f"&{i + 1} {Path(path).name}")
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)

    # -- drag and drop import ----------------------------------------------------------------
    @staticmethod
    def _dropped_files(event) -> list[str]:
        mime = event.mimeData()
        if not mime.hasUrls():
            return []
        return [u.toLocalFile() for u in mime.urls()
                if u.isLocalFile() and u.toLocalFile().lower().endswith(".json")]

    def dragEnterEvent(self, event):
        if self._dropped_files(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event):
        if self._dropped_files(event):
            event.acceptProposedAction()

    def dropEvent(self, event):
        files = self._dropped_files(event)
        if files:
            event.acceptProposedAction()
            self.import_paths(files)

    # -- open documents following changes behind the app ---------------------------
    def _ledger_only_change(self, editor) -> None:
        """A file changed behind the app only at the end of its ledger (a campaign
        award or its undo from the command line, a ``do`` / ``undo``): the tab holds
        nothing that is not on disk (every change is saved at once), so it takes the
        new version without asking.  Any other change keeps the Reload / Keep mine bar."""
        import json

        from builder.storage.files import FileProblem

        doc = editor.doc
        if doc.save_error or doc.read_only or doc.cf.raw is None:
            return
        try:
            ours = json.loads(doc.cf.raw.decode("utf-8"))
            theirs = json.loads((doc.disk_bytes() or b"").decode("utf-8"))
            # a change made in the tab that could not be saved (the save found the
            # file changed) is never dropped: then the bar asks
            if json.loads(doc.cf.to_bytes().decode("utf-8")) != ours:
                return
        except (UnicodeDecodeError, ValueError):
            return
        if not (isinstance(ours, dict) and isinstance(theirs, dict)):
            return
        a, b = ours.pop("ledger", None), theirs.pop("ledger", None)
        if ours != theirs or not isinstance(a, list) or not isinstance(b, list):
            return
        shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
        if longer[:len(shorter)] != shorter:
            return
        try:
            doc.reload()
        except FileProblem:
            return
        editor.conflict_bar.hide()
        self.report(f"{doc.name}: its ledger changed on disk (e.g. a campaign award); "
                    f"reloaded")

    # -- settings ------------------------------------------------------------------------
    def settings_key(self, editor, name: str) -> str:
        if not hasattr(editor, "doc"):
            return f"campaign/{name}"
        return f"editor/{editor.doc.ruleset.id}/{name}"

    def save_splitters(self, editor) -> None:
        settings = app_settings()
        for name, splitter in editor.splitters().items():
            settings.setValue(self.settings_key(editor, name), splitter.saveState())

    def restore_splitters(self, editor) -> None:
        settings = app_settings()
        for name, splitter in editor.splitters().items():
            state = settings.value(self.settings_key(editor, name))
            if isinstance(state, QByteArray):
                splitter.restoreState(state)

    def save_settings(self) -> None:
        settings = app_settings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())
        header = self.library_page.view.horizontalHeader()
        settings.setValue("library/header", header.saveState())
        settings.setValue("openFiles", [str(d.path) for d in self.open_documents() if d.path])
        settings.setValue("openCampaigns", [str(v.path) for v in self.campaign_views()])
        settings.setValue("currentTab", self.tabs.currentIndex())
        # one layout per ruleset: the current editor's wins
        current = self.current_editor()
        for editor in self.editors() + self.campaign_views():
            if editor is not current:
                self.save_splitters(editor)
        if current is not None:
            self.save_splitters(current)
        settings.sync()

    def restore_settings(self) -> None:
        settings = app_settings()
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        header = settings.value("library/header")
        if isinstance(header, QByteArray):
            self.library_page.view.horizontalHeader().restoreState(header)
        files = settings.value("openFiles", [])
        if isinstance(files, str):
            files = [files]
        self._restore_files = [f for f in (files or []) if Path(f).is_file()]
        campaigns = settings.value("openCampaigns", [])
        if isinstance(campaigns, str):
            campaigns = [campaigns]
        self._restore_campaigns = [f for f in (campaigns or []) if Path(f).is_file()]
        try:
            self._restore_tab = int(settings.value("currentTab", 0))
        except (TypeError, ValueError):
            self._restore_tab = 0

    def reopen_tabs(self) -> None:
        """Reopen the tabs of the last session (called after the first paint)."""
        for path in getattr(self, "_restore_files", []):
            self.open_path(path, make_current=False)
        for path in getattr(self, "_restore_campaigns", []):
            self.open_campaign(path, make_current=False)
        self._restore_campaigns = []
        index = getattr(self, "_restore_tab", 0)
        if 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)
        self._restore_files = []

    def closeEvent(self, event):
        self.save_settings()
        super().closeEvent(event)
