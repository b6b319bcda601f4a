"""The main window's tabs (:class:`DocumentsController`): one tab per open character
or campaign, which tab is current, the window title and status bar for it, opening and
closing tabs, the member guard over the open tabs, and the open tabs following the
"files changed" broadcast or a change made to their file behind the app.

It talks to the other controllers through its signals: the window's settings restore
and save a tab's splitters (:attr:`tabOpening`, :attr:`tabClosing`) and remember the
files opened (:attr:`fileOpened`); the actions follow the current tab
(:attr:`currentChanged`)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable, cast

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from builder import APP_TITLE
from builder.app import queries
from builder.app.pathnames import real_path

if TYPE_CHECKING:
    from builder.app.library import LibraryEntry
    from builder.ui.broadcast import Change
    from builder.ui.campaign_tab import CampaignTab
    from builder.ui.document import CharacterDocument
    from builder.ui.main_window import MainWindow
    from builder.ui.views.base import CharacterEditor

JSON_FILTER = "Character files (*.json);;All files (*)"


def document_kind(path: str | Path) -> str:
    """What ``path`` holds, as its ``kind`` says ("character", "campaign"...); a file
    that cannot be read counts as a character file (opening it says what is wrong)."""
    from builder.app.types import FileProblem

    try:
        return queries.document_kind(path)
    except FileProblem:
        return "character"


def documents_of(widget: QWidget) -> DocumentsController | None:
    """The tabs' controller of the main window ``widget`` is shown in (None for a
    widget outside one)."""
    documents = getattr(widget.window(), "documents", None)
    return documents if isinstance(documents, DocumentsController) else None


def open_tab_blockers(editors: Iterable[CharacterEditor], paths: Iterable[str | Path]
                      ) -> list[str]:
    """Reasons a change of several files must not write these character files now: an
    open tab holds a change to them that is not on disk (not saved, or a conflict)."""
    wanted = {real_path(p) for p in paths}
    reasons = []
    for editor in editors:
        doc = editor.doc
        if doc.path is None or real_path(doc.path) not in wanted:
            continue
        if doc.conflict:
            reasons.append(f"{doc.name} ({doc.path}): the file changed on disk and its "
                           f"open tab has not reloaded it; reload it (or keep yours) first")
        elif doc.save_error:
            reasons.append(f"{doc.name} ({doc.path}): its open tab has a change that is "
                           f"not saved ({doc.save_error})")
    return reasons


def _is_campaign_tab(widget: QWidget | None) -> bool:
    """Without importing the campaign tab's module (start-up does not need it)."""
    import sys

    module = sys.modules.get("builder.ui.campaign_tab")
    return module is not None and isinstance(widget, module.CampaignTab)


class DocumentsController(QObject):
    """The tabs: which is current, opening, closing, following changes on disk."""

    #: The current tab changed (after the undo stack followed it).
    currentChanged = Signal()
    #: A character or campaign tab is about to be added (its splitters restored).
    tabOpening = Signal(object)
    #: A character or campaign tab is about to be closed (its splitters saved).
    tabClosing = Signal(object)
    #: A file was opened in a tab (Open Recent lists it).
    fileOpened = Signal(str)

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.tabs = window.tabs
        #: Why the last file asked for could not be opened (None: it opened).
        self.open_problem: str | None = None

    # -- which tab -----------------------------------------------------------------------
    def current_editor(self) -> CharacterEditor | None:
        widget = self.tabs.currentWidget()
        # an editor is the widget with a document (builder.ui.views.EDITORS)
        return cast("CharacterEditor", widget) if widget is not None and hasattr(widget, "doc") \
            else None

    def current_campaign_tab(self) -> CampaignTab | None:
        widget = self.tabs.currentWidget()
        return cast("CampaignTab", widget) if _is_campaign_tab(widget) else None

    def current_doc(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.doc if editor is not None else None

    def editor_for_path(self, path: str | Path) -> CharacterEditor | None:
        # a symbolic-link loop is a path like another here (opening it is refused in
        # one line), never an exception
        path = real_path(path)
        for editor in self.editors():
            if editor.doc.path is not None and real_path(editor.doc.path) == path:
                return editor
        return None

    def editors(self) -> list[CharacterEditor]:
        """The character tabs."""
        widgets = [self.tabs.widget(i) for i in range(1, self.tabs.count())]
        return [cast("CharacterEditor", w) for w in widgets if hasattr(w, "doc")]

    def campaign_tabs(self) -> list[CampaignTab]:
        """The campaign tabs."""
        widgets = [self.tabs.widget(i) for i in range(1, self.tabs.count())]
        return [cast("CampaignTab", w) for w in widgets if _is_campaign_tab(w)]

    def campaign_tab_for_path(self, path: str | Path) -> CampaignTab | None:
        path = real_path(path)
        for view in self.campaign_tabs():
            if real_path(view.path) == path:
                return view
        return None

    def tab_for_path(self, path: str | Path) -> CharacterEditor | CampaignTab | None:
        """The character or campaign tab holding ``path`` (None: no tab does)."""
        return self.editor_for_path(path) or self.campaign_tab_for_path(path)

    def open_documents(self) -> list[CharacterDocument]:
        return [editor.doc for editor in self.editors()]

    def target_paths(self) -> list[str]:
        """What a library command works on: the library's selection, or the open
        character."""
        if self.tabs.currentIndex() == 0:
            return self.window.library_page.selected_paths()
        doc = self.current_doc()
        return [str(doc.path)] if doc is not None and doc.path else []

    def current_changed(self, _index: int) -> None:
        doc = self.current_doc()
        campaign = self.current_campaign_tab()
        window = self.window
        if doc is not None:
            window.undo_group.setActiveStack(doc.undo_stack)
        elif campaign is not None:
            campaign.reload()  # the members' figures may have changed in their tabs
            window.undo_group.setActiveStack(campaign.undo_stack)
        else:
            window.undo_group.setActiveStack(window.library_stack)
        self.currentChanged.emit()
        self.update_status()

    def update_status(self) -> None:
        editor = self.current_editor()
        campaign = self.current_campaign_tab()
        window = self.window
        if campaign is not None:
            # The title ends with the application's name, which the platform would
            # otherwise add once more (a modified marker after it hid it).
            window.setWindowTitle(f"{campaign.name} (campaign)[*] — {APP_TITLE}")
            window.setWindowModified(False)
            window.saved_label.setText("✔ Saved")
            window.saved_label.setToolTip(str(campaign.path))
            window.balance_label.setText("")
            self.tabs.setTabText(self.tabs.indexOf(campaign), f"⚑ {campaign.name}")
            return
        if editor is None:
            window.setWindowTitle(APP_TITLE)
            window.setWindowModified(False)
            window.saved_label.setText("")
            window.balance_label.setText("")
            return
        doc = editor.doc
        doc.check_missing()
        state = doc.state_label()
        window.setWindowTitle(f"{doc.name}[*] — {state} — {APP_TITLE}")
        # modified: the tab holds what its file does not (a missing file, a change
        # not written); a file changed behind an unchanged tab is said, not marked
        held = state not in ("saved", "read-only", "changed on disk")
        window.setWindowModified(held)
        window.saved_label.setText("✔ Saved" if state == "saved" else state.capitalize())
        window.saved_label.setToolTip(str(doc.path))
        window.balance_label.setText(self._balance_text(editor))
        index = self.tabs.indexOf(editor)
        self.tabs.setTabText(index, doc.name + (" *" if held else ""))

    @staticmethod
    def _balance_text(editor: CharacterEditor) -> str:
        doc = editor.doc
        try:
            balance = doc.ruleset.balance(doc.cf.state)
        except Exception:  # noqa: BLE001 - a broken ledger still shows
            balance = None
        unit = editor.unit()
        caption = doc.ruleset.balance_format
        if balance is None:
            return ""
        if caption:
            return str(caption.format(balance))
        if unit:
            return f"Unspent: {balance} {unit}"
        return f"Balance: {balance}"

    # -- opening -------------------------------------------------------------------------
    def open_file(self, path: str | Path,
                  make_current: bool = True) -> CharacterEditor | CampaignTab | None:
        """Open ``path`` in the tab for what it holds: a campaign in its campaign tab (as
        File ▸ Open Campaign), anything else as a character (File ▸ Open, which says why
        a file that is neither cannot be opened).  The command line's FILEs and Open
        Recent come here."""
        self.open_problem = None
        if document_kind(path) == "campaign":
            return self.open_campaign(path, make_current=make_current)
        return self.open_path(path, make_current=make_current)

    def open_in_place(self, path: str | Path, index: int,
                      make_current: bool) -> CharacterEditor | CampaignTab | None:
        """Open ``path`` (:meth:`open_file`) in the place a tab held (``index``): a tab
        that comes back, or the file a copy's tab went into.  A tab already open stays
        where it is."""
        already = self.tab_for_path(path)
        shown = self.open_file(path, make_current=make_current)
        if shown is not None and already is None:
            self.tabs.tabBar().moveTab(self.tabs.indexOf(shown),
                                       min(index, self.tabs.count() - 1))
        return shown

    def open_path(self, path: str | Path, make_current: bool = True) -> CharacterEditor | None:
        from builder.app.documents import refused_lines
        from builder.app.types import FileProblem
        from builder.ui.document import CharacterDocument
        from builder.ui.views import create_editor
        from builder.ui.views.problems import ProblemsEditor

        existing = self.editor_for_path(path)
        if existing is not None:
            if make_current:
                self.tabs.setCurrentWidget(existing)
            return existing
        window = self.window
        try:
            doc = CharacterDocument.open(path, window)
        except FileProblem as problem:
            self.open_problem = str(problem)
            window.report(self.open_problem)
            window.show_error("Cannot open this file", self.open_problem)
            return None
        try:
            editor = create_editor(doc)
        except FileProblem:      # rule code cannot show the file
            editor = ProblemsEditor(doc)
        self._window_wide_shortcuts(editor)
        editor.status.connect(window.report)
        editor.closeRequested.connect(lambda e=editor: self.close_tab(self.tabs.indexOf(e)))
        doc.saveStateChanged.connect(self._doc_state_changed)
        doc.changed.connect(self._doc_state_changed)
        doc.externalChange.connect(lambda e=editor: self._ledger_only_change(e))
        window.undo_group.addStack(doc.undo_stack)
        self.tabOpening.emit(editor)
        index = self.tabs.addTab(editor, doc.name)
        self.tabs.setTabToolTip(index, str(doc.path))
        if make_current:
            self.tabs.setCurrentIndex(index)
        self.fileOpened.emit(str(doc.path))
        lines = refused_lines(doc.cf)
        if lines and not isinstance(editor, ProblemsEditor):   # (its page lists them)
            editor.refusal_bar.show_message(
                "This file has problems, so it is open read-only; the skipped entries are "
                "marked in the ledger:\n" + "\n".join(lines[:6]), "warning")
        elif doc.read_only:
            editor.refusal_bar.show_message(doc.read_only, "info")
        return editor

    def open_campaign(self, path: str | Path,
                      make_current: bool = True) -> CampaignTab | None:
        from builder.ui.campaign_tab import CampaignTab

        existing = self.campaign_tab_for_path(path)
        if existing is not None:
            if make_current:
                self.tabs.setCurrentWidget(existing)
            return existing
        window = self.window
        view = CampaignTab(path, self.tabs, member_guard=self.member_blockers,
                            library_entries=self._library_entries, broadcast=window.broadcast)
        if view.campaign is None:
            text = self.open_problem = view.read_problem or f"{path}: cannot be read"
            view.deleteLater()
            window.report(text)
            window.show_error("Cannot open this campaign", text)
            return None
        view.status.connect(window.report)
        view.changed.connect(window.campaign_model.refresh)
        window.undo_group.addStack(view.undo_stack)
        self.tabOpening.emit(view)
        index = self.tabs.addTab(view, f"⚑ {view.name}")
        self.tabs.setTabToolTip(index, f"Campaign: {view.path}")
        if make_current:
            self.tabs.setCurrentIndex(index)
        self.fileOpened.emit(str(view.path))   # Open Recent lists campaigns too (open_file)
        return view

    def _library_entries(self) -> list[LibraryEntry]:
        model = self.window.library_model
        model.refresh()
        return model.entries()

    def _window_wide_shortcuts(self, editor: CharacterEditor) -> None:
        """An editor's shortcuts (Ctrl+1..., Award) work wherever the focus is in the
        window while its tab is shown: a hidden tab's editor is not visible, so its
        shortcuts never match."""
        from PySide6.QtCore import Qt   # (not at import: the first paint needs no Qt enums)
        from PySide6.QtGui import QAction as _QAction

        window = self.window
        taken = {key.toString() for action in window.findChildren(_QAction)
                 if action.parent() is window for key in action.shortcuts()}
        for action in editor.findChildren(_QAction):
            keys = {key.toString() for key in action.shortcuts()}
            if not keys or keys & taken:
                continue    # a window action has the same keys: stay inside the editor
            if action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut:
                action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

    def _doc_state_changed(self) -> None:
        self.update_status()
        self.window.library_model.refresh()

    # -- closing and moving between tabs -------------------------------------------------
    def close_tab(self, index: int) -> None:
        if index <= 0:
            return
        widget = self.tabs.widget(index)
        close_page = getattr(widget, "close_page", None)
        if close_page is not None:  # a page of its own (Conflicts)
            self.tabs.removeTab(index)
            close_page()
            return
        undo_group = self.window.undo_group
        if not hasattr(widget, "doc"):  # a campaign tab
            view = cast("CampaignTab", widget)
            self.tabClosing.emit(view)
            self.tabs.removeTab(index)
            undo_group.removeStack(view.undo_stack)
            view.pool_view.set_full_screen(False)
            view.deleteLater()
            return
        editor = cast("CharacterEditor", widget)
        self.tabClosing.emit(editor)
        self.tabs.removeTab(index)
        editor.doc.stop_watching()
        undo_group.removeStack(editor.doc.undo_stack)
        editor.deleteLater()
        editor.doc.deleteLater()

    def close_current_tab(self) -> None:
        self.close_tab(self.tabs.currentIndex())

    def show_library(self) -> None:
        self.tabs.setCurrentIndex(0)

    def next_tab(self) -> None:
        """Ctrl+PgDown: the next of the window's tabs (Library, characters, campaigns),
        wherever the focus is, the last wrapping to the Library."""
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + 1) % self.tabs.count())

    def previous_tab(self) -> None:
        self.tabs.setCurrentIndex((self.tabs.currentIndex() - 1) % self.tabs.count())

    def open_selected(self) -> None:
        for path in self.window.library_page.selected_paths():
            self.open_path(path)

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self.window, "Open a character", str(queries.characters_folder()),
                             JSON_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.filesSelected.connect(lambda files: [self.open_file(f) for f in files])
        dialog.open()
        self._file_dialog = dialog

    def reload_current(self) -> None:
        editor = self.current_editor()
        campaign = self.current_campaign_tab()
        if campaign is not None:
            campaign.reload()
            campaign.pool_view.reload()
            self.window.report("Campaign re-read")
            return
        if editor is None:
            self.window.library_model.refresh()
            self.window.report("Library re-read")
            return
        editor._reload()

    def edit_identity(self) -> None:
        """Who the character is (builder/ui/dialogs/identity.py): one undo step."""
        from builder.ui.dialogs.identity import edit_identity

        doc = self.current_doc()
        if doc is not None and not doc.read_only:
            self.identity_dialog = edit_identity(self.window, doc)

    # -- the open tabs and the files behind them -----------------------------------------
    def member_blockers(self, paths: Iterable[str | Path]) -> list[str]:
        """Reasons a campaign must not write these character files now
        (:func:`open_tab_blockers` over the open tabs)."""
        return open_tab_blockers(self.editors(), paths)

    def files_changed(self, change: Change) -> None:
        """An operation wrote files (the broadcast): open character tabs take the new
        version, keeping their undo history (:func:`builder.ui.operations.follow`);
        campaign tabs and the library models read again."""
        from builder.ui.operations import follow

        removed = {real_path(c.path) for c in change.outcome.changes if c.after is None}
        for path in removed:             # moved to the trash: its tab closes
            tab = self.tab_for_path(path)
            if tab is not None:
                self.close_tab(self.tabs.indexOf(tab))
        wanted = {real_path(p) for p in change.paths} - removed
        followed = []
        for editor in self.editors():
            doc = editor.doc
            if doc.path is None or real_path(doc.path) not in wanted:
                continue
            if follow(doc, change, self.window.broadcast):
                editor.conflict_bar.hide()
                followed.append(doc.name)
        for view in self.campaign_tabs():
            view.files_changed(change)
        self.window.library_model.refresh()
        self.window.campaign_model.refresh()
        if followed:
            self.window.report("Open characters updated: " + ", ".join(followed))

    def _ledger_only_change(self, editor: CharacterEditor) -> None:
        """A file changed behind the app only at the end of its ledger (a campaign
        award or its undo from the command line, a ``do`` / ``undo``): the tab holds
        nothing that is not on disk (every change is saved at once), so it takes the
        new version without asking.  Any other change keeps the Reload / Keep mine bar."""
        from builder.app import documents
        from builder.app.types import FileProblem

        doc = editor.doc
        if doc.save_error or doc.read_only:
            return
        if not documents.only_ledger_changed(doc.cf, doc.disk_bytes()):
            return
        try:
            doc.reload()
        except FileProblem:
            return
        editor.conflict_bar.hide()
        self.window.report(f"{doc.name}: reloaded; entries were added or taken back at the "
                           f"end of its ledger elsewhere (a command, a campaign); Undo starts "
                           f"again from here")
