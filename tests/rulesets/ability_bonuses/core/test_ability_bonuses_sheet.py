"""The sheets feature's ability-bonuses builder fed by a real character of this
ruleset (not a sample dict): guards the ``show --json`` shape the sheet reads."""
from __future__ import annotations

from builder.sheets import build_sheet
from builder.sheets.model import Notes, Rows, Table
from builder.storage.files import load_character
from tests.helpers import ok


def rows_of(section) -> dict:
    return {label: value for block in section.blocks if isinstance(block, Rows)
            for label, value in block.items}


def test_a_real_character_prints_its_abilities_card(tmp_path):
    path = tmp_path / "bryn.json"
    ok("new", "ability-bonuses", "Bryn", "-o", path, "--set", "MIG=3", "--set", "DEX=1",
       "--set", "CHA=0", "--set", "FOC=2", "--set", "age=old")
    ok("do", path, "modify", "DEX", "2", "--name", "Cat's Grace")
    sheet = build_sheet(load_character(path).derived())
    assert rows_of(sheet.section("abilities")) == {"MIG": "+3", "DEX": "+3", "CHA": "+0",
                                                   "FOC": "+2", "SKL": "+4", "SPD": "+2"}
    assert rows_of(sheet.section("skilled")) == {"MIG+": "+7", "DEX+": "+7", "CHA+": "+4",
                                                 "FOC+": "+6", "SPD+": "+6"}
    assert rows_of(sheet.section("defenses")) == {"BODY DEF": "+6", "MIND DEF": "+2"}
    assert rows_of(sheet.section("dcs")) == {"MARTIAL DC": "15", "SPELL DC": "14"}
    assert rows_of(sheet.section("age"))["About (years)"] == "60+"
    effects = next(b for b in sheet.section("effects").blocks if isinstance(b, Table))
    assert effects.rows == [["Cat's Grace", "DEX", "+2"]]


def test_a_rolled_character_prints_every_d4_rerolls_included(tmp_path):
    for seed in range(60):
        path = tmp_path / f"s{seed}.json"
        ok("new", "ability-bonuses", "R", "-o", path, "--seed", seed)
        derived = load_character(path).derived()
        if len(derived["rolls"]) > 3:
            break
    creation = build_sheet(derived).section("creation")
    note = next(b for b in creation.blocks if isinstance(b, Notes)).text
    listed = note.split("rolled d4: ")[1].split(", ")
    assert [int(item.split(" ")[0]) for item in listed] == derived["rolls"]
    assert len(listed) > 3  # the reroll is on the sheet
