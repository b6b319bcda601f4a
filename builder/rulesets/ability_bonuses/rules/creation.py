"""Ability Bonuses' creation: a baseline of chosen bonuses or of the d4 allocation rolled,
one from ``new``'s ``--set`` words, every problem of a baseline (the allocation, its recorded
rolls, the age and its roll), and the state a baseline starts from, lenient with a
hand-edited one.  The ruleset (:class:`.ruleset.AbilityBonuses`) answers with these."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from builder.rules.base import Reason, Refusal, UsageError, parse_int

from . import codes
from . import formulas as f
from .state import State, signed

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses


def chosen_baseline(rules: AbilityBonuses, values: Mapping[str, int], age: str | None = None,
                    age_roll: int | None = None) -> dict[str, Any]:
    """A baseline from bonuses chosen by the player (not validated here)."""
    return {"method": "chosen",
            "abilities": {k: values[k] for k in f.PRIMARY if k in values},
            "rolls": [], "age": age, "age_roll": age_roll}


def random_baseline(rules: AbilityBonuses, rng: random.Random, age: str | None = None,
                    age_roll: int | None = None) -> dict[str, Any]:
    """A baseline from the random allocation (every d4 kept, rerolls included)."""
    allocation, rolls = f.roll_allocation(rng, rules.die_faces, rules.bonuses)
    return {"method": "random", "abilities": allocation, "rolls": rolls,
            "age": age, "age_roll": age_roll}


def baseline_from_sets(rules: AbilityBonuses, sets: Sequence[tuple[str, str]], *,
                       rng: random.Random, randomize: bool = False) -> dict[str, Any]:
    values: dict[str, int] = {}
    reasons: list[str] = []
    age: str | None = None
    age_given = False
    for key, text in sets:
        if key.strip().casefold() == "age":
            canonical = "age"
        else:
            canonical = rules.ability_key(key)
        # (a later --set of the same key replaces an earlier one)
        if canonical == "age":
            age = rules.age_key(text, allow_off=True, allow_roll=True)
            age_given = True
            continue
        value = parse_int(text, f"--set {canonical}")
        if canonical in f.OTHER:
            start = rules.other_start[canonical]
            if value != start:
                reasons.append(Reason(f"{canonical} is not allocated: Skill and Speed both start "
                               f"at {signed(start)} (got {signed(value)})", codes.NOT_ALLOCATED))
            continue
        values[canonical] = value
    if reasons:
        raise Refusal(reasons)
    # --seed alone (which the CLI passes as "randomize") next to chosen values only
    # seeds the age roll; only a partly chosen allocation is a contradiction.
    if randomize and values and len(values) < len(f.PRIMARY):
        raise UsageError("--random rolls MIG, DEX, CHA and FOC; do not also --set "
                         + ", ".join(sorted(values)))
    if randomize and not values:
        baseline = rules.random_baseline(rng)
    else:
        baseline = rules.chosen_baseline(values)
    if age_given and age == "roll":
        baseline["age"], baseline["age_roll"] = rules.roll_age(rng)
    elif age_given:
        baseline["age"] = age
    reasons = validate_baseline(rules, baseline)
    if reasons:
        raise Refusal(reasons)
    return baseline


def allocation_problems(rules: AbilityBonuses, abilities: Any) -> list[str]:
    bonus_text = ", ".join(signed(b) for b in rules.bonuses[:-1]) + \
        f" and {signed(rules.bonuses[-1])}"
    rule = (f"the bonuses {bonus_text} must each be given to exactly one of "
            f"MIG, DEX, CHA and FOC")
    if not isinstance(abilities, dict):
        return [Reason(f"no ability bonuses: {rule}", codes.BONUS_MISSING)]
    problems: list[str] = []
    for key in abilities:
        if key not in f.PRIMARY:
            if key in f.OTHER:
                problems.append(Reason(f"{key} is not allocated: Skill and Speed both start at "
                                f"{signed(rules.other_start[key])}", codes.NOT_ALLOCATED))
            else:
                problems.append(Reason(f"'{key}' is not an ability; {rule}", codes.UNKNOWN_NAME))
    missing = [k for k in f.PRIMARY if k not in abilities]
    for key in missing:
        problems.append(Reason(f"{key} has no bonus yet: {rule}", codes.BONUS_MISSING))
    bad = [k for k in f.PRIMARY if k in abilities and (
        isinstance(abilities[k], bool) or not isinstance(abilities[k], int))]
    for key in bad:
        problems.append(Reason(f"{key} is {abilities[key]!r}, not a whole number", codes.NOT_WHOLE))
    if missing or bad:
        return problems
    given = [abilities[k] for k in f.PRIMARY]
    if sorted(given) != sorted(rules.bonuses):
        listing = ", ".join(f"{k} {signed(abilities[k])}" for k in f.PRIMARY)
        details = []
        for bonus in rules.bonuses:
            count = given.count(bonus)
            if count == 0:
                details.append(f"{signed(bonus)} is not used")
            elif count > 1:
                times = "twice" if count == 2 else f"{count} times"
                details.append(f"{signed(bonus)} is used {times}")
        for value in sorted(set(given) - set(rules.bonuses), reverse=True):
            details.append(f"{signed(value)} is not one of the bonuses")
        problems.append(Reason(f"{rule}; got {listing} ({'; '.join(details)})", codes.BONUSES_MISMATCH))
    return problems


def validate_baseline(rules: AbilityBonuses, baseline: dict[str, Any]) -> list[str]:
    if not isinstance(baseline, dict):
        return [Reason("the baseline is not an object", codes.BASELINE_MALFORMED)]
    problems = allocation_problems(rules, baseline.get("abilities"))
    method = baseline.get("method", "chosen")
    rolls = baseline.get("rolls", [])
    if not isinstance(rolls, list):
        problems.append(Reason("rolls must be a list of d4 results", codes.BASELINE_MALFORMED))
        rolls = []
    if method == "chosen":
        if rolls:
            problems.append(Reason("the bonuses were chosen, yet the file records d4 rolls "
                            f"({', '.join(map(str, rolls))})", codes.ROLLS_UNEXPECTED))
    elif method == "random":
        allocation, roll_problems = f.allocation_from_rolls(rolls, rules.die_faces,
                                                            rules.bonuses)
        problems.extend(Reason(f"random allocation: {p}", codes.ROLLS_INVALID)
                        for p in roll_problems)
        if allocation is not None and not problems \
                and allocation != {k: baseline["abilities"][k] for k in f.PRIMARY}:
            given = ", ".join(f"{k} {signed(v)}" for k, v in allocation.items())
            problems.append(Reason(f"the recorded d4 rolls {', '.join(map(str, rolls))} give "
                            f"{given}, not the bonuses in the file", codes.ROLLS_MISMATCH))
    else:
        problems.append(Reason(f"method must be 'chosen' or 'random', not {method!r}",
                               codes.METHOD_UNKNOWN))
    age = baseline.get("age")
    age_roll = baseline.get("age_roll")
    if age is not None and rules.age_category(age) is None:
        problems.append(Reason(f"unknown age category {age!r}; valid: "
                        + ", ".join(c["id"] for c in rules.age_categories), codes.UNKNOWN_NAME))
    if age_roll is not None:
        if isinstance(age_roll, bool) or not isinstance(age_roll, int) \
                or not 1 <= age_roll <= rules.age_die:
            problems.append(Reason(f"the age roll {age_roll!r} is not a result of a d{rules.age_die}",
                                   codes.AGE_ROLL_INVALID))
        elif age is None:
            problems.append(Reason(f"an age roll ({age_roll}) is recorded but the Aging rule is off",
                                   codes.AGE_ROLL_UNEXPECTED))
        elif rules.age_for_roll(age_roll) != age:
            problems.append(Reason(f"the age roll {age_roll} gives "
                            f"{rules.age_name(rules.age_for_roll(age_roll))}, "
                            f"not {rules.age_name(age)}", codes.AGE_ROLL_MISMATCH))
    return problems


def initial_state(rules: AbilityBonuses, baseline: dict[str, Any]) -> State:
    """Lenient: a broken (hand-edited) baseline still gives a state to show."""
    baseline = baseline if isinstance(baseline, dict) else {}
    abilities = baseline.get("abilities")
    abilities = abilities if isinstance(abilities, dict) else {}
    allocation = {}
    for key in f.PRIMARY:
        value = abilities.get(key, 0)
        allocation[key] = value if isinstance(value, int) and not isinstance(value, bool) else 0
    rolls = baseline.get("rolls")
    rolls = tuple(r for r in rolls if isinstance(r, int)) if isinstance(rolls, list) else ()
    age = baseline.get("age")
    age = age if rules.age_category(age) is not None else None
    age_roll = baseline.get("age_roll")
    if isinstance(age_roll, bool) or not isinstance(age_roll, int):
        age_roll = None
    method = str(baseline["method"]) if baseline.get("method") in ("chosen", "random") \
        else "chosen"
    return State(allocation=allocation, method=method, rolls=rolls, age=age,
                 age_roll=age_roll)
