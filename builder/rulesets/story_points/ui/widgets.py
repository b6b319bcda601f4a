"""The story-points sheet's helpers and widgets: the action words of an option, the
sheet models' items, the traits tree (a drop target for rank tokens) and the uses
check boxes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QStandardItem
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QHBoxLayout, QHeaderView, QTableView,
                               QTreeView, QWidget)

from builder.app.types import Option
from builder.ui.models.options_model import AllowedRole, cost_text
from .chain_tokens import parse_token


if TYPE_CHECKING:
    from .editor import StoryPointsEditor


#: Custom roles of the sheet models (the vitals, skills and traits tables).
KeyRole = Qt.ItemDataRole.UserRole + 20      # ("vital"|"skill"|"class"|"trait", name[, class])


def sheet_item(text: object, key: tuple[str, ...] | None = None, tip: str | None = None,
               allowed: bool | None = None, align_right: bool = False) -> QStandardItem:
    item = QStandardItem("" if text is None else str(text))
    item.setEditable(False)
    if key is not None:
        item.setData(key, KeyRole)
    if tip:
        item.setToolTip(tip)
    if allowed is not None:
        item.setData(bool(allowed), AllowedRole)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def next_text(option: Option | None) -> str:
    if option is None:
        return ""
    return f"→ {option.target} for {cost_text(option, 'SP')}"


# -- the sheet (left side) ------------------------------------------------------------------
class TraitsView(QTreeView):
    """Classes, their trait ranks, uses and spells; a drop target for rank tokens.

    During a drag, the traits the token can go to are lit (the rules core's
    choices); a drop on any other row changes nothing and says why.
    """

    rankDropped = Signal(object, str, str)   # a RankToken, the trait's Class, the trait

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.lit: set[tuple[str, str]] = set()

    def _trait_at(self, pos: QPoint) -> tuple[str, str] | None:
        index = self.indexAt(pos)
        key = index.siblingAtColumn(0).data(KeyRole) if index.isValid() else None
        if key and key[0] == "trait":
            return key[2], key[1]
        return None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if parse_token(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if parse_token(event.mimeData()) is None:
            event.ignore()
            return
        target = self._trait_at(event.position().toPoint())
        if target is not None and target in self.lit:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        token = parse_token(event.mimeData())
        target = self._trait_at(event.position().toPoint())
        if token is None:
            event.ignore()
            return
        event.acceptProposedAction()
        if target is None:
            self.rankDropped.emit(token, "", "")
        else:
            self.rankDropped.emit(token, target[0], target[1])


def uses_style() -> str:
    """Use boxes drawn from the palette: an outlined square (3:1 against the window on
    light and dark), filled when spent; the style's own box vanishes on a dark palette."""
    from PySide6.QtGui import QPalette

    from builder.ui import theme

    pal = theme.palette()
    base = pal.color(QPalette.ColorRole.Base)
    edge = theme.readable(pal.color(QPalette.ColorRole.Mid), base, theme.MARK_CONTRAST)
    spent = theme.readable(pal.color(QPalette.ColorRole.Text), base, theme.MARK_CONTRAST)
    return (f"QCheckBox::indicator {{ width: 12px; height: 12px; border: 2px solid "
            f"{theme.css(edge)}; border-radius: 3px; background: {theme.css(base)}; }}"
            f"QCheckBox::indicator:checked {{ background: {theme.css(spent)}; }}"
            f"QCheckBox::indicator:focus {{ border-color: "
            f"{theme.css(theme.accent('focus', base, theme.MARK_CONTRAST))}; }}")


class UsesWidget(QWidget):
    """One checkbox per use of a trait: checked = spent.  Ticking one spends a use
    (a ``use-trait`` action); a Rest (or Undo) clears them."""

    def __init__(self, editor: StoryPointsEditor, class_name: str, trait: str, info: dict[str, Any],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(2)
        self.boxes: list[QCheckBox] = []
        spent = info.get("uses_spent", 0)
        style = uses_style()
        for i in range(info.get("rank", 0)):
            box = QCheckBox(self)
            box.setStyleSheet(style)
            box.setChecked(i < spent)
            used = i < spent
            box.setEnabled(not used and bool(info.get("usable", True)))
            box.setAccessibleName(f"{trait} use {i + 1} {'spent' if used else 'available'}")
            box.setToolTip("Spent — a Rest restores it" if used else
                           (f"Use {trait} (spends one use)" if info.get("usable", True) else
                            f"{trait} cannot be used while its Path Skill "
                            f"{info.get('path_skill')} is 0"))
            box.clicked.connect(lambda checked, t=trait, c=class_name:
                                checked and editor.take_words(["use-trait", c, t]))
            layout.addWidget(box)
            self.boxes.append(box)
        layout.addStretch(1)


def share_width(want: list[int], room: int, floors: list[int]) -> list[int]:
    """Column widths for ``room`` pixels: each its ``want`` where they all fit; else
    the widest give way first (all of them down to one width, none below its
    ``floors``), the sum then ``room`` exactly."""
    if sum(want) <= room:
        return list(want)
    low, high = 0, max(want)
    while low < high:                  # the widest width for which they fit
        middle = (low + high + 1) // 2
        if sum(max(f, min(w, middle)) for w, f in zip(want, floors)) <= room:
            low = middle
        else:
            high = middle - 1
    sizes = [max(f, min(w, low)) for w, f in zip(want, floors)]
    spare = room - sum(sizes)
    for i in sorted(range(len(want)), key=lambda i: -want[i]):
        if spare <= 0:
            break
        if sizes[i] < want[i]:
            sizes[i] += 1
            spare -= 1
    return sizes


class FittedColumns(QObject):
    """A sheet table's columns share its width, whatever the width: at their contents'
    (and headings') width where there is room, the last taking what is left; in a
    narrow pane (a small screen, 2x) the widest give way first, their text and
    headings elided, a column of check boxes no narrower than its boxes
    (``floors``: column -> least width): the table never scrolls sideways."""

    def __init__(self, view: QTableView | QTreeView,
                 floors: Callable[[], dict[int, int]] | None = None):
        super().__init__(view)
        self.view = view
        self.floors = floors or dict
        self._fitting = False
        header = self.header()
        header.setStretchLastSection(True)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        view.viewport().installEventFilter(self)

    def header(self) -> QHeaderView:
        view = self.view
        return view.header() if isinstance(view, QTreeView) else view.horizontalHeader()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def fit(self) -> None:
        """Size the columns to the rows and the room they have now."""
        header = self.header()
        count = header.count()
        if self._fitting or not count:
            return
        self._fitting = True
        try:
            floors = self.floors()
            want = [max(self.view.sizeHintForColumn(i), header.sectionSizeHint(i))
                    for i in range(count)]
            least = [max(header.minimumSectionSize(), floors.get(i, 0)) for i in range(count)]
            for column, size in enumerate(share_width(want, self.view.viewport().width(),
                                                      least)):
                header.resizeSection(column, size)
        finally:
            self._fitting = False
