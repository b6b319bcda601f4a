"""The story-points rules (no Qt): the ruleset, its data view, state, reason
codes, the planner and the advancement chain."""
