"""No behaviour depends on the wording of a reason: code that decides something from a
refusal reads its stable code (builder.rules.base.Reason)."""
from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Iterable

import pytest

from builder.rules import base
from builder.rules.base import AT_MAXIMUM, Reason, Refusal, has_code, reason_code
from builder.rulesets.story_points.rules import codes
from builder.rulesets.story_points.rules.chain import build_chain
from builder.storage.rulesets import load_ruleset
from tests.source_trees import nodes

ROOT = Path(__file__).resolve().parents[2] / "builder"

SENNA = [("sp", "16"), ("vital.Cognition", "3"), ("skill.Medicine", "3"),
         ("class.Cleric", "3"), ("trait.Cleric.Restoring Grace", "3"),
         ("vital.Agility", "10"), ("skill.Acrobatics", "10")]


def senna_state():
    ruleset = load_ruleset("story-points")
    baseline = ruleset.baseline_from_sets(SENNA, rng=random.Random(0))
    return ruleset, ruleset.initial_state(baseline)


def chain_facts():
    ruleset, state = senna_state()
    chain = build_chain(ruleset, state)
    edges = sorted((e.source, e.target, e.kind, e.blocking) for e in chain.edges)
    nodes = sorted((n.id, n.allowed, len(n.reasons)) for n in chain.nodes.values())
    options = ruleset.options(state)
    return edges, nodes, [(o.kind, o.name, o.allowed) for o in options]


def test_a_reason_is_a_str_that_keeps_its_code_through_a_refusal():
    reason = Reason("Medicine 4 needs Cognition 4", codes.SKILL_NEEDS_VITAL)
    assert reason == "Medicine 4 needs Cognition 4" and isinstance(reason, str)
    refusal = Refusal([reason, "plain"])
    assert [reason_code(r) for r in refusal.reasons] == [codes.SKILL_NEEDS_VITAL, "rule"]
    assert has_code(refusal.reasons, codes.SKILL_NEEDS_VITAL)
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(reason)).code == codes.SKILL_NEEDS_VITAL
    assert copy.deepcopy(reason).code == codes.SKILL_NEEDS_VITAL


def test_the_chain_draws_blocked_edges_from_codes():
    edges, _nodes, _options = chain_facts()
    blocked = {(s, t) for s, t, _k, b in edges if b}
    assert any(t.endswith("Medicine") for _s, t in blocked)      # needs Cognition 4
    assert any(t.endswith("Cleric") for _s, t in blocked)        # a core Skill at 4
    ruleset, state = senna_state()
    options = {(o.kind, o.name): o for o in ruleset.options(state)}
    assert has_code(options[("vital", "Agility")].reasons, AT_MAXIMUM)


def test_rewording_every_reason_changes_no_behaviour(monkeypatch):
    before = chain_facts()

    def reworded(cls, text, code="rule"):
        reason = str.__new__(cls, f"«{code}» said otherwise")
        reason.code = code
        return reason

    monkeypatch.setattr(Reason, "__new__", reworded)
    after = chain_facts()
    assert after == before
    ruleset, state = senna_state()
    texts = [r for o in ruleset.options(state) for r in o.reasons]
    assert any(t.startswith("«skill.needs-vital»") for t in texts)   # the rewording took


DECIDING_NAMES = {"r", "reason", "reasons", "why"}


def _words(node: ast.AST) -> bool:
    """Text a reason could be compared with: a string, or a list of strings or names."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and len(node.value) > 1
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(isinstance(e, ast.Name) or _words(e) for e in node.elts)
    return False


def _text_tests(found_nodes: Iterable[ast.AST]):
    """`"words" in r` / `r.startswith(...)` / `reasons == [WORDS]` where r is a
    reason-like name."""
    for node in found_nodes:
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) \
                and isinstance(node.left.value, str) and len(node.left.value) > 1:
            for op, right in zip(node.ops, node.comparators):
                if isinstance(right, ast.Call) and isinstance(right.func, ast.Attribute):
                    right = right.func.value          # r.lower(), r.casefold()
                name = right.id if isinstance(right, ast.Name) else None
                if isinstance(op, (ast.In, ast.NotIn)) and name in DECIDING_NAMES:
                    yield node.lineno
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) \
                and node.left.id in DECIDING_NAMES \
                and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops) \
                and any(_words(right) for right in node.comparators):
            yield node.lineno                  # reasons == [SOME_WORDS]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("startswith", "endswith") \
                and isinstance(node.func.value, ast.Name) \
                and node.func.value.id in DECIDING_NAMES:
            yield node.lineno


def test_no_code_decides_anything_from_the_wording_of_a_reason():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for line in _text_tests(nodes(path)):
            found.append(f"{path.relative_to(ROOT.parent)}:{line}")
    assert found == []


@pytest.mark.parametrize("ruleset_id", ["vogelfrei"])
def test_session_reasons_carry_codes(ruleset_id):
    ruleset = load_ruleset(ruleset_id)
    reasons = ruleset.check(ruleset.initial_state(ruleset.baseline_from_sets(
        [("class", "Warrior"), ("career", "Mercenary")], rng=random.Random(3),
        randomize=True)), {"action": "award-xp", "xp": 5, "session": " "})
    assert [reason_code(r) for r in reasons] == [base.SESSION_MISSING]
