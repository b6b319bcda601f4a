"""Sentences that more than one window part shows, in one place (so a shared dialog
and a rule system's own never word one refusal differently, and the shared one
imports nothing of a rule system's folder)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.app.types import Ruleset

#: Why Award is greyed while the enemies and the treasure come to no XP (the Party XP
#: dialog of a rule system with party XP, and the campaign's XP award).
NOTHING_TO_AWARD = ("nothing to award yet: enter the defeated enemies' Hit Dice or the "
                    "treasure brought back")


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 member", "3 members" (never
    "member(s)")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- a rule system's points and party rules, in its own words ---------------------------------
def unit(ruleset: Ruleset) -> str:
    """What the rule system's points are called after a number ("SP"); "points" when it
    names none."""
    return ruleset.balance_label or "points"


def points_name(ruleset: Ruleset) -> str:
    """The rule system's points named in full ("Story Points")."""
    return ruleset.balance_name or unit(ruleset)


def each(amount: int | None, ruleset: Ruleset) -> str:
    """What an award gives every character, as a label's ending: " (2 SP each)"; "" when
    the rules say no amount."""
    return f" ({amount} {unit(ruleset)} each)" if amount else ""


def award_amounts(ruleset: Ruleset | None) -> dict[str, int | None]:
    """What a Story Checkpoint and a Story Milestone resolved give each character
    ({"checkpoint": ..., "milestone": ...}), from the rule system's data; None where it
    gives none."""
    awards = ruleset.milestone_awards() if ruleset is not None else None
    return {"checkpoint": awards.checkpoint if awards else None,
            "milestone": awards.milestone if awards else None}


def award_choices(ruleset: Ruleset | None) -> tuple[str, str]:
    """The two awards' labels, each with what it gives ("Story &Checkpoint (2 SP each)")."""
    if ruleset is None:
        return "Story &Checkpoint", "Story Milestone &resolved"
    amounts = award_amounts(ruleset)
    return ("Story &Checkpoint" + each(amounts["checkpoint"], ruleset),
            "Story Milestone &resolved" + each(amounts["milestone"], ruleset))


def cheaper(ruleset: Ruleset) -> str:
    """How much cheaper a Training Exchange makes an increase ("1 SP cheaper"); "cheaper"
    when the rules give no terms."""
    terms = ruleset.exchange_terms()
    return f"{terms.discount} {unit(ruleset)} cheaper" if terms else "cheaper"


def exchange_rule(ruleset: Ruleset) -> str:
    """A Training Exchange's discount with its limits: "1 SP cheaper (never below 1 SP;
    never a Core Vital)"."""
    terms = ruleset.exchange_terms()
    if terms is None:
        return cheaper(ruleset)
    limits = [f"never below {terms.floor} {unit(ruleset)}"]
    if terms.excluded:
        limits.append(f"never {terms.excluded}")
    return f"{cheaper(ruleset)} ({'; '.join(limits)})"
