"""Benchmark: 100 characters into a folder (one PDF each) against the same 100 into one
PDF, as whole ``export-pdf`` processes.  Goal: the folder at most 2x the one PDF.

A and B run alternately (benchmarks/paired.py): the median of the pair ratios with
their min and max, wall and CPU time and peak memory.  The characters are the sample
characters (every rule system, played and fresh) copied under a hundred names, and a
long campaign (261 ledger entries), so the measure covers what a table prints.  Also
prints one export of a character with a note of 1 MB (every file the reader accepts
exports within 5 s).  Run:
    QT_QPA_PLATFORM=offscreen python benchmarks/bench_export_folder.py [--runs 5]
    (--quick: 2 pairs and 20 characters)
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import Summary, measure, paired  # noqa: E402


def characters(work: Path, count: int) -> list[Path]:
    """``count`` character files: the samples and the long campaign, each copied under
    a name of its own (the folder export names its PDFs after the characters)."""
    from tests.sheet_samples import make_sample_characters, make_stress_characters

    made = work / "made"
    made.mkdir()
    sources = list(make_sample_characters(made).values())
    sources.append(make_stress_characters(made)["veteran"])
    folder = work / "party"
    folder.mkdir()
    paths = []
    for index in range(count):
        source = sources[index % len(sources)]
        document = json.loads(source.read_text(encoding="utf-8"))
        document["name"] = f"{document['name']} {index + 1:03d}"
        path = folder / f"c{index + 1:03d}.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="pairs")
    parser.add_argument("--quick", action="store_true", help="2 pairs, 20 characters")
    args = parser.parse_args()
    runs, count = (2, 20) if args.quick else (args.runs, 100)
    work = Path(tempfile.mkdtemp(prefix="cb-bench-export-"))
    env = dict(os.environ, CHARACTER_BUILDER_DATA=str(work / "data"),
               QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    os.environ["CHARACTER_BUILDER_DATA"] = env["CHARACTER_BUILDER_DATA"]
    paths = [str(p) for p in characters(work, count)]
    command = [sys.executable, "-m", "builder", "export-pdf", *paths, "-o"]
    one = command + [str(work / "party.pdf")]
    folder = command + [f"{work / 'sheets'}/"]

    def clear_folder() -> None:
        shutil.rmtree(work / "sheets", ignore_errors=True)

    pairs = paired(one, folder, env, runs, before_b=clear_folder)
    summary = Summary(pairs)
    print(f"{count} characters: " + summary.line("one PDF", "a folder of PDFs"))
    print(f"goal: the folder at most 2x the one PDF: "
          f"{'met' if summary.wall[0] <= 2.0 else 'NOT met'} ({summary.wall[0]:.2f}x)")

    big = json.loads(Path(paths[0]).read_text(encoding="utf-8"))
    big["notes"] = ("A note of many words. " * 50000)[:1_000_000]
    big_path = work / "big-note.json"
    big_path.write_text(json.dumps(big), encoding="utf-8")
    start = time.perf_counter()
    run = measure([sys.executable, "-m", "builder", "export-pdf", str(big_path), "-o",
                   str(work / "big.pdf")], env)
    print(f"a character with a 1 MB note: {run.wall:.2f} s wall "
          f"(goal: under 5 s; {time.perf_counter() - start:.2f} s with the measuring), "
          f"{run.rss_kib / 1024:.1f} MiB")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
