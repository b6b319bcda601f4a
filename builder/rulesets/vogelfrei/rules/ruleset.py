"""The Vogelfrei rule system's class: its identity and manifest (parts, actions, set keys,
capabilities), and the rule-system interface bound to the modules that hold the rules:
tables.py (the data tables), data.py (the data's own checks), creation.py (baselines and
the starting state), advance.py (levels, sessions, options), view.py and possessions.py
(what ``show`` prints, what a character holds) and actions.py (one class per action)."""
from __future__ import annotations

from functools import cached_property
from typing import Any

from builder.rules.base import Ruleset
from builder.rules.interface import RuleSystemParts
from . import data as data_checks
from . import possessions as gear
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
    #: show_text prints no ledger rows (so ``show`` does not work them out).
    show_text_prints_ledger = False

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

    # -- creation (creation.py) ----------------------------------------------------------
    baseline_from_sets = creation.baseline_from_sets
    validate_baseline = creation.validate_baseline
    initial_state = creation.initial_state
    career_status = creation.career_status
    money_roll_spec = creation.money_roll_spec
    creation_notes = creation.creation_notes

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

    # -- views of the state (view.py, possessions.py) ------------------------------------
    held = staticmethod(gear.held)
    status = view.status
    derive = view.derive
    headline = view.headline
    balance = view.balance

    def show_text(self, d: dict[str, Any]) -> str:   # a method: mypy holds a binding to `derived`
        return view.show_text(self, d)
