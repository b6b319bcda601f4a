"""Vogelfrei creation: a baseline from ``new``'s ``--set`` pairs (rolling what is left
to the dice), every reason a baseline is illegal, the state a baseline stands for,
its starting money, and what a player should know about a character just created.

Baseline (what ``new`` writes; every die rolled is kept so the sheet can show it)::

    {"abilities": {"Strength": 12, ...},            # in the order rolled/entered
     "ability_rolls": {"Strength": [4, 5, 3], ...}, # the dice, when rolled
     "discarded_rolls": [{...}, ...],                # unsuitable sets rerolled
     "swap": ["Strength", "Agility"],               # optional, one swap
     "class": "Warrior", "class_roll": [3, 5],      # roll optional
     "career": "Mercenary", "career_rolls": [1],    # rolls optional
     "wood_elf": false,
     "level": 1, "xp": 0,
     "wounds_roll": 5 | "wounds": 9,                # die result, or imported maximum
     "stamina_roll": 3 | "stamina": 7,
     "alignment": "Neutrality",                     # chosen, forced by the class, or default
     "status": "Brass",                             # only where the career gives none
     "money_dice": [3, 5] | "money": 840,           # the Status roll (every die), or imported bp
     "ws": 2, "bs": 1}                              # optional: imported Weapon/Ballistic Skill

State: a plain dict (copied, never mutated in place) built from the baseline and
changed by the ledger actions award-xp, level-up, change-career,
damage-/heal-stamina, damage-/heal-wounds, and the possessions actions buy, gain,
drop, gain-money, spend-money, wear, remove (see actions.py and possessions.py).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from builder.rules.base import Reason, UsageError, match_name, parse_int, parse_yes_no
from . import codes
from . import possessions as gear
from . import xp as xpcalc

if TYPE_CHECKING:
    from .ruleset import VogelfreiRuleset

#: The scores 3d6 gives: an ability score outside them is impossible.
ABILITY_SCORES = range(3, 19)

SET_KEYS = ["class", "career", "swap", "wounds_roll", "stamina_roll", "wood_elf", "level", "xp",
            "wounds", "stamina", "reroll_unsuitable", "alignment", "status", "money",
            "money_dice", "ws", "bs"]

def baseline_from_sets(rules: VogelfreiRuleset, sets: Sequence[tuple[str, str]], *,
                       rng: random.Random, randomize: bool = False) -> dict[str, Any]:
    """A baseline from ``new``'s ``--set`` pairs, rolling what they leave to the dice
    when ``randomize`` (UsageError names what is missing)."""
    abilities, values = _read_sets(rules, sets)
    start = _Start(rules, values, rng, randomize)
    start.roll_abilities(abilities)
    wood_elf = start.swap_and_elf()
    cls = start.choose_class(wood_elf)
    start.choose_career(cls)
    level = parse_int(values["level"], "level") if "level" in values else 1
    start.baseline["level"] = level
    start.baseline["xp"] = parse_int(values["xp"], "xp") if "xp" in values else 0
    start.pools(cls, level)
    if start.missing:
        raise UsageError("missing " + ", ".join(start.missing) + " (or use --seed N to roll)")
    assert cls is not None  # a missing class is refused just above
    start.alignment_and_possessions(cls, level)
    return start.baseline


def _read_sets(rules: VogelfreiRuleset, sets: Sequence[tuple[str, str]]
               ) -> tuple[dict[str, int], dict[str, str]]:
    """(the abilities given, every other key's text), keys in their canonical spelling."""
    values: dict[str, str] = {}
    abilities: dict[str, int] = {}
    for key, value in sets:
        folded = key.strip().casefold()
        ability = next((a for a in rules.abilities if a.casefold() == folded), None)
        if ability:
            abilities[ability] = parse_int(value, ability)
            continue
        canon = next((k for k in SET_KEYS if k == folded.replace("-", "_")), None)
        if canon is None:
            raise UsageError(f"unknown key '{key}'; valid: "
                             + ", ".join(rules.abilities + SET_KEYS))
        values[canon] = value
    return abilities, values


class _Start:
    """A baseline in the making: the ``--set`` values, the dice, what is missing."""

    def __init__(self, rules: VogelfreiRuleset, values: dict[str, str], rng: random.Random,
                 randomize: bool) -> None:
        self.rules, self.values, self.rng, self.randomize = rules, values, rng, randomize
        self.baseline: dict[str, Any] = {}
        self.missing: list[str] = []

    def roll_abilities(self, abilities: dict[str, int]) -> None:
        rules, values, rng, randomize = self.rules, self.values, self.rng, self.randomize
        baseline, missing = self.baseline, self.missing
        # Abilities: 3d6 each in order, or by hand.
        reroll = parse_yes_no(values["reroll_unsuitable"], "reroll_unsuitable") \
            if "reroll_unsuitable" in values else False
        dice_n = int(rules.data.get("ability_dice", 3))
        die = int(rules.data.get("ability_die", 6))
        rolls: dict[str, list[int]] = {}
        discarded: list[dict[str, Any]] = []
        while True:
            scores = dict(abilities)
            rolls = {}
            for ability in rules.abilities:
                if ability in scores:
                    continue
                if randomize:
                    dice = [rng.randint(1, die) for _ in range(dice_n)]
                    rolls[ability] = dice
                    scores[ability] = sum(dice)
                else:
                    missing.append(f"--set {ability}=N")
            if missing or not reroll or not rolls:
                break
            if sum(rules.modifier(s) for s in scores.values()) >= 0 or len(discarded) >= 100:
                break
            discarded.append({a: rolls[a] for a in rolls})
        baseline["abilities"] = {a: scores[a] for a in rules.abilities if a in scores}
        if rolls:
            baseline["ability_rolls"] = rolls
        if discarded:
            baseline["discarded_rolls"] = discarded

    def swap_and_elf(self) -> bool:
        rules, values, baseline = self.rules, self.values, self.baseline
        if "swap" in values:
            parts = [p for p in values["swap"].replace("/", ",").replace(":", ",").split(",")
                     if p.strip()]
            if len(parts) != 2:
                raise UsageError(f"swap needs two abilities, like swap=Strength,Agility, "
                                 f"not '{values['swap']}'")
            baseline["swap"] = [match_name(p, rules.abilities, "ability") for p in parts]

        wood_elf = parse_yes_no(values["wood_elf"], "wood_elf") if "wood_elf" in values else False
        if wood_elf:
            baseline["wood_elf"] = True
        return wood_elf

    def choose_class(self, wood_elf: bool) -> str | None:
        rules, values, rng, randomize = self.rules, self.values, self.rng, self.randomize
        baseline, missing = self.baseline, self.missing
        # Class: chosen, or 2d6 on the table.
        if "class" in values:
            cls = rules.class_name(values["class"])
        elif randomize:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            baseline["class_roll"] = dice
            cls = rules.data["class_roll"][str(sum(dice))]
            if wood_elf and cls == "High Elf":
                cls = rules.data.get("class_roll_elf_alternative", "Wood Elf")
        else:
            cls = None
            missing.append("--set class=CLASS")
        if cls:
            baseline["class"] = cls
        return cls

    def choose_career(self, cls: str | None) -> None:
        rules, values, rng, randomize = self.rules, self.values, self.rng, self.randomize
        baseline, missing = self.baseline, self.missing
        # Career: chosen, or d6 on the class's table (a blank entry is rolled again).
        if "career" in values:
            baseline["career"] = rules.career_name(cls, values["career"]) if values["career"] else ""
        elif cls and not rules.classes[cls]["careers"]:
            baseline["career"] = ""
        elif cls and randomize:
            table = rules.classes[cls].get("career_roll") or list(rules.classes[cls]["careers"])
            career_rolls = []
            while True:
                roll = rng.randint(1, 6)
                career_rolls.append(roll)
                if roll <= len(table) and table[roll - 1]:
                    baseline["career"] = table[roll - 1]
                    break
                if len(career_rolls) >= 1000:
                    raise UsageError(f"the {cls} career table has no careers to roll")
            baseline["career_rolls"] = career_rolls
        elif cls:
            missing.append("--set career=CAREER")

    def pools(self, cls: str | None, level: int) -> None:
        rules, values, rng, randomize = self.rules, self.values, self.rng, self.randomize
        baseline, missing = self.baseline, self.missing
        for pool, die_key in (("wounds", "wounds_die"), ("stamina", "stamina_die")):
            roll_key = f"{pool}_roll"
            if pool in values:
                baseline[pool] = parse_int(values[pool], pool)
            elif roll_key in values:
                baseline[roll_key] = parse_int(values[roll_key], roll_key)
            elif level != 1:
                missing.append(f"--set {pool}=N (the maximum of an imported level {level} "
                               "character)")
            elif randomize and cls:
                baseline[roll_key] = rng.randint(1, int(rules.classes[cls][die_key]))
            elif cls or not randomize:
                missing.append(f"--set {roll_key}=N")

    def alignment_and_possessions(self, cls: str, level: int) -> None:
        rules, values, rng, baseline = self.rules, self.values, self.rng, self.baseline
        # Step 3, Alignment: chosen, else the class's, else the default.
        if "alignment" in values:
            baseline["alignment"] = rules.alignment_name(values["alignment"])
        else:
            baseline["alignment"] = rules.forced_alignment(cls)[0] or rules.default_alignment
        if "status" in values:
            baseline["status"] = match_name(values["status"], rules.statuses, "status")
        for skill in ("ws", "bs"):
            if skill in values:
                baseline[skill] = parse_int(values[skill], skill)
        # Step 4, Starting Possessions: money rolled by Status (one roll per level),
        # every die kept; or an imported amount.
        if "money" in values:
            baseline["money"] = gear.parse_amount(values["money"], rules.coins)
        if "money_dice" in values:
            baseline["money_dice"] = [parse_int(x, "a money die") for x in
                                      values["money_dice"].replace(" ", ",").split(",") if x]
        elif "money" not in values:
            status = (career_status(rules, cls, baseline.get("career"))
                      or baseline.get("status"))
            spec = money_roll_spec(rules, status, level if isinstance(level, int) else 1)
            if spec and 1 <= level <= rules.max_level:
                baseline["money_dice"] = [rng.randint(1, spec["die"])
                                          for _ in range(spec["count"])]


def validate_baseline(rules: VogelfreiRuleset, baseline: dict[str, Any]) -> list[str]:
    try:
        return _baseline_reasons(rules, baseline)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        return [Reason(f"the baseline is malformed ({exc})", codes.BASELINE_MALFORMED)]


def _baseline_reasons(rules: VogelfreiRuleset, baseline: dict[str, Any]) -> list[str]:
    reasons: list[str] = []
    if not isinstance(baseline, dict):
        return [Reason("the baseline is not an object", codes.BASELINE_MALFORMED)]
    scores = baseline.get("abilities")
    if not isinstance(scores, dict):
        return [Reason("the baseline has no ability scores", codes.BASELINE_MISSING)]
    for ability in rules.abilities:
        score = scores.get(ability)
        if not isinstance(score, int):
            reasons.append(Reason(f"{ability} has no score", codes.BASELINE_MISSING))
        elif score not in ABILITY_SCORES:
            reasons.append(Reason(f"{ability} {score} is impossible: 3d6 gives "
                                  f"{ABILITY_SCORES[0]} to {ABILITY_SCORES[-1]}",
                                  codes.BASELINE_OUT_OF_RANGE))
    for ability, dice in (baseline.get("ability_rolls") or {}).items():
        if isinstance(dice, list) and scores.get(ability) != sum(dice):
            reasons.append(Reason(f"{ability} {scores.get(ability)} does not match its dice {dice}",
                                  codes.DICE_MISMATCH))
    swap = baseline.get("swap")
    if swap is not None:
        if (not isinstance(swap, list) or len(swap) != 2 or swap[0] == swap[1]
                or any(s not in rules.abilities for s in swap)):
            reasons.append(Reason(f"a swap exchanges two different abilities, not {swap}",
                                  codes.SWAP_INVALID))
    cls = baseline.get("class")
    if cls not in rules.classes:
        reasons.append(Reason(f"unknown class {cls}", codes.UNKNOWN_NAME))
        return reasons
    cdata = rules.classes[cls]
    reasons += rules.career_refusal(cls, baseline.get("career", ""))
    level = baseline.get("level", 1)
    if not isinstance(level, int) or level < 1:
        reasons.append(Reason(f"level must be 1 or more, not {level}", codes.BASELINE_OUT_OF_RANGE))
    elif level > rules.max_level:
        reasons.append(Reason(f"level {level} is beyond the {cls} table, which stops at level "
                       f"{rules.max_level}", codes.BASELINE_OUT_OF_RANGE))
    xp = baseline.get("xp", 0)
    if not isinstance(xp, int) or xp < 0:
        reasons.append(Reason(f"XP must be 0 or more, not {xp}", codes.BASELINE_OUT_OF_RANGE))
    elif isinstance(level, int) and 1 <= level <= rules.max_level:
        floor = xpcalc.xp_threshold(cdata["xp"], level)
        if xp < floor:
            reasons.append(Reason(f"a level {level} {cls} has at least {floor} XP (the {cls} "
                           f"table), not {xp}", codes.XP_BELOW_LEVEL))
    for pool, die_key in (("wounds", "wounds_die"), ("stamina", "stamina_die")):
        roll_key, die = f"{pool}_roll", int(cdata[die_key])
        label = pool.capitalize()
        if roll_key in baseline and pool in baseline:
            reasons.append(Reason(f"give either {roll_key} or {pool}, not both", codes.BASELINE_CONFLICT))
        elif roll_key in baseline:
            roll = baseline[roll_key]
            if level != 1:
                reasons.append(Reason(f"a {label} roll only makes a level 1 character; give the "
                               f"maximum {label} of a level {level} character", codes.ROLL_ABOVE_LEVEL_1))
            if not isinstance(roll, int) or not 1 <= roll <= die:
                reasons.append(Reason(f"the {label} roll {roll} is impossible on the {cls} "
                               f"d{die} (1 to {die})", codes.ROLL_IMPOSSIBLE))
        elif pool in baseline:
            value = baseline[pool]
            if not isinstance(value, int) or value < 1:
                reasons.append(Reason(f"maximum {label} must be 1 or more, not {value}",
                                      codes.BASELINE_OUT_OF_RANGE))
        else:
            reasons.append(Reason(f"the baseline has no {label}", codes.BASELINE_MISSING))
    reasons += _possession_reasons(rules, baseline, cls, level)
    return reasons


def _possession_reasons(rules: VogelfreiRuleset, baseline: dict[str, Any], cls: str, level: Any) -> list[str]:
    reasons: list[str] = []
    alignment = baseline.get("alignment")
    if alignment is not None:
        forced, why = rules.forced_alignment(cls)
        if alignment not in rules.alignments:
            reasons.append(Reason(f"unknown alignment {alignment}; valid: "
                           + ", ".join(rules.alignments), codes.UNKNOWN_NAME))
        elif forced and alignment != forced:
            reasons.append(Reason(f"a {cls} cannot be of {alignment}: {why}, so a {cls} is of "
                           f"{forced} (the Alignment rules)", codes.ALIGNMENT_FORCED))
    own_status = career_status(rules, cls, baseline.get("career"))
    status = baseline.get("status")
    if status is not None:
        if status not in rules.statuses:
            reasons.append(Reason(f"unknown Status {status}; valid: " + ", ".join(rules.statuses),
                                  codes.UNKNOWN_NAME))
        elif own_status and status != own_status:
            reasons.append(Reason(f"the {baseline.get('career')} career's Status is "
                           f"{own_status}, not {status}", codes.STATUS_MISMATCH))
    for skill in ("ws", "bs"):
        value = baseline.get(skill)
        if skill in baseline and (not isinstance(value, int) or isinstance(value, bool)
                                  or value < 0):
            reasons.append(Reason(f"{skill.upper()} must be 0 or more, not {value}",
                                  codes.BASELINE_OUT_OF_RANGE))
    money, dice = baseline.get("money"), baseline.get("money_dice")
    if "money" in baseline and "money_dice" in baseline:
        reasons.append(Reason("give either the money dice or an amount of money, not both",
                              codes.BASELINE_CONFLICT))
    if "money" in baseline and (not isinstance(money, int) or isinstance(money, bool)
                                or money < 0):
        reasons.append(Reason(f"money must be 0 or more, not {money}", codes.BASELINE_OUT_OF_RANGE))
    if "money_dice" in baseline:
        status = own_status or status
        spec = money_roll_spec(rules, status, level if isinstance(level, int) else 1)
        if not isinstance(dice, list):
            reasons.append(Reason(f"the money dice must be a list of die results, not {dice}",
                                  codes.BASELINE_MALFORMED))
        elif spec is None:
            reasons.append(Reason(f"money is rolled by Status, and the {baseline.get('career')} "
                           "career has none: give a Status (Brass, Silver or Gold) or "
                           "an amount of money", codes.MONEY_NEEDS_STATUS))
        elif not dice:
            reasons.append(Reason(f"the starting money ({spec['formula']}) is not rolled yet",
                                  codes.MONEY_NOT_ROLLED))
        else:
            if len(dice) != spec["count"]:
                reasons.append(Reason(f"a level {level} character of {status} Status rolls "
                               f"{spec['formula']}: {spec['count']} dice, not {len(dice)}",
                                      codes.MONEY_DICE_COUNT))
            bad = [d for d in dice if not isinstance(d, int) or isinstance(d, bool)
                   or not 1 <= d <= spec["die"]]
            if bad:
                reasons.append(Reason(f"the money die {bad[0]} is impossible on a d{spec['die']}",
                                      codes.MONEY_DIE_IMPOSSIBLE))
    return reasons


def _clean(rules: VogelfreiRuleset, baseline: dict[str, Any]) -> dict[str, Any]:
    """A well-formed copy of a (possibly hand-edited, illegal) baseline, so an
    illegal file still shows; validate_baseline reports what is wrong."""
    b = dict(baseline) if isinstance(baseline, dict) else {}

    def whole(value: Any, low: int, high: int, default: int) -> int:
        return int(value) if isinstance(value, int) and not isinstance(value, bool) \
            and low <= value <= high else default

    raw: dict[str, Any] = b["abilities"] if isinstance(b.get("abilities"), dict) else {}
    b["abilities"] = {a: whole(raw.get(a), 3, 18, 10) for a in rules.abilities}
    swap = b.get("swap")
    if not (isinstance(swap, list) and len(swap) == 2
            and all(x in rules.abilities for x in swap)):
        b.pop("swap", None)
    if b.get("class") not in rules.classes:
        b["class"] = next(iter(rules.classes))
    careers = rules.classes[b["class"]]["careers"]
    if b.get("career") not in careers:
        b["career"] = next(iter(careers), "")
    level = b.get("level")
    b["level"] = whole(level, 1, rules.max_level,
                       rules.max_level if isinstance(level, int) and level > rules.max_level
                       else 1)
    b["xp"] = whole(b.get("xp"), 0, 10 ** 12, 0)
    cdata = rules.classes[b["class"]]
    for pool, die_key in (("wounds", "wounds_die"), ("stamina", "stamina_die")):
        if pool in b:
            b[pool] = whole(b[pool], 1, 10 ** 6, 1)
        else:
            b[f"{pool}_roll"] = whole(b.get(f"{pool}_roll"), 1, int(cdata[die_key]), 1)
    forced = rules.forced_alignment(b["class"])[0]
    if forced or b.get("alignment") not in rules.alignments:
        b["alignment"] = forced or rules.default_alignment
    if career_status(rules, b["class"], b["career"]) or b.get("status") not in rules.statuses:
        b.pop("status", None)
    for skill in ("ws", "bs"):
        if skill in b:
            b[skill] = whole(b[skill], 0, 100, 0)
    if "money" in b:
        b["money"] = whole(b["money"], 0, 10 ** 12, 0)
        b.pop("money_dice", None)
    elif "money_dice" in b:
        spec = money_roll_spec(rules, career_status(rules, b["class"], b["career"])
                                    or b.get("status"), b["level"])
        dice = b["money_dice"]
        if not (spec and isinstance(dice, list) and len(dice) == spec["count"]
                and all(whole(d, 1, spec["die"], 0) for d in dice)):
            b.pop("money_dice")
    return b


def starting_money(rules: VogelfreiRuleset, baseline: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    """(money in bp, the money roll {formula, dice, total_bp} or None) of a clean baseline."""
    if "money" in baseline:
        return int(baseline["money"]), None
    dice = baseline.get("money_dice")
    if not dice:
        return 0, None
    spec = money_roll_spec(rules, career_status(rules, baseline["class"], baseline["career"])
                                or baseline.get("status"), baseline["level"])
    if spec is None:  # a clean baseline has no dice without a roll to read them by
        return 0, None
    total = sum(dice) * spec["times"] * rules.coins[spec["coin"]]
    return total, {"formula": spec["formula"], "dice": list(dice), "total_bp": total}


def initial_state(rules: VogelfreiRuleset, baseline: dict[str, Any]) -> dict[str, Any]:
    original = baseline
    baseline = _clean(rules, baseline)
    scores = dict(baseline["abilities"])
    swap = baseline.get("swap")
    if swap:
        scores[swap[0]], scores[swap[1]] = scores[swap[1]], scores[swap[0]]
    cls = baseline["class"]
    cdata = rules.classes[cls]
    level = baseline["level"]
    toughness = rules.modifier(scores.get("Toughness", 10))
    if "wounds" in baseline:
        wounds = baseline["wounds"]
        wounds_detail: dict[str, Any] = {"imported": True}
    else:
        roll = baseline["wounds_roll"]
        raised = max(roll, cdata["min_wounds"])
        wounds = max(1, raised + toughness)
        wounds_detail = {"roll": roll, "die": cdata["wounds_die"],
                         "minimum": cdata["min_wounds"], "after_minimum": raised,
                         "toughness_modifier": toughness}
    if "stamina" in baseline:
        stamina = baseline["stamina"]
        stamina_detail = {"imported": True}
    else:
        stamina = baseline["stamina_roll"]
        stamina_detail = {"roll": stamina, "die": cdata["stamina_die"]}
    skill = cdata.get("skill_points")
    combat = cdata.get("combat_skill_points")
    money, money_roll = starting_money(rules, baseline)
    return {
        "abilities": scores,
        "careers": [{"class": cls, "career": baseline.get("career", ""), "levels": level}],
        "xp": baseline.get("xp", 0),
        "xp_lost": 0,
        "wounds": {"current": wounds, "max": wounds},
        "stamina": {"current": stamina, "max": stamina},
        "start": {"wounds": wounds_detail, "stamina": stamina_detail},
        "skill_points": sum(skill[:level]) if skill else 0,
        "combat_skill_points": sum(combat[:level]) if combat else 0,
        "spells_owed": 0,
        "sessions": {},
        "last_session": None,
        "history": [],
        "alignment": baseline["alignment"],
        "status": baseline.get("status", ""),
        "money": money,
        "money_roll": money_roll,
        "gear": [],
        "worn": {"armour": None, "shield": None},
        "in_play": False,
        "baseline": original if isinstance(original, dict) else {},
    }


def money_roll_spec(rules: VogelfreiRuleset, status: str | None, level: int) -> dict[str, Any] | None:
    """{count, die, times, coin, formula} for a Status at a level, or None."""
    row = (rules.data.get("starting_money") or {}).get(status or "")
    if not row:
        return None
    count = int(row["dice"]) * max(1, int(level))
    times = int(row.get("times", 1))
    formula = f"{count}d{row['die']}" + (f"x{times}" if times != 1 else "") + f" {row['coin']}"
    return {"count": count, "die": int(row["die"]), "times": times, "coin": row["coin"],
            "formula": formula}


def career_status(rules: VogelfreiRuleset, cls: str | None, career: str | None) -> str:
    cdata = rules.classes.get(cls) if cls else None
    if not cdata:
        return ""
    return (cdata["careers"].get(career or "", {}) or {}).get("status", "") or ""


def creation_notes(rules: VogelfreiRuleset, derived: Mapping[str, Any],
                   given: Sequence[str]) -> list[str]:
    """Starting money is rolled from the career's Status: a career that gives none,
    and no Status or money set, leaves the purse empty."""
    status_key = next((key.split()[0] for key in rules.set_keys
                       if key.startswith("status=")), None)
    if status_key is None or {"status", "money"} & set(given) \
            or not derived.get("status_note"):
        return []
    return ["no starting money was rolled, as the career gives no Status; to roll it, "
            f"create the character again with --set {status_key}"]
