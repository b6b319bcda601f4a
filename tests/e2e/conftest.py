"""End-to-end: the installed ``character-builder`` started under Xvfb and driven with
real X input (xdotool), the way a player drives it.

Opt-in: these tests are collected only with ``CHARACTER_BUILDER_E2E=1`` (they start X
servers and programs, and take far longer than the suite's budget); .ci/run runs them
in a step of their own.  They need Xvfb and xdotool on PATH.

Each test gets its own X server (1600x1000), its own data folder and HOME, and the
program's stderr: a test fails on any traceback or Qt warning there.  Where things are
on the screen comes from the window's widget map (:mod:`builder.ui.widget_map`).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ENABLED = os.environ.get("CHARACTER_BUILDER_E2E") == "1"
if not ENABLED:
    collect_ignore_glob = ["test_*.py"]

#: Lines the program may write on stderr under Xvfb that are no fault of its own (the
#: bare X server has no window manager, and Qt says so once).  Keep it short.
STDERR_ALLOWED = [
    re.compile(r"^qt\.qpa\.xcb: could not connect to display"),  # never expected; explicit
]
PROBLEM = re.compile(r"Traceback|Error|Warning|warning|QObject::|QWidget::|Cannot|"
                     r"_pythonToCppCopy|Something went wrong")


def program() -> str:
    here = Path(sys.executable).parent / "character-builder"
    return str(here) if here.exists() else (shutil.which("character-builder") or "")


def display_wanted() -> list[str]:
    """The display number to use: the first free one of
    ``CHARACTER_BUILDER_E2E_DISPLAYS`` ("61-69") where several X servers share a
    machine, else whichever Xvfb finds free."""
    wanted = os.environ.get("CHARACTER_BUILDER_E2E_DISPLAYS", "")
    if not wanted:
        return []
    low, _, high = wanted.partition("-")
    for number in range(int(low), int(high or low) + 1):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return [f":{number}"]
    raise AssertionError(f"no free X display in {wanted}")


class Screen:
    """One Xvfb, and xdotool on it."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", *display_wanted(), "-displayfd", str(write),
                                      "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as stream:
            self.display = ":" + stream.readline().strip()
        if self.display == ":":
            raise AssertionError("Xvfb did not start (is its display number taken?)")

    def xdotool(self, *args: object) -> str:
        done = subprocess.run(["xdotool", *map(str, args)], env={**os.environ,
                              "DISPLAY": self.display}, capture_output=True, text=True,
                              timeout=30)
        return done.stdout.strip()

    def move(self, x: int, y: int) -> None:
        """The pointer to (x, y), once it is there (``mousemove --sync`` to where the
        pointer already is waits for a motion that never comes, for seconds)."""
        here = self.xdotool("getmouselocation", "--shell").splitlines()
        if f"X={x}" in here and f"Y={y}" in here:
            return
        self.xdotool("mousemove", "--sync", x, y)

    def drag(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """Press at (x0, y0), move there in several steps, release at (x1, y1)."""
        self.move(x0, y0)
        self.xdotool("mousedown", 1)
        for step in range(1, 9):
            self.move(x0 + (x1 - x0) * step // 8, y0 + (y1 - y0) * step // 8)
            time.sleep(0.05)
        self.move(x1, y1 + 1)
        time.sleep(0.1)
        self.xdotool("mouseup", 1)

    def shot(self, name: str) -> Path:
        target = self.tmp / f"{name}.png"
        subprocess.run(["import", "-display", self.display, "-window", "root", str(target)],
                       check=False, timeout=30)
        return target

    def close(self) -> None:
        self.xvfb.terminate()
        self.xvfb.wait(timeout=10)


class App:
    """The program on a screen: started, looked at through its widget map, driven."""

    def __init__(self, screen: Screen, home: Path, *files: object, scale: str = ""):
        self.screen = screen
        self.home = home
        self.map_path = home / "widget-map.json"
        self.stderr_path = home / "stderr.txt"
        env = {**os.environ, "DISPLAY": screen.display, "QT_QPA_PLATFORM": "xcb",
               "HOME": str(home), "CHARACTER_BUILDER_DATA": str(home / "data"),
               "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "share"),
               "XDG_STATE_HOME": str(home / "state"),
               "CHARACTER_BUILDER_WIDGET_MAP": str(self.map_path)}
        env.pop("QT_SCALE_FACTOR", None)
        if scale:
            env["QT_SCALE_FACTOR"] = scale
        self.env = env
        self.stderr = open(self.stderr_path, "w")
        self.process = subprocess.Popen([program(), "--no-restore", *map(str, files)],
                                        env=env, stdout=subprocess.DEVNULL, stderr=self.stderr)
        self.window = ""
        self.wait(lambda: "widget:mainWindow" in self.map(), "the window to show")
        self.window = screen.xdotool("search", "--onlyvisible", "--name", "Character Builder")
        self.window = self.window.splitlines()[0] if self.window else ""
        self.focus()

    def focus(self) -> None:
        """The keyboard to the main window (a bare X server has no window manager to
        give it back when a dialog closes)."""
        if self.window:
            self.screen.xdotool("windowfocus", "--sync", self.window)

    def cli(self, *args: object) -> subprocess.CompletedProcess:
        return subprocess.run([program(), *map(str, args)], env=self.env, capture_output=True,
                              text=True, timeout=60)

    def map(self) -> dict:
        try:
            return json.loads(self.map_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def wait(self, condition, what: str, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():
                return
            if self.process.poll() is not None:
                raise AssertionError(f"the program ended while waiting for {what}:\n"
                                     + self.stderr_path.read_text())
            time.sleep(0.1)
        self.screen.shot("timeout")
        shown = self.map()
        raise AssertionError(f"waited {timeout} s for {what}; the focus on "
                             f"{shown.get('focus')!r}; the map has "
                             f"{sorted(k for k in shown if not k.startswith(('row:', 'cells:')))}")

    def settle(self) -> None:
        """Until the widget map is written afresh twice (it follows what the last input
        showed or hid)."""
        stamp = self.map_path.stat().st_mtime_ns if self.map_path.exists() else 0
        for _ in range(2):
            self.wait(lambda: self.map_path.exists()
                      and self.map_path.stat().st_mtime_ns != stamp, "the map written")
            stamp = self.map_path.stat().st_mtime_ns

    def where(self, key: str) -> tuple[int, int]:
        """The centre of ``key`` once it stands still over two writings of the map
        (a page just shown may still scroll or fit itself; the map is written a few
        times a second)."""
        self.wait(lambda: key in self.map(), key)
        seen: list = []
        stamps: list = []

        def settled() -> bool:
            try:
                stamp = self.map_path.stat().st_mtime_ns
            except OSError:
                return False
            if stamps and stamps[-1] == stamp:
                return False            # the same writing again: nothing new seen
            stamps.append(stamp)
            seen.append(self.map().get(key))
            return len(seen) >= 2 and seen[-1] == seen[-2] and bool(seen[-1])

        self.wait(settled, f"{key} to stand still")
        x, y, w, h = seen[-1]
        return x + w // 2, y + h // 2

    def click(self, key: str, double: bool = False) -> None:
        x, y = self.where(key)
        self.screen.move(x, y)
        self.screen.xdotool("click", "--repeat", 2 if double else 1, 1)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.screen.xdotool("key", "--clearmodifiers", key)

    def type(self, text: str) -> None:
        self.screen.xdotool("type", "--delay", 20, text)

    def drag(self, source: str, target: str) -> None:
        """Press on ``source``, move in several steps, release on ``target``."""
        (x0, y0), (x1, y1) = self.where(source), self.where(target)
        self.screen.drag(x0, y0, x1, y1)

    def drag_files(self, files: list[Path], target: str, until, what: str) -> None:
        """Drag ``files`` from another program's window (a file manager's stand-in,
        :mod:`tests.e2e.file_source`) onto ``target`` with the mouse; that program
        stays until ``until()`` (the drop's data is read from it after the release)."""
        x0, y0 = 1480, 920
        source = subprocess.Popen([sys.executable, str(Path(__file__).with_name(
            "file_source.py")), str(x0 - 80), str(y0 - 40), *map(str, files)],
            env={**self.env, "CHARACTER_BUILDER_WIDGET_MAP": ""},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            self.wait(lambda: self.screen.xdotool("search", "--onlyvisible", "--name",
                                                  "^file source$"), "the file source")
            self.screen.drag(x0, y0, *self.where(target))
            self.wait(until, what)
        finally:
            source.terminate()
            source.wait(timeout=10)

    def problems(self) -> list[str]:
        if not self.stderr.closed:
            self.stderr.flush()
        lines = self.stderr_path.read_text(encoding="utf-8", errors="replace").splitlines()
        return [line for line in lines if PROBLEM.search(line)
                and not any(allowed.search(line) for allowed in STDERR_ALLOWED)]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.stderr.close()


@pytest.fixture
def screen(tmp_path):
    if not (shutil.which("Xvfb") and shutil.which("xdotool") and program()):
        pytest.fail("the end-to-end tests need Xvfb, xdotool and character-builder")
    made = Screen(tmp_path)
    yield made
    made.close()


@pytest.fixture
def start(screen, tmp_path):
    """start(*files) -> App; every app started is closed, and its stderr checked."""
    apps: list[App] = []
    home = tmp_path / "home"
    home.mkdir()

    def starter(*files: object, scale: str = "") -> App:
        app = App(screen, home, *files, scale=scale)
        apps.append(app)
        return app

    starter.home = home  # type: ignore[attr-defined]
    yield starter
    for app in apps:
        app.close()
    for app in apps:
        problems = app.problems()
        assert problems == [], "the program said on stderr:\n" + "\n".join(problems)


def cli(home: Path, *args: str) -> str:
    """The command line on the tests' data folder: its output."""
    env = {**os.environ, "HOME": str(home), "CHARACTER_BUILDER_DATA": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config")}
    done = subprocess.run([program(), *args], env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.strip()


def make(home: Path, *args: str) -> Path:
    """A character made with the command line (its path)."""
    return Path(cli(home, "new", *args).splitlines()[-1])
