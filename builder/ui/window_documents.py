"""The main window's open documents: one tab per open character (and campaign,
:mod:`builder.ui.window_campaigns`), which tab is current, the window title and status
bar for it, opening and closing tabs, and an open character following a change made
to its file behind the app.

A mixin of :class:`builder.ui.main_window.MainWindow`."""
from __future__ import annotations


from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QWidget

from builder import APP_TITLE
from builder.app.pathnames import real_path
from builder.storage import library
from builder.storage.paths import characters_dir
from builder.ui.window_library import JSON_FILTER, document_kind

if TYPE_CHECKING:  # the window as its parts see it (builder.ui.window_host)
    from builder.ui.campaign_view import CampaignView
    from builder.ui.document import CharacterDocument
    from builder.ui.views.base import CharacterEditor
    from builder.ui.window_host import WindowHost
else:
    WindowHost = object


def _is_campaign_view(widget: QWidget | None) -> bool:
    """Without importing the campaign tab's module (start-up does not need it)."""
    import sys

    module = sys.modules.get("builder.ui.campaign_view")
    return module is not None and isinstance(widget, module.CampaignView)


class OpenDocuments(WindowHost):
    """The tabs: which is current, opening, closing, following changes on disk."""

    def current_editor(self) -> CharacterEditor | None:
        widget = self.tabs.currentWidget()
        # an editor is the widget with a document (builder.ui.views.EDITORS)
        return cast("CharacterEditor", widget) if widget is not None and hasattr(widget, "doc") \
            else None

    def current_campaign_view(self) -> CampaignView | None:
        widget = self.tabs.currentWidget()
        return cast("CampaignView", widget) if _is_campaign_view(widget) else None

    def current_doc(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.doc if editor is not None else None

    def editor_for_path(self, path: str | Path) -> CharacterEditor | None:
        # a symbolic-link loop is a path like another here (opening it is refused in
        # one line), never an exception
        path = real_path(path)
        for editor in self.editors():
            if (editor.doc.path is not None
                    and real_path(editor.doc.path) == path):
                return editor
        return None

    def editors(self) -> list[CharacterEditor]:
        """The character tabs."""
        widgets = [self.tabs.widget(i) for i in range(1, self.tabs.count())]
        return [cast("CharacterEditor", w) for w in widgets if hasattr(w, "doc")]

    def campaign_views(self) -> list[CampaignView]:
        """The campaign tabs."""
        widgets = [self.tabs.widget(i) for i in range(1, self.tabs.count())]
        return [cast("CampaignView", w) for w in widgets if _is_campaign_view(w)]

    def campaign_view_for_path(self, path: str | Path) -> CampaignView | None:
        path = real_path(path)
        for view in self.campaign_views():
            if real_path(view.path) == path:
                return view
        return None

    def open_documents(self) -> list[CharacterDocument]:
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
        # The Character menu holds the shown editor's actions only: a hidden editor's
        # left in it stayed live through the menu bar (its Award opening from the
        # library, its Ctrl+2 clashing with the shown editor's).
        self._fill_character_menu()
        self.update_actions()
        self._update_status()

    def _update_status(self) -> None:
        editor = self.current_editor()
        campaign = self.current_campaign_view()
        if campaign is not None:
            # The title ends with the application's name, which the platform would
            # otherwise add once more (a modified marker after it hid it).
            self.setWindowTitle(f"{campaign.name} (campaign)[*] — {APP_TITLE}")
            self.setWindowModified(False)
            self.saved_label.setText("✔ Saved")
            self.saved_label.setToolTip(str(campaign.path))
            self.balance_label.setText("")
            self.tabs.setTabText(self.tabs.indexOf(campaign), f"⚑ {campaign.name}")
            return
        if editor is None:
            self.setWindowTitle(APP_TITLE)
            self.setWindowModified(False)
            self.saved_label.setText("")
            self.balance_label.setText("")
            return
        doc = editor.doc
        doc.check_missing()
        state = doc.state_label()
        self.setWindowTitle(f"{doc.name}[*] — {state} — {APP_TITLE}")
        self.setWindowModified(state != "saved" and state != "read-only")
        self.saved_label.setText("✔ Saved" if state == "saved" else state.capitalize())
        self.saved_label.setToolTip(str(doc.path))
        try:
            balance = doc.ruleset.balance(doc.cf.state)
        except Exception:  # noqa: BLE001 - a broken ledger still shows
            balance = None
        unit = editor.unit()
        caption = getattr(doc.ruleset, "balance_format", "")
        if balance is None:
            self.balance_label.setText("")
        elif caption:
            self.balance_label.setText(caption.format(balance))
        elif unit:
            self.balance_label.setText(f"Unspent: {balance} {unit}")
        else:
            self.balance_label.setText(f"Balance: {balance}")
        index = self.tabs.indexOf(editor)
        self.tabs.setTabText(index, doc.name + ("" if state in ("saved", "read-only") else " *"))

    def open_file(self, path: str | Path,
                  make_current: bool = True) -> CharacterEditor | CampaignView | None:
        """Open ``path`` in the tab for what it holds: a campaign in its campaign tab (as
        File ▸ Open Campaign), anything else as a character (File ▸ Open, which says why
        a file that is neither cannot be opened).  The command line's FILEs and Open
        Recent come here."""
        if document_kind(path) == "campaign":
            return self.open_campaign(path, make_current=make_current)
        return self.open_path(path, make_current=make_current)

    def open_path(self, path: str | Path, make_current: bool = True) -> CharacterEditor | None:
        from builder.app.documents import refused_lines
        from builder.ui.document import CharacterDocument
        from builder.ui.views import create_editor
        from builder.ui.views.problems import ProblemsEditor

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
        try:
            editor = create_editor(doc)
        except library.FileProblemType():      # rule code cannot show the file
            editor = ProblemsEditor(doc)
        self._window_wide_shortcuts(editor)
        editor.status.connect(self.report)
        editor.closeRequested.connect(lambda e=editor: self.close_tab(self.tabs.indexOf(e)))
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
        lines = refused_lines(doc.cf)
        if lines and not isinstance(editor, ProblemsEditor):   # (its page lists them)
            editor.refusal_bar.show_message(
                "This file has problems, so it is open read-only; the skipped entries are "
                "marked in the ledger:\n" + "\n".join(lines[:6]), "warning")
        elif doc.read_only:
            editor.refusal_bar.show_message(doc.read_only, "info")
        return editor

    def _window_wide_shortcuts(self, editor: CharacterEditor) -> None:
        """An editor's shortcuts (Ctrl+1..., Award) work wherever the focus is in the
        window while its tab is shown: a hidden tab's editor is not visible, so its
        shortcuts never match."""
        from PySide6.QtCore import Qt   # (not at import: the first paint needs no Qt enums)
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
        widget = self.tabs.widget(index)
        close_page = getattr(widget, "close_page", None)
        if close_page is not None:  # a page of its own (Conflicts)
            self.tabs.removeTab(index)
            return close_page()
        if not hasattr(widget, "doc"):  # a campaign tab
            view = cast("CampaignView", widget)
            self.save_splitters(view)
            self.tabs.removeTab(index)
            self.undo_group.removeStack(view.undo_stack)
            view.pool_view.set_full_screen(False)
            view.deleteLater()
            return
        editor = cast("CharacterEditor", widget)
        self.save_splitters(editor)
        self.tabs.removeTab(index)
        editor.doc.stop_watching()
        self.undo_group.removeStack(editor.doc.undo_stack)
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
        for path in self.library_page.selected_paths():
            self.open_path(path)

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Open a character", str(characters_dir()), JSON_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.filesSelected.connect(lambda files: [self.open_file(f) for f in files])
        dialog.open()
        self._file_dialog = dialog

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

    def edit_identity(self) -> None:
        """Who the character is (builder/ui/dialogs/identity.py): one undo step."""
        from builder.ui.dialogs.identity import edit_identity

        doc = self.current_doc()
        if doc is not None and not doc.read_only:
            self.identity_dialog = edit_identity(self, doc)

    def _ledger_only_change(self, editor: CharacterEditor) -> None:
        """A file changed behind the app only at the end of its ledger (a campaign
        award or its undo from the command line, a ``do`` / ``undo``): the tab holds
        nothing that is not on disk (every change is saved at once), so it takes the
        new version without asking.  Any other change keeps the Reload / Keep mine bar."""
        import json

        from builder.storage.files import FileProblem
        from builder.storage.formats import CHARACTER

        doc = editor.doc
        if doc.save_error or doc.read_only or doc.cf.raw is None:
            return
        try:
            ours = json.loads(doc.cf.raw.decode("utf-8"))
            theirs = json.loads((doc.disk_bytes() or b"").decode("utf-8"))
            # an older file the tab read, saved by the command line in the current
            # format: compared as the same version (the upgrade is no change of ours)
            for side in (ours, theirs):
                if isinstance(side, dict):
                    CHARACTER.upgrade(side)
            # a change made in the tab that could not be saved (the save found the
            # file changed) is never dropped: then the bar asks
            if json.loads(doc.cf.to_bytes().decode("utf-8")) != ours:
                return
        except (UnicodeDecodeError, ValueError):
            return
        if not (isinstance(ours, dict) and isinstance(theirs, dict)):
            return
        a, b = ours.pop("ledger", None), theirs.pop("ledger", None)
        # what an undo took back (kept as withdrawn) changes with the ledger's end
        ours.pop("withdrawn", None), theirs.pop("withdrawn", None)
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
