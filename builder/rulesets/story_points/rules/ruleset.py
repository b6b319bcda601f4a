"""The Story Point development ruleset (id ``story-points``), seeds 000 and 001.

Every rule here carries the reasons a player reads when it says no.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from builder.rules import vocabulary as vocab
from builder.rules.base import (ActionEntry, Ask, Option, Plan, Ruleset, UsageError,
                                match_name, option)
from builder.rules.interface import RuleSystemParts
from . import checks, creation, exchange, party, view
from .creation import SET_KEYS
from .actions import KINDS
from .data import SPData, validate_data
from .state import SPState
from .view import SPDerived as SPDerived  # where it was first defined

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]

if TYPE_CHECKING:
    from builder.rules.chain import Chain

#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = tuple(kind.verb for kind in KINDS)





#: What taking an option asks of the player (see ``Option.words_with``).
_TRAIT = Ask("--trait", required=True)
_SPELL = Ask("--spell")
_SCENE = Ask("--scene", required=True)
_EXCHANGE = Ask("--exchange", switch=True)


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
        creation_form=f"{_FOLDER}.ui.creation:StoryPointsCreationForm")
    summary_text = ("Core Vitals, Skills and Classes raised with Story Points earned at "
                    "Story Checkpoints and Milestones; ranked Class traits.")
    actions = ACTIONS
    action_kinds = KINDS
    set_keys = SET_KEYS

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.d = SPData(data)

    @classmethod
    def validate_data(cls, data: Any) -> list[str]:
        return validate_data(data)

    # ------------------------------------------------------------------ data
    def public_data(self) -> dict[str, Any]:
        return view.public_data(self)

    @classmethod
    def data_from_public(cls, data: Any) -> Any:
        """``data story-points --json`` output (names as keys, Vitals as a list of names)
        back into the data file's shape; anything else unchanged (the schema judges it)."""
        if not (isinstance(data, dict) and isinstance(data.get("skills"), dict)
                and isinstance(data.get("classes"), dict)):
            return data
        try:
            raw = {k: v for k, v in data.items()
                   if k not in ("vitals", "skills", "classes", "paths")}
            vitals = data.get("vitals", [])
            raw["vitals"] = [{"name": v} if isinstance(v, str) else v for v in vitals]
            raw["skills"] = [{"name": n, "vital": v} for n, v in data["skills"].items()]
            raw["classes"] = [{"name": n, "core_skills": c.get("core_skills"),
                               "casts_spells": c.get("casts_spells", False)}
                              for n, c in data["classes"].items()]
            paths = data.get("paths", {})
            raw["paths"] = [{"name": n, **{k: p[k] for k in ("class", "skill", "traits",
                                                              "spells") if k in p}}
                            for n, p in paths.items()] if isinstance(paths, dict) else paths
            limits = data.get("limits")
            if isinstance(limits, dict):
                raw["limits"] = {key: limits[key] for key in
                                 ("vital_min", "vital_max", "skill_max", "class_max", "vit_max")
                                 if key in limits}
            costs = data.get("costs")
            if isinstance(costs, dict):
                raw["costs"] = {key: costs[key] for key in
                                ("vital_per_score", "skill_per_level", "class_per_level",
                                 "new_class", "training_exchange_discount",
                                 "training_exchange_floor") if key in costs}
            return raw
        except (AttributeError, TypeError):
            return data

    # -------------------------------------------------------------- names
    def vital_name(self, name: str) -> str:
        return match_name(name, self.d.vitals, "Core Vital")

    def skill_name(self, name: str) -> str:
        return match_name(name, self.d.skills, "Skill")

    def class_name(self, name: str) -> str:
        return match_name(name, self.d.classes, "Class")

    def trait_name(self, class_name: str, name: str) -> str:
        """A trait name: the Class's own, or another Class's (the rules then refuse it).

        Only a name no Class has is a usage error."""
        own = self.d.classes[class_name].traits
        everywhere = [t for c in self.d.classes.values() for t in c.traits]
        try:
            return match_name(name, own, f"{class_name} trait")
        except UsageError:
            try:
                return match_name(name, everywhere, "trait")
            except UsageError:
                raise UsageError(f"unknown trait '{name}'; valid {class_name} traits: "
                                 + ", ".join(own)) from None

    def spell_name(self, class_name: str, name: str) -> str:
        own = self.d.classes[class_name].spells
        everywhere = [s for c in self.d.classes.values() for s in c.spells]
        try:
            return match_name(name, own, f"{class_name} spell")
        except UsageError:
            try:
                return match_name(name, everywhere, "spell")
            except UsageError:
                valid = (f"valid {class_name} spells: " + ", ".join(own)) if own else \
                    f"{class_name} does not learn spells"
                raise UsageError(f"unknown spell '{name}'; {valid}") from None

    # ----------------------------------------------------------- creation
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        return creation.baseline_from_sets(self, sets, rng=rng, randomize=randomize)

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        return creation.validate_baseline(self, baseline)

    def initial_state(self, baseline: dict[str, Any]) -> SPState:
        return creation.initial_state(self, baseline)

    # ------------------------------------------------------------ actions
    def missing_action_text(self) -> str:
        return "no action given; story-points actions: " + ", ".join(ACTIONS)

    def verb_of(self, word: str) -> str:
        verb = word.strip().casefold()
        if verb not in self.kinds:
            raise UsageError(f"unknown action '{word}'; story-points actions: "
                             + ", ".join(ACTIONS))
        return verb

    def cost(self, state: SPState, action: ActionEntry) -> int:
        """The SP an action costs (Training Exchange applied), 0 for one that is not
        an increase."""
        return self.action_cost(state, action)

    def facts(self, state: SPState, **levels: int) -> vocab.Facts:
        """What the advancement records read (:func:`.checks.facts_of`)."""
        return checks.facts_of(state, **levels)

    def vital_reasons(self, state: SPState, name: str) -> list[str]:
        return checks.vital_reasons(self, state, name)

    def skill_reasons(self, state: SPState, name: str, exchange: bool = False) -> list[str]:
        return checks.skill_reasons(self, state, name, exchange)

    def class_reasons(self, state: SPState, name: str, exchange: bool = False) -> list[str]:
        return checks.class_reasons(self, state, name, exchange)

    def entry_reasons(self, state: SPState, name: str) -> list[str]:
        return checks.entry_reasons(self, state, name)

    def trait_reasons(self, state: SPState, class_name: str, trait: str,
                      level_after: int, facts: vocab.Facts | None = None) -> list[str]:
        return checks.trait_reasons(self, state, class_name, trait, level_after, facts)

    def spell_reasons(self, state: SPState, class_name: str, spell: str | None,
                      level_after: int, facts: vocab.Facts | None = None) -> list[str]:
        return checks.spell_reasons(self, state, class_name, spell, level_after, facts)

    def eligible_choices(self, state: SPState, class_name: str, level_after: int) -> dict[str, Any]:
        return checks.eligible_choices(self, state, class_name, level_after)

    def trait_use_reasons(self, state: SPState, class_name: str, trait: str) -> list[str]:
        return checks.trait_use_reasons(self, state, class_name, trait)

    # ------------------------------------------------------------- views
    def derive(self, state: SPState, name: str) -> SPDerived:
        return view.derive(self, state, name)

    def options(self, state: SPState) -> list[Option]:
        d = self.d
        result = []
        for name in d.vitals:
            target = state.vitals[name] + 1
            result.append(option("vital", name, target, d.price("vital", name, target),
                                 self.vital_reasons(state, name),
                                 words=("raise-vital", name)))
        for name in d.skills:
            target = state.skills[name] + 1
            result.append(option("skill", name, target, d.price("skill", name, target),
                                 self.skill_reasons(state, name),
                                 words=("raise-skill", name), asks=(_EXCHANGE,),
                                 linked_vital=d.skills[name]))
        for name, info in d.classes.items():
            current = state.level(name)
            if current == 0:
                reasons = self.entry_reasons(state, name)
                choices = self.eligible_choices(state, name, 1)
                reasons += checks.choice_reasons(self, state, name, 1)
                result.append(option("new-class", name, 1, d.price("new_class", name, 1), reasons,
                                     words=("enter-class", name),
                                     asks=(_TRAIT, _SPELL, _SCENE),
                                     core_skills=list(info.core_skills), needs_scene=True,
                                     casts_spells=info.casts_spells, choices=choices))
            else:
                target = current + 1
                reasons = self.class_reasons(state, name)
                choices = self.eligible_choices(state, name, target)
                if current < d.class_max:
                    reasons += checks.choice_reasons(self, state, name, target)
                result.append(option("class", name, target, d.price("class", name, target),
                                     reasons, words=("raise-class", name),
                                     asks=(_TRAIT, _SPELL, _EXCHANGE),
                                     core_skills=list(info.core_skills),
                                     casts_spells=info.casts_spells, choices=choices))
        return result

    def plan(self, state: SPState, target: str) -> Plan:
        from .planner import plan

        return plan(self, state, target)

    def chain_graph(self, state: SPState) -> Chain:
        """The advancement chain the window draws (:mod:`.chain`)."""
        from .chain import build_chain

        return build_chain(self, state)

    def headline(self, state: SPState) -> dict[str, Any]:
        return view.headline(self, state)

    def balance(self, state: SPState) -> int:
        return state.unspent

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

    def show_text(self, derived: dict[str, Any]) -> str:
        return view.show_text(self, derived)
