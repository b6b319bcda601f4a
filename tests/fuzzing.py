"""Mutation fuzzing of character, campaign and override files (hypothesis), shared by
tests/core/test_fuzz.py (a few hundred cases) and benchmarks/bench_safety.py (10,000).

A mutation takes a valid document and changes one or a few places: a value
replaced by any JSON value or by what JSON cannot hold (NaN, Infinity, long
integers, lone surrogates, deep nesting), a key removed or added, or the
serialised bytes damaged.  ``check_commands`` runs every command that reads
the file and returns what went wrong (empty: nothing).
"""
from __future__ import annotations

import json
import math
import os
from pathlib import Path

from hypothesis import strategies as st

from tests.helpers import cli
from tests.rule_systems import BUILTIN_IDS, SHIPPED_IDS, sample, sample_map

ODD_TEXT = st.sampled_from(["", " ", "a\nb", "\ud800", "x\u0000y", "é", "Strength", "rest",
                            "-1", "1e400", "NaN", "a" * 300, "../../etc/passwd", "Trailblazr"])
ODD_NUMBER = st.sampled_from([0, -1, 1, 2, 3, 10**6, -(10**9), 10**40, 2.0, 2.5, -0.0,
                              math.nan, math.inf, -math.inf, True, False, None])

SCALARS = st.one_of(st.integers(-10**6, 10**6), ODD_NUMBER, ODD_TEXT, st.text(max_size=12),
                    st.floats(allow_nan=True, allow_infinity=True))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8)


def places(doc) -> list[tuple]:
    """Every (container, key) of a document, depth first."""
    found = []
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, sub in item.items():
                found.append((item, key))
                stack.append(sub)
        elif isinstance(item, list):
            for index, sub in enumerate(item):
                found.append((item, index))
                stack.append(sub)
    return found


def words_of(data) -> list:
    """The texts and numbers a rule system's data holds (its names: classes, spells,
    careers, skills...), for mutations that make sense to the rules but not to the file."""
    found: set = set()
    for container, key in places(data):
        value = container[key]
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            if not isinstance(value, str) or len(value) <= 40:
                found.add(value)
        if isinstance(key, str) and len(key) <= 40:
            found.add(key)
    return sorted(found, key=lambda v: (type(v).__name__, v))


@st.composite
def mutated(draw, base: dict, names: tuple = (), semantic: bool = False) -> bytes:
    """The bytes of ``base`` after one to three mutations (with ``names``, also a value
    or a key replaced by one of them: a name the rules know, in the wrong place).
    ``semantic``: only what keeps the file well-formed JSON of plausible types (names
    moved about, small numbers, entries dropped), so that most inputs reach the rules."""
    doc = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        spots = places(doc)
        if not spots:
            break
        container, key = spots[draw(st.integers(0, len(spots) - 1))]
        if semantic:
            how = draw(st.sampled_from(["name", "name", "rekey", "small", "small",
                                        "delete"]))
        else:
            how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add",
                                        "nest"] + (["name", "name", "rekey"] if names else [])))
        if how == "small":
            container[key] = draw(st.one_of(st.integers(-3, 40), st.booleans(),
                                            st.sampled_from(names or ("x",))))
        elif how == "name":
            container[key] = draw(st.sampled_from(names))
        elif how == "rekey" and isinstance(container, dict):
            container[str(draw(st.sampled_from(names)))] = container.pop(key)
        elif how == "replace":
            container[key] = draw(VALUES)
        elif how == "delete":
            del container[key]
        elif how == "add" and isinstance(container, dict):
            container[draw(ODD_TEXT)] = draw(VALUES)
        elif how == "nest":
            container[key] = DEEP
    if semantic:
        return json.dumps(doc).encode("utf-8")
    depth = draw(st.sampled_from([70, 900, 3000]))
    text = json.dumps(doc, allow_nan=True, ensure_ascii=draw(st.booleans()))
    text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth)
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:                    # damage the bytes themselves
        position = draw(st.integers(0, max(0, len(data) - 1)))
        data = data[:position] + draw(st.binary(max_size=3)) + data[position + 1:]
    return data


#: Stands for nesting too deep to build as Python lists (json.dumps would recurse).
DEEP = "\u0001deep\u0001"


CHARACTER_COMMANDS = [("show",), ("show", "--json"), ("check",), ("options", "--json"),
                      ("undo",)]
#: One action per built-in ruleset (whatever the file holds, it is tried): each one's
#: FUZZ_ACTION (tests/rule_systems.py reads it from the system's samples module).
ACTIONS = sample_map("FUZZ_ACTION")
CAMPAIGN_COMMANDS = [("campaign", "show", "--json"), ("pool", "show"),
                     ("pool", "earn", "fortune", "--reason", "fuzz"), ("undo",)]


def check_commands(path: Path, data: bytes, commands) -> list[str]:
    """Run each command on a fresh copy of ``data``; what went wrong (empty: nothing)."""
    wrong = []
    unreadable = None          # a reading command said the file cannot be read...
    written_by = []            # ...then no command may have rewritten it
    for words in commands:
        path.write_bytes(data)
        if words[0] in ("campaign", "pool"):
            argv = [*words[:2], str(path), *words[2:]]
        else:
            argv = [words[0], str(path), *words[1:]]
        result = cli(*argv)          # an unexpected exception propagates (DEBUG is set)
        after = path.read_bytes()
        if words[0] in READERS or words[:2] in (("campaign", "show"), ("pool", "show")):
            if result.code == 2 and unreadable is None:
                unreadable = words
        if after != data:
            written_by.append(words)
        if result.code not in (0, 1, 2):
            wrong.append(f"{words}: exit {result.code}")
        if result.code == 2 and len(result.err.strip().splitlines()) != 1:
            wrong.append(f"{words}: exit 2 with {len(result.err.splitlines())} lines")
        if result.code != 0 and after != data:
            wrong.append(f"{words}: failed (exit {result.code}) but changed the file")
        if after != data:
            try:
                json.loads(after, parse_constant=_no_constant)
            except ValueError as exc:
                wrong.append(f"{words}: wrote non-standard JSON ({exc})")
        if "--json" in words and result.code == 0:
            try:
                json.loads(result.out, parse_constant=_no_constant)
            except ValueError as exc:
                wrong.append(f"{words}: printed non-standard JSON ({exc})")
    if unreadable and written_by:
        wrong.append(f"{written_by[0]} rewrote a file that {unreadable} cannot read")
    return wrong


READERS = ("show", "check", "options")


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


# -- a campaign: thousands of inputs, run by hand --------------------------------------
CAMPAIGN_EXTRA = [("campaign", "award", "rest"), ("campaign", "set", "fortune_bonus=1"),
                  ("campaign", "show")]


def character_words(ruleset: str, pdf: Path) -> list[tuple]:
    """Every command that reads a character, on a ``ruleset`` character (its plan target
    and its action: FUZZ_PLAN and FUZZ_ACTION of its samples module)."""
    return [*CHARACTER_COMMANDS, ("show",), ("plan", *sample(ruleset, "FUZZ_PLAN")[1:]),
            sample(ruleset, "FUZZ_ACTION"), ("verify",), ("conflicts",),
            ("export-pdf", "-o", str(pdf))]


def fuzz_campaign(seed: int, cases: int, found: Path,
                  semantic: bool = False) -> dict[str, dict[str, int]]:
    """``cases`` mutated inputs (characters of every rule system, a data-only system's
    character, campaigns, campaign members, the data-only system's own file and
    homebrew overrides) through every command that reads them, with hypothesis seeded
    by ``seed``.  Each failing input is written to ``found`` with the first problem on
    stderr.  Runs in this process: the environment must point the data folder and the
    user's folders somewhere disposable and set CHARACTER_BUILDER_DEBUG."""
    import shutil
    import tempfile
    import traceback

    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as seeded

    from tests.helpers import ok

    work = Path(tempfile.mkdtemp(prefix="cb-fuzz-"))
    data_dir = Path(os.environ["CHARACTER_BUILDER_DATA"])
    systems = data_dir / "rulesets" / "systems"
    systems.mkdir(parents=True, exist_ok=True)
    example = Path(__file__).resolve().parents[1] / "builder" / "data" / "examples"
    shutil.copyfile(example / "point-buy.json", systems / "point-buy.json")
    pdf = work / "out.pdf"
    totals: dict[str, dict[str, int]] = {}

    def record(kind: str, data: bytes, problem: str) -> None:
        found.mkdir(parents=True, exist_ok=True)
        name = f"{kind}-seed{seed}{'-semantic' if semantic else ''}-{totals[kind]['cases']}.json"
        (found / name).write_bytes(data)
        (found / (name + ".txt")).write_text(problem + "\n", encoding="utf-8")
        print(f"  FOUND {name}: {problem.splitlines()[-1]}", flush=True)

    def run_cases(kind: str, base: dict, check, n: int, names: tuple = ()) -> None:
        count = totals.setdefault(kind, {"cases": 0, "commands": 0, "tracebacks": 0,
                                         "wrong": 0})

        @seeded(seed)
        @settings(max_examples=n, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(data=mutated(base, names, semantic))
        def case(data):
            count["cases"] += 1
            try:
                wrong = check(data)
            except Exception:  # noqa: BLE001 - counted and kept
                count["tracebacks"] += 1
                record(kind, data, traceback.format_exc())
                return
            if wrong:
                count["wrong"] += 1
                record(kind, data, "\n".join(wrong))

        case()

    def character(ruleset: str, steps: list[list[str]], sets: list[str]) -> Path:
        path = work / f"base-{ruleset}.json"
        ok("new", ruleset, "Base", "-o", path, "--seed", "3",
           *[w for s in sets for w in ("--set", s)])
        for words in steps:
            ok("do", path, *words)
        return path

    bases = {}
    for ruleset in SHIPPED_IDS:           # each one's FUZZ_BASE: its sets, its steps
        sets, steps = sample(ruleset, "FUZZ_BASE")
        bases[ruleset] = character(ruleset, steps, sets)
    share = max(1, cases // 10)
    target = work / "fuzzed.json"
    names = {ruleset: tuple(words_of(cli("data", ruleset, "--json").json()))
             for ruleset in bases}
    for ruleset, path in bases.items():
        words = character_words(ruleset, pdf)
        run_cases(ruleset, json.loads(path.read_text()),
                  lambda data, words=words: tally(ruleset, check_commands(target, data,
                                                                          words), words),
                  share, names[ruleset])

    # A campaign with two members in its folder; the campaign, then a member, fuzzed.
    folder = work / "table"
    folder.mkdir()
    members = []
    for name in ("ann", "bo"):
        shutil.copyfile(bases["story-points"], folder / f"{name}.json")
        members += ["--member", str(folder / f"{name}.json")]
    camp = folder / "camp.json"
    ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp, *members)
    ok("pool", "start", camp, "--players", "2")
    ok("pool", "earn", camp, "peril", "--reason", "r")
    camp_bytes, member_bytes = camp.read_bytes(), (folder / "bo.json").read_bytes()
    camp_words = [*CAMPAIGN_COMMANDS, *CAMPAIGN_EXTRA, ("verify",)]

    def campaign_case(data: bytes) -> list[str]:
        (folder / "ann.json").write_bytes(member_bytes)
        (folder / "bo.json").write_bytes(member_bytes)
        return tally("campaign", check_commands(camp, data, camp_words), camp_words)

    run_cases("campaign", json.loads(camp_bytes), campaign_case, share,
              names["story-points"])
    library = data_dir / "characters"
    library.mkdir(exist_ok=True)
    member_words = [("campaign", "show"), ("campaign", "show", "--json"), ("pool", "show"),
                    ("campaign", "award", "rest"), ("library", "list")]

    def member_case(data: bytes) -> list[str]:
        """The member ``bo`` is the fuzzed file; the commands run on the campaign."""
        wrong = []
        for words in member_words:
            camp.write_bytes(camp_bytes)
            (folder / "ann.json").write_bytes(member_bytes)
            (folder / "bo.json").write_bytes(data)
            (library / "fuzzed.json").write_bytes(data)
            argv = [*words[:2], str(camp), *words[2:]] if words[0] != "library" else words
            result = cli(*argv)
            wrong += problems_of(words, result, data, (folder / "bo.json").read_bytes())
        (library / "fuzzed.json").unlink()
        return tally("member", wrong, member_words)

    run_cases("member", json.loads(member_bytes), member_case, share,
              names["story-points"])

    # The data-only system's own file, then homebrew overrides of the built-in systems.
    system_base = json.loads((example / "point-buy.json").read_text())
    pb_character = bases["point-buy"]
    pb_bytes = pb_character.read_bytes()

    def system_case(data: bytes) -> list[str]:
        (systems / "point-buy.json").write_bytes(data)
        commands: list[tuple] = [("rulesets",), ("data", "point-buy", "--json"),
                                 ("new", "point-buy", "N", "-o", str(work / "n.json"),
                                  "--force"),
                                 ("show", pb_character), ("check", pb_character),
                                 ("options", pb_character), ("plan", pb_character, "Knight"),
                                 ("do", pb_character, "raise", "Body"), ("library", "list")]
        wrong = []
        for words in commands:
            pb_character.write_bytes(pb_bytes)
            result = cli(*words)
            wrong += problems_of(words, result, None, None)
        pb_character.write_bytes(pb_bytes)
        (systems / "point-buy.json").write_bytes(json.dumps(system_base).encode())
        return tally("system", wrong, commands)

    run_cases("system", system_base, system_case, share, names["point-buy"])
    overrides = data_dir / "rulesets"
    left = cases - (len(bases) + 3) * share       # each base, campaign, member, system
    for i, ruleset in enumerate(BUILTIN_IDS):
        built_in = cli("data", ruleset, "--json").json()
        path = bases[ruleset]
        saved = path.read_bytes()

        def override_case(data: bytes, ruleset=ruleset, path=path, saved=saved) -> list[str]:
            (overrides / f"{ruleset}.json").write_bytes(data)
            commands: list[tuple] = [("show", path), ("check", path), ("options", path),
                                     ("data", ruleset, "--json"),
                                     ("new", ruleset, "N", "-o", str(work / "n.json"),
                                      "--force", "--seed", "1"),
                                     ("do", path, *sample(ruleset, "FUZZ_ACTION")[1:])]
            wrong = []
            for words in commands:
                path.write_bytes(saved)
                result = cli(*words)
                wrong += problems_of(words, result, None, None)
                warnings = [ln for ln in result.err.splitlines()
                            if ln.startswith("warning:")]
                if len(warnings) > 1:
                    wrong.append(f"{words}: {len(warnings)} warnings")
            (overrides / f"{ruleset}.json").unlink()
            path.write_bytes(saved)
            return tally(f"override-{ruleset}", wrong, commands)

        run_cases(f"override-{ruleset}", built_in, override_case,
                  left // len(BUILTIN_IDS) + (1 if i < left % len(BUILTIN_IDS) else 0),
                  names[ruleset])
    shutil.rmtree(work, ignore_errors=True)
    for kind, count in totals.items():
        count["commands"] = _COMMANDS.pop(kind, 0)
    return totals


_COMMANDS: dict[str, int] = {}


def tally(kind: str, wrong: list[str], commands) -> list[str]:
    _COMMANDS[kind] = _COMMANDS.get(kind, 0) + len(commands)
    return wrong


def problems_of(words, result, before: bytes | None, after: bytes | None) -> list[str]:
    """What is wrong with one command's ``result`` (its file's bytes before and after,
    where it has one)."""
    wrong = []
    lines = [ln for ln in result.err.strip().splitlines() if not ln.startswith("warning:")]
    if result.code not in (0, 1, 2):
        wrong.append(f"{words}: exit {result.code}")
    if result.code == 2 and len(lines) != 1:
        wrong.append(f"{words}: exit 2 with {len(lines)} lines besides warnings")
    if before is not None and result.code != 0 and after != before:
        wrong.append(f"{words}: failed (exit {result.code}) but changed the file")
    return wrong


def main() -> int:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description="a fuzz campaign over every command")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--semantic", action="store_true",
                        help="mutations that keep the files plausible, to reach the rules")
    parser.add_argument("--found", type=Path,
                        default=Path(__file__).resolve().parent / "corpus" / "found")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="cb-fuzz-home-"))
    for name, sub in (("CHARACTER_BUILDER_DATA", "data"), ("XDG_CONFIG_HOME", "config"),
                      ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"),
                      ("XDG_DATA_HOME", "xdg-data")):
        os.environ[name] = str(home / sub)
    os.environ["CHARACTER_BUILDER_DEBUG"] = "1"
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    (home / "data").mkdir()
    totals = fuzz_campaign(args.seed, args.cases, args.found, args.semantic)
    print(json.dumps(totals, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
