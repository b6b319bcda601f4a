"""Benchmark: what opening the window costs as a character's or a campaign's ledger grows.

For every rule system (story-points with common entries, with every kind of entry
interleaved and with checkpoint awards only, vogelfrei common and mixed, ability-bonuses,
the point-buy data-only system) a character of 1,000, 10,000 and 50,000 legal ledger
entries is made (the files of ``benchmarks/bench_growth.py``), a campaign whose pool
ledger is that long (common entries, and every kind), and a character with a 1 MB
text; then the
window opens each as a whole process, offscreen, and quits once it is painted
(``character-builder FILE --quit-when-ready``).  Each line prints the time and peak
memory at every size and the ratio between steps: cost that grows with the ledger
gives ratios near the ratio of the sizes (10x, then 5x) at most, less while start-up
dominates; a cost that grows faster shows a larger one.  The first line is the floor:
the window opening a character of no entries.

Goal: the window opens each within 2 s at 50,000 entries, within 1 s with a 1 MB text.

    python benchmarks/bench_window_growth.py [--runs 3]    # 1k, 10k, 50k entries
    python benchmarks/bench_window_growth.py --quick       # 500 and 2,000 entries, once

Exits non-zero only when the window fails to open (a goal not met is printed).
"""
from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_growth import CLI, Crashed, Setup, grow_character, row  # noqa: E402
from paired import MEMORY_METHOD, Run, measure  # noqa: E402


def words_checkpoints(i: int) -> Iterator[list[str]]:
    """A Story Point ledger of checkpoint awards only."""
    yield ["award-checkpoint", f"Milestone {i}", "a"]
    yield ["award-checkpoint", f"Milestone {i}", "b"]
    yield ["award-checkpoint", f"Milestone {i}", "c"]


def opened(env: dict[str, str], path: Path, runs: int) -> Run:
    """The median of ``runs`` window starts opening ``path`` (peak memory: the largest)."""
    results = []
    for _ in range(runs):
        try:
            results.append(measure([sys.executable, "-c", CLI, str(path), "--no-restore",
                                    "--quit-when-ready"], env))
        except SystemExit as exc:
            raise Crashed(str(exc)) from None
    return Run(statistics.median(r.wall for r in results), max(r.rss_kib for r in results),
               statistics.median(r.cpu for r in results))


def measure_window(setup: Setup, sizes: list[int], runs: int) -> list[str]:
    floor = opened(setup.env, setup.seeds["story-points"], runs)
    lines = [row("floor: no entries", [0], [floor], 2.0)]
    print(lines[0], flush=True)
    for name in ("story-points", "story-points mixed", "checkpoint awards", "vogelfrei",
                 "vogelfrei mixed", "ability-bonuses", "point-buy"):
        paths = []
        for size in sizes:
            if name == "checkpoint awards":
                path = setup.work / f"checkpoints-{size}.json"
                shutil.copy(setup.seeds["story-points"], path)
                grow_character(setup.env, path, size, words_checkpoints)
            else:
                path = setup.character(name.split()[0], size, mixed=name.endswith("mixed"))
            paths.append(path)
        lines.append(row(f"open {name}", sizes, [opened(setup.env, p, runs) for p in paths],
                         2.0))
        print(lines[-1], flush=True)
    for mixed in (False, True):
        campaigns = [setup.campaign(size, mixed) for size in sizes]
        lines.append(row(f"open a campaign (pool{', mixed' if mixed else ''})", sizes,
                         [opened(setup.env, p, runs) for p in campaigns], 2.0))
        print(lines[-1], flush=True)
    text = setup.work / "window-text-1mb.json"
    shutil.copy(setup.seeds["story-points"], text)
    doc = json.loads(text.read_text(encoding="utf-8"))
    doc["notes"] = "A line of notes.\n" * (1024 * 1024 // 17)
    text.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    lines.append(row("open a 1 MB text", [1], [opened(setup.env, text, runs)], 1.0))
    print(lines[-1], flush=True)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each start (median)")
    parser.add_argument("--quick", action="store_true",
                        help="500 and 2,000 entries, one run each")
    args = parser.parse_args()
    sizes = [500, 2_000] if args.quick else [1_000, 10_000, 50_000]
    runs = 1 if args.quick else max(1, args.runs)
    compileall.compile_dir(str(ROOT / "builder"), quiet=1)
    work = Path(tempfile.mkdtemp(prefix="cb-window-growth-bench-"))
    env = dict(os.environ, CHARACTER_BUILDER_DATA=str(work / "data"),
               XDG_CONFIG_HOME=str(work / "config"), XDG_CACHE_HOME=str(work / "cache"),
               XDG_STATE_HOME=str(work / "state"), PYTHONPATH=str(ROOT),
               QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"whole processes opening the window offscreen; wall time (and CPU time, which "
          f"a loaded machine disturbs least): the median of {runs} run(s); {MEMORY_METHOD}")
    try:
        measure_window(Setup(work, env), sizes, runs)
    except Crashed as exc:
        print(f"the window did not open: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
