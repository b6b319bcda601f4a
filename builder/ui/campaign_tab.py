"""A campaign tab: its members, its ledger, party actions and the Fortune/Peril pool.

Every change is one application-layer operation (:mod:`builder.app.campaigns`,
the same functions as the ``campaign`` and ``pool`` commands): the file is read
again, the change is computed in memory, the member guard is asked about
exactly the character files it would write, and everything is written at once
— all member files and the campaign file together, or none.  A refusal shows
every member's reasons and changes no file.  Dialogs check as you type with a
*dry run* of the same operation.

What an operation wrote goes out on the window's one "files changed"
broadcast (:class:`builder.ui.operations.FilesChanged`); open character tabs,
the models and this tab follow it.  The tab's undo stack always holds
one command, "undo the last campaign entry" (Ctrl+Z in this tab), which is the
campaign's own undo: an award, exchange or XP share is taken back from every
member file, a pool entry from the pool.

The parts: :mod:`builder.ui.campaign_party` (party award, Training Exchange,
XP award), :mod:`builder.ui.campaign_members` (add and remove members) and
:mod:`builder.ui.campaign_pool` (the pool panel).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QEvent, QFileSystemWatcher, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (QFont, QResizeEvent, QStandardItem, QStandardItemModel,
                           QUndoCommand, QUndoStack)
from PySide6.QtWidgets import (QFrame, QGroupBox, QHBoxLayout, QHeaderView, QSizePolicy,
                               QLabel, QPushButton, QScrollArea, QSplitter, QStackedWidget,
                               QVBoxLayout, QWidget)

from builder.app.campaign_words import entry_text
from builder.app.types import Envelope, RulesError
from builder.app.pathnames import real_path
from builder.ui.focus import tab_chain
from builder.ui.operations import Failure, FilesChanged, run
from builder.ui.models.campaign_ledger_model import CampaignLedgerModel
from builder.ui.views.base import MessageBar, plain_table
from builder.ui.views.row_heights import fit_rows_when_seen
from builder.ui.campaign_members import MemberActions
from builder.ui.campaign_party import PartyActions
from builder.ui.campaign_pool import EmbeddedPoolView
from builder.ui.wording import cheaper, count

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from builder.app.library import LibraryEntry
    from builder.app.outcome import Guard
    from builder.ui.operations import Change
    from builder.app.types import CampaignView, CharacterView, Ruleset


def _resolved(path: str | Path) -> Path:
    return real_path(path)


class ElidedLine(QLabel):
    """One line that gives way: shortened in the middle ("/home/…/Raid.json") when the
    page is narrower than it, the whole line in its tooltip.  A plain label's full
    width (the campaign file's path) was the campaign page's minimum width."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._full = ""

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._fit()

    def text(self) -> str:
        return self._full

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideMiddle,
                                              max(self.contentsRect().width(), 0))
        QLabel.setText(self, shown if self.width() > 1 else self._full)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + 4, hint.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().averageCharWidth() * 12,
                     super().minimumSizeHint().height())


class UndoLastEntry(QUndoCommand):
    """The campaign's undo as a command: undo() takes back the last ledger entry."""

    def __init__(self, view: "CampaignTab", entry: Envelope, text: str):
        super().__init__(f"{text} (campaign)")
        self.view = view
        self.entry = entry
        self._first = True

    def redo(self) -> None:
        # pushed after the entry was written; a real redo is not offered
        self._first = False

    def undo(self) -> None:
        self.setObsolete(True)
        self.view.undo_last(expected=self.entry)


class CampaignTab(QWidget):
    #: The campaign file changed (the library's campaign list refreshes).
    changed = Signal()
    #: A message for the status bar.
    status = Signal(str)

    def __init__(self, path: str | Path, parent: QWidget | None = None,
                 member_guard: Guard | None = None,
                 library_entries: Callable[[], list[LibraryEntry]] | None = None,
                 broadcast: FilesChanged | None = None):
        super().__init__(parent)
        self.setObjectName("campaignView")
        self.path = Path(path)
        #: The campaign file as read, read-only.
        self.campaign: CampaignView | None = None
        #: Why the file could not be read the last time (None: it was read).
        self.read_problem: str | None = None
        self.member_guard = member_guard or (lambda paths: [])
        self.broadcast = broadcast if broadcast is not None else FilesChanged(self)
        self.broadcast.changed.connect(self.files_changed)
        self.library_entries = library_entries
        self.undo_stack = QUndoStack(self)
        #: The ledger entry the undo stack's one command takes back (a fresh object():
        #: rebuild it).
        self._top: object = None
        #: The dialog this tab opened last (award, exchange, XP, add members).
        self.dialog: QDialog | None = None
        #: Its parts: the party's group operations, and who is a member.
        self.party = PartyActions(self)
        self.membership = MemberActions(self)
        self._build()
        # the command line (or another window) may change the campaign meanwhile
        self._watch_timer = QTimer(self, singleShot=True, interval=150)
        self._watch_timer.timeout.connect(self._file_changed)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(lambda *_: self._watch_timer.start())
        self.reload()

    # -- layout ---------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel(self)
        self.title.setObjectName("campaignTitle")
        font = QFont()
        font.setPointSize(16)
        font.setBold(True)
        self.title.setFont(font)
        self.info = ElidedLine(self)
        self.info.setObjectName("campaignInfo")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setAccessibleName("Campaign ruleset, members, session and file")

        self.award_button = QPushButton("Part&y award…", self)
        self.award_button.setToolTip("One action for every member (Story Checkpoint, "
                                     "Milestone), all or nothing")
        self.award_button.clicked.connect(self.party.open_award_dialog)
        self.exchange_button = QPushButton("Training E&xchange…", self)
        self.exchange_button.clicked.connect(self.party.open_exchange_dialog)
        self.xp_button = QPushButton("&XP award…", self)
        self.xp_button.setToolTip("Share a session's XP (enemies and treasure) among the "
                                  "survivors")
        self.xp_button.clicked.connect(self.party.open_xp_dialog)
        self.add_button = QPushButton("Add &members…", self)
        self.add_button.setToolTip("Add characters of the library to this campaign")
        self.add_button.clicked.connect(self.membership.open_add_dialog)
        self.remove_button = QPushButton("&Remove member", self)
        self.remove_button.setToolTip("The selected member leaves the campaign (their file "
                                      "is not changed)")
        self.remove_button.clicked.connect(self.membership.remove_selected)
        self.undo_button = QPushButton("&Undo last entry", self)
        self.undo_button.clicked.connect(lambda: self.undo_last())

        buttons = QHBoxLayout()
        for button in (self.award_button, self.exchange_button, self.xp_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.add_button, self.remove_button, self.undo_button):
            buttons.addWidget(button)

        # The message bar takes the place of the info line beside the title while it
        # shows (Dismiss brings the line back): the head row is always as high as the
        # bar (two lines; a longer message scrolls inside), so a message coming or
        # going neither covers the panes nor moves them, and no empty band waits for
        # one.
        self.message_bar = MessageBar(self, lines=2)
        self.message_bar.setObjectName("campaignMessage")
        self.message_bar.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.head_stack = QStackedWidget(self)
        self.head_stack.setObjectName("campaignHeadLine")
        self.head_stack.addWidget(self.info)
        self.head_stack.addWidget(self.message_bar)
        self.head_stack.setFixedHeight(self.message_bar.sizeHint().height())
        self.info.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.message_bar.installEventFilter(self)

        self.members_model = QStandardItemModel(0, 2, self)
        self.members_model.setHorizontalHeaderLabels(["Member", "Figures"])
        self.members_view = plain_table(self, self.members_model, "campaignMembers",
                                        "Members of the campaign")
        self.members_view.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.members_view.selectionModel().selectionChanged.connect(self._update_buttons)
        # A member's figures wrap (at " · ") in a narrow column (2x, a small screen)
        # rather than end in "…"; the rows follow the column's width.
        self.members_view.setWordWrap(True)
        self._member_rows_timer = QTimer(self, singleShot=True, interval=30)
        self._member_rows_timer.timeout.connect(self.members_view.resizeRowsToContents)
        self.members_view.horizontalHeader().sectionResized.connect(
            lambda *_: self._member_rows_timer.start())
        self.ledger_model = CampaignLedgerModel(self)
        self.ledger_view = plain_table(self, self.ledger_model, "campaignLedger",
                                       "Campaign ledger: every entry in order")
        self.ledger_view.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.ledger_view.setWordWrap(True)
        # wrapped rows as tall as their text where they are seen, following the width
        self.ledger_rows_in_view = fit_rows_when_seen(self.ledger_view)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        members_box = QGroupBox("Members", left)
        QVBoxLayout(members_box).addWidget(self.members_view)
        ledger_box = QGroupBox("Ledger", left)
        QVBoxLayout(ledger_box).addWidget(self.ledger_view)
        left_layout.addWidget(members_box, 2)
        left_layout.addWidget(ledger_box, 3)

        self.pool_view = EmbeddedPoolView(self.path, member_guard=self.member_guard,
                                          broadcast=self.broadcast)
        self.pool_area = QScrollArea(self)
        self.pool_area.setObjectName("poolArea")
        self.pool_area.setAccessibleName("Fortune and Peril pool")
        self.pool_area.setWidgetResizable(True)
        # not a Tab stop of its own (a stop that showed nothing): Tab goes from the
        # ledger straight to the pool's first control, which the area scrolls into view
        self.pool_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.pool_area.setFrameShape(QFrame.Shape.NoFrame)
        self.pool_area.setWidget(self.pool_view)
        self.pool_view.follow_width(self.pool_area)    # its rows rearranged when narrow
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("campaignSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.pool_area)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([470, 770])
        self.splitter.setChildrenCollapsible(False)

        head = QHBoxLayout()
        head.addWidget(self.title)
        head.setSpacing(16)
        head.addWidget(self.head_stack, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(buttons)
        layout.addWidget(self.splitter, 1)
        # The pool first (its Start a session is the tab's first stop after the tab
        # itself: the table's first step at a session), then the party's buttons, the
        # members and the ledger.
        tab_chain([*self.pool_view.tab_stops(), self.award_button, self.exchange_button,
                   self.xp_button, self.add_button, self.remove_button, self.undo_button,
                   self.members_view, self.ledger_view])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # show_message() shows the bar, Dismiss hides it: the head row follows (a hide
        # because the tab itself is hidden leaves the bar's own flag as it was)
        if watched is self.message_bar:
            if event.type() == QEvent.Type.Show and \
                    self.head_stack.currentWidget() is not self.message_bar:
                self.head_stack.setCurrentWidget(self.message_bar)
            elif event.type() == QEvent.Type.Hide and self.message_bar.isHidden() and \
                    self.head_stack.currentWidget() is self.message_bar:
                self.head_stack.setCurrentWidget(self.info)
        return super().eventFilter(watched, event)

    def splitters(self) -> dict[str, QSplitter]:
        return {"campaign": self.splitter}

    # -- reading ----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.campaign.name if self.campaign is not None else self.path.stem

    @property
    def ruleset_id(self) -> str:
        return self.campaign.ruleset_id if self.campaign is not None else ""

    def ruleset(self) -> Ruleset | None:
        """The campaign's ruleset (its capabilities decide which party actions the tab
        offers); None when the campaign cannot be read."""
        from builder.app.queries import ruleset as load_ruleset

        if self.campaign is None:
            return None
        try:
            return load_ruleset(self.campaign.ruleset_id)
        except (RulesError, OSError, ValueError):
            return None

    def reload(self, sync_undo: bool = True) -> None:
        from builder.app.rows import campaign_again
        from builder.app.types import FileProblem

        try:
            # (read again only when the file changed: its pool panel may have read it)
            self.campaign = campaign_again(self.path, self.campaign,
                                           getattr(self, "pool_view", None)
                                           and self.pool_view.campaign)
            self.read_problem = None
        except FileProblem as problem:
            self.campaign = None
            self.read_problem = str(problem)
            self.message_bar.show_message(self.read_problem, "error")
        self._watch()
        self.refresh(sync_undo=sync_undo)

    def _watch(self) -> None:
        # atomic writes replace the file: watch the new one
        if os.path.exists(self.path) and str(self.path) not in self._watcher.files():
            self._watcher.addPath(str(self.path))

    def _file_changed(self) -> None:
        self._watch()
        if not os.path.exists(self.path):
            return
        from builder.app import queries
        from builder.app.types import FileProblem

        try:
            fresh = queries.campaign(self.path)
        except FileProblem:
            return
        if self.campaign is None or fresh.raw != self.campaign.raw:
            self.campaign = fresh
            self.refresh()
            self.pool_view.reload(self.campaign)

    def member_files(self) -> list[tuple[str, CharacterView]]:
        """[(stored path, CharacterView)] of the members that can be read."""
        from builder.app.types import FileProblem

        campaign = self.campaign
        if campaign is None:
            return []
        result: list[tuple[str, CharacterView]] = []
        for given in campaign.members:
            try:
                result.append((given, campaign.load_member(given)))
            except (FileProblem, RulesError):
                continue
        return result

    def member_paths(self) -> list[str]:
        if self.campaign is None:
            return []
        return [str(self.campaign.member_path(given)) for given in self.campaign.members]

    def refresh(self, sync_undo: bool = True) -> None:
        from builder.app.types import FileProblem

        campaign = self.campaign
        self.members_model.removeRows(0, self.members_model.rowCount())
        if campaign is None:
            self.ledger_model.set_campaign(None)
            self.title.setText(self.path.stem)
            self.info.setText(str(self.path))
            self._update_buttons()
            return
        self.title.setText(campaign.name)
        ruleset = self.ruleset()
        ruleset_title = (ruleset.title if ruleset is not None else "") or campaign.ruleset_id
        from builder.app.rows import pool_replay

        replayed = pool_replay(campaign)     # (its pool panel shows the same replay)
        pool = replayed.state
        session = (f"session {pool.session}" + (f" ({pool.session_name})"
                                                 if pool.session_name else "")
                   if pool.session else "no session yet")
        self.info.setText(f"{ruleset_title} · {count(len(campaign.members), 'member')} · {session}"
                          f" · {self.path}")
        for given in campaign.members:
            try:
                cf: CharacterView = campaign.load_member(given)
                name = QStandardItem(cf.name)
                # the same figures, order and format as the Library's
                figures = " · ".join(f"{k} {v}" for k, v in cf.ruleset.headline(cf.state).items())
                tip = str(cf.path)
            except (FileProblem, RulesError) as problem:
                name = QStandardItem(Path(given).stem)
                figures = f"! {problem}"
                tip = str(problem)
            name.setData(given, Qt.ItemDataRole.UserRole)
            row = [name, QStandardItem(figures)]
            for item in row:
                item.setEditable(False)
                item.setToolTip(f"{tip}\n{figures}\nstored as {given}")
            self.members_model.appendRow(row)
        self.ledger_model.set_campaign(campaign, replayed.problems)
        self.members_view.resizeRowsToContents()
        self.ledger_view.scrollToBottom()
        self.ledger_rows_in_view.fit()
        if sync_undo:
            self._sync_undo()
        self._update_buttons()

    def _update_buttons(self, *_: object) -> None:
        campaign = self.campaign
        writable = campaign is not None and not campaign.read_only
        members = len(campaign.members) if campaign is not None else 0
        ruleset = self.ruleset()
        # each party action where the rule system has it and declares its dialog
        can, dialogs = (ruleset.capabilities, ruleset.parts.dialogs) if ruleset else (None, {})
        story = bool(can and can.training_exchange and "exchange" in dialogs)
        self.award_button.setVisible(bool(can and can.story_milestones
                                          and "party-award" in dialogs))
        self.award_button.setEnabled(writable and members > 0)
        self.exchange_button.setVisible(story)
        if story and ruleset is not None:
            self.exchange_button.setToolTip("Two members take an increase each, "
                                            f"{cheaper(ruleset)}, together")
        self.exchange_button.setEnabled(writable and members >= 2)
        self.xp_button.setVisible(ruleset is not None and ruleset.capabilities.party_xp)
        self.xp_button.setEnabled(writable and members > 0)
        self.add_button.setEnabled(writable)
        self.remove_button.setEnabled(writable and self.selected_member() is not None)
        self.undo_button.setEnabled(campaign is not None and writable and bool(campaign.ledger))
        if campaign is not None and writable and campaign.ledger:
            self.undo_button.setToolTip("Undo: " + entry_text(campaign, campaign.ledger[-1]))
        else:
            self.undo_button.setToolTip("The campaign ledger is empty")

    def _sync_undo(self) -> None:
        """The undo stack holds one command: undo the campaign's last entry."""
        campaign = self.campaign
        last = campaign.ledger[-1] if campaign and campaign.ledger else None
        if last == self._top and (last is None) == (self.undo_stack.count() == 0):
            return
        self._top = last
        self.undo_stack.clear()
        if campaign is not None and last is not None and not campaign.read_only:
            self.undo_stack.push(UndoLastEntry(self, Envelope.of(last), entry_text(campaign, last)))

    def selected_member(self) -> str | None:
        index = self.members_view.currentIndex()
        if not index.isValid() or not self.members_view.selectionModel().hasSelection():
            return None
        given: str = self.members_model.item(index.row(), 0).data(Qt.ItemDataRole.UserRole)
        return given

    # -- messages -------------------------------------------------------------------------
    def show_refusal(self, title: str, reasons: list[str]) -> None:
        self.message_bar.show_message(title + "\n" + "\n".join(f"• {r}" for r in reasons),
                                      "warning")
        self.status.emit(f"{title} " + "; ".join(reasons))

    def show_done(self, text: str) -> None:
        self.message_bar.show_message(text, "info")
        self.status.emit(text)

    def undo_last(self, expected: Envelope | None = None) -> bool:
        """The campaign's undo: the last entry, from every member file it touched
        (refused, writing nothing, while an open tab holds an unsaved change to one)."""
        from builder.app import campaigns

        result = run(lambda: campaigns.undo(self.path, guard=self.member_guard,
                                            expected=expected), None)
        if isinstance(result, Failure):
            if result.code == "stale":
                self.message_bar.show_message(
                    result.reasons[0][:1].upper() + result.reasons[0][1:]
                    + ". Undo again to take that back.", "info")
            elif result.code == "rules":
                self.show_refusal("Cannot undo (no file was changed):", result.reasons)
            else:
                self.show_refusal("Cannot undo: nothing was written.", result.reasons)
            QTimer.singleShot(0, self, self._resync)
            return False
        # the stack is rebuilt after the running command has returned
        QTimer.singleShot(0, self, self._resync)
        self.show_done(result.summary)
        self.broadcast.announce(result)
        self.changed.emit()
        return True

    def _resync(self) -> None:
        self._top = object()  # force a rebuild
        self.reload()

    def files_changed(self, change: Change) -> None:
        """The broadcast: another operation wrote files; read again if this campaign's
        file or one of its members is among them."""
        if self.campaign is None:
            return
        mine = {_resolved(self.path)} | {_resolved(p) for p in self.member_paths()}
        if mine & {_resolved(p) for p in change.paths}:
            # the broadcast may come from inside this tab's own undo command: the
            # undo stack is rebuilt once that has returned
            self.reload(sync_undo=False)
            self.pool_view.reload(self.campaign)
            QTimer.singleShot(0, self, self._sync_undo)
