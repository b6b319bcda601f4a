"""Sentences that more than one window part shows, in one place (so a shared dialog
and a rule system's own never word one refusal differently, and the shared one
imports nothing of a rule system's folder)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.app.types import Ruleset


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 member", "3 members" (never
    "member(s)")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- a rule system's points and party rules, in its own words ---------------------------------
def unit(ruleset: Ruleset) -> str:
    """What the rule system's points are called after a number ("SP"); "points" when it
    names none."""
    return ruleset.balance_label or "points"


def cheaper(ruleset: Ruleset) -> str:
    """How much cheaper a Training Exchange makes an increase ("1 SP cheaper"); "cheaper"
    when the rules give no terms."""
    terms = ruleset.exchange_terms()
    return f"{terms.discount} {unit(ruleset)} cheaper" if terms else "cheaper"
