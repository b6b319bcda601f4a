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
from typing import Any, Mapping, Sequence

from builder.rules.base import (SESSION_TAKEN, Action, Ask, Option,
                                Reason, Ruleset, match_name, option)
from builder.rules.interface import RuleSystemParts
from . import codes
from . import possessions as gear
from . import xp as xpcalc
from . import creation, view
from .actions import KINDS
from .data import data_problems
from .creation import SET_KEYS as SET_KEYS  # where it was first defined
from .tally import PARTY_XP
from .view import VFDerived as VFDerived  # where it was first defined

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]

#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = [kind.verb for kind in KINDS]
#: What a level-up or career change asks of the player (``Option.words_with``).
_ADVANCE_ASKS = (Ask("--session", required=True), Ask("--roll"))
_ALIGNMENT_WORDS = {"orderly": "Order", "neutral": "Neutrality", "chaotic": "Chaos"}




class VogelfreiRuleset(Ruleset):
    id = "vogelfrei"
    title = "Vogelfrei"
    # The parts of its folder, imported only when used (named from this package, so
    # the folder works wherever it is: copied out of the tree, it is a plugin).
    # The dialogs: the one Party XP dialog (open characters or a campaign's members).
    parts = RuleSystemParts(
        data_file=f"{_FOLDER}:data/vogelfrei.json",
        data_schema=f"{_FOLDER}:schema/ruleset-vogelfrei.schema.json",
        character_schema=f"{_FOLDER}:schema/character-vogelfrei.schema.json",
        sheet_module=f"{_FOLDER}.sheet",
        editor=f"{_FOLDER}.ui.editor:VogelfreiEditor",
        creation_form=f"{_FOLDER}.ui.creation:VogelfreiCreationForm",
        dialogs={"party-xp": f"{_FOLDER}.ui.party_xp:PartyXpDialog"})
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
            return data_problems(data)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            return [f"the data is malformed ({exc}); check it against its schema"]

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

    def possible_score(self, score: int) -> bool:
        """A score 3d6 can give (a typed 2 is none)."""
        return score in creation.ABILITY_SCORES

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
        return creation.career_status(self, cls, career)

    def money_roll_spec(self, status: str | None, level: int) -> dict[str, Any] | None:
        """{count, die, times, coin, formula} for a Status at a level, or None."""
        return creation.money_roll_spec(self, status, level)

    def creation_notes(self, derived: Mapping[str, Any], given: Sequence[str]) -> list[str]:
        """Starting money is rolled from the career's Status: a career that gives none,
        and no Status or money set, leaves the purse empty."""
        status_key = next((key.split()[0] for key in self.set_keys
                           if key.startswith("status=")), None)
        if status_key is None or {"status", "money"} & set(given) \
                or not derived.get("status_note"):
            return []
        return ["no starting money was rolled, as the career gives no Status; to roll it, "
                f"create the character again with --set {status_key}"]

    def money_text(self, bp: int) -> str:
        return gear.money_text(bp, self.coins)

    # -- creation -------------------------------------------------------------
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        return creation.baseline_from_sets(self, sets, rng=rng, randomize=randomize)

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        return creation.validate_baseline(self, baseline)

    def initial_state(self, baseline: dict[str, Any]) -> dict[str, Any]:
        return creation.initial_state(self, baseline)

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

    def derive(self, state: dict[str, Any], name: str) -> VFDerived:
        return view.derive(self, state, name)

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
        return view.headline(self, state)

    def balance(self, state: dict[str, Any]) -> int:
        return int(state["xp"])

    show_text_prints_ledger = False

    def show_text(self, d: dict[str, Any]) -> str:
        return view.show_text(self, d)
