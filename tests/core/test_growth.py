"""Cost grows with the ledger, never faster: replaying twice the entries (and deriving
what ``show`` prints) runs about twice the instructions in about twice the memory, in
every rule system and for the campaign's pool.  Counted, never timed."""
from __future__ import annotations

import random
import sys
import tracemalloc
from typing import Any, Callable

import pytest

from builder.rules import fortune_peril as fp
from builder.rules.base import RulesError
from builder.rules.engine import Fold, replay
from builder.storage.rulesets import load_ruleset
from tests.rule_systems import BUILTIN_IDS, sample, samples_lacking

STAMP = "2026-01-01T12:00:00+00:00"


def work_done(work: Callable[[], Any]) -> tuple[int, int]:
    """(Python bytecode instructions run, peak memory traced in bytes) by ``work``."""
    count = 0

    def trace(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    tracemalloc.start()
    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(None)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return count, peak


def assert_linear(work: Callable[[int], Callable[[], Any]], n: int) -> None:
    """Twice the entries cost about twice the instructions and the memory."""
    (ops_small, mem_small), (ops_large, mem_large) = work_done(work(n)), work_done(work(2 * n))
    assert ops_large < 2.2 * ops_small, (ops_small, ops_large)
    assert mem_large < 2.2 * mem_small, (mem_small, mem_large)


def ledger_of(rs: Any, baseline: dict[str, Any], size: int) -> list[dict[str, Any]]:
    """``size`` entries the rules take, from the rounds of the system's ``growth_cycle``
    (in its tests folder's samples.py)."""
    cycle: Callable[[int], list[list[str]]] = sample(rs.id, "growth_cycle")
    folding = Fold(lambda: rs.initial_state(baseline), rs.check, rs.advance)
    rng = random.Random(1)
    ledger: list[dict[str, Any]] = []
    i = 0
    while len(ledger) < size:
        i += 1
        for words in cycle(i):
            try:
                action = rs.resolve(folding.state, rs.parse_action(words), rng)
            except RulesError:
                continue
            if not folding.take(action):
                ledger.append({**action.to_json(), "at": STAMP})
    return ledger[:size]


def test_every_built_in_system_has_its_cycle_here():
    assert samples_lacking("growth_cycle", "GROWTH_SETS") == []


@pytest.mark.parametrize("rid", BUILTIN_IDS)
def test_replay_and_show_grow_linearly(rid):
    rs = load_ruleset(rid)
    baseline = rs.baseline_from_sets(sample(rid, "GROWTH_SETS"), rng=random.Random(1),
                                     randomize=True)
    ledger = ledger_of(rs, baseline, 200)

    def show(n: int) -> Callable[[], Any]:
        def work() -> None:
            done = replay(rs, baseline, ledger[:n])
            assert done.legal, done.problems[:1]
            rs.derive(done.state, "Growing")
        return work

    assert_linear(show, 100)


def test_the_pool_replay_grows_linearly():
    entries = []
    for i in range(300):
        if i % 50 == 0:
            entries.append({"action": "session-start", "players": 3, "fortune": 3,
                            "peril": 1, "refresh": "carry", "assignment": "shared",
                            "session": i // 50 + 1})
        entries.append({"action": "pool-earn", "side": "fortune", "points": 1,
                        "reason": "a rule"})
        entries.append({"action": "pool-spend", "side": "fortune", "use": "detail",
                        "check": f"c{i}", "by": "Ann"})

    def show(n: int) -> Callable[[], Any]:
        def work() -> None:
            done = fp.replay(entries[:n])
            assert not done.problems, done.problems[:1]
            fp.view(done.state)
        return work

    assert_linear(show, 150)


def test_a_replay_keeps_one_state_and_a_step_per_entry():
    rs = load_ruleset("story-points")
    baseline = rs.baseline_from_sets([("sp", "0")], rng=random.Random(1))
    ledger = ledger_of(rs, baseline, 6)
    done = replay(rs, baseline, ledger)
    c, m = rs.d.checkpoint_award, rs.d.milestone_award
    # checkpoint a, checkpoint b, the milestone resolved, a rest; then the next milestone
    assert [step.balance_after for step in done.steps] == [
        c, 2 * c, 2 * c + m, 2 * c + m, 3 * c + m, 4 * c + m]
    assert [step.balance_before for step in done.steps[1:]] == [
        step.balance_after for step in done.steps[:-1]]
    assert [step.cost for step in done.steps] == [0] * 6
    assert done.state.unspent == 4 * c + m


def test_a_step_that_fails_half_way_leaves_the_state_as_before_it():
    """An advance that raises after changing the state it was given: the fold makes the
    state again from the entries it took, and reports the entry."""
    def advance(state: list[int], entry: int) -> list[int]:
        state.append(entry)
        if entry < 0:
            raise ValueError("negative")
        return state

    state, problems = _fold([1, 2, -3, 4], advance)
    assert state == [1, 2, 4]
    assert problems == [(2, ["malformed action: negative"])]


def _fold(entries: list[int], advance: Callable[[list[int], int], list[int]]) -> Any:
    from builder.rules.engine import fold

    return fold(list, entries, lambda state, entry: [], advance)
