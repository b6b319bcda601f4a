"""Application start: QApplication, high-DPI policy, command-line handling.

``character-builder [FILE...]`` opens the library (and those characters or campaigns,
each in its tab);
``--quit-when-ready`` exits 0 once the main window is painted with the library
loaded and FILE (and the restored tabs) opened (the start-up benchmark; a FILE
that cannot be opened exits 2); ``--screenshot PNG`` grabs the window to a PNG
after the first paint and exits (CI and the README images; with
``--quit-when-ready`` too).  Qt's own options (``-style``, ``-platform``,
``-reverse``...) are handed to QApplication; any other option is a usage error.
Only what the first paint needs is imported before it.
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication, QMessageLogContext, QtMsgType
    from PySide6.QtWidgets import QApplication

    from builder.ui.main_window import MainWindow

EXIT_OK, EXIT_USAGE = 0, 2

USAGE = """\
usage: character-builder [FILE ...] [--no-restore] [--quit-when-ready] [--screenshot PNG]
                         [Qt options: -style NAME, -platform NAME, -reverse, ...]
       character-builder COMMAND ...   (the command line: character-builder --help)

Opens the main window: the library, and FILE (character or campaign files) in tabs.

  FILE               character or campaign files to open
  --no-restore       do not reopen the tabs of the last session
  --quit-when-ready  exit 0 once the window is painted with the library loaded and FILE
                     (and the restored tabs) opened; exit 2 if a FILE cannot be opened
  --screenshot PNG   save a picture of the window once it is ready, then exit
  -h, --help         show this help and exit

Exit codes: 0 done; 2 bad usage, a FILE that cannot be opened, or no display.
"""

#: Qt's own command-line options (QGuiApplication and QApplication) that take a value
#: (``-style fusion`` or ``-style=fusion``) ...
QT_VALUE_OPTIONS = frozenset({
    "platform", "platformpluginpath", "platformtheme", "plugin", "qwindowgeometry",
    "qwindowicon", "qwindowtitle", "session", "display", "geometry", "name", "title",
    "style", "stylesheet", "qmljsdebugger",
})
#: ... and those that take none.
QT_FLAG_OPTIONS = frozenset({"reverse", "widgetcount", "nograb", "dograb", "sync"})

NO_DISPLAY = ("no display: {why}; set DISPLAY, or QT_QPA_PLATFORM=offscreen for a headless "
              "run")


class GuiUsage(Exception):
    """A bad window command line (one line, exit 2)."""


class GuiArgs:
    def __init__(self) -> None:
        self.files: list[str] = []
        self.quit_when_ready = False
        self.screenshot: str | None = None
        self.no_restore = False
        self.help = False
        self.qt_args: list[str] = []


def qt_option(word: str) -> tuple[str, bool] | None:
    """(name, takes_a_separate_value) when ``word`` is one of Qt's own options."""
    if not word.startswith("-") or word == "-":
        return None
    name = word[2:] if word.startswith("--") else word[1:]
    name, has_value = (name.split("=", 1)[0], True) if "=" in name else (name, False)
    if name in QT_VALUE_OPTIONS:
        return name, not has_value
    if name in QT_FLAG_OPTIONS and not has_value:
        return name, False
    return None


def parse_args(argv: list[str]) -> GuiArgs:
    """The window's few flags (argparse would cost start-up time) and Qt's own options;
    anything else starting with ``-`` raises :class:`GuiUsage`."""
    args = GuiArgs()
    words = iter(argv)
    only_files = False
    for word in words:
        if only_files or not word.startswith("-") or word == "-":
            args.files.append(word)
        elif word == "--":
            only_files = True
        elif word == "--quit-when-ready":
            args.quit_when_ready = True
        elif word == "--no-restore":
            args.no_restore = True
        elif word == "--screenshot":
            args.screenshot = next(words, None)
            if not args.screenshot:
                raise GuiUsage("character-builder: --screenshot needs a PNG file name")
        elif word.startswith("--screenshot="):
            args.screenshot = word.split("=", 1)[1]
            if not args.screenshot:
                raise GuiUsage("character-builder: --screenshot needs a PNG file name")
        elif word in ("-h", "--help"):
            args.help = True
        else:
            qt = qt_option(word)
            if qt is None:
                raise GuiUsage(f"character-builder: unknown option '{word}' "
                               "(character-builder --help lists the options)")
            args.qt_args.append(word)
            if qt[1]:
                value = next(words, None)
                if value is None:
                    raise GuiUsage(f"character-builder: Qt's option {word} needs a value")
                args.qt_args.append(value)
    return args


def _platform_name(qt_args: list[str]) -> str:
    for i, word in enumerate(qt_args):
        option = qt_option(word)
        if option and option[0] == "platform":
            value = word.split("=", 1)[1] if "=" in word else qt_args[i + 1]
            return value.split(";")[0].split(":")[0]
    return os.environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0]


def missing_display(qt_args: list[str]) -> str | None:
    """Why no window can be shown (None when one can, as far as we can tell beforehand):
    on X11/Wayland systems, the default, xcb or wayland platform with no display set."""
    if sys.platform.startswith(("win", "darwin")):
        return None
    platform = _platform_name(qt_args)
    if platform not in ("", "xcb") and not platform.startswith("wayland"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return "neither DISPLAY nor WAYLAND_DISPLAY is set"


def _start_qapplication(qt_args: list[str]) -> QApplication:
    """QApplication with Qt's own options; a platform plugin that cannot start (no X
    server, missing system libraries) is one line and exit 2, not Qt's abort."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    said: list[str] = []

    def during_start(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
        if kind == QtMsgType.QtFatalMsg:
            first = next((m for m in said if m.strip()), message).strip().splitlines()[0]
            sys.stderr.write(NO_DISPLAY.format(
                why=f"Qt could not start its platform plugin ({first})") + "\n")
            sys.stderr.flush()
            os._exit(EXIT_USAGE)
        said.append(message)

    previous = qInstallMessageHandler(during_start)
    try:
        app = QApplication([sys.argv[0] if sys.argv else "character-builder", *qt_args])
    finally:
        qInstallMessageHandler(previous)
    for message in said:
        sys.stderr.write(message.rstrip("\n") + "\n")
    return app


def run_gui(argv: list[str]) -> int:
    try:
        args = parse_args(list(argv))
    except GuiUsage as problem:
        sys.stderr.write(f"{problem}\n")
        return EXIT_USAGE
    if args.help:
        sys.stdout.write(USAGE)
        return EXIT_OK
    interrupted = _before_qt()
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from builder import APP_TITLE, __version__
    from builder.ui.settings import init_application_names

    app = QApplication.instance()
    if app is None:
        why = missing_display(args.qt_args)
        if why:
            sys.stderr.write(NO_DISPLAY.format(why=why) + "\n")
            return EXIT_USAGE
        # High DPI: Qt 6's own rounding policy (PassThrough) is what the window wants
        # (fractional scale factors as they are); setting it would cost the start the
        # ``Qt`` namespace's enums (builder.ui.qt_values).
        app = _start_qapplication(args.qt_args)
    init_application_names()
    QGuiApplication.setApplicationDisplayName(APP_TITLE)
    app.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName("character-builder")
    start = _Start(app, args, _main_window(args, interrupted))
    # After the library table's first paint (queued, so the paint completes first; once:
    # the window emits it once); the window's own settling (input rules, theme) follows
    # ready().
    start.window.firstPaintDone.connect(start.ready)
    start.window.show()
    return app.exec()


def _before_qt() -> tuple[str, ...]:
    """The Qt-free part of the start (the library's scan, json, and platformdirs finding
    the library's folder) comes before PySide6, which makes every module imported after
    it dearer (it reads each one's source, looking for `from __feature__ import`); a
    change a killed process left unfinished is finished before any read.  The lines
    that say which."""
    import builder.app.library  # noqa: F401
    from builder.app.queries import data_folder

    data_folder()
    from builder.app.recovery import finish_interrupted

    interrupted = finish_interrupted()
    for line in interrupted:
        sys.stderr.write(f"note: {line}\n")
    return interrupted


def _main_window(args: GuiArgs, interrupted: tuple[str, ...]) -> MainWindow:
    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=not args.no_restore)
    # A bug in a slot, an event handler or a thread: a crash report and a lasting bar.
    window.install_crash_guard()
    if interrupted:
        window.report("; ".join(interrupted), 0)     # until the next message
    model = getattr(window, "library_model", None)
    if model is not None and hasattr(model, "loadingProgress"):
        model.loadingProgress.connect(
            lambda done, total: _library_progress(window, done, total))
    return window


class _Start:
    """What happens once the window is first painted: the last session's tabs, FILE,
    and for ``--quit-when-ready`` / ``--screenshot`` the end of the run."""

    def __init__(self, app: QCoreApplication, args: GuiArgs, window: MainWindow) -> None:
        self.app, self.args, self.window = app, args, window
        self.code = EXIT_OK
        self.widget_map = None
        if os.environ.get("CHARACTER_BUILDER_WIDGET_MAP"):
            # the end-to-end tests' view of where things are (builder.ui.widget_map)
            from builder.ui import widget_map

            self.widget_map = widget_map.install(window)

    def finish(self, code: int) -> None:
        # "Exit as soon as the window is ready": no teardown, and a benchmark run
        # leaves the player's saved window state and open tabs alone.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)

    def open_files(self) -> bool:
        for path in self.args.files:
            if self.window.documents.open_file(os.path.abspath(path)) is None:
                if self.args.quit_when_ready:
                    message = self.window.documents.open_problem or "cannot be opened"
                    if not message.startswith(path) and path not in message:
                        message = f"{path}: {message}"
                    sys.stderr.write(message.splitlines()[0] + "\n")
                    self.code = EXIT_USAGE
                    return False
        return True

    def ready(self) -> None:
        from PySide6.QtCore import QTimer

        app, window = self.app, self.window
        if not self.args.no_restore:
            window.settings.reopen_tabs()
        if not self.open_files():
            self.finish(self.code)
        if self.args.screenshot:
            self.screenshot(self.args.screenshot)
            return
        if self.args.quit_when_ready:
            # What was opened (FILE, the last session's tabs) is painted before
            # quitting (a real start); the Library tab is painted already.
            if window.tabs.count() > 1:
                window.repaint()
            QTimer.singleShot(0, lambda: self.finish(EXIT_OK))
        # The window's icon follows (a --quit-when-ready run has quit by then).
        QTimer.singleShot(0, lambda: _set_window_icon(app))

    def screenshot(self, shot: str) -> None:
        from PySide6.QtCore import QTimer
        from PySide6.QtGui import QGuiApplication

        app, window = self.app, self.window
        _set_window_icon(app)
        window.settle()   # the picture shows the window as it stays
        # Say which native window was painted (CI grabs it from the X server too).
        sys.stderr.write(f"character-builder: window painted, id 0x{int(window.winId()):x}, "
                         f"platform {QGuiApplication.platformName()}\n")
        sys.stderr.flush()
        delay = int(os.environ.get("CHARACTER_BUILDER_SCREENSHOT_DELAY", "400") or 400)
        if self.args.quit_when_ready:
            QTimer.singleShot(0, lambda: self.finish(0 if _grab(window, shot) else EXIT_USAGE))
        else:
            QTimer.singleShot(delay, lambda: app.exit(
                0 if _grab(window, shot) else EXIT_USAGE))


def _library_progress(window: MainWindow, done: int, total: int) -> None:
    """A big library read in the background says how far it got."""
    if done < total:
        window.statusBar().showMessage(f"Reading the library: {done} of {total} characters…")
    else:
        window.statusBar().showMessage(f"Library read: {total} characters", 4000)


def _set_window_icon(app: QCoreApplication) -> None:
    """The application icon (builder/data/icons: PNG sizes, no SVG plugin needed), when
    the installation has it.  Set after the first paint; the files are package data on
    disk (a wheel, an editable install and a one-folder bundle alike), read by path so
    importlib.resources (and the zipfile module it imports) stays out of the start."""
    from pathlib import Path

    from PySide6.QtGui import QGuiApplication, QIcon

    icons = Path(__file__).resolve().parent.parent / "data" / "icons" / "hicolor"
    icon = QIcon()
    for size in (16, 32, 48, 64, 128, 256):
        png = icons / f"{size}x{size}" / "apps" / "character-builder.png"
        if png.is_file():
            icon.addFile(str(png))
    if not icon.isNull():
        QGuiApplication.setWindowIcon(icon)   # (a static method: the icon of ``app``)


def _grab(window: MainWindow, path: str) -> bool:
    window.repaint()
    ok: bool = window.grab().save(path)
    if not ok:
        sys.stderr.write(f"{path}: could not write the screenshot\n")
    window.close()
    return ok
