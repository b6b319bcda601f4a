"""The Story Point editor's Sheet page: its models (Vitals, Skills, Classes, the
increases and the ledger) under QAbstractItemModelTester while the character changes,
and its narrow columns giving way widest first."""
from __future__ import annotations

from tests.ui.test_models import _drop_testers, attach_tester  # noqa: F401 - an autouse fixture


def test_editor_sheet_models_pass_the_tester(qtbot, senna_path):
    from builder.ui.document import CharacterDocument
    from builder.rulesets.story_points.ui.editor import StoryPointsEditor

    doc = CharacterDocument.open(senna_path)
    editor = StoryPointsEditor(doc)
    qtbot.addWidget(editor)
    for model in (editor.sheet.vitals_model, editor.sheet.skills_model, editor.sheet.classes_model,
                  editor.options_panel.proxy, editor.ledger.ledger_model):
        attach_tester(model)
    doc.apply_words(["raise-vital", "Cognition"])
    assert editor.sheet.vitals_model.rowCount() == 6
    doc.stop_watching()


def test_narrow_sheet_columns_give_way_widest_first_and_fill_the_room_exactly():
    from builder.rulesets.story_points.ui.widgets import share_width

    assert share_width([80, 20, 60], 200, [10, 10, 10]) == [80, 20, 60]     # room for all
    sizes = share_width([178, 45, 271, 78], 300, [20, 20, 66, 20])
    assert sum(sizes) == 300 and sizes[1] == 45 and sizes[3] == 78       # narrow ones whole
    assert sizes[0] < 178 and sizes[2] < 271 and abs(sizes[0] - sizes[2]) <= 1
    assert share_width([200, 200], 100, [10, 70]) == [30, 70]             # never below a floor
