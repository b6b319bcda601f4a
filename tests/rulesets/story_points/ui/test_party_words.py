"""The shared campaign dialogs state a party award's amounts and a Training Exchange's
terms as the rule system's data and unit say them (none of them is the window's)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from builder.app.queries import ruleset


@pytest.fixture
def layered():
    """The Story Point rules with other award amounts and exchange terms (a homebrew
    layer), forgotten again afterwards."""
    from builder.storage import rulesets

    folder = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets"
    folder.mkdir(exist_ok=True)
    (folder / "story-points.json").write_text(json.dumps({
        "extends": "story-points", "awards": {"checkpoint": 5, "milestone": 7},
        "costs": {"training_exchange_discount": 2, "training_exchange_floor": 2}}))
    rulesets.forget_loaded()
    yield ruleset("story-points")
    rulesets.forget_loaded()


def crowns(rules):
    """The same rules in a rule system whose points are Crowns (CP)."""
    class Crowns(type(rules)):
        balance_label = "CP"
        balance_name = "Crowns"

    return Crowns(rules.data)


class Doc:
    """What the character award dialog reads of an open character."""

    name = "Ada"

    def __init__(self, rules):
        self.ruleset = rules

    def derived(self):
        return {}


def dialogs(rules, qtbot):
    from builder.rulesets.story_points.ui.award import AwardDialog
    from builder.rulesets.story_points.ui.party_award import PartyAwardDialog
    from builder.rulesets.story_points.ui.exchange import TrainingExchangeDialog

    doc = Doc(rules)
    made = (AwardDialog([doc], doc),
            PartyAwardDialog("Iron Coast", [], lambda _words: [], ruleset=rules),
            TrainingExchangeDialog("Iron Coast", [], lambda *_: [], ruleset=rules))
    for dialog in made:
        qtbot.addWidget(dialog)
    return made


def test_the_dialogs_state_the_datas_amounts_in_the_rule_systems_unit(layered, qtbot):
    from builder.rulesets.story_points.ui.exchange import cost_text

    for rules, unit, name in ((layered, "SP", "Story Points"), (crowns(layered), "CP", "Crowns")):
        own, party, exchange = dialogs(rules, qtbot)
        assert own.windowTitle() == f"Award {name}"
        for award in (own, party):
            assert award.checkpoint_radio.text() == f"Story &Checkpoint (5 {unit} each)"
            assert award.milestone_radio.text() == f"Story Milestone &resolved (7 {unit} each)"
        assert (f"increase 2 {unit} cheaper (never below 2 {unit}; never a Core Vital). "
                in exchange.head.text())
        assert cost_text(rules, 2, 2) == f"2 {unit} (no cheaper: never below 2 {unit})"
        assert cost_text(rules, 3, 5) == f"3 {unit} (instead of 5 {unit})"


def test_a_rule_system_without_party_rules_gets_no_amounts():
    from builder.rulesets.story_points.ui.words import award_choices, exchange_rule

    rules = ruleset("vogelfrei")
    assert rules.milestone_awards() is None and rules.exchange_terms() is None
    assert award_choices(rules) == ("Story &Checkpoint", "Story Milestone &resolved")
    assert exchange_rule(rules) == "cheaper"
