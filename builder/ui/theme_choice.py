"""The saved theme choice, and whether it must be applied before the first paint.

Kept apart from :mod:`builder.ui.theme` so that the start reads the choice and builds
View ▸ Theme without importing the theme's proxy style (the Python ``QStyle``
subclass costs milliseconds to import and makes every checkbox drawn call Python).
"""
from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtCore import Qt

THEMES = {"system": "&System", "light": "&Light", "dark": "&Dark"}
SETTINGS_KEY = "view/theme"


def saved_choice() -> str:
    from builder.ui.settings import app_settings

    value = str(app_settings().value(SETTINGS_KEY, "system") or "system")
    return value if value in THEMES else "system"


def can_wait(choice: str) -> bool:
    """True when applying ``choice`` would not change a colour of the first paint: the
    desktop's own scheme, and the platform's palette already of that lightness (then
    the theme manager, which only adds its framed check boxes, follows the paint)."""
    if choice != "system":
        return False
    app = QGuiApplication.instance()
    hints = QGuiApplication.styleHints()
    if app is None or hints is None:
        return False
    dark = hints.colorScheme() == Qt.ColorScheme.Dark
    palette_dark = QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return dark == palette_dark
