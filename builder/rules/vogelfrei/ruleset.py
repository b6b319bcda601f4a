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
     "stamina_roll": 3 | "stamina": 7}

State: a plain dict (copied, never mutated in place) built from the baseline and
changed by the ledger actions award-xp, level-up, change-career,
damage-/heal-stamina, damage-/heal-wounds.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Sequence

from builder.rules.base import (SESSION_MISSING, SESSION_TAKEN, Reason, Ruleset, UsageError,
                                action_parser, match_name, option, parse_int, parse_yes_no)
from builder.rules.vogelfrei import xp as xpcalc
from builder.rules.vogelfrei.tally import PARTY_XP

SET_KEYS = ["class", "career", "swap", "wounds_roll", "stamina_roll", "wood_elf", "level", "xp",
            "wounds", "stamina", "reroll_unsuitable"]
ACTIONS = ["award-xp", "level-up", "change-career", "damage-stamina", "damage-wounds",
           "heal-stamina", "heal-wounds"]
_POOL_ACTIONS = {"damage-stamina": ("stamina", -1), "damage-wounds": ("wounds", -1),
                 "heal-stamina": ("stamina", 1), "heal-wounds": ("wounds", 1)}


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class VogelfreiRuleset(Ruleset):
    id = "vogelfrei"
    title = "Vogelfrei"
    summary_text = ("Old-school grim fantasy: 3d6 abilities in order, class and career, "
                    "XP from enemies and treasure, one level per session.")
    #: How the status bar shows balance() (XP is earned, never spent).
    balance_format = "XP: {}"
    #: A session's XP shared among the party (campaign xp, the Party XP dialog).
    party_xp = PARTY_XP

    # -- data ---------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict) -> list[str]:
        try:
            return cls._data_problems(data)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            return [f"the data is malformed ({exc})"]

    @classmethod
    def _data_problems(cls, data: dict) -> list[str]:
        if not isinstance(data, dict):
            return ["the data is not a JSON object"]
        problems = []
        for key in ("abilities", "modifiers", "classes", "enemy_xp", "class_roll", "save_names"):
            if key not in data:
                problems.append(f"missing '{key}'")
        if problems:
            return problems

        def whole(value, low=0):
            return isinstance(value, int) and not isinstance(value, bool) and value >= low

        abilities = data["abilities"]
        if (not isinstance(abilities, list) or not abilities
                or not all(isinstance(a, str) and a for a in abilities)):
            problems.append("'abilities' must be a list of names")
        elif "Toughness" not in abilities:
            problems.append("'abilities' must include Toughness (it sets starting Wounds)")
        mods = data["modifiers"]
        if not isinstance(mods, list) or not all(
                isinstance(r, dict) and whole(r.get("min")) and whole(r.get("max"))
                and isinstance(r.get("modifier"), int) for r in mods):
            problems.append("'modifiers' must be rows of {min, max, modifier}")
        else:
            covered = {n for r in mods for n in range(r["min"], r["max"] + 1)}
            if not set(range(3, 19)) <= covered:
                problems.append("'modifiers' must cover every score from 3 to 18")
        if not isinstance(data["enemy_xp"], list) or not data["enemy_xp"] or not all(
                isinstance(r, dict) and whole(r.get("hd")) and whole(r.get("xp"))
                for r in data["enemy_xp"]):
            problems.append("'enemy_xp' must be rows of {hd, xp}")
        saves = data["save_names"]
        if not isinstance(saves, list) or not saves or not all(isinstance(x, str) for x in saves):
            return problems + ["'save_names' must be a list of names"]
        max_level = data.get("max_level", 6)
        if not whole(max_level, 1):
            problems.append("'max_level' must be a whole number of 1 or more")
            max_level = 6
        classes = data["classes"]
        if not isinstance(classes, dict) or not classes:
            return problems + ["'classes' must be an object of classes"]
        for name, c in classes.items():
            if not isinstance(c, dict):
                problems.append(f"class {name}: not an object")
                continue
            for key in ("wounds_die", "min_wounds", "stamina_die"):
                if not whole(c.get(key), 0 if key == "min_wounds" else 1):
                    problems.append(f"class {name}: '{key}' must be a positive whole number")
            table = c.get("xp")
            if (not isinstance(table, list) or len(table) != max_level
                    or not all(whole(x) for x in table) or sorted(table) != table
                    or table[-1] < 1):
                problems.append(f"class {name}: 'xp' must be a rising list of {max_level} "
                                "whole numbers")
                continue
            if (not isinstance(c.get("wounds_up"), list) or len(c["wounds_up"]) != max_level
                    or not all(whole(x) for x in c["wounds_up"])):
                problems.append(f"class {name}: 'wounds_up' needs one whole number per level")
            sv = c.get("saves")
            if (not isinstance(sv, list) or len(sv) != max_level
                    or not all(isinstance(r, list) and len(r) == len(saves)
                               and all(whole(x) for x in r) for r in sv)):
                problems.append(f"class {name}: 'saves' needs {max_level} rows of {len(saves)}")
            for key in ("skill_points", "combat_skill_points", "gifts"):
                if key in c and (not isinstance(c[key], list) or len(c[key]) != max_level
                                 or not all(whole(x) for x in c[key])):
                    problems.append(f"class {name}: '{key}' needs one whole number per level")
            careers = c.get("careers")
            if not isinstance(careers, dict):
                problems.append(f"class {name}: 'careers' must be an object")
                continue
            for career, cd in careers.items():
                if not isinstance(cd, dict) or not isinstance(cd.get("status", ""), str) or \
                        not all(isinstance(cd.get(k, []), list) for k in ("traits", "skills")):
                    problems.append(f"class {name}: career {career} must be an object with "
                                    "a status text and lists of traits and skills")
            roll = c.get("career_roll", [])
            if not isinstance(roll, list) or len(roll) > 6:
                problems.append(f"class {name}: 'career_roll' must list at most 6 careers")
                continue
            for rolled in roll:
                if rolled and rolled not in careers:
                    problems.append(f"class {name}: career table names unknown career {rolled}")
            if careers and not any(roll):
                problems.append(f"class {name}: 'career_roll' names none of its careers")
        if not isinstance(data["class_roll"], dict):
            problems.append("'class_roll' must map 2d6 results to classes")
        else:
            for roll, name in data["class_roll"].items():
                if name not in classes:
                    problems.append(f"class roll {roll} names unknown class {name}")
            missing = [str(n) for n in range(2, 13) if str(n) not in data["class_roll"]]
            if missing:
                problems.append("'class_roll' has no class for " + ", ".join(missing))
        return problems

    # -- small helpers ----------------------------------------------------------
    @property
    def abilities(self) -> list[str]:
        return list(self.data["abilities"])

    @property
    def classes(self) -> dict:
        return self.data["classes"]

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
                    return name
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

    def _career_refusal(self, cls: str, career: str) -> list[str]:
        data = self.classes[cls]
        if not data["careers"]:
            if career:
                return [f"the {cls} class has no careers, so it cannot be a {career}"]
            return []
        if not career:
            return [f"a {cls} needs a career: one of {', '.join(data['careers'])}"]
        if career not in data["careers"]:
            owners = self.career_class(career)
            where = f" ({career} is a {' / '.join(owners)} career)" if owners else ""
            return [f"{career} is not a {cls} career{where}; a {cls} can be "
                    f"{', '.join(data['careers'])}"]
        return []

    @staticmethod
    def level_row(table: list, level: int):
        return table[min(max(level, 1), len(table)) - 1]

    # -- creation -------------------------------------------------------------
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict:
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
        discarded: list[dict] = []
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
        return baseline

    def validate_baseline(self, baseline: dict) -> list[str]:
        try:
            return self._baseline_reasons(baseline)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            return [f"the baseline is malformed ({exc})"]

    def _baseline_reasons(self, baseline: dict) -> list[str]:
        reasons: list[str] = []
        if not isinstance(baseline, dict):
            return ["the baseline is not an object"]
        scores = baseline.get("abilities")
        if not isinstance(scores, dict):
            return ["the baseline has no ability scores"]
        for ability in self.abilities:
            score = scores.get(ability)
            if not isinstance(score, int):
                reasons.append(f"{ability} has no score")
            elif not 3 <= score <= 18:
                reasons.append(f"{ability} {score} is impossible: 3d6 gives 3 to 18")
        for ability, dice in (baseline.get("ability_rolls") or {}).items():
            if isinstance(dice, list) and scores.get(ability) != sum(dice):
                reasons.append(f"{ability} {scores.get(ability)} does not match its dice {dice}")
        swap = baseline.get("swap")
        if swap is not None:
            if (not isinstance(swap, list) or len(swap) != 2 or swap[0] == swap[1]
                    or any(s not in self.abilities for s in swap)):
                reasons.append(f"a swap exchanges two different abilities, not {swap}")
        cls = baseline.get("class")
        if cls not in self.classes:
            reasons.append(f"unknown class {cls}")
            return reasons
        cdata = self.classes[cls]
        reasons += self._career_refusal(cls, baseline.get("career", ""))
        level = baseline.get("level", 1)
        if not isinstance(level, int) or level < 1:
            reasons.append(f"level must be 1 or more, not {level}")
        elif level > self.max_level:
            reasons.append(f"level {level} is beyond the {cls} table, which stops at level "
                           f"{self.max_level}")
        xp = baseline.get("xp", 0)
        if not isinstance(xp, int) or xp < 0:
            reasons.append(f"XP must be 0 or more, not {xp}")
        elif isinstance(level, int) and 1 <= level <= self.max_level:
            floor = xpcalc.xp_threshold(cdata["xp"], level)
            if xp < floor:
                reasons.append(f"a level {level} {cls} has at least {floor} XP (the {cls} "
                               f"table), not {xp}")
        for pool, die_key in (("wounds", "wounds_die"), ("stamina", "stamina_die")):
            roll_key, die = f"{pool}_roll", int(cdata[die_key])
            label = pool.capitalize()
            if roll_key in baseline and pool in baseline:
                reasons.append(f"give either {roll_key} or {pool}, not both")
            elif roll_key in baseline:
                roll = baseline[roll_key]
                if level != 1:
                    reasons.append(f"a {label} roll only makes a level 1 character; give the "
                                   f"maximum {label} of a level {level} character")
                if not isinstance(roll, int) or not 1 <= roll <= die:
                    reasons.append(f"the {label} roll {roll} is impossible on the {cls} "
                                   f"d{die} (1 to {die})")
            elif pool in baseline:
                value = baseline[pool]
                if not isinstance(value, int) or value < 1:
                    reasons.append(f"maximum {label} must be 1 or more, not {value}")
            else:
                reasons.append(f"the baseline has no {label}")
        return reasons

    def _clean(self, baseline: dict) -> dict:
        """A well-formed copy of a (possibly hand-edited, illegal) baseline, so an
        illegal file still shows; validate_baseline reports what is wrong."""
        b = dict(baseline) if isinstance(baseline, dict) else {}

        def whole(value, low, high, default):
            return value if isinstance(value, int) and not isinstance(value, bool) \
                and low <= value <= high else default

        raw = b.get("abilities") if isinstance(b.get("abilities"), dict) else {}
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
        b["level"] = whole(b.get("level"), 1, self.max_level,
                           self.max_level if isinstance(b.get("level"), int)
                           and b.get("level") > self.max_level else 1)
        b["xp"] = whole(b.get("xp"), 0, 10 ** 12, 0)
        cdata = self.classes[b["class"]]
        for pool, die_key in (("wounds", "wounds_die"), ("stamina", "stamina_die")):
            if pool in b:
                b[pool] = whole(b[pool], 1, 10 ** 6, 1)
            else:
                b[f"{pool}_roll"] = whole(b.get(f"{pool}_roll"), 1, int(cdata[die_key]), 1)
        return b

    def initial_state(self, baseline: dict) -> dict:
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
            wounds_detail = {"imported": True}
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
            "baseline": original if isinstance(original, dict) else {},
        }

    # -- state views --------------------------------------------------------------
    @staticmethod
    def level(state: dict) -> int:
        return sum(c["levels"] for c in state["careers"])

    @staticmethod
    def current(state: dict) -> dict:
        return state["careers"][-1]

    def table(self, state: dict) -> list[int]:
        return self.classes[self.current(state)["class"]]["xp"]

    def next_level_xp(self, state: dict) -> int | None:
        level = self.level(state)
        if level >= self.max_level:
            return None
        return xpcalc.xp_threshold(self.table(state), level + 1)

    # -- actions ----------------------------------------------------------------
    def parse_action(self, args: Sequence[str]) -> dict:
        if not args:
            raise UsageError("an action is needed; valid: " + ", ".join(ACTIONS))
        name = match_name(args[0], ACTIONS, "action")
        rest = list(args[1:])
        parser = action_parser(name)
        if name == "award-xp":
            parser.add_argument("xp")
            parser.add_argument("--session", required=True)
            ns = parser.parse_args(rest)
            amount = parse_int(ns.xp, "XP")
            if amount < 0:
                raise UsageError(f"XP to award must be 0 or more, not {amount}")
            return {"action": name, "xp": amount, "session": self._session(ns.session)}
        if name in ("level-up", "change-career"):
            if name == "change-career":
                parser.add_argument("class_")
                parser.add_argument("career")
            parser.add_argument("--session", required=True)
            parser.add_argument("--roll", default=None)
            ns = parser.parse_args(rest)
            action: dict[str, Any] = {"action": name}
            if name == "change-career":
                cls = self.class_name(ns.class_)
                action["class"] = cls
                action["career"] = self.career_name(cls, ns.career)
            action["session"] = self._session(ns.session)
            if ns.roll is not None:
                action["roll"] = parse_int(ns.roll, "--roll")
            return action
        parser.add_argument("amount")
        ns = parser.parse_args(rest)
        amount = parse_int(ns.amount, "the amount")
        if amount < 0:
            raise UsageError(f"the amount must be 0 or more, not {amount}")
        return {"action": name, "amount": amount}

    @staticmethod
    def _session(text: str) -> str:
        text = str(text).strip()
        if not text:
            raise UsageError("--session needs a session name or number")
        return text

    def _roll_die(self, state: dict, action: dict) -> int:
        cls = action["class"] if action["action"] == "change-career" else self.current(state)["class"]
        return int(self.classes[cls]["stamina_die"])

    def resolve(self, state: dict, action: dict, rng: random.Random) -> dict:
        action = dict(action)
        kind = action.get("action")
        if kind in ("level-up", "change-career") and action.get("roll") is None:
            if kind == "level-up" or action.get("class") in self.classes:
                action["roll"] = rng.randint(1, self._roll_die(state, action))
        if kind == "award-xp" and isinstance(action.get("xp"), int):
            gained, lost = self._capped(state, action)
            action["gained"], action["lost"] = gained, lost
        return action

    def _capped(self, state: dict, action: dict) -> tuple[int, int]:
        """(gained, lost) for an award: the cap is on what one session earns, set by the
        level of that session's first award even if a level is gained between awards."""
        record = state["sessions"].get(str(action.get("session")), {})
        cap_level = min(record.get("cap_level", self.level(state)), self.level(state))
        return xpcalc.capped_award(self.table(state), cap_level, state["xp"], action["xp"])

    def _advance_reasons(self, state: dict, session: Any) -> list[str]:
        reasons = []
        level = self.level(state)
        cur = self.current(state)
        if level >= self.max_level:
            reasons.append(f"level {level} is the top of the {cur['class']} table; there is no "
                           f"level {level + 1}")
        else:
            need = self.next_level_xp(state)
            if state["xp"] < need:
                reasons.append(f"level {level + 1} needs {need} XP on the {cur['class']} table "
                               f"(has {state['xp']}, {need - state['xp']} short)")
        done = state["sessions"].get(str(session), {}).get("advanced")
        if session is not None and done:
            reasons.append(Reason(f"already gained a level in session {session} ({done}); "
                                  "one level per session", SESSION_TAKEN))
        return reasons

    def check(self, state: dict, action: dict) -> list[str]:
        kind = action.get("action")
        if kind not in ACTIONS:
            return [f"unknown action '{kind}'"]
        if kind == "award-xp":
            amount = action.get("xp")
            if not isinstance(amount, int) or amount < 0:
                return [f"XP to award must be 0 or more, not {amount}"]
            if not str(action.get("session", "")).strip():
                return [Reason("an XP award needs the session it was earned in",
                               SESSION_MISSING)]
            return []
        if kind in _POOL_ACTIONS:
            amount = action.get("amount")
            if not isinstance(amount, int) or amount < 0:
                return [f"the amount must be 0 or more, not {amount}"]
            return []
        session = action.get("session")
        reasons = []
        if not str(session or "").strip():
            reasons.append(Reason("a level is gained in a session: give --session",
                                  SESSION_MISSING))
        if kind == "change-career":
            cls, career = action.get("class"), action.get("career")
            if cls not in self.classes:
                return [f"unknown class {cls}"]
            reasons += self._career_refusal(cls, career)
            cur = self.current(state)
            if (cls, career) == (cur["class"], cur["career"]):
                reasons.append(f"the character already is a {cls} {career}; use level-up")
            elif any((c["class"], c["career"]) == (cls, career) for c in state["careers"][:-1]):
                reasons.append(f"the character has left the {cls} {career} career; a new level "
                               "is in the current career or the first level of another")
        reasons += self._advance_reasons(state, session)
        roll = action.get("roll")
        if kind == "level-up" or action.get("class") in self.classes:
            die = self._roll_die(state, action)
            cls = action.get("class") if kind == "change-career" else self.current(state)["class"]
            if roll is None:
                reasons.append(f"the Stamina roll (1 to {die} on the {cls} d{die}) is missing")
            elif not isinstance(roll, int) or not 1 <= roll <= die:
                reasons.append(f"the Stamina roll {roll} is impossible on the {cls} d{die} "
                               f"(1 to {die})")
        return reasons

    def apply(self, state: dict, action: dict) -> dict:
        new = copy.deepcopy({k: v for k, v in state.items() if k != "baseline"})
        new["baseline"] = state["baseline"]
        kind = action["action"]
        if kind in _POOL_ACTIONS:
            pool, sign = _POOL_ACTIONS[kind]
            p = new[pool]
            p["current"] = max(0, min(p["max"], p["current"] + sign * action["amount"]))
            return new
        session = str(action["session"])
        new["last_session"] = session
        record = new["sessions"].setdefault(session, {"xp": 0, "lost": 0, "advanced": None})
        if kind == "award-xp":
            # The cap is on what one session earns: the level of the session's first award
            # sets it, even if a level is gained between two awards of that session.
            gained, lost = self._capped(state, action)
            record.setdefault("cap_level", self.level(state))
            new["xp"] += gained
            new["xp_lost"] += lost
            record["xp"] += gained
            record["lost"] += lost
            return new
        roll = action["roll"]
        new_level = self.level(state) + 1
        event: dict[str, Any] = {"session": session, "kind": kind, "level": new_level,
                                 "stamina_roll": roll, "wounds": 0}
        if kind == "level-up":
            cur = new["careers"][-1]
            cur["levels"] += 1
            cdata = self.classes[cur["class"]]
            up = int(self.level_row(cdata["wounds_up"], new_level))
            if up:
                new["wounds"]["current"] += up
                new["wounds"]["max"] += up
            event["wounds"] = up
            sp = self.level_row(cdata["skill_points"], new_level) if cdata.get("skill_points") else 0
            csp = (self.level_row(cdata["combat_skill_points"], new_level)
                   if cdata.get("combat_skill_points") else 0)
            if cdata.get("free_spell"):
                new["spells_owed"] += 1
                event["free_spell"] = True
        else:
            new["careers"].append({"class": action["class"], "career": action["career"],
                                   "levels": 1})
            cdata = self.classes[action["class"]]
            sp = cdata["skill_points"][0] if cdata.get("skill_points") else 0
            csp = cdata["combat_skill_points"][0] if cdata.get("combat_skill_points") else 0
        new["skill_points"] += sp
        new["combat_skill_points"] += csp
        event["skill_points"] = sp
        event["combat_skill_points"] = csp
        event["class"], event["career"] = new["careers"][-1]["class"], new["careers"][-1]["career"]
        new["stamina"]["current"] += roll
        new["stamina"]["max"] += roll
        record["advanced"] = kind
        new["history"].append(event)
        return new

    def describe(self, action: dict) -> str:
        kind = action.get("action", "?")
        if kind == "award-xp":
            text = f"award-xp {action.get('xp')} (session {action.get('session')})"
            if "gained" in action:
                text += f": {action['gained']} gained"
                if action.get("lost"):
                    text += f", {action['lost']} lost to the session cap"
            return text
        if kind == "level-up":
            return f"level-up (session {action.get('session')}): Stamina roll {action.get('roll')}"
        if kind == "change-career":
            return (f"change-career to {action.get('class')} {action.get('career')} "
                    f"(session {action.get('session')}): Stamina roll {action.get('roll')}")
        if kind in _POOL_ACTIONS:
            return f"{kind} {action.get('amount')}"
        return super().describe(action)

    # -- views ----------------------------------------------------------------------
    def status(self, state: dict) -> str:
        cur = self.current(state)
        return self.classes[cur["class"]]["careers"].get(cur["career"], {}).get("status", "")

    def saves(self, state: dict) -> dict:
        cur = self.current(state)
        row = self.level_row(self.classes[cur["class"]]["saves"], self.level(state))
        return dict(zip(self.data["save_names"], row))

    def save_bonuses(self, state: dict) -> dict:
        bonuses: dict[str, int] = {}
        for held in state["careers"]:
            career = self.classes[held["class"]]["careers"].get(held["career"], {})
            for lvl, gains in career.get("save_bonuses", {}).items():
                if int(lvl) <= held["levels"]:
                    for save, n in gains.items():
                        bonuses[save] = bonuses.get(save, 0) + n
        return bonuses

    def skills(self, state: dict) -> list[str]:
        """Every career's skills: a career change keeps the skills."""
        found: list[str] = []
        for held in state["careers"]:
            career = self.classes[held["class"]]["careers"].get(held["career"], {})
            for skill in career.get("skills", []):
                if skill not in found:
                    found.append(skill)
        return found

    def derive(self, state: dict, name: str) -> dict:
        cur = self.current(state)
        cls, career = cur["class"], cur["career"]
        cdata = self.classes[cls]
        cardata = cdata["careers"].get(career, {})
        level = self.level(state)
        baseline = state["baseline"]
        mods = {a: self.modifier(s) for a, s in state["abilities"].items()}
        mod_sum = sum(mods.values())
        nxt = self.next_level_xp(state)
        advance = self._advance_reasons(state, state["last_session"])
        spells = None
        memo = cardata.get("spells_memorized") or cardata.get("miracles_memorized")
        if memo:
            spells = self.level_row(memo, cur["levels"])
        rolls = baseline.get("ability_rolls") if isinstance(baseline.get("ability_rolls"), dict) else {}
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
            "session_cap": xpcalc.session_cap(cdata["xp"], level),
            "xp_lost": state["xp_lost"],
            "wounds": dict(state["wounds"]),
            "stamina": dict(state["stamina"]),
            "starting": state["start"],
            "wounds_die": f"1d{cdata['wounds_die']}",
            "min_wounds": cdata["min_wounds"],
            "stamina_die": f"1d{cdata['stamina_die']}",
            "saves": self.saves(state),
            "save_bonuses": self.save_bonuses(state),
            "status": cardata.get("status", ""),
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
        }

    def class_table(self, cls: str) -> list[dict]:
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

    def options(self, state: dict) -> list[dict]:
        session = state["last_session"]
        level = self.level(state)
        cur = self.current(state)
        base = self._advance_reasons(state, session)
        result = [option("level", f"{cur['class']} {cur['career']}".strip(), level + 1, 0,
                         base, xp_needed=self.next_level_xp(state), session=session)]
        for cls, cdata in self.classes.items():
            for career in cdata["careers"]:
                if (cls, career) == (cur["class"], cur["career"]):
                    continue
                reasons = list(base)
                if any((c["class"], c["career"]) == (cls, career) for c in state["careers"]):
                    reasons.append(f"the character has left the {cls} {career} career")
                result.append(option("career", f"{cls} {career}", level + 1, 0, reasons,
                                     xp_needed=self.next_level_xp(state), session=session,
                                     **{"class": cls, "career": career}))
        return result

    def headline(self, state: dict) -> dict:
        cur = self.current(state)
        return {"Class": cur["class"], "Career": cur["career"], "Level": self.level(state),
                "XP": state["xp"]}

    def balance(self, state: dict) -> int:
        return state["xp"]

    def show_text(self, d: dict) -> str:
        lines = [f"{d['name']}: level {d['level']} {d['class']} {d['career']}".rstrip()]
        if len(d["careers"]) > 1:
            lines.append("careers: " + ", ".join(
                f"{c['class']} {c['career']} {c['levels']}" for c in d["careers"]))
        lines.append(f"status: {d['status'] or '-'}")
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
        return "\n".join(lines)
