"""What a player sees of an ability-bonuses character: the ``show --json`` shape and the
derived view in it, the options (the age categories it can be moved to), the library's
headline, and the character as text (``show`` without ``--json``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from builder.rules.base import Option, Reason, option

from . import codes
from . import formulas as f
from .ages import category_view
from .state import State, signed

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses


# -- the ``show --json`` shape (CharacterFile.derived adds the ledger, notes, identity) --
class AgeCategoryView(TypedDict):
    id: str
    name: str
    approximate_age: Any
    modifiers: dict[str, int]


class ModifierView(TypedDict):
    name: str
    ability: str
    value: int


class ABDerived(TypedDict):
    """An ability-bonuses character as ``show --json`` prints it.  A figure that needs
    an ability not yet allocated is None."""

    ruleset: str
    name: str
    abilities: dict[str, int | None]
    skilled: dict[str, int | None]
    body_def: int | None
    mind_def: int | None
    martial_dc: int | None
    spell_dc: int | None
    age: str | None
    age_category: AgeCategoryView | None
    aging: bool
    method: str
    allocation: dict[str, int | None]
    base: dict[str, int]
    rolls: list[int]
    roll_abilities: list[str]
    age_roll: int | None
    modifiers: list[ModifierView]


def derive(rules: AbilityBonuses, state: State, name: str) -> ABDerived:
    card = rules.card(state)
    category = rules.age_category(state.age)
    return {
        "ruleset": rules.id, "name": name,
        "abilities": card["abilities"], "skilled": card["skilled"],
        "body_def": card["body_def"], "mind_def": card["mind_def"],
        "martial_dc": card["martial_dc"], "spell_dc": card["spell_dc"],
        "age": state.age,
        "age_category": category_view(category),
        "aging": state.aging,
        "method": state.method,
        "allocation": {k: state.allocation[k] for k in f.PRIMARY},
        "base": rules.base_abilities(state),
        "rolls": list(state.rolls),
        "roll_abilities": [rules.die_faces[r - 1] for r in state.rolls
                           if 1 <= r <= len(rules.die_faces)],
        "age_roll": state.age_roll,
        "modifiers": [{"name": m.name, "ability": m.ability, "value": m.value}
                      for m in state.modifiers.values()],
    }


def options(rules: AbilityBonuses, state: State) -> list[Option]:
    """No paid increases exist in this system: the options are the age
    categories the character can be moved to (``set-age``)."""
    result = []
    for category in rules.age_categories:
        reasons = []
        if category["id"] == state.age:
            reasons.append(Reason(f"the character is already {category['name']}", codes.AGE_CURRENT))
        result.append(option("age", category["name"], None, 0, reasons,
                             action=["set-age", category["id"]],
                             switches_aging_on=not state.aging))
    return result


def headline(rules: AbilityBonuses, state: State) -> dict[str, Any]:
    abilities = rules.effective_abilities(state)
    return {key: signed(abilities[key]) for key in f.PRIMARY}


def show_text(rules: AbilityBonuses, derived: dict[str, Any]) -> str:
    a, s = derived["abilities"], derived["skilled"]
    lines = [f"{derived['name']}  ({rules.title})",
             "Abilities  " + "  ".join(f"{k} {signed(a[k])}" for k in f.ABILITIES),
             "Skilled    " + "  ".join(f"{k}+ {signed(s[k])}" for k in f.SKILLED),
             f"Defenses   BODY DEF {signed(derived['body_def'])}  "
             f"MIND DEF {signed(derived['mind_def'])}",
             f"Effect DCs MARTIAL DC {derived['martial_dc']}  SPELL DC {derived['spell_dc']}"]
    category = derived["age_category"]
    if category is None:
        lines.append("Age        Aging rule off")
    else:
        lines.append(f"Age        {category['name']} (approximately "
                     f"{category['approximate_age']} human years)"
                     + (f"; rolled {derived['age_roll']} on a d{rules.age_die}"
                        if derived["age_roll"] is not None else ""))
    if derived["method"] == "random":
        lines.append("Allocation rolled: d4 " + ", ".join(
            f"{r} ({ab})" for r, ab in zip(derived["rolls"], derived["roll_abilities"])))
    else:
        lines.append("Allocation chosen")
    for m in derived["modifiers"]:
        lines.append(f"Effect     {m['name']}: {m['ability']} {signed(m['value'])}")
    return "\n".join(lines)
