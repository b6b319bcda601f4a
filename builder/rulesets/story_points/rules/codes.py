"""Stable codes of the Story Point rules' reasons (see :class:`builder.rules.base.Reason`).

Code that decides something from a refusal (the chain drawing the edge that
blocks a step, the choice reasons summarising what is missing) reads these,
never the wording of the message.
"""
from __future__ import annotations

from builder.rules.base import AT_MAXIMUM

#: A Skill's next level needs its Linked Vital at least as high.
SKILL_NEEDS_VITAL = "skill.needs-vital"
#: A Class's next level needs one of its core Skills at that level.
CLASS_NEEDS_CORE_SKILL = "class.needs-core-skill"
#: Entering a Class needs enough total levels across its core Skills.
ENTRY_TOTAL = "class.entry-total"
#: Entering a Class needs enough of its core Skills trained.
ENTRY_TRAINED = "class.entry-trained"
#: A trait or spell needs its Path Skill trained (at 1 or more).
PATH_SKILL_UNTRAINED = "path-skill.untrained"
#: The spell is already known.
SPELL_KNOWN = "spell.known"

#: Every reason that a Class's core Skills hold the Class back.
CORE_SKILL_CODES = (CLASS_NEEDS_CORE_SKILL, ENTRY_TOTAL, ENTRY_TRAINED)

__all__ = ["AT_MAXIMUM", "SKILL_NEEDS_VITAL", "CLASS_NEEDS_CORE_SKILL", "ENTRY_TOTAL",
           "ENTRY_TRAINED", "PATH_SKILL_UNTRAINED", "SPELL_KNOWN", "CORE_SKILL_CODES"]
