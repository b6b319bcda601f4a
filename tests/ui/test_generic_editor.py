"""A ruleset without a dedicated editor gets the generic one (tried on vogelfrei,
with its dedicated editor and wizard set aside)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ok


@pytest.fixture(autouse=True)
def generic_for_vogelfrei(monkeypatch):
    from builder.rulesets.vogelfrei.rules.ruleset import VogelfreiRuleset
    from builder.ui import views
    from builder.ui.views.generic import GenericEditor

    monkeypatch.setitem(views.EDITORS, "vogelfrei", GenericEditor)
    monkeypatch.setattr(VogelfreiRuleset, "parts",
                        VogelfreiRuleset.parts.replaced(creation_form=None))


def test_vogelfrei_character_in_the_library_and_the_generic_editor(window, qtbot):
    from builder.ui.views.generic import GenericEditor

    path = Path(ok("new", "vogelfrei", "Kaspar", "--seed", "3").out.strip())
    window.library_model.refresh()
    entry = window.library_model.entries()[0]
    assert entry.ruleset_id == "vogelfrei" and "XP" in entry.headline
    editor = window.documents.open_path(path)
    assert isinstance(editor, GenericEditor)
    assert editor.options_panel.model.rowCount() > 0
    # an option whose core entry names no action words asks for them
    editor.options_panel.takeRequested.emit(editor.options_panel.model.option(0))
    assert editor.refusal_bar.isVisibleTo(editor)
    assert "award-xp" in editor.refusal_bar.label.text()  # the core's list of actions
    # the free action line goes through the core and the undo stack
    editor.action_line.setText("award-xp 100 --session 1")
    editor.do_line()
    assert json.loads(path.read_text())["ledger"][-1]["action"] == "award-xp"
    assert window.balance_label.text() == "XP: 100"         # the ruleset's balance_format
    editor.action_line.setText("award-xp -5 --session 1")
    editor.do_line()
    assert "0 or more" in editor.refusal_bar.label.text()
    window.action("undo").trigger()
    assert json.loads(path.read_text())["ledger"] == []


def test_generic_creation_form_rolls_what_the_ruleset_rolls(window, qtbot):
    from builder.storage.files import list_library

    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("vogelfrei")
    dialog.name_edit.setText("Kaspar")
    assert not dialog.create_button.isEnabled()
    assert "missing --set Strength=N" in dialog.reasons_label.text()
    dialog.form.roll.setChecked(True)
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = list_library()
    assert json.loads(path.read_text())["ruleset"] == "vogelfrei"
    assert window.documents.current_doc().name == "Kaspar"
