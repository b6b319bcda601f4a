"""Look-ups in the Vogelfrei data tables: the abilities and their modifiers, the classes
and their careers (with the reasons a career does not fit a class), alignments, Status,
coins and the equipment tables; names typed by a player read in their canonical
spelling.  Each function takes the ruleset (its effective data) first and is bound as
a method or property of :class:`VogelfreiRuleset`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rules.base import Reason, match_name
from . import codes
from . import possessions as gear
from .creation import ABILITY_SCORES

if TYPE_CHECKING:
    from .ruleset import VogelfreiRuleset

#: The rule system's folder (the package above rules/), holding its built-in tables.
_FOLDER = __name__.rsplit(".", 2)[0]
_ALIGNMENT_WORDS = {"orderly": "Order", "neutral": "Neutrality", "chaotic": "Chaos"}


# -- abilities and classes ------------------------------------------------------------
def abilities(rules: VogelfreiRuleset) -> list[str]:
    return list(rules.data["abilities"])


def classes(rules: VogelfreiRuleset) -> dict[str, Any]:
    classes: dict[str, Any] = rules.data["classes"]
    return classes


def max_level(rules: VogelfreiRuleset) -> int:
    return int(rules.data.get("max_level", 6))


def possible_score(rules: VogelfreiRuleset, score: int) -> bool:
    """A score 3d6 can give (a typed 2 is none)."""
    return score in ABILITY_SCORES


def modifier(rules: VogelfreiRuleset, score: int) -> int:
    for row in rules.data["modifiers"]:
        if row["min"] <= score <= row["max"]:
            return int(row["modifier"])
    return 0


def level_row(table: list[Any], level: int) -> Any:
    return table[min(max(level, 1), len(table)) - 1]


def class_name(rules: VogelfreiRuleset, text: str) -> str:
    return match_name(text, rules.classes, "class")


# -- careers --------------------------------------------------------------------------
def career_name(rules: VogelfreiRuleset, cls: str | None, text: str) -> str:
    """Canonical spelling: among the class's careers, else among all careers
    (so a career of another class can be refused by the rules with a reason)."""
    if cls and cls in rules.classes:
        for name in rules.classes[cls]["careers"]:
            if name.casefold() == text.strip().casefold():
                return str(name)
    everything: list[str] = []
    for c in rules.classes.values():
        for name in c["careers"]:
            if name not in everything:
                everything.append(name)
    if cls in rules.classes and rules.classes[cls]["careers"]:
        for name in everything:
            if name.casefold() == text.strip().casefold():
                return name
        return match_name(text, list(rules.classes[cls]["careers"]), f"{cls} career")
    return match_name(text, everything, "career")


def career_class(rules: VogelfreiRuleset, career: str) -> list[str]:
    return [c for c, d in rules.classes.items() if career in d["careers"]]


def career_refusal(rules: VogelfreiRuleset, cls: str, career: str) -> list[str]:
    data = rules.classes[cls]
    if not data["careers"]:
        if career:
            return [Reason(f"the {cls} class has no careers, so it cannot be a {career}",
                           codes.CAREER_NONE_FOR_CLASS)]
        return []
    if not career:
        return [Reason(f"a {cls} needs a career: one of {', '.join(data['careers'])}",
                       codes.CAREER_MISSING)]
    if career not in data["careers"]:
        owners = rules.career_class(career)
        where = f" ({career} is a {' / '.join(owners)} career)" if owners else ""
        return [Reason(f"{career} is not a {cls} career{where}; a {cls} can be "
                f"{', '.join(data['careers'])}", codes.CAREER_NOT_OF_CLASS)]
    return []


# -- alignment, Status, money, equipment ----------------------------------------------
def alignments(rules: VogelfreiRuleset) -> list[str]:
    return list(rules.data.get("alignments") or ["Order", "Neutrality", "Chaos"])


def default_alignment(rules: VogelfreiRuleset) -> str:
    return rules.data.get("default_alignment") or "Neutrality"


def alignment_name(rules: VogelfreiRuleset, text: str) -> str:
    word = _ALIGNMENT_WORDS.get(str(text).strip().casefold())
    if word in rules.alignments:
        return word
    return match_name(text, rules.alignments, "alignment")


def forced_alignment(rules: VogelfreiRuleset, cls: str) -> tuple[str | None, str]:
    """(the alignment the class decides, the rule) or (None, "") where it is free."""
    cdata = rules.classes.get(cls) or {}
    forced = cdata.get("alignment")
    return (forced, cdata.get("alignment_reason", "")) if forced else (None, "")


def statuses(rules: VogelfreiRuleset) -> list[str]:
    return list(rules.data.get("starting_money") or {})


def coins(rules: VogelfreiRuleset) -> dict[str, int]:
    return dict(rules.data.get("coins") or gear.DEFAULT_COINS)


def money_text(rules: VogelfreiRuleset, bp: int) -> str:
    return gear.money_text(bp, rules.coins)


def equipment(rules: VogelfreiRuleset) -> dict[str, Any]:
    """The equipment tables: the data's own ``equipment`` (a homebrew override may
    carry one), else the built-in vogelfrei-equipment.json."""
    eq = rules.data.get("equipment")
    if isinstance(eq, dict):
        return eq
    from builder.resources import load_package_json

    builtin: dict[str, Any] = load_package_json(f"{_FOLDER}:data/vogelfrei-equipment.json")
    return builtin


def catalogue(rules: VogelfreiRuleset) -> gear.Catalogue:
    return gear.Catalogue(rules.equipment)


def public_data(rules: VogelfreiRuleset) -> dict[str, Any]:
    """The data with the equipment tables (``data vogelfrei --json``; an edited copy
    of it is a complete homebrew override)."""
    if isinstance(rules.data.get("equipment"), dict):
        return rules.data
    return {**rules.data, "equipment": rules.equipment}
