"""The Ability Bonuses sheet printed to PDF and read back: the Abilities Card's values
from its show --json shape and from a real character made with the CLI, each on the
right page."""
from __future__ import annotations

from builder.sheets import build_sheet
from builder.storage.files import load_character
from tests.helpers import ok
from tests.rulesets.ability_bonuses.samples import derived as ability_bonuses
from tests.sheet_samples import make_ability_bonuses_file
from tests.ui.test_pdf_export import page_texts


def test_ability_bonuses_card_values_on_the_right_pages(qapp, tmp_path):
    from builder.render.pdf import render_pdf

    out = tmp_path / "card.pdf"
    render_pdf([build_sheet(ability_bonuses())], out, "letter")
    (first,) = page_texts(out)  # the whole card and its ledger on one page
    assert first.startswith("Tamsin Reed")
    assert "MIG +3 DEX +1 CHA +0 FOC +2 SKL +1 SPD +0" in first
    assert "MIG+ +4 DEX+ +2" in first
    assert "MARTIAL DC 14 SPELL DC 13" in first and "BODY DEF +4 MIND DEF +2" in first
    assert "Category Adult About (years) 20-39 Age roll 3" in first
    assert "Blessing of the Grove FOC +1" in first
    assert "Ledger # Date Entry 1 2026-11-30 Blessing of the Grove FOC +1" in first
    assert first.endswith("Page 1 of 1")


def test_real_ability_bonuses_character(qapp, tmp_path):
    bob = make_ability_bonuses_file(tmp_path)
    derived = load_character(bob).derived()
    out = tmp_path / "bob.pdf"
    ok("export-pdf", bob, "-o", out)
    (first,) = page_texts(out)
    assert first.startswith("Bob Vell") and "Ability Bonuses character sheet" in first

    def signed(n):
        return f"{n:+d}"

    for key, value in derived["abilities"].items():
        assert f"{key} {signed(value)}" in first
    for key, value in derived["skilled"].items():
        assert f"{key}+ {signed(value)}" in first
    assert f"MARTIAL DC {derived['martial_dc']} SPELL DC {derived['spell_dc']}" in first
    assert f"Category {derived['age_category']['name']}" in first
    assert "Giant Strength MIG +2" in first
    assert "Ledger # Date Entry 1" in first and "Modified MIG +2 (Giant Strength)" in first
