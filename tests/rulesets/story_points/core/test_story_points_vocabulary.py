"""The Story Point rules read their costs and prerequisites from the typed records
in their data (``advancement``, the rule vocabulary): a homebrew layer that changes a
record changes the rule, its reason, its cost and the chain's edge, with no Python;
a broken record is refused with its place and the built-in rules are used."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from builder.rules import vocabulary as vocab
from builder.rules.base import Refusal, reason_code
from builder.rulesets.story_points.rules import codes
from builder.rulesets.story_points.rules.chain import build_chain, node_id
from builder.storage.rulesets import load_ruleset
from tests.rulesets.story_points.core.sp_helpers import baseline
from tests.helpers import ok


def layer(data: dict) -> None:
    folder = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets"
    folder.mkdir(exist_ok=True)
    (folder / "story-points.json").write_text(json.dumps({"extends": "story-points", **data}))
    from builder.storage import rulesets

    rulesets.forget_loaded()


def start(rs, **sets):
    b = baseline(**sets)
    assert rs.validate_baseline(b) == []
    return rs.initial_state(b)


def option(rs, state, kind, name):
    (found,) = [o for o in rs.options(state) if o.kind == kind and o.name == name]
    return found


def test_the_built_in_rules_are_records_in_the_data():
    data = ok("data", "story-points", "--json").json()
    records = data["advancement"]
    assert records["skill"]["requires"] == [
        {"type": "at-least-target", "value": {"entry": "vital"}, "code": "skill.needs-vital"}]
    assert records["vital"]["cost"]["amount"] == {"data": "costs/vital_per_score",
                                                  "default": 2}
    for kind in ("vital", "skill", "class", "new_class", "trait", "spell"):
        assert vocab.record_problems(records[kind]["requires"], "requires", kind) == []


def test_a_layer_makes_skills_need_their_linked_vital_one_higher(tmp_path):
    layer({"advancement": {"skill": {"requires": [
        {"type": "at-least-target", "value": {"entry": "vital"}, "offset": 1,
         "code": "skill.needs-vital"}]}}})
    rs = load_ruleset("story-points")
    state = start(rs, sp=10, vital__Agility=3, skill__Acrobatics=1)
    acrobatics = option(rs, state, "skill", "Acrobatics")
    assert [str(r) for r in acrobatics.reasons] == []          # Agility 3 >= 2 + 1
    state = start(rs, sp=10, vital__Agility=2, skill__Acrobatics=1)
    (why,) = option(rs, state, "skill", "Acrobatics").reasons
    assert why == "Acrobatics 2 needs Agility 3 (Agility is 2)"
    assert reason_code(why) == codes.SKILL_NEEDS_VITAL
    chain = build_chain(rs, state)
    (edge,) = [e for e in chain.edges if e.target == node_id("skill", "Acrobatics")]
    assert edge.source == node_id("vital", "Agility") and edge.blocking
    # the command line says the same, and the file is unchanged
    character = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", character, "--set", "sp=10", "--set",
       "vital.Agility=2", "--set", "skill.Acrobatics=1")
    before = character.read_bytes()
    from tests.helpers import cli

    refused = cli("do", character, "raise-skill", "Acrobatics")
    assert (refused.code, refused.err) == (1, "Acrobatics 2 needs Agility 3 (Agility is 2)\n")
    assert character.read_bytes() == before


def test_a_layer_makes_a_class_need_two_core_skills_and_a_vital():
    layer({"advancement": {"class": {
        "cost": {"type": "flat", "amount": 5},
        "requires": [
            {"type": "count-at-least", "values": {"entry": "core_skills"}, "count": 2,
             "offset": 0, "code": "class.needs-core-skill",
             "say": "{subject} {target} needs two core Skills at {level} ({values_is})"},
            {"type": "at-least", "value": "Strength", "level": 3}]}}})
    rs = load_ruleset("story-points")
    state = start(rs, sp=20, vital__Strength=3, vital__Perception=3, skill__Melee=2,
                  skill__Ranged=1, class__Fighter=1, trait__Fighter__Parry=1)
    fighter = option(rs, state, "class", "Fighter")
    assert fighter.cost == 5
    assert [str(r) for r in fighter.reasons] == [
        "Fighter 2 needs two core Skills at 2 (Melee is 2, Ranged is 1, Athletics is 0)"]
    assert reason_code(fighter.reasons[0]) == codes.CLASS_NEEDS_CORE_SKILL
    chain = build_chain(rs, state)
    into = {e.source: e for e in chain.edges if e.target == node_id("class", "Fighter")}
    assert node_id("vital", "Strength") in into                   # the new prerequisite
    assert not into[node_id("vital", "Strength")].blocking        # Strength 3 is met
    assert into[node_id("skill", "Ranged")].blocking
    state = start(rs, sp=20, vital__Strength=2, vital__Perception=3, skill__Melee=2,
                  skill__Ranged=2, class__Fighter=1, trait__Fighter__Parry=1)
    (why,) = option(rs, state, "class", "Fighter").reasons
    assert why == "Fighter 2 needs Strength 3 (Strength is 2)"
    assert reason_code(why) == vocab.VALUE_TOO_LOW


def test_the_numbers_a_record_reads_follow_a_layer_of_costs():
    layer({"costs": {"skill_per_level": 3, "training_exchange_discount": 2},
           "new_class": {"core_skills_trained": 3}})
    rs = load_ruleset("story-points")
    state = start(rs, sp=30, vital__Agility=3, skill__Acrobatics=1, skill__Stealth=1,
                  skill__Finesse=1)
    assert option(rs, state, "skill", "Acrobatics").cost == 6
    assert rs.cost(state, {"action": "raise-skill", "name": "Acrobatics",
                           "exchange": True}) == 4
    assert option(rs, state, "new-class", "Rogue").allowed
    state = start(rs, sp=30, vital__Agility=3, skill__Acrobatics=2, skill__Stealth=1)
    (why, *_rest) = option(rs, state, "new-class", "Rogue").reasons
    assert why == ("entering Rogue needs 3 of its core Skills trained "
                   "(Acrobatics 2, Stealth 1, Finesse 0: 2 trained)")


@pytest.mark.parametrize("records, where", [
    ({"skill": {"requires": [{"type": "at-least-target", "value": {"entry": "linked"}}]}},
     "advancement: the entry has no 'linked'"),
    ({"skill": {"requires": [{"type": "at-least", "value": "Luck", "level": 2}]}},
     "needs 'Luck'"),
    ({"class": {"requires": [{"type": "count-at-least", "values": {"entry": "core_skills"},
                              "count": 1, "say": "{subject} needs {vital}"}]}},
     "advancement/class/requires/0/say: no field vital"),
    ({"vital": {"cost": {"type": "per-level", "amount": -2}}}, "advancement/vital/cost"),
    ({"trait": {"requires": [{"type": "sometimes"}]}}, "advancement/trait/requires"),
    # (a layer merges objects key by key: null removes the built-in default)
    ({"vital": {"cost": {"amount": {"data": "costs/nothing", "default": None}}}},
     "the data has no 'costs/nothing'"),
])
def test_a_broken_record_is_refused_with_its_place(records, where):
    layer({"advancement": records})
    result = ok("data", "story-points", "--json")
    (warning,) = result.err.strip().splitlines()
    assert "homebrew override ignored" in warning and where in warning, warning
    assert result.json()["advancement"]["vital"]["cost"]["type"] == "per-level"


def test_a_whole_file_without_records_keeps_the_built_in_ones(tmp_path):
    data = ok("data", "story-points", "--json").json()
    character = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", character, "--set", "sp=12")
    options = ok("options", character, "--json").out
    del data["advancement"]
    folder = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets"
    folder.mkdir(exist_ok=True)
    (folder / "story-points.json").write_text(json.dumps(data))
    from builder.storage import rulesets

    rulesets.forget_loaded()
    result = ok("options", character, "--json")
    assert result.err == "" and result.out == options


def test_the_planner_follows_a_layer_of_the_skill_records():
    """A Skill that needs its Linked Vital one higher: the plan raises the Vital that
    far, and every planned step is legal."""
    layer({"advancement": {"skill": {"requires": [
        {"type": "at-least-target", "value": {"entry": "vital"}, "offset": 1,
         "code": "skill.needs-vital"}]}}})
    rs = load_ruleset("story-points")
    state = start(rs, sp=60, vital__Agility=2, skill__Acrobatics=1)
    result = rs.plan(state, "skill:Acrobatics=3")
    assert [(s.name, s.target) for s in result.steps] == [
        ("Agility", 3), ("Agility", 4), ("Acrobatics", 2), ("Acrobatics", 3)]
    assert result.total_cost == 6 + 8 + 2 + 3 and result.affordable


def test_a_plan_the_records_would_refuse_is_refused_with_the_rules_reason():
    """A Skill that needs one of two Vitals (a shape the planner does not raise for):
    the plan is not offered; the rules' own reason says why."""
    layer({"advancement": {"skill": {"requires": [
        {"type": "any-of", "of": [
            {"type": "at-least-target", "value": "Strength"},
            {"type": "at-least-target", "value": "Presence"}]}]}}})
    rs = load_ruleset("story-points")
    state = start(rs, sp=60, vital__Strength=1, vital__Presence=1, skill__Melee=1)
    with pytest.raises(Refusal) as refused:
        rs.plan(state, "skill:Melee=3")
    assert refused.value.reasons == [
        "Melee 2 needs one of: Strength 2 (Strength is 1) or Presence 2 (Presence is 1)"]


def test_the_party_terms_are_the_datas_and_the_awards_pay_them(tmp_path):
    """What the window states of a party award and a Training Exchange (the typed
    ``milestone_awards`` and ``exchange_terms``) is what the data says, and what an
    award pays."""
    from builder.rules.party_terms import ExchangeTerms, MilestoneAwards

    layer({"awards": {"checkpoint": 5, "milestone": 7},
           "costs": {"training_exchange_discount": 2, "training_exchange_floor": 2}})
    rules = load_ruleset("story-points")
    assert rules.milestone_awards() == MilestoneAwards(checkpoint=5, milestone=7)
    assert rules.exchange_terms() == ExchangeTerms(discount=2, floor=2, excluded="a Core Vital")
    character = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", character, "--set", "sp=0")
    ok("do", character, "award-checkpoint", "Fort", "Gate")
    assert ok("show", character, "--json").json()["sp"]["unspent"] == 5
    ok("do", character, "resolve-milestone", "Fort")
    assert ok("show", character, "--json").json()["sp"]["unspent"] == 12
