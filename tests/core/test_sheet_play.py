"""What players look at during play is large and first; empty sections say so."""
from __future__ import annotations

from builder.sheets import build_sheet
from builder.sheets.model import Notes, Rows, Table
from tests.sheet_samples import story_points


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


def test_vogelfrei_wounds_stamina_and_armour_class_are_large_and_first(tmp_path):
    from tests.sheet_samples import make_vogelfrei_file
    from builder.storage.files import load_character

    sheet = build_sheet(load_character(make_vogelfrei_file(tmp_path)).derived())
    first = sheet.sections[0]
    large = [label for block in first.blocks if isinstance(block, Rows) and block.large
             for label, _v in block.items]
    assert first.key == "health" and large == ["Wounds", "Stamina", "AC melee", "AC ranged"]
