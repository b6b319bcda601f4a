"""Ability Bonuses' names as a player types them: an ability by its abbreviation or its
name, an age category by its id or its name (and ``roll`` or ``off`` where the words
allow them), each read to its key (UsageError otherwise)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from builder.rules.base import match_name

from . import formulas as f

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses

#: The words that switch the Aging rule off.
OFF_WORDS = ("off", "none")


def ability_key(rules: AbilityBonuses, text: str, allowed: Sequence[str] = f.ABILITIES) -> str:
    """MIG from 'mig', 'MIG' or 'Might' (UsageError otherwise)."""
    aliases: dict[str, str] = {}
    for abbrev in allowed:
        aliases[abbrev] = abbrev
        aliases[rules.ability_names.get(abbrev, abbrev)] = abbrev
    return aliases[match_name(text, aliases, "ability")]


def age_key(rules: AbilityBonuses, text: str, allow_off: bool = False,
            allow_roll: bool = False) -> str | None:
    aliases: dict[str, str | None] = {}
    for category in rules.age_categories:
        aliases[category["id"]] = category["id"]
        aliases[category["name"]] = category["id"]
    if allow_roll:
        aliases["roll"] = "roll"
    if allow_off:
        for word in OFF_WORDS:
            aliases[word] = None
    return aliases[match_name(text, aliases, "age category")]
