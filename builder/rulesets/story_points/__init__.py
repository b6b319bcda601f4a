"""Story Point development (seeds 000 and 001): Core Vitals, Skills, Classes, ranked traits."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.rulesets.story_points.rules.ruleset import StoryPoints


RULESET_ID = "story-points"


def ruleset_class() -> type[StoryPoints]:
    from .rules.ruleset import StoryPoints

    return StoryPoints
