"""A rule system written as data uses the whole vocabulary: totals and counts over
values, references to its own data and to the entry, its own wording and codes;
a flag (which no data system sets) is refused with its place."""
from __future__ import annotations

import json
from pathlib import Path

from builder.rules.base import reason_code
from builder.rules.data_system import DataRuleset, make_class

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"


def example() -> dict:
    return json.loads(EXAMPLE.read_text())


def test_totals_counts_and_references_in_a_data_system():
    data = example()
    data["currency"]["start"] = 40
    data["values"].append({
        "name": "Mastery", "group": "skills", "floor": 0, "limit": 3,
        "cost": {"type": "per-level", "amount": {"data": "awards/max"}},
        "requires": [
            {"type": "total-at-least", "values": ["Fencing", "Lore", "Warding"], "level": 2},
            {"type": "count-at-least", "values": ["Body", "Mind", "Grace", "Spirit"],
             "count": 2, "offset": 1, "code": "mastery.attributes",
             "say": "{what} needs two attributes above it ({values_is})"}]})
    assert DataRuleset.validate_data(data) == []
    ruleset = make_class(data)(data)
    state = ruleset.initial_state({"values": {"Body": 2}})
    (mastery,) = [o for o in ruleset.options(state) if o.name == "Mastery"]
    assert mastery.cost == 20                       # target 1 x awards/max
    total, count = mastery.reasons
    assert total == ("Mastery 1 needs a total of 2 across Fencing, Lore, Warding "
                     "(Fencing 0, Lore 0, Warding 0: 0)")
    assert count == ("Mastery 1 needs two attributes above it "
                     "(Body is 2, Mind is 1, Grace is 1, Spirit is 1)")
    assert reason_code(count) == "mastery.attributes"
    into = {e["from"]: e for e in ruleset.chain(state)["edges"] if e["to"] == "Mastery"}
    assert set(into) == {"Fencing", "Lore", "Warding", "Body", "Mind", "Grace", "Spirit"}
    assert all(e["blocked"] for e in into.values())
    state = ruleset.initial_state({"values": {"Body": 2, "Grace": 2, "Fencing": 2}})
    (mastery,) = [o for o in ruleset.options(state) if o.name == "Mastery"]
    assert mastery.allowed and state.unspent == 40 - 4 - 4 - 3
    into = {e["from"]: e for e in ruleset.chain(state)["edges"] if e["to"] == "Mastery"}
    assert not any(e["blocked"] for e in into.values())


def test_a_flag_or_a_broken_reference_is_refused_with_its_place():
    data = example()
    data["paths"][0]["requires"] = {"type": "flag", "flag": "active"}
    (problem,) = DataRuleset.validate_data(data)
    assert problem.startswith("paths/Knight/requires: a rule system written as data sets "
                              "no flags")
    data = example()
    data["values"][4]["requires"] = {"type": "at-least-target", "value": {"entry": "linked"}}
    (problem,) = DataRuleset.validate_data(data)
    assert problem == "values/Fencing: the entry has no 'linked'"
    data = example()
    data["values"][4]["requires"] = {"type": "at-least", "value": "Grace", "level": 2,
                                     "say": "{subject} needs {count}"}
    (problem,) = DataRuleset.validate_data(data)
    assert problem.startswith("values/Fencing/requires/say: no field count")


def test_a_template_with_a_format_width_is_refused_by_the_schema_with_its_path():
    data = example()
    data["values"][4]["requires"] = {"type": "at-least", "value": "Grace", "level": 2,
                                     "say": "{subject:>100000000}"}
    (problem,) = DataRuleset.validate_data(data)
    assert problem.startswith("values/4/requires/say: "), problem
