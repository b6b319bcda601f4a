"""Application start (placeholder until the main-window issue lands)."""
from __future__ import annotations

import sys


def run_gui(argv: list[str]) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    from builder import APP_TITLE, __version__

    quit_when_ready = "--quit-when-ready" in argv
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName(APP_TITLE)
    app.setApplicationVersion(__version__)
    window = QMainWindow()
    window.setWindowTitle(APP_TITLE)
    window.setCentralWidget(QLabel("Character Builder"))
    window.resize(1100, 720)
    window.show()
    if quit_when_ready:
        QTimer.singleShot(0, app.quit)
    return app.exec()
