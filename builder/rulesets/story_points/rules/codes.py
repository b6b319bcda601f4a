"""Stable codes of the Story Point rules' reasons (see :class:`builder.rules.base.Reason`).

Code that decides something from a refusal (the chain drawing the edge that
blocks a step, the choice reasons summarising what is missing) reads these,
never the wording of the message.
"""
from __future__ import annotations

from builder.rules.base import (AT_MAXIMUM, POINTS_SHORT, TARGET_MISMATCH, UNKNOWN_ACTION,
                                UNKNOWN_NAME)

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

#: A Class level is raised before the Class is entered.
CLASS_NOT_ENTERED = "class.not-entered"
#: The Class is entered already.
CLASS_HELD = "class.held"
#: Entering a Class needs the achievement or training scene it happens in.
SCENE_MISSING = "class.scene-missing"
#: The trait is not one of the Class's own.
TRAIT_NOT_OF_CLASS = "trait.not-of-class"
#: The trait is mechanically equivalent to one held through another Class (Rangers, Rogues).
TRAIT_EQUIVALENT = "trait.equivalent-held"
#: No trait (or no spell) choice is legal at this Class level.
NO_TRAIT_CHOICE = "class.no-trait-choice"
NO_SPELL_CHOICE = "class.no-spell-choice"
#: The Class does not learn spells, and one was given.
NO_SPELLS = "spell.not-a-caster"
#: A caster's Class level grants a new spell, and none was chosen.
SPELL_MISSING = "spell.missing"
#: The spell is not one of the Class's own.
SPELL_NOT_OF_CLASS = "spell.not-of-class"
#: The character has no ranks in the trait it would use.
TRAIT_NOT_HELD = "trait.not-held"
#: Every use of the trait is spent (a Rest restores them).
TRAIT_NO_USES = "trait.no-uses"
#: A Training Exchange never reduces a Core Vital increase.
EXCHANGE_VITAL = "exchange.vital"
#: A Story Checkpoint or Milestone without a name.
MILESTONE_UNNAMED = "milestone.unnamed"
#: The Story Milestone is resolved already (its checkpoints are closed).
MILESTONE_RESOLVED = "milestone.resolved"
#: The Story Checkpoint was awarded already.
CHECKPOINT_AWARDED = "checkpoint.awarded"
#: A Core Vital rises only while the character is Active (the data's ``flag`` record).
NOT_ACTIVE = "character.not-active"
#: A trait's rank never exceeds its Class's level (the data's trait record).
TRAIT_RANK_ABOVE_CLASS = "trait.rank-above-class"
#: A plan's target is below 1 (nothing rises to it).
PLAN_TARGET_INVALID = "plan.target-invalid"
#: No sequence of legal steps reaches the plan's target.
PLAN_NO_PATH = "plan.no-path"
#: The plan's search grew past what a plan may weigh.
PLAN_TOO_LARGE = "plan.too-large"
#: A baseline number outside its range (a Vital, a level, a rank, SP, VIT, Wounded AD).
BASELINE_OUT_OF_RANGE = "baseline.out-of-range"
#: A baseline Class whose trait ranks do not add up to its level.
BASELINE_RANKS_TOTAL = "baseline.ranks-total"
#: A baseline Class that knows more spells than its levels granted.
BASELINE_SPELLS_OVER_LEVEL = "baseline.spells-over-level"
#: A baseline that is not in the shape of one (a field of the wrong type).
BASELINE_MALFORMED = "baseline.malformed"
#: set-active without a yes or no.
ACTIVE_NOT_BOOL = "active.not-yes-no"

#: Every reason that a Class's core Skills hold the Class back.
CORE_SKILL_CODES = (CLASS_NEEDS_CORE_SKILL, ENTRY_TOTAL, ENTRY_TRAINED)

__all__ = ["AT_MAXIMUM", "POINTS_SHORT", "TARGET_MISMATCH", "UNKNOWN_ACTION", "UNKNOWN_NAME",
           "CLASS_NOT_ENTERED", "CLASS_HELD", "SCENE_MISSING", "TRAIT_NOT_OF_CLASS",
           "TRAIT_EQUIVALENT", "NO_TRAIT_CHOICE", "NO_SPELL_CHOICE", "NO_SPELLS", "SPELL_MISSING",
           "SPELL_NOT_OF_CLASS", "TRAIT_NOT_HELD", "TRAIT_NO_USES", "EXCHANGE_VITAL",
           "MILESTONE_UNNAMED", "MILESTONE_RESOLVED", "CHECKPOINT_AWARDED", "ACTIVE_NOT_BOOL",
           "PLAN_TARGET_INVALID", "PLAN_NO_PATH", "PLAN_TOO_LARGE",
           "BASELINE_OUT_OF_RANGE", "BASELINE_RANKS_TOTAL",
           "BASELINE_SPELLS_OVER_LEVEL", "BASELINE_MALFORMED", "NOT_ACTIVE",
           "TRAIT_RANK_ABOVE_CLASS", "SKILL_NEEDS_VITAL", "CLASS_NEEDS_CORE_SKILL", "ENTRY_TOTAL",
           "ENTRY_TRAINED", "PATH_SKILL_UNTRAINED", "SPELL_KNOWN", "CORE_SKILL_CODES"]
