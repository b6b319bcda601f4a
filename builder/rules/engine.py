"""Replay: the state is a pure function of baseline + ledger.

This is the one entry point for recalculation (GCS keeps one ``Recalculate``;
we keep this).  Undo is "drop the last ledger entry"; legality checking of a
hand-edited file is "replay and collect every refusal with its entry index".
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from builder.rules.base import Action, Refusal, Ruleset, read_action
from builder.rules.entry_ids import action_content
from builder.rules.records import Record


class Problem(Record):
    """One thing wrong with a character file; ``entry`` is None for the baseline."""

    _fields = ("entry", "reasons", "action")
    entry: int | None
    reasons: list[str]
    action: dict[str, Any] | None

    def __init__(self, entry: int | None, reasons: list[str],
                 action: dict[str, Any] | None = None) -> None:
        self.entry = entry
        self.reasons = reasons
        self.action = action

    def lines(self) -> list[str]:
        where = "baseline" if self.entry is None else f"ledger entry {self.entry + 1}"
        what = ""
        if self.action is not None:
            what = f" ({self.action.get('action', '?')})"
        return [f"{where}{what}: {reason}" for reason in self.reasons]

    def to_json(self) -> dict[str, Any]:
        """``entry`` counts from 1, as the text output and the ledger rows' ``n`` do."""
        number = None if self.entry is None else self.entry + 1
        action = None if self.action is None else action_content(self.action)
        return {"entry": number, "action": action, "reasons": self.reasons}


class Replay(Record):
    """A ledger replayed: ``states[i]`` is the state after i entries."""

    _fields = ("ruleset", "baseline", "ledger", "states", "problems")
    ruleset: Ruleset
    baseline: dict[str, Any]
    ledger: list[dict[str, Any]]
    states: list[Any]
    problems: list[Problem]

    def __init__(self, ruleset: Ruleset, baseline: dict[str, Any], ledger: list[dict[str, Any]],
                 states: list[Any] | None = None, problems: list[Problem] | None = None) -> None:
        self.ruleset = ruleset
        self.baseline = baseline
        self.ledger = ledger
        self.states = [] if states is None else states
        self.problems = [] if problems is None else problems

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def legal(self) -> bool:
        return not self.problems


def fold(initial: Any, entries: Sequence[Mapping[str, Any]],
         check: Callable[[Any, Any], list[str]], apply: Callable[[Any, Any], Any], *,
         include: Callable[[Mapping[str, Any]], bool] | None = None,
         malformed: str = "malformed action") -> tuple[list[Any], list[tuple[int, list[str]]]]:
    """The one replay loop (characters and the Fortune/Peril pool): each included entry
    is checked against the state so far and applied when allowed; a refused or
    malformed entry is recorded with its index and skipped, never repaired.

    Returns (states: the initial state, then the state after each included entry;
    problems: (entry index, reasons))."""
    state = initial
    states = [state]
    problems: list[tuple[int, list[str]]] = []
    for index, entry in enumerate(entries):
        if include is not None and not include(entry):
            continue
        try:
            reasons = list(check(state, entry))
            if not reasons:
                state = apply(state, entry)
        except Exception as exc:  # a malformed hand-edited entry
            reasons = [f"{malformed}: {exc}"]
        if reasons:
            problems.append((index, reasons))
        states.append(state)
    return states, problems


def replay(ruleset: Ruleset, baseline: dict[str, Any], ledger: list[dict[str, Any]]) -> Replay:
    """Replay every entry.  An illegal entry is recorded as a problem and skipped
    (the file is never repaired: this only decides what the state shows)."""
    result = Replay(ruleset, baseline, list(ledger))
    reasons = ruleset.validate_baseline(baseline)
    if reasons:
        result.problems.append(Problem(None, reasons))
    # Each entry is read into an Action once, here (an entry that is none, with no
    # verb, is left as it is: the rules refuse it).
    actions = [read_action(entry) or entry for entry in result.ledger]
    states, problems = fold(ruleset.initial_state(baseline), actions, ruleset.check,
                            ruleset.apply)
    result.states.extend(states)
    result.problems.extend(Problem(index, why, result.ledger[index]) for index, why in problems)
    return result


def attempt(ruleset: Ruleset, state: Any, action: Mapping[str, Any],
            rng: random.Random | None = None) -> tuple[Action, list[str], Any]:
    """Resolve chance and check one new action, applying it when the rules allow:
    (the action as it would go into the ledger, every reason it is refused, the new
    state or None when refused).  Nothing is written."""
    resolved = Action.coerce(ruleset.resolve(state, Action.coerce(action),
                                             rng or random.Random()))
    reasons = list(ruleset.check(state, resolved))
    return resolved, reasons, (None if reasons else ruleset.apply(state, resolved))


def perform(ruleset: Ruleset, state: Any, action: Mapping[str, Any],
            rng: random.Random | None = None) -> tuple[Action, Any]:
    """Resolve chance, check and apply one new action.

    Returns (the action as it goes into the ledger, the new state); raises
    Refusal with every reason when the rules say no.
    """
    resolved, reasons, after = attempt(ruleset, state, action, rng)
    if reasons:
        raise Refusal(reasons)
    return resolved, after
