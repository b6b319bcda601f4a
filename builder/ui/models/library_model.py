"""The library: every character file in the user data folder, as a table model.

Rows come from the application layer's library scan
(:func:`builder.app.library.open_scan`: Qt-free, incremental through the library's
index); the model only adapts them.  :meth:`LibraryModel.refresh` re-reads the
folder and turns the difference into row insertions, removals and dataChanged, so
selections and sort order survive a refresh.  A watch on the folders refreshes it when
files appear, vanish or change (also from another program); a folder made later (a fresh
data folder's first character) is watched once it appears (:mod:`builder.ui.folder_watch`).

It scales to libraries of many thousand characters: the model sorts its own rows
in Python with one key per row (the view's proxy only filters), where a
QSortFilterProxyModel sort would call ``data()`` twice per comparison; display
strings are made only for the rows painted; and beyond :data:`WATCH_FILES_UP_TO`
files only the folder is watched (the app and most editors replace files, which
the folder's watch sees) instead of one watch per file.  When many files are new
or changed since the index was written (:data:`BACKGROUND_FROM`), every row is
there at once with its file name, and the files are read on a worker thread
(:meth:`builder.app.library.LibraryScan.read`), their rows filled in as they come
(``loadingProgress(done, total)``).
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

from typing import TYPE_CHECKING, Any, Callable, Sequence

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QTimer, Signal

from builder.app import library
from builder.app.queries import characters_folder
from builder.ui.models.table import ModelIndex, RowsTableModel, SearchSortProxy, source_of
from builder.ui.qt_values import (ACCESSIBLE_TEXT_ROLE, DISPLAY_ROLE, TOOL_TIP_ROLE,
                                  USER_ROLE)

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

    from builder.ui.folder_watch import FolderWatch

# (No ``Qt`` at import or in the first paint's calls: see builder.ui.qt_values.)

#: The character file's path (str).
PathRole = USER_ROLE + 1
#: The LibraryEntry itself.
EntryRole = USER_ROLE + 2
#: A value to sort by (numbers and timestamps sort as numbers).
SortRole = USER_ROLE + 3
#: The headline figures dict (label -> value).
HeadlineRole = USER_ROLE + 4
#: The problem with the file, or None.
ProblemRole = USER_ROLE + 5

COL_NAME, COL_RULESET, COL_HEADLINE, COL_MODIFIED = range(4)
HEADERS = ("Name", "Ruleset", "Figures", "Last changed")

#: Up to this many characters each file is watched too (edits in place by other programs).
WATCH_FILES_UP_TO = 2000
#: From this many new or changed files on, they are read on a worker thread.
BACKGROUND_FROM = 200


class _Loader(QObject):
    """Carries a worker thread's results to the GUI thread (queued signals)."""

    chunk = Signal(object)    # [(path, LibraryEntry), ...]
    done = Signal()

    def __init__(self, scan: library.LibraryScan) -> None:
        super().__init__()
        self.scan = scan
        self.cancelled = False

    def work(self) -> None:
        paths = self.scan.paths
        try:
            for batch in self.scan.read(cancelled=lambda: self.cancelled):
                if self.cancelled:
                    return
                self.chunk.emit([(paths[i], entry) for i, entry in batch])
            if not self.cancelled:
                self.done.emit()
        except RuntimeError:  # the model went away while reading (the app is closing)
            return


def _sort_key(column: int) -> Callable[[library.LibraryEntry], Any]:
    """Ties keep their order (a stable sort), first the folder's order by file name."""
    if column == COL_MODIFIED:
        return lambda e: (e.modified, e.name.casefold())
    if column == COL_RULESET:
        return lambda e: (e.ruleset_title.casefold(), e.name.casefold())
    if column == COL_HEADLINE:
        return lambda e: (e.headline_text.casefold(), e.name.casefold())
    return lambda e: e.name.casefold()


def _when(timestamp: float) -> str:
    moment = time.localtime(timestamp)     # (the time module: datetime costs the start)
    if moment[:3] == time.localtime()[:3]:
        return time.strftime("today %H:%M", moment)
    return time.strftime("%Y-%m-%d %H:%M", moment)


_ROLES = frozenset({DISPLAY_ROLE, TOOL_TIP_ROLE, ACCESSIBLE_TEXT_ROLE, SortRole, PathRole,
                    EntryRole, HeadlineRole, ProblemRole})


def _display_texts(entry: library.LibraryEntry) -> tuple[str, str, str, str]:
    figures = entry.problem if entry.problem and not entry.headline else entry.headline_text
    return (entry.name, entry.ruleset_title, figures,
            _when(entry.modified) if entry.modified else "")


class LibraryModel(RowsTableModel):
    HEADERS = HEADERS
    ROWS_ATTR = "_entries"

    #: (files read, files to read) while the library is read in the background.
    loadingProgress = Signal(int, int)

    def __init__(self, parent: QObject | None = None, watch: bool = True):
        super().__init__(parent)
        self._entries: list[library.LibraryEntry] = []
        self._texts: list[tuple[str, str, str, str] | None] = []  # display strings, computed on first paint
        self._rows: dict[Path, int] | None = None        # path -> row, built when first asked
        self._sort: tuple[int, bool] | None = None   # (column, descending)
        self._sorted = False    # the rows are in self._sort's order
        self._loader: _Loader | None = None
        self._scan: library.LibraryScan | None = None   # the last look at the folder
        self._loaded = 0
        self._refresh_again = False
        self._watcher: FolderWatch | None = None
        # (keyword arguments to a Qt constructor would load shiboken's signature
        # module before the first paint: docs/dev/performance.md)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(lambda: self.refresh())
        self.refresh(watch=False)
        if watch:
            # Watching is not needed for the first paint: armed one event-loop turn
            # later (the window arms it itself once it has settled: watch=False there).
            QTimer.singleShot(0, self.start_watching)

    # -- Qt model API --------------------------------------------------------------

    def data(self, index: ModelIndex, role: int = DISPLAY_ROLE) -> Any:
        if role not in _ROLES or not index.isValid():
            return None
        row = index.row()
        if not 0 <= row < len(self._entries):
            return None
        entry = self._entries[row]
        col = index.column()
        if role == DISPLAY_ROLE:
            texts = self._texts[row]
            if texts is None:
                texts = self._texts[row] = _display_texts(entry)
            return texts[col]
        elif role == TOOL_TIP_ROLE:
            lines = [entry.name, str(entry.path)]
            lines += [f"{k}: {v}" for k, v in entry.headline.items()]
            if entry.problem:
                lines.append(f"Problem: {entry.problem}")
            return "\n".join(lines)
        elif role == ACCESSIBLE_TEXT_ROLE:
            return f"{entry.name}, {entry.ruleset_title}, {entry.headline_text}"
        elif role == SortRole:
            if col == COL_MODIFIED:
                return entry.modified
            if col == COL_HEADLINE:
                return entry.headline_text.casefold()
            return self.data(index, DISPLAY_ROLE).casefold()
        elif role == PathRole:
            return str(entry.path)
        elif role == EntryRole:
            return entry
        elif role == HeadlineRole:
            return dict(entry.headline)
        elif role == ProblemRole:
            return entry.problem
        return None

    # -- reading the folder ---------------------------------------------------------
    def entries(self) -> list[library.LibraryEntry]:
        return list(self._entries)

    def row_for_path(self, path: Path | str) -> int:
        if self._rows is None:
            self._rows = {entry.path: row for row, entry in enumerate(self._entries)}
        return self._rows.get(Path(path), -1)

    def sort(self, column: int, order: Qt.SortOrder | None = None) -> None:
        """Qt's sort (a header click; None: ascending): :meth:`sort_rows`."""
        from PySide6.QtCore import Qt   # (Qt passed an order: Qt's enums exist)

        self.sort_rows(column, order == Qt.SortOrder.DescendingOrder)

    def sort_rows(self, column: int, descending: bool = False) -> None:
        """Sort the rows (one Python key per row); selections and other persistent
        indexes follow their rows.  Needs no Qt enum: the window sorts its rows before
        the first paint with it."""
        if self._sorted and self._sort == (column, descending):
            return
        self._sort, self._sorted = (column, descending), True
        if column < 0 or len(self._entries) < 2:
            return
        key = _sort_key(column)
        reverse = descending
        perm = sorted(range(len(self._entries)), key=lambda r: key(self._entries[r]),
                      reverse=reverse)
        if perm == list(range(len(perm))):
            return
        self.layoutAboutToBeChanged.emit()
        new_row = [0] * len(perm)
        for new, old in enumerate(perm):
            new_row[old] = new
        self._entries = [self._entries[r] for r in perm]
        self._texts = [self._texts[r] for r in perm]
        self._rows = None
        old_indexes = self.persistentIndexList()
        self.changePersistentIndexList(
            old_indexes, [self.index(new_row[i.row()], i.column()) for i in old_indexes])
        self.layoutChanged.emit()

    def start_watching(self) -> None:
        """Watch the folders (and their files, up to :data:`WATCH_FILES_UP_TO`), then
        look once more for what changed before the watch."""
        from builder.ui.folder_watch import FolderWatch

        if self._watcher is None:
            self._watcher = FolderWatch(self)
            self._watcher.changed.connect(self._schedule)
        self._rewatch()
        self._schedule()

    def _schedule(self, *_: object) -> None:
        self._timer.start()

    def is_loading(self) -> bool:
        """True while files are being read in the background."""
        return self._loader is not None

    def refresh(self, watch: bool = True) -> None:
        """Re-read the folder; only changed rows are announced.  Many new or changed
        files are read in the background (their rows show the file name meanwhile)."""
        if self._loader is not None:   # reading already: look again once it is done
            self._refresh_again = True
            return
        # After the first look, a refresh starts from the last one (the folder listed,
        # the new and changed files read; the index file is not parsed again).
        scan = self._scan = library.open_scan(self._scan)
        if len(scan.stale) < BACKGROUND_FROM:
            self._apply(scan.read_all())
        else:
            self._apply(scan.entries)    # placeholders for the files still to read
            self._start_loading(scan)
        if watch:
            self._rewatch()

    def _start_loading(self, scan: library.LibraryScan) -> None:
        loader = self._loader = _Loader(scan)
        self._loaded = 0
        loader.chunk.connect(self._loaded_chunk)
        loader.done.connect(self._loaded_all)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._cancel_loading)
        self.destroyed.connect(lambda *_: setattr(loader, "cancelled", True))

        def start() -> None:
            if loader.cancelled:
                return
            self.loadingProgress.emit(0, len(scan.stale))
            threading.Thread(target=loader.work, name="library-index", daemon=True).start()

        QTimer.singleShot(0, start)   # after the first paint

    def _cancel_loading(self) -> None:
        if self._loader is not None:
            self._loader.cancelled = True

    def _loaded_chunk(self, batch: list[tuple[Path, library.LibraryEntry]]) -> None:
        if self._loader is None:
            return
        rows = []
        for path, entry in batch:
            row = self.row_for_path(path)
            if row >= 0:
                self._entries[row] = entry
                self._texts[row] = None
                rows.append(row)
        self._sorted = False
        if rows:
            self.dataChanged.emit(self.index(min(rows), 0),
                                  self.index(max(rows), len(HEADERS) - 1))
        self._loaded += len(batch)
        self.loadingProgress.emit(self._loaded, len(self._loader.scan.stale))

    def _loaded_all(self) -> None:
        loader, self._loader = self._loader, None
        if loader is None:
            return
        total = len(loader.scan.stale)
        if self._sort is not None:   # names are known now
            self.sort_rows(*self._sort)
        self.loadingProgress.emit(total, total)
        if self._refresh_again:
            self._refresh_again = False
            self.refresh()

    def _apply(self, entries: Sequence[library.LibraryEntry]) -> None:
        """Turn the difference to ``entries`` (in folder order) into row changes."""
        if not self._entries:     # the first look: every row is new (no path compared)
            if entries:
                self.beginInsertRows(QModelIndex(), 0, len(entries) - 1)
                self._entries = list(entries)
                self._texts = [None] * len(entries)
                self.endInsertRows()
            self._rows = None
            self._sorted = False
            if self._sort is not None:
                self.sort_rows(*self._sort)
            return
        fresh = {e.path: e for e in entries}
        self._rows = None
        self._sorted = False
        # removals, from the bottom up
        for row in range(len(self._entries) - 1, -1, -1):
            if self._entries[row].path not in fresh:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._entries[row]
                del self._texts[row]
                self.endRemoveRows()
        # updates
        known = {}
        for row, entry in enumerate(self._entries):
            known[entry.path] = row
            new = fresh[entry.path]
            if new is not entry and new != entry:
                self._entries[row] = new
                self._texts[row] = None
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))
        # insertions, at the end (then sorted into place)
        added = [e for e in entries if e.path not in known]
        if added:
            first = len(self._entries)
            self.beginInsertRows(QModelIndex(), first, first + len(added) - 1)
            self._entries.extend(added)
            self._texts.extend([None] * len(added))
            self.endInsertRows()
            self._rows = None
        if self._sort is not None:   # new rows and changed names go to their places
            self.sort_rows(*self._sort)

    def _rewatch(self) -> None:
        """Watch the library's folders, those that do not exist yet too (a fresh data
        folder's, a folder added but not there): each is watched once it appears.  The
        list of added folders too: a folder added on the command line is listed."""
        if self._watcher is None:
            return
        files = (e.path for e in self._entries) if len(self._entries) <= WATCH_FILES_UP_TO else ()
        self._watcher.watch([characters_folder(), *library.folders(), library.folders_file(),
                             *files])


class LibraryFilterModel(SearchSortProxy):
    """Search (any column, case-insensitive) and sort for the library view."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(SortRole, parent)

    def sort(self, column: int, order: Qt.SortOrder | None = None) -> None:
        """The library model sorts itself (fast at any size); the proxy keeps its
        order and only filters."""
        from PySide6.QtCore import Qt

        order = Qt.SortOrder.AscendingOrder if order is None else order
        source = source_of(self, LibraryModel)
        if isinstance(source, LibraryModel):
            super().sort(-1, Qt.SortOrder.AscendingOrder)  # -1: in the source order
            source.sort(column, order)
        else:
            super().sort(column, order)
