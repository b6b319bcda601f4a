"""A plan that enters a new Class takes the scene it is entered in: the one typed in
the plan's choices dialog, else the chain page's own Scene field."""
from __future__ import annotations

import pytest

from tests.ui.conftest import make_character

#: A character one Class entry away from Cleric, with the points for it.
NEAR_CLERIC = ("sp=20", "vital.Strength=2", "skill.Melee=2", "class.Fighter=1",
               "trait.Fighter.Parry=1", "vital.Presence=2", "vital.Cognition=2",
               "skill.Influence=2", "skill.Medicine=1")


@pytest.fixture
def page(qtbot):
    from builder.rulesets.story_points.ui.chain_page import ChainWidget
    from builder.ui.document import CharacterDocument

    doc = CharacterDocument.open(make_character("Hero", *NEAR_CLERIC))
    widget = ChainWidget(doc)
    qtbot.addWidget(widget)
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(1)
    yield widget
    doc.stop_watching()


def _entered_scene(page) -> str:
    entry = page.doc.cf.ledger[-1]
    assert entry["action"] == "enter-class" and entry["name"] == "Cleric", entry
    return str(entry["scene"])


def test_the_scene_typed_in_the_plan_dialog_enters_the_class(page):
    page.scene_edit.setText("the toolbar's scene")
    assert page.apply_plan() == 0
    dialog = page.plan_dialog
    assert dialog.scene_edit is not None and not dialog.ok.isEnabled()   # no scene yet
    dialog.scene_edit.setText("defended a shrine")
    assert dialog.ok.isEnabled(), dialog.problem.text()
    dialog.ok.click()
    assert _entered_scene(page) == "defended a shrine"


def test_without_one_in_the_dialog_the_pages_scene_enters_the_class(page):
    page.scene_edit.setText("slipped past the watch")
    page.apply_plan()
    dialog = page.plan_dialog
    dialog.chosen.emit(dialog.chosen_steps())      # the dialog's own scene left empty
    assert _entered_scene(page) == "slipped past the watch"
