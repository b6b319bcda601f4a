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
from pathlib import Path

from hypothesis import strategies as st

from tests.helpers import cli

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


@st.composite
def mutated(draw, base: dict) -> bytes:
    """The bytes of ``base`` after one to three mutations."""
    doc = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        spots = places(doc)
        if not spots:
            break
        container, key = spots[draw(st.integers(0, len(spots) - 1))]
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "nest"]))
        if how == "replace":
            container[key] = draw(VALUES)
        elif how == "delete":
            del container[key]
        elif how == "add" and isinstance(container, dict):
            container[draw(ODD_TEXT)] = draw(VALUES)
        elif how == "nest":
            container[key] = DEEP
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
#: One action per ruleset (whatever the file holds, it is tried).
ACTIONS = {"story-points": ("do", "raise-skill", "Melee"),
           "ability-bonuses": ("do", "modify", "MIG", "+1", "--name", "Fuzz"),
           "vogelfrei": ("do", "award-xp", "100", "--session", "9")}
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
