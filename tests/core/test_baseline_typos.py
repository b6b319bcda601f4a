"""The rules' views never raise on a baseline ``check`` reports: every one-place change
of a rich baseline that the file format accepts (a name misspelt, emptied or renamed,
a number out of range, a list or object emptied) is replayed, derived, offered and
summed up without an exception other than the rules' own refusals; a misspelt name is
reported by the rules (``check``'s problem: Story Points' spell a Class lacks, in
tests/rulesets/story_points/core/test_story_points_baseline_typos.py)."""
from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from builder.rules.base import RulesError
from builder.rules.engine import replay
from builder.storage import validation
from builder.storage.rulesets import load_ruleset
from tests.rule_systems import (BUILTIN_IDS, SHIPPED_IDS, install_data_systems, sample,
                                samples_lacking)


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,)
            yield from places(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield path + (index,)
            yield from places(item, path + (index,))


def changed(baseline: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every one-place change of ``baseline``, with a label."""
    for path in list(places(baseline)):
        *above, key = path
        value = baseline
        for step in path:
            value = value[step]
        variants: list[tuple[str, Any]] = []
        if isinstance(value, str):
            variants += [("misspelt", value[:-1] or "x"), ("emptied", "")]
        elif isinstance(value, bool):
            variants += [("flipped", not value)]
        elif isinstance(value, int):
            variants += [("negative", -1), ("huge", 10**6)]
        elif isinstance(value, (list, dict)):
            variants += [("emptied", type(value)())]
        if isinstance(key, str):
            variants.append(("key misspelt", None))
        for what, new in variants:
            copied = copy.deepcopy(baseline)
            holder = copied
            for step in above:
                holder = holder[step]
            if new is None and what == "key misspelt":
                holder[key[:-1] or "x"] = holder.pop(key)
            else:
                holder[key] = new
            yield f"{'/'.join(map(str, path))} {what}", copied


def baseline_of(rid: str) -> tuple[Any, dict[str, Any]]:
    """The system's ruleset and its RICH_BASELINE (in its samples module)."""
    rs = load_ruleset(rid)
    return rs, rs.baseline_from_sets(sample(rid, "RICH_BASELINE"), rng=random.Random(5),
                                     randomize=rid in BUILTIN_IDS)


def test_every_built_in_system_has_a_rich_baseline_here():
    assert samples_lacking("RICH_BASELINE") == []


@pytest.mark.parametrize("rid", SHIPPED_IDS)
def test_no_baseline_the_format_accepts_makes_the_rules_raise(rid):
    install_data_systems()
    rs, baseline = baseline_of(rid)
    assert rs.validate_baseline(baseline) == []
    schemas = validation.character_schema_names(rid)
    tried = 0
    for label, changed_baseline in changed(baseline):
        doc = {"format": 2, "kind": "character", "ruleset": rid, "name": "T",
               "baseline": changed_baseline, "ledger": [], "notes": ""}
        if validation.document_problems(doc, schemas):
            continue      # the file format refuses it before any rule runs
        tried += 1
        try:
            state = replay(rs, changed_baseline, []).state
            rs.derive(state, "T")
            rs.options(state)
            rs.headline(state)
            rs.balance(state)
        except RulesError:
            pass
        except Exception as exc:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{rid}: {label}: {type(exc).__name__}: {exc}")
    assert tried > 5
