"""Stable codes of the Vogelfrei rules' reasons (see :class:`builder.rules.base.Reason`).

Code that decides something from a refusal reads these, never the wording of the
message (the messages are for the player and may be reworded freely).
"""
from __future__ import annotations

from builder.rules.base import (AT_MAXIMUM, SESSION_MISSING, SESSION_TAKEN, UNKNOWN_ACTION,
                                UNKNOWN_NAME)

#: An amount (XP, money, a cost) below 0.
AMOUNT_NEGATIVE = "amount.negative"
#: A quantity of gear below 1.
QUANTITY_INVALID = "quantity.invalid"
#: Not enough XP for the next level.
XP_SHORT = "level.xp-short"
#: A level gained without the Stamina roll, or with one the die cannot give.
STAMINA_ROLL_MISSING = "stamina.roll-missing"
STAMINA_ROLL_IMPOSSIBLE = "stamina.roll-impossible"
#: The character is of that class and career already (use level-up).
CAREER_CURRENT = "career.current"
#: The character has left that career; it is not taken up again.
CAREER_LEFT = "career.left"
#: A career given to a class without careers.
CAREER_NONE_FOR_CLASS = "career.none-for-class"
#: A class that has careers, and none was given.
CAREER_MISSING = "career.missing"
#: The career is not one of the class's.
CAREER_NOT_OF_CLASS = "career.not-of-class"
#: Not enough money for a purchase or a spending.
MONEY_SHORT = "money.short"
#: The item is sold at no market, or not at the one given.
NOT_SOLD = "item.not-sold"
NOT_SOLD_HERE = "item.not-sold-here"
#: Fewer of the item held than would be dropped or worn.
GEAR_NOT_HELD = "gear.not-held"
#: Only armour, shields and bucklers are worn.
NOT_WEARABLE = "armour.not-wearable"
#: The class wears no armour and uses no shields.
CLASS_FORBIDS_ARMOUR = "armour.class-forbids"
#: The armour is worn already, or not worn.
ARMOUR_WORN = "armour.worn"
ARMOUR_NOT_WORN = "armour.not-worn"
#: A baseline not in the shape of one (not an object, a field of the wrong type).
BASELINE_MALFORMED = "baseline.malformed"
#: A baseline without a value it needs (an ability score, a pool).
BASELINE_MISSING = "baseline.missing"
#: A baseline number outside its range (a score, a level, XP, a pool, a skill, money).
BASELINE_OUT_OF_RANGE = "baseline.out-of-range"
#: An ability score that its recorded dice do not give.
DICE_MISMATCH = "baseline.dice-mismatch"
#: A swap that does not exchange two different abilities.
SWAP_INVALID = "baseline.swap-invalid"
#: Less XP than the level's floor on the class table.
XP_BELOW_LEVEL = "baseline.xp-below-level"
#: Two ways of giving the same thing (a roll and a pool, money dice and an amount).
BASELINE_CONFLICT = "baseline.conflict"
#: A Wounds or Stamina roll for a character above level 1.
ROLL_ABOVE_LEVEL_1 = "baseline.roll-above-level-1"
#: A Wounds or Stamina roll the class's die cannot give.
ROLL_IMPOSSIBLE = "baseline.roll-impossible"
#: An alignment the class forbids.
ALIGNMENT_FORCED = "alignment.forced"
#: A Status other than the career's.
STATUS_MISMATCH = "status.mismatch"
#: Starting money rolled without a Status that gives its dice.
MONEY_NEEDS_STATUS = "money.needs-status"
#: Starting money that is not rolled yet.
MONEY_NOT_ROLLED = "money.not-rolled"
#: Starting money dice of the wrong count, or a result the die cannot give.
MONEY_DICE_COUNT = "money.dice-count"
MONEY_DIE_IMPOSSIBLE = "money.die-impossible"
#: A defeat that gives no XP: the enemy was no threat, is no enemy, or was avoided.
ENEMY_NOT_HOSTILE = "xp.enemy-not-hostile"
NOT_AN_ENEMY = "xp.not-an-enemy"
DEFEAT_NOT_COUNTED = "xp.defeat-not-counted"
#: Wealth that is not treasure, or treasure not yet back at a secure location.
NOT_TREASURE = "xp.not-treasure"
TREASURE_NOT_SECURE = "xp.treasure-not-secure"

__all__ = ["AT_MAXIMUM", "SESSION_MISSING", "SESSION_TAKEN", "UNKNOWN_ACTION", "UNKNOWN_NAME",
           "AMOUNT_NEGATIVE", "QUANTITY_INVALID", "XP_SHORT", "STAMINA_ROLL_MISSING",
           "STAMINA_ROLL_IMPOSSIBLE", "CAREER_CURRENT", "CAREER_LEFT", "CAREER_NONE_FOR_CLASS",
           "CAREER_MISSING", "CAREER_NOT_OF_CLASS", "MONEY_SHORT", "NOT_SOLD", "NOT_SOLD_HERE",
           "GEAR_NOT_HELD", "NOT_WEARABLE", "CLASS_FORBIDS_ARMOUR", "ARMOUR_WORN",
           "ARMOUR_NOT_WORN", "BASELINE_MALFORMED", "BASELINE_MISSING", "BASELINE_OUT_OF_RANGE",
           "DICE_MISMATCH", "SWAP_INVALID", "XP_BELOW_LEVEL", "BASELINE_CONFLICT",
           "ROLL_ABOVE_LEVEL_1", "ROLL_IMPOSSIBLE", "ALIGNMENT_FORCED", "STATUS_MISMATCH",
           "MONEY_NEEDS_STATUS", "MONEY_NOT_ROLLED", "MONEY_DICE_COUNT", "MONEY_DIE_IMPOSSIBLE",
           "ENEMY_NOT_HOSTILE", "NOT_AN_ENEMY", "DEFEAT_NOT_COUNTED", "NOT_TREASURE",
           "TREASURE_NOT_SECURE"]
