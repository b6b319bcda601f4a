"""Benchmark: printing character sheets to PDF.

* one sheet: a real story-points character (made with the CLI), built with
  ``build_sheet`` and rendered with ``render_pdf`` into a PDF file, against a
  floor measured in the same run: a bare QTextDocument of one page printed to
  a QPdfWriter.  Goal: under 3x the floor.
* 100 sheets into one PDF.  Goal: under 10 s.

A and B are called alternately (benchmarks/paired.py): the median of the pair
ratios with their min and max, never two medians taken at different times (this
machine is noisy).  Run:
    QT_QPA_PLATFORM=offscreen python benchmarks/bench_sheets.py [--runs 15]
    (CI: --quick, 3 pairs and 10 sheets instead of 100)
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import CallPairs  # noqa: E402


BARE_HTML = """<h1>Senna Vail</h1><p>Story Point development character sheet</p>
<h2>Core Vitals</h2><table><tr><td>Strength</td><td>2</td><td>Agility</td><td>3</td></tr>
<tr><td>Cognition</td><td>4</td><td>Presence</td><td>2</td></tr></table>
<h2>Skills</h2><table>""" + "".join(
    f"<tr><td>Skill {i}</td><td>Vital</td><td>{i % 5}</td></tr>" for i in range(14)) + \
    "</table><h2>Notes</h2><p>" + "Lorem ipsum dolor sit amet. " * 30 + "</p>"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per comparison")
    parser.add_argument("--quick", action="store_true", help="CI: 3 pairs, 10 sheets")
    args = parser.parse_args()
    runs, many_count = (3, 10) if args.quick else (args.runs, 100)
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp(prefix="cb-bench-"))
    from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument

    from builder.sheets import build_sheet
    from builder.storage.files import load_character
    from builder.render.pdf import render_pdf
    from builder.render.style import ensure_app
    from tests.sheet_samples import make_story_points_files

    app = ensure_app()  # noqa: F841 - kept alive for the run
    work = Path(tempfile.mkdtemp(prefix="cb-bench-"))
    characters = [load_character(p) for p in make_story_points_files(work)]
    derived = [cf.derived() for cf in characters]

    def bare():
        writer = QPdfWriter(str(work / "bare.pdf"))
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setResolution(1200)
        doc = QTextDocument()
        doc.setHtml(BARE_HTML)
        doc.print_(writer)

    def one():
        render_pdf([build_sheet(derived[0])], work / "one.pdf")

    def many():
        sheets = [build_sheet(derived[i % len(derived)]) for i in range(many_count)]
        render_pdf(sheets, work / "many.pdf")

    single = CallPairs(bare, one, runs)
    lots = CallPairs(bare, many, max(3, runs // 5))
    pages = len(__import__("pypdf").PdfReader(str(work / "many.pdf")).pages)
    print("A and B alternating, ratio B/A per pair: median (min-max)")
    print(single.line("a bare one-page QTextDocument to PDF (floor)",
                      "one sheet (2 pages) to PDF"))
    print(f"  goal < 3x the floor: {'met' if single.ratio[0] < 3 else 'NOT met'}")
    print(lots.line("a bare one-page QTextDocument to PDF (floor)",
                    f"{many_count} sheets ({pages} pages) into one PDF", unit="s"))
    print(f"  goal {many_count} sheets < {many_count / 10:g} s: "
          f"{'met' if lots.b_ms / 1000 < many_count / 10 else 'NOT met'}")
    ok = single.ratio[0] < 3 and lots.b_ms / 1000 < many_count / 10
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
