"""Building story-points states for rule tests."""
from __future__ import annotations

import random

from builder.rules.base import Refusal
from builder.rules.engine import perform
from builder.storage.rulesets import load_ruleset


def ruleset():
    return load_ruleset("story-points")


def baseline(**sets):
    """sets: key=value pairs as the CLI's --set takes them; use __ for '.' in keys."""
    rs = ruleset()
    pairs = []
    for k, v in sets.items():
        if isinstance(v, (list, tuple)):
            pairs += [(k.replace("__", "."), str(x)) for x in v]
        else:
            pairs.append((k.replace("__", "."), str(v)))
    return rs.baseline_from_sets(pairs, rng=random.Random(0))


def state(**sets):
    rs = ruleset()
    b = baseline(**sets)
    assert rs.validate_baseline(b) == [], rs.validate_baseline(b)
    return rs.initial_state(b)


def act(st, *words):
    """Apply an action given as CLI words; returns the new state (raises Refusal)."""
    rs = ruleset()
    action = rs.parse_action(list(words))
    _, new = perform(rs, st, action)
    return new


def refused(st, *words) -> list[str]:
    rs = ruleset()
    action = rs.parse_action(list(words))
    try:
        perform(rs, st, action)
    except Refusal as r:
        return r.reasons
    raise AssertionError(f"{words} was allowed")


def derived(st):
    return ruleset().derive(st, "Test")
