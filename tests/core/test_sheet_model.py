"""The pure sheet description (builder/sheets): no Qt, no pages, just what is printed."""
from __future__ import annotations

import subprocess
import sys

import pytest

from builder.rules.base import UsageError
from builder.sheets import build_sheet, builder_module, parse_sections, section_keys
from builder.sheets.model import (Boxes, Column, Notes, Rows, SheetOptions, Table,
                                  text_value)
from tests.rulesets.story_points.samples import derived as story_points

STORY_SECTIONS = ["vitals", "vit", "sp", "milestones", "skills", "classes", "traits", "spells",
                  "notes", "ledger"]


def rows_of(section) -> dict:
    return {label: value for block in section.blocks if isinstance(block, Rows)
            for label, value in block.items}


def tables(section) -> list[Table]:
    return [b for b in section.blocks if isinstance(b, Table)]


def test_spells_and_ledger_and_notes():
    sheet = build_sheet(story_points(ledger_entries=3), "story-points")
    spells = tables(sheet.section("spells"))[0]
    assert [r[:2] for r in spells.rows] == [["Mend Flesh", "Herbalist"],
                                           ["Still Fever", "Herbalist"]]
    ledger = sheet.section("ledger")
    assert ledger.record and not ledger.new_page  # flows on; left out of a compact sheet
    assert [c.title for c in tables(ledger)[0].columns][3:] == ["SP gained", "SP spent",
                                                                 "SP after"]
    assert tables(ledger)[0].rows[0] == ["1", "2026-11-30", "Entry001 raised by one rank",
                                         "", "2", "40"]
    notes = next(b for b in sheet.section("notes").blocks if isinstance(b, Notes))
    assert "ferryman" in notes.text and notes.lines > 0


def test_refused_ledger_entries_and_problems_are_printed():
    derived = story_points(ledger_entries=2)
    derived["ledger"][1]["refused"] = ["Medicine 5 needs Cognition 5 (Cognition is 4)"]
    derived["problems"] = ["ledger entry 2 (raise-skill): Medicine 5 needs Cognition 5"]
    sheet = build_sheet(derived, "story-points", SheetOptions(sections=frozenset({"vitals"})))
    assert [s.key for s in sheet.sections] == ["problems", "vitals"]
    full = build_sheet(derived, "story-points")
    entry = tables(full.section("ledger"))[0].rows[1][2]
    assert "refused: Medicine 5 needs Cognition 5" in entry


def test_sections_option_keeps_only_the_chosen():
    options = SheetOptions(sections=frozenset({"skills", "ledger"}))
    sheet = build_sheet(story_points(), "story-points", options)
    assert [s.key for s in sheet.sections] == ["skills", "ledger"]


def test_parse_sections():
    assert parse_sections(None, STORY_SECTIONS) is None
    assert parse_sections("Vitals, skills", STORY_SECTIONS) == {"vitals", "skills"}
    with pytest.raises(UsageError) as caught:
        parse_sections("vitals,spellz", STORY_SECTIONS)
    assert "spellz" in str(caught.value)
    assert "valid: vitals, vit, sp" in str(caught.value)
    with pytest.raises(UsageError):
        parse_sections(" , ", STORY_SECTIONS)


def test_generic_fallback_for_a_ruleset_without_a_sheet_module():
    derived = {"ruleset": "homebrew-x", "name": "Odd", "xp": 12, "level": 2,
               "abilities": {"STR": 14, "DEX": 9},
               "gear": {"Rope": {"weight": 1, "count": 2}},
               "ledger": [{"n": 1, "text": "gain XP", "cost": 0}],
               "notes": "hello"}
    assert builder_module("homebrew-x").__name__ == "builder.sheets.generic"
    keys = section_keys("homebrew-x", derived)
    assert keys == ["summary", "abilities", "gear", "ledger", "notes", "who"]
    sheet = build_sheet(derived, "homebrew-x")
    assert sheet.ruleset_title == "homebrew-x"
    assert rows_of(sheet.section("summary")) == {"Xp": "12", "Level": "2"}
    assert rows_of(sheet.section("abilities")) == {"STR": "14", "DEX": "9"}
    gear = tables(sheet.section("gear"))[0]
    assert gear.rows == [["Rope", "1", "2"]]
    assert sheet.section("ledger").record
    blank = build_sheet(derived, "homebrew-x", SheetOptions(blank=True))
    assert "Odd" not in set(blank.texts()) and "14" not in set(blank.texts())
    # the notes end the sheet, their lines to the foot of the page
    notes = sheet.sections[-1]
    assert notes.key == "notes" and not notes.empty
    assert [(b.text, b.fill) for b in notes.blocks] == [("hello", True)]
    assert build_sheet(dict(derived, notes=""), "homebrew-x").sections[-1].empty


def test_the_notes_print_after_the_records_and_before_them_when_blank():
    from builder.sheets.model import notes_section, print_order

    keys = ["vitals", "notes", "history", "ledger"]
    assert print_order(keys, blank=False) == ["vitals", "history", "ledger", "notes"]
    assert print_order(keys, blank=True) == keys
    assert print_order(["vitals", "notes"], blank=False) == ["vitals", "notes"]
    assert print_order(["ledger", "notes"], blank=False) == ["ledger", "notes"]
    # written notes always print; with nothing written they fill, never open a page
    written = notes_section("notes", "Notes", " Owes two silver. ", blank=False, lines=6)
    assert not written.empty and written.blocks[0].text == "Owes two silver."
    for nothing in ("", "-", None):
        section = notes_section("notes", "Notes", nothing, blank=False, lines=6)
        assert section.empty and section.blocks[0].fill and section.blocks[0].text == ""
    blank = notes_section("notes", "Notes", "secret", blank=True, lines=10)
    assert not blank.empty and (blank.blocks[0].text, blank.blocks[0].lines,
                                blank.blocks[0].fill) == ("", 10, False)
    sheet = build_sheet(story_points(), "story-points")
    assert [s.key for s in sheet.sections][-2:] == ["ledger", "notes"]
    blank_sheet = build_sheet(story_points(), "story-points", SheetOptions(blank=True))
    assert [s.key for s in blank_sheet.sections][-2:] == ["notes", "ledger"]


def test_model_checks():
    assert Boxes(3, 9).ticked == 3 and Boxes(-1).count == 0
    assert Boxes(3, 1).text() == "[x][ ][ ]"
    with pytest.raises(ValueError):
        Table([Column("a"), Column("b")], [["only one"]])
    assert text_value(None) == "-" and text_value(True) == "yes"
    assert text_value(["a", "b"]) == "a, b" and text_value([]) == "-"


def test_sheets_package_does_not_import_qt():
    code = ("import sys, builder.sheets, builder.rulesets.story_points.sheet, builder.sheets.generic;"
            "print(any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


def test_model_classes_compare_and_print_by_their_fields():
    """The sheet model is written out (not @dataclass, whose generated methods cost
    every export's start): equal by fields, a repr naming them, unhashable but for the
    frozen SheetOptions, as the dataclasses were."""
    from builder.sheets.model import (BoxLine, Boxes, Column, Heading, Notes, Picture, Rows,
                                      Section, Sheet, SheetOptions, Table)

    assert Boxes(3, 5) == Boxes(3, 3) and Boxes(3, 1) != Boxes(3, 2)
    assert Boxes(2, 1, "VIT") != "Boxes(2, 1, 'VIT')"
    assert repr(Boxes(2, 1, "VIT")) == "Boxes(count=2, ticked=1, label='VIT')"
    table = Table([Column("A"), Column("B", 2.0, "right")], [["x", Boxes(1)]], spare=4)
    assert table.spare == 1 and table.marked == []
    assert table == Table([Column("A"), Column("B", 2.0, "right")], [["x", Boxes(1)]], [], 1)
    assert Table([Column("A")], []).marked is not Table([Column("A")], []).marked
    with pytest.raises(ValueError):
        Table([Column("A")], [["x", "y"]])
    section = Section("notes", "Notes", [Notes("hi", 2), Heading("H", "level 3")])
    sheet = Sheet("Mira", "story-points", sections=[section])
    assert sheet == Sheet("Mira", "story-points", "", [], [section], False, "full", "")
    assert sheet != Sheet("Mira", "story-points", player="Ann")
    assert Sheet("a", "b").sections is not Sheet("a", "b").sections
    assert repr(Heading("H")) == "Heading(text='H', detail='')"
    for value in (Boxes(1), Rows([("a", "1")]), Column("A"), table, Heading("H"), Notes(),
                  BoxLine([]), Picture("p.png"), section, sheet):
        with pytest.raises(TypeError):
            hash(value)
    options = SheetOptions(frozenset({"vitals"}), blank=True)
    assert options == SheetOptions(frozenset({"vitals"}), True, "full", False)
    assert hash(options) == hash(SheetOptions(frozenset({"vitals"}), True))
    assert {options: 1}[SheetOptions(frozenset({"vitals"}), True)] == 1
    with pytest.raises(AttributeError):
        options.blank = False  # type: ignore[misc]
    assert options.wants("vitals") and not options.wants("skills")
    assert SheetOptions().wants("anything")
