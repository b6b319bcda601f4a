"""The Fortune/Peril pool as a campaign tab shows it (it can go full screen).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLineEdit, QScrollArea, QSplitter, QWidget

from builder.app.pool import NAME as POOL_NAME
from builder.ui.pool_view import SPENDS, PoolView

if TYPE_CHECKING:
    from pathlib import Path

    from builder.app.outcome import Guard
    from builder.ui.broadcast import FilesChanged


class EmbeddedPoolView(PoolView):
    """The pool view inside the campaign tab (in a scroll area, so a small window
    still fits); its full screen takes the pool out of the tab into a full-screen
    window of its own and puts it back on Esc (or the button)."""

    #: The campaign tab's scroll area the pool lives in (:meth:`follow_width`).
    _area: QScrollArea | None = None
    #: The spends and check boxes are arranged for a narrow pane (:meth:`arrange`).
    narrow = False
    #: The least width of the wide arrangement (measured while it is shown).
    _wide_width = 0

    def __init__(self, path: Path | str, parent: QWidget | None = None,
                 member_guard: Guard | None = None,
                 broadcast: FilesChanged | None = None) -> None:
        #: Full screen: where the scroll area goes back to (splitter, index, sizes).
        self._home: tuple[QSplitter, int, list[int]] | None = None
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
        splitter = area.parentWidget() if area is not None else None
        if on and self._home is None and area is not None and isinstance(splitter, QSplitter):
            # the scroll area (with the pool) becomes a window of its own
            self._home = (splitter, splitter.indexOf(area), splitter.sizes())
            area.setParent(None)
            name = self.campaign.name if self.campaign else ""
            area.setWindowTitle(f"{POOL_NAME} — {name}")
        self.refresh()
        self.full_button.setText("Leave full screen (Esc)" if on else "Full screen")
        super().set_full_screen(on)   # full screen / normal for self.window()
        if not on and self._home is not None and area is not None:
            splitter, index, sizes = self._home
            self._home = None
            area.hide()
            splitter.insertWidget(index, area)
            splitter.setSizes(sizes)
            area.show()
            self.refresh()

    @property
    def home_area(self) -> QScrollArea | None:
        return self._area

    def follow_width(self, area: QScrollArea) -> None:
        """Live in ``area`` and follow its width (:meth:`arrange`)."""
        self._area = area
        area.viewport().installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if self._area is not None and obj is self._area.viewport() \
                and event.type() == QEvent.Type.Resize:
            if not self.narrow:
                self._wide_width = self.minimumSizeHint().width()
            # the stubs type the filtered event as a plain QEvent; a Resize is a QResizeEvent
            self.arrange(cast(QResizeEvent, event).size().width() < self._wide_width)
        return super().eventFilter(obj, event)

    def arrange(self, narrow: bool) -> None:
        """Narrow (a pane narrower than the pool's rows: 2x, a small screen): the
        Fortune spends in a column under the Fortune counter, the Peril ones under
        Peril, each check box on a row of its own.  Wide: each side's spends in a row,
        the check boxes beside the fields."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        boxes = ((self.after_roll, (0, 4, 1, 1), (2, 1, 1, 3)),
                 (self.gm_allows, (0, 5, 1, 1), (3, 1, 1, 3)),
                 (self.table_agrees, (1, 4, 1, 1), (4, 1, 1, 3)))
        for box, wide, tight in boxes:
            self.who_grid.removeWidget(box)
            self.who_grid.addWidget(box, *(tight if narrow else wide))
        for index, (side, use, _text) in enumerate(SPENDS):
            button = self.spend_buttons[(side, use)]
            row, column = (0 if side == "fortune" else 1), index % 3
            self.spends_grid.removeWidget(button)
            self.spends_grid.addWidget(button, *((column, row) if narrow else (row, column)))

    def refresh(self) -> None:
        super().refresh()
        # In the tab, the tab's "Undo last entry" (and Edit > Undo, Ctrl+Z) is the
        # campaign's undo, pool entries included: one Undo button, not two.  Full screen
        # has no tab around it, so the pool's own Undo is back there.
        self.undo_button.setVisible(self.is_detached())
        # in the tab the campaign's name is already the tab's title: the session only
        if not self.is_detached() and self.campaign is not None:
            prefix = self.campaign.name + " — "
            text = self.title.text()
            if text.startswith(prefix):
                text = text[len(prefix):]
            self.title.setText(text[:1].upper() + text[1:])

    def is_detached(self) -> bool:
        return getattr(self, "_home", None) is not None
