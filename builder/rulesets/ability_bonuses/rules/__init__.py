"""The ability-bonuses rules (no Qt): the ruleset and its formulas."""
