"""Vogelfrei: rolled abilities, class and career, XP by enemies and treasure,
one level per session, career changes."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.rulesets.vogelfrei.rules.ruleset import VogelfreiRuleset

RULESET_ID = "vogelfrei"
#: Its command-line verbs: command -> the module that adds it (read by the registry
#: without importing the rules).
COMMANDS = {"xp": f"{__name__}.cli"}
#: Its ``campaign`` sub-commands: name -> the module that adds it with
#: ``register_campaign(subparsers)``.
CAMPAIGN_COMMANDS = {"xp": f"{__name__}.cli"}


def ruleset_class() -> type[VogelfreiRuleset]:
    from .rules.ruleset import VogelfreiRuleset

    return VogelfreiRuleset
