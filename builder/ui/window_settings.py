"""The main window's settings: geometry, the library's columns, the open tabs and the
current one (reopened at the next start), each editor's splitters per ruleset, and
the recent files (:mod:`builder.ui.settings`: one INI file per user).

A mixin of :class:`builder.ui.main_window.MainWindow`."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray

from builder.ui.settings import app_settings

MAX_RECENT = 10


class WindowSettings:
    """What the window remembers between sessions."""

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
