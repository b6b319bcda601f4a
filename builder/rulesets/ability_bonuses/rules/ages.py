"""The optional Aging rule: the data's age categories by id and by a roll of the aging
die, their names, the roll at creation, what a character's category adds to its
abilities, and a category as ``show --json`` prints it."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .state import State

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses
    from .view import AgeCategoryView


def age_category(rules: AbilityBonuses, age_id: str | None) -> dict[str, Any] | None:
    for category in rules.age_categories:
        if category["id"] == age_id:
            return category
    return None


def age_for_roll(rules: AbilityBonuses, roll: int) -> str:
    for category in rules.age_categories:
        if category["low"] <= roll <= category["high"]:
            return str(category["id"])
    raise ValueError(f"{roll} is not a result of a d{rules.age_die}")


def age_name(rules: AbilityBonuses, age_id: str | None) -> str:
    category = rules.age_category(age_id)
    return category["name"] if category else "Aging rule off"


def roll_age(rules: AbilityBonuses, rng: random.Random) -> tuple[str, int]:
    """The optional Aging rule's d20: (age category id, the roll)."""
    roll = rng.randint(1, rules.age_die)
    return rules.age_for_roll(roll), roll


def age_modifiers(rules: AbilityBonuses, state: State) -> dict[str, int]:
    category = rules.age_category(state.age)
    return dict(category["modifiers"]) if category else {}


def category_view(category: dict[str, Any] | None) -> AgeCategoryView | None:
    """An age category as ``show --json`` prints it (None: the Aging rule is off)."""
    return None if category is None else {
        "id": category["id"], "name": category["name"],
        "approximate_age": category["approximate_age"],
        "modifiers": dict(category["modifiers"])}
