"""Benchmark: printing character sheets to PDF.

* one sheet: a real story-points character (made with the CLI), built with
  ``build_sheet`` and rendered with ``render_pdf`` into a PDF file, against a
  floor measured in the same run: a bare QTextDocument of one page printed to
  a QPdfWriter.  Goal: under 3x the floor.
* 100 sheets into one PDF.  Goal: under 10 s.

Medians over several runs (this machine is noisy).  Run:
    QT_QPA_PLATFORM=offscreen python benchmarks/bench_sheets.py
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def median_time(fn, runs: int) -> float:
    fn()  # warm-up (font loading, imports)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


BARE_HTML = """<h1>Senna Vail</h1><p>Story Point development character sheet</p>
<h2>Core Vitals</h2><table><tr><td>Strength</td><td>2</td><td>Agility</td><td>3</td></tr>
<tr><td>Cognition</td><td>4</td><td>Presence</td><td>2</td></tr></table>
<h2>Skills</h2><table>""" + "".join(
    f"<tr><td>Skill {i}</td><td>Vital</td><td>{i % 5}</td></tr>" for i in range(14)) + \
    "</table><h2>Notes</h2><p>" + "Lorem ipsum dolor sit amet. " * 30 + "</p>"


def main() -> int:
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp(prefix="cb-bench-"))
    from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument

    from builder.sheets import build_sheet
    from builder.storage.files import load_character
    from builder.render.pdf import ensure_app, render_pdf
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

    def hundred():
        sheets = [build_sheet(derived[i % len(derived)]) for i in range(100)]
        render_pdf(sheets, work / "hundred.pdf")

    floor = median_time(bare, 15)
    single = median_time(one, 15)
    many = median_time(hundred, 3)
    pages = len(__import__("pypdf").PdfReader(str(work / "hundred.pdf")).pages)
    print(f"bare QTextDocument -> PDF, one page: {floor * 1000:7.1f} ms")
    print(f"one sheet (2 pages) -> PDF:          {single * 1000:7.1f} ms  "
          f"= {single / floor:.2f}x the bare page (goal < 3x)")
    print(f"100 sheets ({pages} pages) -> one PDF: {many:7.2f} s   (goal < 10 s)")
    ok = single / floor < 3 and many < 10
    print("goals met" if ok else "GOALS NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
