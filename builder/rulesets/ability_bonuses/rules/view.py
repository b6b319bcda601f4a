"""The ability-bonuses character as text (``show`` without ``--json``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import formulas as f
from .state import signed

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses

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
