"""The three actions every rule system written as data has, one class each (see
:class:`builder.rules.base.ActionKind`): ``raise`` a value by one, ``take`` a path,
``award`` points."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.rules import vocabulary as vocab
from builder.rules.base import (AT_MAXIMUM, UNKNOWN_NAME, Action, ActionKind, Reason,
                                match_name, parse_int)
from .state import DataState

if TYPE_CHECKING:
    from .ruleset import DataRuleset

#: The award is outside what the data file allows.
AWARD_OUT_OF_RANGE = "award.out-of-range"
#: The path is already held.
PATH_HELD = "path.held"


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class DataAction(ActionKind["DataRuleset", DataState]):
    rules: DataRuleset

    def not_ours(self, action: Action) -> list[str]:
        """The refusal of an action that names nothing of this system."""
        return [Reason(f"not an action of {self.rules.title}: {action.kind} "
                       f"{action.value('name')}".strip(), UNKNOWN_NAME)]

    def pay(self, state: DataState, action: Action) -> DataState:
        price = self.cost(state, action)
        return DataState(state.levels, state.held, state.unspent - price, state.spent + price,
                         state.awarded)


class Raise(DataAction):
    verb = "raise"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("raise a value by one")
        parser.add_argument("name", nargs="+", help="the value raised, as the rule system names it")
        ns = parser.parse_args(list(words))
        return Action(self.verb, {"name": match_name(" ".join(ns.name), self.rules.values,
                                                     "value")})

    def check(self, state: DataState, action: Action) -> list[str]:
        rules = self.rules
        name = action.value("name")
        if not isinstance(name, str) or name not in rules.values:
            return self.not_ours(action)
        value = rules.values[name]
        target = state.levels[name] + 1
        if target > value["limit"]:
            return [Reason(f"{name} is at its limit {value['limit']}", AT_MAXIMUM)]
        reasons: list[str] = list(vocab.cost_reasons(value["cost"], name, target))
        reasons += vocab.unmet(value.get("requires"), state.facts(), name, target)
        price = vocab.cost(value["cost"], target)
        if not reasons and price is not None:
            reasons += vocab.afford_reasons(price, state.unspent, rules.balance_label)
        return reasons

    def cost(self, state: DataState, action: Action) -> int:
        name = action.value("name")
        return vocab.cost(self.rules.values[name]["cost"], state.levels[name] + 1) or 0

    def apply(self, state: DataState, action: Action) -> DataState:
        return self.advance(DataState(dict(state.levels), state.held, state.unspent, state.spent,
                                          state.awarded), action)

    def advance(self, state: DataState, action: Action) -> DataState:
        state = self.pay(state, action)
        state.levels[action.text("name")] += 1   # the levels a replay gave up
        return state

    def describe(self, action: Action) -> str:
        return f"Raised {action.value('name')}"


class Take(DataAction):
    verb = "take"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("take a path")
        parser.add_argument("name", nargs="+", help="the path taken, as the rule system names it")
        ns = parser.parse_args(list(words))
        return Action(self.verb, {"name": match_name(" ".join(ns.name), self.rules.paths,
                                                     "path")})

    def check(self, state: DataState, action: Action) -> list[str]:
        rules = self.rules
        name = action.value("name")
        if not isinstance(name, str) or name not in rules.paths:
            return self.not_ours(action)
        path = rules.paths[name]
        if name in state.held:
            return [Reason(f"{name} is already held", PATH_HELD)]
        reasons: list[str] = list(vocab.unmet(path.get("requires"), state.facts(), name, 0))
        price = vocab.cost(path["cost"], 1)
        if not reasons and price is not None:
            reasons += vocab.afford_reasons(price, state.unspent, rules.balance_label)
        return reasons

    def cost(self, state: DataState, action: Action) -> int:
        return vocab.cost(self.rules.paths[action.value("name")]["cost"], 1) or 0

    def apply(self, state: DataState, action: Action) -> DataState:
        state = self.pay(state, action)
        return DataState(state.levels, state.held + (action.text("name"),), state.unspent,
                         state.spent, state.awarded)

    def describe(self, action: Action) -> str:
        return f"Took {action.value('name')}"


class Award(DataAction):
    verb = "award"

    def parse(self, words: Sequence[str]) -> Action:
        parser = self.parser("gain points")
        parser.add_argument("amount", help="how many points are gained")
        parser.add_argument("--note", default="", help="why they were gained, for the ledger")
        ns = parser.parse_args(list(words))
        values: dict[str, Any] = {"amount": parse_int(ns.amount, "the award")}
        if ns.note:
            values["note"] = ns.note
        return Action(self.verb, values)

    def check(self, state: DataState, action: Action) -> list[str]:
        rules = self.rules
        amount = action.value("amount")
        most = rules.award_max
        if not whole(amount) or amount < 1 or (most is not None and amount > most):
            upto = f" to {most}" if most is not None else " or more"
            return [Reason(f"an award is 1{upto} {rules.balance_label}, not {amount}",
                           AWARD_OUT_OF_RANGE)]
        return []

    def apply(self, state: DataState, action: Action) -> DataState:
        amount = action.number("amount") or 0
        return DataState(state.levels, state.held, state.unspent + amount, state.spent,
                         state.awarded + amount)

    def describe(self, action: Action) -> str:
        note = f" ({action.value('note')})" if action.value("note") else ""
        return f"Awarded {action.value('amount')} {self.rules.balance_label}{note}"


#: The actions, in the order a usage error lists them.
KINDS: tuple[type[DataAction], ...] = (Raise, Take, Award)
