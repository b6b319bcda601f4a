"""Benchmark: taking in conflict copies on start, against the start's own listing.

On start (once the window has settled) and on every change of a library folder, the
window takes in the library's copies (:func:`builder.app.conflicts.take_in_library`):
conflict copies found by name, and copies under another name found by the id they
carry (each file's id read once, then kept in an index in the cache folder).  That
runs on the window's thread, so what it costs is a pause a player could notice.

A is the floor: the library's listing as the start makes it (index warm,
``builder.app.library.open_scan``).  B, paired with A (A B, B A, ...):

1. the intake with nothing to take in (what every start pays), the id index warm;
2. the same with the id index cold (the first start with this version: every file's
   id read once);
3. the intake of one Syncthing conflict copy and one copy under another name
   ("NAME (1).json"), each with an entry of its own (put back before each run,
   untimed).

Goal: with nothing to take in, within the listing's own time (1x); two copies to take
in add under 100 ms to it, no noticeable pause.

    python benchmarks/bench_intake.py [--characters 50] [--library 10000] [--runs 7]
    python benchmarks/bench_intake.py --quick      # CI: a few pairs, small sizes
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def make_library(data: Path, count: int) -> list[Path]:
    """``count`` characters with a 20-entry ledger each (distinct ids) in ``data``."""
    os.environ["CHARACTER_BUILDER_DATA"] = str(data)
    from builder.app.characters import create_from_baseline
    from builder.storage.device import new_id
    from builder.storage.files import load_character
    from builder.storage.rulesets import load_ruleset

    rs = load_ruleset("story-points")
    folder = data / "characters"
    folder.mkdir(parents=True, exist_ok=True)
    first = create_from_baseline(rs, "Character",
                                 rs.baseline_from_sets([("sp", "60")], rng=random.Random(50)))
    cf = load_character(first)
    for i in range(20):
        cf.do(rs.parse_action(["award-checkpoint", f"Milestone {i // 4}", f"Checkpoint {i}"]))
    cf.save()
    raw = first.read_bytes()
    old_id = json.loads(raw)["id"].encode("ascii")
    first.unlink()
    paths = []
    for i in range(count):
        path = folder / f"character-{i:06d}.json"
        path.write_bytes(raw.replace(old_id, new_id().encode("ascii")))
        paths.append(path)
    return paths


def copies_of(path: Path) -> list[tuple[Path, bytes]]:
    """A Syncthing conflict copy and a file manager's copy of ``path``, each with an
    entry the file lacks."""
    from builder.storage.files import load_character

    made = []
    for i, name in enumerate((f"{path.stem}.sync-conflict-20261201-201500-ABCDEF7.json",
                              f"{path.stem} (1).json")):
        cf = load_character(path)
        cf.do(cf.ruleset.parse_action(["award-checkpoint", "Away", f"Session {i}"]))
        made.append((path.with_name(name), cf.to_bytes()))
    return made


def paired(a: Callable[[], object], b: Callable[[], object], runs: int,
           before_b: Callable[[], object] | None = None) -> tuple[float, float, float, float]:
    """A and B alternately (``before_b`` untimed before each B): the median of the
    pair ratios B/A, their min and max, and B's median time in ms."""
    ratios, b_times = [], []
    for i in range(runs + 1):
        got = {}
        for which in (("a", "b") if i % 2 == 0 else ("b", "a")):
            if which == "b" and before_b is not None:
                before_b()
            start = time.perf_counter()
            (a if which == "a" else b)()
            got[which] = time.perf_counter() - start
        if i:                       # the first pair warms up
            ratios.append(got["b"] / got["a"])
            b_times.append(got["b"])
    return (statistics.median(ratios), min(ratios), max(ratios),
            statistics.median(b_times) * 1000)


def measure(count: int, runs: int, work: Path) -> bool:
    data = work / f"lib{count}"
    paths = make_library(data, count)
    from builder.app import conflicts
    from builder.app.library import open_scan
    from builder.storage import conflicts as names
    from builder.storage.library import index_path

    open_scan().read_all()                  # the library's index, warm
    listing = lambda: open_scan()           # noqa: E731 - the start's listing
    intake = lambda: conflicts.take_in_library()    # noqa: E731
    intake()                                # the id index, warm

    def cold() -> None:
        names.forget_indexes()
        shutil.rmtree(index_path().parent / names.ID_INDEX, ignore_errors=True)

    target = paths[len(paths) // 2]
    original = target.read_bytes()
    made = copies_of(target)

    def put_copies() -> None:
        target.write_bytes(original)
        for path, raw in made:
            path.write_bytes(raw)

    results = [("nothing to take in, id index warm", paired(listing, intake, runs)),
               ("nothing to take in, id index cold", paired(listing, intake, runs, cold)),
               ("a conflict copy and a copy under another name",
                paired(listing, intake, runs, put_copies))]
    taken = conflicts.take_in_library()
    assert not taken.outcome.changes and sorted(p.name for p in target.parent.iterdir()
                                                if p.name.startswith(target.stem)) \
        == [target.name], "the copies were not taken in"
    for label, (ratio, low, high, ms) in results:
        print(f"{count} characters: intake, {label}: {ms:.1f} ms, {ratio:.2f}x the start's "
              f"listing (pairs {low:.2f}x-{high:.2f}x)")
    added = results[2][1][3] - results[0][1][3]
    met = results[0][1][0] <= 1.0 and added < 100
    print(f"  two copies add {added:.1f} ms to the intake; goal (nothing to take in within 1x "
          f"the listing; two copies add under 100 ms): {'met' if met else 'NOT met'}")
    shutil.rmtree(data, ignore_errors=True)
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--characters", type=int, default=50, help="the everyday library")
    parser.add_argument("--library", type=int, action="append", default=[],
                        help="also a library of N characters (repeatable)")
    parser.add_argument("--runs", type=int, default=7, help="pairs per comparison")
    parser.add_argument("--quick", action="store_true",
                        help="CI: three pairs, 50 and 200 characters")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.library = 3, (args.library or [200])
    work = Path(tempfile.mkdtemp(prefix="cb-intake-bench-"))
    try:
        met = [measure(n, args.runs, work) for n in [args.characters, *args.library]]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
