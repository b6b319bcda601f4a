"""Each action of a rule system is one ActionKind (parse, resolve, check, apply, cost,
describe), and the ruleset base dispatches by verb through one table; rule bodies read
typed Actions, converted once where an action enters the rules."""
from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import pytest

from builder.rules.base import (GENERIC_CODE, Action, ActionKind, UsageError, read_action,
                                reason_code)
from builder.rules.engine import replay
from builder.rules.registry import ruleset_class
from builder.storage.rulesets import load_ruleset
from tests.rule_systems import BUILTIN_IDS, SHIPPED_IDS, sample_map, samples_lacking
from tests.rulesets.story_points.core.sp_helpers import state as sp_state
from tests.source_trees import nodes, parse

ROOT = Path(__file__).resolve().parents[2] / "builder"


def _kind_modules() -> list[str]:
    """Where each built-in rule system's ActionKinds are written (relative to builder/)."""
    found = {Path(sys.modules[kind.__module__].__file__).relative_to(ROOT).as_posix()
             for rid in BUILTIN_IDS for kind in ruleset_class(rid).action_kinds}
    return sorted(found)


#: Modules whose rule bodies read Actions by attribute, never as mappings: the built-in
#: systems' kinds, the data-file systems' and the pool's.
TYPED_MODULES = (*_kind_modules(), "rules/data_system/actions.py", "rules/fortune_peril.py")


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_every_verb_has_one_kind_and_the_listed_actions_are_the_kinds(ruleset_id):
    rs = load_ruleset(ruleset_id)
    verbs = [kind.verb for kind in rs.action_kinds]
    assert verbs and len(set(verbs)) == len(verbs)
    assert list(rs.actions) == verbs == list(rs.kinds)
    assert all(isinstance(kind, ActionKind) and kind.rules is rs for kind in rs.kinds.values())


def test_the_base_dispatches_through_the_table(monkeypatch):
    """Replacing one kind's methods in the table changes what the ruleset says for that
    verb and for no other: there is no second switch over verbs."""
    rs = load_ruleset("story-points")
    st = sp_state(sp=20)
    kind = rs.kinds["rest"]
    monkeypatch.setattr(kind, "check", lambda state, action: ["no rest for the wicked"])
    monkeypatch.setattr(kind, "describe", lambda action: "Lay down")
    monkeypatch.setattr(kind, "cost", lambda state, action: 7)
    assert rs.check(st, {"action": "rest"}) == ["no rest for the wicked"]
    assert rs.describe({"action": "rest", "at": "2026"}) == "Lay down"
    assert rs.action_cost(st, Action("rest")) == 7
    assert rs.check(st, {"action": "set-active", "active": False}) == []
    monkeypatch.setattr(kind, "parse", lambda words: Action("rest", {"why": " ".join(words)}))
    assert rs.parse_action(["REST", "a", "while"]).to_json() == {"action": "rest", "why": "a while"}


def test_an_action_no_kind_handles_is_refused_and_described_plainly():
    rs = load_ruleset("story-points")
    st = sp_state()
    assert rs.check(st, {"action": "fly", "name": "away"}) == ["unknown action 'fly'"]
    assert reason_code(rs.check(st, {"action": "fly"})[0]) == "action.unknown"
    assert rs.check(st, {"name": "no verb"}) == ["unknown action 'None'"]
    assert rs.describe({"action": "fly", "name": "away", "at": "x"}) == "fly name=away"
    assert rs.describe({}) == "?"
    assert rs.action_cost(st, {"action": "fly"}) == 0
    with pytest.raises(UsageError, match="unknown action 'fly'; story-points actions"):
        rs.parse_action(["fly"])
    with pytest.raises(UsageError, match="no action given"):
        rs.parse_action([])


def test_a_ledger_entry_is_read_into_an_action_once():
    entry = {"action": "raise-skill", "name": "Melee", "target": 1, "at": "2026-01-01"}
    action = read_action(entry)
    assert isinstance(action, Action) and action.kind == "raise-skill"
    assert action.text("name") == "Melee" and action.number("target") == 1
    assert "at" not in action.args and read_action(action) is action
    assert read_action({"name": "no verb"}) is None and read_action(["raise"]) is None


@pytest.mark.parametrize("module", TYPED_MODULES)
def test_rule_bodies_read_actions_by_attribute_not_as_mappings(module):
    """No ``action[...]`` or ``action.get(...)`` in a kind's methods: they read the typed
    Action (``action.kind``, ``action.text("name")``, ``action.value(...)``); only the
    boundary, outside the kinds, reads a ledger entry as a mapping."""
    tree = parse(ROOT / module)
    kinds = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    assert kinds
    found = []
    for node in (inner for kind in kinds for inner in ast.walk(kind)):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and node.value.id in ("action", "entry", "given"):
            found.append(node.lineno)
        if isinstance(node, ast.Attribute) and node.attr in ("get", "items", "keys") \
                and isinstance(node.value, ast.Name) and node.value.id in ("action", "entry"):
            found.append(node.lineno)
    assert found == []


SNAPSHOTS = Path(__file__).resolve().parent / "cli_snapshots" / "characters"
#: For each rule system, a character and words that take every one of its verbs in turn:
#: its samples module's WALK (a snapshot character's file and the words), where not None.
WALKS = {rid: walk for rid, walk in sample_map("WALK", SHIPPED_IDS).items() if walk is not None}


def _walk_start(ruleset_id, isolated_data):
    """The data-file system installed, and the walk of ``ruleset_id``: its ruleset, the
    snapshot document it starts from and its words."""
    import json
    import shutil

    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "data" / "examples" / "point-buy.json", folder / "point-buy.json")
    name, walk = WALKS[ruleset_id]
    doc = json.loads((SNAPSHOTS / name).read_text(encoding="utf-8"))
    return load_ruleset(ruleset_id), doc, walk


def test_every_built_in_system_has_a_walk_of_its_verbs():
    """Every built-in system's samples module says its WALK; Story Points' is None: it
    walks its verbs in its own folder (``SP_WORDS`` in
    tests/rulesets/story_points/core/test_story_points_action_kinds.py); every other
    system here."""
    assert samples_lacking("WALK") == []


@pytest.mark.parametrize("ruleset_id", sorted(WALKS))
def test_every_verb_of_each_system_acts_replays_and_reads_plainly(ruleset_id, isolated_data):
    """Each system's kinds through the whole path, one verb after another: the words
    parse, the rules allow them, the ledger replays to the same state, and each entry
    reads as a sentence (not the generic ``verb key=value``)."""
    from builder.rules.engine import perform

    rs, doc, walk = _walk_start(ruleset_id, isolated_data)
    ledger = list(doc["ledger"])
    st = replay(rs, doc["baseline"], ledger).state
    for index, words in enumerate(walk):
        logged, st = perform(rs, st, rs.parse_action(words), random.Random(index))
        ledger.append(logged.to_json())
        text = rs.describe(ledger[-1])
        assert text and f"{words[0]} " not in text and "=" not in text, text
    assert {words[0] for words in walk} == set(rs.kinds)
    again = replay(rs, doc["baseline"], ledger)
    assert again.legal and rs.derive(again.state, "x") == rs.derive(st, "x")


def test_the_pool_dispatches_every_entry_through_its_one_table(monkeypatch):
    """The Fortune/Peril pool: one kind per entry verb, and check, apply, resolve and
    describe go through that table (replacing a kind changes only its verb)."""
    from builder.rules import fortune_peril as fp

    assert fp.POOL_ACTIONS == tuple(fp.KINDS) and len(fp.KINDS) == 5
    assert all(kind.verb == verb for verb, kind in fp.KINDS.items())
    pool = fp.apply(fp.initial_pool(), fp.resolve(fp.initial_pool(), fp.start_action(2), None))
    earn = fp.earn_action("fortune", "a rule", 2)
    assert fp.check(pool, earn) == [] and fp.apply(pool, earn).fortune == pool.fortune + 2
    monkeypatch.setattr(fp.KINDS["pool-earn"], "check", lambda state, action: ["not today"])
    monkeypatch.setattr(fp.KINDS["pool-earn"], "describe", lambda action: "earned nothing")
    assert fp.check(pool, earn) == ["not today"]
    assert fp.describe(dict(earn, at="t")) == "earned nothing"
    spend = fp.spend_action("fortune", "upgrade", check="c1", by="Ann")
    assert fp.check(pool, spend) == []
    assert fp.check(pool, {"action": "pool-fly"}) == ["'pool-fly' is not a pool action"]
    assert fp.describe({"action": "pool-fly"}) == "pool-fly"
    logged = dict(fp.nemesis_action("Vex", 2), at="2026-11-30")
    assert fp.apply(pool, logged).log[-1] == logged        # the log keeps the entry as logged


def _variants(action: Action) -> list[dict]:
    """The action as the rules read it, then with each argument made wrong in turn: below
    zero, zero, huge, a name no system has, empty, missing, not whole."""
    entry = action.to_json()
    found = [entry]
    for key in action.args:
        for wrong in (-5, 0, 10 ** 6, "Nonesuch", "", None, 2.5):
            found.append(entry | {key: wrong})
        found.append({k: v for k, v in entry.items() if k != key})
    return found


def _baseline_variants(baseline: dict) -> list:
    found: list = [baseline, None, [], {}]
    for key, value in baseline.items():
        for wrong in (-5, 0, 10 ** 6, "Nonesuch", None, True, [], {}):
            found.append(baseline | {key: wrong})
        if isinstance(value, dict):
            for inner in value:
                for wrong in (-5, 0, 99, "Nonesuch", None, 2.5):
                    found.append(baseline | {key: value | {inner: wrong}})
        found.append({k: v for k, v in baseline.items() if k != key})
    return found


def _reasons_of(rs, states, actions, baselines) -> list:
    reasons = []
    for st in states:
        for action in actions:
            for variant in _variants(action):
                try:
                    resolved = rs.resolve(st, dict(variant), random.Random(0))
                except UsageError:
                    resolved = variant
                reasons += rs.check(st, resolved)
        for o in rs.options(st):
            reasons += o.reasons
    for baseline in baselines:
        reasons += rs.validate_baseline(baseline)
    return reasons


@pytest.mark.parametrize("ruleset_id", sorted(WALKS))
def test_no_reason_of_the_other_systems_carries_the_generic_code(ruleset_id, isolated_data):
    """Vogelfrei, Ability Bonuses and a rule system written as data give every refusal,
    every greyed option and every baseline problem its own code, like Story Points: over
    each state of a walk through every verb, each action with each argument made wrong in
    turn, and the walk's baseline with each field made wrong in turn."""
    from builder.rules.engine import perform

    rs, doc, walk = _walk_start(ruleset_id, isolated_data)
    st = replay(rs, doc["baseline"], doc["ledger"]).state
    states, actions = [st], []
    for index, words in enumerate(walk):
        action = rs.parse_action(words)
        actions.append(action)
        _, st = perform(rs, st, action, random.Random(index))
        states.append(st)
    actions += [Action("no-such-verb", {"name": "x"})]
    reasons = _reasons_of(rs, states[::2], actions, _baseline_variants(doc["baseline"]))
    generic = sorted({str(r) for r in reasons if reason_code(r) == GENERIC_CODE})
    assert len(reasons) > 100
    assert generic == [], generic


def test_window_code_reads_actions_by_attribute_not_as_mappings():
    """The window's parts (builder/ui and each rule system's ui/) read an action through
    its typed accessors (``action.kind``, ``action.number("cost_bp")``), never as
    ``action[...]`` or ``action.get(...)``; a ledger entry read from the file (with its
    ``at``) is named ``entry``."""
    files = sorted([*(ROOT / "ui").rglob("*.py"), *ROOT.glob("rulesets/*/ui/*.py")])
    assert len(files) > 20
    found = []
    for path in files:
        for node in nodes(path):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                    and node.value.id in ("action", "parsed"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Attribute) and node.attr in ("get", "items", "keys") \
                    and isinstance(node.value, ast.Name) and node.value.id in ("action", "parsed"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
