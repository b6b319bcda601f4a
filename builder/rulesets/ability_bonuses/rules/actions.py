"""The three ability-bonuses actions, one class each (see
:class:`builder.rules.base.ActionKind`): effects come and go (``modify``,
``unmodify``) and the age category changes (``set-age``)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.rules.base import Action, ActionKind, UsageError, parse_int
from . import formulas as f
from .state import Modifier, State, find_modifier, signed

if TYPE_CHECKING:
    from .ruleset import AbilityBonuses


class ABAction(ActionKind["AbilityBonuses", State]):
    rules: AbilityBonuses


class Modify(ABAction):
    verb = "modify"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("modify ABILITY VALUE --name TEXT")
        parser.add_argument("ability")
        parser.add_argument("value")
        parser.add_argument("--name", required=True)
        ns = parser.parse_args(list(words))
        name = ns.name.strip()
        if not name:
            raise UsageError("modify: --name must not be empty")
        return Action(self.verb, {"ability": self.rules.ability_key(ns.ability),
                                  "value": parse_int(ns.value, "modify: VALUE"), "name": name})

    def check(self, state: State, action: Action) -> list[str]:
        reasons = []
        ability, value, name = action.value("ability"), action.value("value"), action.value("name")
        if ability not in f.ABILITIES:
            reasons.append(f"unknown ability {ability!r}; valid: {', '.join(f.ABILITIES)}")
        if isinstance(value, bool) or not isinstance(value, int):
            reasons.append(f"the modifier value {value!r} is not a whole number")
        elif value == 0:
            reasons.append(f"a modifier of +0 changes nothing ({name!r} on {ability})")
        if not isinstance(name, str) or not name.strip():
            reasons.append("an effect needs a name")
        else:
            existing = find_modifier(state, name)
            if existing is not None:
                reasons.append(f"an effect named '{existing.name}' is already active "
                               f"({existing.ability} {signed(existing.value)}); remove it "
                               "first or choose another name")
        return reasons

    def apply(self, state: State, action: Action) -> State:
        modifier = Modifier(action.text("name").strip(), action.text("ability"),
                            action.number("value") or 0)
        return replace(state, modifiers=state.modifiers + (modifier,))

    def describe(self, action: Action) -> str:
        return (f"Modified {action.value('ability')} {signed(action.value('value', 0))} "
                f"({action.value('name')})")


class Unmodify(ABAction):
    verb = "unmodify"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("unmodify --name TEXT")
        parser.add_argument("--name", required=True)
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
            active = ", ".join(f"'{m.name}'" for m in state.modifiers) or "none"
            return [f"no active effect is named {name!r} (active effects: {active})"]
        return []

    def apply(self, state: State, action: Action) -> State:
        gone = find_modifier(state, action.text("name"))
        return replace(state, modifiers=tuple(m for m in state.modifiers if m is not gone))

    def describe(self, action: Action) -> str:
        return f"Removed the effect {action.value('name')}"


class SetAge(ABAction):
    verb = "set-age"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("set-age young|mature|old|off")
        parser.add_argument("age")
        ns = parser.parse_args(list(words))
        return Action(self.verb, {"age": self.rules.age_key(ns.age, allow_off=True)})

    def check(self, state: State, action: Action) -> list[str]:
        rules = self.rules
        age = action.value("age")
        if age is not None and rules.age_category(age) is None:
            return [f"unknown age category {age!r}; valid: "
                    + ", ".join(c["id"] for c in rules.age_categories) + " (or off)"]
        if age == state.age:
            if age is None:
                return ["the Aging rule is already off for this character"]
            return [f"the character is already {rules.age_name(age)}"]
        return []

    def apply(self, state: State, action: Action) -> State:
        age = action.value("age")
        return replace(state, age=age if isinstance(age, str) else None)

    def describe(self, action: Action) -> str:
        age = action.value("age")
        return ("Turned the Aging rule off" if age is None
                else f"Set the age to {self.rules.age_name(age)}")


#: Every ability-bonuses action, in the order ``do FILE --help`` lists them.
KINDS: tuple[type[ABAction], ...] = (Modify, Unmodify, SetAge)
