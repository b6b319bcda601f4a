"""The main window's settings: geometry, the library's columns, the open tabs and the
current one (reopened at the next start), each editor's splitters per ruleset, and
the recent files (:mod:`builder.ui.settings`: one INI file per user).

A mixin of :class:`builder.ui.main_window.MainWindow`."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRect

from builder.app.pathnames import real_path
from builder.ui.settings import app_settings

if TYPE_CHECKING:  # the window as its parts see it (builder.ui.window_host)
    from builder.ui.campaign_view import CampaignView
    from builder.ui.views.base import CharacterEditor
    from builder.ui.window_host import WindowHost
else:
    WindowHost = object

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


class WindowSettings(WindowHost):
    """What the window remembers between sessions."""

    def recent_files(self) -> list[str]:
        return _strings(app_settings().value("recentFiles", []))

    def add_recent(self, path: str) -> None:
        path = str(real_path(path))
        recent = [p for p in self.recent_files() if p != path]
        recent.insert(0, path)
        app_settings().setValue("recentFiles", recent[:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = [p for p in self.recent_files() if Path(p).exists()]
        for i, path in enumerate(recent):
            action = self.recent_menu.addAction(f"&{i + 1} {Path(path).name}")
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(p))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)

    def settings_key(self, editor: CharacterEditor | CampaignView, name: str) -> str:
        if not hasattr(editor, "doc"):
            return f"campaign/{name}"
        return f"editor/{editor.doc.ruleset.id}/{name}"

    def save_splitters(self, editor: CharacterEditor | CampaignView) -> None:
        settings = app_settings()
        for name, splitter in editor.splitters().items():
            settings.setValue(self.settings_key(editor, name), splitter.saveState())

    def restore_splitters(self, editor: CharacterEditor | CampaignView) -> None:
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
        # ... and its sort as plain numbers: the next start sorts the rows before its
        # first paint without reading a Qt.SortOrder (builder.ui.qt_values).
        from PySide6.QtCore import Qt

        settings.setValue("library/sortColumn", header.sortIndicatorSection())
        settings.setValue("library/sortDescending", int(
            header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder))
        settings.setValue("openFiles", [str(d.path) for d in self.open_documents() if d.path])
        settings.setValue("openCampaigns", [str(v.path) for v in self.campaign_views()])
        settings.setValue("currentTab", self.tabs.currentIndex())
        # the tabs in their order, each "character:PATH" or "campaign:PATH", and the one
        # in front (by its path: the order may not come back whole if a file went away)
        tabs, front = [], ""
        for index in range(1, self.tabs.count()):
            widget = self.tabs.widget(index)
            doc = getattr(widget, "doc", None)
            if doc is not None and doc.path:
                tab = f"character:{doc.path}"
            elif widget in self.campaign_views():
                tab = f"campaign:{widget.path}"
            else:
                continue
            tabs.append(tab)
            if index == self.tabs.currentIndex():
                front = tab
        settings.setValue("openTabs", tabs)
        settings.setValue("frontTab", front)
        # one layout per ruleset: the current editor's wins
        current = self.current_editor()
        for editor in self.editors() + self.campaign_views():
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
        if self.isMaximized() or self.isFullScreen():
            return
        if available is None:
            screen = self.screen()
            if screen is None:
                return
            available = screen.availableGeometry()
        width = max(min(self.width(), available.width() - FRAME_ROOM[0]), 1)
        height = max(min(self.height(), available.height() - FRAME_ROOM[1]), 1)
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        if placed:
            x = min(max(self.x(), available.x()),
                    available.x() + available.width() - self.width() - FRAME_ROOM[0])
            y = min(max(self.y(), available.y()),
                    available.y() + available.height() - self.height() - FRAME_ROOM[1])
            x, y = max(x, available.x()), max(y, available.y())
            if (x, y) != (self.x(), self.y()):
                self.move(x, y)

    def restore_settings(self) -> None:
        settings = app_settings()
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
            self.fit_to_screen(placed=True)
        state = settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        header = settings.value("library/header")
        if isinstance(header, QByteArray):
            page = self.library_page
            page.header_restored = page.view.horizontalHeader().restoreState(header)
            if page.header_restored:
                # The rows in the restored order for the first paint (the header's own
                # sort follows it: LibraryPage.enable_sorting).
                column, descending = (_number(settings.value("library/sortColumn")),
                                      _number(settings.value("library/sortDescending")))
                if column is not None:
                    self.library_model.sort_rows(column, bool(descending))
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
        tabs = getattr(self, "_restore_tabs", [])
        if tabs:
            front = None
            for tab in tabs:
                kind, path = tab.split(":", 1)
                opened = (self.open_campaign(path, make_current=False) if kind == "campaign"
                          else self.open_path(path, make_current=False))
                if tab == self._restore_front and opened is not None:
                    front = opened
            self._restore_tabs = self._restore_files = self._restore_campaigns = []
            if front is not None:
                self.tabs.setCurrentWidget(front)
            elif not self._restore_front:
                self.tabs.setCurrentIndex(0)
            return
        for path in getattr(self, "_restore_files", []):
            self.open_path(path, make_current=False)
        for path in getattr(self, "_restore_campaigns", []):
            self.open_campaign(path, make_current=False)
        self._restore_campaigns = []
        index = getattr(self, "_restore_tab", 0)
        if 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)
        self._restore_files = []
