"""The Abilities Card of a character: its six abilities at creation, after its age
category and every active effect, and the figures the card derives from them; and the
card of an allocation still in progress (the creation form), where a figure that needs
an ability not yet allocated is None."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from . import formulas as f
from .ages import category_view
from .state import State

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses


def base_abilities(rules: AbilityBonuses, state: State) -> dict[str, int]:
    """The six abilities at creation, before the age category and effects."""
    base = {k: state.allocation[k] for k in f.PRIMARY}
    base.update({k: rules.other_start[k] for k in f.OTHER})
    return base


def effective_abilities(rules: AbilityBonuses, state: State) -> dict[str, int]:
    """Every ability after the age category and every active effect."""
    values = rules.base_abilities(state)
    for key, value in rules.age_modifiers(state).items():
        values[key] += value
    for modifier in state.modifiers.values():
        values[modifier.ability] += modifier.value
    return values


def card(rules: AbilityBonuses, state: State) -> dict[str, Any]:
    """The Abilities Card figures."""
    abilities = rules.effective_abilities(state)
    skilled = f.skilled_bonuses(abilities)
    return {
        "abilities": abilities,
        "skilled": skilled,
        "body_def": f.body_def(abilities),
        "mind_def": f.mind_def(abilities),
        "martial_dc": f.martial_dc(skilled, rules.dc_base),
        "spell_dc": f.spell_dc(skilled, rules.dc_base),
    }


def preview(rules: AbilityBonuses, allocation: Mapping[str, int | None],
            age: str | None = None) -> dict[str, Any]:
    """The Abilities Card of an allocation in progress (the creation form).

    Unallocated abilities are None, and so is every figure that needs one.
    """
    category = rules.age_category(age)
    mods = dict(category["modifiers"]) if category else {}
    abilities: dict[str, int | None] = {k: allocation.get(k) for k in f.PRIMARY}
    abilities.update({k: rules.other_start[k] for k in f.OTHER})
    for key, value in mods.items():
        if abilities.get(key) is not None:
            abilities[key] += value
    skl = abilities["SKL"]
    skilled = {k: total(abilities[k], skl) for k in f.SKILLED}

    def best(*values: int | None) -> int | None:
        known = [v for v in values if v is not None]
        return rules.dc_base + max(known) if known and len(known) == len(values) else None

    return {
        "abilities": abilities,
        "skilled": skilled,
        "body_def": total(abilities["MIG"], abilities["DEX"]),
        "mind_def": total(abilities["CHA"], abilities["FOC"]),
        "martial_dc": best(skilled["MIG"], skilled["DEX"]),
        "spell_dc": best(skilled["CHA"], skilled["FOC"]),
        "age": category["id"] if category else None,
        "age_category": category_view(category),
        "modifiers": [],
    }


def total(*values: int | None) -> int | None:
    """The sum, or None when any of ``values`` is unknown (None)."""
    known = [v for v in values if v is not None]
    return sum(known) if len(known) == len(values) else None
