"""Help ▸ About: the version, the Qt version, where the library lives."""
from __future__ import annotations

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from builder import APP_TITLE, __version__
from builder.app.queries import data_folder


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About {APP_TITLE}")
        text = (f"<h2>{APP_TITLE} {__version__}</h2>"
                "<p>An offline character builder for tabletop role-playing games.</p>"
                f"<p>Your characters live in:<br><code>{data_folder()}</code></p>"
                f"<p>Qt {qVersion()}, PySide6 {pyside_version}. MIT licence.</p>")
        self.label = QLabel(text, self)
        self.label.setObjectName("aboutText")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)
