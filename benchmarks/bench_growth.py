"""Benchmark: what commands cost as a character's or a campaign's ledger grows.

For every rule system (story-points, vogelfrei, ability-bonuses, the point-buy example
as ``install-example point-buy`` installs it: a data-only system, and a campaign's
Fortune/Peril pool) a file of 1,000, 10,000 and 50,000 legal ledger entries is made (a
cycle of common entries, and where a system has more kinds, a mixed ledger of every
kind interleaved), then each command runs on it as a whole process
(``character-builder`` as installed runs it, with compiled bytecode): ``show``,
``check``, ``options`` and ``do`` on a character; ``campaign show``, ``pool show`` and
``campaign award`` on a campaign whose members are as long.  Each line prints the time
and peak memory at every size and the ratio between steps: cost that grows with the
ledger gives ratios near the ratio of the sizes (10x, then 5x) at most, less while
start-up dominates; a cost that grows faster shows a larger one.

Also timed: a character holding a 1 MB text, a large data-only system (loading it,
and ``plan`` on a chain of 200 values and 200 paths, which answers or gives up).

Goals: each command within 2 s at 50,000 entries, within 1 s for a 1 MB text; a large
data-only system loads in under 1 s; ``plan`` answers or gives up within 5 s.

    python benchmarks/bench_growth.py [--runs 3]     # 1k, 10k, 50k entries
    python benchmarks/bench_growth.py --quick        # CI: 500 and 2,000 entries, once
                                                     # (the mixed ledgers only)

Exits non-zero only when a command crashes (a goal not met is printed, not failed).
"""
from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import MEMORY_METHOD, Run, measure  # noqa: E402

#: What the installed ``character-builder`` script runs (``sys.exit(main())``).
CLI = "import sys; from builder.__main__ import main; sys.exit(main())"
STAMP = "2026-01-01T12:00:00+00:00"


class Crashed(Exception):
    """A command ended otherwise than with its expected exit code."""


# -- making the files -------------------------------------------------------------------
def cli(env: dict[str, str], *words: str) -> None:
    """Run one command as a child process (this process stays small: a child's peak
    memory counts what it was forked from)."""
    subprocess.run([sys.executable, "-c", CLI, *words], env=env, check=True,
                   stdout=subprocess.DEVNULL)


def words_story_points(i: int) -> Iterator[list[str]]:
    yield ["award-checkpoint", f"Milestone {i}", "a"]
    yield ["award-checkpoint", f"Milestone {i}", "b"]
    yield ["resolve-milestone", f"Milestone {i}"]
    yield ["use-trait", "Fighter", "Parry"]
    yield ["rest"]
    yield ["raise-skill", ["Insight", "Medicine", "Stealth", "Occult"][i % 4]]


def words_vogelfrei(i: int) -> Iterator[list[str]]:
    yield ["award-xp", "40", "--session", f"Session {i}"]
    yield ["gain-money", "3bp"]
    yield ["spend-money", "1bp"]
    yield ["damage-stamina", "1"]
    yield ["heal-stamina", "1"]
    yield ["level-up", "--session", f"Session {i}"]


def words_story_points_mixed(i: int) -> Iterator[list[str]]:
    """Every kind of Story Point entry, interleaved."""
    yield ["award-checkpoint", f"Milestone {i}", "a"]
    yield ["award-checkpoint", f"Milestone {i}", "b"]
    yield ["award-checkpoint", f"Milestone {i}", "c"]
    yield ["raise-vital", ["Strength", "Agility", "Endurance", "Cognition", "Perception",
                           "Presence"][i % 6]]
    yield ["raise-skill", ["Insight", "Medicine", "Stealth", "Occult"][i % 4]]
    yield ["raise-class", "Fighter", "--trait", ["Parry", "Breach", "Cleave"][i % 3]]
    yield ["enter-class", ["Ranger", "Rogue"][i % 2], "--trait",
           ["Trailblazer", "Ambush"][i % 2], "--scene", f"Scene {i}"]
    yield ["resolve-milestone", f"Milestone {i}"]
    yield ["use-trait", "Fighter", "Parry"]
    yield ["set-active", "no"]
    yield ["set-active", "yes"]
    yield ["rest"]


def words_vogelfrei_mixed(i: int) -> Iterator[list[str]]:
    """Every kind of Vogelfrei entry, interleaved."""
    yield ["award-xp", "40", "--session", f"Session {i}"]
    yield ["level-up", "--session", f"Session {i}"]
    if i % 97 == 0:
        yield ["change-career", "--session", f"Session {i}", "Warrior",
               ["Soldier", "Mercenary"][i // 97 % 2]]
    yield ["gain-money", "300bp"]
    yield ["buy", "Wams"]
    yield ["wear", "Wams"]
    yield ["remove", "Wams"]
    yield ["drop", "Wams"]
    yield ["gain", "Buff Coat"]
    yield ["drop", "Buff Coat"]
    yield ["spend-money", "1bp"]
    yield ["damage-stamina", "1"]
    yield ["heal-stamina", "1"]
    yield ["damage-wounds", "1"]
    yield ["heal-wounds", "1"]


def words_ability_bonuses(i: int) -> Iterator[list[str]]:
    yield ["modify", "MIG", "1", "--name", f"Effect {i}"]
    yield ["modify", "DEX", "-1", "--name", f"Curse {i}"]
    yield ["unmodify", "--name", f"Curse {i}"]
    yield ["set-age", ["young", "mature", "old"][i % 3]]


def words_point_buy(i: int) -> Iterator[list[str]]:
    yield ["award", "2", "--note", f"session {i}"]
    yield ["raise", ["Body", "Mind", "Grace", "Spirit", "Fencing", "Lore"][i % 6]]
    yield ["take", ["Knight", "Witch"][i % 2]]


def grow_character(env: dict[str, str], path: Path, size: int,
                   words_of: Callable[[int], Iterable[list[str]]]) -> None:
    """Fill ``path``'s ledger with ``size`` entries the rules allow, from the cycle of
    actions ``words_of(i)`` (an action refused at that point is left out)."""
    os.environ.update(env)
    from builder.rules.engine import Fold
    from builder.rules.base import RulesError
    from builder.storage.rulesets import load_ruleset

    doc = json.loads(path.read_text(encoding="utf-8"))
    rs = load_ruleset(doc["ruleset"])
    rng = random.Random(1)
    folding = Fold(lambda: rs.initial_state(doc["baseline"]), rs.check, rs.advance)
    ledger: list[dict[str, Any]] = []
    i = 0
    while len(ledger) < size:
        i += 1
        for words in words_of(i):
            try:
                action = rs.resolve(folding.state, rs.parse_action(words), rng)
            except RulesError:
                continue
            if not folding.take(action):
                ledger.append({**action.to_json(), "at": STAMP})
                if len(ledger) == size:
                    break
        if i > size * 10:
            raise SystemExit(f"{doc['ruleset']}: cannot make {size} legal entries")
    doc["ledger"] = ledger
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")


def pool_entries(size: int, mixed: bool = False) -> list[dict[str, Any]]:
    """``size`` legal pool entries: sessions of a hundred spends and earnings each
    (``mixed``: every kind of pool entry, interleaved)."""
    entries: list[dict[str, Any]] = []
    i = 0
    while len(entries) < size:
        if i % 100 == 0:
            entries.append({"action": "session-start", "players": 3, "fortune": 3,
                            "peril": 1, "refresh": "reset", "assignment": "shared",
                            "session": i // 100 + 1, "name": f"Night {i // 100 + 1}"})
        entries.append({"action": "pool-earn", "side": "fortune", "points": 1,
                        "reason": "a rule"})
        entries.append({"action": "pool-spend", "side": "fortune", "use": "detail",
                        "check": f"check {i}", "by": "Ann", "after_roll": False})
        entries.append({"action": "pool-nemesis", "name": f"Nemesis {i % 7}", "points": 2})
        if mixed:
            entries.append({"action": "pool-earn", "side": "peril", "points": 1,
                            "reason": "a rule"})
            entries.append({"action": "pool-spend", "side": "peril", "use": "complication",
                            "check": f"check {i}", "by": "GM", "after_roll": False})
            entries.append({"action": "pool-react", "check": f"check {i}", "by": "Ann",
                            "talent": "Quick"})
        i += 1
    return [dict(entry, at=STAMP) for entry in entries[:size]]


class Setup:
    """The benchmark's folder: one file per rule system and size."""

    def __init__(self, work: Path, env: dict[str, str]):
        self.work, self.env = work, env
        cli(env, "install-example", "point-buy")
        self.seeds: dict[str, Path] = {}
        for rid, sets in (
                ("story-points", ["sp=0", "class.Fighter=1", "trait.Fighter.Parry=1",
                                  "skill.Insight=1"]),
                ("vogelfrei", ["class=Warrior", "career=Mercenary"]),
                ("ability-bonuses", []),
                ("point-buy", [])):
            seed = work / f"seed-{rid}.json"
            cli(env, "new", rid, "Seed", "-o", str(seed), "--seed", "1",
                *[w for s in sets for w in ("--set", s)])
            self.seeds[rid] = seed

    def character(self, rid: str, size: int, mixed: bool = False) -> Path:
        """A ``rid`` character of ``size`` entries (``mixed``: of every kind the rule
        system has, interleaved; the same as plain where the plain cycle has them all)."""
        path = self.work / f"{rid}-{size}{'-mixed' if mixed else ''}.json"
        shutil.copy(self.seeds[rid], path)
        words = {"story-points": words_story_points, "vogelfrei": words_vogelfrei,
                 "ability-bonuses": words_ability_bonuses,
                 "point-buy": words_point_buy}[rid]
        if mixed:
            words = {"story-points": words_story_points_mixed,
                     "vogelfrei": words_vogelfrei_mixed}.get(rid, words)
        grow_character(self.env, path, size, words)
        return path

    def campaign(self, size: int, mixed: bool = False) -> Path:
        """A story-points campaign of ``size`` pool entries (``mixed``: of every kind)
        with two members (of a hundred entries each: the members' own growth is the
        characters' lines), in a folder of its own."""
        folder = self.work / f"campaign-{size}{'-mixed' if mixed else ''}"
        folder.mkdir()
        member = self.character("story-points", 100)
        members = []
        for name in ("ann", "bo"):
            shutil.copy(member, folder / f"{name}.json")
            members += ["--member", str(folder / f"{name}.json")]
        path = folder / "campaign.json"
        cli(self.env, "campaign", "new", "Table", "-o", str(path), "--ruleset",
            "story-points", *members)
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["ledger"] = pool_entries(size, mixed)
        path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
        return path


# -- timing -----------------------------------------------------------------------------
def timed(env: dict[str, str], words: list[str], runs: int,
          before: Callable[[], None] | None = None, codes: tuple[int, ...] = (0,)) -> Run:
    """The median run of ``words`` (wall time; the peak memory of the slowest)."""
    results = []
    for _ in range(runs):
        if before is not None:
            before()
        try:
            results.append(measure([sys.executable, "-c", CLI, *words], env,
                                   accept=codes))
        except SystemExit as exc:
            raise Crashed(str(exc)) from None
    wall = statistics.median(r.wall for r in results)
    return Run(wall, max(r.rss_kib for r in results),
               statistics.median(r.cpu for r in results))


def restorer(files: dict[Path, bytes]) -> Callable[[], None]:
    def restore() -> None:
        for path, data in files.items():
            path.write_bytes(data)
    return restore


def row(name: str, sizes: list[int], runs: list[Run], goal: float) -> str:
    cells = "  ".join(f"{size:>6}: {r.wall:6.2f} s (CPU {r.cpu:5.2f} s) {r.rss_kib / 1024:4.0f} MiB"
                      for size, r in zip(sizes, runs))
    ratios = "  ".join(f"x{b.wall / a.wall:4.1f}" for a, b in zip(runs, runs[1:]))
    wall = "met" if runs[-1].wall <= goal else "NOT met"
    cpu = "met" if runs[-1].cpu <= goal else "NOT met"
    return f"  {name:<28}{cells}   steps {ratios}   goal {goal:g} s: {wall} (CPU: {cpu})"


def character_commands(path: Path) -> list[tuple[str, list[str], Path | None]]:
    """(name, words, the file the command changes or None)."""
    rid = json.loads(path.read_text(encoding="utf-8"))["ruleset"]
    action = {"story-points": ["award-checkpoint", "Last", "a"],
              "vogelfrei": ["gain-money", "1bp"],
              "ability-bonuses": ["modify", "CHA", "1", "--name", "Last"],
              "point-buy": ["award", "1"]}[rid]
    return [("show", ["show", str(path)], None), ("check", ["check", str(path)], None),
            ("options", ["options", str(path)], None),
            ("do " + action[0], ["do", str(path), *action], path)]


#: What each line of characters is made of: (rule system, of every kind interleaved).
CHARACTER_LINES = [("story-points", False), ("story-points", True), ("vogelfrei", False),
                   ("vogelfrei", True), ("ability-bonuses", False), ("point-buy", False)]


def measure_characters(setup: Setup, sizes: list[int], runs: int,
                       quick: bool = False) -> list[str]:
    lines = []
    # (quick: a mixed ledger stands for the plain one too: the same code makes and times it)
    kinds = [(rid, mixed) for rid, mixed in CHARACTER_LINES
             if not quick or mixed or (rid, True) not in CHARACTER_LINES]
    for rid, mixed in kinds:
        lines.append(f"{rid}{', every kind of entry interleaved' if mixed else ''}:")
        paths = [setup.character(rid, size, mixed) for size in sizes]
        table: dict[str, list[Run]] = {}
        for path in paths:
            for name, words, changed in character_commands(path):
                before = restorer({changed: changed.read_bytes()}) if changed else None
                table.setdefault(name, []).append(timed(setup.env, words, runs, before))
        for name, results in table.items():
            lines.append(row(name, sizes, results, 2.0))
        print("\n".join(lines[-len(table) - 1:]), flush=True)
    return lines


def measure_campaigns(setup: Setup, sizes: list[int], runs: int,
                      mixed: bool = False) -> list[str]:
    table: dict[str, list[Run]] = {}
    for size in sizes:
        path = setup.campaign(size, mixed)
        folder = path.parent
        files = {p: p.read_bytes() for p in folder.glob("*.json")}
        for name, words, changes in (
                ("campaign show", ["campaign", "show", str(path)], False),
                ("pool show", ["pool", "show", str(path)], False),
                ("campaign award", ["campaign", "award", str(path), "award-checkpoint",
                                    "Last", "a"], True)):
            before = restorer(files) if changes else None
            table.setdefault(name, []).append(timed(setup.env, words, runs, before))
    lines = [f"campaign (a pool ledger of that many entries{' of every kind' if mixed else ''}"
             ", two members):"]
    lines += [row(name, sizes, results, 2.0) for name, results in table.items()]
    print("\n".join(lines), flush=True)
    return lines


# -- the single large things ------------------------------------------------------------
def chain_system(values: int, paths: int) -> dict[str, Any]:
    """A data-only system of ``values`` values and ``paths`` paths, each needing the one
    before it and any of several others (wide any-of prerequisites)."""
    rng = random.Random(7)
    names = [f"Value {i}" for i in range(values)]
    path_names = [f"Path {i}" for i in range(paths)]
    value_records = []
    for i, name in enumerate(names):
        record: dict[str, Any] = {"name": name, "floor": 0, "limit": 5, "start": 0,
                                  "cost": {"type": "per-level", "amount": 1 + i % 3}}
        if i:
            wide = [{"type": "at-least", "value": names[j], "level": 1 + j % 3}
                    for j in rng.sample(range(i), min(i, 12))]
            record["requires"] = [{"type": "at-least", "value": names[i - 1], "level": 1},
                                  {"type": "any-of", "of": wide}]
        value_records.append(record)
    path_records = []
    for i, name in enumerate(path_names):
        needs: list[dict[str, Any]] = [{"type": "at-least", "value": names[i % values],
                                        "level": 2}]
        if i:
            needs.append({"type": "holds", "path": path_names[i - 1]})
        path_records.append({"name": name, "cost": {"type": "flat", "amount": 2},
                             "requires": needs})
    return {"format": 1, "id": "big-chain", "title": "Big chain",
            "summary": "A long chain of values and paths.",
            "currency": {"name": "Points", "label": "P", "start": 10},
            "values": value_records, "paths": path_records, "awards": {"max": 20},
            "planning": True}


def measure_large(setup: Setup, runs: int, quick: bool) -> list[str]:
    env, work = setup.env, setup.work
    lines = ["single large things:"]
    # A 1 MB text: the notes (a ledger's names are shorter by the format).
    path = work / "text-1mb.json"
    shutil.copy(setup.seeds["story-points"], path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["notes"] = "A line of notes.\n" * (1024 * 1024 // 17)
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    for name, words, changed in character_commands(path):
        before = restorer({changed: changed.read_bytes()}) if changed else None
        result = timed(env, words, runs, before)
        lines.append(row(f"1 MB text: {name}", [1], [result], 1.0))
    # A large data-only system: loading it (``rulesets``), and planning along its chain.
    count = 60 if quick else 200
    system = chain_system(count, count)
    systems = work / "data" / "rulesets" / "systems"
    (systems / "big-chain.json").write_text(json.dumps(system, indent=1), encoding="utf-8")
    size = (systems / "big-chain.json").stat().st_size
    lines.append(row(f"load a {size / 1e6:.1f} MB system", [1],
                     [timed(env, ["rulesets"], runs)], 1.0))
    character = work / "big-chain-character.json"
    cli(env, "new", "big-chain", "Chain", "-o", str(character))
    plan = timed(env, ["plan", str(character), f"Path {count - 1}"], runs, codes=(0, 1))
    lines.append(row(f"plan along {count} values, {count} paths", [1], [plan], 5.0))
    print("\n".join(lines), flush=True)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each command (median)")
    parser.add_argument("--quick", action="store_true",
                        help="CI: 500 and 2,000 entries, one run each")
    args = parser.parse_args()
    sizes = [500, 2_000] if args.quick else [1_000, 10_000, 50_000]
    runs = 1 if args.quick else max(1, args.runs)
    compileall.compile_dir(str(ROOT / "builder"), quiet=1)
    work = Path(tempfile.mkdtemp(prefix="cb-growth-bench-"))
    env = dict(os.environ, CHARACTER_BUILDER_DATA=str(work / "data"),
               XDG_CONFIG_HOME=str(work / "config"), XDG_CACHE_HOME=str(work / "cache"),
               XDG_STATE_HOME=str(work / "state"), PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"whole processes; wall time (and CPU time, which a loaded machine disturbs "
          f"least): the median of {runs} run(s); {MEMORY_METHOD}")
    try:
        setup = Setup(work, env)
        measure_characters(setup, sizes, runs, args.quick)
        if not args.quick:
            measure_campaigns(setup, sizes, runs)
        measure_campaigns(setup, sizes, runs, mixed=True)
        measure_large(setup, runs, args.quick)
    except Crashed as exc:
        print(f"a command crashed: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
