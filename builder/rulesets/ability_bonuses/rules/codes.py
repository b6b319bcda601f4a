"""Stable codes of the Ability Bonuses rules' reasons (see :class:`builder.rules.base.Reason`).

Code that decides something from a refusal reads these, never the wording of the
message (the messages are for the player and may be reworded freely).
"""
from __future__ import annotations

from builder.rules.base import UNKNOWN_ACTION, UNKNOWN_NAME

#: A modifier's value is not a whole number.
MODIFIER_NOT_WHOLE = "modifier.not-whole"
#: A modifier of +0 changes nothing.
MODIFIER_ZERO = "modifier.zero"
#: An effect without a name.
EFFECT_UNNAMED = "effect.unnamed"
#: An effect of that name is active already.
EFFECT_NAME_TAKEN = "effect.name-taken"
#: No active effect has that name (``unmodify``).
EFFECT_NOT_ACTIVE = "effect.not-active"
#: The character is in that age category already.
AGE_CURRENT = "age.current"
#: The Aging rule is off already.
AGING_OFF = "age.aging-off"
#: Skill or Speed given a bonus: they are not allocated, both start fixed.
NOT_ALLOCATED = "ability.not-allocated"
#: A baseline without its ability bonuses (or one of them).
BONUS_MISSING = "baseline.bonus-missing"
#: A baseline number that is not a whole number.
NOT_WHOLE = "baseline.not-whole"
#: The bonuses given are not the rule's bonuses, each used once.
BONUSES_MISMATCH = "baseline.bonuses-mismatch"
#: A baseline not in the shape of one (not an object, rolls not a list).
BASELINE_MALFORMED = "baseline.malformed"
#: Chosen bonuses with recorded d4 rolls.
ROLLS_UNEXPECTED = "baseline.rolls-unexpected"
#: Recorded d4 rolls that cannot make an allocation.
ROLLS_INVALID = "baseline.rolls-invalid"
#: Recorded d4 rolls that give other bonuses than the file's.
ROLLS_MISMATCH = "baseline.rolls-mismatch"
#: A method other than chosen or random.
METHOD_UNKNOWN = "baseline.method-unknown"
#: An age roll that is no result of the aging die.
AGE_ROLL_INVALID = "baseline.age-roll-invalid"
#: An age roll recorded while the Aging rule is off.
AGE_ROLL_UNEXPECTED = "baseline.age-roll-unexpected"
#: An age roll that gives another category than the file's.
AGE_ROLL_MISMATCH = "baseline.age-roll-mismatch"

__all__ = ["UNKNOWN_ACTION", "UNKNOWN_NAME", "MODIFIER_NOT_WHOLE", "MODIFIER_ZERO",
           "EFFECT_UNNAMED", "EFFECT_NAME_TAKEN", "EFFECT_NOT_ACTIVE", "AGE_CURRENT", "AGING_OFF",
           "NOT_ALLOCATED", "BONUS_MISSING", "NOT_WHOLE", "BONUSES_MISMATCH",
           "BASELINE_MALFORMED", "ROLLS_UNEXPECTED", "ROLLS_INVALID", "ROLLS_MISMATCH",
           "METHOD_UNKNOWN", "AGE_ROLL_INVALID", "AGE_ROLL_UNEXPECTED", "AGE_ROLL_MISMATCH"]
