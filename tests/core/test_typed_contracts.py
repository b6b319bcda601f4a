"""Actions and options are typed records (builder.rules.base.Action, Option) that print
as the JSON the command line always printed; every option carries the words that take
it, and those words, parsed by its ruleset, are what the rules accept."""
from __future__ import annotations

import json
import random
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest

from builder.rules.base import Action, Ask, Option, Plan, PlanStep, Refusal, UsageError, option
from builder.rules.entry_ids import META_KEYS
from builder.storage.files import load_character

SAMPLES = Path(__file__).resolve().parent / "cli_snapshots" / "characters"
EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"
CHARACTERS = ["Senna-Vale", "Greta-Hallorn", "Ann-Coldwater", "sp-busy", "vf-busy",
              "ab-busy", "pb-busy"]


@pytest.fixture(autouse=True)
def point_buy(isolated_data):
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "point-buy.json")


def _load(name, tmp_path):
    path = tmp_path / f"{name}.json"
    shutil.copy(SAMPLES / f"{name}.json", path)
    return load_character(path)


def test_an_action_is_its_kind_and_values_and_prints_as_the_ledger_json():
    action = Action("raise-skill", {"name": "Medicine", "exchange": True})
    assert action.to_json() == {"action": "raise-skill", "name": "Medicine", "exchange": True}
    assert list(action.to_json()) == ["action", "name", "exchange"]
    assert action.kind == "raise-skill" and action.value("name") == "Medicine"
    assert not isinstance(action, Mapping)  # one way to read a field: its attributes
    assert Action.from_json({**action.to_json(), "at": "2026-01-01"}) == action
    assert action.text("name") == "Medicine" and action.flag("exchange")
    assert action.number("name") is None and action.text("missing", "-") == "-"
    with pytest.raises(TypeError):
        action.args["name"] = "Occult"  # type: ignore[index]
    later = action.with_args(target=4)
    assert later.to_json() == {"action": "raise-skill", "name": "Medicine", "exchange": True,
                               "target": 4}
    assert not action.has("target")
    json_copy = later.to_json()
    json_copy["name"] = "changed"
    assert later.text("name") == "Medicine"  # to_json shares nothing
    with pytest.raises(UsageError):
        Action.from_json({"name": "Medicine"})
    with pytest.raises(ValueError):
        Action("raise-skill", {"action": "other"})


def test_an_option_prints_its_json_and_takes_its_words_with_the_players_answers():
    entered = option("new-class", "Cleric", 1, 5, [], words=("enter-class", "Cleric"),
                     asks=(Ask("--trait", required=True), Ask("--spell"),
                           Ask("--scene", required=True)), needs_scene=True)
    assert entered.to_json() == {"kind": "new-class", "name": "Cleric", "target": 1, "cost": 5,
                                 "allowed": True, "reasons": [], "needs_scene": True}
    assert "words" not in entered.to_json()  # the JSON printed before is kept as it was
    assert entered.words_with(trait="Bless", scene="the crypt", exchange=True) == \
        ["enter-class", "Cleric", "--trait", "Bless", "--scene", "the crypt"]
    assert entered.words_with(trait="Bless", spell="Light") == \
        ["enter-class", "Cleric", "--trait", "Bless", "--spell", "Light", "--scene", ""]
    assert entered.asks_for("scene") and not entered.asks_for("exchange")
    raised = option("skill", "Medicine", 4, 8, ["needs 8 SP, 2 unspent"],
                    words=("raise-skill", "Medicine"), asks=(Ask("--exchange", switch=True),))
    assert not raised.allowed and raised.to_json()["allowed"] is False
    assert raised.words_with(exchange=True) == ["raise-skill", "Medicine", "--exchange"]
    assert raised.words_with() == ["raise-skill", "Medicine"]
    shown = option("value", "Body", 3, 6, [], action=["raise", "Body"])
    assert shown.words == ("raise", "Body") and shown.to_json()["action"] == ["raise", "Body"]
    plugin = Option.coerce({"kind": "x", "name": "Y", "target": 1, "cost": 1, "allowed": True,
                            "reasons": [], "action": ["go", "Y"], "more": 1})
    assert plugin.words == ("go", "Y") and plugin.to_json()["more"] == 1
    with pytest.raises(UsageError):
        Option("x", "Y", 1, 1).words_with()


def test_a_plan_is_read_by_attribute_and_prints_the_rule_systems_json():
    shape = {"target": {"kind": "skill", "name": "Occult", "level": 3}, "total_cost": 9,
             "unspent": 4, "steps": [{"kind": "skill", "name": "Occult", "target": 3,
                                      "cost": 9, "action": ["raise", "Occult"]}],
             "affordable": False, "missing": ["needs 9 SP, 4 unspent (5 more)"]}
    plan = Plan.from_json(shape)
    assert (plan.kind, plan.name, plan.level, plan.total_cost) == ("skill", "Occult", 3, 9)
    assert not plan.affordable and plan.missing == ("needs 9 SP, 4 unspent (5 more)",)
    assert plan.steps == (PlanStep("skill", "Occult", 3, 9, {"action": ["raise", "Occult"]}),)
    assert list(plan.to_json()) == list(shape) and plan.to_json() == shape  # keys in order
    assert plan.steps[0].to_json() == shape["steps"][0]
    assert not isinstance(plan, Mapping) and not isinstance(plan.steps[0], Mapping)


@pytest.mark.parametrize("name", CHARACTERS)
def test_every_options_words_are_what_the_rules_take(name, tmp_path):
    """Each allowed option, taken by its own words (with a legal answer to what it asks),
    is accepted and reaches the option's target; a refused one is refused by ``do``
    with the option's reasons."""
    cf = _load(name, tmp_path)
    options = cf.options()
    assert options and all(isinstance(o, Option) and o.words for o in options)
    taken = refused = 0
    for opt in options:
        answers: dict[str, str | None] = {"scene": "a scene", "session": None}
        if isinstance(cf.state, dict) and "last_session" in cf.state:
            answers["session"] = str(cf.state["last_session"] or 1)
        choices = opt.extra.get("choices") or {}
        traits = list(choices.get("traits") or []) + list(choices.get("blocked_traits") or {})
        if traits:
            answers["trait"] = traits[0]
        if choices.get("spells") and opt.extra.get("casts_spells"):
            answers["spell"] = choices["spells"][0]
        if opt.asks_for("trait") and not traits:
            continue  # nothing to answer with: the window would not offer it either
        fresh = load_character(cf.path)
        action = fresh.ruleset.parse_action(opt.words_with(**answers))
        assert isinstance(action, Action)
        if opt.allowed:
            before = fresh.ruleset.balance(fresh.state)
            logged = fresh.do(action, random.Random(0))
            taken += 1
            assert logged["action"] == opt.words[0]
            if isinstance(opt.target, int) and "target" in logged:
                assert logged["target"] == opt.target
            if opt.cost and before is not None:
                assert fresh.ruleset.balance(fresh.state) == before - opt.cost, opt
        else:
            refused += 1
            with pytest.raises(Refusal) as why:
                fresh.do(action, random.Random(0))
            if not opt.asks_for("trait"):  # a chosen trait has reasons of its own
                assert set(opt.reasons) <= set(why.value.reasons), opt
    assert taken + refused >= len(options) // 2


def test_the_window_preview_is_the_do_path(tmp_path):
    """``CharacterFile.preview`` (the Vogelfrei award preview, the purchase preview) gives
    what ``do`` logs and the state after it, and changes nothing."""
    cf = _load("vf-busy", tmp_path)
    raw = json.dumps(cf.doc, sort_keys=True)
    action = cf.ruleset.parse_action(["award-xp", "5000", "--session", "3"])
    preview = cf.preview(action, random.Random(0))
    assert preview.allowed and json.dumps(cf.doc, sort_keys=True) == raw
    assert preview.after["xp"] > preview.before["xp"]
    assert preview.after["xp_lost"] > preview.before["xp_lost"]  # the session cap
    logged = cf.do(action, random.Random(0))
    assert {k: v for k, v in logged.items() if k not in META_KEYS} == preview.action.to_json()
    assert cf.state["xp"] == preview.after["xp"]
    refused = cf.preview(cf.ruleset.parse_action(["level-up", "--session", "1"]))
    assert not refused.allowed and refused.after is None and refused.reasons
    with pytest.raises(Refusal) as why:
        cf.do(cf.ruleset.parse_action(["level-up", "--session", "1"]))
    assert tuple(why.value.reasons) == refused.reasons


@pytest.mark.parametrize("name, shape", [
    ("Senna-Vale", "builder.rulesets.story_points.rules.ruleset:SPDerived"),
    ("sp-busy", "builder.rulesets.story_points.rules.ruleset:SPDerived"),
    ("Greta-Hallorn", "builder.rulesets.vogelfrei.rules.ruleset:VFDerived"),
    ("vf-busy", "builder.rulesets.vogelfrei.rules.ruleset:VFDerived"),
    ("Ann-Coldwater", "builder.rulesets.ability_bonuses.rules.ruleset:ABDerived"),
    ("ab-busy", "builder.rulesets.ability_bonuses.rules.ruleset:ABDerived"),
])
def test_each_rule_systems_derived_view_has_exactly_its_declared_keys(name, shape, tmp_path):
    """The TypedDict a rule system declares for ``show --json`` names every key its
    ``derive`` gives, and no other (nested shapes: the snapshot test)."""
    import importlib

    module, _, attr = shape.partition(":")
    declared = getattr(importlib.import_module(module), attr)
    cf = _load(name, tmp_path)
    derived = cf.ruleset.derive(cf.state, cf.name)
    assert set(derived) == set(declared.__required_keys__)
    assert not declared.__optional_keys__


def test_campaign_show_json_has_exactly_its_declared_keys(tmp_path):
    """``campaign show --json`` is the CampaignShown shape: every required key, the
    optional ones only when they apply (a member that cannot be read, merged entries
    suspended), and no other; each member row and ledger row likewise."""
    from builder.app.queries import CampaignShown, EntryShown, MemberShown
    from tests.helpers import ok

    senna = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", senna)
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Coast", "--ruleset", "story-points", "--member", senna, "-o", camp)
    ok("pool", "start", camp, "--players", "2")
    shown = ok("campaign", "show", camp, "--json").json()
    assert set(shown) == set(CampaignShown.__required_keys__)
    (member,) = shown["member_details"]
    assert set(MemberShown.__required_keys__) <= set(member) <= (
        set(MemberShown.__required_keys__) | set(MemberShown.__optional_keys__))
    assert {"name", "ruleset"} <= set(member)
    (entry,) = shown["ledger"]
    assert set(entry) == set(EntryShown.__required_keys__)
    senna.unlink()
    gone = ok("campaign", "show", camp, "--json").json()["member_details"][0]
    assert "problem" in gone and "name" not in gone
