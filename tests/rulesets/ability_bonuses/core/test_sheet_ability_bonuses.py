"""The ability-bonuses sheet (the Abilities Card) from its ``show --json`` shape."""
from __future__ import annotations

from builder.sheets import build_sheet, section_keys
from builder.sheets.model import Notes, Rows, SheetOptions, Table
from tests.rulesets.ability_bonuses.samples import derived as ability_bonuses


def rows_of(section) -> dict:
    return {label: value for block in section.blocks if isinstance(block, Rows)
            for label, value in block.items}


def test_the_abilities_card():
    sheet = build_sheet(ability_bonuses(), "ability-bonuses")
    keys = ["abilities", "skilled", "defenses", "dcs", "age", "creation", "effects"]
    assert section_keys("ability-bonuses") == keys + ["notes", "ledger", "who"]
    # the notes print after the ledger (their ruled lines fill the rest of the page)
    assert [s.key for s in sheet.sections] == keys + ["ledger", "notes"]
    assert rows_of(sheet.section("abilities")) == {"MIG": "+3", "DEX": "+1", "CHA": "+0",
                                                   "FOC": "+2", "SKL": "+1", "SPD": "+0"}
    assert rows_of(sheet.section("skilled"))["MIG+"] == "+4"
    assert rows_of(sheet.section("defenses")) == {"BODY DEF": "+4", "MIND DEF": "+2"}
    assert rows_of(sheet.section("dcs")) == {"MARTIAL DC": "14", "SPELL DC": "13"}
    assert rows_of(sheet.section("age")) == {"Category": "Adult", "About (years)": "20-39",
                                             "Age roll": "3"}
    creation = sheet.section("creation")
    assert rows_of(creation)["FOC allocated"] == "+2"
    note = next(b for b in creation.blocks if isinstance(b, Notes)).text
    assert note == "Method: random; rolled d4: 1 (MIG), 4 (FOC), 2 (DEX)"
    effects = next(b for b in sheet.section("effects").blocks if isinstance(b, Table))
    assert effects.rows == [["Blessing of the Grove", "FOC", "+1"]]
    assert sheet.section("ledger").record and not sheet.section("ledger").new_page
    assert sheet.headline == [("BODY DEF", "+4"), ("MIND DEF", "+2"), ("Age", "Adult")]


def test_aging_off_and_blank():
    derived = ability_bonuses()
    derived["age_category"] = None
    sheet = build_sheet(derived, "ability-bonuses")
    assert "aging rule is off" in next(iter(sheet.section("age").blocks)).text
    blank = build_sheet(ability_bonuses(), "ability-bonuses", SheetOptions(blank=True))
    printed = " ".join(t for t in blank.texts() if t)
    for value in ("Tamsin", "+3", "14", "Adult", "Blessing", "compass"):
        assert value not in printed, value
    assert "MIG" in printed and "BODY DEF" in printed and "MARTIAL DC" in printed
