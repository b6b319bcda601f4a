"""The Tiny Points rules, on the Ruleset interface of builder/rules/base.py."""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Sequence

from builder.rules.base import (AT_MAXIMUM, Action, Reason, Refusal, Ruleset, UsageError,
                                action_parser, match_name, option, parse_int)
from builder.rules.chain import Chain
from builder.rules.interface import RuleSystemParts


def _json(action: Action | dict) -> dict:
    """The action in its JSON shape: the core passes an Action, this plugin its dicts."""
    return action.to_json() if isinstance(action, Action) else action


@dataclass(frozen=True)
class TinyState:
    levels: dict = field(default_factory=dict)
    champion: bool = False
    unspent: int = 0
    spent: int = 0


class TinyPoints(Ruleset):
    id = "tiny-points"
    title = "Tiny Points"
    summary_text = "A plugin point-buy system."
    actions = ("raise ATTRIBUTE", "champion", "award N")
    set_keys = ("(none: every attribute starts at 1)",)
    balance_label = "TP"
    # The parts of its folder, declared as a built-in rule system declares them.
    parts = RuleSystemParts(data_file="tiny_points:data/tiny-points.json",
                            data_schema="tiny_points:schema/ruleset-tiny-points.schema.json",
                            sheet_module="tiny_points.sheet",
                            chain_page="tiny_points.ui.chain_page:TinyChainPage")

    def __init__(self, data: dict):
        super().__init__(data)
        self.title = data.get("title", self.title)
        self.attributes = list(data["attributes"])
        self.limit = int(data["limit"])

    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict:
        if sets:
            raise UsageError("tiny-points takes no --set keys")
        return {"levels": {name: 1 for name in self.attributes}}

    def validate_baseline(self, baseline: dict) -> list[str]:
        levels = baseline.get("levels") if isinstance(baseline, dict) else None
        if not isinstance(levels, dict) or set(levels) != set(self.attributes) or any(
                level != 1 for level in levels.values()):
            return ["every attribute starts at 1"]
        return []

    def initial_state(self, baseline: dict) -> TinyState:
        return TinyState({name: 1 for name in self.attributes}, False,
                         int(self.data["start_points"]), 0)

    def parse_action(self, args: Sequence[str]) -> dict:
        if not args:
            raise UsageError("an action is needed: " + ", ".join(self.actions))
        verb = match_name(args[0], ("raise", "champion", "award"), "action")
        if verb == "champion":
            if len(args) > 1:
                raise UsageError("champion takes no arguments")
            return {"action": "champion"}
        parser = action_parser(verb)
        parser.add_argument("what")
        ns = parser.parse_args(list(args[1:]))
        if verb == "award":
            return {"action": "award", "amount": parse_int(ns.what, "the award")}
        return {"action": "raise", "name": match_name(ns.what, self.attributes, "attribute")}

    def cost(self, state: TinyState, action: Action | dict) -> int:
        action = _json(action)
        if action.get("action") == "raise":
            return state.levels[action["name"]] + 1
        return 2 if action.get("action") == "champion" else 0

    action_cost = cost

    def check(self, state: TinyState, action: Action | dict) -> list[str]:
        action = _json(action)
        kind = action.get("action")
        if kind == "award":
            amount = action.get("amount")
            ok = isinstance(amount, int) and not isinstance(amount, bool) and amount > 0
            return [] if ok else [f"an award is 1 TP or more, not {amount}"]
        if kind == "raise" and action.get("name") in state.levels:
            if state.levels[action["name"]] >= self.limit:
                return [Reason(f"{action['name']} is at its limit {self.limit}", AT_MAXIMUM)]
        elif kind == "champion":
            needs = int(self.data["champion_needs"])
            if state.champion:
                return ["already a Champion"]
            if sum(level >= needs for level in state.levels.values()) < 2:
                return [f"a Champion needs two attributes at {needs}"]
        else:
            return [f"not a tiny-points action: {kind}"]
        price = self.cost(state, action)
        return [f"needs {price} TP, {state.unspent} unspent"] if price > state.unspent else []

    def apply(self, state: TinyState, action: Action | dict) -> TinyState:
        action = _json(action)
        if action["action"] == "award":
            return replace(state, unspent=state.unspent + action["amount"])
        price = self.cost(state, action)
        state = replace(state, unspent=state.unspent - price, spent=state.spent + price)
        if action["action"] == "champion":
            return replace(state, champion=True)
        return replace(state, levels={**state.levels,
                                      action["name"]: state.levels[action["name"]] + 1})

    def derive(self, state: TinyState, name: str) -> dict:
        return {"name": name, "ruleset": self.id, "champion": state.champion,
                "points": {"unspent": state.unspent, "spent": state.spent},
                "attributes": dict(state.levels)}

    def options(self, state: TinyState) -> list[dict]:
        result = [option("attribute", name, min(level + 1, self.limit), level + 1,
                         self.check(state, {"action": "raise", "name": name}),
                         action=["raise", name])
                  for name, level in state.levels.items()]
        if not state.champion:
            result.append(option("title", "Champion", 1, 2,
                                 self.check(state, {"action": "champion"}),
                                 action=["champion"]))
        return result

    def plan(self, state: TinyState, target: str) -> dict:
        """``NAME=N``: each level bought in turn (costs only rise, so that is cheapest)."""
        name, sep, level = target.partition("=")
        if not sep:
            raise UsageError("a tiny-points target looks like NAME=N")
        name = match_name(name, self.attributes, "attribute")
        level = parse_int(level, name)
        if level > self.limit:
            raise Refusal([f"{name} {level} is above its limit {self.limit}"])
        steps = [{"kind": "attribute", "name": name, "target": t, "cost": t,
                  "action": ["raise", name]}
                 for t in range(state.levels[name] + 1, level + 1)]
        total = sum(step["cost"] for step in steps)
        return {"target": {"kind": "attribute", "name": name, "level": level},
                "total_cost": total, "affordable": total <= state.unspent,
                "unspent": state.unspent, "steps": steps,
                "missing": [] if total <= state.unspent else
                [f"needs {total} TP, {state.unspent} unspent"]}

    def chain_graph(self, state: TinyState) -> Chain:
        """The advancement chain the window draws (``chain.py``)."""
        from tiny_points.chain import chain_graph

        return chain_graph(self, state)

    def headline(self, state: TinyState) -> dict:
        return {"Unspent TP": state.unspent}

    def balance(self, state: TinyState) -> int:
        return state.unspent
