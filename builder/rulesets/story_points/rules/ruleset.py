"""The Story Point development ruleset (id ``story-points``), seeds 000 and 001.

Every rule here carries the reasons a player reads when it says no.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from builder.rules import vocabulary as vocab
from builder.rules.base import (ActionEntry, Ask, Option, Reason, Ruleset, UsageError,
                                match_name, option, reason_code)
from builder.rules.interface import RuleSystemParts
from . import codes, creation, exchange, party, view
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

    def _afford(self, state: SPState, cost: int) -> list[str]:
        return list(vocab.afford_reasons(cost, state.unspent, "SP"))

    def facts(self, state: SPState, **levels: int) -> vocab.Facts:
        """What the advancement records read: every Vital, Skill and Class level
        (``levels`` replaces some: a Class at the level it would reach), the Classes
        held, and the flag ``active``."""
        return vocab.Facts(_Levels(state, levels), _Held(state),
                           _ACTIVE if state.active else _NOT_ACTIVE)

    def vital_reasons(self, state: SPState, name: str) -> list[str]:
        d = self.d
        current = state.vitals[name]
        target = current + 1
        reasons: list[str] = []
        if current >= d.vital_max:
            reasons.append(Reason(f"{name} is {current}, the maximum", codes.AT_MAXIMUM))
        reasons += d.unmet("vital", name, self.facts(state), name, target)
        reasons += self._afford(state, d.price("vital", name, target))
        return reasons

    def skill_reasons(self, state: SPState, name: str, exchange: bool = False) -> list[str]:
        d = self.d
        current = state.skills[name]
        target = current + 1
        reasons: list[str] = []
        if current >= d.skill_max:
            reasons.append(Reason(f"{name} is {current}, the maximum", codes.AT_MAXIMUM))
        else:
            reasons += d.unmet("skill", name, self.facts(state), name, target)
        reasons += self._afford(state, d.price("skill", name, target, exchange))
        return reasons

    def class_reasons(self, state: SPState, name: str, exchange: bool = False) -> list[str]:
        """Why the Class itself cannot rise (choices of trait and spell aside)."""
        d = self.d
        current = state.level(name)
        target = current + 1
        reasons: list[str] = []
        if current == 0:
            reasons.append(Reason(f"the character has no {name} levels yet: enter the Class "
                                  "first", codes.CLASS_NOT_ENTERED))
            return reasons
        if current >= d.class_max:
            reasons.append(Reason(f"{name} is {current}, the maximum", codes.AT_MAXIMUM))
        else:
            reasons += d.unmet("class", name, self.facts(state), name, target)
        reasons += self._afford(state, d.price("class", name, target, exchange))
        return reasons

    def entry_reasons(self, state: SPState, name: str) -> list[str]:
        d = self.d
        if state.level(name) > 0:
            return [Reason(f"the character already has {name} (level {state.level(name)})",
                           codes.CLASS_HELD)]
        reasons = d.unmet("new_class", name, self.facts(state), name, 1)
        reasons += self._afford(state, d.price("new_class", name, 1))
        return reasons

    def trait_reasons(self, state: SPState, class_name: str, trait: str,
                      level_after: int, facts: vocab.Facts | None = None) -> list[str]:
        """Why ``trait`` cannot take the rank granted at ``class_name`` ``level_after``
        (``facts``: :meth:`facts` with the Class at ``level_after``, when already made)."""
        d = self.d
        info = d.classes[class_name]
        if trait not in info.traits:
            return [Reason(f"{trait} is not a {class_name} trait", codes.TRAIT_NOT_OF_CLASS)]
        new_rank = state.rank(class_name, trait) + 1
        facts = facts or self.facts(state, **{class_name: level_after})
        reasons: list[str] = d.unmet("trait", (class_name, trait), facts,
                                         trait, new_rank)
        if state.rank(class_name, trait) == 0:
            clash = self._equivalent_clash(state, class_name, trait)
            if clash:
                reasons.append(self._equivalence_reason(class_name, trait, clash))
        return reasons

    def _equivalent_clash(self, state: SPState, class_name: str, trait: str
                          ) -> tuple[str, str] | None:
        held = {c: {"traits": cs.traits} for c, cs in state.classes.items()}
        return self._equivalent_clash_in(held, class_name, trait)

    def _equivalent_clash_in(self, held: dict[str, Any], class_name: str, trait: str
                             ) -> tuple[str, str] | None:
        group = self.d.equivalents.get((class_name, trait))
        if not group:
            return None
        for other_class, other_trait in group[1]:
            if other_class == class_name:
                continue
            if class_name not in self.d.equivalence_classes and \
                    other_class not in self.d.equivalence_classes:
                continue
            if (held.get(other_class) or {}).get("traits", {}).get(other_trait, 0) > 0:
                return other_class, other_trait
        return None

    def _equivalence_reason(self, class_name: str, trait: str, clash: tuple[str, str]) -> str:
        return Reason(f"{trait} ({class_name}) is mechanically equivalent to {clash[1]} "
                      f"({clash[0]}), which the character has; Rangers and Rogues cannot buy "
                      "a second equivalent trait through another Class",
                      codes.TRAIT_EQUIVALENT)

    def spell_reasons(self, state: SPState, class_name: str, spell: str | None,
                      level_after: int, facts: vocab.Facts | None = None) -> list[str]:
        d = self.d
        info = d.classes[class_name]
        if not info.casts_spells:
            return [Reason(f"{class_name} does not learn spells", codes.NO_SPELLS)
                    ] if spell else []
        if not spell:
            return [Reason(f"{class_name} {level_after} grants one new spell: choose it",
                           codes.SPELL_MISSING)]
        if spell not in info.spells:
            return [Reason(f"{spell} is not a {class_name} spell", codes.SPELL_NOT_OF_CLASS)]
        reasons: list[str] = []
        known = state.classes.get(class_name)
        if known and spell in known.spells:
            reasons.append(Reason(f"{spell} is already known; {class_name} {level_after} "
                                  "needs a new spell", codes.SPELL_KNOWN))
        facts = facts or self.facts(state, **{class_name: level_after})
        reasons += d.unmet("spell", (class_name, spell), facts, spell,
                               level_after)
        return reasons

    def eligible_choices(self, state: SPState, class_name: str, level_after: int) -> dict[str, Any]:
        info = self.d.classes[class_name]
        facts = self.facts(state, **{class_name: level_after})
        traits, blocked = [], {}
        for trait in info.traits:
            why = self.trait_reasons(state, class_name, trait, level_after, facts)
            if why:
                blocked[trait] = why
            else:
                traits.append(trait)
        spells, blocked_spells = [], {}
        if info.casts_spells:
            for spell in info.spells:
                why = self.spell_reasons(state, class_name, spell, level_after, facts)
                if why:
                    blocked_spells[spell] = why
                else:
                    spells.append(spell)
        return {"traits": traits, "spells": spells, "blocked_traits": blocked,
                "blocked_spells": blocked_spells}

    def _choice_reasons(self, state: SPState, class_name: str, level_after: int) -> list[str]:
        """Reasons no legal trait (or spell) choice exists at all."""
        d = self.d
        info = d.classes[class_name]
        choices = self.eligible_choices(state, class_name, level_after)
        reasons: list[str] = []
        untrained = [d.paths[p].skill for p in info.paths if state.skills[d.paths[p].skill] < 1]
        untrained_text = ", ".join(f"{s} {state.skills[s]}" for s in dict.fromkeys(untrained))
        if not choices["traits"]:
            others = sorted({r for rs in choices["blocked_traits"].values() for r in rs
                             if reason_code(r) != codes.PATH_SKILL_UNTRAINED})
            detail = (f"every {class_name} Path Skill is untrained ({untrained_text})"
                      if not others else "; ".join(others[:3]))
            reasons.append(Reason(f"{class_name} {level_after} has no legal trait choice: "
                                  f"{detail}", codes.NO_TRAIT_CHOICE))
        if info.casts_spells and not choices["spells"]:
            others = sorted({r for rs in choices["blocked_spells"].values() for r in rs
                             if reason_code(r) != codes.PATH_SKILL_UNTRAINED})
            if not others:
                detail = f"every {class_name} spell Path Skill is untrained ({untrained_text})"
            elif all(reason_code(r) == codes.SPELL_KNOWN for r in others):
                detail = "every spell its trained Paths offer is already known"
            else:
                detail = "; ".join(others[:3])
            reasons.append(Reason(f"{class_name} {level_after} has no legal new spell: "
                                  f"{detail}", codes.NO_SPELL_CHOICE))
        return reasons

    def trait_use_reasons(self, state: SPState, class_name: str, trait: str) -> list[str]:
        rank = state.rank(class_name, trait)
        if rank == 0:
            return [Reason(f"the character has no ranks in {trait} ({class_name})",
                           codes.TRAIT_NOT_HELD)]
        reasons: list[str] = []
        path = self.d.trait_path(class_name, trait)
        if state.skills[path.skill] < 1:
            reasons.append(Reason(f"{trait} cannot be used while its Path Skill {path.skill} "
                                  "is 0 (training lost; the ranks are kept)",
                                  codes.PATH_SKILL_UNTRAINED))
        spent = state.uses_spent.get((class_name, trait), 0)
        if spent >= rank:
            reasons.append(Reason(f"{trait} has no uses left ({rank} of {rank} spent); a "
                                  "Rest restores them", codes.TRAIT_NO_USES))
        return reasons

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
                reasons += self._choice_reasons(state, name, 1)
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
                    reasons += self._choice_reasons(state, name, target)
                result.append(option("class", name, target, d.price("class", name, target),
                                     reasons, words=("raise-class", name),
                                     asks=(_TRAIT, _SPELL, _EXCHANGE),
                                     core_skills=list(info.core_skills),
                                     casts_spells=info.casts_spells, choices=choices))
        return result

    def plan(self, state: SPState, target: str) -> dict[str, Any]:
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


_ACTIVE = frozenset(("active",))
_NOT_ACTIVE: frozenset[Any] = frozenset()


class _Levels:
    """Every Vital, Skill and Class level of a state, read where it is (no copy: the
    rules ask for a few of them many times over); ``extra`` replaces some."""

    __slots__ = ("state", "extra")

    def __init__(self, state: SPState, extra: dict[str, int]):
        self.state = state
        self.extra = extra

    def get(self, name: str, default: int = 0) -> int:
        if name in self.extra:
            return self.extra[name]
        state = self.state
        held = state.classes.get(name)
        if held is not None:
            return held.level
        if name in state.skills:
            return state.skills[name]
        return state.vitals.get(name, default)


class _Held:
    """The Classes a state has (a level of 1 or more)."""

    __slots__ = ("state",)

    def __init__(self, state: SPState):
        self.state = state

    def __contains__(self, name: object) -> bool:
        held = self.state.classes.get(name) if isinstance(name, str) else None
        return held is not None and held.level > 0


