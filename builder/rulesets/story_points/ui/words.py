"""The Story Point party dialogs' words: the points named in full, what a Story
Checkpoint and a resolved Story Milestone give each character, and a Training
Exchange's discount with its limits, each from the rule system's data (an override
changes them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.ui.wording import cheaper, unit

if TYPE_CHECKING:
    from builder.app.types import Ruleset


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
