"""A sheet costs what it prints, never what the file stores: any text is printed up to a
bound, with a mark saying how much was left out and where to read it."""
from __future__ import annotations

import re

from builder.sheets import NOTES_LIMIT, ROW_LIMIT, TEXT_LIMIT, build_sheet, bounded
from builder.sheets.model import Notes, Table
from tests.rulesets.story_points.samples import derived as story_points


def test_a_megabyte_of_notes_prints_its_start_and_says_how_much_is_left():
    derived = story_points()
    derived["notes"] = "word " * 200_000
    (notes,) = [b for b in build_sheet(derived).section("notes").blocks if isinstance(b, Notes)]
    assert len(notes.text) < NOTES_LIMIT + 200
    left = int(re.search(r"\[([\d,]+) more characters not printed", notes.text)[1]
               .replace(",", ""))
    kept = notes.text[:notes.text.index(" \u2026 [")]
    assert len(kept) + left == len(derived["notes"].strip())
    assert kept.endswith("word")  # cut after a whole word
    assert "show --json" in notes.text


def test_a_ledger_of_any_length_prints_at_most_its_bound_of_rows():
    derived = story_points(ledger_entries=ROW_LIMIT + 700)
    from builder.sheets.model import SheetOptions

    sheet = build_sheet(derived, options=SheetOptions(ledger="all"))
    (table,) = [b for b in sheet.section("ledger").blocks if isinstance(b, Table)]
    assert len(table.rows) == ROW_LIMIT + 1
    assert table.rows[-1][2].startswith("700 more rows not printed")


def test_texts_within_the_bound_are_untouched():
    word = "x" * 300
    assert bounded(word, TEXT_LIMIT) == word
    long = "y" * (TEXT_LIMIT + 5)
    assert bounded(long, TEXT_LIMIT).startswith("y" * TEXT_LIMIT + " \u2026 [5 more")
