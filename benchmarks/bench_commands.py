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

Prints the median of the pair ratios with their min and max; exit 0 unless a
process fails.
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

CLI = "import sys; from builder.__main__ import main; sys.exit(main(sys.argv[1:]))"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per comparison")
    parser.add_argument("--quick", action="store_true", help="CI: one pair each")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    work = Path(tempfile.mkdtemp(prefix="cb-commands-bench-"))
    try:
        env = dict(os.environ, CHARACTER_BUILDER_DATA=str(work / "data"),
                   XDG_CONFIG_HOME=str(work / "config"), PYTHONPATH=str(ROOT))
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
        export = Summary(paired(
            [sys.executable, str(floor), str(work / "floor.pdf")],
            [sys.executable, "-c", CLI, "export-pdf", str(character), "-o",
             str(work / "sheet.pdf")], env, args.runs))
        print(export.line("QtGui + QPdfWriter floor", "export-pdf of one character"))
        print(f"  goal <= 1.3x: {'met' if export.wall[0] <= 1.3 else 'NOT met'}")
        floor_py = [sys.executable, "-c",
                    "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))",
                    str(character)]
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
            result = Summary(paired(floor_py, [sys.executable, "-c", CLI, *words], env,
                                    args.runs, before_b=before))
            print(result.line("bare Python reading the file", name))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
