"""QSettings for the app: one INI file per user (XDG_CONFIG_HOME on Linux)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings

ORGANIZATION = "character-builder"
APPLICATION = "character-builder"


def init_application_names() -> None:
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)


def app_settings() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                     ORGANIZATION, APPLICATION)
