"""Every possible next increase, from the rules core's ``options`` list.

The model only adapts :meth:`CharacterView.options` (a list of
:class:`~builder.rules.base.Option`: kind, name, target, cost, reasons...).  Whether a row is greyed and
why comes from the core, recomputed after every change; nothing here knows a
rule.  Disallowed rows stay selectable (so keyboard users can reach them and
read the reasons in the details pane) but carry ``AllowedRole`` False, which
the view's delegate draws greyed and the editor refuses to apply.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from PySide6.QtCore import QObject, QSortFilterProxyModel, Qt

from builder.app.types import Option
from builder.ui.models.table import ModelIndex, RowsTableModel

#: The option's JSON (``options --json``), a new dict.
OptionRole = Qt.ItemDataRole.UserRole + 1
#: bool: the core allows it now.
AllowedRole = Qt.ItemDataRole.UserRole + 2
#: list[str]: every reason the core gives for refusing it.
ReasonsRole = Qt.ItemDataRole.UserRole + 3
#: str: the option's kind (vital, skill, class, new-class...).
KindRole = Qt.ItemDataRole.UserRole + 4
#: The sort key (numbers sort as numbers).
SortRole = Qt.ItemDataRole.UserRole + 5

COL_INCREASE, COL_COST, COL_STATUS = range(3)
HEADERS = ("Increase", "Cost", "Status")


def kind_label(kind: str) -> str:
    return str(kind).replace("-", " ").replace("_", " ").capitalize()


def option_key(option: Option) -> tuple[str, str]:
    return (option.kind, option.name)


def option_title(option: Option) -> str:
    label = kind_label(option.kind)
    if option.target is None:
        return f"{label}: {option.name}"
    return f"{label}: {option.name} → {option.target}"


#: The unit of a rule system that names none of its own.
POINTS = "points"


def cost_text(option: Option, unit: str = POINTS) -> str:
    if option.cost is None:
        return "—"
    if unit == POINTS and option.cost == 1:
        return "1 point"
    return f"{option.cost} {unit}".strip()


def reasons_text(option: Option, unit: str = POINTS) -> str:
    if option.allowed:
        return f"{option_title(option)} costs {cost_text(option, unit)}: you can take it now."
    return f"{option_title(option)} is not possible yet:\n" + "\n".join(
        f"• {r}" for r in option.reasons)


class OptionsModel(RowsTableModel):
    HEADERS = HEADERS
    ROWS_ATTR = "_options"

    def __init__(self, parent: QObject | None = None, unit: str = POINTS):
        super().__init__(parent)
        self._options: list[Option] = []
        self.unit = unit

    def set_options(self, given: Sequence[Option | Mapping[str, Any]]) -> None:
        """Replace the list; same increases in the same order only emit dataChanged."""
        options = [Option.coerce(o) for o in given]  # immutable: kept as given
        if [option_key(o) for o in options] == [option_key(o) for o in self._options]:
            self._options = options
            if options:
                self.dataChanged.emit(self.index(0, 0),
                                      self.index(len(options) - 1, len(HEADERS) - 1))
            return
        self.beginResetModel()
        self._options = options
        self.endResetModel()

    def option(self, row: int) -> Option | None:
        return self._options[row] if 0 <= row < len(self._options) else None

    def options(self) -> list[Option]:
        return list(self._options)

    def row_of(self, kind: str, name: str) -> int:
        for row, o in enumerate(self._options):
            if option_key(o) == (kind, name):
                return row
        return -1


    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._options)):
            return None
        o = self._options[index.row()]
        allowed = o.allowed
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_INCREASE:
                return option_title(o)
            if col == COL_COST:
                return cost_text(o, self.unit)
            if col == COL_STATUS:
                if allowed:
                    return "✓ Available"
                reasons = o.reasons
                more = f" (+{len(reasons) - 1} more)" if len(reasons) > 1 else ""
                return "✗ " + (reasons[0] if reasons else "Not available") + more
        elif role == Qt.ItemDataRole.ToolTipRole:
            return reasons_text(o, self.unit)
        elif role in (Qt.ItemDataRole.AccessibleTextRole,):
            state = "available" if allowed else "not available"
            return f"{option_title(o)}, {cost_text(o, self.unit)}, {state}"
        elif role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return reasons_text(o, self.unit)
        elif role == Qt.ItemDataRole.TextAlignmentRole and col == COL_COST:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == OptionRole:
            return o.to_json()
        elif role == AllowedRole:
            return allowed
        elif role == ReasonsRole:
            return list(o.reasons)
        elif role == KindRole:
            return o.kind
        elif role == SortRole:
            if col == COL_COST:
                return o.cost if o.cost is not None else 10**6
            if col == COL_STATUS:
                return 0 if allowed else 1
            return index.row()
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class OptionsFilterModel(QSortFilterProxyModel):
    """Optionally hides what cannot be taken now; filters by kind or text."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.setSortRole(SortRole)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(COL_INCREASE)
        self._only_allowed = False

    def set_only_allowed(self, only: bool) -> None:
        self.beginFilterChange()
        self._only_allowed = bool(only)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: ModelIndex) -> bool:
        if self._only_allowed:
            index = self.sourceModel().index(row, 0, parent)
            if not index.data(AllowedRole):
                return False
        return super().filterAcceptsRow(row, parent)
