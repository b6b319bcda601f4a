"""The ``ability-bonuses`` ruleset: baseline, ledger actions and the Abilities Card.

Baseline (the creation record, first part of the character's record)::

    {"method": "chosen" | "random",
     "abilities": {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0},
     "rolls": [2, 2, 4, 1],      # every d4 of the random allocation, rerolls included
     "age": null | "young" | "mature" | "old",   # null: the Aging rule is off
     "age_roll": null | 1..20}   # the d20 when the age was rolled at creation

The rolls are checked on every load: a random allocation whose recorded rolls
do not give the recorded bonuses is reported as a problem (``check``).

Ledger actions::

    {"action": "modify", "ability": "MIG", "value": 1, "name": "Bless"}
    {"action": "unmodify", "name": "Bless"}
    {"action": "set-age", "age": "mature"}     # "age": null switches the Aging rule off
"""
from __future__ import annotations

from typing import Any

from builder.rules.base import Ruleset
from builder.rules.interface import RuleSystemParts
from . import actions as verbs
from . import ages, creation, figures, names, view
from . import data as tables
from .actions import ACTIONS, KINDS
# The show --json shapes, still importable from here.
from .view import ABDerived as ABDerived
from .view import AgeCategoryView as AgeCategoryView
from .view import ModifierView as ModifierView

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]


class AbilityBonuses(Ruleset):
    id = "ability-bonuses"
    title = "Ability Bonuses"
    # The parts of its folder, imported only when used (named from this package, so
    # the folder works wherever it is: copied out of the tree, it is a plugin).
    parts = RuleSystemParts(
        data_file=f"{_FOLDER}:data/ability-bonuses.json",
        data_schema=f"{_FOLDER}:schema/ruleset-ability-bonuses.schema.json",
        character_schema=f"{_FOLDER}:schema/character-ability-bonuses.schema.json",
        sheet_module=f"{_FOLDER}.sheet",
        editor=f"{_FOLDER}.ui.editor:AbilityBonusesEditor",
        creation_form=f"{_FOLDER}.ui.form:AbilityBonusesForm")
    summary_text = ("Distribute +3, +2, +1 and +0 over MIG, DEX, CHA and FOC (or roll them); "
                    "the Abilities Card derives the rest.")
    actions = ACTIONS
    action_kinds = KINDS
    set_keys = ("MIG=N", "DEX=N", "CHA=N", "FOC=N  (+3, +2, +1 and +0, one each; or --random)",
                "age=young|mature|old|roll|off  (switches the Aging rule on)")

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.title = data.get("title", self.title)
        self.summary_text = data.get("summary", self.summary_text)
        self.bonuses: list[int] = list(data["bonuses"])
        self.die_faces: list[str] = list(data["allocation_die"])
        self.other_start: dict[str, int] = dict(data["other_start"])
        self.dc_base: int = int(data["effect_dc_base"])
        self.age_die: int = int(data["aging"]["die"])
        self.age_categories: list[dict[str, Any]] = list(data["aging"]["categories"])
        self.ability_names: dict[str, str] = {a["abbrev"]: a["name"] for a in data["abilities"]}

    # -- data ---------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict[str, Any]) -> list[str]:
        """What the tables must agree on, which the JSON Schema (checked first, see
        ``data_schema``: every key, type and bound, the bonuses and the allocation die)
        cannot say (:func:`.data.table_problems`), after the shared base's check."""
        return super().validate_data(data) or tables.table_problems(data)

    # -- names and the Aging rule (:mod:`.names`, :mod:`.ages`) ------------------
    ability_key = names.ability_key
    age_key = names.age_key
    age_category = ages.age_category
    age_for_roll = ages.age_for_roll
    age_name = ages.age_name
    age_modifiers = ages.age_modifiers

    # -- creation (:mod:`.creation`) ------------------------------------------
    roll_age = ages.roll_age
    chosen_baseline = creation.chosen_baseline
    random_baseline = creation.random_baseline
    baseline_from_sets = creation.baseline_from_sets
    validate_baseline = creation.validate_baseline
    initial_state = creation.initial_state

    # -- actions (:mod:`.actions`) --------------------------------------------
    missing_action_text = verbs.missing_action_text
    unknown_action = verbs.unknown_action

    # -- the Abilities Card and the views (:mod:`.figures`, :mod:`.view`) -------
    base_abilities = figures.base_abilities
    effective_abilities = figures.effective_abilities
    card = figures.card
    preview = figures.preview
    derive = view.derive
    options = view.options
    headline = view.headline
    show_text_prints_ledger = False
    show_text = view.show_text
