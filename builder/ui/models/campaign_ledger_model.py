"""A campaign's ledger: every entry in order (its number, its words, when), each row
made when a view first asks for it, so a long pool ledger opens as fast as a short one.

Adapts :func:`builder.rules.campaign.plain` (an entry in the players' words) and the pool's replay
(the entries it skipped, with why).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from PySide6.QtCore import QModelIndex, QObject, Qt

from builder.ui.models.ledger_model import when_text
from builder.ui.models.table import ModelIndex, RowsTableModel

if TYPE_CHECKING:
    from builder.app.types import CampaignView

COL_NUMBER, COL_ENTRY, COL_WHEN = range(3)
HEADERS = ("#", "Entry", "When")


class CampaignLedgerModel(RowsTableModel):
    HEADERS = HEADERS

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._campaign: CampaignView | None = None
        self._ledger: Sequence[Mapping[str, Any]] = ()
        self._problems: dict[int, list[str]] = {}
        self._made: dict[int, tuple[str, str]] = {}

    def set_campaign(self, campaign: CampaignView | None, problems: Sequence[tuple[int, list[str]]] = ()
                     ) -> None:
        """Show ``campaign``'s ledger (None: none), with ``problems``, the pool replay's
        (entry index, reasons) of the entries it skipped."""
        found = {index: list(reasons) for index, reasons in problems}
        if campaign is not None and campaign is self._campaign \
                and len(campaign.ledger) == len(self._ledger) and found == self._problems:
            return                     # the same reading: its rows as they were made
        self.beginResetModel()
        self._campaign = campaign
        self._ledger = list(campaign.ledger) if campaign is not None else []
        self._problems = found
        self._made = {}
        self.endResetModel()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._ledger)

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:
        if 0 <= row < len(self._ledger) and 0 <= column < len(HEADERS) \
                and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def _row(self, row: int) -> tuple[str, str]:
        """(the entry's words, when), made once when first asked."""
        made = self._made.get(row)
        if made is None:
            from builder.app.campaign_words import entry_text

            campaign = self._campaign
            assert campaign is not None        # a ledger's rows come with its campaign
            entry = self._ledger[row]
            text = entry_text(campaign, entry)
            if row in self._problems:
                text += "  ! skipped: " + "; ".join(self._problems[row])
            made = self._made[row] = (text, when_text(entry.get("at", "")))
        return made

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ledger):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == COL_NUMBER:
                return str(index.row() + 1)
            text, when = self._row(index.row())
            return text if column == COL_ENTRY else when
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._row(index.row())[0]
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
