"""The three ability-bonuses actions, one class each (see
:class:`builder.rules.base.ActionKind`): effects come and go (``modify``,
``unmodify``) and the age category changes (``set-age``); and what the ruleset says
when an action is missing or none of them handles it."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.rules.base import Action, ActionKind, Reason, UsageError, parse_int
from . import codes
from . import formulas as f
from .state import Modifier, State, effect_key, find_modifier, signed

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses


def _effects(state: State) -> dict[str, Modifier]:
    """The active effects of a state the caller owns, to change in place."""
    effects = state.modifiers
    assert isinstance(effects, dict)
    return effects


class ABAction(ActionKind["AbilityBonuses", State]):
    rules: AbilityBonuses


class Modify(ABAction):
    verb = "modify"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("modify ABILITY VALUE --name TEXT")
        parser.add_argument("ability", help="the ability modified, e.g. MIG or Might")
        parser.add_argument("value", help="the modifier, e.g. +1 or -2")
        parser.add_argument("--name", required=True,
                            help="what the modifier comes from (unmodify takes it back by it)")
        ns = parser.parse_args(list(words))
        name = ns.name.strip()
        if not name:
            raise UsageError("modify: --name must not be empty")
        return Action(self.verb, {"ability": self.rules.ability_key(ns.ability),
                                  "value": parse_int(ns.value, "modify: VALUE"), "name": name})

    def check(self, state: State, action: Action) -> list[str]:
        reasons: list[str] = []
        ability, value, name = action.value("ability"), action.value("value"), action.value("name")
        if ability not in f.ABILITIES:
            reasons.append(Reason(f"unknown ability {ability!r}; valid: {', '.join(f.ABILITIES)}",
                                  codes.UNKNOWN_NAME))
        if isinstance(value, bool) or not isinstance(value, int):
            reasons.append(Reason(f"the modifier value {value!r} is not a whole number",
                                  codes.MODIFIER_NOT_WHOLE))
        elif value == 0:
            reasons.append(Reason(f"a modifier of +0 changes nothing ({name!r} on {ability})",
                                  codes.MODIFIER_ZERO))
        if not isinstance(name, str) or not name.strip():
            reasons.append(Reason("an effect needs a name", codes.EFFECT_UNNAMED))
        else:
            existing = find_modifier(state, name)
            if existing is not None:
                reasons.append(Reason(f"an effect named '{existing.name}' is already active "
                               f"({existing.ability} {signed(existing.value)}); remove it "
                               "first or choose another name", codes.EFFECT_NAME_TAKEN))
        return reasons

    def apply(self, state: State, action: Action) -> State:
        return self.advance(state.owned(), action)

    def advance(self, state: State, action: Action) -> State:
        modifier = Modifier(action.text("name").strip(), action.text("ability"),
                            action.number("value") or 0)
        _effects(state)[effect_key(modifier.name)] = modifier
        return state

    def describe(self, action: Action) -> str:
        return (f"Modified {action.value('ability')} {signed(action.value('value', 0))} "
                f"({action.value('name')})")


class Unmodify(ABAction):
    verb = "unmodify"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("unmodify --name TEXT")
        parser.add_argument("--name", required=True, help="the name the modifier was given")
        ns = parser.parse_args(list(words))
        name = ns.name.strip()
        if not name:
            raise UsageError("unmodify: --name must not be empty")
        return Action(self.verb, {"name": name})

    def resolve(self, state: State, action: Action, rng: random.Random) -> Action:
        """``unmodify`` logs the effect's own spelling of its name (``unmodify --name
        bless`` removes 'Bless')."""
        name = action.value("name")
        if isinstance(name, str):
            found = find_modifier(state, name)
            if found is not None:
                return action.with_args(name=found.name)
        return action

    def check(self, state: State, action: Action) -> list[str]:
        name = action.value("name")
        if not isinstance(name, str) or find_modifier(state, name) is None:
            active = ", ".join(f"'{m.name}'" for m in state.modifiers.values()) or "none"
            return [Reason(f"no active effect is named {name!r} (active effects: {active})",
                           codes.EFFECT_NOT_ACTIVE)]
        return []

    def apply(self, state: State, action: Action) -> State:
        return self.advance(state.owned(), action)

    def advance(self, state: State, action: Action) -> State:
        del _effects(state)[effect_key(action.text("name"))]
        return state

    def describe(self, action: Action) -> str:
        return f"Removed the effect {action.value('name')}"


class SetAge(ABAction):
    verb = "set-age"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("set-age young|mature|old|off")
        parser.add_argument("age", metavar="young|mature|old|off",
                            help="the age category (off: the Aging rule off again)")
        ns = parser.parse_args(list(words))
        return Action(self.verb, {"age": self.rules.age_key(ns.age, allow_off=True)})

    def check(self, state: State, action: Action) -> list[str]:
        rules = self.rules
        age = action.value("age")
        if age is not None and rules.age_category(age) is None:
            return [Reason(f"unknown age category {age!r}; valid: "
                    + ", ".join(c["id"] for c in rules.age_categories) + " (or off)", codes.UNKNOWN_NAME)]
        if age == state.age:
            if age is None:
                return [Reason("the Aging rule is already off for this character", codes.AGING_OFF)]
            return [Reason(f"the character is already {rules.age_name(age)}", codes.AGE_CURRENT)]
        return []

    def apply(self, state: State, action: Action) -> State:
        age = action.value("age")
        return State(state.allocation, state.method, state.rolls,
                     age if isinstance(age, str) else None, state.age_roll, state.modifiers)

    def describe(self, action: Action) -> str:
        age = action.value("age")
        return ("Turned the Aging rule off" if age is None
                else f"Set the age to {self.rules.age_name(age)}")


#: Every ability-bonuses action, in the order ``do FILE --help`` lists them.
KINDS: tuple[type[ABAction], ...] = (Modify, Unmodify, SetAge)

#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = tuple(kind.verb for kind in KINDS)


def missing_action_text(rules: AbilityBonuses) -> str:
    return f"which action? one of: {', '.join(ACTIONS)}"


def unknown_action(rules: AbilityBonuses, action: Any) -> list[str]:
    if not isinstance(action, Mapping):
        return [Reason("the action is not an object", codes.UNKNOWN_ACTION)]
    return [Reason(f"unknown action {action.get('action')!r}; valid: {', '.join(ACTIONS)}",
                   codes.UNKNOWN_ACTION)]
