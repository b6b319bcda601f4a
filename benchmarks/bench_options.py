"""Benchmark: re-evaluating every option (the greying) for a large character.

A character with every Core Vital, Skill and Class near 10 and a 200-entry
ledger.  Reports the time per ``options()`` call against a floor (deep-copying
the derived-state dict, a fixed amount of pure-Python work), A and B called
alternately (benchmarks/paired.py: the median of the pair ratios with their min
and max, never two medians taken at different times), since this machine is noisy.

Goal: under 2 ms per re-evaluation in-process.

Run:  python benchmarks/bench_options.py [--runs 15]    (CI: --quick, 3 pairs)
"""
from __future__ import annotations

import argparse
import copy
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import CallPairs  # noqa: E402


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


def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per comparison")
    parser.add_argument("--quick", action="store_true", help="CI: 3 pairs")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp())
    from builder.rules.engine import replay

    rs, state, baseline, ledger = large_character()
    derived = rs.derive(state, "Big")
    floor = lambda: copy.deepcopy(derived)  # noqa: E731
    options = CallPairs(floor, lambda: rs.options(state), runs, number=50)
    full = CallPairs(floor, lambda: rs.options(replay(rs, baseline, ledger).state), runs,
                     number=10)
    result = {"options_ms": options.b_ms, "replay_plus_options_ms": full.b_ms,
              "floor_ms": options.a_ms, "ratio": options.ratio}
    print("A and B alternating, ratio B/A per pair: median (min-max)")
    print(options.line("deep copy of the derived state (floor)", "options() re-evaluation"))
    print(f"  goal options() < 2 ms: {'met' if options.b_ms < 2 else 'NOT met'} "
          f"(median {options.b_ms:.3f} ms, slowest pair {options.b_max_ms:.3f} ms)")
    print(full.line("deep copy of the derived state (floor)",
                    "replay of 200 entries + options()"))
    return result


if __name__ == "__main__":
    main()
