"""Application start: QApplication, high-DPI policy, command-line handling.

``character-builder [FILE...]`` opens the library (and those characters);
``--quit-when-ready`` exits 0 once the main window is shown and painted with
the library loaded (the start-up benchmark); ``--screenshot PNG`` grabs the
window to a PNG after the first paint and exits (CI and the README images).
Only what the first paint needs is imported before it.
"""
from __future__ import annotations

import argparse
import os
import sys


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="character-builder", add_help=True)
    parser.add_argument("files", nargs="*", metavar="FILE", help="character files to open")
    parser.add_argument("--quit-when-ready", action="store_true",
                        help="exit 0 as soon as the window is shown and painted")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="save a picture of the window after the first paint and exit")
    parser.add_argument("--no-restore", action="store_true",
                        help="do not reopen the tabs of the last session")
    args, _qt_args = parser.parse_known_args(argv)
    return args


class _FirstPaint:
    """Calls back once, after the first paint of any widget in the window."""

    def __init__(self, window, callback):
        from PySide6.QtCore import QEvent, QObject, QTimer

        outer = self

        class Filter(QObject):
            def eventFilter(self, obj, event):  # noqa: N802 - Qt API
                if event.type() == QEvent.Type.Paint and not outer.done:
                    if getattr(obj, "window", None) and obj.window() is window:
                        outer.done = True
                        QTimer.singleShot(0, callback)
                return False

        self.done = False
        self.filter = Filter()


def run_gui(argv: list[str]) -> int:
    args = _parse(list(argv))
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from builder import APP_TITLE, __version__
    from builder.ui.settings import init_application_names

    if QApplication.instance() is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    init_application_names()
    app.setApplicationDisplayName(APP_TITLE)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("character-builder")

    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=not args.no_restore)

    def ready():
        if args.quit_when_ready:
            app.quit()
            return
        if not args.no_restore:
            window.reopen_tabs()
        for path in args.files:
            window.open_path(os.path.abspath(path))
        if args.screenshot:
            delay = int(os.environ.get("CHARACTER_BUILDER_SCREENSHOT_DELAY", "400") or 400)
            QTimer.singleShot(delay, lambda: _grab(window, args.screenshot, app))

    first = _FirstPaint(window, ready)
    app.installEventFilter(first.filter)
    window.show()
    code = app.exec()
    app.removeEventFilter(first.filter)
    return code


def _grab(window, path: str, app) -> None:
    window.repaint()
    ok = window.grab().save(path)
    if not ok:
        sys.stderr.write(f"{path}: could not write the screenshot\n")
    window.close()
    app.exit(0 if ok else 1)
