"""The Story Point sheet (builder/rulesets/story_points/sheet.py), from its ``show
--json`` shape: every section and value, the boxes (VIT, dice, trait uses), the blank
layout, and what players look at during play (large and first; no classes said in
words)."""
from __future__ import annotations

from builder.sheets import build_sheet, section_keys
from builder.sheets.model import BoxLine, Boxes, Notes, Rows, SheetOptions, Table
from tests.core.test_sheet_model import STORY_SECTIONS, rows_of, tables
from tests.rulesets.story_points.samples import derived as story_points


def texts(section) -> list[str]:
    from builder.sheets.model import block_texts

    return [t for block in section.blocks for t in block_texts(block)]


def test_story_points_has_every_section_in_order():
    sheet = build_sheet(story_points(), "story-points")
    # the notes print after the ledger (their ruled lines fill the rest of the page)
    assert [s.key for s in sheet.sections] == STORY_SECTIONS[:-2] + ["ledger", "notes"]
    # "who" (player, portrait...) is every ruleset's, printed when the file has it.
    assert section_keys("story-points") == STORY_SECTIONS + ["who"]
    assert sheet.name == "Mira Thornwood"
    assert sheet.ruleset_title == "Story Point development"


def test_vitals_sp_and_vit_values():
    sheet = build_sheet(story_points(), "story-points")
    assert rows_of(sheet.section("vitals")) == {"Strength": "3", "Agility": "4",
                                                "Cognition": "5", "Presence": "2"}
    assert rows_of(sheet.section("sp")) == {"Unspent": "7", "Earned": "42", "Spent": "35"}
    assert rows_of(sheet.section("vit")) == {"VIT": "5", "Max VIT": "7", "Ready dice": "4",
                                             "Wounded dice": "3"}


def test_vit_and_dice_boxes_one_per_point_lost_ones_ticked():
    vit = build_sheet(story_points(), "story-points").section("vit")
    line = next(b for b in vit.blocks if isinstance(b, BoxLine))
    vit_boxes, dice_boxes = line.boxes
    assert (vit_boxes.count, vit_boxes.ticked) == (7, 2)  # max 7, current 5
    assert (dice_boxes.count, dice_boxes.ticked) == (7, 3)  # body 7, 3 wounded


def test_skills_with_linked_vital_two_a_line():
    table = tables(build_sheet(story_points(), "story-points").section("skills"))[0]
    assert [c.title for c in table.columns] == ["Skill", "Vital", "Level", "",
                                                "Skill", "Vital", "Level"]
    cells = [row[i:i + 3] for row in table.rows for i in (0, 4)]
    assert ["Medicine", "Cognition", "4"] in cells
    assert ["Influence", "Presence", "6"] in cells
    assert len(table.rows) == 3  # five skills, two a line


def test_classes_with_level_and_core_skills():
    table = tables(build_sheet(story_points(), "story-points").section("classes"))[0]
    assert table.rows == [["Herbalist", "3", "Medicine, Occult"],
                          ["Scout", "2", "Stealth, Athletics"]]


def test_traits_rank_and_one_box_per_use_spent_ones_ticked():
    traits = build_sheet(story_points(), "story-points").section("traits")
    herbalist, scout = tables(traits)
    poultice = herbalist.rows[0]
    assert poultice[:3] == ["Poultice", "Healer (Medicine)", "2"]
    assert (poultice[3].count, poultice[3].ticked) == (2, 1)  # 1 left + 1 spent
    keen_eye = scout.rows[1]
    assert keen_eye[3].count == 0 and "Observation" in keen_eye[3].label
    assert "Herbalist" in texts(traits) and "level 3" in texts(traits)


def test_blank_mode_prints_no_values():
    derived = story_points(ledger_entries=5)
    sheet = build_sheet(derived, "story-points", SheetOptions(blank=True))
    assert sheet.blank and sheet.name == "" and sheet.headline == []
    printed = set(sheet.texts())
    for value in ["Mira Thornwood", "Herbalist", "Scout", "Poultice", "Mend Flesh",
                  "ferryman", "Entry001 raised by one rank", "The Drowned Bell", "42", "35"]:
        assert not any(value in t for t in printed), value
    # the layout is all there, with empty boxes to fill in
    assert all(v == "" for s in sheet.sections for b in s.blocks if isinstance(b, Rows)
               for _l, v in b.items)
    assert "Strength" in printed and "Medicine" in printed  # the ruleset's names stay
    ledger = tables(sheet.section("ledger"))[0]
    assert len(ledger.rows) >= 20 and all(c == "" for r in ledger.rows for c in r)
    trait_rows = tables(sheet.section("traits"))[0].rows
    assert all(isinstance(r[3], Boxes) and r[3].count > 0 and r[3].ticked == 0
               for r in trait_rows)
    # VIT and the dice body reach the same most (the data's limit): as many boxes each
    from builder.sheets.model import BoxLine
    from builder.storage.rulesets import load_ruleset

    (line,) = [b for b in sheet.section("vit").blocks if isinstance(b, BoxLine)]
    limit = load_ruleset("story-points").data["limits"]["vit_max"]
    assert [(b.label, b.count, b.ticked) for b in line.boxes] == [
        ("VIT lost", limit, 0), ("Dice wounded", limit, 0)]


def test_a_character_without_a_class_is_told_so_in_words():
    derived = story_points()
    derived["classes"] = {}
    classes = build_sheet(derived).section("classes")
    assert classes.empty and not any(isinstance(b, Table) for b in classes.blocks)
    assert [b.text for b in classes.blocks if isinstance(b, Notes)] == ["No classes yet."]


def test_unspent_sp_is_large_as_vit():
    sheet = build_sheet(story_points())
    large = {label for section in sheet.sections for block in section.blocks
             if isinstance(block, Rows) and block.large for label, _v in block.items}
    assert {"Unspent", "VIT", "Ready dice"} <= large
