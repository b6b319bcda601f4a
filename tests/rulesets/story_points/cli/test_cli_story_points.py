"""The headless CLI contract for story-points: names, JSON keys, exit codes, file safety."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import cli, file_bytes, ok


@pytest.fixture
def senna(tmp_path):
    path = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", path, "--set", "sp=16", "--set", "vital.Cognition=3",
       "--set", "skill.Medicine=3", "--set", "class.Cleric=3",
       "--set", "trait.Cleric.Restoring Grace=3")
    return path


def test_rulesets_lists_story_points():
    result = ok("rulesets", "--json")
    assert "story-points" in [r["id"] for r in result.json()]
    assert "story-points" in ok("rulesets").out


def test_data_has_the_contract_keys():
    data = ok("data", "story-points", "--json").json()
    assert "Cognition" in data["vitals"] and "Strength" in data["vitals"]
    assert data["skills"]["Medicine"] == "Cognition" and data["skills"]["Acrobatics"] == "Agility"
    cleric = data["classes"]["Cleric"]
    assert cleric["core_skills"] == ["Medicine", "Occult", "Influence"]
    assert cleric["casts_spells"] is True and data["classes"]["Fighter"]["casts_spells"] is False
    assert cleric["traits"]["Restoring Grace"] in data["paths"]
    assert data["paths"]["Warrior"]["skill"] == "Melee"
    assert data["paths"]["Phantom"]["skill"] == "Stealth"
    for info in data["classes"].values():
        for path in info["traits"].values():
            assert data["paths"][path]["skill"] in data["skills"]


def test_core_skills_of_every_class_match_the_seed():
    classes = ok("data", "story-points", "--json").json()["classes"]
    expected = {"Fighter": ["Melee", "Ranged", "Athletics"],
                "Ranger": ["Beastcraft", "Survival", "Athletics"],
                "Rogue": ["Acrobatics", "Stealth", "Finesse"],
                "Primant": ["Influence", "Insight", "Survival"],
                "Cleric": ["Medicine", "Occult", "Influence"],
                "Mage": ["Occult", "Observation", "Performance"]}
    assert {k: v["core_skills"] for k, v in classes.items()} == expected
    assert {k for k, v in classes.items() if v["casts_spells"]} == {"Primant", "Cleric", "Mage"}


def test_new_without_output_goes_to_the_library(isolated_data):
    result = ok("new", "story-points", "Nyra")
    path = Path(result.out.strip())
    assert path.parent == isolated_data / "characters" and path.exists()


def test_show_json_keys(senna):
    d = ok("show", senna, "--json").json()
    for key in ("ruleset", "name", "sp", "active", "vitals", "skills", "classes", "vit", "dice"):
        assert key in d
    assert d["ruleset"] == "story-points" and d["name"] == "Senna"
    assert d["sp"] == {"unspent": 16, "earned": 16, "spent": 0}
    assert d["skills"]["Medicine"] == {"level": 3, "linked_vital": "Cognition"}
    assert d["classes"]["Cleric"]["level"] == 3
    assert d["classes"]["Cleric"]["traits"]["Restoring Grace"]["rank"] == 3
    assert d["classes"]["Cleric"]["traits"]["Restoring Grace"]["uses_left"] == 3
    assert d["classes"]["Cleric"]["spells"] == []
    assert set(d["vit"]) >= {"current", "max"} and set(d["dice"]) >= {"ready", "wounded"}
    assert "Senna" in ok("show", senna).out


def test_options_has_one_entry_per_vital_skill_and_class(senna):
    data = ok("data", "story-points", "--json").json()
    options = ok("options", senna, "--json").json()
    assert len(options) == len(data["vitals"]) + len(data["skills"]) + len(data["classes"])
    by = {(o["kind"], o["name"]): o for o in options}
    med = by[("skill", "Medicine")]
    assert med["target"] == 4 and med["cost"] == 4 and med["allowed"] is False
    assert med["reasons"] == ["Medicine 4 needs Cognition 4 (Cognition is 3)"]
    assert by[("vital", "Cognition")]["allowed"] is True and by[("vital", "Cognition")]["cost"] == 8
    assert by[("class", "Cleric")]["target"] == 4
    assert by[("new-class", "Fighter")]["cost"] == 1
    for o in options:
        assert set(o) >= {"kind", "name", "target", "cost", "allowed", "reasons"}
        assert o["allowed"] == (o["reasons"] == [])


def test_do_chain_and_undo(senna):
    ok("do", senna, "raise-vital", "Cognition")
    ok("do", senna, "raise-skill", "medicine")
    ok("do", senna, "raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Mend Wounds")
    d = ok("show", senna, "--json").json()
    assert d["sp"]["unspent"] == 0 and d["classes"]["Cleric"]["level"] == 4
    ok("undo", senna)
    d = ok("show", senna, "--json").json()
    assert d["sp"]["unspent"] == 4 and d["classes"]["Cleric"]["level"] == 3


def test_refusal_exit_1_reasons_on_stderr_file_unchanged(senna):
    before = file_bytes(senna)
    result = cli("do", senna, "raise-skill", "Medicine")
    assert result.code == 1
    assert result.err.strip().splitlines() == ["Medicine 4 needs Cognition 4 (Cognition is 3)"]
    assert file_bytes(senna) == before


def test_several_reasons_each_on_its_own_line(tmp_path):
    path = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", path, "--set", "sp=1", "--set", "active=no")
    result = cli("do", path, "raise-vital", "Strength")
    assert result.code == 1
    assert result.err.strip().splitlines() == ["Strength 2 needs the character to be Active",
                                               "needs 4 SP, 1 unspent"]


def test_usage_errors_exit_2_and_leave_file(senna):
    before = file_bytes(senna)
    for argv in (("do", senna, "raise-skill", "Cooking"), ("do", senna, "fly"),
                 ("do", senna, "raise-class", "Cleric"), ("do", senna, "raise-vital")):
        result = cli(*argv)
        assert result.code == 2, argv
        assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert file_bytes(senna) == before


def test_unknown_name_in_new_lists_valid_names(tmp_path):
    result = cli("new", "story-points", "X", "-o", tmp_path / "x.json", "--set", "skill.Cooking=1")
    assert result.code == 2 and "Medicine" in result.err
    assert not (tmp_path / "x.json").exists()


def test_illegal_baseline_exit_1_no_file(tmp_path):
    result = cli("new", "story-points", "X", "-o", tmp_path / "x.json", "--set", "skill.Melee=3")
    assert result.code == 1 and "Melee 3 is above its Linked Vital" in result.err
    assert not (tmp_path / "x.json").exists()


def test_unreadable_files_exit_2_without_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for argv in (("show", bad), ("options", bad), ("do", bad, "rest"), ("undo", bad),
                 ("show", tmp_path / "missing.json"), ("check", bad),
                 ("plan", bad, "skill:Melee=1")):
        result = cli(*argv)
        assert result.code == 2, argv
        assert str(argv[1]) in result.err and "Traceback" not in result.err
    assert bad.read_text() == "{not json"


def test_undo_of_empty_ledger_refused(senna):
    before = file_bytes(senna)
    result = cli("undo", senna)
    assert result.code == 1 and "nothing to undo" in result.err
    assert file_bytes(senna) == before


def test_plan_json(senna):
    plan = ok("plan", senna, "class:Cleric=4", "--json").json()
    assert plan["total_cost"] == 16 and plan["affordable"] is True
    assert [(s["kind"], s["name"], s["target"], s["cost"]) for s in plan["steps"]] == [
        ("vital", "Cognition", 4, 8), ("skill", "Medicine", 4, 4), ("class", "Cleric", 4, 4)]
    assert "16" in ok("plan", senna, "class:Cleric=4").out


def test_plan_unreachable_exit_1(senna):
    result = cli("plan", senna, "class:Cleric=11")
    assert result.code == 1 and "maximum" in result.err


def test_check_lists_ledger_problems_with_entry(senna):
    ok("do", senna, "raise-vital", "Cognition")
    doc = json.loads(senna.read_text())
    doc["ledger"].append({"action": "raise-skill", "name": "Medicine"})  # 4 SP: 4 left
    doc["ledger"].append({"action": "raise-skill", "name": "Medicine"})  # 5 > Cognition 4
    senna.write_text(json.dumps(doc))
    before = file_bytes(senna)
    assert cli("show", senna, "--json").code == 0          # it still loads
    result = cli("check", senna, "--json")
    assert result.code == 1
    problems = result.json()["problems"]
    assert len(problems) == 1 and problems[0]["entry"] == 3     # counted from 1, as in text
    assert problems[0]["reasons"] == ["Medicine 5 needs Cognition 5 (Cognition is 4)",
                                      "needs 5 SP, 4 unspent"]
    text = cli("check", senna)
    assert "ledger entry 3" in text.out
    assert file_bytes(senna) == before                      # nothing silently repaired
    assert cli("do", senna, "rest").code == 1               # no new entries on a broken ledger


def test_check_clean_file(senna):
    result = cli("check", senna, "--json")
    assert result.code == 0 and result.json()["problems"] == []


def test_all_actions_via_cli(tmp_path):
    path = tmp_path / "a.json"
    ok("new", "story-points", "A", "-o", path, "--set", "vital.Strength=3", "--set",
       "skill.Melee=2", "--set", "class.Fighter=1", "--set", "trait.Fighter.Parry=1",
       "--set", "vital.Endurance=2", "--set", "vital.Presence=2", "--set", "skill.Athletics=1")
    ok("do", path, "award-checkpoint", "The Bell", "Crypt found")
    ok("do", path, "resolve-milestone", "The Bell")
    ok("do", path, "use-trait", "Fighter", "Parry")
    assert ok("show", path, "--json").json()["classes"]["Fighter"]["traits"]["Parry"]["uses_left"] == 0
    ok("do", path, "rest")
    assert ok("show", path, "--json").json()["classes"]["Fighter"]["traits"]["Parry"]["uses_left"] == 1
    ok("do", path, "raise-class", "Fighter", "--trait", "Breach", "--exchange")
    assert ok("show", path, "--json").json()["sp"] == {"unspent": 4, "earned": 5, "spent": 1}
    ok("do", path, "set-active", "no")
    assert ok("show", path, "--json").json()["active"] is False
    ok("do", path, "raise-skill", "Survival")
    ok("do", path, "raise-skill", "Athletics", "--exchange")
    ok("do", path, "enter-class", "Ranger", "--trait", "Quarry", "--scene", "tracked the wolf")
    d = ok("show", path, "--json").json()
    assert d["classes"]["Ranger"]["level"] == 1


def test_active_defaults_to_yes(tmp_path):
    path = tmp_path / "a.json"
    ok("new", "story-points", "A", "-o", path)
    assert ok("show", path, "--json").json()["active"] is True


def test_baseline_trait_with_untrained_path_skill_is_kept(tmp_path):
    path = tmp_path / "a.json"
    ok("new", "story-points", "A", "-o", path, "--set", "class.Fighter=2",
       "--set", "trait.Fighter.Parry=2", "--set", "vital.Endurance=2", "--set", "skill.Athletics=2")
    d = ok("show", path, "--json").json()
    assert d["classes"]["Fighter"]["traits"]["Parry"]["rank"] == 2
    result = cli("do", path, "use-trait", "Fighter", "Parry")
    assert result.code == 1 and "Melee" in result.err


def test_python_m_builder_runs_the_cli(tmp_path):
    import subprocess
    import sys

    env = dict(os.environ)
    result = subprocess.run([sys.executable, "-m", "builder", "rulesets", "--json"],
                            capture_output=True, text=True, env=env,
                            cwd=Path(__file__).resolve().parents[4])
    assert result.returncode == 0 and "story-points" in result.stdout


def test_exchange_on_a_core_vital_is_refused_by_the_rules(senna):
    before = file_bytes(senna)
    result = cli("do", senna, "raise-vital", "Cognition", "--exchange")
    assert result.code == 1
    assert result.err.strip() == "a Training Exchange never reduces a Core Vital increase"
    assert file_bytes(senna) == before


def test_trait_of_another_class_exit_1_unknown_trait_exit_2(senna):
    ok("do", senna, "raise-vital", "Cognition")
    ok("do", senna, "raise-skill", "Medicine")
    before = file_bytes(senna)
    result = cli("do", senna, "raise-class", "Cleric", "--trait", "Parry", "--spell", "Mend Wounds")
    assert result.code == 1 and "Parry is not a Cleric trait" in result.err
    result = cli("do", senna, "raise-class", "Cleric", "--trait", "Juggling")
    assert result.code == 2 and "Restoring Grace" in result.err
    assert file_bytes(senna) == before


def test_new_never_overwrites_an_existing_file(senna):
    before = file_bytes(senna)
    result = cli("new", "story-points", "Other", "-o", senna)
    assert result.code == 2 and "already exists" in result.err
    assert file_bytes(senna) == before
    ok("new", "story-points", "Other", "-o", senna, "--force")
    assert ok("show", senna, "--json").json()["name"] == "Other"


def test_force_never_rewrites_a_newer_format_file(senna):
    doc = json.loads(senna.read_text())
    doc["format"] = 99
    senna.write_text(json.dumps(doc))
    before = file_bytes(senna)
    result = cli("new", "story-points", "Other", "-o", senna, "--force")
    assert result.code == 2 and "newer" in result.err
    assert file_bytes(senna) == before


def test_a_mistyped_command_is_a_usage_error_not_the_window(tmp_path):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[4]
    for argv in (["shwo", "a.json"], ["bogus"]):
        result = subprocess.run([sys.executable, "-m", "builder", *argv], capture_output=True,
                                text=True, cwd=tmp_path, timeout=60,
                                env={**os.environ, "PYTHONPATH": str(root)})
        assert result.returncode == 2, (argv, result.stderr)
        assert "invalid choice" in result.stderr or "usage" in result.stderr
