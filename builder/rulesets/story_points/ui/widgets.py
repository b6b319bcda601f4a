"""The story-points sheet's helpers and widgets: the action words of an option, the
sheet models' items, the traits tree (a drop target for rank tokens) and the uses
check boxes.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QHBoxLayout, QHeaderView, QTreeView,
                               QWidget)

from builder.app.types import Option
from builder.ui.models.options_model import AllowedRole, cost_text
from builder.ui.chain.tokens import parse_token


#: Custom roles of the sheet models (the vitals, skills and traits tables).
KeyRole = Qt.ItemDataRole.UserRole + 20      # ("vital"|"skill"|"class"|"trait", name[, class])


def sheet_item(text, key=None, tip=None, allowed=None, align_right=False) -> QStandardItem:
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
    return f"→ {option.target} for {cost_text(option)}"


# -- the sheet (left side) ------------------------------------------------------------------
class TraitsView(QTreeView):
    """Classes, their trait ranks, uses and spells; a drop target for rank tokens.

    During a drag, the traits the token can go to are lit (the rules core's
    choices); a drop on any other row changes nothing and says why.
    """

    rankDropped = Signal(object, str, str)   # a RankToken, the trait's Class, the trait

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.lit: set[tuple[str, str]] = set()

    def _trait_at(self, pos) -> tuple[str, str] | None:
        index = self.indexAt(pos)
        key = index.siblingAtColumn(0).data(KeyRole) if index.isValid() else None
        if key and key[0] == "trait":
            return key[2], key[1]
        return None

    def dragEnterEvent(self, event) -> None:
        if parse_token(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if parse_token(event.mimeData()) is None:
            event.ignore()
            return
        target = self._trait_at(event.position().toPoint())
        if target is not None and target in self.lit:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event) -> None:
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

    def __init__(self, editor, class_name: str, trait: str, info: dict, parent=None):
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(2)
        self.boxes = []
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


def share_narrow_width(view: QAbstractItemView, header: QHeaderView) -> None:
    """Where the columns at their contents' width are wider than the view (a narrow
    pane: a small screen, 2x), the widest takes what the others leave, its text
    elided: the table never scrolls sideways."""
    sizes = [header.sectionSize(i) for i in range(header.count())]
    if sizes and view.viewport().width() < sum(sizes):
        header.setSectionResizeMode(sizes.index(max(sizes)), QHeaderView.ResizeMode.Stretch)
