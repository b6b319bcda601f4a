"""The main window's settings (:class:`SettingsController`): geometry, the library's
columns, the open tabs and the current one (reopened at the next start), each editor's
splitters per ruleset, and the recent files (:mod:`builder.ui.settings`: one INI file
per user).  It follows the tabs' controller's signals: a tab opening or closing, a
file opened."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, QRect

from builder.app.pathnames import real_path
from builder.ui.settings import app_settings

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from builder.ui.campaign_tab import CampaignTab
    from builder.ui.main_window import MainWindow
    from builder.ui.views.base import CharacterEditor
    from builder.ui.window_documents import DocumentsController

MAX_RECENT = 10
#: Room kept free around the window on its screen for the frame the window manager
#: adds (its title bar and borders are not part of the size given before it shows).
FRAME_ROOM = (16, 48)


def _strings(value: object) -> list[str]:
    """A list setting as read back (an INI file gives one string for a list of one)."""
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else []


def _number(value: object) -> int | None:
    """An int setting as read back (an INI file gives a string), None if there is none."""
    try:
        return int(value) if isinstance(value, (int, str)) else None
    except ValueError:
        return None


class SettingsController(QObject):
    """What the window remembers between sessions."""

    def __init__(self, window: MainWindow, documents: DocumentsController):
        super().__init__(window)
        self.window = window
        self.documents = documents
        # What restore_settings read for reopen_tabs (each reopened once).
        self._restore_tabs: list[str] = []
        self._restore_files: list[str] = []
        self._restore_campaigns: list[str] = []
        self._restore_front = ""
        self._restore_tab = 0
        documents.tabOpening.connect(self.restore_splitters)
        documents.tabClosing.connect(self.save_splitters)
        documents.fileOpened.connect(self.add_recent)

    def recent_files(self) -> list[str]:
        return _strings(app_settings().value("recentFiles", []))

    def add_recent(self, path: str) -> None:
        path = str(real_path(path))
        recent = [p for p in self.recent_files() if p != path]
        recent.insert(0, path)
        app_settings().setValue("recentFiles", recent[:MAX_RECENT])

    def fill_recent(self, menu: QMenu) -> None:
        """File ▸ Open Recent, filled as it opens."""
        menu.clear()
        recent = [p for p in self.recent_files() if Path(p).exists()]
        for i, path in enumerate(recent):
            action = menu.addAction(f"&{i + 1} {Path(path).name}")
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.documents.open_file(p))
        if not recent:
            menu.addAction("(none)").setEnabled(False)

    def settings_key(self, editor: CharacterEditor | CampaignTab, name: str) -> str:
        if not hasattr(editor, "doc"):
            return f"campaign/{name}"
        return f"editor/{editor.doc.ruleset.id}/{name}"

    def save_splitters(self, editor: CharacterEditor | CampaignTab) -> None:
        settings = app_settings()
        for name, splitter in editor.splitters().items():
            settings.setValue(self.settings_key(editor, name), splitter.saveState())

    def restore_splitters(self, editor: CharacterEditor | CampaignTab) -> None:
        settings = app_settings()
        for name, splitter in editor.splitters().items():
            state = settings.value(self.settings_key(editor, name))
            if isinstance(state, QByteArray):
                splitter.restoreState(state)

    def save_settings(self) -> None:
        settings = app_settings()
        window, documents = self.window, self.documents
        settings.setValue("window/geometry", window.saveGeometry())
        settings.setValue("window/state", window.saveState())
        header = window.library_page.view.horizontalHeader()
        settings.setValue("library/header", header.saveState())
        # ... and its sort as plain numbers: the next start sorts the rows before its
        # first paint without reading a Qt.SortOrder (builder.ui.qt_values).
        from PySide6.QtCore import Qt

        settings.setValue("library/sortColumn", header.sortIndicatorSection())
        settings.setValue("library/sortDescending", int(
            header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder))
        settings.setValue("openFiles", [str(d.path) for d in documents.open_documents() if d.path])
        settings.setValue("openCampaigns", [str(v.path) for v in documents.campaign_tabs()])
        settings.setValue("currentTab", window.tabs.currentIndex())
        # the tabs in their order, each "character:PATH" or "campaign:PATH", and the one
        # in front (by its path: the order may not come back whole if a file went away)
        tabs, front = [], ""
        for index in range(1, window.tabs.count()):
            widget = window.tabs.widget(index)
            doc = getattr(widget, "doc", None)
            if doc is not None and doc.path:
                tab = f"character:{doc.path}"
            elif widget in documents.campaign_tabs():
                tab = f"campaign:{widget.path}"
            else:
                continue
            tabs.append(tab)
            if index == window.tabs.currentIndex():
                front = tab
        settings.setValue("openTabs", tabs)
        settings.setValue("frontTab", front)
        # one layout per ruleset: the current editor's wins
        current = documents.current_editor()
        for editor in documents.editors() + documents.campaign_tabs():
            if editor is not current:
                self.save_splitters(editor)
        if current is not None:
            self.save_splitters(current)
        settings.sync()

    def fit_to_screen(self, available: QRect | None = None, placed: bool = False) -> None:
        """Shrink the window (its first size, or the one restored) to the room on its
        screen (``available``: the screen's available geometry), its frame included, and
        bring it back onto that room: a 1180x760 window on a screen of 800x500 at 2x,
        or a size saved at another scale, opens inside the screen.  ``placed``: the
        window has a position of its own (restored), kept on that room too."""
        window = self.window
        if window.isMaximized() or window.isFullScreen():
            return
        if available is None:
            screen = window.screen()
            if screen is None:
                return
            available = screen.availableGeometry()
        width = max(min(window.width(), available.width() - FRAME_ROOM[0]), 1)
        height = max(min(window.height(), available.height() - FRAME_ROOM[1]), 1)
        if (width, height) != (window.width(), window.height()):
            window.resize(width, height)
        if placed:
            x = min(max(window.x(), available.x()),
                    available.x() + available.width() - window.width() - FRAME_ROOM[0])
            y = min(max(window.y(), available.y()),
                    available.y() + available.height() - window.height() - FRAME_ROOM[1])
            x, y = max(x, available.x()), max(y, available.y())
            if (x, y) != (window.x(), window.y()):
                window.move(x, y)

    def restore_settings(self) -> None:
        settings = app_settings()
        window = self.window
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            window.restoreGeometry(geometry)
            self.fit_to_screen(placed=True)
        state = settings.value("window/state")
        if isinstance(state, QByteArray):
            window.restoreState(state)
        header = settings.value("library/header")
        if isinstance(header, QByteArray):
            page = window.library_page
            page.header_restored = page.view.horizontalHeader().restoreState(header)
            if page.header_restored:
                # The rows in the restored order for the first paint (the header's own
                # sort follows it: LibraryPage.enable_sorting).
                column, descending = (_number(settings.value("library/sortColumn")),
                                      _number(settings.value("library/sortDescending")))
                if column is not None:
                    window.library_model.sort_rows(column, bool(descending))
        files = _strings(settings.value("openFiles", []))
        self._restore_files = [f for f in files if Path(f).is_file()]
        campaigns = _strings(settings.value("openCampaigns", []))
        self._restore_campaigns = [f for f in campaigns if Path(f).is_file()]
        self._restore_tabs = [t for t in _strings(settings.value("openTabs", []))
                              if ":" in t and Path(t.split(":", 1)[1]).is_file()]
        front = settings.value("frontTab", "")
        self._restore_front = front if isinstance(front, str) else ""
        tab = settings.value("currentTab", 0)
        try:
            self._restore_tab = int(tab) if isinstance(tab, (int, str)) else 0
        except ValueError:
            self._restore_tab = 0

    def reopen_tabs(self) -> None:
        """Reopen the tabs of the last session in their order, the one that was in front
        in front again (called after the first paint)."""
        documents, tabs = self.documents, self.window.tabs
        if self._restore_tabs:
            front = None
            for tab in self._restore_tabs:
                kind, path = tab.split(":", 1)
                opened = (documents.open_campaign(path, make_current=False)
                          if kind == "campaign" else documents.open_path(path, make_current=False))
                if tab == self._restore_front and opened is not None:
                    front = opened
            self._restore_tabs = self._restore_files = self._restore_campaigns = []
            if front is not None:
                tabs.setCurrentWidget(front)
            elif not self._restore_front:
                tabs.setCurrentIndex(0)
            return
        for path in self._restore_files:
            documents.open_path(path, make_current=False)
        for path in self._restore_campaigns:
            documents.open_campaign(path, make_current=False)
        self._restore_campaigns = []
        index = self._restore_tab
        if 0 <= index < tabs.count():
            tabs.setCurrentIndex(index)
        self._restore_files = []
