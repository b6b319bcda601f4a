"""Benchmark (proof at scale): kill -9 during saves, races, and fuzzing.

The same harnesses as tests/core/test_faults.py and tests/core/test_fuzz.py, with
the big numbers:

* 1,000 SIGKILLs of a writer (half after random delays, half at random file
  operations): how many files were neither the old nor the new bytes, how many
  temporary files were left after the next command;
* 30 trials of two processes racing on one character (5 actions each): updates lost;
* 10,000 mutated character, campaign and override files (hypothesis, random
  each run) through show, check, options and one action: tracebacks, exits
  outside {0, 1, 2}, files changed by a failed command, non-JSON written or
  printed.  Every failing input is saved under tests/corpus/found/ for the
  regression corpus.

Run:  python benchmarks/bench_safety.py [--kills 1000] [--fuzz 10000] [--races 30]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["CHARACTER_BUILDER_DEBUG"] = "1"          # an exception is a finding, not a line


def kills(count: int) -> dict:
    """``count`` kills in rounds of 50 on a fresh character each (a ledger that grew by
    a thousand entries would measure replay, not saving)."""
    from tests.helpers import ok
    from tests.safety_harness import KillReport, kill_trials

    def write_once(path, n):
        from builder.cli import run

        run(["do", str(path), "award-checkpoint", f"M{n}", "C"])

    def next_command(path):
        ok("do", path, "rest")

    started = time.perf_counter()
    total = KillReport()
    done, round_ = 0, 0
    while done < count:
        target = Path(tempfile.mkdtemp()) / "c.json"
        ok("new", "story-points", "K", "-o", target, "--set", "sp=10")
        n = min(50, count - done)
        report = kill_trials(target, write_once, next_command, kills=n, seed=round_,
                             at_points=bool(round_ % 2))
        for name in ("kills", "mid_write", "writes", "stuck"):
            setattr(total, name, getattr(total, name) + getattr(report, name))
        total.broken += report.broken
        total.leftovers += report.leftovers
        done += n
        round_ += 1
    return {"kills": total.kills, "broken": len(total.broken),
            "temp_left_after_next_command": len(total.leftovers),
            "kills_mid_write": total.mid_write, "complete_writes": total.writes,
            "writers_stuck": total.stuck,
            "seconds": round(time.perf_counter() - started, 1)}


def races(trials: int) -> dict:
    from tests.helpers import ok
    from tests.safety_harness import race

    lost = 0
    for _trial in range(trials):
        target = Path(tempfile.mkdtemp()) / "c.json"
        ok("new", "story-points", "R", "-o", target, "--set", "sp=10")
        codes = race(lambda w, r: ["do", str(target), "award-checkpoint", f"W{w}", f"C{r}"],
                     processes=2, rounds=5)
        entries = len(json.loads(target.read_text())["ledger"])
        lost += codes.count(0) - entries
    return {"trials": trials, "actions": trials * 10, "lost_updates": lost}


def fuzz(count: int) -> dict:
    from hypothesis import HealthCheck, Phase, given, settings

    from tests.fuzzing import ACTIONS, CAMPAIGN_COMMANDS, check_commands, mutated
    from tests.helpers import cli, ok

    found = ROOT / "tests" / "corpus" / "found"
    folder = Path(tempfile.mkdtemp())
    os.environ["CHARACTER_BUILDER_DATA"] = str(folder / "data")
    totals = {"cases": 0, "tracebacks": 0, "wrong": 0}

    def record(kind: str, data: bytes, problem: str) -> None:
        found.mkdir(parents=True, exist_ok=True)
        name = f"{kind}-{totals['cases']}.json"
        (found / name).write_bytes(data)
        print(f"  FOUND {name}: {problem}", flush=True)

    def run_cases(kind: str, base: dict, commands, n: int) -> None:
        target = folder / f"fuzzed-{kind}.json"

        @settings(max_examples=n, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(data=mutated(base))
        def case(data):
            totals["cases"] += 1
            try:
                wrong = check_commands(target, data, commands)
            except Exception:  # noqa: BLE001 - counted and kept
                totals["tracebacks"] += 1
                record(kind, data, traceback.format_exc().splitlines()[-1])
                return
            if wrong:
                totals["wrong"] += 1
                record(kind, data, wrong[0])

        case()

    bases = {}
    for ruleset, setup in (("story-points", [["raise-vital", "Strength"]]),
                           ("ability-bonuses", [["set-age", "mature"]]),
                           ("vogelfrei", [["award-xp", "50", "--session", "1"]])):
        path = folder / f"{ruleset}.json"
        ok("new", ruleset, "Base", "-o", path, "--seed", "3",
           *(["--set", "sp=10"] if ruleset == "story-points" else []))
        for words in setup:
            ok("do", path, *words)
        bases[ruleset] = json.loads(path.read_text())
    camp = folder / "camp.json"
    ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp)
    ok("pool", "start", camp, "--players", "2")
    ok("pool", "earn", camp, "peril", "--reason", "r")

    started = time.perf_counter()
    share = count // 5
    for ruleset, base in bases.items():
        commands = [("show", "--json"), ("check",), ("options",), ACTIONS[ruleset]]
        run_cases(ruleset, base, commands, share)
    run_cases("campaign", json.loads(camp.read_text()), CAMPAIGN_COMMANDS, share)
    overrides = folder / "data" / "rulesets"
    overrides.mkdir(parents=True, exist_ok=True)
    sp_data = cli("data", "story-points", "--json").json()
    character = folder / "story-points.json"

    def override_commands(data):
        """The override is the fuzzed file: show must still work, with one warning."""
        (overrides / "story-points.json").write_bytes(data)
        result = cli("show", character)
        warnings = [ln for ln in result.err.splitlines() if ln.startswith("warning:")]
        if result.code != 0 or len(warnings) > 1:
            return [f"show with this override: exit {result.code}, {result.err[:200]}"]
        return []

    @settings(max_examples=count - 4 * share, deadline=None, database=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(data=mutated(sp_data))
    def override_case(data):
        totals["cases"] += 1
        try:
            wrong = override_commands(data)
        except Exception:  # noqa: BLE001
            totals["tracebacks"] += 1
            record("override", data, traceback.format_exc().splitlines()[-1])
            return
        if wrong:
            totals["wrong"] += 1
            record("override", data, wrong[0])

    override_case()
    (overrides / "story-points.json").unlink()
    totals["seconds"] = round(time.perf_counter() - started, 1)
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--races", type=int, default=30)
    parser.add_argument("--fuzz", type=int, default=10000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHARACTER_BUILDER_DATA"] = home
        results = {}
        if args.kills:
            results["kill -9"] = kills(args.kills)
            print("kill -9:", results["kill -9"], flush=True)
        if args.races:
            results["races"] = races(args.races)
            print("races:", results["races"], flush=True)
        if args.fuzz:
            results["fuzz"] = fuzz(args.fuzz)
            print("fuzz:", results["fuzz"], flush=True)
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
