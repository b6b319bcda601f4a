"""The generic sheet (a rule system written as data, the point-buy example): the ledger
printed as every sheet prints it (plain words, the balance's columns, --ledger, none on a
compact sheet, blank rows on a blank one), who the character is in the Who section only,
headings from the system's own keys."""
from __future__ import annotations

import pytest

from builder.app import export
from builder.sheets import SheetOptions, section_keys
from builder.sheets.model import BLANK_LEDGER, Rows, Table
from tests.helpers import ok


@pytest.fixture
def pat(isolated_data, tmp_path):
    ok("install-example", "point-buy")
    path = tmp_path / "pat.json"
    ok("new", "point-buy", "Pat", "-o", path, "--set", "Body=2")
    for session in (1, 2, 3):
        ok("do", path, "award", "2", "--note", f"session {session}")
    ok("do", path, "set-identity", "player", "Ada")
    return export.read_characters([path])


def _sheet(characters, **options):
    (sheet,) = export.build_sheets(characters, SheetOptions(**options))
    return sheet


def test_the_ledger_is_printed_once_in_words_with_the_balance(pat):
    sheet = _sheet(pat, ledger="all")
    keys = [s.key for s in sheet.sections]
    assert keys.count("ledger") == 1 and "ledger_entries" not in keys
    (ledger,) = [s for s in sheet.sections if s.key == "ledger"]
    (table,) = [b for b in ledger.blocks if isinstance(b, Table)]
    assert [c.title for c in table.columns] == ["#", "Date", "Entry", "CP gained", "CP spent",
                                                "CP after"]
    assert [row[2] for row in table.rows[1:]] == [
        "Awarded 2 CP (session 1)", "Awarded 2 CP (session 2)", "Awarded 2 CP (session 3)"]
    assert [row[-1] for row in table.rows] == ["6", "8", "10", "12"]   # opening, then after


def test_ledger_last_n_compact_and_blank_are_followed(pat):
    (ledger,) = [s for s in _sheet(pat, ledger="last:2").sections if s.key == "ledger"]
    texts = [row[2] for row in ledger.blocks[0].rows]
    assert texts[-2:] == ["Awarded 2 CP (session 2)", "Awarded 2 CP (session 3)"]
    assert "1 earlier entries not printed (all of them: --ledger all, or show)" in texts
    assert "ledger" not in [s.key for s in _sheet(pat, layout="compact").sections]
    (blank,) = [s for s in _sheet(pat, blank=True).sections if s.key == "ledger"]
    assert len(blank.blocks[0].rows) == BLANK_LEDGER            # not one per entry made


def test_who_the_character_is_prints_in_the_who_section_only(pat):
    sheet = _sheet(pat)
    assert sheet.sections[0].key == "who"
    printed = [item for s in sheet.sections[1:] for b in s.blocks if isinstance(b, Rows)
               for item in b.items]
    assert not any(key in ("Player", "Balance label") for key, _value in printed)
    assert {"player", "ledger_entries", "balance_label"}.isdisjoint(
        section_keys("point-buy", pat[0].derived))


def test_headings_keep_the_systems_capitals(pat):
    titles = {s.key: s.title for s in _sheet(pat).sections}
    assert titles["CP"] == "CP" and titles["attributes"] == "Attributes"
