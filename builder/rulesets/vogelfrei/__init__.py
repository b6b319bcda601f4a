"""Vogelfrei: rolled abilities, class and career, XP by enemies and treasure,
one level per session, career changes."""
RULESET_ID = "vogelfrei"


def ruleset_class():
    from builder.rulesets.vogelfrei.rules.ruleset import VogelfreiRuleset

    return VogelfreiRuleset
