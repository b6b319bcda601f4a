"""The Story Point development ruleset (id ``story-points``), seeds 000 and 001: its
identity, its folder's parts and what it supports, each method of the rule-system
interface bound to the module of this folder that holds it.

Every rule carries the reasons a player reads when it says no.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rules.base import Plan, Ruleset
from builder.rules.interface import RuleSystemParts
from . import actions as verbs
from . import checks, creation, exchange, increases, names, party, view
from . import data as tables
from .actions import ACTIONS, KINDS
from .creation import SET_KEYS
from .data import SPData
from .state import SPState
from .view import SPDerived as SPDerived  # where it was first defined

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]

if TYPE_CHECKING:
    from builder.rules.chain import Chain


class StoryPoints(Ruleset):
    id = "story-points"
    title = "Story Point development"
    # The parts of its folder, imported only when used (named from this package, so
    # the folder works wherever it is: copied out of the tree, it is a plugin).
    parts = RuleSystemParts(
        data_file=f"{_FOLDER}:data/story-points.json",
        data_schema=f"{_FOLDER}:schema/ruleset-story-points.schema.json",
        character_schema=f"{_FOLDER}:schema/character-story-points.schema.json",
        sheet_module=f"{_FOLDER}.sheet",
        editor=f"{_FOLDER}.ui.editor:StoryPointsEditor",
        creation_form=f"{_FOLDER}.ui.creation:StoryPointsCreationForm",
        dialogs={"party-award": f"{_FOLDER}.ui.party_award:PartyAwardDialog",
                 "exchange": f"{_FOLDER}.ui.exchange:TrainingExchangeDialog"})
    summary_text = ("Core Vitals, Skills and Classes raised with Story Points earned at "
                    "Story Checkpoints and Milestones; ranked Class traits.")
    actions = ACTIONS
    action_kinds = KINDS
    set_keys = SET_KEYS

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.d = SPData(data)

    # -- data (:mod:`.data`; its public shape, :mod:`.view`) ----------------------
    validate_data = staticmethod(tables.validate_data)
    public_data = view.public_data
    data_from_public = staticmethod(view.data_from_public)

    # -- names (:mod:`.names`) --------------------------------------------------
    vital_name = names.vital_name
    skill_name = names.skill_name
    class_name = names.class_name
    trait_name = names.trait_name
    spell_name = names.spell_name

    # -- creation (:mod:`.creation`) --------------------------------------------
    baseline_from_sets = creation.baseline_from_sets
    validate_baseline = creation.validate_baseline
    initial_state = creation.initial_state

    # -- actions (:mod:`.actions`) and their checks (:mod:`.checks`) -------------
    missing_action_text = verbs.missing_action_text
    verb_of = verbs.verb_of
    cost = verbs.cost
    facts = staticmethod(checks.facts_of)
    vital_reasons = checks.vital_reasons
    skill_reasons = checks.skill_reasons
    class_reasons = checks.class_reasons
    entry_reasons = checks.entry_reasons
    trait_reasons = checks.trait_reasons
    spell_reasons = checks.spell_reasons
    eligible_choices = checks.eligible_choices
    trait_use_reasons = checks.trait_use_reasons

    # -- views (:mod:`.view`, :mod:`.increases`) --------------------------------
    derive = view.derive
    options = increases.options

    def plan(self, state: SPState, target: str) -> Plan:
        from .planner import plan

        return plan(self, state, target)

    def chain_graph(self, state: SPState) -> Chain:
        """The advancement chain the window draws (:mod:`.chain`)."""
        from .chain import build_chain

        return build_chain(self, state)

    headline = view.headline
    balance = view.balance

    balance_label = "SP"
    balance_name = "Story Points"
    #: ``show --json`` ledger rows also carry the balance as ``sp_after``.
    balance_row_key = "sp_after"
    #: A Training Exchange pairs Skill or Class increases (campaign exchange).
    exchange_actions = ("raise-skill", "raise-class")
    exchange_refusal = staticmethod(exchange.refusal)
    exchange_terms = party.exchange_terms

    #: award-checkpoint / resolve-milestone (the party award dialog offers them).
    story_milestones = True
    milestone_awards = party.milestone_awards

    show_text_prints_ledger = False
    show_text = view.show_text
