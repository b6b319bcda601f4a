"""The plugin rule system (tests/plugins/tiny_points/) in the window: created with
the generic New Character form, opened in the generic editor, listed as a plugin
in Help > Rule Systems."""
from __future__ import annotations

import json

import pytest

from tests.plugins import forget, install


@pytest.fixture
def tiny_points(tmp_path, monkeypatch):
    install("tiny_points", "[character_builder.rulesets]\n"
            "tiny-points = tiny_points:ruleset_class\n", tmp_path, monkeypatch)
    yield
    forget("tiny_points")


def test_plugin_created_and_edited_in_the_window(tiny_points, window, qtbot):
    from builder.storage.files import list_library
    from builder.ui.views.generic import GenericEditor

    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("tiny-points")
    dialog.name_edit.setText("Tia")
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = list_library()
    editor = window.documents.current_editor()
    assert isinstance(editor, GenericEditor) and editor.doc.ruleset.id == "tiny-points"
    model = editor.options_panel.model
    options = {model.option(i).name: model.option(i) for i in range(model.rowCount())}
    assert options["Champion"].reasons == ("a Champion needs two attributes at 3",)
    editor.options_panel.takeRequested.emit(options["Wits"])
    assert json.loads(path.read_text())["ledger"][-1]["name"] == "Wits"
    window.action("undo").trigger()
    assert json.loads(path.read_text())["ledger"] == []
    window.action("rule_systems").trigger()
    tree = window.rule_systems_dialog.tree
    sources = {tree.topLevelItem(i).text(1): tree.topLevelItem(i).text(2)
               for i in range(tree.topLevelItemCount())}
    assert sources["tiny-points"] == "plugin" and sources["vogelfrei"] == "built-in"


def test_plugin_chain_page_in_the_window_takes_a_step(tiny_points, window, qtbot, tmp_path):
    """The plugin's own chain page (tests/plugins/tiny_points/ui/chain_page.py, declared
    as ``parts.chain_page``) is the generic editor's Advancement chain page: its nodes
    say the plugin's words, and activating one takes that node's step."""
    from tests.helpers import ok

    path = tmp_path / "tia.json"
    ok("new", "tiny-points", "Tia", "-o", path)
    editor = window.documents.open_path(path)
    page = editor.chain_page
    assert type(page).__module__ == "tiny_points.ui.chain_page"
    editor.show_chain()
    assert editor.pages.currentWidget() is page
    champion = page.scene.nodes["title:Champion"]
    assert page.look.next_text(champion.node, "TP", False, False) == "take: 2 TP ✕"
    assert champion.node.reasons == ["a Champion needs two attributes at 3"]
    page.activate("attribute:Wits")
    assert json.loads(path.read_text())["ledger"][-1]["name"] == "Wits"
    assert page.scene.nodes["attribute:Wits"].node.value == 2
    page.select_node("attribute:Might")                   # the plugin's planner, drawn
    page.plan.target_spin.setValue(3)
    assert page.plan.target() == "Might=3"
    assert [s.cost for s in page.plan.result.steps] == [2, 3]
    assert [s.cost for s in page.plan.affordable_steps()] == [2]      # 2 TP unspent
    assert page.apply_plan() == 1
    assert [e["name"] for e in json.loads(path.read_text())["ledger"]] == ["Wits", "Might"]
