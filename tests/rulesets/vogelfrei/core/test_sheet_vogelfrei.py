"""The vogelfrei sheet description, from a real character made with the CLI: every
section and value, blank mode, what players look at during play (large and first)."""
from __future__ import annotations

from builder.sheets import build_sheet, section_keys
from builder.sheets.model import BoxLine, Boxes, Rows, SheetOptions, Table
from builder.storage.files import load_character
from tests.sheet_samples import make_vogelfrei_file


def rows_of(section) -> dict:
    return {label: value for block in section.blocks if isinstance(block, Rows)
            for label, value in block.items}


def table_rows(section) -> list:
    return [row for block in section.blocks if isinstance(block, Table) for row in block.rows]


def greta(tmp_path):
    """Greta as a sheet reads her (her ledger's entries as written included)."""
    from builder.app.export import Printed

    return Printed.of(load_character(make_vogelfrei_file(tmp_path))).derived


def test_every_section_with_the_values(tmp_path):
    derived = greta(tmp_path)
    sheet = build_sheet(derived)
    assert sheet.ruleset_title and sheet.name == "Greta Hollerin"
    assert [s.key for s in sheet.sections] == [
        "health", "abilities", "career", "xp", "saves", "defence", "money", "weapons", "gear",
        "skills", "traits", "careers", "class_table", "history", "ledger",
        "notes"]  # no spells: a Warrior casts none; the notes print after the records
    assert "spells" in section_keys("vogelfrei")
    assert ["Toughness", "13", "+1"] in table_rows(sheet.section("abilities"))
    assert ["Willpower", "8", "-1"] in table_rows(sheet.section("abilities"))
    assert rows_of(sheet.section("career")) == {"Class": "Warrior", "Career": "Mercenary",
                                                "Status": "Silver", "Level": "2",
                                                "Career level": "2"}
    assert rows_of(sheet.section("xp"))["XP"] == "2100"
    assert rows_of(sheet.section("xp"))["Next level at"] == "4000"
    assert rows_of(sheet.section("saves")) == {"Paralyze": "14", "Poison": "12",
                                               "Breath": "15", "Device": "13", "Magic": "16"}
    health = sheet.section("health")
    assert rows_of(health)["Stamina"] == "5"
    wounds, stamina = next(b for b in health.blocks if isinstance(b, BoxLine)).boxes
    assert (wounds.count, wounds.ticked) == (10, 0)
    assert (stamina.count, stamina.ticked) == (7, 2)  # 5 of 7: two ticked
    assert table_rows(sheet.section("class_table"))[1][:4] == ["2", "2000", "+1", "+1d4"]
    assert table_rows(sheet.section("history")) == [
        ["1", "level-up", "2", "4", "1", "Warrior", "Mercenary"]]
    assert sheet.section("history").record and sheet.section("ledger").record
    assert not sheet.section("history").new_page and not sheet.section("ledger").new_page
    ledger = table_rows(sheet.section("ledger"))
    # The opening balance, then each entry in plain words with the money it cost or
    # brought, the XP gained and after; the entries of a session under its name, the
    # Stamina lost (nothing lasting) counted, not listed.
    assert ledger[0] == ["", "", "Opening balance", "", "", "0"]
    assert ledger[1][2] == "Session 1"
    assert ledger[2][2:] == ["Awarded 2100 XP (session 1)", "", "2100", "2100"]
    assert ledger[4][2] == "Since the last session"
    assert ledger[5][2] == "1 entry that change nothing lasting (Stamina lost and healed) " \
        "not printed"
    every = table_rows(build_sheet(derived, options=SheetOptions(ledger="all"))
                       .section("ledger"))
    assert every[5][2:] == ["Lost 2 Stamina", "", "", "2100"]


def test_spell_slots_are_tick_boxes():
    derived = {"ruleset": "vogelfrei", "name": "Ilse", "class": "Magic-User",
               "spells_memorized": [2, 1, 0], "spell_research_owed": 1}
    sheet = build_sheet(derived, "vogelfrei", SheetOptions(sections=frozenset({"spells"})))
    rows = table_rows(sheet.section("spells"))
    # One line per memorized slot: level, the spell to write in, a box to tick when cast.
    assert [(r[0], r[1]) for r in rows] == [("1", ""), ("1", ""), ("2", "")]
    assert all(isinstance(r[2], Boxes) and (r[2].count, r[2].ticked) == (1, 0) for r in rows)
    assert rows_of(sheet.section("spells")) == {"Spell research owed": "1"}


def test_blank_vogelfrei_sheet_has_no_values(tmp_path):
    derived = greta(tmp_path)
    sheet = build_sheet(derived, options=SheetOptions(blank=True))
    printed = " ".join(t for t in sheet.texts() if t)
    for value in ("Greta", "Warrior", "Mercenary", "2100", "Silver", "award-xp"):
        assert value not in printed, value
    assert "Toughness" in printed and "Paralyze" in printed
    assert sheet.section("class_table") is None


def test_vogelfrei_wounds_stamina_and_armour_class_are_large_and_first(tmp_path):
    from tests.sheet_samples import make_vogelfrei_file
    from builder.storage.files import load_character

    sheet = build_sheet(load_character(make_vogelfrei_file(tmp_path)).derived())
    first = sheet.sections[0]
    large = [label for block in first.blocks if isinstance(block, Rows) and block.large
             for label, _v in block.items]
    assert first.key == "health" and large == ["Wounds", "Stamina", "AC melee", "AC ranged"]


def test_wound_boxes_follow_the_characters_maximum():
    derived = {"ruleset": "vogelfrei", "name": "Ilse", "class": "Magic-User", "level": 5,
               "wounds": {"current": 12, "max": 14}, "stamina": {"current": 3, "max": 9}}
    from builder.sheets.model import BoxLine

    health = build_sheet(derived, "vogelfrei").section("health")
    wounds, stamina = next(b for b in health.blocks if isinstance(b, BoxLine)).boxes
    assert (wounds.count, wounds.ticked, stamina.count, stamina.ticked) == (14, 2, 9, 6)
