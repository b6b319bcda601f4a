"""Where things are on screen, for a program driving the window with real input (the
end-to-end tests: xdotool under Xvfb).  Off unless ``CHARACTER_BUILDER_WIDGET_MAP``
names a file: then, a few times a second, the window writes there (atomically) a JSON
object of what is visible, each with its rectangle on the screen ``[x, y, width,
height]`` in the screen's pixels:

* ``"widget:NAME"``: a visible widget by its object name or, failing that, its
  accessible name or its text (a button's);
* ``"row:VIEW:TEXT"``: a visible row of an item view (a table, list or tree) by the
  view's object name and the text of the row's first column;
* ``"cells:VIEW:TEXT"``: that row's texts, one per column (a table's figures);
* ``"text:NAME"``: the text of a visible label, or of a message bar, that has an
  object name;
* ``"item:ID"``: a visible graphics item (a chain node) by its id (the item's data 0);
* ``"focus"``: the object name of the widget with the keyboard focus.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPoint, QRect, QTimer
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QGraphicsView,
                               QLabel, QTreeView, QWidget)

ENV = "CHARACTER_BUILDER_WIDGET_MAP"


def _rect(widget: QWidget, local: QRect) -> list[int]:
    top_left = widget.mapToGlobal(local.topLeft())
    ratio = widget.devicePixelRatioF()
    return [round(top_left.x() * ratio), round(top_left.y() * ratio),
            round(local.width() * ratio), round(local.height() * ratio)]


def _name(widget: QWidget) -> str:
    if widget.objectName() and not widget.objectName().startswith("qt_"):
        return widget.objectName()
    if widget.accessibleName():
        return widget.accessibleName()
    if isinstance(widget, QAbstractButton):
        return widget.text().replace("&", "")
    return ""


def _rows(view: QAbstractItemView, found: dict[str, Any]) -> None:
    model = view.model()
    if model is None:
        return
    port = view.viewport()
    shown = port.rect()
    tree = isinstance(view, QTreeView)

    def walk(parent: QModelIndex, budget: list[int]) -> None:
        for row in range(model.rowCount(parent)):
            if budget[0] <= 0:
                return
            budget[0] -= 1
            index = model.index(row, 0, parent)
            rect = view.visualRect(index)
            if rect.isValid() and shown.intersects(rect):
                found[f"row:{view.objectName()}:{index.data()}"] = _rect(port, rect)
                found[f"cells:{view.objectName()}:{index.data()}"] = _cells(index)
            if tree and model.rowCount(index):
                walk(index, budget)

    walk(QModelIndex(), [400])


def _cells(index: QModelIndex) -> list[str]:
    """The texts of ``index``'s row, one per column (a list model's columnCount is not
    Python's to call: its siblings are walked instead)."""
    cells: list[str] = []
    while index.isValid() and len(cells) < 16:
        cells.append(str(index.data() or ""))
        index = index.siblingAtColumn(index.column() + 1)
    return cells


def _items(view: QGraphicsView, found: dict[str, Any]) -> None:
    scene = view.scene()
    if scene is None:
        return
    port = view.viewport()
    for item in scene.items():
        key = item.data(0)
        if not isinstance(key, str) or not item.isVisible():
            continue
        rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect() & port.rect()
        if not rect.isEmpty():
            found[f"item:{key}"] = _rect(port, rect)


def _shown_part(widget: QWidget) -> QRect:
    """The part of ``widget`` (in its own coordinates) not clipped by its parents (a
    scroll area's viewport)."""
    origin = widget.mapToGlobal(QPoint(0, 0))
    shown = QRect(origin, widget.size())
    parent = None if widget.isWindow() else widget.parentWidget()
    while parent is not None and not shown.isEmpty():
        shown &= QRect(parent.mapToGlobal(QPoint(0, 0)), parent.size())
        parent = None if parent.isWindow() else parent.parentWidget()   # its own window
    return shown.translated(-origin)


def snapshot() -> dict[str, Any]:
    found: dict[str, Any] = {}
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return found
    for top in app.topLevelWidgets():
        if not top.isVisible():
            continue
        for widget in (top, *top.findChildren(QWidget)):
            if not widget.isVisible():
                continue
            name = _name(widget)
            shown = _shown_part(widget)
            if name and not shown.isEmpty():
                found.setdefault(f"widget:{name}", _rect(widget, shown))
                label = widget if isinstance(widget, QLabel) else getattr(widget, "label", None)
                if isinstance(label, QLabel) and widget.objectName():
                    found.setdefault(f"text:{name}", label.text())   # a label, a message bar
            if isinstance(widget, QAbstractItemView) and widget.objectName():
                _rows(widget, found)
            elif isinstance(widget, QGraphicsView):
                _items(widget, found)
    focus = app.focusWidget()
    found["focus"] = _name(focus) if focus is not None else ""
    return found


class WidgetMap(QObject):
    """Writes :func:`snapshot` to ``path`` a few times a second."""

    def __init__(self, path: str, parent: QObject | None = None):
        super().__init__(parent)
        self.path = Path(path)
        self.timer = QTimer(self)
        self.timer.setInterval(250)
        self.timer.timeout.connect(self.write)
        self.timer.start()

    def write(self) -> None:
        data = json.dumps(snapshot(), sort_keys=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(data, encoding="utf-8")
        os.replace(temporary, self.path)


def install(parent: QObject) -> WidgetMap | None:
    """The map, when the environment asks for one."""
    path = os.environ.get(ENV)
    return WidgetMap(path, parent) if path else None
