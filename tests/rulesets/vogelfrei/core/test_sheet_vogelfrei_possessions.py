"""The possessions part of the Vogelfrei sheet: alignment, money with room for
pencil, gear with worn marks, weapons with damage and usability, AC and movement."""
from __future__ import annotations

from pathlib import Path

from builder.sheets import build_sheet
from builder.sheets.model import Notes, Rows, SheetOptions, Table
from builder.storage.files import load_character
from tests.helpers import ok

SETS = ["--set", "class=Magic-User", "--set", "career=Wizard", "--set", "Strength=12",
        "--set", "Toughness=13", "--set", "Agility=14", "--set", "Intelligence=9",
        "--set", "Willpower=8", "--set", "Leadership=11", "--set", "wounds_roll=5",
        "--set", "stamina_roll=2", "--set", "money=2gp 5sp"]


def section(sheet, key):
    return next(s for s in sheet.sections if s.key == key)


def rows_of(sec) -> dict:
    return {k: v for b in sec.blocks if isinstance(b, Rows) for k, v in b.items}


def table_rows(sec) -> list:
    return [r for b in sec.blocks if isinstance(b, Table) for r in b.rows]


def test_possessions_on_the_sheet(tmp_path):
    path = tmp_path / "mage.json"
    ok("new", "vogelfrei", "Mage", "-o", path, *SETS)
    ok("do", path, "buy", "Staff")
    ok("do", path, "buy", "Bow, Short")
    ok("do", path, "gain", "Buckler")
    ok("do", path, "buy", "Torch", "--qty", "3")
    sheet = build_sheet(load_character(Path(path)).derived())
    defence = rows_of(section(sheet, "defence"))
    assert defence["Alignment"] == "Chaos"
    health = rows_of(section(sheet, "health"))  # large, with Wounds and Stamina, first
    assert health["AC melee"] == "9" and health["AC ranged"] == "12"   # Agility +1, WS 0
    assert sheet.sections[0].key == "health" and "AC melee" not in defence
    assert defence["WS / BS"] == "0 / 0"
    # Staff (two-handed: oversize) 1 point, Bow + Torches + Buckler = 3 items
    assert (defence["Encumbrance"], defence["Load"]) == ("1", "Unencumbered")
    assert (defence["Per day"], defence["Per turn"], defence["Combat"],
            defence["Running"]) == ("24 miles", "120'", "40'", "120'")
    money = section(sheet, "money")
    assert rows_of(money) == {"gp": "1", "sp": "26", "bp": "9"}   # 1260 - 36 - 300 - 3 bp
    assert any(isinstance(b, Notes) and b.lines >= 3 for b in money.blocks)   # pencil room
    weapons = {r[0]: r for r in table_rows(section(sheet, "weapons")) if r[0]}
    assert weapons["Staff (2H)"][1:3] == ["d6", "4"] and weapons["Staff (2H)"][3] == "usable"
    assert weapons["Bow, Short"][3].startswith("not usable")
    gear = {r[0]: r for r in table_rows(section(sheet, "gear")) if r[0]}
    assert gear["Torch"][1] == "3" and gear["Staff (2H)"][3] == "oversize"
    assert gear["Buckler"][2] == ""


def test_worn_marks_and_blank_sheet(tmp_path):
    path = tmp_path / "w.json"
    ok("new", "vogelfrei", "W", "-o", path, *[a.replace("Magic-User", "Warrior")
                                             .replace("Wizard", "Mercenary") for a in SETS])
    ok("do", path, "gain", "Chain")
    ok("do", path, "wear", "Chain")
    sheet = build_sheet(load_character(Path(path)).derived())
    gear = {r[0]: r for r in table_rows(section(sheet, "gear")) if r[0]}
    assert gear["Chain"][2] == "✓"
    blank = build_sheet(load_character(Path(path)).derived(), options=SheetOptions(blank=True))
    assert all(v == "" for v in rows_of(section(blank, "defence")).values())
    assert all(all(c == "" for c in r) for r in table_rows(section(blank, "gear")))
