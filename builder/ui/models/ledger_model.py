"""The ledger: every action in order, with its cost and the balance after it, below
an opening-balance row (the balance before the first entry, as the sheet shows it).

Adapts the core's replay (``CharacterView.replay``: the states after each
entry) through the ruleset's ``describe``, ``action_cost`` and ``balance``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QObject, Qt

from builder.app.types import read_action
from builder.ui.models.table import ModelIndex, RowsTableModel

if TYPE_CHECKING:
    from builder.app.types import CharacterView

#: The ledger entry (action dict).
ActionRole = Qt.ItemDataRole.UserRole + 1
#: list[str]: why the replay skipped this entry (empty: it is legal).
ProblemRole = Qt.ItemDataRole.UserRole + 2

COL_NUMBER, COL_ACTION, COL_COST, COL_BALANCE, COL_WHEN = range(5)
HEADERS = ("#", "Action", "Cost / gain", "After", "When")


def when_text(stamp: object) -> str:
    """A ledger time as the library shows times, in the local time zone: "today 14:05"
    or "2026-11-30 14:05" (the ledger keeps an ISO time with its offset; the raw text
    showed that offset's clock, not the player's)."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(str(stamp)).astimezone()
    except ValueError:
        return str(stamp).replace("T", " ")[:16]
    if moment.date() == datetime.now().astimezone().date():
        return moment.strftime("today %H:%M")
    return moment.strftime("%Y-%m-%d %H:%M")


class LedgerModel(RowsTableModel):
    """One row per ledger entry, made when a view first asks for it: opening a
    character reads its replay once and describes only the rows that are shown, so a
    long ledger opens as fast as a short one."""

    HEADERS = HEADERS

    def __init__(self, parent: QObject | None = None, unit: str | None = None):
        super().__init__(parent)
        #: The amounts' unit as given (None: the rule system's ``balance_label``).
        self.given_unit = unit
        self.unit = unit or ""
        self._replay: Any = None
        self._ruleset: Any = None
        self._opening: int | None = None
        self._problems: dict[int, list[str]] = {}
        self._count = 0
        self._made: dict[int, dict[str, Any]] = {}

    def set_character(self, cf: CharacterView) -> None:
        """Show ``cf``'s ledger (its rows are made as they are asked for)."""
        rep = cf.replay
        opening = rep.steps[0].balance_before if rep.steps else None
        self.beginResetModel()
        self._replay = rep
        self._ruleset = cf.ruleset
        self.unit = cf.ruleset.balance_label if self.given_unit is None else self.given_unit
        self._opening = opening
        self._problems = {p.entry: list(p.reasons) for p in rep.problems
                          if p.entry is not None}
        self._count = len(rep.ledger) + (1 if opening is not None else 0)
        self._made = {}
        self.endResetModel()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._count

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:
        if 0 <= row < self._count and 0 <= column < len(HEADERS) and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def _row(self, row: int) -> dict[str, Any]:
        """The row's texts and figures (made once, when first asked)."""
        made = self._made.get(row)
        if made is None:
            made = self._made[row] = self._make(row)
        return made

    def _make(self, row: int) -> dict[str, Any]:
        if self._opening is not None:
            if row == 0:
                return {"action": {}, "text": "Opening balance", "cost": None,
                        "balance": self._opening, "gain": None, "when": "",
                        "problems": [], "opening": True}
            row -= 1
        rep = self._replay
        entry = rep.ledger[row]
        step = rep.steps[row]
        cost, balance = step.cost, step.balance_after
        # what the entry added to the balance (an award), from the core's balances
        gain = None
        if step.balance_before is not None and balance is not None and not cost:
            gain = balance - step.balance_before
        try:
            text = self._ruleset.describe(entry)
        except Exception:  # noqa: BLE001
            found = read_action(entry)
            text = found.kind if found is not None else "?"
        return {"action": entry, "text": text, "cost": cost, "balance": balance,
                "gain": gain,
                "when": when_text(entry.get("at", "")) if entry.get("at") else "",
                "problems": self._problems.get(row, [])}

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < self._count):
            return None
        row = self._row(index.row())
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_NUMBER:
                return "" if row.get("opening") else str(self.entry_number(index.row()))
            if col == COL_ACTION:
                return row["text"] + ("  (skipped: illegal)" if row["problems"] else "")
            if col == COL_COST:
                cost, gain = row["cost"], row["gain"]
                if gain:
                    return (f"+{gain} {self.unit}" if gain > 0 else f"{gain} {self.unit}").strip()
                if cost is None:
                    return ""
                # a change of the balance, signed as a gain is: "-8 SP" beside "+2 SP"
                return "—" if cost == 0 else f"{-cost:+d} {self.unit}".strip()
            if col == COL_BALANCE:
                return "" if row["balance"] is None else f"{row['balance']} {self.unit}".strip()
            if col == COL_WHEN:
                return row["when"]
        elif role == Qt.ItemDataRole.ToolTipRole:
            if row["problems"]:
                return "\n".join(row["problems"])
            if row.get("opening"):
                return "What there was to spend before the first entry of the ledger"
            return f"{row['text']}\n{row['action'].get('at', '')}".strip()
        elif role == Qt.ItemDataRole.TextAlignmentRole and col in (COL_NUMBER, COL_COST,
                                                                    COL_BALANCE):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == ActionRole:
            return dict(row["action"])
        elif role == ProblemRole:
            return list(row["problems"])
        return None

    def entry_number(self, row: int) -> int:
        """The ledger entry's number (1 for the first) shown on ``row``."""
        return row + (0 if self._opening is not None else 1)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
