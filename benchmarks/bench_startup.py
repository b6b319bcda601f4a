"""Start-up benchmark: ``character-builder --quit-when-ready`` with a library of
50 characters, against a bare PySide6 window that opens, paints and quits, in
the same run.  Goal: at most 1.5x the bare window's wall time and peak memory.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_startup.py [--runs 7]

Each run is a fresh process; wall time is measured around the process, peak
memory is the child's own maximum resident set (os.wait4).  Runs alternate
between the two so machine noise hits both; medians are compared.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

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


def make_library(folder: Path, count: int = 50) -> None:
    os.environ["CHARACTER_BUILDER_DATA"] = str(folder)
    sys.path.insert(0, str(ROOT))
    from builder.storage import library
    from builder.storage.files import load_character
    from builder.storage.rulesets import load_ruleset

    rs = load_ruleset("story-points")
    rng = random.Random(50)
    classes = [("Cleric", "Medicine", "Cognition", "Restoring Grace"),
               ("Fighter", "Melee", "Strength", "Parry"),
               ("Rogue", "Stealth", "Agility", "Ambush")]
    for i in range(count):
        cname, skill, vital, trait = classes[i % len(classes)]
        level = rng.randint(1, 3)
        sets = [("sp", "30"), (f"vital.{vital}", "5"), (f"skill.{skill}", "4"),
                (f"class.{cname}", str(level)), (f"trait.{cname}.{trait}", str(level))]
        path = library.create_character(rs, f"Character {i:02d}",
                                        rs.baseline_from_sets(sets, rng=rng))
        cf = load_character(path)
        for words in (["award-checkpoint", "Milestone", f"Checkpoint {i}"],
                      ["raise-skill", skill], ["use-trait", cname, trait], ["rest"]):
            cf.do(rs.parse_action(words))
        cf.save()


def measure(cmd: list[str], env: dict) -> tuple[float, int]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}\n{err}")
    return wall, usage.ru_maxrss  # KiB on Linux


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--characters", type=int, default=50)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cb-startup-bench-"))
    make_library(work / "data", args.characters)
    env = dict(os.environ, CHARACTER_BUILDER_DATA=str(work / "data"),
               XDG_CONFIG_HOME=str(work / "config"), PYTHONPATH=str(ROOT))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # An installed app has its bytecode cached; a shell that forbids writing it
    # (PYTHONDONTWRITEBYTECODE) would time the compiler instead of the start-up.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    bare_script = work / "bare_window.py"
    bare_script.write_text(BARE)
    # What the installed ``character-builder`` script runs (the gui-scripts entry
    # point), and ``python -m builder`` (which adds runpy's own imports).
    commands = {
        "bare PySide6 window": [sys.executable, str(bare_script)],
        "character-builder": [sys.executable, "-c",
                              "import sys; from builder.__main__ import main; "
                              "sys.exit(main(['--quit-when-ready']))"],
        "python -m builder": [sys.executable, "-m", "builder", "--quit-when-ready"],
    }
    for cmd in commands.values():  # warm the OS file cache and the bytecode cache
        measure(cmd, env)
    runs = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            runs[name].append(measure(cmd, env))
    wall = {n: statistics.median(w for w, _ in r) for n, r in runs.items()}
    rss = {n: statistics.median(m for _, m in r) for n, r in runs.items()}
    bare = "bare PySide6 window"
    print(f"platform: {env['QT_QPA_PLATFORM']}, {args.characters} characters, "
          f"{args.runs} runs each (medians)")
    print(f"{'':22} {'wall':>8} {'peak RSS':>11} {'x wall':>7} {'x memory':>9}")
    for name in commands:
        print(f"{name:22} {wall[name] * 1000:6.0f} ms {rss[name] / 1024:7.1f} MiB "
              f"{wall[name] / wall[bare]:6.2f}x {rss[name] / rss[bare]:8.2f}x")
    main_name = "character-builder"
    ok = wall[main_name] / wall[bare] <= 1.5 and rss[main_name] / rss[bare] <= 1.5
    print(f"goal (<= 1.5x the bare window in wall time and memory): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
