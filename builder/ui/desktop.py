"""A file or folder handed to the desktop's own program for it (a PDF viewer, the file
manager).  Where the desktop has no such program, the player is told so and where the
file is, instead of nothing happening."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget


def open_with_desktop(parent: QWidget | None, path: Path, title: str) -> bool:
    """Open ``path`` with the program the desktop chooses for it; False (and a box,
    not blocking, that names the file and where it is) when the desktop has none."""
    from PySide6.QtCore import Qt, QUrl
    from PySide6.QtGui import QDesktopServices
    from PySide6.QtWidgets import QMessageBox

    if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
        return True
    what = "folder" if path.is_dir() else "file"
    box = QMessageBox(QMessageBox.Icon.Information, title,
                      f"No program on this computer opens {path.name}. The {what} is at:"
                      f"\n{path}", QMessageBox.StandardButton.Ok, parent)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return False
