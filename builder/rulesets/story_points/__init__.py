"""Story Point development (seeds 000 and 001): Core Vitals, Skills, Classes, ranked traits."""

RULESET_ID = "story-points"


def ruleset_class():
    from builder.rulesets.story_points.rules.ruleset import StoryPoints

    return StoryPoints
