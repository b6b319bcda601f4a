"""The Vogelfrei ruleset: creation, XP awards with the session cap, levels,
career changes, Wounds and Stamina.

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
drop, gain-money, spend-money, wear, remove (see possessions.py).
"""
from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Sequence, TypedDict

from builder.rules.base import (SESSION_TAKEN, Action, Ask, Option,
                                Reason, Ruleset, UsageError,
                                match_name, option, parse_int, parse_yes_no)
from . import codes
from . import possessions as gear
from . import xp as xpcalc
from .actions import KINDS
from .tally import PARTY_XP

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]

SET_KEYS = ["class", "career", "swap", "wounds_roll", "stamina_roll", "wood_elf", "level", "xp",
            "wounds", "stamina", "reroll_unsuitable", "alignment", "status", "money",
            "money_dice", "ws", "bs"]
#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = [kind.verb for kind in KINDS]
#: What a level-up or career change asks of the player (``Option.words_with``).
_ADVANCE_ASKS = (Ask("--session", required=True), Ask("--roll"))
_ALIGNMENT_WORDS = {"orderly": "Order", "neutral": "Neutrality", "chaotic": "Chaos"}


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)



# -- the ``show --json`` shape (CharacterFile.derived adds the ledger, notes, identity) --
class VFPossessions(TypedDict):
    """What the character has and carries (also the possessions part of ``show``)."""

    money: dict[str, Any]           # bp, text, coins
    gear: list[dict[str, Any]]      # item, qty, category, worn, encumbrance
    worn: dict[str, str | None]     # slot -> item
    ac: dict[str, Any]
    encumbrance: dict[str, Any]
    weapons: list[dict[str, Any]]
    ws: int
    bs: int


#: ``class`` is a keyword: the key is declared the functional way.
_ClassKey = TypedDict("_ClassKey", {"class": str})


class VFDerived(VFPossessions, _ClassKey):
    """A Vogelfrei character as ``show --json`` prints it (the possessions' keys come
    after ``money_roll``, as printed)."""

    name: str
    ruleset: str
    abilities: dict[str, dict[str, int]]   # score, modifier
    ability_rolls: dict[str, list[int]]
    discarded_rolls: list[Any]
    swap: list[str] | None
    suitability: dict[str, Any]
    career: str
    class_roll: list[int] | None
    career_rolls: list[int] | None
    careers: list[dict[str, Any]]
    level: int
    career_level: int
    xp: int
    next_level_xp: int | None
    xp_to_next_level: int | None
    session_cap: int
    session_cap_session: str | None
    next_session_cap: int
    xp_lost: int
    wounds: dict[str, Any]
    stamina: dict[str, Any]
    starting: dict[str, Any]
    wounds_die: str
    min_wounds: int
    stamina_die: str
    saves: dict[str, Any]
    save_bonuses: dict[str, Any]
    status: str
    traits: list[str]
    skills: list[str]
    career_skills: list[str]
    combat_skills: str
    skill_points: int
    combat_skill_points: int
    starting_ws_bs: dict[str, int] | None
    spells_memorized: Any
    spell_research_owed: int
    gifts: int | None
    class_table: list[dict[str, Any]]
    level_up: dict[str, Any]           # allowed, reasons, session
    sessions: dict[str, Any]
    history: list[dict[str, Any]]
    alignment: str
    alignment_rule: str | None
    money_roll: dict[str, Any] | None
    prices: str
    status_note: str | None

class VogelfreiRuleset(Ruleset):
    id = "vogelfrei"
    title = "Vogelfrei"
    # The parts of its folder, imported only when used (named from this package, so
    # the folder works wherever it is: copied out of the tree, it is a plugin).
    data_file = f"{_FOLDER}:data/vogelfrei.json"
    data_schema = f"{_FOLDER}:schema/ruleset-vogelfrei.schema.json"
    character_schema = f"{_FOLDER}:schema/character-vogelfrei.schema.json"
    sheet_module = f"{_FOLDER}.sheet"
    commands = {"xp": f"{_FOLDER}.cli"}
    editor = f"{_FOLDER}.ui.editor:VogelfreiEditor"
    creation_form = f"{_FOLDER}.ui.creation:VogelfreiCreationForm"
    #: The one Party XP dialog (open characters or a campaign's members).
    dialogs = {"party-xp": f"{_FOLDER}.ui.party_xp:PartyXpDialog"}
    summary_text = ("Old-school grim fantasy: 3d6 abilities in order, class and career, "
                    "XP from enemies and treasure, one level per session.")
    #: How the status bar shows balance() (XP is earned, never spent).
    balance_format = "XP: {}"
    #: A session's XP shared among the party (campaign xp, the Party XP dialog).
    party_xp = PARTY_XP
    actions = tuple(ACTIONS)
    action_kinds = KINDS
    set_keys = ("ABILITY=N  (Strength, Toughness, Agility, Intelligence, Willpower, "
                "Leadership; unset: rolled)",
                "class=CLASS", "career=CAREER", "swap=ABILITY,ABILITY  (swap two scores)",
                "wounds_roll=N", "stamina_roll=N", "wood_elf=yes|no", "reroll_unsuitable=yes|no",
                "level=N  xp=N  wounds=N  stamina=N  (import an existing character)",
                "alignment=Order|Neutrality|Chaos  (default: forced by the class, else Neutrality)",
                "status=Gold|Silver|Brass  (only where the career gives none)",
                "money=AMOUNT  (e.g. 12gp or 1gp 20sp 4bp; unset: the Status roll)",
                "money_dice=N,N,...  (the Status money roll, every die)",
                "ws=N  bs=N  (import Weapon Skill / Ballistic Skill)")

    # -- data ---------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict[str, Any]) -> list[str]:
        """What the tables must agree on, which the JSON Schema (checked first, see
        ``data_schema``: every key, type and bound) cannot say; each problem starts
        with the path of the bad value, as the schema's do."""
        if not isinstance(data, dict):
            return ["the data is not a JSON object"]
        try:
            return cls._data_problems(data)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            return [f"the data is malformed ({exc}); check it against its schema"]

    @classmethod
    def _data_problems(cls, data: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        if "Toughness" not in data["abilities"]:
            problems.append("abilities: must include Toughness (it sets starting Wounds)")
        covered = {n for r in data["modifiers"] for n in range(r["min"], r["max"] + 1)}
        if not set(range(3, 19)) <= covered:
            problems.append("modifiers: the rows must cover every score from 3 to 18")
        max_level = data.get("max_level", 6)
        saves = data["save_names"]
        classes = data["classes"]
        for name, c in classes.items():
            where = f"classes/{name}"
            table = c["xp"]
            if len(table) != max_level or sorted(table) != table or table[-1] < 1:
                problems.append(f"{where}/xp: must be a rising list of {max_level} whole "
                                "numbers (one per level)")
            for key in ("wounds_up", "skill_points", "combat_skill_points", "gifts"):
                if key in c and len(c[key]) != max_level:
                    problems.append(f"{where}/{key}: needs one whole number per level "
                                    f"({max_level}), not {len(c[key])}")
            rows = c["saves"]
            if len(rows) != max_level or any(len(row) != len(saves) for row in rows):
                problems.append(f"{where}/saves: needs {max_level} rows of {len(saves)} "
                                f"({', '.join(saves)})")
            careers = c["careers"]
            roll = c.get("career_roll", [])
            for i, rolled in enumerate(roll):
                if rolled and rolled not in careers:
                    problems.append(f"{where}/career_roll/{i}: the career table names unknown "
                                    f"career {rolled}")
            if careers and not any(roll):
                problems.append(f"{where}/career_roll: names none of its careers")
        for roll, name in data["class_roll"].items():
            if name not in classes:
                problems.append(f"class_roll/{roll}: names unknown class {name}")
        coins = data.get("coins") or {"gp": 1, "sp": 1, "bp": 1}
        for status, row in (data.get("starting_money") or {}).items():
            if row["coin"] not in coins:
                problems.append(f"starting_money/{status}/coin: '{row['coin']}' is not a coin "
                                f"({', '.join(coins)})")
        return problems

    # -- small helpers ----------------------------------------------------------
    @property
    def abilities(self) -> list[str]:
        return list(self.data["abilities"])

    @property
    def classes(self) -> dict[str, Any]:
        classes: dict[str, Any] = self.data["classes"]
        return classes

    @property
    def max_level(self) -> int:
        return int(self.data.get("max_level", 6))

    def modifier(self, score: int) -> int:
        for row in self.data["modifiers"]:
            if row["min"] <= score <= row["max"]:
                return int(row["modifier"])
        return 0

    def class_name(self, text: str) -> str:
        return match_name(text, self.classes, "class")

    def career_name(self, cls: str | None, text: str) -> str:
        """Canonical spelling: among the class's careers, else among all careers
        (so a career of another class can be refused by the rules with a reason)."""
        if cls and cls in self.classes:
            for name in self.classes[cls]["careers"]:
                if name.casefold() == text.strip().casefold():
                    return str(name)
        everything: list[str] = []
        for c in self.classes.values():
            for name in c["careers"]:
                if name not in everything:
                    everything.append(name)
        if cls in self.classes and self.classes[cls]["careers"]:
            for name in everything:
                if name.casefold() == text.strip().casefold():
                    return name
            return match_name(text, list(self.classes[cls]["careers"]), f"{cls} career")
        return match_name(text, everything, "career")

    def career_class(self, career: str) -> list[str]:
        return [c for c, d in self.classes.items() if career in d["careers"]]

    def career_refusal(self, cls: str, career: str) -> list[str]:
        data = self.classes[cls]
        if not data["careers"]:
            if career:
                return [Reason(f"the {cls} class has no careers, so it cannot be a {career}",
                               codes.CAREER_NONE_FOR_CLASS)]
            return []
        if not career:
            return [Reason(f"a {cls} needs a career: one of {', '.join(data['careers'])}",
                           codes.CAREER_MISSING)]
        if career not in data["careers"]:
            owners = self.career_class(career)
            where = f" ({career} is a {' / '.join(owners)} career)" if owners else ""
            return [Reason(f"{career} is not a {cls} career{where}; a {cls} can be "
                    f"{', '.join(data['careers'])}", codes.CAREER_NOT_OF_CLASS)]
        return []

    @staticmethod
    def level_row(table: list[Any], level: int) -> Any:
        return table[min(max(level, 1), len(table)) - 1]

    # -- alignment, Status, money, equipment ----------------------------------------
    @property
    def alignments(self) -> list[str]:
        return list(self.data.get("alignments") or ["Order", "Neutrality", "Chaos"])

    @property
    def default_alignment(self) -> str:
        return self.data.get("default_alignment") or "Neutrality"

    def alignment_name(self, text: str) -> str:
        word = _ALIGNMENT_WORDS.get(str(text).strip().casefold())
        if word in self.alignments:
            return word
        return match_name(text, self.alignments, "alignment")

    def forced_alignment(self, cls: str) -> tuple[str | None, str]:
        """(the alignment the class decides, the rule) or (None, "") where it is free."""
        cdata = self.classes.get(cls) or {}
        forced = cdata.get("alignment")
        return (forced, cdata.get("alignment_reason", "")) if forced else (None, "")

    @property
    def statuses(self) -> list[str]:
        return list(self.data.get("starting_money") or {})

    @property
    def coins(self) -> dict[str, int]:
        return dict(self.data.get("coins") or gear.DEFAULT_COINS)

    @property
    def equipment(self) -> dict[str, Any]:
        """The equipment tables: the data's own ``equipment`` (a homebrew override may
        carry one), else the built-in vogelfrei-equipment.json."""
        eq = self.data.get("equipment")
        if isinstance(eq, dict):
            return eq
        from builder.resources import load_package_json

        builtin: dict[str, Any] = load_package_json(f"{_FOLDER}:data/vogelfrei-equipment.json")
        return builtin

    def public_data(self) -> dict[str, Any]:
        """The data with the equipment tables (``data vogelfrei --json``; an edited copy
        of it is a complete homebrew override)."""
        if isinstance(self.data.get("equipment"), dict):
            return self.data
        return {**self.data, "equipment": self.equipment}

    @cached_property
    def catalogue(self) -> gear.Catalogue:
        return gear.Catalogue(self.equipment)

    def career_status(self, cls: str | None, career: str | None) -> str:
        cdata = self.classes.get(cls) if cls else None
        if not cdata:
            return ""
        return (cdata["careers"].get(career or "", {}) or {}).get("status", "") or ""

    def money_roll_spec(self, status: str | None, level: int) -> dict[str, Any] | None:
        """{count, die, times, coin, formula} for a Status at a level, or None."""
        row = (self.data.get("starting_money") or {}).get(status or "")
        if not row:
            return None
        count = int(row["dice"]) * max(1, int(level))
        times = int(row.get("times", 1))
        formula = f"{count}d{row['die']}" + (f"x{times}" if times != 1 else "") + f" {row['coin']}"
        return {"count": count, "die": int(row["die"]), "times": times, "coin": row["coin"],
                "formula": formula}

    def money_text(self, bp: int) -> str:
        return gear.money_text(bp, self.coins)

    # -- creation -------------------------------------------------------------
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        values: dict[str, str] = {}
        abilities: dict[str, int] = {}
        for key, value in sets:
            folded = key.strip().casefold()
            ability = next((a for a in self.abilities if a.casefold() == folded), None)
            if ability:
                abilities[ability] = parse_int(value, ability)
                continue
            canon = next((k for k in SET_KEYS if k == folded.replace("-", "_")), None)
            if canon is None:
                raise UsageError(f"unknown key '{key}'; valid: "
                                 + ", ".join(self.abilities + SET_KEYS))
            values[canon] = value
        baseline: dict[str, Any] = {}
        missing: list[str] = []

        # Abilities: 3d6 each in order, or by hand.
        reroll = parse_yes_no(values["reroll_unsuitable"], "reroll_unsuitable") \
            if "reroll_unsuitable" in values else False
        dice_n = int(self.data.get("ability_dice", 3))
        die = int(self.data.get("ability_die", 6))
        rolls: dict[str, list[int]] = {}
        discarded: list[dict[str, Any]] = []
        while True:
            scores = dict(abilities)
            rolls = {}
            for ability in self.abilities:
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
            if sum(self.modifier(s) for s in scores.values()) >= 0 or len(discarded) >= 100:
                break
            discarded.append({a: rolls[a] for a in rolls})
        baseline["abilities"] = {a: scores[a] for a in self.abilities if a in scores}
        if rolls:
            baseline["ability_rolls"] = rolls
        if discarded:
            baseline["discarded_rolls"] = discarded

        if "swap" in values:
            parts = [p for p in values["swap"].replace("/", ",").replace(":", ",").split(",")
                     if p.strip()]
            if len(parts) != 2:
                raise UsageError(f"swap needs two abilities, like swap=Strength,Agility, "
                                 f"not '{values['swap']}'")
            baseline["swap"] = [match_name(p, self.abilities, "ability") for p in parts]

        wood_elf = parse_yes_no(values["wood_elf"], "wood_elf") if "wood_elf" in values else False
        if wood_elf:
            baseline["wood_elf"] = True

        # Class: chosen, or 2d6 on the table.
        if "class" in values:
            cls = self.class_name(values["class"])
        elif randomize:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            baseline["class_roll"] = dice
            cls = self.data["class_roll"][str(sum(dice))]
            if wood_elf and cls == "High Elf":
                cls = self.data.get("class_roll_elf_alternative", "Wood Elf")
        else:
            cls = None
            missing.append("--set class=CLASS")
        if cls:
            baseline["class"] = cls

        # Career: chosen, or d6 on the class's table (a blank entry is rolled again).
        if "career" in values:
            baseline["career"] = self.career_name(cls, values["career"]) if values["career"] else ""
        elif cls and not self.classes[cls]["careers"]:
            baseline["career"] = ""
        elif cls and randomize:
            table = self.classes[cls].get("career_roll") or list(self.classes[cls]["careers"])
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

        level = parse_int(values["level"], "level") if "level" in values else 1
        baseline["level"] = level
        baseline["xp"] = parse_int(values["xp"], "xp") if "xp" in values else 0

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
                baseline[roll_key] = rng.randint(1, int(self.classes[cls][die_key]))
            elif cls or not randomize:
                missing.append(f"--set {roll_key}=N")
        if missing:
            raise UsageError("missing " + ", ".join(missing) + " (or use --seed N to roll)")
        assert cls is not None  # a missing class is refused just above

        # Step 3, Alignment: chosen, else the class's, else the default.
        if "alignment" in values:
            baseline["alignment"] = self.alignment_name(values["alignment"])
        else:
            baseline["alignment"] = self.forced_alignment(cls)[0] or self.default_alignment
        if "status" in values:
            baseline["status"] = match_name(values["status"], self.statuses, "status")
        for skill in ("ws", "bs"):
            if skill in values:
                baseline[skill] = parse_int(values[skill], skill)
        # Step 4, Starting Possessions: money rolled by Status (one roll per level),
        # every die kept; or an imported amount.
        if "money" in values:
            baseline["money"] = gear.parse_amount(values["money"], self.coins)
        if "money_dice" in values:
            baseline["money_dice"] = [parse_int(x, "a money die") for x in
                                      values["money_dice"].replace(" ", ",").split(",") if x]
        elif "money" not in values:
            status = (self.career_status(cls, baseline.get("career"))
                      or baseline.get("status"))
            spec = self.money_roll_spec(status, level if isinstance(level, int) else 1)
            if spec and 1 <= level <= self.max_level:
                baseline["money_dice"] = [rng.randint(1, spec["die"])
                                          for _ in range(spec["count"])]
        return baseline

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        try:
            return self._baseline_reasons(baseline)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            return [Reason(f"the baseline is malformed ({exc})", codes.BASELINE_MALFORMED)]

    def _baseline_reasons(self, baseline: dict[str, Any]) -> list[str]:
        reasons: list[str] = []
        if not isinstance(baseline, dict):
            return [Reason("the baseline is not an object", codes.BASELINE_MALFORMED)]
        scores = baseline.get("abilities")
        if not isinstance(scores, dict):
            return [Reason("the baseline has no ability scores", codes.BASELINE_MISSING)]
        for ability in self.abilities:
            score = scores.get(ability)
            if not isinstance(score, int):
                reasons.append(Reason(f"{ability} has no score", codes.BASELINE_MISSING))
            elif not 3 <= score <= 18:
                reasons.append(Reason(f"{ability} {score} is impossible: 3d6 gives 3 to 18",
                                      codes.BASELINE_OUT_OF_RANGE))
        for ability, dice in (baseline.get("ability_rolls") or {}).items():
            if isinstance(dice, list) and scores.get(ability) != sum(dice):
                reasons.append(Reason(f"{ability} {scores.get(ability)} does not match its dice {dice}",
                                      codes.DICE_MISMATCH))
        swap = baseline.get("swap")
        if swap is not None:
            if (not isinstance(swap, list) or len(swap) != 2 or swap[0] == swap[1]
                    or any(s not in self.abilities for s in swap)):
                reasons.append(Reason(f"a swap exchanges two different abilities, not {swap}",
                                      codes.SWAP_INVALID))
        cls = baseline.get("class")
        if cls not in self.classes:
            reasons.append(Reason(f"unknown class {cls}", codes.UNKNOWN_NAME))
            return reasons
        cdata = self.classes[cls]
        reasons += self.career_refusal(cls, baseline.get("career", ""))
        level = baseline.get("level", 1)
        if not isinstance(level, int) or level < 1:
            reasons.append(Reason(f"level must be 1 or more, not {level}", codes.BASELINE_OUT_OF_RANGE))
        elif level > self.max_level:
            reasons.append(Reason(f"level {level} is beyond the {cls} table, which stops at level "
                           f"{self.max_level}", codes.BASELINE_OUT_OF_RANGE))
        xp = baseline.get("xp", 0)
        if not isinstance(xp, int) or xp < 0:
            reasons.append(Reason(f"XP must be 0 or more, not {xp}", codes.BASELINE_OUT_OF_RANGE))
        elif isinstance(level, int) and 1 <= level <= self.max_level:
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
        reasons += self._possession_reasons(baseline, cls, level)
        return reasons

    def _possession_reasons(self, baseline: dict[str, Any], cls: str, level: Any) -> list[str]:
        reasons: list[str] = []
        alignment = baseline.get("alignment")
        if alignment is not None:
            forced, why = self.forced_alignment(cls)
            if alignment not in self.alignments:
                reasons.append(Reason(f"unknown alignment {alignment}; valid: "
                               + ", ".join(self.alignments), codes.UNKNOWN_NAME))
            elif forced and alignment != forced:
                reasons.append(Reason(f"a {cls} cannot be of {alignment}: {why}, so a {cls} is of "
                               f"{forced} (the Alignment rules)", codes.ALIGNMENT_FORCED))
        career_status = self.career_status(cls, baseline.get("career"))
        status = baseline.get("status")
        if status is not None:
            if status not in self.statuses:
                reasons.append(Reason(f"unknown Status {status}; valid: " + ", ".join(self.statuses),
                                      codes.UNKNOWN_NAME))
            elif career_status and status != career_status:
                reasons.append(Reason(f"the {baseline.get('career')} career's Status is "
                               f"{career_status}, not {status}", codes.STATUS_MISMATCH))
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
            status = career_status or status
            spec = self.money_roll_spec(status, level if isinstance(level, int) else 1)
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

    def _clean(self, baseline: dict[str, Any]) -> dict[str, Any]:
        """A well-formed copy of a (possibly hand-edited, illegal) baseline, so an
        illegal file still shows; validate_baseline reports what is wrong."""
        b = dict(baseline) if isinstance(baseline, dict) else {}

        def whole(value: Any, low: int, high: int, default: int) -> int:
            return int(value) if isinstance(value, int) and not isinstance(value, bool) \
                and low <= value <= high else default

        raw: dict[str, Any] = b["abilities"] if isinstance(b.get("abilities"), dict) else {}
        b["abilities"] = {a: whole(raw.get(a), 3, 18, 10) for a in self.abilities}
        swap = b.get("swap")
        if not (isinstance(swap, list) and len(swap) == 2
                and all(x in self.abilities for x in swap)):
            b.pop("swap", None)
        if b.get("class") not in self.classes:
            b["class"] = next(iter(self.classes))
        careers = self.classes[b["class"]]["careers"]
        if b.get("career") not in careers:
            b["career"] = next(iter(careers), "")
        level = b.get("level")
        b["level"] = whole(level, 1, self.max_level,
                           self.max_level if isinstance(level, int) and level > self.max_level
                           else 1)
        b["xp"] = whole(b.get("xp"), 0, 10 ** 12, 0)
        cdata = self.classes[b["class"]]
        for pool, die_key in (("wounds", "wounds_die"), ("stamina", "stamina_die")):
            if pool in b:
                b[pool] = whole(b[pool], 1, 10 ** 6, 1)
            else:
                b[f"{pool}_roll"] = whole(b.get(f"{pool}_roll"), 1, int(cdata[die_key]), 1)
        forced = self.forced_alignment(b["class"])[0]
        if forced or b.get("alignment") not in self.alignments:
            b["alignment"] = forced or self.default_alignment
        if self.career_status(b["class"], b["career"]) or b.get("status") not in self.statuses:
            b.pop("status", None)
        for skill in ("ws", "bs"):
            if skill in b:
                b[skill] = whole(b[skill], 0, 100, 0)
        if "money" in b:
            b["money"] = whole(b["money"], 0, 10 ** 12, 0)
            b.pop("money_dice", None)
        elif "money_dice" in b:
            spec = self.money_roll_spec(self.career_status(b["class"], b["career"])
                                        or b.get("status"), b["level"])
            dice = b["money_dice"]
            if not (spec and isinstance(dice, list) and len(dice) == spec["count"]
                    and all(whole(d, 1, spec["die"], 0) for d in dice)):
                b.pop("money_dice")
        return b

    def starting_money(self, baseline: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
        """(money in bp, the money roll {formula, dice, total_bp} or None) of a clean baseline."""
        if "money" in baseline:
            return int(baseline["money"]), None
        dice = baseline.get("money_dice")
        if not dice:
            return 0, None
        spec = self.money_roll_spec(self.career_status(baseline["class"], baseline["career"])
                                    or baseline.get("status"), baseline["level"])
        if spec is None:  # a clean baseline has no dice without a roll to read them by
            return 0, None
        total = sum(dice) * spec["times"] * self.coins[spec["coin"]]
        return total, {"formula": spec["formula"], "dice": list(dice), "total_bp": total}

    def initial_state(self, baseline: dict[str, Any]) -> dict[str, Any]:
        original = baseline
        baseline = self._clean(baseline)
        scores = dict(baseline["abilities"])
        swap = baseline.get("swap")
        if swap:
            scores[swap[0]], scores[swap[1]] = scores[swap[1]], scores[swap[0]]
        cls = baseline["class"]
        cdata = self.classes[cls]
        level = baseline["level"]
        toughness = self.modifier(scores.get("Toughness", 10))
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
        money, money_roll = self.starting_money(baseline)
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

    # -- state views --------------------------------------------------------------
    @staticmethod
    def level(state: dict[str, Any]) -> int:
        return sum(c["levels"] for c in state["careers"])

    @staticmethod
    def current(state: dict[str, Any]) -> dict[str, Any]:
        current: dict[str, Any] = state["careers"][-1]
        return current

    def table(self, state: dict[str, Any]) -> list[int]:
        return list(self.classes[self.current(state)["class"]]["xp"])

    def next_level_xp(self, state: dict[str, Any]) -> int | None:
        level = self.level(state)
        if level >= self.max_level:
            return None
        return xpcalc.xp_threshold(self.table(state), level + 1)

    # -- actions ----------------------------------------------------------------
    def session_cap_now(self, state: dict[str, Any]) -> int:
        """The session cap an award in the latest session would get (what ``_capped``
        applies), or the current level's cap before any session."""
        record = state["sessions"].get(str(state.get("last_session")), {})
        cap_level = min(record.get("cap_level", self.level(state)), self.level(state))
        return xpcalc.session_cap(self.table(state), cap_level)

    def capped(self, state: dict[str, Any], action: Action) -> tuple[int, int]:
        """(gained, lost) for an award: the cap is on what one session earns, set by the
        level of that session's first award even if a level is gained between awards."""
        record = state["sessions"].get(str(action.value("session")), {})
        cap_level = min(record.get("cap_level", self.level(state)), self.level(state))
        return xpcalc.capped_award(self.table(state), cap_level, state["xp"],
                                   action.value("xp"))

    @staticmethod
    def session_record(new: dict[str, Any], action: Action) -> dict[str, Any]:
        """The record of the action's session in ``new`` (made when it is the first),
        which becomes the latest session."""
        session = str(action.value("session"))
        new["last_session"] = session
        record: dict[str, Any] = new["sessions"].setdefault(
            session, {"xp": 0, "lost": 0, "advanced": None})
        return record

    def advance_reasons(self, state: dict[str, Any], session: Any) -> list[str]:
        reasons: list[str] = []
        level = self.level(state)
        cur = self.current(state)
        if level >= self.max_level:
            reasons.append(Reason(f"level {level} is the top of the {cur['class']} table; there is no "
                           f"level {level + 1}", codes.AT_MAXIMUM))
        else:
            need = self.next_level_xp(state)
            if state["xp"] < need:
                reasons.append(Reason(f"level {level + 1} needs {need} XP on the {cur['class']} table "
                               f"(has {state['xp']}, {need - state['xp']} short)", codes.XP_SHORT))
        done = state["sessions"].get(str(session), {}).get("advanced")
        if session is not None and done:
            how = {"level-up": "a level-up", "change-career": "a career change"}.get(
                str(done), "a level")       # the action that took it, in words
            reasons.append(Reason(f"already gained a level in session {session} (by {how}); "
                                  "one level per session", SESSION_TAKEN))
        return reasons

    @staticmethod
    def held(state: dict[str, Any], item: str) -> int:
        return sum(line["qty"] for line in state["gear"] if line["item"] == item)

    # -- views ----------------------------------------------------------------------
    def status(self, state: dict[str, Any]) -> str:
        cur = self.current(state)
        return str(self.classes[cur["class"]]["careers"].get(cur["career"], {}).get("status", ""))

    def saves(self, state: dict[str, Any]) -> dict[str, Any]:
        cur = self.current(state)
        row = self.level_row(self.classes[cur["class"]]["saves"], self.level(state))
        return dict(zip(self.data["save_names"], row))

    def save_bonuses(self, state: dict[str, Any]) -> dict[str, Any]:
        bonuses: dict[str, int] = {}
        for held in state["careers"]:
            career = self.classes[held["class"]]["careers"].get(held["career"], {})
            for lvl, gains in career.get("save_bonuses", {}).items():
                if int(lvl) <= held["levels"]:
                    for save, n in gains.items():
                        bonuses[save] = bonuses.get(save, 0) + n
        return bonuses

    def skills(self, state: dict[str, Any]) -> list[str]:
        """Every career's skills: a career change keeps the skills."""
        found: list[str] = []
        for held in state["careers"]:
            career = self.classes[held["class"]]["careers"].get(held["career"], {})
            for skill in career.get("skills", []):
                if skill not in found:
                    found.append(skill)
        return found

    def weapon_skills(self, state: dict[str, Any]) -> dict[str, Any]:
        """Current WS and BS: a class's first-level WS/BS (the Warrior's 1 WS, 1 BS), once
        per class held, plus career progression bonuses at the career levels held. An
        imported ``ws``/``bs`` replaces what the starting career gave up to its level."""
        baseline = state["baseline"] if isinstance(state.get("baseline"), dict) else {}
        skills = {"WS": 0, "BS": 0}
        imported = {k.upper(): baseline[k] for k in ("ws", "bs")
                    if isinstance(baseline.get(k), int) and not isinstance(baseline[k], bool)
                    and baseline[k] >= 0}
        start_levels = baseline.get("level", 1) if isinstance(baseline.get("level"), int) else 1
        seen: set[str] = set()
        for index, held in enumerate(state["careers"]):
            cdata = self.classes[held["class"]]
            first = held["class"] not in seen
            seen.add(held["class"])
            bonuses = (cdata["careers"].get(held["career"], {}) or {}).get("combat_bonuses", {})
            for skill in skills:
                from_import = index == 0 and skill in imported
                if first and not from_import:
                    skills[skill] += int(cdata.get(f"starting_{skill.lower()}", 0))
                for lvl, gains in bonuses.items():
                    if int(lvl) <= held["levels"] and not (from_import and int(lvl) <= start_levels):
                        skills[skill] += int(gains.get(skill, 0))
        for skill, value in imported.items():
            skills[skill] += value
        return skills

    def possessions(self, state: dict[str, Any]) -> VFPossessions:
        """Money, gear, Armour Class, encumbrance and weapons of a state (show's keys)."""
        cat = self.catalogue
        skills = self.weapon_skills(state)
        worn = state["worn"]
        agility = self.modifier(state["abilities"].get("Agility", 10))
        lines = []
        for line in state["gear"]:
            item = cat.find(line["item"]) or {}
            lines.append({"item": cat.table_name(line["item"]), "qty": line["qty"],
                          "category": item.get("category", ""),
                          "worn": line["item"] in worn.values(),
                          "encumbrance": gear.encumbrance_mark(item) if item else "normal"})
        cur = self.current(state)
        cdata = self.classes[cur["class"]]
        career = cdata["careers"].get(cur["career"], {}) or {}
        forbidden = (f"a {cur['class']} cannot wield weapons (the {cur['class']} class)"
                     if cdata.get("no_weapons") else "")
        weapons = [gear.weapon_entry(cat.item(line["item"]), skills["WS"], skills["BS"],
                                     forbidden, cat.find("Improvised"))
                   for line in state["gear"]
                   if (cat.find(line["item"]) or {}).get("kind")]
        return {
            "money": {"bp": state["money"], "text": self.money_text(state["money"]),
                      "coins": gear.coins_of(state["money"], self.coins)},
            "gear": lines,
            "worn": dict(worn),
            "ac": gear.armour_class(self.data, agility, skills["WS"],
                                    cat.find(worn.get("armour")), cat.find(worn.get("shield")),
                                    cdata.get("ac_bonus")),
            "encumbrance": gear.encumbrance(self.data, state["gear"], cat, worn,
                                            state["money"], self.coins,
                                            int(career.get("encumbrance_modifier", 0)),
                                            self.modifier(state["abilities"].get("Toughness",
                                                                                 10))),
            "weapons": weapons,
            "ws": skills["WS"],
            "bs": skills["BS"],
        }

    def derive(self, state: dict[str, Any], name: str) -> VFDerived:
        cur = self.current(state)
        cls, career = cur["class"], cur["career"]
        cdata = self.classes[cls]
        cardata = cdata["careers"].get(career, {})
        level = self.level(state)
        baseline = state["baseline"]
        mods = {a: self.modifier(s) for a, s in state["abilities"].items()}
        mod_sum = sum(mods.values())
        nxt = self.next_level_xp(state)
        advance = self.advance_reasons(state, state["last_session"])
        spells = None
        memo = cardata.get("spells_memorized") or cardata.get("miracles_memorized")
        if memo:
            spells = self.level_row(memo, cur["levels"])
        rolls = baseline.get("ability_rolls") if isinstance(baseline.get("ability_rolls"), dict) else {}
        status = cardata.get("status", "") or (state["status"] if len(state["careers"]) == 1
                                               else "")
        forced, why = self.forced_alignment(cls)
        status_note = None
        if not status and state["money_roll"] is None and "money" not in baseline:
            status_note = ("Status unknown: the career gives none, so no starting money was "
                           "rolled (give a Status, Brass, Silver or Gold, or an amount of money)")
        careers_out = []
        for held in state["careers"]:
            hdata = self.classes[held["class"]]["careers"].get(held["career"], {})
            prog = hdata.get("progression") or []
            careers_out.append({"class": held["class"], "career": held["career"],
                                "levels": held["levels"],
                                "advances": [p for p in prog[:held["levels"]] if p]})
        return {
            "name": name,
            "ruleset": self.id,
            "abilities": {a: {"score": state["abilities"][a], "modifier": mods[a]}
                          for a in self.abilities if a in state["abilities"]},
            "ability_rolls": {a: rolls[a] for a in self.abilities if a in rolls},
            "discarded_rolls": baseline.get("discarded_rolls", []),
            "swap": baseline.get("swap"),
            "suitability": {"modifier_sum": mod_sum, "suitable": mod_sum >= 0,
                            "reroll_offered": mod_sum < 0},
            "class": cls,
            "career": career,
            "class_roll": baseline.get("class_roll"),
            "career_rolls": baseline.get("career_rolls"),
            "careers": careers_out,
            "level": level,
            "career_level": cur["levels"],
            "xp": state["xp"],
            "next_level_xp": nxt,
            "xp_to_next_level": None if nxt is None else max(0, nxt - state["xp"]),
            # The cap an award gets now: in the latest session the one its first award's
            # level set (a level gained since does not lift it); in a new session, this level's.
            "session_cap": self.session_cap_now(state),
            "session_cap_session": state["last_session"],
            "next_session_cap": xpcalc.session_cap(cdata["xp"], level),
            "xp_lost": state["xp_lost"],
            "wounds": dict(state["wounds"]),
            "stamina": dict(state["stamina"]),
            "starting": state["start"],
            "wounds_die": f"1d{cdata['wounds_die']}",
            "min_wounds": cdata["min_wounds"],
            "stamina_die": f"1d{cdata['stamina_die']}",
            "saves": self.saves(state),
            "save_bonuses": self.save_bonuses(state),
            "status": status,
            "traits": list(cdata.get("class_traits", [])) + list(cardata.get("traits", [])),
            "skills": self.skills(state),
            "career_skills": list(cardata.get("skills", [])),
            "combat_skills": cardata.get("combat_skills", ""),
            "skill_points": state["skill_points"],
            "combat_skill_points": state["combat_skill_points"],
            "starting_ws_bs": ({"WS": cdata.get("starting_ws", 0), "BS": cdata.get("starting_bs", 0)}
                               if "starting_ws" in cdata else None),
            "spells_memorized": spells,
            "spell_research_owed": state["spells_owed"],
            "gifts": (sum(cdata["gifts"][:cur["levels"]]) if cdata.get("gifts") else None),
            "class_table": self.class_table(cls),
            "level_up": {"allowed": not advance, "reasons": advance,
                         "session": state["last_session"]},
            "sessions": state["sessions"],
            "history": state["history"],
            "alignment": state["alignment"],
            "alignment_rule": why if forced == state["alignment"] else None,
            "money_roll": state["money_roll"],
            **self.possessions(state),
            "prices": "play" if state["in_play"] else "creation",
            "status_note": status_note,
        }

    def class_table(self, cls: str) -> list[dict[str, Any]]:
        """The class's level table, one row per level, for a sheet."""
        c = self.classes[cls]
        rows = []
        for i, xp in enumerate(c["xp"]):
            rows.append({
                "level": i + 1, "xp": xp,
                "wounds": (f"1d{c['wounds_die']} (min {c['min_wounds']})" if i == 0
                           else (f"+{c['wounds_up'][i]}" if c["wounds_up"][i] else "")),
                "stamina": f"{'' if i == 0 else '+'}1d{c['stamina_die']}",
                "skill_points": c["skill_points"][i] if c.get("skill_points") else None,
                "combat_skill_points": (c["combat_skill_points"][i]
                                        if c.get("combat_skill_points") else None),
                "saves": dict(zip(self.data["save_names"], c["saves"][i])),
            })
        return rows

    def options(self, state: dict[str, Any]) -> list[Option]:
        session = state["last_session"]
        level = self.level(state)
        cur = self.current(state)
        base = self.advance_reasons(state, session)
        result = [option("level", f"{cur['class']} {cur['career']}".strip(), level + 1, 0,
                         base, words=("level-up",), asks=_ADVANCE_ASKS,
                         xp_needed=self.next_level_xp(state), session=session)]
        for cls, cdata in self.classes.items():
            for career in cdata["careers"]:
                if (cls, career) == (cur["class"], cur["career"]):
                    continue
                reasons = list(base)
                if any((c["class"], c["career"]) == (cls, career) for c in state["careers"]):
                    reasons.append(Reason(f"the character has left the {cls} {career} career",
                                          codes.CAREER_LEFT))
                result.append(option("career", f"{cls} {career}", level + 1, 0, reasons,
                                     words=("change-career", cls, career),
                                     asks=_ADVANCE_ASKS, xp_needed=self.next_level_xp(state), session=session,
                                     **{"class": cls, "career": career}))
        # the armour, shields and bucklers held: put on or take off
        for line in state["gear"]:
            item = self.catalogue.find(line["item"])
            if not item or not gear.wear_slot(item):
                continue
            kind = "remove" if line["item"] in state["worn"].values() else "wear"
            reasons = self.check(state, Action(kind, {"item": line["item"]}))
            result.append(option(kind, line["item"], gear.wear_slot(item), 0, reasons,
                                 words=(kind, line["item"]), slot=gear.wear_slot(item)))
        return result

    def headline(self, state: dict[str, Any]) -> dict[str, Any]:
        cur = self.current(state)
        return {"Class": cur["class"], "Career": cur["career"], "Level": self.level(state),
                "XP": state["xp"]}

    def balance(self, state: dict[str, Any]) -> int:
        return int(state["xp"])

    def show_text(self, d: dict[str, Any]) -> str:
        lines = [f"{d['name']}: level {d['level']} {d['class']} {d['career']}".rstrip()]
        if len(d["careers"]) > 1:
            lines.append("careers: " + ", ".join(
                f"{c['class']} {c['career']} {c['levels']}" for c in d["careers"]))
        lines.append(f"status: {d['status'] or '-'}")
        if d.get("status_note"):
            lines.append(f"note: {d['status_note']}")
        if d.get("alignment"):
            rule = f" ({d['alignment_rule']})" if d.get("alignment_rule") else ""
            lines.append(f"alignment: {d['alignment']}{rule}")
        for a, v in d["abilities"].items():
            lines.append(f"  {a:<13}{v['score']:>3}  {_sign(v['modifier'])}")
        s = d["suitability"]
        lines.append(f"modifier sum {_sign(s['modifier_sum'])}"
                     + ("" if s["suitable"] else " (below zero: the character may be rerolled)"))
        nxt = "top of the table" if d["next_level_xp"] is None else f"next level at {d['next_level_xp']}"
        lines.append(f"XP {d['xp']} ({nxt}); lost to the session cap: {d['xp_lost']}")
        lines.append(f"Wounds {d['wounds']['current']}/{d['wounds']['max']}   "
                     f"Stamina {d['stamina']['current']}/{d['stamina']['max']}")
        lines.append("saves: " + "  ".join(f"{k} {v}" for k, v in d["saves"].items()))
        if d["save_bonuses"]:
            lines.append("save bonuses: " + ", ".join(f"{k} +{v}" for k, v in d["save_bonuses"].items()))
        if d["traits"]:
            lines.append("traits: " + "; ".join(d["traits"]))
        if d["skills"]:
            lines.append("skills: " + ", ".join(d["skills"]))
        if d["skill_points"]:
            lines.append(f"skill points: {d['skill_points']}")
        if d["combat_skill_points"]:
            lines.append(f"combat skill points: {d['combat_skill_points']}")
        if d["spell_research_owed"]:
            lines.append(f"free spells owed (research time, no cost): {d['spell_research_owed']}")
        if "money" in d:
            lines += self.possessions_text(d)
        return "\n".join(lines)

    @staticmethod
    def possessions_text(d: dict[str, Any]) -> list[str]:
        lines = []
        roll = d.get("money_roll")
        rolled = (f" (starting money {roll['formula']}: {' '.join(map(str, roll['dice']))})"
                  if roll else "")
        lines.append(f"money: {d['money']['text']}{rolled}")
        lines.append(f"WS {d['ws']}  BS {d['bs']}   AC melee {d['ac']['melee']}, "
                     f"ranged {d['ac']['ranged']}")
        e = d["encumbrance"]
        foot = (f" ({e['miles_per_day_on_foot']} on foot with Toughness)"
                if e.get("miles_per_day_on_foot", e["miles_per_day"]) != e["miles_per_day"] else "")
        lines.append(f"encumbrance: {e['points']} point{'s' if e['points'] != 1 else ''}, "
                     f"{e['level']}: {e['miles_per_day']} miles a day{foot}, {e['turn_ft']}' a turn, "
                     f"{e['combat_ft']}' in combat, {e['running_ft']}' running")
        if d["gear"]:
            lines.append("gear: " + ", ".join(
                (f"{g['qty']} " if g["qty"] != 1 else "") + g["item"]
                + (" (worn)" if g["worn"] else "") for g in d["gear"]))
        for w in d["weapons"]:
            reach = f"length {w['length']}" if "length" in w else f"range {w['range']}"
            note = f"; {w['note']}" if w["note"] else ""
            lines.append(f"  {w['item']}: {w['damage']}, {reach}"
                         + ("" if w["usable"] else " (not usable)") + note)
        return lines
