"""The advancement chain drawn, the planner's path on it, and drag-to-assign trait ranks."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication

from builder.rulesets.story_points.rules.chain import build_chain, crossings
from builder.rulesets.story_points.ui.chain_tokens import parse_token, token_mime
from tests.ui.conftest import SENNA, make_character


@pytest.fixture
def chain_for(qtbot):
    from builder.rulesets.story_points.ui.chain_page import ChainWidget
    from builder.ui.document import CharacterDocument

    made = []

    def make(*sets, name="Hero"):
        path = make_character(name, *sets)
        doc = CharacterDocument.open(path)
        widget = ChainWidget(doc)
        qtbot.addWidget(widget)
        widget.resize(1280, 800)
        made.append(doc)
        return widget, doc, path

    yield make
    for doc in made:
        doc.stop_watching()


FIGHTER = ("sp=20", "vital.Strength=4", "skill.Melee=4", "class.Fighter=2",
           "trait.Fighter.Parry=2", "vital.Agility=3", "skill.Stealth=1")


def test_scene_has_a_node_for_everything_with_the_right_greying(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    data = doc.ruleset.public_data()
    nodes = widget.scene.nodes
    for vital in data["vitals"]:
        assert f"vital:{vital}" in nodes
    for skill in data["skills"]:
        assert f"skill:{skill}" in nodes
    for cname, info in data["classes"].items():
        assert f"class:{cname}" in nodes
        for trait in info["traits"]:
            assert f"trait:{cname}.{trait}" in nodes
        for spell in info["spells"]:
            assert f"spell:{cname}.{spell}" in nodes
    options = {(o.kind, o.name): o for o in doc.options()}
    for (kind, name), o in options.items():
        kind = "class" if kind == "new-class" else kind
        item = nodes[f"{kind}:{name}"]
        assert item.blocked == (not o.allowed)
        assert item.node.reasons == list(o.reasons)
        for reason in o.reasons:
            assert reason in item.toolTip()
    # Medicine is blocked by Cognition: that edge is marked.
    edge = next(e for e in widget.scene.edges
                if e.source.node.id == "vital:Cognition" and e.target.node.id == "skill:Medicine")
    assert edge.blocking
    assert not any(e.blocking for e in widget.scene.edges
                   if e.target.node.id == "skill:Occult")


def test_plan_highlight_matches_the_planner_for_senna(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(4)
    plan = doc.ruleset.plan(doc.cf.state, "class:Cleric=4")
    assert widget.plan.result.to_json() == plan.to_json()
    assert plan.total_cost == 16
    badges = {nid: widget.scene.nodes[nid].plan_badge for nid in widget.scene.planned_ids()}
    assert badges == {"vital:Cognition": "step 1 · 8 SP · total 8",
                      "skill:Medicine": "step 2 · 4 SP · total 12",
                      "class:Cleric": "step 3 · 4 SP · total 16"}
    assert "Total 16 SP" in widget.plan.total.text()
    assert widget.plan.steps_list.count() == 3


def test_plan_shows_what_is_missing(chain_for):
    sets = tuple(s if not s.startswith("sp=") else "sp=10" for s in SENNA)
    widget, doc, _ = chain_for(*sets)
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(4)
    assert "needs 16 SP, 10 unspent (6 more)" in widget.plan.total.text()
    assert [s.name for s in widget.plan.affordable_steps()] == ["Cognition"]


def test_apply_plan_spends_exactly_the_total_and_is_one_undo(chain_for):
    widget, doc, path = chain_for(*SENNA)
    before = path.read_bytes()
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(4)
    assert widget.apply_plan() == 0                      # first: choose the rank and spell
    dialog = widget.plan_dialog
    assert path.read_bytes() == before
    _i, traits, spells = dialog.pickers[0]
    assert traits.currentText() == "Restoring Grace"
    spells.setCurrentText("Bless")
    dialog.ok.click()
    d = doc.derived()
    assert d["classes"]["Cleric"]["spells"] == ["Bless"]
    assert d["sp"] == {"unspent": 0, "earned": 16, "spent": 16}
    assert d["classes"]["Cleric"]["level"] == 4
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.undoText() == "Apply the plan: Cleric to 4"   # in words
    doc.undo_stack.undo()
    assert doc.derived()["sp"]["spent"] == 0
    assert json.loads(path.read_bytes())["ledger"] == json.loads(before)["ledger"] == []
    doc.undo_stack.redo()
    assert doc.derived()["classes"]["Cleric"]["level"] == 4


def test_a_page_deleted_with_a_planned_node_selected_goes_quietly():
    """Closing a tab deletes its chain page later; its scene, deleted with it, clears
    the selection then, and the plan does not answer for a page that is going."""
    from builder.rulesets.story_points.ui.chain_page import ChainWidget
    from builder.ui.document import CharacterDocument

    doc = CharacterDocument.open(make_character("Hero", *SENNA))
    widget = ChainWidget(doc)
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(4)
    assert widget.plan.result is not None
    widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    doc.stop_watching()


def test_graph_follows_the_character_live_without_rebuilding(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    item = widget.scene.nodes["skill:Medicine"]
    assert item.blocked
    doc.apply_words(["raise-vital", "Cognition"])
    assert widget.scene.nodes["skill:Medicine"] is item      # updated in place
    assert not item.blocked
    assert widget.scene.nodes["vital:Cognition"].node.value == 4
    doc.undo_stack.undo()
    assert item.blocked and widget.scene.nodes["vital:Cognition"].node.value == 3


def test_double_click_or_enter_raises_an_allowed_node(chain_for, qtbot):
    widget, doc, _ = chain_for(*SENNA)
    widget.select_node("vital:Cognition")
    widget.view.setFocus()
    qtbot.keyClick(widget.view, Qt.Key.Key_Return)
    assert doc.derived()["vitals"]["Cognition"] == 4
    widget.scene.nodeActivated.emit("skill:Medicine")
    assert doc.derived()["skills"]["Medicine"]["level"] == 4


def test_blocked_node_activation_changes_nothing(chain_for):
    widget, doc, path = chain_for(*SENNA)
    before = path.read_bytes()
    messages = []
    widget.status.connect(messages.append)
    widget.activate("skill:Medicine")
    assert path.read_bytes() == before
    assert "Medicine 4 needs Cognition 4 (Cognition is 3)" in messages[-1]


def test_tokens_appear_for_allowed_class_advances(chain_for):
    widget, doc, _ = chain_for(*FIGHTER)
    names = [c.option.name for c in widget.chips]
    assert names == ["Fighter"]
    assert widget.chips[0].option.target == 3


def test_rank_drop_through_mimedata(chain_for):
    widget, doc, path = chain_for(*FIGHTER)
    mime = token_mime("Fighter", "class")
    token = parse_token(mime)
    assert token == {"class": "Fighter", "kind": "class"}
    assert widget.drop(token, "Fighter", "Breach")
    d = doc.derived()
    assert d["classes"]["Fighter"]["level"] == 3
    assert d["classes"]["Fighter"]["traits"]["Breach"]["rank"] == 1
    assert doc.undo_stack.count() == 1                      # one undoable action
    doc.undo_stack.undo()
    assert doc.derived()["classes"]["Fighter"]["level"] == 2


def _drop_on(widget, item, mime):
    view = widget.view
    view.centerOn(item)
    QApplication.processEvents()
    pos = view.mapFromScene(item.sceneBoundingRect().center())
    for etype in ("enter", "move", "drop"):
        from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent

        cls = {"enter": QDragEnterEvent, "move": QDragMoveEvent, "drop": QDropEvent}[etype]
        event = cls(QPointF(pos) if cls is QDropEvent else QPoint(pos),
                    Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)
        QApplication.processEvents()


def test_rank_drop_through_a_real_drop_event(chain_for):
    widget, doc, _ = chain_for(*FIGHTER)
    widget.show()
    item = widget.scene.nodes["trait:Fighter.Parry"]
    widget.light_for(widget.chips[0].option)
    assert item.drag_state == "eligible"
    _drop_on(widget, item, token_mime("Fighter", "class"))
    assert doc.derived()["classes"]["Fighter"]["traits"]["Parry"]["rank"] == 3


def test_eligible_traits_light_and_ineligible_say_why(chain_for):
    widget, doc, _ = chain_for(*FIGHTER)
    widget.light_for(widget.chips[0].option)
    scene = widget.scene
    assert scene.nodes["trait:Fighter.Breach"].drag_state == "eligible"
    footwork = scene.nodes["trait:Fighter.Footwork"]
    assert footwork.drag_state == "ineligible"
    assert scene.drag_reasons[footwork.node.id] == [
        "Footwork needs its Path Skill Athletics at 1 or higher (Athletics is 0)"]
    assert scene.nodes["trait:Rogue.Ambush"].drag_state == "ineligible"
    scene.end_drag()
    assert scene.nodes["trait:Fighter.Breach"].drag_state is None


def test_a_trait_given_no_reasons_says_it_cannot_take_the_rank(chain_for):
    """A trait of the token's class that is neither eligible nor given reasons (the
    caller's ``blocked`` lacks it) still answers a drag with a hint, not an error."""
    widget, _doc, _ = chain_for(*FIGHTER)
    widget.show()
    hints = []
    widget.scene.dragHint.connect(hints.append)
    widget.scene.begin_drag(set(), {})                 # nothing lit, no reasons given
    footwork = widget.scene.nodes["trait:Fighter.Footwork"]
    assert footwork.drag_state == "ineligible"
    _drop_on(widget, footwork, token_mime("Fighter", "class"))
    assert "Footwork cannot take this rank" in hints


def test_refused_drop_leaves_the_file_byte_for_byte(chain_for):
    widget, doc, path = chain_for(*FIGHTER)
    widget.show()
    before = path.read_bytes()
    messages = []
    widget.status.connect(messages.append)
    # Footwork's Path Skill (Athletics) is untrained: the rules refuse.
    assert not widget.drop({"class": "Fighter", "kind": "class"}, "Fighter", "Footwork")
    assert "Athletics" in messages[-1]
    # A Fighter rank on a Rogue trait.
    assert not widget.drop({"class": "Fighter", "kind": "class"}, "Rogue", "Ambush")
    # And through a real drop event on an ineligible node: it is not accepted.
    widget.light_for(widget.chips[0].option)
    _drop_on(widget, widget.scene.nodes["trait:Fighter.Footwork"], token_mime("Fighter", "class"))
    assert path.read_bytes() == before
    assert doc.undo_stack.count() == 0


def test_keyboard_assignment(chain_for, qtbot):
    widget, doc, _ = chain_for(*FIGHTER)
    widget.show()
    # Arm the token with the keyboard, select a trait, press Enter.
    chip = widget.chips[0]
    chip.setFocus()
    qtbot.keyClick(chip, Qt.Key.Key_Space)
    assert widget.armed is not None
    widget.select_node("trait:Fighter.Cleave")
    widget.view.setFocus()
    qtbot.keyClick(widget.view, Qt.Key.Key_Return)
    d = doc.derived()
    assert d["classes"]["Fighter"]["traits"]["Cleave"]["rank"] == 1
    # Without a token: select a trait and press Enter raises its Class into it.
    widget.select_node("trait:Fighter.Parry")
    widget.view.setFocus()
    qtbot.keyClick(widget.view, Qt.Key.Key_Return)
    assert doc.derived()["classes"]["Fighter"]["traits"]["Parry"]["rank"] == 3


def test_arrow_keys_walk_the_graph(chain_for, qtbot):
    widget, doc, _ = chain_for(*SENNA)
    widget.show()
    widget.view.setFocus()
    qtbot.keyClick(widget.view, Qt.Key.Key_Down)
    first = widget.scene.selectedItems()[0].node.id
    qtbot.keyClick(widget.view, Qt.Key.Key_Down)
    second = widget.scene.selectedItems()[0].node.id
    assert first != second and first.startswith("vital:") and second.startswith("vital:")
    qtbot.keyClick(widget.view, Qt.Key.Key_Right)
    assert widget.scene.selectedItems()[0].node.id.startswith("skill:")


def test_filter_by_class_and_fade_unrelated(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    widget.filter_combo.setCurrentText("Cleric")
    visible = {nid for nid, item in widget.scene.nodes.items() if item.isVisible()}
    assert "class:Cleric" in visible and "trait:Cleric.Restoring Grace" in visible
    assert "class:Fighter" not in visible and "trait:Fighter.Parry" not in visible
    assert "skill:Medicine" in visible
    widget.filter_combo.setCurrentIndex(0)
    widget.select_node("skill:Stealth")
    assert widget.scene.nodes["trait:Rogue.Ambush"].faded is False
    assert widget.scene.nodes["class:Cleric"].faded is True


def test_enter_class_token_carries_the_scene(chain_for):
    widget, doc, _ = chain_for("sp=5", "vital.Strength=2", "skill.Melee=2", "class.Fighter=1",
                               "trait.Fighter.Parry=1", "vital.Presence=2", "vital.Cognition=2",
                               "skill.Influence=2", "skill.Medicine=1")
    chip = next(c for c in widget.chips if c.option.name == "Cleric")
    assert chip.option.kind == "new-class"
    widget.scene_edit.setText("defended a shrine")
    widget.arm(chip)
    widget.choose_spell("Brand of Flame")
    assert widget.drop(chip.token(), "Cleric", "Kindled Judgement")
    d = doc.derived()
    assert d["classes"]["Cleric"]["spells"] == ["Brand of Flame"]
    assert doc.cf.ledger[-1]["scene"] == "defended a shrine"


def test_layout_keeps_crossings_below_a_naive_order():
    import random

    from builder.storage.rulesets import load_ruleset

    rs = load_ruleset("story-points")
    st = rs.initial_state(rs.baseline_from_sets([], rng=random.Random(0)))
    chain = build_chain(rs, st)
    ordered = crossings(chain)
    naive = dict(chain.order)
    naive["skill"] = sorted(naive["skill"])
    naive["class"] = sorted(naive["class"])
    naive["trait"] = sorted(naive["trait"], key=lambda n: n.split(".")[-1])
    chain.order = naive
    assert ordered < crossings(chain)


# -- the editor's trait list as a drop target, and the chain page in the editor ---------------
def _trait_index(editor, cname, trait):
    model = editor.sheet.classes_model
    for row in range(model.rowCount()):
        parent = model.item(row, 0)
        if parent.text() != cname:
            continue
        for child in range(parent.rowCount()):
            item = parent.child(child, 0)
            if item.data(Qt.ItemDataRole.UserRole + 20)[1:] == (trait, cname):
                return item.index()
    raise AssertionError(f"no row for {trait}")


def _drop_on_tree(view, index, mime):
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent

    view.scrollTo(index)
    pos = view.visualRect(index).center()
    for cls in (QDragEnterEvent, QDragMoveEvent, QDropEvent):
        point = QPointF(pos) if cls is QDropEvent else pos
        event = cls(point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)
    QApplication.processEvents()


def test_editor_has_the_chain_page_and_token_tray(window):
    path = make_character("F", *FIGHTER)
    editor = window.documents.open_path(path)
    assert editor.pages.count() == 2 and editor.pages.widget(1) is editor.chain_page
    assert [c.option.name for c in editor.sheet.token_chips] == ["Fighter"]
    editor.act_chain.trigger()
    assert editor.pages.currentIndex() == 1


def test_a_filtered_chain_scrolls_over_what_is_shown_and_no_further(chain_for):
    """Hidden nodes keep their last place; what the view scrolls over is the shown
    chain with a margin, so a fitted chain has no scroll bars onto empty room."""
    widget, _doc, _ = chain_for(*FIGHTER)
    scene = widget.scene
    widget.filter_combo.setCurrentText("All Classes")
    everything = scene.sceneRect()
    widget.filter_combo.setCurrentText("Fighter")
    assert any(not item.isVisible() for item in scene.nodes.values())
    assert scene.sceneRect() == scene.visible_rect().adjusted(-12, -12, 12, 12)
    assert scene.sceneRect().height() < everything.height()


def test_the_chain_is_drawn_when_its_tab_is_shown_and_follows_changes_on_show(window):
    """A character opens on its sheet; its chain is drawn when the player first opens
    the chain's tab, with every change made before; on show it follows each change at
    once, and a change made on the sheet is on the chain when its tab comes back."""
    editor = window.documents.open_path(make_character("F", *FIGHTER))
    page = editor.chain_page
    assert page.scene.nodes == {}                            # not drawn behind the sheet
    assert editor.doc.apply_words(["raise-vital", "Agility"])
    assert page.scene.nodes == {}
    editor.act_chain.trigger()
    assert page.scene.nodes["vital:Agility"].node.value == 4
    assert editor.doc.apply_words(["raise-skill", "Stealth"])
    assert page.scene.nodes["skill:Stealth"].node.value == 2      # on show: at once
    editor.pages.setCurrentIndex(0)
    window.action("undo").trigger()
    assert page.scene.nodes["skill:Stealth"].node.value == 2      # hidden: not redrawn
    editor.pages.setCurrentWidget(page)
    assert page.scene.nodes["skill:Stealth"].node.value == 1


def test_rank_drop_on_the_trait_list_through_a_real_drop_event(window):
    path = make_character("F", *FIGHTER)
    editor = window.documents.open_path(path)
    window.show()
    editor.sheet.light_traits(editor.sheet.token_chips[0].option)
    assert ("Fighter", "Parry") in editor.sheet.classes_view.lit
    index = _trait_index(editor, "Fighter", "Parry")
    _drop_on_tree(editor.sheet.classes_view, index, token_mime("Fighter", "class"))
    d = editor.doc.derived()
    assert d["classes"]["Fighter"]["level"] == 3
    assert d["classes"]["Fighter"]["traits"]["Parry"]["rank"] == 3
    assert editor.doc.undo_stack.count() == 1


def test_refused_drop_on_the_trait_list_changes_nothing_and_says_why(window):
    path = make_character("F", *FIGHTER, "class.Rogue=1", "trait.Rogue.Ambush=1",
                          "skill.Acrobatics=1", "skill.Finesse=1")
    editor = window.documents.open_path(path)
    before = path.read_bytes()
    assert not editor.drop_rank({"class": "Fighter", "kind": "class"}, "Rogue", "Ambush")
    assert "a Fighter rank can only go to a Fighter trait" in editor.refusal_bar.label.text()
    assert not editor.drop_rank({"class": "Fighter", "kind": "class"}, "Fighter", "Footwork")
    assert "Athletics" in editor.refusal_bar.label.text()
    assert path.read_bytes() == before


def test_keyboard_enter_on_a_trait_row_assigns_the_rank(window, qtbot):
    path = make_character("F", *FIGHTER)
    editor = window.documents.open_path(path)
    index = _trait_index(editor, "Fighter", "Parry")
    editor.sheet.classes_view.setCurrentIndex(index)
    editor.sheet.classes_view.activated.emit(index)
    assert editor.doc.derived()["classes"]["Fighter"]["traits"]["Parry"]["rank"] == 3


def test_plan_dialog_refuses_a_spell_twice_through_the_core(chain_for):
    widget, doc, path = chain_for("sp=100", "vital.Cognition=6", "skill.Medicine=6",
                                  "class.Cleric=3", "trait.Cleric.Restoring Grace=3")
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(5)
    widget.apply_plan()
    dialog = widget.plan_dialog
    assert len(dialog.pickers) == 2 and dialog.ok.isEnabled()
    dialog.pickers[0][2].setCurrentText("Bless")
    dialog.pickers[1][2].setCurrentText("Bless")
    assert not dialog.ok.isEnabled() and "already known" in dialog.problem.text()


def test_plan_without_class_steps_applies_at_once(chain_for):
    widget, doc, _ = chain_for("sp=40", "vital.Agility=2")
    widget.select_node("skill:Stealth")
    widget.plan.target_spin.setValue(3)
    messages = []
    widget.status.connect(messages.append)
    assert widget.apply_plan() == 4          # Agility 3 (6 SP), then Stealth 1, 2, 3 (6 SP)
    assert doc.derived()["skills"]["Stealth"]["level"] == 3
    assert doc.derived()["sp"]["spent"] == 12
    assert messages[-1] == "Plan: all 4 steps taken"


def test_token_tray_never_piles_up_hints(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    for _ in range(4):
        doc.apply_words(["award-checkpoint", "M", f"c{_}"])
    hints = [w for w in widget.tokens_box.findChildren(type(widget.plan.title))
             if w.isVisibleTo(widget) and "none now" in w.text()]
    assert len(hints) <= 1
    assert widget.tokens_layout.count() <= 2


def test_enter_on_a_caster_trait_row_asks_for_the_spell(window):
    path = make_character("Tess", "sp=10", "vital.Cognition=4", "skill.Medicine=4",
                          "class.Cleric=3", "trait.Cleric.Restoring Grace=3",
                          "spell.Cleric=Mend Wounds")
    editor = window.documents.open_path(path)
    before = path.read_bytes()
    index = _trait_index(editor, "Cleric", "Restoring Grace")
    editor.sheet.classes_view.activated.emit(index)
    assert path.read_bytes() == before                    # nothing paid yet
    dialog = editor.dialog
    assert dialog.current_trait() == "Restoring Grace"
    dialog.spell.setCurrentText("Bless")
    dialog.ok.click()
    assert editor.doc.derived()["classes"]["Cleric"]["spells"] == ["Mend Wounds", "Bless"]


def test_the_chain_opens_on_my_classes_and_all_classes_shows_everything(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    nodes = widget.scene.nodes
    assert widget.filter_combo.currentText() == "My Classes"
    assert nodes["trait:Cleric.Restoring Grace"].isVisible()
    assert not nodes["trait:Fighter.Parry"].isVisible()
    assert nodes["class:Fighter"].isVisible()              # a Class to enter stays in view
    widget.filter_combo.setCurrentText("All Classes")
    assert all(item.isVisible() for item in nodes.values())


def test_a_new_trait_can_take_a_rank_dropped_on_the_sheet(window):
    path = make_character("F", *FIGHTER)
    editor = window.documents.open_path(path)
    window.show()
    editor.sheet.light_traits(editor.sheet.token_chips[0].option)
    assert ("Fighter", "Breach") in editor.sheet.classes_view.lit      # no ranks yet, still a target
    index = _trait_index(editor, "Fighter", "Breach")
    _drop_on_tree(editor.sheet.classes_view, index, token_mime("Fighter", "class"))
    assert editor.doc.derived()["classes"]["Fighter"]["traits"]["Breach"]["rank"] == 1


def test_plan_header_follows_the_character_after_apply(chain_for):
    widget, doc, _ = chain_for("sp=40", "vital.Agility=2")
    widget.select_node("skill:Stealth")
    assert "(now 0)" in widget.plan.title.text()
    widget.plan.target_spin.setValue(3)
    widget.apply_plan()
    assert doc.derived()["skills"]["Stealth"]["level"] == 3
    assert "(now 3)" in widget.plan.title.text()
    doc.undo_stack.undo()
    assert "(now 0)" in widget.plan.title.text()


def test_an_applied_plan_is_one_undo_step_written_once_each_way(chain_for):
    widget, doc, path = chain_for("sp=40", "vital.Agility=3")
    widget.select_node("skill:Stealth")
    widget.plan.target_spin.setValue(3)
    assert widget.apply_plan() == 3
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.undoText() == "Apply the plan: Stealth to 3"
    doc.undo_stack.undo()
    assert json.loads(path.read_text())["ledger"] == [] and doc.cf.ledger == []
    doc.undo_stack.redo()
    taken = json.loads(path.read_text())["ledger"]
    assert [(e["name"], e["target"]) for e in taken] == [("Stealth", 1), ("Stealth", 2),
                                                        ("Stealth", 3)]
    doc.undo_stack.undo()                       # the steps as taken again go back too
    assert json.loads(path.read_text())["ledger"] == []


def test_a_partial_plan_says_how_many_steps_wait_for_sp(chain_for):
    widget, doc, _ = chain_for("sp=8", "vital.Agility=2")
    widget.select_node("skill:Stealth")
    widget.plan.target_spin.setValue(3)
    messages = []
    widget.status.connect(messages.append)
    done = widget.apply_plan()
    assert 0 < done < 4
    other = "the other one" if done == 3 else f"the other {4 - done}"
    assert messages[-1] == f"Plan: {done} of 4 steps taken; {other} when the SP are there"


def test_the_plans_messages_count_in_words():
    from builder.ui.chain.plan import plan_taken

    assert plan_taken(1, 1) == "Plan: its one step taken"
    assert plan_taken(3, 3) == "Plan: all 3 steps taken"
    assert plan_taken(1, 2, unit="SP") == \
        "Plan: 1 of 2 steps taken; the other one when the SP are there"
    assert plan_taken(1, 3, unit="CP").endswith("the other 2 when the CP are there")
    assert plan_taken(0, 1, refused=True) == "Plan: 0 of 1 step taken; the rules refused step 1"


def test_taking_a_node_says_what_the_ledger_now_holds(chain_for):
    widget, doc, _ = chain_for("sp=40", "vital.Agility=2")
    messages = []
    widget.status.connect(messages.append)
    widget.activate("vital:Agility")
    assert doc.derived()["vitals"]["Agility"] == 3
    assert messages[-1] == "Done: Raised Agility to 3"


def test_at_rest_blocking_edges_are_quiet_and_the_selected_path_is_emphasised(chain_for):
    from builder.ui.chain import scene as chain_scene

    widget, doc, _ = chain_for(*SENNA)
    error = chain_scene.mark("error")
    blocking = [e for e in widget.scene.edges if e.blocking]
    assert blocking
    assert not any(e.emphasised or e.pen().color() == error for e in blocking)
    assert all(e.pen().style() == Qt.PenStyle.DashLine for e in blocking)   # still told apart
    assert all(e.zValue() < item.zValue() for e in widget.scene.edges
               for item in (e.source, e.target))                            # behind the nodes
    widget.select_node("skill:Medicine")
    medicine = next(e for e in blocking if e.target.node.id == "skill:Medicine")
    assert medicine.emphasised           # (drawn as a plan step here: the plan wins)
    unrelated = [e for e in blocking if "skill:Medicine" not in
                 (e.source.node.id, e.target.node.id) and not e.emphasised]
    assert unrelated and all(e.pen().color() != error for e in unrelated)
    widget.scene.clearSelection()
    assert not medicine.emphasised and not medicine.in_plan
    widget.scene.set_hover_node("skill:Medicine")
    assert medicine.emphasised and medicine.pen().color() == error
    widget.scene.set_hover_node(None)
    assert not medicine.emphasised


def test_the_chain_opens_with_text_of_at_least_the_readable_size(chain_for):
    from builder.ui.chain.scene import MIN_TEXT_PT

    widget, doc, _ = chain_for(*SENNA)
    widget.show()
    widget.view.fit(readable=True)
    scale = widget.view.transform().m11()
    assert widget.scene.base_font.pointSizeF() * scale >= MIN_TEXT_PT - 0.01


def test_the_plan_badge_is_in_words_inside_its_node_and_none_is_hidden(chain_for):
    from PySide6.QtGui import QFontMetricsF

    from builder.ui.chain.scene import plan_badge_text

    widget, doc, _ = chain_for(*SENNA)
    widget.select_node("skill:Medicine")
    widget.plan.target_spin.setValue(5)                  # two steps on one node: both said
    item = widget.scene.nodes["skill:Medicine"]
    steps = [n for n, step in enumerate(widget.plan.result.steps, 1)
             if step.name == "Medicine"]
    assert len(steps) == 2
    assert item.plan_badge.startswith(f"steps {steps[0]}–{steps[1]} · ")
    # the badge is a line of the node's own, its words whole, and the node grew for it:
    # no neighbour covers it, and it covers none
    assert item.boundingRect().right() <= item.width + 4
    assert item.boundingRect().bottom() <= item.height() + 4
    assert QFontMetricsF(item.badge_font()).horizontalAdvance(item.plan_badge) <= item.width - 18
    planned = [i for i in widget.scene.nodes.values() if i.plan_badge]
    assert len(planned) >= 2
    shown = [i for i in widget.scene.nodes.values() if i.isVisible()]
    for one in planned:
        box = one.sceneBoundingRect().adjusted(4, 4, -4, -4)
        assert not any(other is not one and box.intersects(
            other.sceneBoundingRect().adjusted(4, 4, -4, -4)) for other in shown)
    assert plan_badge_text([1], 8, 8, "SP") == "step 1 · 8 SP · total 8"
    assert plan_badge_text([2, 5], 9, 20, "SP") == "steps 2, 5 · 9 SP · total 20"
    widget.scene.clearSelection()                   # no plan: the node is one line again
    assert not item.plan_badge and item.height() < 30


def test_held_with_the_next_step_blocked_looks_unlike_not_possible(chain_for):
    from builder.ui.chain.scene import blocked_fill

    widget, doc, _ = chain_for("sp=1", *SENNA[1:])    # Cognition 3 cannot reach 4 on 1 SP
    held = [i for i in widget.scene.nodes.values() if i.held_blocked]
    greyed = [i for i in widget.scene.nodes.values() if i.blocked and not i.held_blocked]
    assert held and greyed
    grey = blocked_fill()
    assert all(i.colours()[0] != grey for i in held)
    assert all(i.colours()[0] == grey for i in greyed)
    assert all("blocked" in i.sub_label() for i in held
               if i.node.kind in ("vital", "skill", "class"))
    # ...and not by colour alone: the frame's line, the name's weight, the mark
    from builder.ui import theme

    pal = theme.palette()

    def frame(item):
        return item.border(pal, *item.colours(pal))

    assert all(frame(i).style() == Qt.PenStyle.SolidLine and frame(i).widthF() >= 2
               and i.fonts()[0].bold() for i in held)
    assert all(frame(i).style() == Qt.PenStyle.DashLine and not i.fonts()[0].bold()
               for i in greyed)
    assert all("✕" in i.sub_label() for i in greyed if i.node.kind in ("vital", "skill"))


def test_a_disabled_apply_says_why(chain_for):
    widget, doc, _ = chain_for(*SENNA)
    assert not widget.plan.apply_button.isEnabled()
    assert widget.plan.apply_button.toolTip().startswith("Not possible now: select a node")
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(8)
    if not widget.plan.apply_button.isEnabled():
        assert "unspent" in widget.plan.apply_button.toolTip()
    widget.plan.target_spin.setValue(doc.derived()["classes"]["Cleric"]["level"])
    assert not widget.plan.apply_button.isEnabled()
    assert "reached" in widget.plan.apply_button.toolTip()


def test_the_token_bar_keeps_its_geometry_when_a_plan_is_applied(chain_for, qtbot):
    widget, doc, _ = chain_for("sp=60", "vital.Cognition=3", "skill.Medicine=3", "class.Cleric=3",
                               "trait.Cleric.Restoring Grace=3", "vital.Strength=4",
                               "skill.Melee=4", "class.Fighter=2", "trait.Fighter.Parry=2")
    widget.show()
    qtbot.waitExposed(widget)
    QApplication.processEvents()

    def bar():
        QApplication.processEvents()
        return [w.geometry() for w in (widget.tokens_box, widget.spell_label,
                                       widget.spell_combo, widget.scene_edit)]

    before = bar()
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(5)
    assert widget.apply_plan() == 0                  # the Class step asks for its choices
    widget.plan_dialog.ok.click()
    assert doc.derived()["classes"]["Cleric"]["level"] == 5
    assert bar() == before
    doc.undo_stack.undo()
    assert bar() == before


def test_long_plan_steps_wrap_under_their_name_and_never_scroll_sideways(chain_for, qtbot):
    """Cleric 5 from nothing: eleven steps, the Class steps with a second line; in a
    narrow plan pane every step wraps to the list's width, its further lines start
    beside its number (not under it), and the list has no sideways scrolling."""
    from PySide6.QtGui import QFontMetricsF

    widget, doc, _ = chain_for("sp=1", "vital.Strength=2", "skill.Melee=2", "class.Fighter=1",
                               "trait.Fighter.Parry=1", "vital.Presence=2",
                               "vital.Cognition=2", "skill.Influence=2", "skill.Medicine=1")
    widget.show()
    qtbot.waitExposed(widget)
    widget.splitter.setSizes([2000, 1])                   # the pane at its narrowest
    widget.select_node("class:Cleric")
    widget.plan.target_spin.setValue(5)
    QApplication.processEvents()
    steps = widget.plan.steps_list
    width = steps.viewport().width()
    assert width < 260
    assert steps.count() == len(widget.plan.result.steps) > 5
    delegate = steps.itemDelegate()
    font = steps.font()
    fm = QFontMetricsF(font)
    wrapped_somewhere = False
    for row in range(steps.count()):
        item = steps.item(row)
        text = item.text()
        lines = text.split("\n")
        assert not any(line.startswith(" ") for line in lines[1:])  # no spaces as indent
        rect = steps.visualItemRect(item)
        assert rect.left() >= 0 and rect.right() <= width     # never past the right edge
        page = delegate.document(text, font, rect.width())
        assert page.size().height() <= rect.height() + 1      # all of it drawn
        indent = delegate.indent(text, font) - delegate.MARGIN
        assert indent >= fm.horizontalAdvance(f"{row + 1}.")
        block = page.begin()
        while block.isValid():
            layout = block.layout()
            for n in range(layout.lineCount()):
                line = layout.lineAt(n)
                assert line.naturalTextWidth() <= rect.width()
                if block != page.begin() or n > 0:            # every line after the first
                    assert line.x() >= indent - 0.5
                    wrapped_somewhere = wrapped_somewhere or n > 0
            block = block.next()
    assert wrapped_somewhere                                 # the test saw a long line
    assert steps.horizontalScrollBar().maximum() == 0


def test_the_fit_button_stops_at_readable_text_and_the_view_scrolls(chain_for, qtbot):
    """Fit never shrinks the nodes' text below the readable size (8 pt): the whole chain
    (All Classes) does not fit the default view at that size, so Fit stops there and the
    view scrolls; a chain that does fit is fitted whole."""
    from PySide6.QtWidgets import QToolButton

    from builder.ui.chain.scene import MIN_TEXT_PT

    widget, doc, _ = chain_for(*SENNA)
    widget.show()
    qtbot.waitExposed(widget)
    fit = next(b for b in widget.findChildren(QToolButton) if b.text() == "Fit")
    widget.filter_combo.setCurrentIndex(widget.filter_combo.findData(None))   # All Classes
    for _ in range(6):
        widget.view.zoom_by(1 / 1.2)                  # zoomed out by hand, below readable
    assert widget.scene.base_font.pointSizeF() * widget.view.transform().m11() < MIN_TEXT_PT
    fit.click()
    scale = widget.view.transform().m11()
    assert widget.scene.base_font.pointSizeF() * scale >= MIN_TEXT_PT - 0.01
    whole = widget.scene.visible_rect()
    shown = widget.view.mapToScene(widget.view.viewport().rect()).boundingRect()
    assert not shown.contains(whole)                  # too big to fit readable: it scrolls
    assert widget.view.verticalScrollBar().maximum() > 0
    said = []
    widget.status.connect(said.append)
    fit.click()                                       # ...and says so (no "dead" button)
    assert said and "scroll" in said[-1]
    # the selected node stays in view when Fit has to scroll
    widget.select_node("class:Mage")
    fit.click()
    shown = widget.view.mapToScene(widget.view.viewport().rect()).boundingRect()
    assert shown.contains(widget.scene.nodes["class:Mage"].sceneBoundingRect())
    # a big view holds one Class's chain at a readable zoom: Fit shows all of it
    widget.filter_combo.setCurrentIndex(widget.filter_combo.findData("Cleric"))
    widget.resize(2400, 2400)
    QApplication.processEvents()
    said.clear()
    fit.click()
    shown = widget.view.mapToScene(widget.view.viewport().rect()).boundingRect()
    assert shown.contains(widget.scene.visible_rect()) and said == []
    assert widget.scene.base_font.pointSizeF() * widget.view.transform().m11() >= MIN_TEXT_PT - 0.01


def test_a_node_picked_at_the_views_edge_shows_its_whole_plan_badge(chain_for, qtbot):
    widget, doc, _ = chain_for(*SENNA)
    widget.resize(760, 420)                         # a view smaller than the chain
    widget.show()
    qtbot.waitExposed(widget)
    view = widget.view
    view.fit()
    picked = widget.scene.nodes["skill:Influence"]      # low in its column
    # scroll so the node is in view at the bottom edge and its badge's line beyond it
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    node = picked.sceneBoundingRect()
    view.centerOn(node.center().x(), node.bottom() - 3 - shown.height() / 2)
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    top = picked.scenePos().y()
    assert shown.contains(picked.scenePos()) and shown.bottom() >= top + picked.height()
    assert shown.bottom() < top + picked.height() + 12       # no room for a badge's line
    picked.setSelected(True)                       # as a click does (no scrolling to it)
    widget.plan.target_spin.setValue(3)
    assert picked.plan_badge
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(picked.sceneBoundingRect())     # the node and its badge


def test_arming_a_rank_token_scrolls_the_lit_traits_into_view(chain_for, qtbot):
    widget, doc, _ = chain_for(*FIGHTER)
    widget.resize(1000, 700)                      # the traits column beyond the right edge
    widget.filter_combo.setCurrentIndex(widget.filter_combo.findData("Fighter"))
    widget.show()
    qtbot.waitExposed(widget)
    view = widget.view
    view.fit()

    def shown():
        return view.mapToScene(view.viewport().rect()).boundingRect()

    traits = [i for i in widget.scene.nodes.values()
              if i.node.kind == "trait" and i.node.owner == "Fighter" and i.isVisible()]
    assert traits and not any(shown().contains(i.sceneBoundingRect()) for i in traits)
    chip = next(c for c in widget.chips if c.option.name == "Fighter")
    chip.click()                                  # armed: its traits light up...
    lit = [i for i in traits if i.drag_state == "eligible"]
    assert lit and all(shown().contains(i.sceneBoundingRect()) for i in lit)   # ...in view


def test_every_skills_words_are_shown_whole(chain_for):
    """"Linked: Endura…": a Skill's cost and Linked Vital were cut at the node's edge.
    Its name, next step and value are shown whole on its line; the Linked Vital is
    said in its tooltip and the details line."""
    widget, _doc, _path = chain_for("sp=3", "vital.Agility=2", "skill.Acrobatics=2")
    skills = [item for nid, item in widget.scene.nodes.items() if nid.startswith("skill:")]
    assert any("✕" in item.sub_label() or "blocked" in item.sub_label()
               for item in skills)                                    # the longest kind
    for item in skills:
        assert item.shown_texts() == item.texts(), item.texts()
        assert item.need() <= item.width
        linked = item.node.detail
        assert linked.startswith("Linked: ") and linked in item.toolTip()
        assert linked in item.details()
    widget.select_node("skill:Acrobatics")
    assert widget.details.text() == widget.scene.nodes["skill:Acrobatics"].details()


def test_the_fitted_chain_follows_the_views_size_until_zoomed_by_hand(chain_for, qtbot):
    widget, _doc, _ = chain_for(*SENNA)
    widget.resize(780, 700)
    widget.show()
    qtbot.waitExposed(widget)
    view = widget.view
    view.fit(readable=False)
    wide = view.transform().m11()
    widget.resize(780, 400)                       # a shorter view: fitted again, smaller
    QApplication.processEvents()
    assert view.transform().m11() < wide
    view.zoom_by(1.2)                             # by hand: the view keeps that zoom
    zoomed = view.transform().m11()
    widget.resize(780, 700)
    QApplication.processEvents()
    assert view.transform().m11() == zoomed
