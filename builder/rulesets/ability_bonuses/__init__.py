"""The ``ability-bonuses`` rule system: a creation system where the player
distributes +3, +2, +1 and +0 over MIG, DEX, CHA and FOC (or rolls them) and
the Abilities Card derives Skilled Bonuses, Defenses and Effect DCs."""

RULESET_ID = "ability-bonuses"


def ruleset_class():
    from builder.rulesets.ability_bonuses.rules.ruleset import AbilityBonuses

    return AbilityBonuses
