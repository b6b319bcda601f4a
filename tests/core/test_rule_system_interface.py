"""The rule-system interface (builder/rules/interface.py): every rule system provides
its methods; what it supports (``capabilities``) follows from what its class provides
and declares; where its parts live is one record (``parts``)."""
from __future__ import annotations

import pytest

from builder.rules.base import Ruleset
from builder.rules.interface import Capabilities, RuleSystem, RuleSystemParts
from builder.storage.rulesets import load_ruleset
from tests.rule_systems import BUILTIN_IDS


class _Bare(Ruleset):
    id = "bare"

    def baseline_from_sets(self, sets, *, rng, randomize=False):
        return {}

    def validate_baseline(self, baseline):
        return []

    def initial_state(self, baseline):
        return {}

    def derive(self, state, name):
        return {"name": name}

    def options(self, state):
        return []


def test_every_built_in_rule_system_provides_the_interface():
    for rid in BUILTIN_IDS:
        ruleset = load_ruleset(rid)
        assert isinstance(ruleset, RuleSystem), rid
        assert isinstance(ruleset.parts, RuleSystemParts)
        assert isinstance(ruleset.capabilities, Capabilities)


def test_capabilities_follow_what_a_class_provides_and_declares():
    assert _Bare.capabilities == Capabilities()

    class Planning(_Bare):
        exchange_actions = ("raise",)
        story_milestones = True

        def plan(self, state, target):
            return {}

        def chain_graph(self, state):
            return None

        def balance(self, state):
            return 0

    assert Planning.capabilities == Capabilities(planner=True, chain=True, balance=True,
                                                 training_exchange=True,
                                                 story_milestones=True)
    assert _Bare.capabilities == Capabilities()        # a subclass changes only its own


def test_a_part_declared_on_its_own_is_folded_into_the_parts_record():
    class Declared(_Bare):
        parts = RuleSystemParts(data_file="pkg:data/x.json", sheet_module="pkg.sheet",
                                dialogs={"d": "pkg.ui:D"})

    class Narrower(Declared):
        sheet_module = None
        chain_page = "pkg.ui.chain:Page"

    assert Narrower.parts == RuleSystemParts(data_file="pkg:data/x.json",
                                             chain_page="pkg.ui.chain:Page",
                                             dialogs={"d": "pkg.ui:D"})
    assert Declared.parts.sheet_module == "pkg.sheet"
    with pytest.raises(AttributeError):
        Declared.parts.editor = "pkg.ui:Editor"
    with pytest.raises(TypeError):
        Declared.parts.dialogs["e"] = "pkg.ui:E"


def test_the_base_holds_its_action_table_and_inherits_no_mixin():
    """The shared ruleset is the interface's implementation over records it holds: its
    kinds of action are a table it has (one per ruleset, made once), not a base class."""
    from abc import ABC

    from builder.rules.action_table import ActionTable

    assert Ruleset.__bases__ == (ABC,)
    ruleset = load_ruleset("story-points")
    table = ruleset.action_table
    assert isinstance(table, ActionTable) and ruleset.action_table is table
    assert ruleset.kinds is table.kinds and table.kind_of("rest") is table.kinds["rest"]
    assert table.kind_of(7) is None and table.kind_of("no-such-verb") is None
    bare = _Bare({})                                   # no kinds: an empty table
    assert bare.kinds == {} and bare.check(None, {"action": "x"})[0].code == "action.unknown"
