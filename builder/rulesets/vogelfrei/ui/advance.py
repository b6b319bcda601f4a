"""The editor's "Level and career changes" page: the core's level-up and career
options, with Vogelfrei wording (XP is not spent, so no cost column).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from builder.app.types import Option
from builder.ui.models.options_model import COL_COST, OptionsModel, option_title
from builder.ui.models.table import ModelIndex
from builder.ui.views.base import OptionsPanel
from .widgets import reasons_html


def option_text(option: Option) -> str:
    """A level-up or career change and what the core says about it (XP is not spent,
    so no cost is named)."""
    title = option_title(option)
    if option.allowed:
        session = option.extra.get("session")
        where = f" in session {session}" if session else ""
        return f"{title}: possible now{where}, at a secure location."
    return f"{title} is not possible yet:\n" + reasons_html(option.reasons)


class AdvanceModel(OptionsModel):
    """The core's options with Vogelfrei wording in the tooltips (no cost)."""

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (section == 0 and orientation == Qt.Orientation.Horizontal
                and role == Qt.ItemDataRole.DisplayRole):
            return "Next level or career"
        return super().headerData(section, orientation, role)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            option = self.option(index.row())
            return option_text(option) if option is not None else None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            option = self.option(index.row())
            if option is not None:
                state = "possible" if option.allowed else "not possible"
                return f"{option_title(option)}, {state}"
        return super().data(index, role)


class AdvancePanel(OptionsPanel):
    """OptionsPanel for level-up and career changes: no cost column, XP wording."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, unit="XP")
        self.model = AdvanceModel(self, unit="XP")
        self.proxy.setSourceModel(self.model)
        self.model.modelReset.connect(self._update_details)
        self.model.dataChanged.connect(self._update_details)
        self.view.hideColumn(COL_COST)
        self.view.setAccessibleName("Level-up and career changes")
        self.search.setPlaceholderText("Filter careers…")
        self.search.setAccessibleName("Filter careers")
        self.only_allowed.setText("Only what is possible now")
        self.take_button.setText("&Take…")
        self.take_button.setToolTip("Level up or change to the selected career "
                                    "(asks for the session and the Stamina roll)")
        self._update_details()

    def _update_details(self, *_: object) -> None:
        option = self.current_option()
        if option is None:
            self.details.setPlainText("Select the level-up or a career to see what it needs.")
            self.take_button.setEnabled(False)
            return
        self.details.setPlainText(option_text(option))
        self.take_button.setEnabled(option.allowed)
