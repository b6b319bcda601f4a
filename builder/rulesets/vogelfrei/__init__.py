"""Vogelfrei: rolled abilities, class and career, XP by enemies and treasure,
one level per session, career changes."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.rulesets.vogelfrei.rules.ruleset import VogelfreiRuleset

RULESET_ID = "vogelfrei"


def ruleset_class() -> type[VogelfreiRuleset]:
    from .rules.ruleset import VogelfreiRuleset

    return VogelfreiRuleset
