"""Benchmark: re-evaluating every option (the greying) for a large character.

A character with every Core Vital, Skill and Class near 10 and a 200-entry
ledger.  Reports the time per ``options()`` call, and the ratio against a
floor measured in the same run (deep-copying the derived-state dict, a fixed
amount of pure-Python work), since this machine is noisy.

Goal (issue 2): under 2 ms per re-evaluation in-process.

Run:  python benchmarks/bench_options.py
"""
from __future__ import annotations

import copy
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def large_character():
    from builder.rules.engine import perform
    from builder.storage.rulesets import load_ruleset

    rs = load_ruleset("story-points")
    d = rs.d
    sets = [("sp", "0")]
    sets += [(f"vital.{v}", "9") for v in d.vitals]
    sets += [(f"skill.{s}", "8") for s in d.skills]
    for cname, info in d.classes.items():
        sets.append((f"class.{cname}", "7"))
        first = next(iter(info.traits))
        sets.append((f"trait.{cname}.{first}", "7"))
    baseline = rs.baseline_from_sets(sets, rng=random.Random(0))
    assert rs.validate_baseline(baseline) == []
    state = rs.initial_state(baseline)
    ledger = []
    n = 0
    while len(ledger) < 200:
        n += 1
        for action in ({"action": "award-checkpoint", "milestone": f"M{n}", "checkpoint": "a"},
                       {"action": "use-trait", "class": "Fighter", "trait": "Parry"},
                       {"action": "rest"}):
            logged, state = perform(rs, state, action)
            ledger.append(logged)
    return rs, state, baseline, ledger[:200]


def timeit(fn, repeat=7, number=50):
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - start) / number)
    return statistics.median(runs)


def main() -> dict:
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp())
    from builder.rules.engine import replay

    rs, state, baseline, ledger = large_character()
    derived = rs.derive(state, "Big")
    floor = timeit(lambda: copy.deepcopy(derived))
    options = timeit(lambda: rs.options(state))
    full = timeit(lambda: rs.options(replay(rs, baseline, ledger).state), number=10)
    result = {"options_ms": options * 1000, "replay_plus_options_ms": full * 1000,
              "floor_ms": floor * 1000, "ratio": options / floor}
    print(f"options() re-evaluation: {result['options_ms']:.3f} ms "
          f"(goal < 2 ms; {result['ratio']:.1f}x the floor of {result['floor_ms']:.3f} ms)")
    print(f"replay of 200 entries + options(): {result['replay_plus_options_ms']:.2f} ms")
    return result


if __name__ == "__main__":
    main()
