"""The nine Story Point actions, one class each (see :class:`builder.rules.base.ActionKind`),
and the verbs as a whole: their list, what ``do`` says without one or with one no kind
has, and what an action costs.

Each kind parses its ``do`` words, checks, applies, prices and describes one verb; the
ruleset (:class:`.ruleset.StoryPoints`) lists them in ``action_kinds`` and the ruleset
base dispatches by verb through one table.  The rules a kind shares with the options,
the chain and the planner (why a Skill cannot rise, which traits a Class level may
take) are methods of the ruleset (bound from :mod:`.checks`), which the kinds ask
(``self.rules``).
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from builder.rules.base import (Action, ActionEntry, ActionKind, Reason, UsageError, action_parser,
                                parse_yes_no)
from . import codes
from .state import ClassState, SPState, key

if TYPE_CHECKING:
    from .ruleset import StoryPoints


def _text(value: str, what: str) -> str:
    value = " ".join(str(value).split())
    if not value:
        raise UsageError(f"the {what} needs a name")
    return value


class SPAction(ActionKind["StoryPoints", SPState]):
    """A Story Point action: applying it pays its :meth:`cost` in SP, then makes
    its :meth:`change` (on a copy of the state, or on the state a replay gives up)."""

    rules: StoryPoints

    def parser(self, description: str = "") -> argparse.ArgumentParser:
        return action_parser(f"do {self.verb}", description)

    def apply(self, state: SPState, action: Action) -> SPState:
        return self.advance(state.copy(), action)

    def advance(self, state: SPState, action: Action) -> SPState:
        price = self.cost(state, action)
        state.unspent -= price
        state.spent += price
        self.change(state, action)
        return state

    def change(self, state: SPState, action: Action) -> None:
        """What the action changes, on the state :meth:`advance` was given (SP paid)."""


class AwardCheckpoint(SPAction):
    verb = "award-checkpoint"

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("milestone", help="the milestone the checkpoint belongs to")
        p.add_argument("checkpoint", help="the checkpoint reached (it earns its Story Points)")
        a = p.parse_args(list(words))
        return Action(self.verb, {"milestone": _text(a.milestone, "milestone"),
                                  "checkpoint": _text(a.checkpoint, "checkpoint")})

    def check(self, state: SPState, action: Action) -> list[str]:
        m, c = key(action.value("milestone", "")), key(action.value("checkpoint", ""))
        if not m or not c:
            return [Reason("a Story Checkpoint needs a milestone and a checkpoint name",
                           codes.MILESTONE_UNNAMED)]
        label = state.labels.get(m, action.value("milestone"))
        if m in state.resolved:
            return [Reason(f"the Story Milestone '{label}' is already resolved; its "
                           "checkpoints are closed", codes.MILESTONE_RESOLVED)]
        if c in state.checkpoints.get(m, set()):
            return [Reason(f"the Story Checkpoint '{action.value('checkpoint')}' of '{label}' "
                           "was already awarded; a checkpoint is never awarded twice",
                           codes.CHECKPOINT_AWARDED)]
        return []

    def change(self, state: SPState, action: Action) -> None:
        milestone, checkpoint = action.text("milestone"), action.text("checkpoint")
        m = key(milestone)
        state.labels.setdefault(m, milestone)
        state.labels.setdefault(m + "\x00" + key(checkpoint), checkpoint)
        state.checkpoints.setdefault(m, set()).add(key(checkpoint))
        award = self.rules.d.checkpoint_award
        state.unspent += award
        state.earned += award

    def describe(self, action: Action) -> str:
        return (f"Awarded checkpoint {action.value('checkpoint')} "
                f"({action.value('milestone')})")


class ResolveMilestone(SPAction):
    verb = "resolve-milestone"

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("milestone", help="the milestone resolved (it earns its Story Points)")
        a = p.parse_args(list(words))
        return Action(self.verb, {"milestone": _text(a.milestone, "milestone")})

    def check(self, state: SPState, action: Action) -> list[str]:
        m = key(action.value("milestone", ""))
        if not m:
            return [Reason("a Story Milestone needs a name", codes.MILESTONE_UNNAMED)]
        if m in state.resolved:
            return [Reason(f"the Story Milestone '{state.labels.get(m, action.value('milestone'))}'"
                           " is already resolved", codes.MILESTONE_RESOLVED)]
        return []

    def change(self, state: SPState, action: Action) -> None:
        milestone = action.text("milestone")
        m = key(milestone)
        state.labels.setdefault(m, milestone)
        state.resolved.add(m)
        award = self.rules.d.milestone_award
        state.unspent += award
        state.earned += award

    def describe(self, action: Action) -> str:
        return f"Resolved milestone {action.value('milestone')}"


class _Raise(SPAction):
    """An increase of one Vital, Skill or Class level: the ledger records the level it
    reaches (``target``), and a replayed entry whose target no longer matches is refused."""

    def current(self, state: SPState, name: str) -> int:
        """The level ``name`` has now."""
        raise NotImplementedError

    def step_reasons(self, state: SPState, action: Action) -> list[str]:
        """Every reason the increase is refused (the target aside)."""
        raise NotImplementedError

    def check(self, state: SPState, action: Action) -> list[str]:
        reasons = self.step_reasons(state, action)
        target = action.value("target")
        if target is None:
            return reasons
        name = action.text("name")
        try:
            expected = self.current(state, name) + 1
        except KeyError:
            return reasons                    # an unknown name: its reason says so
        if target != expected:
            # written at another level (an entry merged twice, or out of order): that is
            # why, not what the level it would reach needs
            return [Reason(f"the entry says {name} {target}, but it would become "
                           f"{expected}", codes.TARGET_MISMATCH)]
        return reasons

    def describe(self, action: Action) -> str:
        name, target = action.value("name"), action.value("target")
        exch = " with a Training Exchange" if action.value("exchange") else ""
        return f"Raised {name} to {target}{exch}" if target else f"Raised {name}{exch}"


class RaiseVital(_Raise):
    verb = "raise-vital"

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("name", help="the Vital to raise by one level, e.g. Agility")
        p.add_argument("--exchange", action="store_true",
                       help="taken in a Training Exchange (only Skills and Classes may be)")
        a = p.parse_args(list(words))
        args: dict[str, object] = {"name": self.rules.vital_name(a.name)}
        if a.exchange:  # the rules refuse it, with the reason
            args["exchange"] = True
        return Action(self.verb, args)

    def resolve(self, state: SPState, action: Action, rng: random.Random) -> Action:
        name = action.value("name")
        if name in state.vitals:
            return action.with_args(target=state.vitals[name] + 1)
        return action

    def current(self, state: SPState, name: str) -> int:
        return state.vitals[name]

    def step_reasons(self, state: SPState, action: Action) -> list[str]:
        name = action.value("name")
        if name not in state.vitals:
            return [Reason(f"'{name}' is not a Core Vital", codes.UNKNOWN_NAME)]
        if action.value("exchange"):
            return [Reason("a Training Exchange never reduces a Core Vital increase",
                           codes.EXCHANGE_VITAL)]
        return self.rules.vital_reasons(state, name)

    def cost(self, state: SPState, action: Action) -> int:
        name = str(action.value("name"))   # a Training Exchange never reduces it
        return self.rules.d.price("vital", name, state.vitals.get(name, 0) + 1)

    def change(self, state: SPState, action: Action) -> None:
        state.vitals[action.text("name")] += 1
        new_max = self.rules.d.max_vit_for(state.vitals_total)
        if new_max > state.vit_max:
            state.vit_current += new_max - state.vit_max   # Ready AD follow (body - wounded)
            state.vit_max = new_max


class RaiseSkill(_Raise):
    verb = "raise-skill"

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("name", help="the Skill to raise by one level, e.g. Medicine")
        p.add_argument("--exchange", action="store_true",
                       help="taken in a Training Exchange with another character")
        a = p.parse_args(list(words))
        args: dict[str, object] = {"name": self.rules.skill_name(a.name)}
        if a.exchange:
            args["exchange"] = True
        return Action(self.verb, args)

    def resolve(self, state: SPState, action: Action, rng: random.Random) -> Action:
        name = action.value("name")
        if name in state.skills:
            return action.with_args(target=state.skills[name] + 1)
        return action

    def current(self, state: SPState, name: str) -> int:
        return state.skills[name]

    def step_reasons(self, state: SPState, action: Action) -> list[str]:
        name = action.value("name")
        if name not in state.skills:
            return [Reason(f"'{name}' is not a Skill", codes.UNKNOWN_NAME)]
        return self.rules.skill_reasons(state, name, bool(action.value("exchange")))

    def cost(self, state: SPState, action: Action) -> int:
        name = str(action.value("name"))
        return self.rules.d.price("skill", name, state.skills.get(name, 0) + 1,
                                  bool(action.value("exchange")))

    def change(self, state: SPState, action: Action) -> None:
        state.skills[action.text("name")] += 1


class _ClassLevel(_Raise):
    """A Class level with its choices: one trait rank, and for casters one new spell."""

    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        """The arguments after ``--trait`` and ``--spell``."""

    def more_args(self, a: argparse.Namespace) -> dict[str, object]:
        """The ledger's arguments after the name, trait and spell."""
        return {}

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("name", help="the Class, e.g. Fighter")
        p.add_argument("--trait", required=True,
                       help="the trait that gains a rank at this level")
        p.add_argument("--spell", help="for a caster: the new spell learnt at this level")
        self.add_arguments(p)
        a = p.parse_args(list(words))
        rules = self.rules
        cname = rules.class_name(a.name)
        args: dict[str, object] = {"name": cname, "trait": rules.trait_name(cname, a.trait)}
        if a.spell is not None:
            args["spell"] = rules.spell_name(cname, a.spell)
        args.update(self.more_args(a))
        return Action(self.verb, args)

    def current(self, state: SPState, name: str) -> int:
        return state.level(name)

    def change(self, state: SPState, action: Action) -> None:
        cls = state.classes.setdefault(action.text("name"), ClassState(0))
        cls.level += 1                      # the Class level first...
        trait = action.text("trait")
        cls.traits[trait] = cls.traits.get(trait, 0) + 1   # ...then its rank
        if action.value("spell"):
            cls.spells.append(action.text("spell"))

    def head(self, action: Action) -> str:
        """The sentence's start: what happened to the Class."""
        raise NotImplementedError

    def tail(self, action: Action) -> str:
        """What the sentence says after the choices (an entry's scene)."""
        return ""

    def describe(self, action: Action) -> str:
        extra = f": a rank in {action.value('trait')}"
        if action.value("spell"):
            extra += f", the spell {action.value('spell')}"
        exch = " with a Training Exchange" if action.value("exchange") else ""
        return self.head(action) + extra + self.tail(action) + exch


class RaiseClass(_ClassLevel):
    verb = "raise-class"

    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        p.add_argument("--exchange", action="store_true",
                       help="taken in a Training Exchange with another character")

    def more_args(self, a: argparse.Namespace) -> dict[str, object]:
        return {"exchange": True} if a.exchange else {}

    def resolve(self, state: SPState, action: Action, rng: random.Random) -> Action:
        return action.with_args(target=state.level(action.text("name")) + 1)

    def step_reasons(self, state: SPState, action: Action) -> list[str]:
        rules = self.rules
        name = action.value("name")
        if name not in rules.d.classes:
            return [Reason(f"'{name}' is not a Class", codes.UNKNOWN_NAME)]
        reasons = rules.class_reasons(state, name, bool(action.value("exchange")))
        if state.level(name) == 0:
            return reasons
        level_after = state.level(name) + 1
        reasons += rules.trait_reasons(state, name, action.value("trait", ""), level_after)
        reasons += rules.spell_reasons(state, name, action.value("spell"), level_after)
        return reasons

    def cost(self, state: SPState, action: Action) -> int:
        name = str(action.value("name"))
        return self.rules.d.price("class", name, state.level(name) + 1,
                                  bool(action.value("exchange")))

    def head(self, action: Action) -> str:
        name, target = action.value("name"), action.value("target")
        return f"Raised {name} to {target}" if target else f"Raised {name}"


class EnterClass(_ClassLevel):
    verb = "enter-class"

    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        p.add_argument("--scene", required=True,
                       help="the scene in which the character entered the Class")

    def more_args(self, a: argparse.Namespace) -> dict[str, object]:
        return {"scene": a.scene.strip()}

    def resolve(self, state: SPState, action: Action, rng: random.Random) -> Action:
        return action.with_args(target=1)

    def check(self, state: SPState, action: Action) -> list[str]:
        # an entry's target is always 1: nothing to compare
        return self.step_reasons(state, action)

    def step_reasons(self, state: SPState, action: Action) -> list[str]:
        rules = self.rules
        name = action.value("name")
        if name not in rules.d.classes:
            return [Reason(f"'{name}' is not a Class", codes.UNKNOWN_NAME)]
        reasons = rules.entry_reasons(state, name)
        if not str(action.value("scene", "")).strip():
            reasons.append(Reason(f"entering {name} needs an achievement or training scene",
                                  codes.SCENE_MISSING))
        if state.level(name) == 0:
            reasons += rules.trait_reasons(state, name, action.value("trait", ""), 1)
            reasons += rules.spell_reasons(state, name, action.value("spell"), 1)
        return reasons

    def cost(self, state: SPState, action: Action) -> int:
        return self.rules.d.price("new_class", str(action.value("name")), 1,
                                  bool(action.value("exchange")))

    def head(self, action: Action) -> str:
        return f"Entered {action.value('name')}"

    def tail(self, action: Action) -> str:
        scene = action.value("scene")
        return f" (scene: {scene})" if scene else ""


class UseTrait(SPAction):
    verb = "use-trait"

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("class_name", metavar="class",
                       help="the Class the trait belongs to")
        p.add_argument("trait", help="the trait used (one of its uses until the next rest)")
        a = p.parse_args(list(words))
        cname = self.rules.class_name(a.class_name)
        return Action(self.verb, {"class": cname, "trait": self.rules.trait_name(cname, a.trait)})

    def check(self, state: SPState, action: Action) -> list[str]:
        classes = self.rules.d.classes
        cname, trait = action.value("class"), action.value("trait")
        if cname not in classes or trait not in classes[cname].traits:
            return [Reason(f"'{trait}' is not a {cname} trait", codes.UNKNOWN_NAME)]
        return self.rules.trait_use_reasons(state, cname, trait)

    def change(self, state: SPState, action: Action) -> None:
        k = (action.text("class"), action.text("trait"))
        state.uses_spent[k] = state.uses_spent.get(k, 0) + 1

    def describe(self, action: Action) -> str:
        return f"Used {action.value('trait')} ({action.value('class')})"


class Rest(SPAction):
    verb = "rest"

    def parse(self, words: Sequence[str]) -> Action:
        self.parser().parse_args(list(words))
        return Action(self.verb)

    def check(self, state: SPState, action: Action) -> list[str]:
        return []

    def change(self, state: SPState, action: Action) -> None:
        state.uses_spent = {}

    def describe(self, action: Action) -> str:
        return "Rested: every trait use restored"


class SetActive(SPAction):
    verb = "set-active"

    def parse(self, words: Sequence[str]) -> Action:
        p = self.parser()
        p.add_argument("value", metavar="yes|no",
                       help="whether the character takes part in play now")
        a = p.parse_args(list(words))
        return Action(self.verb, {"active": parse_yes_no(a.value, "set-active")})

    def check(self, state: SPState, action: Action) -> list[str]:
        if not isinstance(action.value("active"), bool):
            return [Reason("set-active needs yes or no", codes.ACTIVE_NOT_BOOL)]
        return []

    def change(self, state: SPState, action: Action) -> None:
        state.active = action.flag("active")

    def describe(self, action: Action) -> str:
        return "Marked Active" if action.value("active") else "Marked not Active"


#: Every Story Point action, in the order ``do FILE --help`` lists them.
KINDS: tuple[type[SPAction], ...] = (AwardCheckpoint, ResolveMilestone, RaiseVital, RaiseSkill,
                                     RaiseClass, EnterClass, UseTrait, Rest, SetActive)

#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = tuple(kind.verb for kind in KINDS)


def missing_action_text(rules: StoryPoints) -> str:
    return "no action given; story-points actions: " + ", ".join(ACTIONS)


def verb_of(rules: StoryPoints, word: str) -> str:
    verb = word.strip().casefold()
    if verb not in rules.kinds:
        raise UsageError(f"unknown action '{word}'; story-points actions: "
                         + ", ".join(ACTIONS))
    return verb


def cost(rules: StoryPoints, state: SPState, action: ActionEntry) -> int:
    """The SP an action costs (Training Exchange applied), 0 for one that is not
    an increase."""
    return rules.action_cost(state, action)
