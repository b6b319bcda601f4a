"""The story-points editor: greying and its reasons, applying and undoing, class
advances, trait uses and rest, awards for several characters, autosave, external
changes."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt

from builder.ui.models.options_model import AllowedRole, OptionRole
from tests.ui.conftest import make_character
from tests.helpers import ok, undone_bytes


def open_editor(window, path):
    editor = window.documents.open_path(path)
    assert editor is not None
    return editor


def option_index(editor, kind, name):
    panel = editor.options_panel
    assert panel.select(kind, name)
    return panel.view.currentIndex()


def test_greyed_increase_lists_the_core_reasons_and_cannot_be_taken(window, senna_path, qtbot):
    editor = open_editor(window, senna_path)
    before = senna_path.read_bytes()
    index = option_index(editor, "skill", "Medicine")
    assert index.data(AllowedRole) is False
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert "Medicine 4 needs Cognition 4 (Cognition is 3)" in tip
    # the details pane says the same for keyboard users, and the button is off
    assert "Medicine 4 needs Cognition 4 (Cognition is 3)" in \
        editor.options_panel.details.toPlainText()
    assert not editor.options_panel.take_button.isEnabled()
    # activating it (Enter / double-click) changes nothing
    editor.options_panel.view.activated.emit(index)
    editor.options_panel.view.doubleClicked.emit(index)
    assert senna_path.read_bytes() == before
    assert editor.doc.undo_stack.count() == 0
    # the sheet's "Next" cell is greyed with the same reason
    row = [editor.sheet.skills_model.item(r, 0).text()
           for r in range(editor.sheet.skills_model.rowCount())].index("Medicine")
    cell = editor.sheet.skills_model.item(row, 3)
    assert cell.data(AllowedRole) is False
    assert "Cognition is 3" in cell.toolTip()


def test_unaffordable_increase_is_greyed_with_the_cost_reason(window, qtbot):
    path = make_character("Poor", "sp=1", "vital.Agility=2", "skill.Acrobatics=1")
    editor = open_editor(window, path)
    index = option_index(editor, "skill", "Acrobatics")
    assert index.data(AllowedRole) is False
    assert index.data(OptionRole)["reasons"] == ["needs 2 SP, 1 unspent"]


def test_take_an_increase_saves_at_once_and_undo_redo_follow_the_ledger(window, senna_path,
                                                                       qtbot):
    editor = open_editor(window, senna_path)
    original = senna_path.read_bytes()
    option_index(editor, "vital", "Cognition")
    assert editor.options_panel.take_button.isEnabled()
    qtbot.mouseClick(editor.options_panel.take_button, Qt.MouseButton.LeftButton)
    on_disk = json.loads(senna_path.read_text())
    assert [e["action"] for e in on_disk["ledger"]] == ["raise-vital"]
    assert "8 SP unspent" in editor.sp_label.text()
    assert window.balance_label.text() == "Unspent: 8 SP"
    assert window.saved_label.text() == "✔ Saved"
    # the greying is recomputed: Medicine 4 is now possible
    assert option_index(editor, "skill", "Medicine").data(AllowedRole) is True
    # undo (the Edit menu action) removes the ledger entry and saves
    assert window.action("undo").isEnabled()
    assert "Cognition" in window.action("undo").text()
    window.action("undo").trigger()
    assert undone_bytes(senna_path) == original
    assert option_index(editor, "skill", "Medicine").data(AllowedRole) is False
    # redo re-applies through the core
    window.action("redo").trigger()
    assert json.loads(senna_path.read_text())["ledger"][0]["target"] == 4
    # the opening balance, then the entry
    assert editor.ledger.ledger_model.rowCount() == 2
    assert editor.ledger.ledger_model.index(0, 1).data() == "Opening balance"
    assert editor.ledger.ledger_model.index(0, 3).data() == "16 SP"
    assert editor.ledger.ledger_model.index(1, 0).data() == "1"
    assert editor.ledger.ledger_model.index(1, 3).data() == "8 SP"


def test_undo_shortcuts_are_the_standard_ones(window):
    assert "Ctrl+Z" in [k.toString() for k in window.action("undo").shortcuts()]
    assert "Ctrl+Shift+Z" in [k.toString() for k in window.action("redo").shortcuts()]


def test_raising_a_class_asks_for_the_trait_and_spell(window, qtbot):
    path = make_character("Senna", "sp=20", "vital.Cognition=4", "skill.Medicine=4",
                          "class.Cleric=3", "trait.Cleric.Restoring Grace=3")
    editor = open_editor(window, path)
    index = option_index(editor, "class", "Cleric")
    assert index.data(AllowedRole) is True
    editor.options_panel.take_button.click()
    dialog = editor.dialog
    assert dialog.isVisible()
    # only the core's legal choices can be picked
    enabled = [dialog.traits.item(r).text() for r in range(dialog.traits.count())
               if dialog.traits.item(r).flags() & Qt.ItemFlag.ItemIsSelectable]
    assert enabled == index.data(OptionRole)["choices"]["traits"]
    dialog.traits.setCurrentRow(enabled.index("Restoring Grace"))
    dialog.spell.setCurrentText("Mend Wounds")
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    state = editor.doc.cf.state
    assert state.classes["Cleric"].level == 4
    assert state.classes["Cleric"].traits["Restoring Grace"] == 4
    assert state.classes["Cleric"].spells == ["Mend Wounds"]
    assert state.unspent == 16


def test_trait_use_checkbox_spends_a_use_and_rest_restores(window, senna_path, qtbot):
    from builder.rulesets.story_points.ui.widgets import UsesWidget

    editor = open_editor(window, senna_path)
    uses = editor.sheet.uses_widgets
    assert all(isinstance(u, UsesWidget) for u in uses)
    assert len(uses) == 1 and len(uses[0].boxes) == 3
    uses[0].boxes[0].click()
    trait = editor.doc.derived()["classes"]["Cleric"]["traits"]["Restoring Grace"]
    assert trait["uses_left"] == 2
    (uses,) = editor.sheet.uses_widgets
    assert [b.isChecked() for b in uses.boxes] == [True, False, False]
    assert not uses.boxes[0].isEnabled()
    editor.rest_button.click()
    trait = editor.doc.derived()["classes"]["Cleric"]["traits"]["Restoring Grace"]
    assert trait["uses_left"] == 3
    assert editor.doc.undo_stack.undoText().startswith("Rest")


def test_award_checkpoint_to_several_open_characters(window, senna_path, qtbot):
    nyra = make_character("Nyra", "sp=0")
    ed_nyra = open_editor(window, nyra)
    editor = open_editor(window, senna_path)
    editor.award_button.click()
    dialog = editor.dialog
    assert dialog.isVisible()
    dialog.milestone.setCurrentText("The Drowned Shrine")
    assert not dialog.ok.isEnabled()  # no checkpoint name yet
    assert dialog.reasons.text() == "Name the Story Checkpoint: what was achieved."
    dialog.checkpoint.setText("Found the shrine")
    for row in range(dialog.characters.count()):
        dialog.characters.item(row).setCheckState(Qt.CheckState.Checked)
    assert dialog.ok.isEnabled()
    messages = []
    editor.status.connect(messages.append)
    with qtbot.waitSignal(dialog.applied) as applied:
        dialog.ok.click()
    assert applied.args[0] == {"Nyra": [], "Senna": []}
    # the status line says what the award did, and to whom
    assert messages[-1] == ("Awarded checkpoint Found the shrine (The Drowned Shrine): "
                            + ", ".join(applied.args[0]))
    assert editor.doc.cf.state.unspent == 18 and ed_nyra.doc.cf.state.unspent == 2
    # the same checkpoint twice is refused by the core, with its reason
    editor.award_button.click()
    dialog = editor.dialog
    dialog.milestone.setCurrentText("The Drowned Shrine")
    dialog.checkpoint.setText("found the shrine")
    assert not dialog.ok.isEnabled()
    assert "already awarded" in dialog.reasons.text()
    dialog.milestone_radio.setChecked(True)
    assert dialog.ok.isEnabled()
    dialog.ok.click()
    assert editor.doc.cf.state.unspent == 21


def test_external_change_is_noticed_and_never_overwritten(window, senna_path, qtbot):
    editor = open_editor(window, senna_path)
    doc = editor.doc
    outside = json.loads(senna_path.read_text())
    outside["name"] = "Senna (edited elsewhere)"
    with qtbot.waitSignal(doc.externalChange, timeout=5000):
        senna_path.write_text(json.dumps(outside, indent=2))
    theirs = senna_path.read_bytes()
    assert editor.conflict_bar.isVisibleTo(editor)
    # the tab holds nothing the file lacks: said, not marked as unsaved work
    assert window.saved_label.text() == "Changed on disk"
    assert not window.isWindowModified()
    assert window.tabs.tabText(window.tabs.indexOf(editor)) == "Senna"
    # a change now is refused, the file is left alone: the conflict bar says why (no
    # rules refusal beside it) and so does the status line
    messages = []
    editor.status.connect(messages.append)
    assert not doc.apply_words(["raise-vital", "Cognition"])
    assert senna_path.read_bytes() == theirs
    assert editor.conflict_bar.isVisibleTo(editor) and not editor.refusal_bar.isVisibleTo(editor)
    assert messages[-1].startswith("Nothing was changed: the character's file changed on disk")
    # reload takes the version on disk
    editor.reload_button.click()
    assert doc.name == "Senna (edited elsewhere)"
    assert not editor.conflict_bar.isVisibleTo(editor)
    assert doc.apply_words(["raise-vital", "Cognition"])
    assert json.loads(senna_path.read_text())["name"] == "Senna (edited elsewhere)"


def test_a_change_the_file_refused_is_marked_unsaved_until_kept(window, senna_path, qtbot):
    """A change taken while another program wrote the file (before the watch saw it) is
    held by the tab only: marked unsaved (the star, the title) until Keep mine writes it."""
    editor = open_editor(window, senna_path)
    doc = editor.doc
    senna_path.write_text(senna_path.read_text().replace('"Senna"', '"Other"'))
    doc.apply_words(["raise-vital", "Cognition"])       # the write finds the file changed
    assert doc.conflict and doc.unsaved
    window.documents.update_status()
    assert window.saved_label.text() == "Changed on disk: not saved"
    assert window.isWindowModified()
    assert window.tabs.tabText(window.tabs.indexOf(editor)) == "Senna *"
    editor.keep_button.click()
    assert json.loads(senna_path.read_text())["name"] == "Senna" and not doc.unsaved
    assert window.tabs.tabText(window.tabs.indexOf(editor)) == "Senna"


def test_keep_mine_overwrites_only_when_asked(window, senna_path, qtbot):
    editor = open_editor(window, senna_path)
    doc = editor.doc
    senna_path.write_text(senna_path.read_text().replace('"Senna"', '"Other"'))
    assert doc.check_disk()
    editor.keep_button.click()
    assert json.loads(senna_path.read_text())["name"] == "Senna"
    assert doc.apply_words(["raise-vital", "Cognition"])


def test_own_saves_are_not_mistaken_for_external_changes(window, senna_path, qtbot):
    editor = open_editor(window, senna_path)
    doc = editor.doc
    for _ in range(3):
        assert doc.apply_words(["use-trait", "Cleric", "Restoring Grace"])
    # what the file watch does when it fires: compare the disk with what was written
    assert senna_path.read_bytes() == doc.cf.raw
    assert not doc.check_disk()
    assert not doc.conflict and not editor.conflict_bar.isVisibleTo(editor)
    assert len(json.loads(senna_path.read_text())["ledger"]) == 3


def test_a_file_with_ledger_problems_opens_and_says_so(window, senna_path):
    doc = json.loads(senna_path.read_text())
    doc["ledger"].append({"action": "raise-skill", "name": "Medicine", "target": 4})
    senna_path.write_text(json.dumps(doc))
    editor = open_editor(window, senna_path)
    assert editor.refusal_bar.isVisibleTo(editor)
    assert "Medicine 4 needs Cognition 4" in editor.refusal_bar.label.text()
    assert "skipped" in editor.ledger.ledger_model.index(1, 1).data()


def test_the_story_point_abbreviations_and_active_are_explained(window, senna_path):
    """"VIT 1/1 · AD ready 1..." and a bare "Active" box told a new player nothing: each
    says what it is when pointed at, in the editor and in the creation form."""
    editor = open_editor(window, senna_path)
    tip = editor.vit_label.toolTip()
    assert "Vitality (VIT)" in tip and "Action Dice (AD)" in tip
    assert editor.vit_label.accessibleName()
    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("story-points")
    assert dialog.form.active.toolTip() == editor.active_box.toolTip() != ""
    dialog.reject()


def test_the_ledger_shows_times_on_the_players_clock_as_the_library_does(window, tmp_path):
    """The ledger keeps an ISO time with its offset; the Ledger page showed that
    offset's clock ("2026-01-01 12:00" for 12:00+05:00 wherever the player was) and a
    full date for today's entries, where the library and the campaign say "today"."""
    from datetime import datetime, timezone

    from builder.ui.models.ledger_model import COL_WHEN
    from tests.helpers import ok

    path = make_character("Ora", "sp=5")
    ok("do", path, "raise-skill", "Medicine")
    ok("do", path, "raise-skill", "Athletics")
    doc = json.loads(path.read_text())
    doc["ledger"][0]["at"] = "2026-01-01T12:00:00+05:00"
    path.write_text(json.dumps(doc, indent=2))
    model = open_editor(window, path).ledger.ledger_model
    away = datetime.fromisoformat("2026-01-01T12:00:00+05:00").astimezone()
    assert model.index(1, COL_WHEN).data() == away.strftime("%Y-%m-%d %H:%M")
    today = datetime.fromisoformat(doc["ledger"][1]["at"]).astimezone()
    if today.date() == datetime.now(timezone.utc).astimezone().date():
        assert model.index(2, COL_WHEN).data() == today.strftime("today %H:%M")


def test_an_award_to_several_tabs_is_one_change_that_one_undo_takes_back(
        window, senna_path, qtbot):
    """The award is written to every chosen character at once (the application layer's
    party award); each tab takes its entry with its own history kept, and Undo on
    either tab takes the award back from both."""
    nyra, ed_nyra, editor = _award_both(window, senna_path, qtbot)
    awarded = [json.loads(p.read_text())["ledger"][-1]["action"] for p in (senna_path, nyra)]
    assert awarded == ["resolve-milestone", "resolve-milestone"]
    assert ed_nyra.doc.cf.ledger[-1]["action"] == "resolve-milestone"
    # Edit > Undo names what the award did, in the rules' words, and to whom
    said = editor.doc.ruleset.describe(editor.doc.cf.ledger[-1])
    assert editor.doc.undo_stack.undoText() == f"{said}: Nyra, Senna"
    editor.doc.undo_stack.undo()
    assert json.loads(nyra.read_text())["ledger"] == []
    assert all(e["action"] != "resolve-milestone"
               for e in json.loads(senna_path.read_text())["ledger"])
    assert ed_nyra.doc.cf.ledger == [] and ed_nyra.doc.undo_stack.index() == 0


def test_entries_added_elsewhere_reload_the_tab_and_say_undo_starts_again(
        window, senna_path, qtbot):
    """A ``do`` from the command line on an open character: the tab takes the file by
    itself (nothing of its own was unsaved) and says that its undo history starts
    again, since the steps before the new entry can no longer be taken back first."""
    editor = open_editor(window, senna_path)
    assert editor.doc.apply_words(["raise-vital", "Cognition"])
    assert editor.doc.undo_stack.canUndo()
    ok("do", senna_path, "raise-skill", "Melee")
    qtbot.waitUntil(lambda: editor.doc.cf.ledger[-1]["action"] == "raise-skill", timeout=5000)
    assert window.statusBar().currentMessage() == (
        "Senna: reloaded; entries were added or taken back at the end of its ledger "
        "elsewhere (a command, a campaign); Undo starts again from here")
    assert not editor.doc.undo_stack.canUndo() and not editor.conflict_bar.isVisibleTo(editor)


def _award_both(window, senna_path, qtbot):
    """Senna's and Nyra's tabs, a Milestone resolution given to both from Senna's."""
    nyra = make_character("Nyra", "sp=0")
    ed_nyra = open_editor(window, nyra)
    editor = open_editor(window, senna_path)
    editor.award_button.click()
    dialog = editor.dialog
    dialog.milestone_radio.setChecked(True)
    dialog.milestone.setCurrentText("The Drowned Shrine")
    for row in range(dialog.characters.count()):
        dialog.characters.item(row).setCheckState(Qt.CheckState.Checked)
    with qtbot.waitSignal(dialog.applied):
        dialog.ok.click()
    return nyra, ed_nyra, editor


def test_an_award_is_undone_from_a_tab_after_the_one_it_came_from_closed(
        window, senna_path, qtbot):
    """The award's undo asks the window's guard, not the dialog's (gone with its tab)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    nyra, ed_nyra, editor = _award_both(window, senna_path, qtbot)
    window.documents.close_tab(window.tabs.indexOf(editor))
    # the closed tab and its dialogs are deleted, as the event loop would
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    ed_nyra.doc.undo_stack.undo()
    assert json.loads(nyra.read_text())["ledger"] == []
    assert all(e["action"] != "resolve-milestone"
               for e in json.loads(senna_path.read_text())["ledger"])


def test_an_award_undo_stopped_by_another_tabs_conflict_is_not_called_a_rules_refusal(
        window, senna_path, qtbot):
    nyra, ed_nyra, editor = _award_both(window, senna_path, qtbot)
    outside = json.loads(senna_path.read_text())
    outside["notes"] = "changed elsewhere"
    with qtbot.waitSignal(editor.doc.externalChange, timeout=5000):
        senna_path.write_text(json.dumps(outside))
    ed_nyra.doc.undo_stack.undo()                       # Senna's tab holds a conflict
    text = ed_nyra.refusal_bar.label.text()
    assert ed_nyra.refusal_bar.isVisibleTo(ed_nyra) and text.startswith("Nothing was changed:")
    assert "The rules do not allow" not in text and "Senna" in text
    assert json.loads(nyra.read_text())["ledger"][-1]["action"] == "resolve-milestone"


def test_a_change_the_disk_would_not_take_keeps_its_could_not_save_bar(
        window, senna_path, qtbot, monkeypatch):
    from builder.storage.files import CharacterFile, FileProblem

    editor = open_editor(window, senna_path)

    def full(self, *args, **kwargs):
        raise FileProblem(f"{senna_path}: cannot be written (No space left on device)")

    monkeypatch.setattr(CharacterFile, "save", full)
    assert editor.take_words(["raise-vital", "Cognition"])    # the tab holds it
    assert editor.refusal_bar.isVisibleTo(editor)
    assert editor.refusal_bar.label.text().startswith("Could not save: ")
    assert "No space left on device" in editor.refusal_bar.label.text()
