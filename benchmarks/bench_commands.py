"""Command benchmark, whole processes paired A/B (see benchmarks/paired.py).

1. ``character-builder export-pdf one.json -o out.pdf`` against the floor: a bare
   Python process that imports QtGui and writes a one-page PDF with QPdfWriter.
   Goal: at most 1.3x.
2. ``show``, ``check``, ``options``, ``plan`` and ``do`` of one character (none of
   them imports Qt), each against a bare Python process that reads and parses the
   same file (``json.load``): what a Qt-free command costs beyond Python itself.
   ``do`` works on a fresh copy each run (copied outside the timing).

    python benchmarks/bench_commands.py [--runs 15]
    python benchmarks/bench_commands.py --quick        # CI: one pair each
    python benchmarks/bench_commands.py --against TREE # the same commands, TREE's code as A
    python benchmarks/bench_commands.py --instructions # + instructions counted (callgrind)

Prints the median of the pair ratios with their min and max; exit 0 unless a
process fails.  ``--against TREE`` (another checkout, e.g. ``git worktree add
/tmp/before COMMIT``) runs each command with TREE's code as A and this tree's as
B: what a change did, paired.  ``--instructions`` also counts the instructions
each process executes under valgrind's callgrind, once each (slow: ~20 s a
process): a figure that does not move with the machine's load, where wall times
on a shared machine do.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import MEMORY_METHOD, Summary, paired  # noqa: E402

FLOOR = r"""
import sys
from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPainter, QPdfWriter

app = QGuiApplication(sys.argv[:1])
writer = QPdfWriter(sys.argv[1])
writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                 QPageLayout.Orientation.Portrait, QMarginsF(14, 14, 14, 14),
                                 QPageLayout.Unit.Millimeter))
painter = QPainter(writer)
for i in range(40):
    painter.drawText(0, 40 + i * 220, f"Line {i}: Senna, Story Point development, Cleric 3")
painter.end()
"""

#: What the installed ``character-builder`` script runs (``sys.exit(main())``).
CLI = "import sys; from builder.__main__ import main; sys.exit(main())"


def cli_of(tree: Path) -> str:
    """The command line with ``tree``'s code, whatever the current folder holds."""
    return f"import sys; sys.path.insert(0, {str(tree)!r}); " + CLI.split("; ", 1)[1]


def instructions(cmd: list[str], env: dict, before=None) -> int | None:
    """Instructions the process executes (valgrind --tool=callgrind), None without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    if before:
        before()
    with tempfile.TemporaryDirectory(prefix="cb-callgrind-") as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
                       env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    return None


def instruction_line(name_a: str, name_b: str, a: int | None, b: int | None) -> str:
    if a is None or b is None:
        return "  instructions: valgrind not installed"
    return (f"  instructions (callgrind, one run each): {name_b} {b / 1e6:.0f} M vs "
            f"{name_a} {a / 1e6:.0f} M = {b / a:.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per comparison")
    parser.add_argument("--quick", action="store_true", help="CI: one pair each")
    parser.add_argument("--against", metavar="TREE", type=Path,
                        help="another checkout whose code runs as A (before/after)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions with valgrind's callgrind (slow)")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    work = Path(tempfile.mkdtemp(prefix="cb-commands-bench-"))
    try:
        # The user's folders through the platform's variables (XDG_*), as a player's are
        # found: CHARACTER_BUILDER_DATA would spare each command looking them up.
        env = dict(os.environ, XDG_DATA_HOME=str(work / "data"),
                   XDG_CONFIG_HOME=str(work / "config"), XDG_CACHE_HOME=str(work / "cache"),
                   XDG_STATE_HOME=str(work / "state"), PYTHONPATH=str(ROOT))
        env.pop("CHARACTER_BUILDER_DATA", None)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        character = work / "senna.json"
        # Made by a child process: this one stays a bare Python, since a child's peak
        # memory counts what it was forked from.
        subprocess.run([sys.executable, "-c", CLI, "new", "story-points", "Senna", "-o",
                        str(character), "--set", "sp=16", "--set", "vital.Cognition=3",
                        "--set", "skill.Medicine=3", "--set", "class.Cleric=3", "--set",
                        "trait.Cleric.Restoring Grace=3"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        floor = work / "floor.py"
        floor.write_text(FLOOR)
        print("whole processes, A and B alternating, ratio B/A per pair: median (min-max); "
              f"{MEMORY_METHOD}")
        export_cmd = [sys.executable, "-c", CLI, "export-pdf", str(character), "-o",
                      str(work / "sheet.pdf")]
        if args.against:
            before = [sys.executable, "-c", cli_of(args.against.resolve()), *export_cmd[3:]]
            names = (f"export-pdf with {args.against}'s code", "export-pdf with this tree's")
            export = Summary(paired(before, export_cmd, env, args.runs))
            print(export.line(*names))
        else:
            floor_cmd = [sys.executable, str(floor), str(work / "floor.pdf")]
            names = ("QtGui + QPdfWriter floor", "export-pdf of one character")
            export = Summary(paired(floor_cmd, export_cmd, env, args.runs))
            print(export.line(*names))
            # Wall and CPU time both: on a loaded machine the wall ratio shrinks towards 1
            # (both processes wait for a core), which would flatter; CPU time moves least.
            cpu_ok = export.cpu is None or export.cpu[0] <= 1.3
            met = export.wall[0] <= 1.3 and cpu_ok and export.mem[0] <= 1.3
            print(f"  goal <= 1.3x (wall, CPU time and memory): {'met' if met else 'NOT met'}")
        if args.instructions:
            a_cmd = before if args.against else floor_cmd
            print(instruction_line(*names, instructions(a_cmd, env),
                                   instructions(export_cmd, env)))
        floor_py = [sys.executable, "-c",
                    "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))",
                    str(character)]
        if args.against:
            floor_py = None
        scratch = work / "scratch.json"
        fresh = character.read_bytes()

        def restore():
            scratch.write_bytes(fresh)

        for name, words, before in (
                ("show", ["show", str(character)], None),
                ("check", ["check", str(character)], None),
                ("options", ["options", str(character)], None),
                ("plan", ["plan", str(character), "skill:Medicine=5"], None),
                ("do", ["do", str(scratch), "raise-skill", "Insight"], restore)):
            command = [sys.executable, "-c", CLI, *words]
            a_cmd = floor_py or [sys.executable, "-c", cli_of(args.against.resolve()), *words]
            names = ((f"{name} with {args.against}'s code", f"{name} with this tree's")
                     if args.against else ("bare Python reading the file", name))
            result = Summary(paired(a_cmd, command, env, args.runs, before_a=before,
                                    before_b=before))
            print(result.line(*names))
            if args.instructions:
                print(instruction_line(*names, instructions(a_cmd, env, before),
                                       instructions(command, env, before)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
