"""The Vogelfrei rules (no Qt): the ruleset, possessions, the XP tally and tables."""
