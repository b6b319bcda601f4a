"""The few values of Qt's own enums that the window's start needs, as plain ints.

The first look-up of any ``Qt.X`` (and the first call from Qt into a Python override
that takes or returns one of the ``Qt`` namespace's enums: a model's ``headerData``
with its orientation, ``flags``, ``sort`` with its order) makes PySide6 build the
Python enum classes of the whole ``Qt`` namespace at once (its cost is measured in
docs/dev/performance.md, "What the first paint needs").  Nothing before the window's
first paint does either: item roles are ints already (``Qt.ItemDataRole`` is an ``IntEnum``),
and the rest is set through the Qt property of the same name (:func:`set_enum`), which
Qt converts from an int in C++.

Each value here is checked against Qt's own enum in tests/ui/test_first_paint.py, and
the same test checks that the start creates no ``Qt`` namespace before the first paint.
"""
from __future__ import annotations

from PySide6.QtCore import QObject

# Qt.ItemDataRole (an IntEnum: these compare equal to Qt's values)
DISPLAY_ROLE = 0
TOOL_TIP_ROLE = 3
TEXT_ALIGNMENT_ROLE = 7
ACCESSIBLE_TEXT_ROLE = 11
ACCESSIBLE_DESCRIPTION_ROLE = 12
USER_ROLE = 0x0100

#: int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter): a number column
#: (the item delegate reads an int for Qt.ItemDataRole.TextAlignmentRole).
ALIGN_RIGHT_VCENTER = 0x0002 | 0x0080
#: Qt.AlignmentFlag.AlignCenter (the first-start panel's words).
ALIGN_CENTER = 0x0004 | 0x0080

# Qt.ContextMenuPolicy
ACTIONS_CONTEXT_MENU = 2
# Qt.ShortcutContext
WIDGET_SHORTCUT = 0
WINDOW_SHORTCUT = 1
WIDGET_WITH_CHILDREN_SHORTCUT = 3
# Qt.Orientation
VERTICAL = 2
# Qt.CaseSensitivity
CASE_INSENSITIVE = 0
# Qt.ColorScheme
LIGHT_SCHEME = 1
DARK_SCHEME = 2


def set_enum(target: QObject, qt_property: str, value: int) -> None:
    """Set ``target``'s Qt property ``qt_property`` (an enum, ``contextMenuPolicy``,
    ``shortcutContext``...) to ``value`` without a Python enum: Qt converts the int."""
    if not target.setProperty(qt_property, value):
        raise AttributeError(f"{type(target).__name__} has no Qt property {qt_property!r}")
