"""The campaigns of the library, as a table model.

Rows come from :func:`scan_campaigns` (plain reading of the library's campaign files,
the data folder's and each added folder's, through :mod:`builder.app.queries`);
the model only adapts them.  :meth:`CampaignModel.refresh` turns the difference
into row insertions, removals and dataChanged, so selection and sort order
survive a refresh.  A watch on the campaigns folders (and the files) refreshes it
when a campaign changes, also from the command line; a folder made later (the first
campaign's, an added folder's) is watched once it appears (:mod:`builder.ui.folder_watch`).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QObject, QTimer

from builder.ui.models.table import ModelIndex, RowsTableModel, SearchSortProxy
from builder.app import library
from builder.app.queries import campaign_files, campaign_folders
from builder.app.records import Record
from builder.ui.qt_values import (ACCESSIBLE_TEXT_ROLE, ALIGN_RIGHT_VCENTER, DISPLAY_ROLE,
                                  TEXT_ALIGNMENT_ROLE, TOOL_TIP_ROLE, USER_ROLE)
from builder.ui.wording import count

if TYPE_CHECKING:
    from builder.ui.folder_watch import FolderWatch

# (No ``Qt`` at import or in the first paint's calls: see builder.ui.qt_values.)

#: The campaign file's path (str).
PathRole = USER_ROLE + 1
#: The CampaignRow itself.
RowRole = USER_ROLE + 2
#: A value to sort by.
SortRole = USER_ROLE + 3
#: The problem with the file, or None.
ProblemRole = USER_ROLE + 5

COL_NAME, COL_RULESET, COL_MEMBERS, COL_SESSION, COL_POOL = range(5)
HEADERS = ("Campaign", "Ruleset", "Members", "Current session", "Fortune / Peril")


class CampaignRow(Record):
    """One campaign file, summarised."""

    _fields = ("path", "name", "ruleset_id", "ruleset_title", "members", "session",
               "session_name", "fortune", "peril", "problem", "modified")
    _repr_fields = ("name", "path")
    __slots__ = _fields

    def __init__(self, path: Path, name: str, ruleset_id: str = "", ruleset_title: str = "",
                 members: int = 0, session: int = 0, session_name: str = "",
                 fortune: int = 0, peril: int = 0, problem: str | None = None,
                 modified: float = 0.0):
        self.path, self.name = path, name
        self.ruleset_id, self.ruleset_title = ruleset_id, ruleset_title
        self.members, self.session, self.session_name = members, session, session_name
        self.fortune, self.peril = fortune, peril
        self.problem, self.modified = problem, modified

    @property
    def session_text(self) -> str:
        if not self.session:
            return "none yet"
        return f"{self.session}" + (f" ({self.session_name})" if self.session_name else "")

    @property
    def pool_text(self) -> str:
        if not self.session:
            return "—"
        return f"Fortune {self.fortune} · Peril {self.peril}"

    def texts(self) -> tuple[str, ...]:
        if self.problem and not self.ruleset_id:
            return (self.name, "", "", "", self.problem)
        return (self.name, self.ruleset_title, str(self.members), self.session_text,
                self.pool_text)


def read_campaign_row(path: Path | str) -> CampaignRow:
    """Summarise one campaign file; a broken file gives a row with ``problem`` set."""
    from builder.app.types import RulesError
    from builder.app import queries
    from builder.app.types import FileProblem

    path = Path(path)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        campaign = queries.campaign(path)
    except (FileProblem, RulesError) as problem:
        return CampaignRow(path, path.stem, problem=str(problem), modified=modified)
    row = CampaignRow(path, campaign.name or path.stem, ruleset_id=campaign.ruleset_id,
                      ruleset_title=campaign.ruleset_id, members=len(campaign.members),
                      modified=modified)
    try:
        from builder.app.queries import ruleset as load_ruleset

        row.ruleset_title = load_ruleset(campaign.ruleset_id).title or campaign.ruleset_id
    except (RulesError, OSError, ValueError):
        pass
    try:
        replayed = campaign.pool_replay()
        state = replayed.state
        row.session, row.session_name = state.session, state.session_name or ""
        row.fortune, row.peril = state.fortune, state.peril
        if replayed.problems:
            row.problem = "has ledger problems (open it to see them)"
    except Exception as exc:  # noqa: BLE001 - a hand-edited file still lists
        row.problem = f"cannot be replayed ({exc})"
    if campaign.read_only:
        row.problem = campaign.read_only
    return row


def scan_campaigns() -> list[CampaignRow]:
    """The library's campaigns: the data folder's, then each added folder's (the
    campaigns ``campaign list`` lists)."""
    return [read_campaign_row(p) for p in campaign_files()]


_ROLES = frozenset({DISPLAY_ROLE, TOOL_TIP_ROLE, ACCESSIBLE_TEXT_ROLE, SortRole, PathRole,
                    RowRole, ProblemRole, TEXT_ALIGNMENT_ROLE})


class CampaignModel(RowsTableModel):
    """One row per campaign file of the library.

    ``lazy``: the first read happens right after the event loop starts (the
    library's first paint does not wait for the campaigns).
    """

    HEADERS = HEADERS
    ROWS_ATTR = "_rows"

    def __init__(self, parent: QObject | None = None, watch: bool = True, lazy: bool = False):
        super().__init__(parent)
        self._rows: list[CampaignRow] = []
        self._watch = watch
        self._watcher: FolderWatch | None = None  # made on the first refresh
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(lambda: self.refresh())
        if lazy:
            QTimer.singleShot(0, self, self.refresh)
        else:
            self.refresh()

    # -- Qt model API --------------------------------------------------------------

    def data(self, index: ModelIndex, role: int = DISPLAY_ROLE) -> Any:
        if role not in _ROLES or not index.isValid():
            return None
        r = index.row()
        if not 0 <= r < len(self._rows):
            return None
        row = self._rows[r]
        col = index.column()
        if role == DISPLAY_ROLE:
            return row.texts()[col]
        if role == TOOL_TIP_ROLE:
            lines = [row.name, str(row.path)]
            if row.ruleset_id:
                lines.append(f"{count(row.members, 'member')}, session {row.session_text}, "
                             f"{row.pool_text}")
            if row.problem:
                lines.append(f"Problem: {row.problem}")
            return "\n".join(lines)
        if role == ACCESSIBLE_TEXT_ROLE:
            return (f"{row.name}, {row.ruleset_title}, {row.members} members, "
                    f"session {row.session_text}, {row.pool_text}")
        if role == TEXT_ALIGNMENT_ROLE:
            if col == COL_MEMBERS:
                return ALIGN_RIGHT_VCENTER
            return None
        if role == SortRole:
            if col == COL_MEMBERS:
                return row.members
            if col == COL_SESSION:
                return row.session
            if col == COL_POOL:
                return row.fortune
            return row.texts()[col].casefold()
        if role == PathRole:
            return str(row.path)
        if role == RowRole:
            return row
        if role == ProblemRole:
            return row.problem
        return None

    # -- reading the folder -----------------------------------------------------------
    def rows(self) -> list[CampaignRow]:
        return list(self._rows)

    def row_for_path(self, path: Path | str) -> int:
        path = Path(path)
        for index, row in enumerate(self._rows):
            if row.path == path:
                return index
        return -1

    def _schedule(self, *_: object) -> None:
        self._timer.start()

    def start_watching(self) -> None:
        """Watch the campaigns folder and files from now on (a model made with
        ``watch=False``: the window arms it once it has settled), then look once more
        for what changed before the watch."""
        if not self._watch:
            self._watch = True
            self._rewatch()
            self._schedule()

    def refresh(self) -> None:
        """Re-read the folder; only changed rows are announced."""
        fresh = {row.path: row for row in scan_campaigns()}
        for index in range(len(self._rows) - 1, -1, -1):
            if self._rows[index].path not in fresh:
                self.beginRemoveRows(QModelIndex(), index, index)
                del self._rows[index]
                self.endRemoveRows()
        known = set()
        for index, row in enumerate(self._rows):
            known.add(row.path)
            new = fresh[row.path]
            if new != row:
                self._rows[index] = new
                self.dataChanged.emit(self.index(index, 0),
                                      self.index(index, len(HEADERS) - 1))
        added = [row for path, row in sorted(fresh.items()) if path not in known]
        if added:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(added) - 1)
            self._rows.extend(added)
            self.endInsertRows()
        self._rewatch()

    def _rewatch(self) -> None:
        """Watch the campaigns folders (each once it appears), the campaign files and
        the list of folders added to the library."""
        if not self._watch:
            return
        from builder.ui.folder_watch import FolderWatch

        if self._watcher is None:
            self._watcher = FolderWatch(self)
            self._watcher.changed.connect(self._schedule)
        self._watcher.watch([*campaign_folders(), library.folders_file(),
                             *(row.path for row in self._rows)])


class CampaignFilterModel(SearchSortProxy):
    """Search (any column, case-insensitive) and sort for the campaigns table."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(SortRole, parent)
