"""The ledger: every action in order, with its cost and the balance after it, below
an opening-balance row (the balance before the first entry, as the sheet shows it).

Adapts the core's replay (``CharacterFile.replay``: the states after each
entry) through the ruleset's ``describe``, ``action_cost`` and ``balance``.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt

from builder.rules.base import read_action
from builder.ui.models.table import ModelIndex, RowsTableModel

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
    HEADERS = HEADERS
    ROWS_ATTR = "_rows"

    def __init__(self, parent: QObject | None = None, unit: str = "SP"):
        super().__init__(parent)
        self.unit = unit
        self._rows: list[dict] = []

    def set_character(self, cf) -> None:
        """Recompute every row from the core (the ledger is short)."""
        rows = []
        rep = cf.replay
        opening = rep.steps[0].balance_before if rep.steps else None
        if opening is not None:
            rows.append({"action": {}, "text": "Opening balance", "cost": None,
                         "balance": opening, "gain": None, "when": "", "problems": [],
                         "opening": True})
        problems = {p.entry: p.reasons for p in rep.problems if p.entry is not None}
        for i, entry in enumerate(rep.ledger):
            step = rep.steps[i]
            cost, balance = step.cost, step.balance_after
            # what the entry added to the balance (an award), from the core's balances
            gain = None
            if step.balance_before is not None and balance is not None and not cost:
                gain = balance - step.balance_before
            try:
                text = cf.ruleset.describe(entry)
            except Exception:  # noqa: BLE001
                found = read_action(entry)
                text = found.kind if found is not None else "?"
            rows.append({"action": entry, "text": text, "cost": cost, "balance": balance,
                         "gain": gain,
                         "when": when_text(entry.get("at", "")) if entry.get("at") else "",
                         "problems": problems.get(i, [])})
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()


    def data(self, index: ModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        row = self._rows[index.row()]
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
        return row + (0 if self._rows and self._rows[0].get("opening") else 1)

    def flags(self, index: ModelIndex):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
