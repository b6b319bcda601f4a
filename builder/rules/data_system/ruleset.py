"""A rule system defined by a data file alone (see the package docstring)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence, TypeGuard

from builder.rules import vocabulary as vocab
from builder.rules.base import (UNKNOWN_ACTION, UNKNOWN_NAME, Action, ActionEntry, Option,
                                Plan, Reason, Ruleset, UsageError, match_name, option,
                                parse_int)
from .actions import AWARD_OUT_OF_RANGE, KINDS, PATH_HELD
from .state import DataState

__all__ = ["AWARD_OUT_OF_RANGE", "PATH_HELD", "START_OVER_BUDGET", "START_OUT_OF_RANGE",
           "DataRuleset", "DataState"]

if TYPE_CHECKING:
    from builder.rules.chain import Chain

#: The baseline's starting values cost more than the starting points.
START_OVER_BUDGET = "start.over-budget"
#: A baseline value is outside its floor and limit.
START_OUT_OF_RANGE = "start.out-of-range"
#: A starting level that is not a whole number.
START_NOT_WHOLE = "start.not-whole"
#: A baseline not in the shape of one (no object of value -> level).
BASELINE_MALFORMED = "baseline.malformed"


def _bound(entry: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    bound = dict(entry)
    for key in ("cost", "requires"):
        if key in entry:
            bound[key] = vocab.bind(entry[key], data, entry)
    return bound


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class DataRuleset(Ruleset):
    """Every rule comes from ``self.data`` (a file that passed
    ``rule-system.schema.json`` and :meth:`validate_data`)."""

    actions = ("raise NAME", "take PATH", "award N [--note TEXT]")
    action_kinds = KINDS
    #: Made per system by :func:`builder.rules.data_system.make_class`.
    source_file: str = ""

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.title = str(data.get("title") or self.title or self.id)
        self.summary_text = str(data.get("summary") or self.summary_text)
        currency = data.get("currency", {})
        self.balance_label = str(currency.get("label", "points"))
        # Each record bound once (its references to the data and to its own entry
        # replaced), so the rules below read plain records.
        self.values = {v["name"]: _bound(v, data) for v in data.get("values", [])}
        self.paths = {p["name"]: _bound(p, data) for p in data.get("paths", [])}
        self.planning = bool(data.get("planning", True))
        self.start_points = int(currency.get("start", 0))
        awards = data.get("awards", {})
        self.award_max = awards.get("max")

    # -- data ---------------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict[str, Any]) -> list[str]:
        from builder.rules.data_system.checks import data_problems

        return data_problems(data)

    # -- creation -----------------------------------------------------------------
    def start_level(self, name: str) -> int:
        value = self.values[name]
        return int(value.get("start", value["floor"]))

    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        levels = {name: self.start_level(name) for name in self.values}
        for key, text in sets:
            name = match_name(key, self.values, "value")
            levels[name] = parse_int(text, name)
        return {"values": levels}

    def creation_cost(self, levels: dict[str, Any]) -> int:
        total = 0
        for name, value in self.values.items():
            level = levels.get(name, self.start_level(name))
            for target in range(self.start_level(name) + 1, level + 1):
                total += vocab.cost(value["cost"], target) or 0
        return total

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        if not isinstance(baseline, dict) or not isinstance(baseline.get("values", {}), dict):
            return [Reason("the baseline needs 'values', an object of value -> level", BASELINE_MALFORMED)]
        levels = baseline.get("values", {})
        reasons: list[str] = []
        for name, level in levels.items():
            if name not in self.values:
                reasons.append(Reason(f"unknown value '{name}'", UNKNOWN_NAME))
            elif not _whole(level):
                reasons.append(Reason(f"{name} must be a whole number", START_NOT_WHOLE))
            elif not self.values[name]["floor"] <= level <= self.values[name]["limit"]:
                value = self.values[name]
                reasons.append(Reason(f"{name} {level} is outside {value['floor']} to "
                                      f"{value['limit']}", START_OUT_OF_RANGE))
        if reasons:
            return reasons
        for name, level in levels.items():
            for target in range(self.start_level(name) + 1, level + 1):
                reasons += vocab.cost_reasons(self.values[name]["cost"], name, target)
        price = self.creation_cost(levels)
        if not reasons and price > self.start_points:
            reasons.append(Reason(f"the starting values cost {price} {self.balance_label}, "
                                  f"{self.start_points} to spend", START_OVER_BUDGET))
        return reasons

    def initial_state(self, baseline: dict[str, Any]) -> DataState:
        given = baseline.get("values", {}) if isinstance(baseline, dict) else {}
        given = given if isinstance(given, dict) else {}
        levels = {}
        for name, value in self.values.items():
            level = given.get(name)
            ok = _whole(level) and value["floor"] <= level <= value["limit"]
            levels[name] = level if ok else self.start_level(name)
        spent = self.creation_cost(levels)
        return DataState(levels, (), self.start_points - spent, spent, 0)

    # -- actions ------------------------------------------------------------------
    def missing_action_text(self) -> str:
        return "an action is needed: " + ", ".join(self.actions)

    def unknown_action(self, action: Any) -> list[str]:
        found = action if isinstance(action, Mapping) else {}
        return [Reason(f"not an action of {self.title}: {found.get('action')} "
                       f"{found.get('name')}".strip(), UNKNOWN_ACTION)]

    def cost(self, state: DataState, action: ActionEntry) -> int:
        """What the action costs in ``state`` (KeyError for a name the system lacks)."""
        entry = Action.coerce(action)
        kind = self.kind_of(entry.kind)
        return 0 if kind is None else kind.cost(state, entry)

    def action_cost(self, before: DataState, action: ActionEntry) -> int:
        try:
            return self.cost(before, action)
        except (KeyError, TypeError, UsageError):
            return 0

    # -- views --------------------------------------------------------------------
    def derive(self, state: DataState, name: str) -> dict[str, Any]:
        groups: dict[str, dict[str, Any]] = {}
        for vname, value in self.values.items():
            group = groups.setdefault(value.get("group", "values"), {})
            group[vname] = {"level": state.levels[vname], "floor": value["floor"],
                            "limit": value["limit"]}
        return {"name": name, "ruleset": self.id,
                self.balance_label: {"unspent": state.unspent, "spent": state.spent,
                                     "awarded": state.awarded},
                **groups,
                "paths": [p for p in self.paths if p in state.held]}

    def options(self, state: DataState) -> list[Option]:
        result = []
        for name, value in self.values.items():
            target = state.levels[name] + 1
            reasons = self.check(state, Action("raise", {"name": name}))
            price = (vocab.cost(value["cost"], target) if target <= value["limit"] else None)
            result.append(option("value", name, min(target, value["limit"]), price, reasons,
                                 action=["raise", name]))
        for name, path in self.paths.items():
            if name in state.held:
                continue
            reasons = self.check(state, Action("take", {"name": name}))
            result.append(option("path", name, 1, vocab.cost(path["cost"], 1), reasons,
                                 action=["take", name]))
        return result

    def chain(self, state: DataState | None = None) -> dict[str, Any]:
        """The chain as data: every value and path, and an edge for each prerequisite
        (``blocked`` when it is what stops the next step in ``state``)."""
        nodes = [{"name": n, "kind": "value"} for n in self.values]
        nodes += [{"name": n, "kind": "path"} for n in self.paths]
        edges = []
        for name, record in list(self.values.items()) + list(self.paths.items()):
            requires = record.get("requires")
            blocking: set[Any] = set()
            if state is not None:
                target = state.levels.get(name, 0) + 1 if name in self.values else 0
                blocking = set(vocab.blocking_edges(requires, state.facts(), name, target))
            for edge in vocab.edges(requires, name):
                edges.append({"from": edge.source, "to": name, "kind": edge.kind,
                              "level": edge.level, "blocked": edge in blocking})
        return {"nodes": nodes, "edges": edges}

    def chain_graph(self, state: DataState) -> Chain:
        """The chain the window draws (:mod:`builder.rules.data_system.chain`)."""
        from builder.rules.data_system.chain import build_chain

        return build_chain(self, state)

    def plan(self, state: DataState, target: str) -> Plan:
        if not self.planning:
            raise UsageError(f"the {self.id} rule system declares no planning")
        from builder.rules.data_system.planner import plan

        return plan(self, state, target)

    def headline(self, state: DataState) -> dict[str, Any]:
        return {f"Unspent {self.balance_label}": state.unspent,
                "Paths": ", ".join(state.held) or "-"}

    def balance(self, state: DataState) -> int:
        return state.unspent

    show_text_prints_ledger = False

    def show_text(self, derived: dict[str, Any]) -> str:
        points = derived[self.balance_label]
        lines = [f"{derived['name']} ({self.title})",
                 f"{self.balance_label}: {points['unspent']} unspent, {points['spent']} spent, "
                 f"{points['awarded']} awarded"]
        for key, group in derived.items():
            if isinstance(group, dict) and key != self.balance_label:
                lines.append(f"{key}: " + ", ".join(f"{n} {v['level']}"
                                                   for n, v in group.items()))
        lines.append("paths: " + (", ".join(derived["paths"]) or "-"))
        return "\n".join(lines)
