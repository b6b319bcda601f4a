"""A rule system written as data opens in the window with the generic editor and
the generic creation form; Help > Rule Systems lists every system's source and the
warnings about files left out or overrides ignored."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import ok

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"


@pytest.fixture
def systems(isolated_data) -> Path:
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "point-buy.json")
    return folder


def test_a_data_system_character_in_the_generic_editor(systems, window, qtbot):
    from builder.ui.views.generic import GenericEditor

    path = Path(ok("new", "point-buy", "Ann", "--set", "Body=2", "--set", "Grace=2")
                .out.strip())
    window.library_model.refresh()
    (entry,) = window.library_model.entries()
    assert entry.ruleset_id == "point-buy" and "CP" in str(entry.headline)
    editor = window.documents.open_path(path)
    assert isinstance(editor, GenericEditor)
    model = editor.options_panel.model
    options = {model.option(i).name: model.option(i) for i in range(model.rowCount())}
    assert not options["Knight"].allowed
    assert "Knight needs Body 3 (Body is 2)" in options["Knight"].reasons
    # an allowed option taken from the panel goes through the core and the undo stack
    editor.options_panel.takeRequested.emit(options["Fencing"])
    last = json.loads(path.read_text())["ledger"][-1]
    assert (last["action"], last["name"]) == ("raise", "Fencing")
    editor.action_line.setText("take Knight")
    editor.do_line()
    assert "Knight needs Body 3 (Body is 2)" in editor.refusal_bar.label.text()
    window.action("undo").trigger()
    assert json.loads(path.read_text())["ledger"] == []


def test_the_new_character_dialog_offers_the_data_system(systems, window, qtbot):
    from builder.storage.files import list_library

    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("point-buy")
    dialog.name_edit.setText("Bea")
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = list_library()
    assert json.loads(path.read_text())["ruleset"] == "point-buy"


def test_help_rule_systems_lists_sources_and_warnings(systems, isolated_data, window):
    from builder.ui.dialogs.rule_systems import RuleSystemsDialog

    (systems / "broken-system.json").write_text("{oops")
    override = json.loads((Path(__file__).resolve().parents[2] / "builder" / "rulesets" /
                           "ability_bonuses" / "data" / "ability-bonuses.json").read_text())
    override["aging"] = "not a table"
    (isolated_data / "rulesets" / "ability-bonuses.json").write_text(json.dumps(override))
    story = json.loads(EXAMPLE.read_text())
    story["title"] = "House Heroes"
    (isolated_data / "rulesets" / "point-buy.json").write_text(json.dumps(story))
    window.action("rule_systems").trigger()
    dialog = window.rule_systems_dialog
    assert isinstance(dialog, RuleSystemsDialog) and dialog.isVisible()
    tree = dialog.tree
    rows = {tree.topLevelItem(i).text(1): [tree.topLevelItem(i).text(c) for c in range(4)]
            for i in range(tree.topLevelItemCount())}
    assert rows["story-points"][2] == "built-in"
    assert rows["point-buy"][:3] == ["House Heroes", "point-buy", "data file + override"]
    assert rows["ability-bonuses"][2] == "built-in"     # its broken override is ignored
    text = dialog.warnings_label.text()
    assert "broken-system.json: rule system left out" in text
    assert "homebrew override ignored, built-in ability-bonuses data used" in text
    assert "broken-system" not in rows


def test_rule_systems_folders_can_be_selected_and_copied(isolated_data, window):
    """The folders where overrides and data rule systems go are to be typed into a file
    manager: the line naming them can be selected (it could not)."""
    from PySide6.QtCore import Qt

    window.action("rule_systems").trigger()
    dialog = window.rule_systems_dialog
    assert str(isolated_data / "rulesets") in dialog.where.text()
    assert dialog.where.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    dialog.reject()
