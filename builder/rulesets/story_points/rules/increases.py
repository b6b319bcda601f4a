"""Story Points' options: every next increase (a Core Vital, a Skill, a Class level or a
new Class) with its price, every reason the rules refuse it, the ``do`` words that take
it and what taking it asks of the player (a trait, a spell, a scene, a Training
Exchange)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from builder.rules.base import Ask, Option, option

from . import checks
from .state import SPState

if TYPE_CHECKING:
    from .ruleset import StoryPoints

#: What taking an option asks of the player (see ``Option.words_with``).
_TRAIT = Ask("--trait", required=True)
_SPELL = Ask("--spell")
_SCENE = Ask("--scene", required=True)
_EXCHANGE = Ask("--exchange", switch=True)


def options(rules: StoryPoints, state: SPState) -> list[Option]:
    d = rules.d
    result = []
    for name in d.vitals:
        target = state.vitals[name] + 1
        result.append(option("vital", name, target, d.price("vital", name, target),
                             rules.vital_reasons(state, name),
                             words=("raise-vital", name)))
    for name in d.skills:
        target = state.skills[name] + 1
        result.append(option("skill", name, target, d.price("skill", name, target),
                             rules.skill_reasons(state, name),
                             words=("raise-skill", name), asks=(_EXCHANGE,),
                             linked_vital=d.skills[name]))
    for name, info in d.classes.items():
        current = state.level(name)
        if current == 0:
            reasons = rules.entry_reasons(state, name)
            choices = rules.eligible_choices(state, name, 1)
            reasons += checks.choice_reasons(rules, state, name, 1)
            result.append(option("new-class", name, 1, d.price("new_class", name, 1), reasons,
                                 words=("enter-class", name),
                                 asks=(_TRAIT, _SPELL, _SCENE),
                                 core_skills=list(info.core_skills), needs_scene=True,
                                 casts_spells=info.casts_spells, choices=choices))
        else:
            target = current + 1
            reasons = rules.class_reasons(state, name)
            choices = rules.eligible_choices(state, name, target)
            if current < d.class_max:
                reasons += checks.choice_reasons(rules, state, name, target)
            result.append(option("class", name, target, d.price("class", name, target),
                                 reasons, words=("raise-class", name),
                                 asks=(_TRAIT, _SPELL, _EXCHANGE),
                                 core_skills=list(info.core_skills),
                                 casts_spells=info.casts_spells, choices=choices))
    return result
