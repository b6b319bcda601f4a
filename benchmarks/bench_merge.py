"""Benchmark: merging two diverged copies of a long ledger.

Two copies of a story-points character and of a campaign, each with 10,000 entries of
its own after a shared start, are merged in-process (``builder.app.sync.merge_docs``:
union, order, replay through the rules).  The floor is a plain replay of the merged
ledger (what opening the file costs) measured in the same run; the line prints the
merge's time and its ratio to the floor.

Goal: merging two 10,000-entry ledgers within 1 s.

    python benchmarks/bench_merge.py [--entries 10000] [--runs 3]
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp())

from builder.app import sync  # noqa: E402
from builder.rules import fortune_peril as fp  # noqa: E402
from builder.rules.engine import fold, replay  # noqa: E402
from builder.rules.entry_ids import ulid  # noqa: E402
from builder.storage.rulesets import load_ruleset  # noqa: E402

STAMP = "2026-01-01T12:00:00+00:00"


def diverged(base: dict[str, Any], count: int,
             make: Callable[[int, str], dict[str, Any]]) -> tuple[dict, dict]:
    copies = (copy.deepcopy(base), copy.deepcopy(base))
    start = len(base["ledger"])
    for n in range(count):
        for doc, device in zip(copies, ("ann", "bob")):
            entry = make(n, device)
            entry.update(id=ulid(1_000 + n, f"{device}{n}".encode()), seq=start + n + 1,
                         device=device, at=STAMP)
            doc["ledger"].append(entry)
    return copies


def timed(work: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    character = json.loads((ROOT / "builder" / "data" / "samples" / "Senna-Vale.json")
                           .read_text(encoding="utf-8"))
    character.update(id="CHARACTER", ledger=[])
    ruleset = load_ruleset(character["ruleset"])
    campaign = {"format": 1, "kind": "campaign", "id": "CAMPAIGN", "name": "Table",
                "ruleset": "story-points", "members": [], "settings": {"pool": {}},
                "notes": "", "created": STAMP,
                "ledger": [{"action": "session-start", "players": 4, "fortune": 4,
                            "peril": 1, "id": ulid(0, b"start"), "seq": 1, "device": "gm",
                            "at": STAMP}]}
    cases = [
        ("story-points character", diverged(character, args.entries, lambda n, who: {
            "action": "award-checkpoint", "milestone": f"M{n}", "checkpoint": who}),
         lambda doc: replay(ruleset, doc["baseline"], doc["ledger"])),
        ("campaign pool", diverged(campaign, args.entries, lambda n, who: {
            "action": "pool-earn", "side": "fortune", "reason": who, "points": 1}),
         lambda doc: fold(fp.initial_pool, doc["ledger"], fp.check, fp.advance,
                          include=fp.is_pool_entry)),
    ]
    for name, (ann, bob), floor_work in cases:
        merged = sync.merge_docs([ann, bob]).doc
        floor = timed(lambda: floor_work(merged), args.runs)
        spent = timed(lambda: sync.merge_docs([ann, bob]), args.runs)
        goal = "met" if spent <= 1.0 else "NOT MET"
        print(f"{name}: 2 x {args.entries} entries merged in {spent:.3f} s "
              f"({spent / floor:.2f}x a replay of the result, {floor:.3f} s); "
              f"goal 1 s {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
