"""The saved theme choice, and whether it must be applied before the first paint.

Kept apart from :mod:`builder.ui.theme` so that the start reads the choice and builds
View ▸ Theme without importing the theme's proxy style (the Python ``QStyle``
subclass costs milliseconds to import and makes every checkbox drawn call Python).
"""
from __future__ import annotations

THEMES = {"system": "&System", "light": "&Light", "dark": "&Dark"}
SETTINGS_KEY = "view/theme"


def saved_choice() -> str:
    from builder.ui.settings import app_settings

    value = str(app_settings().value(SETTINGS_KEY, "system") or "system")
    return value if value in THEMES else "system"


def can_wait(choice: str) -> bool:
    """True when the theme manager may follow the first paint: the desktop's own scheme
    ("system"), drawn with the platform's palette; the manager then adds its framed
    check boxes, and its own palette only where the platform's palette does not match
    the desktop's scheme.  A chosen Light or Dark is applied before the paint.

    (Reading the desktop's scheme here, a Qt.ColorScheme, would make PySide6 build the
    whole ``Qt`` namespace's enums before the first paint: builder.ui.qt_values.)"""
    return choice == "system"
