"""The chain page draws a rule system written as data (builder/data/examples/point-buy.json):
a node for each value and path, an edge for each prerequisite, greyed with the rules'
reasons and dashed while an edge blocks; double-click takes a step; a selected node
shows the planner's path on the graph."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import ok

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"


@pytest.fixture
def character(isolated_data) -> Path:
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "point-buy.json")
    return Path(ok("new", "point-buy", "Ann", "--set", "Body=2", "--set", "Grace=2")
                .out.strip())


def test_the_chain_page_draws_a_data_system(character, window, qtbot):
    from builder.ui.chain.data_view import DataChainWidget

    editor = window.documents.open_path(character)
    page = editor.chain_page
    assert isinstance(page, DataChainWidget)
    editor.show_chain()
    assert editor.pages.currentWidget() is page
    scene = page.scene
    assert set(scene.nodes) == {"value:Body", "value:Mind", "value:Grace", "value:Spirit",
                                "value:Fencing", "value:Lore", "value:Warding",
                                "path:Knight", "path:Witch"}
    edges = {(e.source.node.id, e.target.node.id): e for e in scene.edges}
    assert set(edges) == {
        ("value:Grace", "value:Fencing"), ("value:Mind", "value:Lore"),
        ("value:Spirit", "value:Warding"), ("path:Witch", "value:Warding"),
        ("path:Knight", "value:Warding"), ("value:Body", "path:Knight"),
        ("value:Fencing", "path:Knight"), ("value:Lore", "path:Witch"),
        ("value:Spirit", "path:Witch")}
    # blocking now: Knight needs Body 3 and Fencing 2; Warding 1 needs Spirit 3 or Witch
    assert edges[("value:Body", "path:Knight")].blocking
    assert edges[("path:Witch", "value:Warding")].blocking
    assert not edges[("value:Grace", "value:Fencing")].blocking     # Grace 2 >= Fencing 1
    assert not edges[("path:Knight", "value:Warding")].blocking     # only from Warding 3
    assert edges[("path:Witch", "value:Warding")].kind == "path"
    knight = scene.nodes["path:Knight"]
    assert knight.blocked and "Knight needs Body 3 (Body is 2)" in knight.node.reasons
    assert "Knight needs Body 3 (Body is 2)" in knight.toolTip()
    assert knight.sub_label() == "take: 4 CP ✕"
    fencing = scene.nodes["value:Fencing"]
    assert not fencing.blocked and fencing.sub_label() == "→ 1: 1 CP"
    # columns follow the prerequisites, titled by the groups in them
    assert [title for _key, title in scene.columns()] == ["Attributes", "Skills", "Paths",
                                                          "Skills"]
    assert scene.nodes["value:Warding"].pos().x() > knight.pos().x() > fencing.pos().x() \
        > scene.nodes["value:Grace"].pos().x()

    # double-click takes the step, through the rules and the undo stack
    scene.nodeActivated.emit("value:Fencing")
    last = json.loads(character.read_text())["ledger"][-1]
    assert (last["action"], last["name"]) == ("raise", "Fencing")
    assert page.scene.nodes["value:Fencing"].node.value == 1
    window.action("undo").trigger()
    assert json.loads(character.read_text())["ledger"] == []
    assert page.scene.nodes["value:Fencing"].node.value == 0
    # a refused step says why and changes nothing
    messages = []
    page.status.connect(messages.append)
    scene.nodeActivated.emit("path:Knight")
    assert messages and "Knight needs Body 3 (Body is 2)" in messages[-1]
    assert json.loads(character.read_text())["ledger"] == []


def test_a_selected_node_shows_the_plan_on_the_graph(character, window, qtbot):
    editor = window.documents.open_path(character)
    editor.show_chain()
    page = editor.chain_page
    page.select_node("path:Knight")
    assert page.plan.target() == "Knight"
    steps = page.plan.result.steps
    assert [(s.name, s.target) for s in steps][-1] == ("Knight", 1)
    badged = page.scene.planned_ids()
    assert "path:Knight" in badged and "value:Body" in badged
    assert page.plan.steps_list.count() == len(steps)
    assert not page.plan.result.affordable             # 2 CP unspent
    assert "needs" in page.plan.total.text()
    assert page.plan.apply_button.isEnabled() == bool(page.plan.affordable_steps())
    page.select_node("value:Fencing")
    page.plan.target_spin.setValue(2)
    assert page.plan.target() == "Fencing=2"
    assert [s.name for s in page.plan.result.steps] == ["Fencing", "Fencing"]
    assert [s.cost for s in page.plan.affordable_steps()] == [1]    # 1 + 2 > 2 unspent
    assert page.apply_plan() == 1
    assert [e["name"] for e in json.loads(character.read_text())["ledger"]] == ["Fencing"]
    window.action("undo").trigger()
    assert json.loads(character.read_text())["ledger"] == []


def test_applying_a_plan_is_one_undo_step(character, window, qtbot):
    bea = Path(ok("new", "point-buy", "Bea", "--set", "Grace=2").out.strip())   # 6 CP left
    editor = window.documents.open_path(bea)
    editor.show_chain()
    page = editor.chain_page
    page.select_node("value:Fencing")
    page.plan.target_spin.setValue(2)
    assert [s.cost for s in page.plan.affordable_steps()] == [1, 2]
    assert page.apply_plan() == 2
    assert [e["name"] for e in json.loads(bea.read_text())["ledger"]] == ["Fencing", "Fencing"]
    assert page.scene.nodes["value:Fencing"].node.value == 2
    window.action("undo").trigger()
    assert json.loads(bea.read_text())["ledger"] == []
