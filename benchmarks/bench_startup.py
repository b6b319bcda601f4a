"""Start-up benchmark, whole processes paired A/B (see benchmarks/paired.py).

1. ``character-builder --quit-when-ready`` with a library of 50 characters (index
   warm) against a bare PySide6 window that shows, paints and quits.
   Goal: at most 1.3x the bare window, wall time and peak memory.
   The start ends when the window is painted with the library listed and its start
   is done; the tables' header-click sorting, the folder watches, the input rules and
   the theme's proxy style follow it, and a second line times the start with them
   ("start and settle"), and a line for reading times the bare window once it looks up
   one ``Qt.X`` enum (PySide6 then builds every enum of the ``Qt`` namespace, which
   the app's start never does: docs/dev/performance.md "What the first paint needs").
   The app finds its library through the platform's folders (XDG_DATA_HOME,
   XDG_CACHE_HOME), as a player's does.
2. ``--library N``: the same start with N characters (copies of one 20-entry
   character), index warm (written beforehand) and index cold (deleted before each
   run), against the 50-character start; cold, the window lists every file at once
   and reads them after the paint, so a third line times the cold start until every
   file is read (``--read-runs`` pairs).  Goal for 10,000: painted and usable under 1 s warm and
   3 s cold, memory under 1.5x the 50-character start.

    python benchmarks/bench_startup.py [--runs 15] [--library 10000]
    python benchmarks/bench_startup.py --instructions # + instructions (callgrind, slow)
    python benchmarks/bench_startup.py --quick        # CI: one pair each, small sizes

Qt's offscreen platform unless QT_QPA_PLATFORM is set.  Prints the median of the
pair ratios with their min and max; exit 0 unless a process fails (the figures
are for reading, a noisy machine must not fail CI).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import MEMORY_METHOD, Summary, paired  # noqa: E402

BARE = r"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
label = QLabel("bare")
window.setCentralWidget(label)
window.resize(1100, 720)

class First(QObject):
    done = False
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not self.done:
            self.done = True
            QTimer.singleShot(0, app.quit)
        return False

f = First()
label.installEventFilter(f)  # the same first-paint hook as the app's
window.show()
sys.exit(app.exec())
"""

#: The bare window once it has looked up one of Qt's own enums (any ``Qt.X``): PySide6
#: then builds the Python enum classes of the whole ``Qt`` namespace (93 of them, with
#: Python 3.11's enum machinery), which the bare window never does and the app's start
#: avoids until it is done (builder/ui/qt_values.py).  For reading only: the goal stays
#: against the bare window; this line says what that one look-up costs.
BARE_QT = BARE.replace("app = QApplication(sys.argv[:1])",
                       "app = QApplication(sys.argv[:1])\n"
                       "from PySide6.QtCore import Qt\n"
                       "Qt.AlignmentFlag")
assert BARE_QT != BARE

APP = ("import sys; from builder.__main__ import main; "
       "sys.exit(main(['--quit-when-ready']))")  # what the installed script runs

#: The same start, on until the window has settled: --quit-when-ready exits once the
#: window is painted and its start is done (files and the last tabs opened); what
#: only refines it (header-click sorting, the folder watches, the input rules, the
#: theme's proxy style: MainWindow.settle) follows, and this variant times it too.
APP_SETTLED = """
import os, sys
from builder.ui import main_window
settle, exit_now = main_window.MainWindow.settle, os._exit
def settle_then_quit(window):
    settle(window)
    window.repaint()
    exit_now(0)
main_window.MainWindow.settle = settle_then_quit
os._exit = lambda code: None if code == 0 else exit_now(code)  # on past the ready point
from builder.__main__ import main
sys.exit(main(['--quit-when-ready']))
"""


#: The start with the index cold, on until every file of the library is read (the
#: window lists every file at once and reads the new ones on a worker thread, the
#: progress in the status bar: this is how long until every row has its figures).
APP_READ_ALL = """
import os, sys
from builder.ui import main_window
exit_now = os._exit
os._exit = lambda code: None if code == 0 else exit_now(code)  # on past the ready point
first_paint_done = main_window.MainWindow._first_paint_done
def then_wait_for_the_library(window):
    first_paint_done(window)
    model = window.library_model
    if not model.is_loading():
        exit_now(0)
    model.loadingProgress.connect(lambda done, total: done >= total and exit_now(0))
main_window.MainWindow._first_paint_done = then_wait_for_the_library
from builder.__main__ import main
sys.exit(main(['--quit-when-ready']))
"""

#: The start on until the window's first intake of conflict copies has run (it follows
#: the settle by a short quiet time): the same start with a library holding two copies
#: to take in, against one holding none, says what taking them in adds.
APP_INTAKE = """
import os, sys
from builder.ui import sync_bar
exit_now = os._exit
os._exit = lambda code: None if code == 0 else exit_now(code)  # on past the ready point
take_in = sync_bar.SyncIntake.take_in
def take_in_then_quit(intake):
    taken = take_in(intake)
    exit_now(0 if taken is not None and not taken.left else 1)
sync_bar.SyncIntake.take_in = take_in_then_quit
from builder.__main__ import main
sys.exit(main(['--quit-when-ready']))
"""

WARM_INDEX = "from builder.app.library import scan; scan()"


def make_character(folder: Path) -> Path:
    """One story-points character with a 20-entry ledger."""
    os.environ["CHARACTER_BUILDER_DATA"] = str(folder)
    from builder.app.characters import create_from_baseline
    from builder.storage.files import load_character
    from builder.storage.rulesets import load_ruleset

    rs = load_ruleset("story-points")
    rng = random.Random(50)
    sets = [("sp", "60"), ("vital.Cognition", "5"), ("skill.Medicine", "4"),
            ("class.Cleric", "2"), ("trait.Cleric.Restoring Grace", "2")]
    path = create_from_baseline(rs, "Character", rs.baseline_from_sets(sets, rng=rng))
    cf = load_character(path)
    for i in range(16):
        cf.do(rs.parse_action(["award-checkpoint", f"Milestone {i // 4}", f"Checkpoint {i}"]))
    for words in (["raise-skill", "Occult"], ["raise-skill", "Insight"],
                  ["use-trait", "Cleric", "Restoring Grace"], ["rest"]):
        cf.do(rs.parse_action(words))
    cf.save()
    return path


def make_library(root: Path, count: int, template: Path) -> None:
    """``count`` copies of ``template``, each another character (its own id: files that
    share an id are copies of one, which the window takes in), in the characters folder
    of a user whose XDG folders are under ``root`` (see :func:`library_env`)."""
    import json

    from builder.rules.entry_ids import ulid

    characters = root / "data" / "character-builder" / "characters"
    characters.mkdir(parents=True, exist_ok=True)
    for old in characters.glob("*.json"):
        old.unlink()
    raw = template.read_bytes()
    same = json.loads(raw)["id"].encode("ascii")
    for i in range(count):
        own = ulid(1_700_000_000_000 + i, i.to_bytes(10, "big")).encode("ascii")
        (characters / f"character-{i:06d}.json").write_bytes(raw.replace(same, own))


def library_env(env: dict, root: Path) -> dict:
    """The environment of a user whose XDG data, cache and state folders are under
    ``root``: the app finds its library as a player's does (platformdirs; not the
    CHARACTER_BUILDER_DATA override, which would skip that lookup), and what the
    window's intake notes stays there, out of the real user's state folder."""
    found = dict(env, XDG_DATA_HOME=str(root / "data"), XDG_CACHE_HOME=str(root / "cache"),
                 XDG_STATE_HOME=str(root / "state"))
    found.pop("CHARACTER_BUILDER_DATA", None)
    return found


def index_file(root: Path) -> Path:
    return root / "cache" / "character-builder" / "library-index.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per comparison")
    parser.add_argument("--characters", type=int, default=50, help="the everyday library")
    parser.add_argument("--library", type=int, action="append", default=[],
                        help="also time a library of N characters (repeatable)")
    parser.add_argument("--read-runs", type=int, default=3,
                        help="pairs for the cold start until every file is read (slow; 0: "
                             "not timed)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of the bare window and of the "
                             "start with valgrind's callgrind (slow; a figure a loaded "
                             "machine does not move)")
    parser.add_argument("--quick", action="store_true",
                        help="CI: one pair each, a 200-character library")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.read_runs, args.library = 1, 1, (args.library or [200])
    work = Path(tempfile.mkdtemp(prefix="cb-startup-bench-"))
    try:
        template = make_character(work / "template")
        env = dict(os.environ, XDG_CONFIG_HOME=str(work / "config"), PYTHONPATH=str(ROOT),
                   XDG_CACHE_HOME=str(work / "cache"), XDG_STATE_HOME=str(work / "state"))
        env.pop("CHARACTER_BUILDER_DATA", None)   # make_character's, for this process only
        if "QT_QPA_PLATFORM" not in env:
            # A 1920x1080 offscreen screen (the plugin's own is 800x800): the window
            # fits itself to the screen, and a smaller one would paint less than a
            # player's at its default 1180x760.
            screen = work / "offscreen-screen.json"
            screen.write_text('{"screens": [{"name": "OffscreenScreen", "x": 0, "y": 0, '
                              '"width": 1920, "height": 1080, "logicalDpi": 96, '
                              '"logicalBaseDpi": 96, "dpr": 1}]}')
            env["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"
        # An installed app has its bytecode cached; a shell that forbids writing it
        # would time the compiler instead of the start-up.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        bare_script = work / "bare_window.py"
        bare_script.write_text(BARE)
        bare = [sys.executable, str(bare_script)]
        app = [sys.executable, "-c", APP]

        small = work / "small"
        make_library(small, args.characters, template)
        env_small = library_env(env, small)
        print(f"platform {env['QT_QPA_PLATFORM']}; whole processes, A and B alternating, "
              f"ratio B/A per pair: median (min-max); {MEMORY_METHOD}")
        result = Summary(paired(bare, app, env_small, args.runs))
        print(result.line("bare PySide6 window", f"start, {args.characters} characters"))
        met = result.wall[0] <= 1.3 and result.mem[0] <= 1.3
        print(f"  goal <= 1.3x wall and memory: {'met' if met else 'NOT met'}")
        bare_qt_script = work / "bare_window_qt.py"
        bare_qt_script.write_text(BARE_QT)
        enums = Summary(paired(bare, [sys.executable, str(bare_qt_script)], env_small,
                               args.runs))
        print("  for reading: " + enums.line(
            "bare PySide6 window", "the same bare window once it looks up Qt's enums "
            "(PySide6 builds the whole Qt namespace's Python enums)"))
        settled = Summary(paired(bare, [sys.executable, "-c", APP_SETTLED], env_small,
                                 args.runs))
        print(settled.line("bare PySide6 window",
                           f"start and settle (input rules, theme), {args.characters} "
                           "characters"))
        # Conflict copies taken in on start: a library with a Syncthing conflict copy and
        # a file manager's copy of one of its characters (put back before each run)
        # against the same library with none, both on until the first intake has run.
        copies = work / "copies"
        make_library(copies, args.characters, template)
        env_copies = library_env(env, copies)
        first = copies / "data" / "character-builder" / "characters" / "character-000000.json"
        original = first.read_bytes()
        extra = []
        for n, name in enumerate(("character-000000.sync-conflict-20261201-201500-ABCDEF7"
                                  ".json", "character-000000 (1).json")):
            from builder.storage.files import load_character

            cf = load_character(first)      # each copy with an entry of its own
            cf.do(cf.ruleset.parse_action(["award-checkpoint", "Away", f"Session {n}"]))
            extra.append((first.with_name(name), cf.to_bytes()))

        def put_copies():
            first.write_bytes(original)
            for path, raw in extra:
                path.write_bytes(raw)

        intake_cmd = [sys.executable, "-c", APP_INTAKE]
        pairs = []
        for i in range(args.runs + 1):
            from paired import measure

            got = {}
            for which in (("a", "b") if i % 2 == 0 else ("b", "a")):
                if which == "b":
                    put_copies()
                got[which] = measure(intake_cmd, env_small if which == "a" else env_copies)
            if i:
                pairs.append((got["a"], got["b"]))
        print(Summary(pairs).line(f"start until the first intake, {args.characters} "
                                  "characters, no copy",
                                  "the same with two copies to take in"))
        if args.instructions:
            from bench_commands import instructions

            counts = {name: instructions(cmd, env_small) for name, cmd in (
                ("bare", bare), ("start", app),
                ("settled", [sys.executable, "-c", APP_SETTLED]))}
            if counts["bare"]:
                print(f"  instructions (callgrind, one run each): start {counts['start'] / 1e6:.0f} M"
                      f" vs bare {counts['bare'] / 1e6:.0f} M: "
                      f"{counts['start'] / counts['bare']:.2f}x; start and settle "
                      f"{counts['settled'] / counts['bare']:.2f}x")
            else:
                print("  instructions: valgrind not installed")

        for count in args.library:
            big = work / f"lib{count}"
            make_library(big, count, template)
            env_big = library_env(env, big)
            index = index_file(big)

            def cold():
                if index.exists():
                    index.unlink()

            def run_pair(before_b=None, b_cmd=app, runs=args.runs):
                # A: the 50-character start; B: the big library (A's env differs).
                pairs = []
                for i in range(runs + 1):
                    from paired import measure

                    order = ("a", "b") if i % 2 == 0 else ("b", "a")
                    got = {}
                    for which in order:
                        if which == "b" and before_b:
                            before_b()
                        got[which] = measure(app if which == "a" else b_cmd,
                                             env_small if which == "a" else env_big)
                    if i:  # the first pair warms up
                        pairs.append((got["a"], got["b"]))
                return Summary(pairs)

            # Warm: an index of every file, written beforehand (a start that quits while
            # the files are still being read would never leave one).
            subprocess.run([sys.executable, "-c", WARM_INDEX], env=env_big, check=True)
            warm = run_pair()
            print(warm.line(f"start, {args.characters} characters",
                            f"{count} characters, index warm"))
            coldrun = run_pair(before_b=cold)
            print(coldrun.line(f"start, {args.characters} characters",
                               f"{count} characters, index cold (every row listed, "
                               "the files read after the paint)"))
            read = ""
            if args.read_runs > 0:
                read_all = run_pair(before_b=cold, b_cmd=[sys.executable, "-c", APP_READ_ALL],
                                    runs=args.read_runs)
                print(read_all.line(f"start, {args.characters} characters",
                                    f"{count} characters, index cold, until every file is "
                                    "read"))
                read = (f" (every file read: {read_all.b_wall:.2f} s, memory "
                        f"{read_all.mem[0]:.2f}x)")
            print(f"  {count} characters: warm {warm.b_wall:.2f} s, cold {coldrun.b_wall:.2f} s"
                  f"{read}, memory {warm.mem[0]:.2f}x (warm) {coldrun.mem[0]:.2f}x (cold) "
                  "the 50-character start")
            shutil.rmtree(big, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
