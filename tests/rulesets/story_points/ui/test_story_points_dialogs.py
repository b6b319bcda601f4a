"""The Story Point dialogs as a new-user review of the real window found them: the New
Character form's Classes tab shows every trait column, and the Award dialog says how
many Story Points a Checkpoint and a Milestone give."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication


def test_the_story_points_classes_tab_shows_every_trait_column(window, qtbot):
    from PySide6.QtWidgets import QScrollArea

    from builder.ui.dialogs.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(window)
    qtbot.addWidget(dialog)
    dialog.choose_ruleset("story-points")
    dialog.show()
    scroll = dialog.form.findChild(QScrollArea, "classesScroll")
    scroll.parentWidget().parentWidget().setCurrentWidget(scroll)   # the Classes tab
    QApplication.processEvents()
    page = scroll.widget()
    assert page.width() >= page.sizeHint().width()
    assert scroll.viewport().width() >= page.width()


def test_the_award_dialog_says_how_many_story_points(window):
    from builder.rulesets.story_points.ui.award import AwardDialog
    from tests.ui.conftest import SENNA, make_character

    editor = window.documents.open_path(make_character("Senna", *SENNA))
    dialog = AwardDialog([editor.doc], editor.doc, window)
    awards = editor.doc.ruleset.public_data()["awards"]
    assert dialog.checkpoint_radio.text().endswith(f"({awards['checkpoint']} SP each)")
    assert dialog.milestone_radio.text().endswith(f"({awards['milestone']} SP each)")
    dialog.milestone.setCurrentText("The Drowned Shrine")
    dialog.checkpoint.setText("Found the shrine")
    assert dialog.ok.isEnabled(), dialog.reasons.text()
    assert dialog.reasons.text() == (f"✔ 1 character gets a Story Checkpoint: "
                                     f"{awards['checkpoint']} SP each.")
    dialog.reject()
