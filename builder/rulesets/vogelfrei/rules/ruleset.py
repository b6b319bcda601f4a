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

from builder.rules.base import Ruleset
from builder.rules.interface import RuleSystemParts
from . import data as data_checks
from . import advance, creation, tables, view
from .actions import KINDS
from .creation import SET_KEYS as SET_KEYS  # where it was first defined
from .tally import PARTY_XP
from .view import VFDerived as VFDerived  # where it was first defined

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]

#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = [kind.verb for kind in KINDS]


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

    # -- the data tables (tables.py; their own checks: data.py) --------------------------
    validate_data = staticmethod(data_checks.validate_data)
    public_data = tables.public_data

    @property
    def abilities(self) -> list[str]:
        return tables.abilities(self)

    @property
    def classes(self) -> dict[str, Any]:
        return tables.classes(self)

    @property
    def max_level(self) -> int:
        return tables.max_level(self)

    @property
    def alignments(self) -> list[str]:
        return tables.alignments(self)

    @property
    def default_alignment(self) -> str:
        return tables.default_alignment(self)

    @property
    def statuses(self) -> list[str]:
        return tables.statuses(self)

    @property
    def coins(self) -> dict[str, int]:
        return tables.coins(self)

    @property
    def equipment(self) -> dict[str, Any]:
        return tables.equipment(self)

    catalogue = cached_property(tables.catalogue)
    possible_score = tables.possible_score
    modifier = tables.modifier
    level_row = staticmethod(tables.level_row)
    class_name = tables.class_name
    career_name = tables.career_name
    career_class = tables.career_class
    career_refusal = tables.career_refusal
    alignment_name = tables.alignment_name
    forced_alignment = tables.forced_alignment
    money_text = tables.money_text

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

    # -- creation -------------------------------------------------------------
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        return creation.baseline_from_sets(self, sets, rng=rng, randomize=randomize)

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        return creation.validate_baseline(self, baseline)

    def initial_state(self, baseline: dict[str, Any]) -> dict[str, Any]:
        return creation.initial_state(self, baseline)

    # -- levels, sessions, options (advance.py) ------------------------------------------
    level = staticmethod(advance.level)
    current = staticmethod(advance.current)
    table = advance.table
    next_level_xp = advance.next_level_xp
    session_cap_now = advance.session_cap_now
    capped = advance.capped
    session_record = staticmethod(advance.session_record)
    advance_reasons = advance.advance_reasons
    options = advance.options

    @staticmethod
    def held(state: dict[str, Any], item: str) -> int:
        return sum(line["qty"] for line in state["gear"] if line["item"] == item)

    # -- views ----------------------------------------------------------------------
    def status(self, state: dict[str, Any]) -> str:
        cur = self.current(state)
        return str(self.classes[cur["class"]]["careers"].get(cur["career"], {}).get("status", ""))

    def derive(self, state: dict[str, Any], name: str) -> VFDerived:
        return view.derive(self, state, name)

    def headline(self, state: dict[str, Any]) -> dict[str, Any]:
        return view.headline(self, state)

    def balance(self, state: dict[str, Any]) -> int:
        return int(state["xp"])

    show_text_prints_ledger = False

    def show_text(self, d: dict[str, Any]) -> str:
        return view.show_text(self, d)
