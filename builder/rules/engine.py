"""Replay: the state is a pure function of baseline + ledger.

This is the one entry point for recalculation (GCS keeps one ``Recalculate``;
we keep this).  Undo is "drop the last ledger entry"; legality checking of a
hand-edited file is "replay and collect every refusal with its entry index".
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Mapping

from builder.rules.base import Action, ActionEntry, Refusal, Ruleset, read_action
from builder.rules.entry_ids import action_content
from builder.rules.records import FrozenRecord, Record


class Problem(Record):
    """One thing wrong with a character file; ``entry`` is None for the baseline."""

    _fields = ("entry", "reasons", "action")
    __slots__ = _fields
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


class Step(FrozenRecord):
    """What one ledger entry did, for the ledger view: what it cost in the state
    before it (None when that could not be priced), and the spendable balance
    before and after it (None when the rule system keeps none)."""

    _fields = ("cost", "balance_before", "balance_after")
    __slots__ = _fields
    cost: int | None
    balance_before: int | None
    balance_after: int | None

    def __init__(self, cost: int | None, balance_before: int | None,
                 balance_after: int | None) -> None:
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "balance_before", balance_before)
        object.__setattr__(self, "balance_after", balance_after)


class Replay(Record):
    """A ledger replayed: ``state`` after every entry, and ``steps[i]``, what entry i
    did (its cost and the balance around it).  Only the last state is kept: a
    replay's memory grows with the ledger, never with the ledger times the state."""

    _fields = ("ruleset", "baseline", "ledger", "state", "steps", "problems")
    __slots__ = _fields
    ruleset: Ruleset
    baseline: dict[str, Any]
    ledger: list[dict[str, Any]]
    state: Any
    steps: list[Step]
    problems: list[Problem]

    def __init__(self, ruleset: Ruleset, baseline: dict[str, Any], ledger: list[dict[str, Any]],
                 state: Any = None, steps: list[Step] | None = None,
                 problems: list[Problem] | None = None) -> None:
        self.ruleset = ruleset
        self.baseline = baseline
        self.ledger = ledger
        self.state = state
        self.steps = [] if steps is None else steps
        self.problems = [] if problems is None else problems

    @property
    def legal(self) -> bool:
        return not self.problems

    def append(self, entry: dict[str, Any], after: Any) -> None:
        """Add an allowed entry taken in :attr:`state`, ``after`` the state it gave."""
        cost = _cost(self.ruleset, self.state, entry)
        self.steps.append(Step(cost, _balance(self.ruleset, self.state),
                               _balance(self.ruleset, after)))
        self.ledger.append(entry)
        self.state = after


def _cost(ruleset: Ruleset, state: Any, entry: ActionEntry) -> int | None:
    try:
        return ruleset.action_cost(state, entry)
    except Exception:  # a malformed hand-edited entry cannot be priced
        return None


def _balance(ruleset: Ruleset, state: Any) -> int | None:
    try:
        return ruleset.balance(state)
    except Exception:  # a state a malformed baseline made
        return None


class Fold:
    """The one replay loop (characters and the Fortune/Peril pool): each entry
    :meth:`take` is given is checked against the state so far and applied when
    allowed; a refused or malformed entry is reported and skipped, never repaired.

    ``advance(state, entry)`` returns the state after an allowed entry and may
    change the state it is given (the fold owns it, and keeps only the latest), so a
    step costs what the entry changes, not the size of the state.  Should ``advance``
    fail half-way, the state is made again from ``initial()`` and the entries taken
    so far."""

    def __init__(self, initial: Callable[[], Any], check: Callable[[Any, Any], list[str]],
                 advance: Callable[[Any, Any], Any], malformed: str = "malformed action"):
        self._initial = initial
        self._check = check
        self._advance = advance
        self._malformed = malformed
        self._taken: list[Any] = []
        self.state = initial()

    def take(self, entry: Any) -> list[str]:
        """Check and apply one entry: every reason it is refused (empty: applied)."""
        try:
            reasons = list(self._check(self.state, entry))
        except Exception as exc:  # a malformed hand-edited entry
            return [f"{self._malformed}: {exc}"]
        if reasons:
            return reasons
        try:
            self.state = self._advance(self.state, entry)
        except Exception as exc:  # the rules could not apply what they allowed
            self.state = self._rebuild()
            return [f"{self._malformed}: {exc}"]
        self._taken.append(entry)
        return []

    def _rebuild(self) -> Any:
        state = self._initial()
        for entry in self._taken:
            state = self._advance(state, entry)
        return state


def fold(initial: Callable[[], Any], entries: Iterable[Mapping[str, Any]],
         check: Callable[[Any, Any], list[str]], advance: Callable[[Any, Any], Any], *,
         include: Callable[[Mapping[str, Any]], bool] | None = None,
         malformed: str = "malformed action") -> tuple[Any, list[tuple[int, list[str]]]]:
    """Replay ``entries`` (those ``include`` accepts) through a :class:`Fold`:
    (the state after them, the problems as (entry index, reasons))."""
    folding = Fold(initial, check, advance, malformed)
    problems: list[tuple[int, list[str]]] = []
    for index, entry in enumerate(entries):
        if include is not None and not include(entry):
            continue
        reasons = folding.take(entry)
        if reasons:
            problems.append((index, reasons))
    return folding.state, problems


def replay(ruleset: Ruleset, baseline: dict[str, Any], ledger: list[dict[str, Any]]) -> Replay:
    """Replay every entry.  An illegal entry is recorded as a problem and skipped
    (the file is never repaired: this only decides what the state shows)."""
    result = Replay(ruleset, baseline, list(ledger))
    reasons = ruleset.validate_baseline(baseline)
    if reasons:
        result.problems.append(Problem(None, reasons))
    folding = Fold(lambda: ruleset.initial_state(baseline), ruleset.check, ruleset.advance)
    for index, logged in enumerate(result.ledger):
        # Each entry is read into an Action once, here (an entry that is none, with no
        # verb, is left as it is: the rules refuse it).
        entry = read_action(logged) or logged
        cost, before = _cost(ruleset, folding.state, entry), _balance(ruleset, folding.state)
        why = folding.take(entry)
        if why:
            result.problems.append(Problem(index, why, logged))
        result.steps.append(Step(cost, before, _balance(ruleset, folding.state)))
    result.state = folding.state
    return result


def attempt(ruleset: Ruleset, state: Any, action: ActionEntry,
            rng: random.Random | None = None) -> tuple[Action, list[str], Any]:
    """Resolve chance and check one new action, applying it when the rules allow:
    (the action as it would go into the ledger, every reason it is refused, the new
    state or None when refused).  Nothing is written."""
    resolved = Action.coerce(ruleset.resolve(state, Action.coerce(action),
                                             rng or random.Random()))
    reasons = list(ruleset.check(state, resolved))
    return resolved, reasons, (None if reasons else ruleset.apply(state, resolved))


def perform(ruleset: Ruleset, state: Any, action: ActionEntry,
            rng: random.Random | None = None) -> tuple[Action, Any]:
    """Resolve chance, check and apply one new action.

    Returns (the action as it goes into the ledger, the new state); raises
    Refusal with every reason when the rules say no.
    """
    resolved, reasons, after = attempt(ruleset, state, action, rng)
    if reasons:
        raise Refusal(reasons)
    return resolved, after
