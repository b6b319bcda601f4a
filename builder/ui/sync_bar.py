"""Conflict copies taken in while the window is open, and the lasting bar that says
what came in from other devices.

On start (once the window has settled) and whenever a library folder changes (one
made or added while the window is open too: :mod:`builder.ui.folder_watch`), every
sync engine's conflict copy in the library is merged into its file and removed
(:func:`builder.app.conflicts.take_in_library`).  The files written go out on the
window's "files changed" broadcast, so an open character or campaign takes the new
version as it takes any other operation's change.  When entries written on another
device came in, a bar above the tabs says so until dismissed ("Synced in: 3 entries
from Ann's laptop"), with a button to the Conflicts page when the merge suspended
some of them.  Then what the library's files lost of this device's own entries is
merged back from its device log (:func:`builder.app.sync.restore_own_outcome`), and
the bar says so ("Restored 2 entries this device wrote that the folder had lost").
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QBoxLayout, QPushButton

from builder.ui.folder_watch import FolderWatch
from builder.ui.wording import count

if TYPE_CHECKING:
    from builder.app.conflicts import SyncedFile, TakenIn
    from builder.ui.main_window import MainWindow
    from builder.ui.views.base import MessageBar

#: A tab that held a copy taken in: (copy, file kept, its tab was current, its place).
_OpenCopy = tuple[Path, Path, bool, int]

#: How long a folder stays quiet before its copies are taken in (the several events
#: of one copy a sync engine writes are taken as one).
SETTLE_MS = 200


def synced_words(synced: Sequence["SyncedFile"]) -> str:
    """"Synced in: 3 entries from Ann's laptop (Mira)", one part per device."""
    devices: dict[str, int] = {}
    for item in synced:
        for who, n in item.devices:
            devices[who] = devices.get(who, 0) + n
    parts = []
    for who, n in sorted(devices.items(), key=lambda kv: (kv[0] == "", kv[0])):
        parts.append(f"{count(n, 'entry', 'entries')} from {who or 'another device'}")
    names = ", ".join(item.name for item in synced)
    text = f"Synced in: {', '.join(parts)} ({names})"
    waiting = sum(item.open_conflicts for item in synced)
    if waiting:
        from builder.app.sync import waiting_words

        text += f"; {waiting_words(waiting)}"
    return text


class SyncIntake(QObject):
    """Takes in the library's conflict copies for a window and keeps its sync bar."""

    def __init__(self, window: "MainWindow"):
        super().__init__(window)
        self.window = window
        self.bar: MessageBar | None = None
        self.conflicts_button: QPushButton | None = None
        self.last: TakenIn | None = None
        self._conflicted: list[Path] = []
        #: Files the bar said are gone from their folder (rebuilt into the trash).
        self._gone: list[Path] = []
        self._watch = FolderWatch(self)
        self._watch.changed.connect(self.schedule)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.take_in)
        self._rewatch()
        self.schedule()

    def _rewatch(self) -> None:
        """Watch the library's folders, each once it appears (a fresh data folder's
        ``characters``, a ``campaigns`` folder made later), and the list of added
        folders (a folder added is watched at once)."""
        from builder.app import library, sync

        self._watch.watch([*sync.library_folders(), library.folders_file()])

    def schedule(self, *_: object) -> None:
        self._timer.start()

    def stop(self) -> None:
        """Take nothing in any more (the window is going away)."""
        self._timer.stop()
        self._watch.changed.disconnect(self.schedule)
        self._watch.stop()

    def take_in(self) -> "TakenIn | None":
        """Take in the copies now; what came in from other devices goes to the bar."""
        from builder.app import conflicts

        self._rewatch()
        try:
            taken = conflicts.take_in_library()
        except OSError as problem:      # a folder that cannot be read: said, kept
            self.window.report(f"Conflict copies not taken in: {problem}")
            return None
        self.last = taken
        opened = self._open_copies(taken.merged)
        if taken.outcome.changes:
            self.window.broadcast.announce(taken.outcome)
        self._show_kept(opened)
        if taken.merged and not opened:      # no tab to follow: the status line says it
            self.window.report("; ".join(f"{copy.name} was taken into {kept.name}"
                                         for copy, kept in taken.merged))
        restored = self.restore_own()
        if taken.synced or restored:
            self.show(taken.synced, restored)
        else:
            self._say_back()
        if taken.left:      # tried again at the folder's next change
            self.window.report("Conflict copies left as they are: " + "; ".join(
                f"{copy.name}: {why}" for copy, why in taken.left))
        return taken

    def _open_copies(self, merged: Sequence[tuple[Path, Path]]) -> list[_OpenCopy]:
        """The copies taken in that a tab holds: (copy, file kept, whether its tab is
        the current one, its tab's place)."""
        documents = self.window.documents
        current = documents.tabs.currentWidget()
        opened = []
        for copy, kept in merged:
            tab = documents.tab_for_path(copy)
            if tab is not None:
                opened.append((copy, kept, tab is current, documents.tabs.indexOf(tab)))
        return opened

    def _show_kept(self, opened: Sequence[_OpenCopy]) -> None:
        """A tab that held a copy now taken in shows the file it went into, in its
        place: the copy's entries are all there."""
        documents = self.window.documents
        tabs = documents.tabs
        for copy, kept, was_current, index in opened:
            tab = documents.tab_for_path(copy)
            if tab is not None:              # a copy under a sync engine's name
                documents.close_tab(tabs.indexOf(tab))
            if documents.open_in_place(kept, index, make_current=was_current) is None:
                continue
            self.window.report(f"{copy.name} was taken into {kept.name}: its tab shows "
                               f"{kept.name} now")

    def restore_own(self) -> str:
        """Merge back what the library's files lost of this device's own entries (a
        copy a sync engine lost); what the bar says of it ("" when nothing was)."""
        from builder.app import sync

        try:
            restored = sync.restore_own_outcome()
        except OSError as problem:
            self.window.report(f"Entries of this device not checked: {problem}")
            return ""
        if restored is None:
            return ""
        if restored.changes:
            self.window.broadcast.announce(restored)
        self._gone = [path for path, _rebuilt in restored.moved]
        return restored.summary

    def _say_back(self) -> None:
        """A file the bar said is gone, back in its folder (saved again from its tab):
        the bar says so instead, and that its rebuilt copy is not needed."""
        back = [path for path in self._gone if path.exists()]
        if not back or self.bar is None or self.bar.isHidden():
            return
        self._gone = [path for path in self._gone if path not in back]
        names = ", ".join(path.name for path in back)
        self.bar.show_message(f"{names} {'is' if len(back) == 1 else 'are'} back in "
                              f"{'its folder' if len(back) == 1 else 'their folders'}: "
                              "the copy rebuilt into the trash is not needed", "info")

    def show(self, synced: Sequence["SyncedFile"], restored: str = "") -> None:
        self._ensure_bar()
        self._conflicted = [item.path for item in synced if item.open_conflicts]
        assert self.bar is not None and self.conflicts_button is not None
        self.conflicts_button.setVisible(bool(self._conflicted))
        said = [synced_words(synced)] if synced else []
        self.bar.show_message("; ".join(said + ([restored] if restored else [])), "info")

    def _ensure_bar(self) -> None:
        from builder.ui.views.base import MessageBar

        if self.bar is None:
            bar = self.bar = MessageBar(self.window.centralWidget(), lines=2)
            bar.setObjectName("syncBar")
            button = self.conflicts_button = QPushButton("&Conflicts…", bar)
            button.setToolTip("The merged timeline and the rulings the suspended entries "
                              "need")
            button.clicked.connect(self._open_conflicts)
            bar.buttons.addWidget(button)
            central = self.window.centralWidget()
            column = central.layout() if central is not None else None
            if isinstance(column, QBoxLayout):
                column.insertWidget(column.count() - 1, bar)    # right above the tabs

    def _open_conflicts(self) -> None:
        from builder.ui.conflicts_page import open_conflicts

        for path in self._conflicted:
            open_conflicts(self.window, path)
