"""The Abilities Card formulas and the dice of the ability-bonuses ruleset.

Pure functions over plain dicts (ability abbreviation -> integer bonus), so each
formula of the rules text is testable on its own.  No Qt, no files.
"""
from __future__ import annotations

import random
from typing import Mapping, Sequence

PRIMARY = ("MIG", "DEX", "CHA", "FOC")
OTHER = ("SKL", "SPD")
ABILITIES = PRIMARY + OTHER
#: The abilities that have a Skilled Bonus (ability + SKL).
SKILLED = ("MIG", "DEX", "CHA", "FOC", "SPD")
PHYSICAL = ("MIG", "DEX")
MENTAL = ("CHA", "FOC")


def skilled_bonuses(abilities: Mapping[str, int]) -> dict[str, int]:
    """MIG+, DEX+, CHA+, FOC+, SPD+ = the ability + SKL."""
    skl = abilities["SKL"]
    return {key: abilities[key] + skl for key in SKILLED}


def body_def(abilities: Mapping[str, int]) -> int:
    """BODY DEF = MIG + DEX."""
    return abilities["MIG"] + abilities["DEX"]


def mind_def(abilities: Mapping[str, int]) -> int:
    """MIND DEF = CHA + FOC."""
    return abilities["CHA"] + abilities["FOC"]


def martial_dc(skilled: Mapping[str, int], base: int = 8) -> int:
    """MARTIAL DC = 8 + the higher of MIG+ and DEX+."""
    return base + max(skilled["MIG"], skilled["DEX"])


def spell_dc(skilled: Mapping[str, int], base: int = 8) -> int:
    """SPELL DC = 8 + the higher of CHA+ and FOC+."""
    return base + max(skilled["CHA"], skilled["FOC"])


def roll_allocation(rng: random.Random, die_faces: Sequence[str],
                    bonuses: Sequence[int]) -> tuple[dict[str, int], list[int]]:
    """The random allocation: roll the die (one face per ability) until there are
    ``len(bonuses) - 1`` different results, rerolling repeats; the n-th different
    result gets the n-th bonus, the ability never rolled gets the last one.

    Returns (ability -> bonus, every roll in order, rerolls included).
    """
    wanted = len(bonuses) - 1
    rolls: list[int] = []
    order: list[str] = []
    while len(order) < wanted:
        roll = rng.randint(1, len(die_faces))
        rolls.append(roll)
        ability = die_faces[roll - 1]
        if ability not in order:
            order.append(ability)
    return allocation_from_order(order, die_faces, bonuses), rolls


def allocation_from_order(order: Sequence[str], die_faces: Sequence[str],
                          bonuses: Sequence[int]) -> dict[str, int]:
    allocation = {ability: bonuses[index] for index, ability in enumerate(order)}
    for ability in die_faces:
        allocation.setdefault(ability, bonuses[-1])
    return {ability: allocation[ability] for ability in PRIMARY}


def allocation_from_rolls(rolls: Sequence[int], die_faces: Sequence[str],
                          bonuses: Sequence[int]) -> tuple[dict[str, int] | None, list[str]]:
    """Re-read a recorded roll sequence: (the allocation it gives, problems).

    A fair sequence has only die faces, stops as soon as the last needed new
    result appears, and has exactly ``len(bonuses) - 1`` different results.
    """
    problems: list[str] = []
    wanted = len(bonuses) - 1
    order: list[str] = []
    for index, roll in enumerate(rolls):
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= len(die_faces):
            problems.append(f"roll {index + 1} is {roll!r}, not a result of a "
                            f"d{len(die_faces)} (1 to {len(die_faces)})")
            return None, problems
        if len(order) == wanted:
            problems.append(f"the rolls go on after the allocation was complete "
                            f"(roll {index + 1} and later are extra)")
            return None, problems
        ability = die_faces[roll - 1]
        if ability not in order:
            order.append(ability)
    if len(order) < wanted:
        problems.append(f"the rolls give only {len(order)} different results; "
                        f"the random allocation needs {wanted}")
        return None, problems
    return allocation_from_order(order, die_faces, bonuses), problems
