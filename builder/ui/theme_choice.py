"""The saved theme choice, its palettes, and its colours before the first paint.

Kept apart from :mod:`builder.ui.theme` so that the start reads the choice, builds
View ▸ Theme and paints in the chosen colours without importing the theme's proxy style
(the Python ``QStyle`` subclass makes every checkbox drawn call Python, and its import
is measured in docs/dev/performance.md) or any of Qt's namespace enums.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.ui.qt_values import DARK_SCHEME, LIGHT_SCHEME, set_enum

if TYPE_CHECKING:
    from PySide6.QtGui import QPalette

THEMES = {"system": "&System", "light": "&Light", "dark": "&Dark"}
SETTINGS_KEY = "view/theme"
#: The application's property saying its palette is the theme's own, not the platform's
#: (set by :func:`early_colours` and the theme manager).
OWN_PALETTE = "themeOwnPalette"


def saved_choice() -> str:
    from builder.ui.settings import app_settings

    value = str(app_settings().value(SETTINGS_KEY, "system") or "system")
    return value if value in THEMES else "system"


def early_colours(choice: str) -> None:
    """A chosen Light or Dark theme's colours, before the first paint, as
    :meth:`builder.ui.theme.ThemeManager.apply` sets them: the scheme asked of the
    platform and, where the platform's palette is not of that lightness (it cannot
    switch), the matching palette set on the application.  Nothing for "system".

    The theme manager itself (its proxy style, which frames check boxes, and the answer
    to the desktop changing scheme) follows when the window settles: importing it, and
    reading the desktop's scheme (a Qt.ColorScheme), would make PySide6 build the whole
    ``Qt`` namespace's enums before the first paint (builder.ui.qt_values)."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    hints = QGuiApplication.styleHints()
    if choice not in ("light", "dark") or not isinstance(app, QApplication) or hints is None:
        return
    want_dark = choice == "dark"
    set_enum(hints, "colorScheme", DARK_SCHEME if want_dark else LIGHT_SCHEME)
    if is_dark(app.palette()) != want_dark:
        app.setPalette(dark_palette() if want_dark else light_palette())
        app.setProperty(OWN_PALETTE, True)


def is_dark(pal: QPalette) -> bool:
    from PySide6.QtGui import QPalette   # (not at import: the "system" start needs none)

    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def dark_palette() -> QPalette:
    """A dark palette for platforms that cannot switch scheme themselves."""
    from PySide6.QtGui import QColor, QPalette

    p = QPalette()
    roles = QPalette.ColorRole
    colours = {
        roles.Window: "#2b2b2b", roles.WindowText: "#eeeeee", roles.Base: "#1f1f1f",
        roles.AlternateBase: "#2a2a2a", roles.ToolTipBase: "#3a3a3a",
        roles.ToolTipText: "#eeeeee", roles.PlaceholderText: "#a0a0a0", roles.Text: "#eeeeee",
        roles.Button: "#353535", roles.ButtonText: "#eeeeee", roles.BrightText: "#ff6b6b",
        roles.Light: "#4a4a4a", roles.Midlight: "#3e3e3e", roles.Mid: "#5c5c5c",
        roles.Dark: "#1a1a1a", roles.Shadow: "#000000", roles.Highlight: "#2e75d6",
        roles.HighlightedText: "#ffffff", roles.Link: "#8ab4f8", roles.LinkVisited: "#c58af9",
    }
    for role, value in colours.items():
        p.setColor(role, QColor(value))
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        p.setColor(disabled, role, QColor("#8c8c8c"))
    p.setColor(disabled, roles.Highlight, QColor("#505050"))
    p.setColor(disabled, roles.HighlightedText, QColor("#b0b0b0"))
    return p


def light_palette() -> QPalette:
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    return app.style().standardPalette() if isinstance(app, QApplication) else QPalette()
