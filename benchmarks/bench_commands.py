"""Command benchmark, whole processes paired A/B (see benchmarks/paired.py).

1. ``character-builder export-pdf one.json -o out.pdf`` against the floor: a bare
   Python process that imports QtGui and writes a one-page PDF with QPdfWriter.
   Goal: at most 1.3x.
2. ``character-builder show one.json`` against a bare Python process
   (``python -c "import json"``): what a Qt-free command costs to start.

    python benchmarks/bench_commands.py [--runs 15]
    python benchmarks/bench_commands.py --quick        # CI: one pair each

Prints the median of the pair ratios with their min and max; exit 0 unless a
process fails.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import Summary, paired  # noqa: E402

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
        os.environ["CHARACTER_BUILDER_DATA"] = env["CHARACTER_BUILDER_DATA"]
        from builder.cli import run

        run(["new", "story-points", "Senna", "-o", str(character), "--set", "sp=16",
             "--set", "vital.Cognition=3", "--set", "skill.Medicine=3", "--set",
             "class.Cleric=3", "--set", "trait.Cleric.Restoring Grace=3"])
        floor = work / "floor.py"
        floor.write_text(FLOOR)
        print("whole processes, A and B alternating, ratio B/A per pair: median (min-max)")
        export = Summary(paired(
            [sys.executable, str(floor), str(work / "floor.pdf")],
            [sys.executable, "-c", CLI, "export-pdf", str(character), "-o",
             str(work / "sheet.pdf")], env, args.runs))
        print(export.line("QtGui + QPdfWriter floor", "export-pdf of one character"))
        print(f"  goal <= 1.3x: {'met' if export.wall[0] <= 1.3 else 'NOT met'}")
        show = Summary(paired([sys.executable, "-c", "import json"],
                              [sys.executable, "-c", CLI, "show", str(character)],
                              env, args.runs))
        print(show.line("bare Python", "show"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
