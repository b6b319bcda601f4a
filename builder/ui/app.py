"""Application start: QApplication, high-DPI policy, command-line handling.

``character-builder [FILE...]`` opens the library (and those characters);
``--quit-when-ready`` exits 0 once the main window is shown and painted with
the library loaded (the start-up benchmark); ``--screenshot PNG`` grabs the
window to a PNG after the first paint and exits (CI and the README images).
Only what the first paint needs is imported before it.
"""
from __future__ import annotations

import os
import sys


USAGE = """usage: character-builder [FILE ...] [--quit-when-ready] [--screenshot PNG] [--no-restore]

  FILE               character files to open
  --quit-when-ready  exit 0 as soon as the window is shown and painted
  --screenshot PNG   save a picture of the window after the first paint and exit
  --no-restore       do not reopen the tabs of the last session
"""


class GuiArgs:
    def __init__(self):
        self.files: list[str] = []
        self.quit_when_ready = False
        self.screenshot: str | None = None
        self.no_restore = False
        self.help = False


def _parse(argv: list[str]) -> GuiArgs:
    """The GUI's few flags (argparse would cost start-up time); Qt's own -flags pass."""
    args = GuiArgs()
    it = iter(argv)
    for word in it:
        if word == "--quit-when-ready":
            args.quit_when_ready = True
        elif word == "--no-restore":
            args.no_restore = True
        elif word == "--screenshot":
            args.screenshot = next(it, None)
        elif word.startswith("--screenshot="):
            args.screenshot = word.split("=", 1)[1]
        elif word in ("-h", "--help"):
            args.help = True
        elif word.startswith("-"):
            continue  # Qt's own options (-platform, -style...) are Qt's business
        else:
            args.files.append(word)
    return args


def run_gui(argv: list[str]) -> int:
    args = _parse(list(argv))
    if args.help:
        sys.stdout.write(USAGE)
        return 0
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
            # "Exit as soon as the window is painted": no teardown, and a benchmark run
            # leaves the player's saved window state and open tabs alone.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
        if not args.no_restore:
            window.reopen_tabs()
        for path in args.files:
            window.open_path(os.path.abspath(path))
        if args.screenshot:
            # Say which native window was painted (CI grabs it from the X server too).
            sys.stderr.write(f"character-builder: window painted, id 0x{int(window.winId()):x}, "
                             f"platform {QGuiApplication.platformName()}\n")
            sys.stderr.flush()
            delay = int(os.environ.get("CHARACTER_BUILDER_SCREENSHOT_DELAY", "400") or 400)
            QTimer.singleShot(delay, lambda: _grab(window, args.screenshot, app))

    # After the library table's first paint (queued, so the paint completes first).
    window.library_page.view.firstPainted.connect(
        lambda: QTimer.singleShot(0, ready), Qt.ConnectionType.SingleShotConnection)
    window.show()
    return app.exec()


def _grab(window, path: str, app) -> None:
    window.repaint()
    ok = window.grab().save(path)
    if not ok:
        sys.stderr.write(f"{path}: could not write the screenshot\n")
    window.close()
    app.exit(0 if ok else 1)
