"""How input behaves in every window of the app, installed once on the application.

* Spin boxes and combo boxes take the mouse wheel only when they have the
  keyboard focus: scrolling a long form never changes a value the player did
  not touch (the wheel goes on to the scroll area around them), and the wheel
  alone never gives them focus.
* Tables, lists and trees are one Tab stop: Tab leaves them, the arrow keys
  move inside them (Qt's default walks a table one cell per Tab).
* A column's heading too long for its column ends in "…" (Qt's own cut it at
  both ends: ":urrent sessio").
* Tab leaves a text box too (Appearance, Background...): by default it typed a
  tab character there, and the keyboard could not get out.
* A text field is at least as wide as the hint it shows while empty (up to a
  limit), at any scale: a hint cut in the middle ("the session's na") tells
  nothing.
* A window key a text field would take only as a cursor move (on Linux a
  line edit reads Ctrl+E as "end of line") stays the window's (Ctrl+E exports
  the PDF wherever the focus is); the field keeps Undo, Copy, Paste and the like.
* Undo and Redo in a text field of the main window are the field's only while it
  has edits of its own to take back; otherwise they are the window's (Ctrl+Z
  undoes the tab's last change wherever the focus is).
* A dialog or window opens inside its screen's available area: one asked for
  more room than the screen has (a 1x size on a 2x screen) is shrunk to it and
  moved onto it; what then does not fit scrolls (its long forms do, with their
  buttons fixed below).
* A button that changes a dialog's form (a roll of the dice, Clear: made with
  :func:`form_button`) is never the dialog's default, even with the focus: Enter
  presses the dialog's own default (New Character's Create), never a roll that would
  replace what the player chose; Space and a click press it.

The application's style (:class:`PolicyStyle`, which the theme's style is) hands each
widget Qt polishes to the policy, once: the policy sets what it sets once, and watches
the events of the few widgets whose events it acts on (text fields, spin and combo
boxes, dialogs and windows), so every widget made later, in any dialog or page, follows
the same rules without being told, and no other widget's events pass through Python.
The main window installs the policy right after its first paint (docs/dev/performance.md,
"What the first paint needs"); :func:`install` gives the widgets that already exist what
their polish would have given them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard, cast, overload

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QAbstractScrollArea, QAbstractSpinBox,
                               QApplication, QComboBox, QHeaderView, QLineEdit, QMainWindow,
                               QPlainTextEdit, QProxyStyle, QPushButton, QStyle, QTextEdit,
                               QWidget)

if TYPE_CHECKING:
    from PySide6.QtGui import QColor, QKeyEvent, QPalette

HINT_MARGIN = 16    # a line edit's frame and text margins, both sides


def _wheel_guarded(obj: QObject | None) -> TypeGuard[QAbstractSpinBox | QComboBox]:
    return isinstance(obj, (QAbstractSpinBox, QComboBox))


def polish(obj: QObject) -> None:
    """What the policy sets on a widget once, when Qt polishes it."""
    if isinstance(obj, QAbstractItemView):
        obj.setTabKeyNavigation(False)
        if isinstance(obj, QHeaderView):     # a narrow column's heading ends in "…"
            obj.setTextElideMode(Qt.TextElideMode.ElideRight)
    elif isinstance(obj, (QTextEdit, QPlainTextEdit)):
        obj.setTabChangesFocus(True)
    elif _wheel_guarded(obj) and obj.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        obj.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    elif isinstance(obj, QLineEdit) and obj.placeholderText() \
            and not _wheel_guarded(obj.parentWidget()):
        need = obj.fontMetrics().horizontalAdvance(obj.placeholderText()) + HINT_MARGIN
        if obj.minimumWidth() < need:
            obj.setMinimumWidth(min(need, obj.fontMetrics().averageCharWidth() * 60))


def form_button(button: QPushButton) -> QPushButton:
    """``button`` acts on its dialog's form (rolls dice, clears): it never becomes the
    dialog's default when it has the focus (Qt's auto-default), so Enter goes on to
    the dialog's default button."""
    button.setAutoDefault(False)
    return button


def _watched(widget: QWidget) -> bool:
    """The widgets whose events the policy acts on (:meth:`InputPolicy.eventFilter`)."""
    return isinstance(widget, QLineEdit) or _wheel_guarded(widget) \
        or (widget.isWindow() and not isinstance(widget, QMainWindow))


class InputPolicy(QObject):
    """The policy (see the module docstring): what it sets on a widget once, and the
    event filter of the widgets it watches."""

    def adopt(self, widget: QWidget) -> None:
        """A widget Qt polished: what the policy sets once, and the watch on its events
        where the policy acts on them."""
        polish(widget)
        if _watched(widget):
            widget.installEventFilter(self)     # once: Qt keeps one of each filter

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind == QEvent.Type.Show and isinstance(obj, QWidget) and obj.isWindow() \
                and not event.spontaneous() \
                and obj.windowType() in (Qt.WindowType.Dialog, Qt.WindowType.Window) \
                and not isinstance(obj, QMainWindow):      # it fits itself (its settings)
            fit_inside_screen(obj)
        elif kind == QEvent.Type.ShortcutOverride and isinstance(obj, QLineEdit) \
                and _window_key(obj, cast("QKeyEvent", event)):  # a ShortcutOverride is one
            return True         # not offered to the field: the window's shortcut runs
        elif kind == QEvent.Type.Wheel and _wheel_guarded(obj) and not obj.hasFocus():
            # Not the spin box's: the scroll area around it scrolls instead.
            area = obj.parentWidget()
            while area is not None and not isinstance(area, QAbstractScrollArea):
                area = area.parentWidget()
            if area is not None:
                QApplication.sendEvent(area.viewport(), event)
                event.accept()
            else:
                event.ignore()          # travels on to the parents
            return True
        return False


def _policy() -> InputPolicy | None:
    app = QApplication.instance()
    if app is None:
        return None
    return app.findChild(InputPolicy, "inputPolicy", Qt.FindChildOption.FindDirectChildrenOnly)


class PolicyStyle(QProxyStyle):
    """The platform's style, handing every widget it polishes to the input policy
    (once the policy is installed)."""

    @overload
    def polish(self, app: QApplication, /) -> None: ...
    @overload
    def polish(self, widget: QWidget, /) -> None: ...
    @overload
    def polish(self, palette: QPalette | Qt.GlobalColor | QColor, /) -> None: ...

    def polish(self, target: Any, /) -> None:
        super().polish(target)
        if isinstance(target, QWidget):
            policy = _policy()
            if policy is not None:
                policy.adopt(target)


def fit_inside_screen(window: QWidget) -> None:
    """Shrink ``window`` to its screen's available area (the window manager's frame
    left room) and move it onto that area."""
    from builder.ui.window_settings import FRAME_ROOM

    screen = window.screen() or QApplication.primaryScreen()
    if screen is None or window.isMaximized() or window.isFullScreen():
        return
    room = screen.availableGeometry()
    width = min(window.width(), max(room.width() - FRAME_ROOM[0], 1))
    height = min(window.height(), max(room.height() - FRAME_ROOM[1], 1))
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    x = max(room.x(), min(window.x(), room.right() - window.width() - FRAME_ROOM[0]))
    y = max(room.y(), min(window.y(), room.bottom() - window.height() - FRAME_ROOM[1]))
    if (x, y) != (window.x(), window.y()):
        window.move(x, y)


#: The keys a text field keeps even when the window has them too: its own editing.
FIELD_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo,
              QKeySequence.StandardKey.Copy, QKeySequence.StandardKey.Cut,
              QKeySequence.StandardKey.Paste, QKeySequence.StandardKey.SelectAll,
              QKeySequence.StandardKey.Delete, QKeySequence.StandardKey.Backspace,
              QKeySequence.StandardKey.DeleteStartOfWord,
              QKeySequence.StandardKey.DeleteEndOfWord)


def _window_key(field: QLineEdit, event: QKeyEvent) -> bool:
    """True when ``event`` is a Ctrl key that an enabled action of ``field``'s main
    window has as shortcut and that is no editing key of the field's (:data:`FIELD_KEYS`): a
    field takes such a key only as a cursor move (Ctrl+E: end of line, on Linux)."""
    window = field.window()
    # Only the main window's keys: a dialog's field keeps its own (and the filter never
    # walks a dialog's private actions: walking QFileDialog's crashed the app under X11
    # when Ctrl+A was pressed in Export PDF's file name).
    if not isinstance(window, QMainWindow) \
            or not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
        return False
    if event.matches(QKeySequence.StandardKey.Undo):
        return not field.isUndoAvailable()
    if event.matches(QKeySequence.StandardKey.Redo):
        return not field.isRedoAvailable()
    if any(event.matches(key) for key in FIELD_KEYS):
        return False
    pressed = QKeySequence(event.keyCombination())
    return any(action.isEnabled() and action.shortcut() == pressed
               for action in window.findChildren(QAction))


def style_kind(style: QStyle) -> str:
    """The name of the platform style under ``style`` (a proxy's own name is empty)."""
    while isinstance(style, QProxyStyle):
        style = style.baseStyle()
    return style.name()


def install(app: QApplication | None = None) -> InputPolicy | None:
    """Install the policy on the application (once; later calls return the same one)."""
    instance = app or QApplication.instance()
    if not isinstance(instance, QApplication):  # none yet (or no widgets to guard)
        return None
    app = instance
    policy = _policy()
    if policy is None:
        policy = InputPolicy(app)
        policy.setObjectName("inputPolicy")
        if isinstance(app.style(), PolicyStyle):
            # Widgets polished before the policy was there get the same once.
            for top in app.topLevelWidgets():
                for widget in (top, *top.findChildren(QWidget)):
                    if widget.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
                        policy.adopt(widget)
        else:       # a proxy over a new style of the same kind; every widget is polished again
            app.setStyle(PolicyStyle(style_kind(app.style())))
    return policy
