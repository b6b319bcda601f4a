"""Sentences that more than one window part shows, in one place (so a shared dialog
and a rule system's own never word one refusal differently, and the shared one
imports nothing of a rule system's folder)."""
from __future__ import annotations

#: Why Award is greyed while the enemies and the treasure come to no XP (the Party XP
#: dialog of a rule system with party XP, and the campaign's XP award).
NOTHING_TO_AWARD = ("nothing to award yet: enter the defeated enemies' Hit Dice or the "
                    "treasure brought back")


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 member", "3 members" (never the
    "member(s)" the window used to show)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
