"""The Story Point sheet on paper: its Milestones table keeps play order, each
Milestone's Checkpoints in the order they were awarded."""
from __future__ import annotations

from builder.sheets import build_sheet
from builder.sheets.model import Table
from builder.storage.files import load_character
from tests.helpers import ok


def test_milestones_and_checkpoints_in_play_order(tmp_path, qapp):
    path = tmp_path / "m.json"
    ok("new", "story-points", "Mae", "-o", path)
    for milestone, checkpoint in (("Zebra Hunt", "second"), ("Alpha Road", "zed"),
                                  ("Zebra Hunt", "first")):
        ok("do", path, "award-checkpoint", milestone, checkpoint)
    sheet = build_sheet(load_character(path).derived())
    table = next(b for b in sheet.section("milestones").blocks if isinstance(b, Table))
    assert [row[:2] for row in table.rows] == [["Zebra Hunt", "second, first"],
                                               ["Alpha Road", "zed"]]
