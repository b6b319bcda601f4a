"""Story Points' prerequisite checks: why a Core Vital, a Skill, a Class, a new Class, a
trait rank, a spell or a trait's use is refused in a state, each reason in the words a
player reads (with its code), and the trait and spell choices a Class advance leaves.
The ruleset (:class:`.ruleset.StoryPoints`) answers with these; its actions ask them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rules import vocabulary as vocab
from builder.rules.base import Reason, reason_code

from . import codes
from .state import SPState

if TYPE_CHECKING:
    from .ruleset import StoryPoints


def afford(state: SPState, cost: int) -> list[str]:
    return list(vocab.afford_reasons(cost, state.unspent, "SP"))


def facts_of(state: SPState, **levels: int) -> vocab.Facts:
    """What the advancement records read: every Vital, Skill and Class level
    (``levels`` replaces some: a Class at the level it would reach), the Classes
    held, and the flag ``active``."""
    return vocab.Facts(_Levels(state, levels), _Held(state),
                       _ACTIVE if state.active else _NOT_ACTIVE)


def vital_reasons(rules: StoryPoints, state: SPState, name: str) -> list[str]:
    d = rules.d
    current = state.vitals[name]
    target = current + 1
    reasons: list[str] = []
    if current >= d.vital_max:
        reasons.append(Reason(f"{name} is {current}, the maximum", codes.AT_MAXIMUM))
    reasons += d.unmet("vital", name, facts_of(state), name, target)
    reasons += afford(state, d.price("vital", name, target))
    return reasons


def skill_reasons(rules: StoryPoints, state: SPState, name: str,
                  exchange: bool = False) -> list[str]:
    d = rules.d
    current = state.skills[name]
    target = current + 1
    reasons: list[str] = []
    if current >= d.skill_max:
        reasons.append(Reason(f"{name} is {current}, the maximum", codes.AT_MAXIMUM))
    else:
        reasons += d.unmet("skill", name, facts_of(state), name, target)
    reasons += afford(state, d.price("skill", name, target, exchange))
    return reasons


def class_reasons(rules: StoryPoints, state: SPState, name: str,
                  exchange: bool = False) -> list[str]:
    """Why the Class itself cannot rise (choices of trait and spell aside)."""
    d = rules.d
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
        reasons += d.unmet("class", name, facts_of(state), name, target)
    reasons += afford(state, d.price("class", name, target, exchange))
    return reasons


def entry_reasons(rules: StoryPoints, state: SPState, name: str) -> list[str]:
    d = rules.d
    if state.level(name) > 0:
        return [Reason(f"the character already has {name} (level {state.level(name)})",
                       codes.CLASS_HELD)]
    reasons = d.unmet("new_class", name, facts_of(state), name, 1)
    reasons += afford(state, d.price("new_class", name, 1))
    return reasons


def trait_reasons(rules: StoryPoints, state: SPState, class_name: str, trait: str,
                  level_after: int, facts: vocab.Facts | None = None) -> list[str]:
    """Why ``trait`` cannot take the rank granted at ``class_name`` ``level_after``
    (``facts``: :func:`facts_of` with the Class at ``level_after``, when already made)."""
    d = rules.d
    info = d.classes[class_name]
    if trait not in info.traits:
        return [Reason(f"{trait} is not a {class_name} trait", codes.TRAIT_NOT_OF_CLASS)]
    new_rank = state.rank(class_name, trait) + 1
    facts = facts or facts_of(state, **{class_name: level_after})
    reasons: list[str] = d.unmet("trait", (class_name, trait), facts, trait, new_rank)
    if state.rank(class_name, trait) == 0:
        clash = equivalent_clash(rules, state, class_name, trait)
        if clash:
            reasons.append(equivalence_reason(class_name, trait, clash))
    return reasons


def equivalent_clash(rules: StoryPoints, state: SPState, class_name: str, trait: str
                     ) -> tuple[str, str] | None:
    held = {c: {"traits": cs.traits} for c, cs in state.classes.items()}
    return equivalent_clash_in(rules, held, class_name, trait)


def equivalent_clash_in(rules: StoryPoints, held: dict[str, Any], class_name: str,
                        trait: str) -> tuple[str, str] | None:
    group = rules.d.equivalents.get((class_name, trait))
    if not group:
        return None
    for other_class, other_trait in group[1]:
        if other_class == class_name:
            continue
        if class_name not in rules.d.equivalence_classes and \
                other_class not in rules.d.equivalence_classes:
            continue
        if (held.get(other_class) or {}).get("traits", {}).get(other_trait, 0) > 0:
            return other_class, other_trait
    return None


def equivalence_reason(class_name: str, trait: str, clash: tuple[str, str]) -> str:
    return Reason(f"{trait} ({class_name}) is mechanically equivalent to {clash[1]} "
                  f"({clash[0]}), which the character has; Rangers and Rogues cannot buy "
                  "a second equivalent trait through another Class",
                  codes.TRAIT_EQUIVALENT)


def spell_reasons(rules: StoryPoints, state: SPState, class_name: str, spell: str | None,
                  level_after: int, facts: vocab.Facts | None = None) -> list[str]:
    d = rules.d
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
    facts = facts or facts_of(state, **{class_name: level_after})
    reasons += d.unmet("spell", (class_name, spell), facts, spell, level_after)
    return reasons


def eligible_choices(rules: StoryPoints, state: SPState, class_name: str,
                     level_after: int) -> dict[str, Any]:
    info = rules.d.classes[class_name]
    facts = facts_of(state, **{class_name: level_after})
    traits, blocked = [], {}
    for trait in info.traits:
        why = trait_reasons(rules, state, class_name, trait, level_after, facts)
        if why:
            blocked[trait] = why
        else:
            traits.append(trait)
    spells, blocked_spells = [], {}
    if info.casts_spells:
        for spell in info.spells:
            why = spell_reasons(rules, state, class_name, spell, level_after, facts)
            if why:
                blocked_spells[spell] = why
            else:
                spells.append(spell)
    return {"traits": traits, "spells": spells, "blocked_traits": blocked,
            "blocked_spells": blocked_spells}


def choice_reasons(rules: StoryPoints, state: SPState, class_name: str,
                   level_after: int) -> list[str]:
    """Reasons no legal trait (or spell) choice exists at all."""
    d = rules.d
    info = d.classes[class_name]
    choices = eligible_choices(rules, state, class_name, level_after)
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


def trait_use_reasons(rules: StoryPoints, state: SPState, class_name: str,
                      trait: str) -> list[str]:
    rank = state.rank(class_name, trait)
    if rank == 0:
        return [Reason(f"the character has no ranks in {trait} ({class_name})",
                       codes.TRAIT_NOT_HELD)]
    reasons: list[str] = []
    path = rules.d.trait_path(class_name, trait)
    if state.skills[path.skill] < 1:
        reasons.append(Reason(f"{trait} cannot be used while its Path Skill {path.skill} "
                              "is 0 (training lost; the ranks are kept)",
                              codes.PATH_SKILL_UNTRAINED))
    spent = state.uses_spent.get((class_name, trait), 0)
    if spent >= rank:
        reasons.append(Reason(f"{trait} has no uses left ({rank} of {rank} spent); a "
                              "Rest restores them", codes.TRAIT_NO_USES))
    return reasons


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
