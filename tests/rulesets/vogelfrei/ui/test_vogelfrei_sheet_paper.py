"""The Vogelfrei sheet read at the table (a sample character of tests/sheet_samples.py):
the current level marked in the class table, the saves large on one line, health
written in large, ability modifiers always signed."""
# ruff: noqa: F811 - the fixture imported below is a test argument
from __future__ import annotations

from builder.sheets import build_sheet
from builder.sheets.model import Rows, Table
from builder.storage.files import load_character
from tests.ui.test_sheet_paper import samples  # noqa: F401 - the sample characters' fixture


def test_reading_at_the_table(samples):
    greta = build_sheet(load_character(samples["greta"]).derived())
    table = next(b for b in greta.section("class_table").blocks if isinstance(b, Table))
    assert [table.rows[i][0] for i in table.marked] == ["2"]  # Greta is level 2
    saves = next(b for b in greta.section("saves").blocks if isinstance(b, Rows))
    assert saves.large and saves.stacked and saves.columns == len(saves.items)  # one line
    health = greta.section("health")
    assert any(isinstance(b, Rows) and b.write_in and b.large for b in health.blocks)
    mods = [row[2] for b in greta.section("abilities").blocks if isinstance(b, Table)
            for row in b.rows]
    assert "+0" in mods and all(m[0] in "+-" for m in mods)  # always signed
