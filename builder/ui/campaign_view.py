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

Also here: :class:`XpAwardDialog`, the Vogelfrei party XP award of a campaign
(enemies, treasure, survivors and partial shares, via ``CampaignFile.xp_award``).
"""
from __future__ import annotations

import shlex
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QFileSystemWatcher, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog,
                               QDialogButtonBox, QFormLayout, QFrame, QGridLayout, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QScrollArea, QSpinBox, QSplitter,
                               QTableView, QVBoxLayout, QWidget)

from builder.rules.base import RulesError
from builder.ui.operations import Failure, FilesChanged, run
from builder.ui.pool_view import PoolView
from builder.ui.views.base import MessageBar
from builder.ui.wording import NOTHING_TO_AWARD  # the Party XP dialog's words too


def _when(stamp: str) -> str:
    """A ledger time as the library shows times: "today 14:05" or "2026-11-30 14:05"."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(str(stamp)).astimezone()
    except ValueError:
        return str(stamp)[:16]
    if moment.date() == datetime.now().astimezone().date():
        return moment.strftime("today %H:%M")
    return moment.strftime("%Y-%m-%d %H:%M")


def _reasons_of(problem: Exception) -> list[str]:
    return list(getattr(problem, "reasons", None) or [str(problem)])


def _resolved(path) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path).absolute()


def member_path_for(campaign_file: Path | str, character: Path | str) -> str:
    """How the window stores a member it picked (see builder.app.campaigns)."""
    from builder.app.campaigns import member_reference

    return member_reference(campaign_file, character)


class EmbeddedPoolView(PoolView):
    """The pool view inside the campaign tab (in a scroll area, so a small window
    still fits); its full screen takes the pool out of the tab into a full-screen
    window of its own and puts it back on Esc (or the button)."""

    def __init__(self, path, parent=None, member_guard=None, broadcast=None):
        self._home: tuple | None = None
        super().__init__(path, parent, member_guard=member_guard, broadcast=broadcast)
        # screen-reader names for the pool's inputs (the window's rule: every
        # keyboard-reachable control is named)
        for widget, name in ((self.by, "Who spends"), (self.check_id, "Check id"),
                             (self.nemesis, "Nemesis spending Peril"),
                             (self.on, "Whose check, if not the spender's"),
                             (self.talent, "Reactive talent"),
                             (self.react_spend, "Point spent by the reaction"),
                             (self.earn_side, "Side of the earned point"),
                             (self.earn_reason, "Rule that earned the point"),
                             (self.players, "Players at the table"),
                             (self.reasons, "Why a spend is not possible"),
                             (self.message, "Last pool message")):
            if not widget.accessibleName():
                widget.setAccessibleName(name)
            inner = widget.findChild(QLineEdit)
            if inner is not None and not inner.accessibleName():
                inner.setAccessibleName(name)

    def set_full_screen(self, on: bool) -> None:
        area = self.home_area
        if on and self._home is None and area is not None \
                and isinstance(area.parentWidget(), QSplitter):
            # the scroll area (with the pool) becomes a window of its own
            splitter = area.parentWidget()
            self._home = (splitter, splitter.indexOf(area), splitter.sizes())
            area.setParent(None)
            area.setWindowTitle(f"Story Point pool — {self.campaign.name if self.campaign else ''}")
        self.refresh()
        self.full_button.setText("Leave full screen (Esc)" if on else "Full screen")
        super().set_full_screen(on)   # full screen / normal for self.window()
        if not on and self._home is not None:
            splitter, index, sizes = self._home
            self._home = None
            area.hide()
            splitter.insertWidget(index, area)
            splitter.setSizes(sizes)
            area.show()
            self.refresh()

    @property
    def home_area(self):
        return getattr(self, "_area", None)

    def refresh(self) -> None:
        super().refresh()
        # in the tab the campaign's name is already the tab's title: the session only
        if not self.is_detached() and self.campaign is not None:
            prefix = self.campaign.name + " — "
            text = self.title.text()
            if text.startswith(prefix):
                text = text[len(prefix):]
            self.title.setText(text[:1].upper() + text[1:])

    def is_detached(self) -> bool:
        return getattr(self, "_home", None) is not None


class UndoLastEntry(QUndoCommand):
    """The campaign's undo as a command: undo() takes back the last ledger entry."""

    def __init__(self, view: "CampaignView", entry: dict, text: str):
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


class CampaignView(QWidget):
    #: The campaign file changed (the library's campaign list refreshes).
    changed = Signal()
    #: A message for the status bar.
    status = Signal(str)

    def __init__(self, path, parent: QWidget | None = None,
                 member_guard: Callable[[list], list] | None = None,
                 library_entries: Callable[[], list] | None = None,
                 broadcast: FilesChanged | None = None):
        super().__init__(parent)
        self.setObjectName("campaignView")
        self.path = Path(path)
        self.campaign = None
        self.member_guard = member_guard or (lambda paths: [])
        self.broadcast = broadcast if broadcast is not None else FilesChanged(self)
        self.broadcast.changed.connect(self.files_changed)
        self.library_entries = library_entries
        self.undo_stack = QUndoStack(self)
        self._top = None
        #: The dialog this tab opened last (award, exchange, XP, add members).
        self.dialog = None
        self._build()
        # the command line (or another window) may change the campaign meanwhile
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(lambda *_: self._watch_timer.start())
        self._watch_timer = QTimer(self, singleShot=True, interval=150)
        self._watch_timer.timeout.connect(self._file_changed)
        self.reload()

    # -- layout ---------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel(self)
        self.title.setObjectName("campaignTitle")
        font = QFont()
        font.setPointSize(16)
        font.setBold(True)
        self.title.setFont(font)
        self.info = QLabel(self)
        self.info.setObjectName("campaignInfo")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setAccessibleName("Campaign ruleset, members, session and file")

        self.award_button = QPushButton("Part&y award…", self)
        self.award_button.setToolTip("One action for every member (Story Checkpoint, "
                                     "Milestone), all or nothing")
        self.award_button.clicked.connect(self.open_award_dialog)
        self.exchange_button = QPushButton("Training E&xchange…", self)
        self.exchange_button.setToolTip("Two members raise a Skill or Class, each 1 SP "
                                        "cheaper, together")
        self.exchange_button.clicked.connect(self.open_exchange_dialog)
        self.xp_button = QPushButton("&XP award…", self)
        self.xp_button.setToolTip("Share a session's XP (enemies and treasure) among the "
                                  "survivors")
        self.xp_button.clicked.connect(self.open_xp_dialog)
        self.add_button = QPushButton("Add &members…", self)
        self.add_button.setToolTip("Add characters of the library to this campaign")
        self.add_button.clicked.connect(self.open_add_dialog)
        self.remove_button = QPushButton("&Remove member", self)
        self.remove_button.setToolTip("The selected member leaves the campaign (their file "
                                      "is not changed)")
        self.remove_button.clicked.connect(self.remove_selected)
        self.undo_button = QPushButton("&Undo last entry", self)
        self.undo_button.clicked.connect(lambda: self.undo_last())

        buttons = QHBoxLayout()
        for button in (self.award_button, self.exchange_button, self.xp_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.add_button, self.remove_button, self.undo_button):
            buttons.addWidget(button)

        self.message_bar = MessageBar(self)
        self.message_bar.setObjectName("campaignMessage")

        self.members_model = QStandardItemModel(0, 2, self)
        self.members_model.setHorizontalHeaderLabels(["Member", "Figures"])
        self.members_view = self._table(self.members_model, "campaignMembers",
                                        "Members of the campaign")
        self.members_view.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.members_view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.ledger_model = QStandardItemModel(0, 3, self)
        self.ledger_model.setHorizontalHeaderLabels(["#", "Entry", "When"])
        self.ledger_view = self._table(self.ledger_model, "campaignLedger",
                                       "Campaign ledger: every entry in order")
        self.ledger_view.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.ledger_view.setWordWrap(True)
        # wrapped rows follow the column's width (debounced)
        self._rows_timer = QTimer(self, singleShot=True, interval=30)
        self._rows_timer.timeout.connect(self.ledger_view.resizeRowsToContents)
        self.ledger_view.horizontalHeader().sectionResized.connect(
            lambda *_: self._rows_timer.start())

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
        self.pool_area.setFrameShape(QFrame.Shape.NoFrame)
        self.pool_area.setWidget(self.pool_view)
        self.pool_view._area = self.pool_area
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
        head.addWidget(self.info, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(buttons)
        layout.addWidget(self.message_bar)
        layout.addWidget(self.splitter, 1)

    def _table(self, model, name: str, accessible: str) -> QTableView:
        view = QTableView(self)
        view.setObjectName(name)
        view.setAccessibleName(accessible)
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        view.verticalHeader().hide()
        view.setWordWrap(False)
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        return view

    def splitters(self) -> dict:
        return {"campaign": self.splitter}

    # -- reading ----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.campaign.name if self.campaign is not None else self.path.stem

    @property
    def ruleset_id(self) -> str:
        return self.campaign.ruleset_id if self.campaign is not None else ""

    def ruleset(self):
        """The campaign's ruleset (its capabilities decide which party actions the tab
        offers); None when the campaign cannot be read."""
        from builder.storage.rulesets import load_ruleset

        if self.campaign is None:
            return None
        try:
            return load_ruleset(self.campaign.ruleset_id)
        except (RulesError, OSError, ValueError):
            return None

    def reload(self, sync_undo: bool = True) -> None:
        from builder.storage import campaigns
        from builder.storage.files import FileProblem

        try:
            self.campaign = campaigns.load_campaign(self.path)
        except FileProblem as problem:
            self.campaign = None
            self.message_bar.show_message(str(problem), "error")
        self._watch()
        self.refresh(sync_undo=sync_undo)

    def _watch(self) -> None:
        # atomic writes replace the file: watch the new one
        if self.path.exists() and str(self.path) not in self._watcher.files():
            self._watcher.addPath(str(self.path))

    def _file_changed(self) -> None:
        self._watch()
        if not self.path.exists():
            return
        from builder.storage import campaigns
        from builder.storage.files import FileProblem

        try:
            fresh = campaigns.load_campaign(self.path)
        except FileProblem:
            return
        if self.campaign is None or fresh.raw != self.campaign.raw:
            self.campaign = fresh
            self.refresh()
            self.pool_view.reload()

    def member_files(self) -> list[tuple[str, object]]:
        """[(stored path, CharacterFile)] of the members that can be read."""
        from builder.storage.files import FileProblem

        result = []
        for given in (self.campaign.members if self.campaign else []):
            try:
                result.append((given, self.campaign.load_member(given)))
            except (FileProblem, RulesError):
                continue
        return result

    def member_paths(self) -> list[str]:
        if self.campaign is None:
            return []
        return [str(self.campaign.member_path(given)) for given in self.campaign.members]

    def refresh(self, sync_undo: bool = True) -> None:
        from builder.storage.files import FileProblem

        campaign = self.campaign
        self.members_model.removeRows(0, self.members_model.rowCount())
        self.ledger_model.removeRows(0, self.ledger_model.rowCount())
        if campaign is None:
            self.title.setText(self.path.stem)
            self.info.setText(str(self.path))
            self._update_buttons()
            return
        self.title.setText(campaign.name)
        try:
            from builder.storage.rulesets import load_ruleset

            ruleset_title = load_ruleset(campaign.ruleset_id).title or campaign.ruleset_id
        except (RulesError, OSError, ValueError):
            ruleset_title = campaign.ruleset_id
        pool = campaign.pool
        session = (f"session {pool.session}" + (f" ({pool.session_name})"
                                                 if pool.session_name else "")
                   if pool.session else "no session yet")
        self.info.setText(f"   {ruleset_title} · {len(campaign.members)} member(s) · {session}"
                          f" · {self.path}")
        for given in campaign.members:
            try:
                cf = campaign.load_member(given)
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
        replayed = campaign.pool_replay()
        problems = {index: reasons for index, reasons in replayed.problems}
        for index, entry in enumerate(campaign.ledger):
            text = campaign.plain(entry)
            if index in problems:
                text += "  ! skipped: " + "; ".join(problems[index])
            row = [QStandardItem(str(index + 1)), QStandardItem(text),
                   QStandardItem(_when(entry.get("at", "")))]
            for item in row:
                item.setEditable(False)
                item.setToolTip(text)
            self.ledger_model.appendRow(row)
        self.ledger_view.resizeRowsToContents()
        self.ledger_view.scrollToBottom()
        if sync_undo:
            self._sync_undo()
        self._update_buttons()

    def _update_buttons(self, *_):
        campaign = self.campaign
        writable = campaign is not None and not campaign.read_only
        members = len(campaign.members) if campaign is not None else 0
        ruleset = self.ruleset()
        story = ruleset is not None and ruleset.training_exchange
        # The party award is a Story Checkpoint or Milestone; a ruleset without them
        # (Vogelfrei: its XP award) has none to offer.
        self.award_button.setVisible(bool(getattr(ruleset, "story_milestones", False)))
        self.award_button.setEnabled(writable and members > 0)
        self.exchange_button.setVisible(story)
        self.exchange_button.setEnabled(writable and members >= 2)
        self.xp_button.setVisible(ruleset is not None and ruleset.party_xp is not None)
        self.xp_button.setEnabled(writable and members > 0)
        self.add_button.setEnabled(writable)
        self.remove_button.setEnabled(writable and self.selected_member() is not None)
        self.undo_button.setEnabled(writable and bool(campaign.ledger))
        if writable and campaign.ledger:
            self.undo_button.setToolTip("Undo: " + campaign.plain(campaign.ledger[-1]))
        else:
            self.undo_button.setToolTip("The campaign ledger is empty")

    def _sync_undo(self) -> None:
        """The undo stack holds one command: undo the campaign's last entry."""
        last = self.campaign.ledger[-1] if self.campaign and self.campaign.ledger else None
        if last == self._top and (last is None) == (self.undo_stack.count() == 0):
            return
        self._top = last
        self.undo_stack.clear()
        if last is not None and not self.campaign.read_only:
            self.undo_stack.push(UndoLastEntry(self, last, self.campaign.plain(last)))

    def selected_member(self) -> str | None:
        index = self.members_view.currentIndex()
        if not index.isValid() or not self.members_view.selectionModel().hasSelection():
            return None
        return self.members_model.item(index.row(), 0).data(Qt.ItemDataRole.UserRole)

    # -- messages -------------------------------------------------------------------------
    def show_refusal(self, title: str, reasons: list[str]) -> None:
        self.message_bar.show_message(title + "\n" + "\n".join(f"• {r}" for r in reasons),
                                      "warning")
        self.status.emit(f"{title} " + "; ".join(reasons))

    def show_done(self, text: str) -> None:
        self.message_bar.show_message(text, "info")
        self.status.emit(text)

    # -- the core, dry and for real ----------------------------------------------------------
    def dry_run(self, op) -> list[str]:
        """The reasons the operation ``op(path)`` gives in a dry run; nothing written."""
        from builder.ui.operations import attempt

        result = attempt(lambda: op(self.path))
        return result.reasons if isinstance(result, Failure) else []

    def _group(self, what: str, op) -> bool:
        """Run a group operation (``op(path, guard=...)``) and broadcast what it wrote."""
        from builder.app import campaigns

        guard = self.member_guard
        outcome = None

        def undo():
            return campaigns.undo(self.path, guard=guard,
                                  expected=outcome.entry if outcome else None)

        result = run(lambda: op(self.path, guard=guard), None)
        if isinstance(result, Failure):
            title = (f"{what}: nothing was written." if result.code != "rules"
                     else f"{what} refused (no file was changed):")
            self.show_refusal(title, result.reasons)
            self.reload()
            return False
        outcome = result
        self.reload()
        self.show_done(result.summary)
        self.broadcast.announce(result, undo)   # this tab reads again too
        self.changed.emit()
        return True

    def party_award(self, words: list[str]) -> bool:
        from builder.app import campaigns

        return self._group("Party award", lambda p, **kw: campaigns.award(p, words, **kw))

    def preview_award(self, words: list[str]) -> list[str]:
        from builder.app import campaigns

        return self.dry_run(lambda p: campaigns.award(p, words, dry_run=True))

    def exchange(self, member_a: str, words_a: list, member_b: str, words_b: list) -> bool:
        from builder.app import campaigns

        return self._group("Training Exchange", lambda p, **kw: campaigns.exchange(
            p, member_a, words_a, member_b, words_b, **kw))

    def preview_exchange(self, member_a: str, words_a: list, member_b: str,
                         words_b: list) -> list[str]:
        from builder.app import campaigns

        return self.dry_run(lambda p: campaigns.exchange(p, member_a, words_a, member_b,
                                                         words_b, dry_run=True))

    def _xp_spec(self, hit_dice, session, treasure, survivors, shares):
        from builder.app import campaigns

        return campaigns.XpAward(hit_dice=tuple(hit_dice), session=session,
                                 treasure=treasure, survivors=tuple(survivors),
                                 shares=tuple(shares))

    def xp_award(self, hit_dice: list, *, session: str, treasure: int = 0,
                 survivors: list = (), shares: list = ()) -> bool:
        from builder.app import campaigns

        spec = self._xp_spec(hit_dice, session, treasure, survivors, shares)
        return self._group("XP award", lambda p, **kw: campaigns.award_xp(p, spec, **kw))

    def preview_xp(self, hit_dice: list, *, session: str, treasure: int = 0,
                   survivors: list = (), shares: list = ()) -> tuple[list[str], dict | None]:
        """(reasons, the entry the award would log) — a dry run."""
        from builder.app import campaigns
        from builder.ui.operations import attempt

        spec = self._xp_spec(hit_dice, session, treasure, survivors, shares)
        result = attempt(lambda: campaigns.award_xp(self.path, spec, dry_run=True))
        if isinstance(result, Failure):
            return result.reasons, None
        return [], result.entry

    def undo_last(self, expected: dict | None = None) -> bool:
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

    def files_changed(self, change) -> None:
        """The broadcast: another operation wrote files; read again if this campaign's
        file or one of its members is among them."""
        if self.campaign is None:
            return
        mine = {_resolved(self.path)} | {_resolved(p) for p in self.member_paths()}
        if mine & {_resolved(p) for p in change.paths}:
            # the broadcast may come from inside this tab's own undo command: the
            # undo stack is rebuilt once that has returned
            self.reload(sync_undo=False)
            self.pool_view.reload()
            QTimer.singleShot(0, self, self._sync_undo)

    # -- members --------------------------------------------------------------------------
    def add_members(self, character_paths: list) -> bool:
        from builder.app import campaigns

        givens = [member_path_for(self.path, p) for p in character_paths]
        result = run(lambda: campaigns.add_members(self.path, givens), self.broadcast)
        if isinstance(result, Failure):
            title = ("Cannot add (nothing was changed):" if result.code == "rules"
                     else "Cannot add:")
            self.show_refusal(title, result.reasons)
            return False
        self.show_done(result.summary)
        self.changed.emit()
        return True

    def remove_member(self, given: str) -> bool:
        from builder.app import campaigns

        result = run(lambda: campaigns.remove_member(self.path, given), self.broadcast)
        if isinstance(result, Failure):
            self.show_refusal("Cannot remove:", result.reasons)
            return False
        self.show_done(result.summary)
        self.changed.emit()
        return True

    def remove_selected(self) -> None:
        given = self.selected_member()
        if given is not None:
            self.remove_member(given)

    # -- dialogs ------------------------------------------------------------------------------
    def _milestones(self) -> list[str]:
        names = []
        for _given, cf in self.member_files():
            try:
                milestones = cf.derived().get("milestones", {})
            except RulesError:
                continue
            for name, info in milestones.items():
                if name not in names and not info.get("resolved"):
                    names.append(name)
        return names

    def open_award_dialog(self) -> None:
        from builder.ui.dialogs.campaign_award import PartyAwardDialog

        names = [cf.name for _g, cf in self.member_files()]
        dialog = PartyAwardDialog(self.name, names, self._milestones(), self.preview_award,
                                  parent=self)
        dialog.chosen.connect(self.party_award)
        dialog.open()
        self.dialog = dialog

    def open_exchange_dialog(self) -> None:
        from builder.ui.dialogs.campaign_exchange import TrainingExchangeDialog

        dialog = TrainingExchangeDialog(self.name, self.member_files(), self.preview_exchange,
                                        parent=self)
        dialog.chosen.connect(self.exchange)
        dialog.open()
        self.dialog = dialog

    def open_xp_dialog(self) -> None:
        done = sum(1 for e in (self.campaign.ledger if self.campaign else [])
                   if e.get("action") == "xp")
        dialog = XpAwardDialog(self.name, [(g, cf.name) for g, cf in self.member_files()],
                               self.preview_xp, session=str(done + 1), parent=self)
        dialog.chosen.connect(lambda hd, kw: self.xp_award(hd, **kw))
        dialog.open()
        self.dialog = dialog

    def open_add_dialog(self) -> None:
        if self.library_entries is not None:
            entries = self.library_entries()
        else:
            from builder.storage.library import scan_library

            entries = scan_library()
        present = {Path(p).resolve() for p in self.member_paths()}
        offered = [e for e in entries if not e.problem and e.ruleset_id == self.ruleset_id
                   and Path(e.path).resolve() not in present]
        dialog = AddMembersDialog(self.name, offered, self)
        dialog.chosen.connect(self.add_members)
        dialog.open()
        self.dialog = dialog


class AddMembersDialog(QDialog):
    """Tick characters of the library (of the campaign's ruleset) to add."""

    chosen = Signal(list)

    def __init__(self, campaign_name: str, entries: list, parent=None):
        super().__init__(parent)
        self.setObjectName("addMembersDialog")
        self.setWindowTitle(f"Add members — {campaign_name}")
        self.list = QListWidget(self)
        self.list.setAccessibleName("Characters to add")
        for entry in sorted(entries, key=lambda e: e.name.casefold()):
            item = QListWidgetItem(f"{entry.name}    {entry.headline_text}")
            item.setData(Qt.ItemDataRole.UserRole, str(entry.path))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        note = QLabel("Characters of the campaign's ruleset in the library that are not "
                      "members yet." if entries else
                      "No other character of this ruleset in the library.", self)
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Add", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.buttons)
        self.list.itemChanged.connect(lambda *_: self.ok.setEnabled(bool(self.paths())))
        self.ok.setEnabled(False)

    def paths(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _accept(self) -> None:
        if self.paths():
            self.chosen.emit(self.paths())
            self.accept()


SHARES = ["1", "1/2", "1/3", "2/3", "1/4", "3/4"]


class XpAwardDialog(QDialog):
    """Vogelfrei: a session's XP (defeated enemies + treasure) shared among the surviving
    members, partial shares for partial presence — ``CampaignFile.xp_award``.

    The total and every member's share are the core's dry run, shown as you type."""

    #: (hit dice list, {"session", "treasure", "survivors", "shares"})
    chosen = Signal(list, dict)

    def __init__(self, campaign_name: str, members: list, preview, session: str = "1",
                 parent=None):
        super().__init__(parent)
        self.setObjectName("xpAwardDialog")
        self.setWindowTitle(f"XP award — {campaign_name}")
        self.members = members  # [(stored path, name)]
        self.preview = preview
        self.enemies = QLineEdit(self)
        self.enemies.setObjectName("xpEnemies")
        self.enemies.setAccessibleName("Defeated enemies' Hit Dice")
        self.enemies.setPlaceholderText("one HD per enemy: 3  3*  L2  <1  bandit=2")
        self.enemies.setToolTip("3* = special abilities (one HD more); L2 = a classed "
                                "character of level 2; ID=HD counts a returning enemy once")
        self.treasure = QSpinBox(self)
        self.treasure.setObjectName("xpTreasure")
        self.treasure.setAccessibleName("Treasure brought back, in silver pieces")
        self.treasure.setRange(0, 10_000_000)
        self.treasure.setSuffix(" sp")
        self.session = QLineEdit(session, self)
        self.session.setObjectName("xpSession")
        self.session.setAccessibleName("Session")

        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Member</b>", self), 0, 0)
        grid.addWidget(QLabel("<b>Share</b>", self), 0, 1)
        grid.addWidget(QLabel("<b>XP</b>", self), 0, 2)
        self.checks: list[QCheckBox] = []
        self.fractions: list[QComboBox] = []
        self.results: list[QLabel] = []
        for row, (_given, name) in enumerate(members, start=1):
            check = QCheckBox(f"{name} survived", self)
            check.setChecked(True)
            fraction = QComboBox(self)
            fraction.setEditable(True)
            fraction.addItems(SHARES)
            fraction.setAccessibleName(f"{name}'s share (1 = present throughout)")
            result = QLabel("", self)
            grid.addWidget(check, row, 0)
            grid.addWidget(fraction, row, 1)
            grid.addWidget(result, row, 2)
            check.toggled.connect(self.validate)
            fraction.currentTextChanged.connect(self.validate)
            self.checks.append(check)
            self.fractions.append(fraction)
            self.results.append(result)

        self.summary = QLabel(self)
        self.summary.setObjectName("xpSummary")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Award XP", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("xpOk")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Defeated &enemies (HD):", self.enemies)
        form.addRow("&Treasure:", self.treasure)
        form.addRow("&Session:", self.session)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(grid)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.enemies.textChanged.connect(self.validate)
        self.treasure.valueChanged.connect(self.validate)
        self.session.textChanged.connect(self.validate)
        self.validate()
        self.resize(520, 380)

    def set_member(self, index: int, survived: bool = True, share: str = "1") -> None:
        self.checks[index].setChecked(survived)
        self.fractions[index].setCurrentText(share)

    def arguments(self) -> tuple[list, dict]:
        try:
            hit_dice = shlex.split(self.enemies.text().replace(",", " "))
        except ValueError:
            hit_dice = self.enemies.text().replace(",", " ").split()
        survivors, shares = [], []
        for (given, _name), check, fraction in zip(self.members, self.checks, self.fractions):
            if not check.isChecked():
                continue
            survivors.append(given)
            part = fraction.currentText().strip()
            if part and part != "1":
                shares.append(f"{given}={part}")
        return hit_dice, {"session": self.session.text().strip(),
                          "treasure": self.treasure.value(),
                          "survivors": survivors, "shares": shares}

    def validate(self, *_) -> bool:
        hit_dice, kwargs = self.arguments()
        for label in self.results:
            label.setText("")
        if not kwargs["survivors"]:
            reasons, entry = ["nobody survived to share the XP: tick at least one member"], None
        else:
            reasons, entry = self.preview(hit_dice, **kwargs)
        if entry is not None and not entry["total"]:
            reasons, entry = [NOTHING_TO_AWARD], None     # Award would log "Greta 0"
        elif entry is not None and not any(m["xp"] for m in entry["members"]):
            reasons, entry = [f"nothing to award: {entry['total']} XP shared among "
                              f"{len(entry['members'])} survivors is 0 XP each"], None
        if entry is not None:
            got = {m["path"]: m["xp"] for m in entry["members"]}
            for (given, _name), label in zip(self.members, self.results):
                if given in got:
                    label.setText(f"{got[given]} XP")
            self.summary.setText(f"✔ {entry['enemy_xp']} XP from enemies + "
                                 f"{entry['treasure_xp']} XP from treasure = "
                                 f"{entry['total']} XP, written to every survivor together "
                                 f"(each member's one-session cap applies).")
        else:
            self.summary.setText("\n".join(f"• {r}" for r in reasons))
        self.ok.setEnabled(entry is not None)
        return entry is not None

    def _accept(self) -> None:
        if not self.validate():
            return
        hit_dice, kwargs = self.arguments()
        self.chosen.emit(hit_dice, kwargs)
        self.accept()
