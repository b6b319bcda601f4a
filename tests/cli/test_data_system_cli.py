"""A rule system defined by a data file alone (builder/data/examples/point-buy.json dropped
into <data folder>/rulesets/systems/), driven through the command line."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli, file_bytes, ok, undone_bytes

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"


@pytest.fixture
def systems(isolated_data) -> Path:
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "point-buy.json")
    return folder


def _new(tmp_path, *sets) -> Path:
    path = tmp_path / "ann.json"
    ok("new", "point-buy", "Ann", "-o", path, *[a for s in sets for a in ("--set", s)])
    return path


def test_listed_created_shown_checked(systems, tmp_path):
    rows = {row["id"]: row for row in ok("rulesets", "--json").json()}
    assert rows["point-buy"]["title"] == "Point-Buy Heroes"
    assert "Point-Buy Heroes" in ok("rulesets").out
    from builder.rules.registry import ruleset_class, ruleset_source

    assert any(key.startswith("Body=N") for key in ruleset_class("point-buy").set_keys)
    assert ruleset_source("point-buy") == "data file"
    path = _new(tmp_path, "Body=2", "Grace=2")
    shown = ok("show", path, "--json").json()
    assert shown["attributes"]["Body"]["level"] == 2
    assert shown["CP"] == {"unspent": 2, "spent": 8, "awarded": 0}   # 2x2 + 2x2 of 10
    assert "CP: 2 unspent" in ok("show", path).out
    assert "no problems" in ok("check", path).out


def test_a_baseline_over_the_starting_points_is_refused(systems, tmp_path):
    result = cli("new", "point-buy", "Ann", "-o", tmp_path / "a.json",
                 "--set", "Body=3", "--set", "Grace=2")
    assert result.code == 1
    assert "the starting values cost 14 CP, 10 to spend" in result.err
    assert not (tmp_path / "a.json").exists()
    assert cli("new", "point-buy", "Ann", "--set", "Bodyy=2").code == 2


def test_do_undo_and_refusals_with_reasons(systems, tmp_path):
    path = _new(tmp_path, "Body=2", "Grace=2")
    assert ok("do", path, "raise", "fencing").out.strip() == "Raised Fencing"   # what was done
    assert ok("show", path, "--json").json()["skills"]["Fencing"]["level"] == 1
    before = file_bytes(path)
    refused = cli("do", path, "raise", "Fencing")            # 2 CP, 1 left
    assert refused.code == 1 and "needs 2 CP, 1 unspent" in refused.err
    refused = cli("do", path, "take", "Knight")
    assert refused.code == 1
    assert "Knight needs Body 3 (Body is 2)" in refused.err
    assert "Knight needs Fencing 2 (Fencing is 1)" in refused.err
    assert file_bytes(path) == before
    assert cli("do", path, "raise", "Nothing").code == 2
    assert cli("do", path, "award", "21").code == 1          # awards: max 20
    assert cli("do", path, "award", "0").code == 1
    assert file_bytes(path) == before
    said = ok("do", path, "award", "20", "--note", "first adventure").out.strip()
    assert said == "Awarded 20 CP (first adventure)"
    ok("do", path, "raise", "Fencing")
    assert ok("show", path, "--json").json()["CP"]["unspent"] == 19
    ok("undo", path)
    ok("undo", path)
    assert undone_bytes(path) == before


def test_options_are_greyed_with_the_vocabulary_reasons(systems, tmp_path):
    path = _new(tmp_path, "Body=2", "Grace=2")
    options = {o["name"]: o for o in ok("options", path, "--json").json()}
    assert options["Fencing"]["allowed"] and options["Fencing"]["cost"] == 1
    assert options["Fencing"]["action"] == ["raise", "Fencing"]
    assert not options["Body"]["allowed"]
    assert options["Body"]["reasons"] == ["needs 6 CP, 2 unspent"]
    witch = options["Witch"]
    assert not witch["allowed"] and witch["target"] == 1
    assert witch["reasons"] == ["Witch needs one of: Lore 2 (Lore is 0) or Spirit 4 "
                                "(Spirit is 1)"]
    text = ok("options", path).out
    assert "Knight needs Body 3 (Body is 2)" in text


def test_plan_is_the_cheapest_path(systems, tmp_path):
    path = _new(tmp_path, "Body=2", "Grace=2")
    result = ok("plan", path, "Knight", "--json").json()
    steps = [(s["name"], s["target"], s["cost"]) for s in result["steps"]]
    # Fencing 1 (1) + Fencing 2 (2) + Body 3 (6) + Knight (4), Grace 2 already there
    assert sorted(steps) == [("Body", 3, 6), ("Fencing", 1, 1), ("Fencing", 2, 2),
                             ("Knight", 1, 4)]
    assert result["total_cost"] == 13 and not result["affordable"]
    assert "4 CP  (total 13)" in ok("plan", path, "Knight").out
    assert "needs 13 CP, 2 unspent (11 more)" in ok("plan", path, "Knight").out
    # every planned step is legal in its order once the points are there
    ok("do", path, "award", "20")
    for step in result["steps"]:
        ok("do", path, *step["action"])
    assert "Knight" in ok("show", path, "--json").json()["paths"]
    assert cli("plan", path, "Body=9").code == 1            # above the limit
    assert cli("plan", path, "Body").code == 2              # a value needs a level


def test_a_system_without_planning_says_so(systems, tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data["planning"] = False
    (systems / "point-buy.json").write_text(json.dumps(data))
    path = _new(tmp_path)
    result = cli("plan", path, "Knight")
    assert result.code == 2
    assert result.err.strip() == "the point-buy rule system declares no planning"


def test_export_pdf_prints_the_generic_sheet(systems, tmp_path):
    path = _new(tmp_path, "Body=2")
    ok("do", path, "raise", "Lore")
    out = tmp_path / "ann.pdf"
    ok("export-pdf", path, "-o", out)
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("content, why", [
    ("{not json", "left out"),
    (json.dumps({"format": 1, "id": "bad-system"}), "'title' is a required property"),
    (None, "values/0/limit: 0 is below floor 1"),
    (None, "needs the unknown value 'Strength'"),
])
def test_a_broken_data_file_is_one_warning_and_left_out(systems, tmp_path, content, why):
    if content is None:
        data = json.loads(EXAMPLE.read_text())
        data["id"] = "bad-system"
        if "limit" in why:
            data["values"][0]["limit"] = 0
        else:
            data["paths"][0]["requires"] = {"type": "at-least", "value": "Strength",
                                            "level": 2}
        content = json.dumps(data)
    (systems / "bad-system.json").write_text(content)
    result = ok("rulesets", "--json")
    assert [r["id"] for r in result.json()].count("bad-system") == 0
    assert "point-buy" in [r["id"] for r in result.json()]
    warnings = [line for line in result.err.splitlines() if "bad-system.json" in line]
    assert len(warnings) == 1 and "rule system left out" in warnings[0] and why in warnings[0]
    assert cli("new", "bad-system", "X").code == 2


def test_a_data_file_never_takes_a_builtin_id_nor_a_wrong_name(systems):
    data = json.loads(EXAMPLE.read_text())
    data["id"] = "story-points"
    (systems / "story-points.json").write_text(json.dumps(data))
    data["id"] = "other-name"
    (systems / "third-system.json").write_text(json.dumps(data))
    result = ok("rulesets", "--json")
    rows = {r["id"]: r for r in result.json()}
    assert rows["story-points"]["title"] == "Story Point development"
    assert "other-name" not in rows and "third-system" not in rows
    assert "the id 'story-points' is taken" in result.err
    assert "its id 'other-name' is not its file name 'third-system'" in result.err


def test_an_override_of_a_data_system_changes_its_title(systems, isolated_data, tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data["title"] = "House Heroes"
    (isolated_data / "rulesets" / "point-buy.json").write_text(json.dumps(data))
    rows = {r["id"]: r for r in ok("rulesets", "--json").json()}
    assert rows["point-buy"]["title"] == "House Heroes"


def test_a_layered_override_adds_and_removes_entries(systems, isolated_data, tmp_path):
    override = isolated_data / "rulesets" / "point-buy.json"
    layer = {"extends": "point-buy", "title": "Grim Heroes",
             "values": [{"name": "Sailing", "group": "skills", "floor": 0, "limit": 3,
                         "cost": {"type": "flat", "amount": 1}},
                        {"name": "Warding", "$remove": True}],
             "paths": [{"name": "Witch", "$remove": True}]}
    override.write_text(json.dumps(layer))
    result = ok("rulesets", "--json")
    assert {r["id"]: r["title"] for r in result.json()}["point-buy"] == "Grim Heroes"
    assert result.err == ""
    path = _new(tmp_path)
    names = {o["name"] for o in ok("options", path, "--json").json()}
    assert "Sailing" in names and "Witch" not in names and "Warding" not in names
    # removing a path something still needs makes no sense: ignored, with the reason
    layer["values"].pop()
    override.write_text(json.dumps(layer))
    result = ok("rulesets", "--json")
    assert "needs the unknown path 'Witch'" in result.err
    assert {r["id"]: r["title"] for r in result.json()}["point-buy"] == "Point-Buy Heroes"


def test_data_json_fed_back_as_an_override_changes_nothing(systems, isolated_data, tmp_path):
    printed = ok("data", "point-buy", "--json").out
    (isolated_data / "rulesets" / "point-buy.json").write_text(printed)
    result = ok("data", "point-buy", "--json")
    assert result.out == printed and result.err == ""
