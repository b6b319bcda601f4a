"""The Conflicts page of a character or campaign: its merged timeline, each entry the
rules refuse after a merge marked, why in words, the figures now and after each
ruling, and a button per ruling.

Everything it shows is :func:`builder.app.conflicts.report`; a ruling is
:func:`builder.app.conflicts.resolve`, pushed on the window's library undo stack as
a :class:`builder.ui.undo.FileOperation` (Undo takes the ruling back with
:func:`~builder.app.conflicts.unresolve`, Redo puts it back with
:func:`~builder.app.conflicts.reapply`), announced on the window's broadcast like
any other change, so open tabs of the file follow.  The page is a tab of the
window; it reads its file again whenever the broadcast names it.
"""
from __future__ import annotations

import html
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from builder.app.pathnames import real_path
from PySide6.QtCore import QFileSystemWatcher, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QFrame, QGridLayout, QGroupBox, QHeaderView,
                               QLabel, QPushButton, QScrollArea, QSplitter, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

if TYPE_CHECKING:
    from builder.app.conflicts import Choice, Conflict, Figures, Report
    from builder.app.outcome import Outcome
    from builder.ui.broadcast import Change, FilesChanged
    from builder.ui.main_window import MainWindow

#: What each place on the timeline is called on the page.
STATE_WORDS = {"applied": "applied", "suspended": "⚠ suspended: needs a ruling",
               "kept": "kept as the GM's ruling (not applied)", "revoked": "revoked"}
#: The timeline's columns.
COL_TIME, COL_DEVICE, COL_ENTRY, COL_STATE = range(4)


def figures_text(figures: "Figures") -> str:
    return " · ".join(f"{label} {value}" for label, value in figures) or "—"


class ConflictsPage(QWidget):
    """One file's merged timeline and its open conflicts (a window tab)."""

    def __init__(self, window: "MainWindow", path: Path | str):
        super().__init__(window.tabs)
        self.main = window
        self.path = Path(path)
        self.report: Report | None = None
        self.setObjectName("conflictsPage")
        self.heading = QLabel(self)
        self.heading.setObjectName("conflictsHeading")
        self.heading.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.hide()

        self.timeline = QTreeWidget(self)
        self.timeline.setObjectName("conflictsTimeline")
        self.timeline.setAccessibleName("Merged timeline")
        self.timeline.setRootIsDecorated(False)
        self.timeline.setAlternatingRowColors(True)
        self.timeline.setHeaderLabels(["Time", "Device", "Entry", "State"])
        self.timeline.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.timeline.setWordWrap(True)
        header = self.timeline.header()
        header.setStretchLastSection(False)
        for column in (COL_TIME, COL_DEVICE, COL_STATE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_ENTRY, QHeaderView.ResizeMode.Stretch)

        self.conflicts = QWidget(self)
        self.conflicts_column = QVBoxLayout(self.conflicts)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.conflicts)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the open conflicts first (what the page is for), the whole timeline below
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(scroll)
        split.addWidget(self.timeline)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([3000, 2000])    # proportions: the splitter scales them
        #: The buttons of the rulings now shown, by (conflict's entry id, ruling, target).
        self.buttons: dict[tuple[str, str, str], QPushButton] = {}

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.problem)
        layout.addWidget(split, 1)
        window.broadcast.changed.connect(self._files_changed)
        # another program's change (the command line's resolve, a sync engine)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(lambda _path: self.refresh())
        self.refresh()

    # -- reading ------------------------------------------------------------------
    @property
    def title(self) -> str:
        name = self.report.name if self.report is not None else self.path.stem
        return f"⚠ Conflicts: {name}"

    def refresh(self) -> None:
        from builder.app import conflicts
        from builder.app.types import RulesError
        from builder.app.types import FileProblem

        try:
            self.report = conflicts.report(self.path)
        except (FileProblem, RulesError, OSError) as problem:
            self.report = None
            self.problem.setText(f"Cannot read {self.path}: {problem}")
            self.problem.show()
            return
        self.problem.hide()
        if str(self.path) not in self._watcher.files():    # a replaced file: watched anew
            self._watcher.addPath(str(self.path))
        report = self.report
        open_count = len(report.conflicts)
        what = "campaign" if report.kind == "campaign" else "character"
        self.heading.setText(
            f"<b>{report.name}</b> ({what}) — {figures_text(report.figures)}<br>"
            + (f"{open_count} {'entry waits' if open_count == 1 else 'entries wait'} for a "
               "ruling: the rules refuse it after the merge, so it is kept in the file "
               "but not applied." if open_count else "No entry waits for a ruling."))
        self._fill_timeline(report)
        self._fill_conflicts(report)
        index = self.main.tabs.indexOf(self)
        if index >= 0:
            self.main.tabs.setTabText(index, self.title)

    def _fill_timeline(self, report: "Report") -> None:
        from builder.app.conflicts import clock

        self.timeline.clear()
        bold = QFont(self.timeline.font())
        bold.setBold(True)
        for line in report.timeline:
            item = QTreeWidgetItem([clock(line.at), line.device, line.text,
                                    STATE_WORDS.get(line.state, line.state)])
            item.setData(COL_TIME, Qt.ItemDataRole.UserRole, line.id)
            item.setToolTip(COL_ENTRY, f"{line.text}\nentry {line.id}")
            if line.state == "suspended":
                for column in range(4):
                    item.setFont(column, bold)
            elif line.state in ("revoked", "kept"):
                for column in range(4):
                    item.setForeground(column, self.palette().placeholderText())
            self.timeline.addTopLevelItem(item)

    def _fill_conflicts(self, report: "Report") -> None:
        while self.conflicts_column.count():
            child = self.conflicts_column.takeAt(0)
            widget = child.widget() if child is not None else None
            if widget is not None:
                widget.deleteLater()
        self.buttons = {}
        for conflict in report.conflicts:
            self.conflicts_column.addWidget(self._conflict_box(conflict))
        self.conflicts_column.addStretch(1)

    def _conflict_box(self, conflict: "Conflict") -> QGroupBox:
        from builder.app.conflicts import clock

        entry = conflict.entry
        where = f"{clock(entry.at)}" + (f" on {entry.device}" if entry.device else "")
        box = QGroupBox(f"Suspended entry, written {where}", self.conflicts)
        box.setObjectName("conflictBox")
        grid = QGridLayout(box)
        what = QLabel(f"<b>{html.escape(entry.text)}</b>", box)
        what.setWordWrap(True)
        grid.addWidget(what, 0, 0, 1, 3)
        reason = QLabel(f"Why: {conflict.reason}", box)
        reason.setObjectName("conflictReason")
        reason.setWordWrap(True)
        reason.setTextFormat(Qt.TextFormat.PlainText)
        reason.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(reason, 1, 0, 1, 3)
        grid.addWidget(QLabel(f"Now: {figures_text(conflict.figures)}", box), 2, 0, 1, 3)
        for row, choice in enumerate(conflict.choices, start=3):
            button = QPushButton(choice.label, box)
            button.setToolTip(self._choice_tip(choice))
            button.clicked.connect(partial(self.rule, choice))
            self.buttons[(entry.id, choice.ruling, choice.entry)] = button
            after = QLabel(f"After: {figures_text(choice.figures)}"
                           + (f" — {'; '.join(choice.changes)}" if choice.changes else ""), box)
            after.setWordWrap(True)
            after.setTextFormat(Qt.TextFormat.PlainText)
            grid.addWidget(button, row, 0)
            grid.addWidget(after, row, 1, 1, 2)
        grid.setColumnStretch(2, 1)
        return box

    @staticmethod
    def _choice_tip(choice: "Choice") -> str:
        if choice.ruling == "keep":
            return ("Both entries stay in the file; this one stays recorded as the game "
                    "master's ruling, not applied, and no longer counts as a conflict")
        return "A revoke entry: the entry stays in the file, not applied (Undo takes it back)"

    def choice_button(self, label: str, index: int = 0) -> QPushButton:
        """The button of a ruling by its label, on the ``index``-th conflict (tests and
        tools drive the page with it)."""
        assert self.report is not None
        entry = self.report.conflicts[index].entry.id
        return next(b for (e, _r, _t), b in self.buttons.items()
                    if e == entry and b.text() == label)

    # -- rulings ------------------------------------------------------------------
    def rule(self, choice: "Choice") -> "Outcome | None":
        """Record a ruling (one step on the window's undo stack)."""
        from builder.app import conflicts
        from builder.ui.undo import FileOperation

        guard = self.main.documents.member_blockers
        path = self.path

        def back(done: "Outcome") -> "Outcome":
            return conflicts.unresolve(path, done.entry, guard=guard)

        def forth(done: "Outcome") -> "Outcome":
            return conflicts.reapply(path, done.entry, guard=guard)

        def command(text: str, outcome: Outcome, _guard: object,
                    broadcast: FilesChanged | None,
                    report: Callable[[str], None]) -> FileOperation:
            return FileOperation(text, outcome, back, forth, broadcast, report)

        op = partial(conflicts.resolve, path, choice.entry, choice.ruling, guard=guard)
        outcome = self.main.library.run_operation(op, command, f"{choice.label}: "
                                                  f"{self._entry_text(choice.entry)}")
        if outcome is not None:
            self.main.report(outcome.summary)
        return outcome

    def _entry_text(self, entry_id: str) -> str:
        if self.report is not None:
            for line in self.report.timeline:
                if line.id == entry_id:
                    return line.text
        return entry_id

    def _files_changed(self, change: "Change") -> None:
        if any(real_path(p) == real_path(self.path) for p in change.paths):
            self.refresh()

    def close_page(self) -> None:
        """The tab closes: stop following the broadcast."""
        self.main.broadcast.changed.disconnect(self._files_changed)
        self.deleteLater()


def page_for(window: "MainWindow", path: Path | str) -> ConflictsPage | None:
    wanted = real_path(path)
    for index in range(1, window.tabs.count()):
        widget = window.tabs.widget(index)
        if isinstance(widget, ConflictsPage) and real_path(widget.path) == wanted:
            return widget
    return None


def open_conflicts(window: "MainWindow", path: Path | str | None = None) -> ConflictsPage | None:
    """The Conflicts page of ``path`` (default: the open tab's character or campaign,
    or the first one selected in the library), in front."""
    if path is None:
        path = _current_path(window)
    if path is None:
        window.report("Open or select a character or campaign to see its conflicts")
        return None
    page = page_for(window, path)
    if page is None:
        page = ConflictsPage(window, path)
        index = window.tabs.addTab(page, page.title)
        window.tabs.setTabToolTip(index, f"Conflicts of {page.path}")
    window.tabs.setCurrentWidget(page)
    return page


def _current_path(window: "MainWindow") -> Path | None:
    widget = window.tabs.currentWidget()
    if isinstance(widget, ConflictsPage):
        return widget.path
    doc = window.documents.current_doc()
    if doc is not None and doc.path is not None:
        return Path(doc.path)
    campaign = window.documents.current_campaign_tab()
    if campaign is not None:
        return Path(campaign.path)
    if window.tabs.currentIndex() == 0:
        chosen = window.library_page.selected_paths() or window.campaigns_panel.selected_paths()
        if chosen:
            return Path(chosen[0])
    return None
