"""The ability-bonuses ruleset through the generic CLI commands."""
from __future__ import annotations

import json

import pytest

from tests.helpers import cli, file_bytes, ok

CHOSEN = ["--set", "MIG=3", "--set", "DEX=2", "--set", "CHA=1", "--set", "FOC=0"]


@pytest.fixture
def ann(tmp_path):
    path = tmp_path / "ann.json"
    ok("new", "ability-bonuses", "Ann", "-o", path, *CHOSEN)
    return path


def test_listed_among_rulesets():
    rows = ok("rulesets", "--json").json()
    assert "ability-bonuses" in [row["id"] for row in rows]


def test_new_with_chosen_values_and_show_json(ann):
    shown = ok("show", ann, "--json").json()
    assert shown["abilities"] == {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0, "SKL": 3, "SPD": 3}
    assert shown["skilled"] == {"MIG": 6, "DEX": 5, "CHA": 4, "FOC": 3, "SPD": 6}
    assert (shown["body_def"], shown["mind_def"]) == (5, 1)
    assert (shown["martial_dc"], shown["spell_dc"]) == (14, 12)
    assert shown["age"] is None
    assert shown["rolls"] == []


def test_show_text(ann):
    text = ok("show", ann).out
    assert "MARTIAL DC 14" in text and "Aging rule off" in text


def test_new_in_the_library_without_output():
    result = ok("new", "ability-bonuses", "Lib Char", *CHOSEN)
    assert result.out.strip().endswith("Lib-Char.json")


def test_new_random_is_seeded_and_lists_every_roll(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ok("new", "ability-bonuses", "A", "-o", a, "--random", "--seed", "11")
    ok("new", "ability-bonuses", "B", "-o", b, "--seed", "11")  # --seed implies --random
    shown_a, shown_b = ok("show", a, "--json").json(), ok("show", b, "--json").json()
    assert shown_a["abilities"] == shown_b["abilities"]
    assert shown_a["rolls"] == shown_b["rolls"]
    rolls = shown_a["rolls"]
    assert len(rolls) >= 3 and all(isinstance(r, int) and 1 <= r <= 4 for r in rolls)
    assert len(set(rolls)) == 3 and rolls[-1] not in rolls[:-1]
    assert sorted(shown_a["abilities"][k] for k in ("MIG", "DEX", "CHA", "FOC")) == [0, 1, 2, 3]
    faces = ["MIG", "DEX", "CHA", "FOC"]
    firsts = list(dict.fromkeys(rolls))
    for bonus, roll in zip((3, 2, 1), firsts):
        assert shown_a["abilities"][faces[roll - 1]] == bonus


def test_a_seed_with_a_reroll_keeps_it(tmp_path):
    # Find a seed whose rolls include a repeat, proving rerolls are listed.
    for seed in range(50):
        path = tmp_path / f"s{seed}.json"
        ok("new", "ability-bonuses", "S", "-o", path, "--seed", seed)
        rolls = ok("show", path, "--json").json()["rolls"]
        if len(rolls) > 3:
            assert len(set(rolls)) == 3
            return
    pytest.fail("no seed in 0..49 rerolled")


def test_age_on_new_switches_the_aging_rule_on(tmp_path):
    path = tmp_path / "old.json"
    ok("new", "ability-bonuses", "Old", "-o", path, *CHOSEN, "--set", "age=old")
    shown = ok("show", path, "--json").json()
    assert shown["age"] == "old"
    assert (shown["abilities"]["SKL"], shown["abilities"]["SPD"]) == (4, 2)


def test_age_roll_on_new(tmp_path):
    path = tmp_path / "r.json"
    ok("new", "ability-bonuses", "R", "-o", path, "--random", "--seed", "3", "--set", "age=roll")
    shown = ok("show", path, "--json").json()
    assert shown["age"] in ("young", "mature", "old")
    assert 1 <= shown["age_roll"] <= 20


@pytest.mark.parametrize("sets, fragment", [
    (["MIG=3", "DEX=3", "CHA=1", "FOC=0"], "+3 is used twice"),
    (["MIG=3", "DEX=2", "CHA=1"], "FOC has no bonus"),
    (["MIG=5", "DEX=2", "CHA=1", "FOC=0"], "+5 is not one of the bonuses"),
])
def test_a_set_that_is_not_exactly_3_2_1_0_is_refused(tmp_path, sets, fragment):
    path = tmp_path / "bad.json"
    args = [w for s in sets for w in ("--set", s)]
    result = cli("new", "ability-bonuses", "Bad", "-o", path, *args)
    assert result.code == 1
    assert fragment in result.err
    assert not path.exists()


@pytest.mark.parametrize("args, fragment", [
    (["--set", "STR=3"], "unknown ability 'STR'"),
    (["--set", "MIG=high"], "whole number"),
    (["--random", "--set", "MIG=3"], "--random"),
    (["--set", "age=ancient"], "unknown age category"),
])
def test_bad_usage_on_new_exits_2(tmp_path, args, fragment):
    result = cli("new", "ability-bonuses", "Bad", "-o", tmp_path / "bad.json", *args)
    assert result.code == 2
    assert fragment in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_modify_and_unmodify(ann):
    result = ok("do", ann, "modify", "mig", "2", "--name", "Giant Strength")
    assert "Modified MIG +2 (Giant Strength)" in result.out
    shown = ok("show", ann, "--json").json()
    assert shown["abilities"]["MIG"] == 5
    assert shown["skilled"]["MIG"] == 8
    assert shown["body_def"] == 7
    assert shown["martial_dc"] == 16
    ok("do", ann, "modify", "SKL", "-1", "--name", "Tired")
    shown = ok("show", ann, "--json").json()
    assert shown["skilled"]["SPD"] == 5 and shown["spell_dc"] == 11
    ok("do", ann, "unmodify", "--name", "giant strength")
    shown = ok("show", ann, "--json").json()
    assert shown["abilities"]["MIG"] == 3
    assert [m["name"] for m in shown["modifiers"]] == ["Tired"]


def test_modify_speed(ann):
    ok("do", ann, "modify", "Speed", "1", "--name", "Haste")
    shown = ok("show", ann, "--json").json()
    assert shown["abilities"]["SPD"] == 4 and shown["skilled"]["SPD"] == 7


def test_refusals_leave_the_file_byte_for_byte(ann):
    ok("do", ann, "modify", "CHA", "1", "--name", "Bless")
    before = file_bytes(ann)
    for args in (["unmodify", "--name", "Curse"],
                 ["modify", "DEX", "1", "--name", "bless"],
                 ["modify", "DEX", "0", "--name", "Zero"]):
        result = cli("do", ann, *args)
        assert result.code == 1, args
        assert result.err.strip()
        assert file_bytes(ann) == before
    result = cli("do", ann, "unmodify", "--name", "Curse")
    assert "no active effect is named 'Curse'" in result.err


def test_bad_action_usage_exits_2(ann):
    before = file_bytes(ann)
    for args in (["modify", "STR", "1", "--name", "x"], ["modify", "MIG", "x", "--name", "y"],
                 ["set-age", "ancient"], ["fly"]):
        result = cli("do", ann, *args)
        assert result.code == 2, args
        assert file_bytes(ann) == before


def test_set_age_switches_the_rule_on_and_undo_reverts(ann):
    ok("do", ann, "set-age", "young")
    shown = ok("show", ann, "--json").json()
    assert shown["age"] == "young" and shown["abilities"]["SKL"] == 2
    result = cli("do", ann, "set-age", "Young")
    assert result.code == 1 and "already Young" in result.err
    ok("do", ann, "set-age", "mature")  # the squire becomes a knight
    shown = ok("show", ann, "--json").json()
    assert shown["age"] == "mature" and shown["abilities"]["SKL"] == 3
    ok("undo", ann)
    assert ok("show", ann, "--json").json()["age"] == "young"
    ok("do", ann, "set-age", "off")
    assert ok("show", ann, "--json").json()["age"] is None


def test_options_and_check(ann):
    options = ok("options", ann, "--json").json()
    assert [o["name"] for o in options] == ["Young", "Mature", "Old"]
    assert all(o["allowed"] for o in options)
    assert "no problems" in ok("check", ann).out


def test_check_catches_tampered_rolls(tmp_path):
    path = tmp_path / "t.json"
    ok("new", "ability-bonuses", "T", "-o", path, "--seed", "5")
    doc = json.loads(path.read_text())
    abilities = doc["baseline"]["abilities"]
    abilities["MIG"], abilities["FOC"] = abilities["FOC"], abilities["MIG"]
    path.write_text(json.dumps(doc))
    result = cli("check", path)
    assert result.code == 1
    assert "the recorded d4 rolls" in result.out


def test_data_command_prints_the_tables():
    data = ok("data", "ability-bonuses", "--json").json()
    assert data["bonuses"] == [3, 2, 1, 0]
    assert data["allocation_die"] == ["MIG", "DEX", "CHA", "FOC"]


def test_seed_next_to_chosen_values_seeds_the_age_roll(tmp_path):
    from tests.helpers import cli as run

    ages = set()
    for n in (1, 2):
        path = tmp_path / f"a{n}.json"
        result = run("new", "ability-bonuses", "A", "-o", path, "--set", "MIG=3", "--set", "DEX=2",
                     "--set", "CHA=1", "--set", "FOC=0", "--set", "age=roll", "--seed", "11")
        assert result.code == 0, result.err
        d = json.loads(run("show", path, "--json").out)
        assert d["rolls"] == [] and d["abilities"]["MIG"] in (3,)
        ages.add((d["age"], d["age_roll"]))
    assert len(ages) == 1                      # the same seed, the same d20


def test_random_with_some_values_set_is_a_usage_error(tmp_path):
    from tests.helpers import cli as run

    result = run("new", "ability-bonuses", "A", "-o", tmp_path / "a.json", "--random",
                 "--set", "MIG=3")
    assert result.code == 2 and not (tmp_path / "a.json").exists()


def test_export_pdf_prints_the_abilities_card(tmp_path, qapp):
    from tests.pdf_text import folded_pages

    path = tmp_path / "ann.json"
    ok("new", "ability-bonuses", "Ann", "-o", path, *CHOSEN, "--set", "age=young")
    pdf = tmp_path / "ann.pdf"
    ok("export-pdf", path, "-o", pdf)
    text = folded_pages(pdf)[0]
    assert "MARTIAL DC 13 SPELL DC 11" in text          # Young: SKL +2
    assert "MIG+ +5 DEX+ +4 CHA+ +3 FOC+ +2 SPD+ +6" in text
    assert "Category Young About (years) 10-18" in text
