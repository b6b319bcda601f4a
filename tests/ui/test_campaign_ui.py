"""Campaigns in the window: the library's campaigns model, the campaign tab's party
award (all or nothing), Training Exchange, undo, the embedded pool, and open character
tabs following the campaign's writes (Vogelfrei's party XP dialog in a campaign:
tests/rulesets/vogelfrei/ui/test_vogelfrei_campaign_ui.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester

from tests.helpers import file_bytes, ok, undone_bytes
from tests.ui.conftest import make_character

FAIL = QAbstractItemModelTester.FailureReportingMode.Fatal


def snapshot(*paths) -> dict:
    return {str(p): file_bytes(p) for p in paths}


def unspent(path) -> int:
    return ok("show", path, "--json").json()["sp"]["unspent"]


@pytest.fixture
def party(isolated_data):
    """Nyra (Rogue 2, 20 SP) and Joss (Observation 1, 3 SP) in a library campaign."""
    nyra = make_character("Nyra", "sp=20", "vital.Agility=4", "skill.Acrobatics=3",
                          "skill.Stealth=1", "class.Rogue=2", "trait.Rogue.Ambush=2")
    joss = make_character("Joss", "sp=3", "vital.Perception=4", "skill.Observation=1")
    camp = Path(ok("campaign", "new", "Iron Coast", "--ruleset", "story-points",
                   "--member", nyra, "--member", joss).out.strip())
    return {"camp": camp, "nyra": nyra, "joss": joss}


@pytest.fixture
def tab(window, party):
    view = window.documents.open_campaign(party["camp"])
    assert view is not None and window.tabs.currentWidget() is view
    return view


# -- the campaigns model ------------------------------------------------------------------
def test_campaigns_model_rows_and_the_model_tester(party, qtbot):
    from builder.ui.models.campaign_model import (COL_MEMBERS, COL_NAME, COL_POOL, COL_RULESET,
                                                  COL_SESSION, CampaignFilterModel,
                                                  CampaignModel, PathRole)

    ok("pool", "start", party["camp"], "--players", "3", "--name", "Harbour")
    model = CampaignModel(watch=False)
    QAbstractItemModelTester(model, FAIL, model)
    proxy = CampaignFilterModel()
    proxy.setSourceModel(model)
    QAbstractItemModelTester(proxy, FAIL, proxy)
    proxy.sort(COL_NAME)
    assert model.rowCount() == 1

    def cell(row, col):
        return model.index(row, col).data()

    assert cell(0, COL_NAME) == "Iron Coast"
    assert cell(0, COL_RULESET) == "Story Point development"
    assert cell(0, COL_MEMBERS) == "2"
    assert cell(0, COL_SESSION) == "1 (Harbour)"
    assert cell(0, COL_POOL) == "Fortune 3 · Peril 1"
    assert model.index(0, 0).data(PathRole) == str(party["camp"])
    # a change and a new campaign: dataChanged and an inserted row, the proxy follows
    changed = []
    model.dataChanged.connect(lambda a, b: changed.append(a.row()))
    ok("pool", "earn", party["camp"], "fortune", "--reason", "heroic act")
    ok("campaign", "new", "Ashfall", "--ruleset", "story-points")
    model.refresh()
    assert changed == [0]
    assert cell(0, COL_POOL) == "Fortune 4 · Peril 1"
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Ashfall",
                                                                           "Iron Coast"]
    proxy.setFilterFixedString("ash")
    assert proxy.rowCount() == 1
    # a broken file is listed with its problem
    (party["camp"].parent / "broken.json").write_text("{nope")
    model.refresh()
    assert model.rowCount() == 3
    broken = model.row_for_path(party["camp"].parent / "broken.json")
    assert "broken.json" in model.index(broken, COL_POOL).data()


def test_library_shows_the_campaigns_section(window, party, qtbot):
    qtbot.waitUntil(lambda: window.campaign_model.rowCount() == 1)
    panel = window.campaigns_panel
    assert panel.count_label.text() == "1 campaign"
    assert panel.view.accessibleName()
    panel.select_path(str(party["camp"]))
    assert window.action("open_campaign_selected").isEnabled()
    window.action("open_campaign_selected").trigger()
    assert window.documents.current_campaign_tab().name == "Iron Coast"


# -- new campaign, members, trash ---------------------------------------------------------
def test_new_campaign_dialog_with_members_from_the_library(window, isolated_data, qtbot):
    nyra = make_character("Nyra", "sp=3")
    make_character("Joss", "sp=3")
    ok("new", "vogelfrei", "Ulf", "-o", isolated_data / "characters" / "ulf.json",
       "--seed", "3")
    window.library_model.refresh()
    window.action("new_campaign").trigger()
    dialog = window.campaigns.new_campaign_dialog
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("story-points"))
    offered = [dialog.members.item(i).text().split()[0] for i in range(dialog.members.count())]
    assert offered == ["Joss", "Nyra"]                 # Ulf (vogelfrei) is not offered
    assert "1 character of other rulesets is not offered" in dialog.note.text()
    assert not dialog.create_button.isEnabled()        # no name yet
    assert dialog.reasons.text() == "Name the campaign."    # a prompt, not a scolding
    dialog.name_edit.setText("Iron Coast")
    dialog.set_checked(str(nyra))
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = list((isolated_data / "campaigns").glob("*.json"))
    doc = json.loads(path.read_text())
    assert doc["name"] == "Iron Coast" and doc["ruleset"] == "story-points"
    # stored relative to the campaign's folder: the data folder moves as a whole
    assert doc["members"] == [str(Path("..") / "characters" / nyra.name)]
    view = window.documents.current_campaign_tab()
    assert view.members_model.rowCount() == 1
    assert view.members_model.item(0, 0).text() == "Nyra"
    assert window.campaign_model.rowCount() == 1


def test_add_and_remove_members_and_trash_with_undo(window, party, qtbot):
    ada = make_character("Ada", "sp=1")
    window.library_model.refresh()
    view = window.documents.open_campaign(party["camp"])
    view.membership.open_add_dialog()
    dialog = view.dialog
    assert [dialog.list.item(i).text().split()[0] for i in range(dialog.list.count())] \
        == ["Ada"]                                      # members are not offered again
    dialog.list.item(0).setCheckState(Qt.CheckState.Checked)
    dialog.ok.click()
    assert json.loads(party["camp"].read_text())["members"][-1].endswith(ada.name)
    assert view.members_model.rowCount() == 3
    assert window.statusBar().currentMessage().startswith("1 member joined ")
    view.members_view.selectRow(2)
    assert view.remove_button.isEnabled()
    view.remove_button.click()
    assert len(json.loads(party["camp"].read_text())["members"]) == 2
    assert ada.exists()                                 # leaving never touches the file
    # delete to the trash from the library; Undo brings it back
    data = party["camp"].read_bytes()
    window.documents.show_library()
    window.campaign_model.refresh()
    window.campaigns_panel.select_path(str(party["camp"]))
    window.action("trash_campaign").trigger()
    assert not party["camp"].exists() and window.documents.campaign_tabs() == []
    assert window.campaign_model.rowCount() == 0
    window.action("undo").trigger()
    assert party["camp"].read_bytes() == data


def test_add_selected_characters_from_the_library(window, party):
    ada = make_character("Ada", "sp=1")
    window.library_model.refresh()
    window.campaign_model.refresh()
    window.library_page.select_path(str(ada))
    window.campaigns_panel.select_path(str(party["camp"]))
    assert window.action("add_to_campaign").isEnabled()
    window.action("add_to_campaign").trigger()
    assert len(json.loads(party["camp"].read_text())["members"]) == 3


# -- the campaign tab -----------------------------------------------------------------------
def test_campaign_tab_shows_members_ledger_and_the_pool(tab, party):
    assert tab.title.text() == "Iron Coast"
    rows = [(tab.members_model.item(r, 0).text(), tab.members_model.item(r, 1).text())
            for r in range(tab.members_model.rowCount())]
    assert rows == [("Nyra", "Unspent SP 20 · Classes Rogue 2"),
                    ("Joss", "Unspent SP 3 · Classes -")]
    assert tab.exchange_button.isVisibleTo(tab) and not tab.xp_button.isVisibleTo(tab)
    assert tab.ledger_model.rowCount() == 0
    assert not tab.undo_button.isEnabled()


def test_a_party_action_is_offered_only_with_the_dialog_its_rule_system_declares(
        tab, monkeypatch):
    """The campaign tab opens the rule system's own party dialogs: a system with Story
    Milestones and a Training Exchange but no such dialogs gets no such buttons."""
    from builder.rulesets.story_points.rules.ruleset import StoryPoints

    assert tab.award_button.isVisibleTo(tab) and tab.exchange_button.isVisibleTo(tab)
    tab.party.open_exchange_dialog()
    assert type(tab.dialog).__module__ == "builder.rulesets.story_points.ui.exchange"
    tab.dialog.reject()
    monkeypatch.setattr(StoryPoints, "parts", StoryPoints.parts.replaced(dialogs={}))
    tab.reload()
    assert not tab.award_button.isVisibleTo(tab) and not tab.exchange_button.isVisibleTo(tab)


def test_party_award_through_the_dialog(window, tab, party, qtbot):
    tab.award_button.click()
    dialog = tab.dialog
    dialog.milestone.setCurrentText("The Drowned Fort")
    dialog.checkpoint.setText("Gate")
    assert dialog.ok.isEnabled(), dialog.reasons.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    assert (unspent(party["nyra"]), unspent(party["joss"])) == (22, 5)
    assert tab.ledger_model.rowCount() == 1
    # the players' words, not the command's ("award award-checkpoint The Drowned Fort Gate")
    text = tab.ledger_model.index(0, 1).data()
    assert text.startswith("Party award: ") and "award-checkpoint" not in text, text
    assert "Gate" in text and "The Drowned Fort" in text
    said = window.statusBar().currentMessage()
    assert said.startswith("Party award: ") and "Awarded: Party award" not in said, said
    assert tab.members_model.item(1, 1).text().startswith("Unspent SP 5")
    # the same checkpoint again: the dialog asks the core and names the members
    tab.award_button.click()
    dialog = tab.dialog
    dialog.milestone.setCurrentText("The Drowned Fort")
    dialog.checkpoint.setText("Gate")
    assert not dialog.ok.isEnabled()
    assert "Nyra (" in dialog.reasons.text() and "Joss (" in dialog.reasons.text()
    dialog.milestone_radio.setChecked(True)
    assert dialog.ok.isEnabled()
    dialog.reject()


def test_the_two_award_dialogs_ask_for_the_names_alike_and_scold_for_nothing(
        window, tab, party):
    """Before anything is typed neither award dialog states a refusal (no "needs a
    name", no bullet): both say what to fill in next, in the same words, and Award
    waits; the rules' own reasons come once the names are in."""
    from builder.rulesets.story_points.ui.award import AwardDialog

    tab.award_button.click()
    party_dialog = tab.dialog
    editor = window.documents.open_path(party["nyra"])
    own = AwardDialog([editor.doc], editor.doc, window)
    for dialog in (party_dialog, own):
        dialog.milestone.setCurrentText("")
        assert dialog.reasons.text() == "Choose or type the Story Milestone."
        dialog.milestone.setCurrentText("The Drowned Fort")
        assert dialog.reasons.text() == "Name the Story Checkpoint: what was achieved."
        assert not dialog.ok.isEnabled()
        assert "needs" not in dialog.reasons.text() and "•" not in dialog.reasons.text()
        dialog.milestone_radio.setChecked(True)        # a resolution needs no checkpoint
        assert dialog.ok.isEnabled(), dialog.reasons.text()
        assert dialog.reasons.text().startswith("✔")
        dialog.reject()


def test_a_checkpoint_typed_onto_the_open_milestone_says_it_starts_a_new_one(
        window, tab, party):
    """Typing after the Milestone offered makes another name: both award dialogs say the
    Checkpoint starts a new Story Milestone, and which ones are open."""
    from builder.rulesets.story_points.ui.award import AwardDialog

    ok("do", party["nyra"], "award-checkpoint", "The Drowned Fort", "Gate")
    ok("do", party["joss"], "award-checkpoint", "The Drowned Fort", "Gate")
    tab.award_button.click()
    party_dialog = tab.dialog
    editor = window.documents.open_path(party["nyra"])
    own = AwardDialog([editor.doc], editor.doc, window)
    for dialog in (party_dialog, own):
        assert dialog.milestone.currentText() == "The Drowned Fort"
        dialog.checkpoint.setText("Tower")
        assert dialog.ok.isEnabled() and "new Story Milestone" not in dialog.reasons.text()
        dialog.milestone.setCurrentText("The Drowned FortThe Drowned Fort")
        assert dialog.ok.isEnabled(), dialog.reasons.text()
        assert dialog.reasons.text().endswith(
            "\n“The Drowned FortThe Drowned Fort” is a new Story Milestone "
            "(open now: The Drowned Fort).")
        dialog.milestone_radio.setChecked(True)         # resolving: the rules' words only
        assert "new Story Milestone" not in dialog.reasons.text()
        dialog.reject()


def test_a_refused_member_leaves_every_file_byte_for_byte(tab, party):
    ok("do", party["joss"], "award-checkpoint", "Fort", "Gate")   # only Joss has it
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert not tab.party.party_award(["award-checkpoint", "Fort", "Gate"])
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
    text = tab.message_bar.label.text()
    assert tab.message_bar.isVisibleTo(tab)
    assert "refused (no file was changed)" in text
    assert "Joss (" in text and "already awarded" in text and "Nyra (" not in text
    # every refusing member is named
    assert not tab.party.party_award(["raise-vital", "Perception"])
    assert "Joss (" in tab.message_bar.label.text()
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_open_member_tabs_follow_the_award_and_its_undo(window, tab, party, qtbot):
    nyra_editor = window.documents.open_path(party["nyra"])
    window.tabs.setCurrentWidget(tab)
    assert tab.party.party_award(["resolve-milestone", "Fort"])
    assert nyra_editor.doc.cf.state.unspent == 23        # reloaded, no conflict
    assert not nyra_editor.doc.conflict
    assert not nyra_editor.doc.check_disk()              # what the file watch would find
    assert not nyra_editor.conflict_bar.isVisibleTo(nyra_editor)
    assert "Nyra" in window.statusBar().currentMessage()
    # Ctrl+Z in the campaign tab is the campaign's undo, from every member file
    assert window.action("undo").isEnabled() and "award" in window.action("undo").text()
    window.action("undo").trigger()
    assert (unspent(party["nyra"]), unspent(party["joss"])) == (20, 3)
    assert nyra_editor.doc.cf.state.unspent == 20
    assert json.loads(party["camp"].read_text())["ledger"] == []
    qtbot.waitUntil(lambda: not window.action("undo").isEnabled())


def test_a_member_tab_with_a_conflict_blocks_the_award(window, tab, party, qtbot):
    editor = window.documents.open_path(party["nyra"])
    theirs = json.loads(party["nyra"].read_text())
    theirs["name"] = "Nyra (edited elsewhere)"
    party["nyra"].write_text(json.dumps(theirs, indent=2))
    assert editor.doc.check_disk()
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert not tab.party.party_award(["resolve-milestone", "Fort"])
    assert "reload it" in tab.message_bar.label.text()
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_training_exchange_dialog_and_undo(window, tab, party, qtbot):
    before = snapshot(party["nyra"], party["joss"])
    tab.exchange_button.click()
    dialog = tab.dialog
    a, b = dialog.side_a, dialog.side_b
    assert (a.member.currentText(), b.member.currentText()) == ("Nyra", "Joss")
    # a Class advance: the trait picks come from the core, the blocked ones greyed
    a.select(kind="raise-class", name="Rogue")
    traits = {a.traits.item(i).data(Qt.ItemDataRole.UserRole): a.traits.item(i)
              for i in range(a.traits.count())}
    assert not (traits["Exact Cut"].flags() & Qt.ItemFlag.ItemIsSelectable)
    assert "Finesse" in traits["Exact Cut"].toolTip()
    assert traits["Vanish"].flags() & Qt.ItemFlag.ItemIsSelectable
    a.select(trait="Vanish")
    assert a.cost.text() == "2 SP (instead of 3 SP)"
    b.select(kind="raise-skill", name="Athletics")          # 0 -> 1 costs 1 SP anyway
    assert b.cost.text() == "1 SP (no cheaper: never below 1 SP)"
    b.select(kind="raise-skill", name="Observation")
    assert b.cost.text() == "1 SP (instead of 2 SP)"
    assert dialog.ok.isEnabled(), dialog.reasons.text()
    # the same character twice is not an exchange
    b.select(member="Nyra")
    assert not dialog.ok.isEnabled()
    assert "two different characters" in dialog.reasons.text()
    b.select(member="Joss", kind="raise-skill", name="Observation")
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    nyra = ok("show", party["nyra"], "--json").json()
    assert nyra["classes"]["Rogue"]["level"] == 3 and unspent(party["nyra"]) == 18
    assert unspent(party["joss"]) == 2
    entry = json.loads(party["camp"].read_text())["ledger"][-1]
    assert entry["action"] == "exchange" and len(entry["members"]) == 2
    assert "Training Exchange" in tab.ledger_model.index(0, 1).data()
    # one undo takes both back, byte for byte but for the entries it keeps as withdrawn
    window.action("undo").trigger()
    assert {str(p): undone_bytes(p) for p in (party["nyra"], party["joss"])} == before


def test_exchange_refused_by_the_core_changes_nothing(tab, party):
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert not tab.party.exchange(party["nyra"], ["raise-skill", "Acrobatics"],
                            party["joss"], ["raise-vital", "Perception"])
    assert "never lowers the cost of a Core Vital" in tab.message_bar.label.text()
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
    # Joss (3 SP) cannot pay Observation 2 twice over: Nyra's half is not written either
    ok("do", party["joss"], "raise-skill", "Observation")        # Joss: 1 SP left
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert not tab.party.exchange(party["nyra"], ["raise-skill", "Acrobatics"],
                            party["joss"], ["raise-skill", "Observation"])
    assert "Joss (" in tab.message_bar.label.text()
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


def test_undo_is_refused_when_a_member_changed_since(window, tab, party):
    assert tab.party.party_award(["resolve-milestone", "Fort"])
    ok("do", party["joss"], "raise-skill", "Observation")
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert not tab.undo_last()
    assert "Joss (" in tab.message_bar.label.text()
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before


# -- the pool ------------------------------------------------------------------------------
def test_the_pool_is_embedded_and_its_entries_are_in_the_ledger(window, tab, party, qtbot):
    pool = tab.pool_view
    assert pool.parentWidget() is tab.pool_area.viewport()
    pool.players.setValue(2)
    qtbot.mouseClick(pool.start_button, Qt.MouseButton.LeftButton)
    assert (pool.fortune_label.text(), pool.peril_label.text()) == ("2", "1")
    assert [pool.by.itemText(i) for i in range(pool.by.count())] == ["GM", "Nyra", "Joss"]
    assert tab.ledger_model.rowCount() == 1
    assert "session 2" not in tab.info.text() and "session 1" in tab.info.text()
    row = window.campaign_model.row_for_path(party["camp"])
    assert window.campaign_model.rows()[row].pool_text == "Fortune 2 · Peril 1"
    # Ctrl+Z in the tab undoes the pool entry too
    qtbot.waitUntil(lambda: window.action("undo").isEnabled())
    window.action("undo").trigger()
    assert json.loads(party["camp"].read_text())["ledger"] == []
    assert pool.fortune_label.text() == "0"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_full_screen_pool_leaves_the_tab_and_comes_back(tab):
    pool = tab.pool_view
    pool.set_full_screen(True)
    assert pool.is_detached() and pool.window() is tab.pool_area
    assert tab.pool_area.isWindow() and tab.splitter.indexOf(tab.pool_area) < 0
    assert pool.fortune_label.font().pointSize() == 160
    pool.set_full_screen(False)
    assert not pool.is_detached() and tab.pool_area.widget() is pool
    assert tab.splitter.indexOf(tab.pool_area) == 1 and pool.window() is tab.window()
    assert pool.fortune_label.font().pointSize() == 72


# -- accessibility ----------------------------------------------------------------------------
def test_every_control_of_the_campaign_tab_is_named(window, tab):
    from PySide6.QtWidgets import QAbstractButton, QHeaderView, QScrollBar, QTabBar, QWidget

    window.show()
    found = []
    for widget in tab.findChildren(QWidget):
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or not widget.isVisibleTo(window):
            continue
        if isinstance(widget, (QScrollBar, QHeaderView, QTabBar)):
            continue
        text = widget.text() if isinstance(widget, QAbstractButton) else ""
        if not (widget.accessibleName() or text):
            found.append(f"{type(widget).__name__} {widget.objectName()}")
    assert found == [], found


def test_delete_key_trashes_what_has_the_focus(window, party, qtbot):
    window.show()
    qtbot.waitExposed(window)
    # Keyboard focus needs the active window; with no window manager (a bare X
    # server) nothing activates it but this request.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.library_model.refresh()
    window.campaign_model.refresh()
    panel = window.campaigns_panel
    panel.select_path(str(party["camp"]))
    window.library_page.select_path(str(party["joss"]))
    panel.view.setFocus()
    qtbot.waitUntil(panel.view.hasFocus)
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    assert not party["camp"].exists() and party["joss"].exists()
    window.action("undo").trigger()
    assert party["camp"].exists()
    window.library_page.view.setFocus()
    qtbot.waitUntil(window.library_page.view.hasFocus)
    qtbot.keyClick(window.library_page.view, Qt.Key.Key_Delete)
    assert not party["joss"].exists() and party["camp"].exists()


def test_changes_from_the_command_line_are_seen(window, tab, party, qtbot):
    editor = window.documents.open_path(party["nyra"])
    ok("campaign", "award", party["camp"], "resolve-milestone", "Fort")
    # the campaign tab follows its file ...
    qtbot.waitUntil(lambda: tab.ledger_model.rowCount() == 1, timeout=5000)
    # ... and an open member tab takes a change at the end of its ledger by itself
    qtbot.waitUntil(lambda: editor.doc.cf.state.unspent == 23, timeout=5000)
    assert not editor.doc.conflict and not editor.conflict_bar.isVisibleTo(editor)
    # the campaign's undo from the command line too
    ok("undo", party["camp"])
    qtbot.waitUntil(lambda: editor.doc.cf.state.unspent == 20, timeout=5000)
    assert not editor.doc.conflict
    # any other change from outside still asks (Reload / Keep mine)
    theirs = json.loads(party["nyra"].read_text())
    theirs["name"] = "Nyra (edited elsewhere)"
    party["nyra"].write_text(json.dumps(theirs, indent=2))
    qtbot.waitUntil(lambda: editor.doc.conflict, timeout=5000)
    assert editor.conflict_bar.isVisibleTo(editor)
    editor.reload_button.click()
    # switching to the campaign tab re-reads the members' figures
    ok("do", party["joss"], "raise-skill", "Observation")
    window.tabs.setCurrentWidget(editor)
    window.tabs.setCurrentWidget(tab)
    assert tab.members_model.item(1, 1).text().startswith("Unspent SP 1")


def test_open_campaign_tabs_come_back_next_time(party, qtbot):
    from builder.ui.main_window import MainWindow

    win = MainWindow(restore=False)
    qtbot.addWidget(win)
    win.documents.open_campaign(party["camp"])
    win.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    again.settings.reopen_tabs()
    assert [v.name for v in again.documents.campaign_tabs()] == ["Iron Coast"]
    assert again.documents.editors() == []


def test_a_change_of_the_tab_not_yet_saved_is_never_dropped_by_a_reload(window, party):
    editor = window.documents.open_path(party["nyra"])
    ok("do", party["nyra"], "raise-skill", "Stealth")        # behind the tab's back
    theirs = file_bytes(party["nyra"])
    assert editor.doc.apply_words(["raise-skill", "Acrobatics"])   # the save finds it
    assert editor.doc.conflict
    assert editor.doc.cf.state.skills["Acrobatics"] == 4     # kept, not reloaded away
    assert editor.conflict_bar.isVisibleTo(editor)
    assert file_bytes(party["nyra"]) == theirs


def test_an_older_format_tab_follows_a_command_line_change_without_asking(window, senna_path):
    """The tab read a format-1 file; ``do`` on the command line saves it in the current
    format with one more ledger entry: the tab takes it as a ledger-only change."""
    doc = json.loads(senna_path.read_text(encoding="utf-8"))
    doc["format"] = 1
    senna_path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    editor = window.documents.open_path(senna_path)
    entries = len(editor.doc.cf.ledger)
    ok("do", senna_path, "raise-vital", "Cognition")
    assert json.loads(senna_path.read_text(encoding="utf-8"))["format"] > 1
    editor.doc.check_disk()
    assert len(editor.doc.cf.ledger) == entries + 1       # reloaded
    assert not editor.conflict_bar.isVisibleTo(editor)


def test_selecting_a_path_selects_its_row_whatever_keys_are_held(window, party, monkeypatch):
    """A programmatic selection is not a click: a Ctrl still held (or left over from an
    earlier key event) must not turn it into a toggle that leaves the row unselected."""
    from PySide6.QtGui import QGuiApplication

    monkeypatch.setattr(QGuiApplication, "keyboardModifiers",
                        staticmethod(lambda: Qt.KeyboardModifier.ControlModifier))
    window.library_model.refresh()
    for _ in range(2):
        window.library_page.select_path(str(party["nyra"]))
        assert window.library_page.view.selectionModel().selectedRows() != []
    assert window.library_page.selected_paths() == [str(party["nyra"])]


def test_the_message_bar_has_its_own_row_and_never_moves_or_covers_the_panes(window, tab,
                                                                            qtbot):
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    before = tab.splitter.geometry()
    bar = tab.message_bar
    # no empty band waits for a message: the buttons sit right above the panes, and
    # the head row shows the campaign's info line
    buttons_bottom = tab.undo_button.mapTo(tab, QPoint(0, tab.undo_button.height())).y()
    assert before.top() - buttons_bottom <= 2 * tab.layout().spacing() + 2
    assert tab.info.isVisible() and not bar.isVisible()
    tab.show_refusal("Not awarded", ["first reason"])
    QApplication.processEvents()
    assert bar.isVisible() and not tab.info.isVisible()         # in the info line's place
    assert not bar.more_button.isVisibleTo(tab)                # one line: all of it shows
    assert tab.splitter.geometry() == before                   # nothing moved
    bar_bottom = bar.mapTo(tab, QPoint(0, bar.height())).y()
    assert bar_bottom <= buttons_bottom < before.top()         # nor is anything covered
    label = bar.label
    assert label.visibleRegion().boundingRect().height() >= label.heightForWidth(label.width())
    tab.show_refusal("Not awarded", [f"reason number {n}, at some length" for n in range(8)])
    QApplication.processEvents()
    assert tab.splitter.geometry() == before                   # a long one scrolls in its row
    assert bar.geometry().bottom() < before.top()
    assert bar.text_area.verticalScrollBar().maximum() > 0         # every line can be reached
    assert label.height() >= label.heightForWidth(label.width())
    # ... and a keyboard reaches them too: "Show all…" shows the whole message in a box
    assert bar.more_button.isVisibleTo(tab)
    bar.more_button.click()
    assert bar.all_box is not None and "reason number 7, at some length" in bar.all_box.text()
    bar.all_box.close()
    tab.show_done("Awarded")                                   # a shorter message
    QApplication.processEvents()
    assert not bar.more_button.isVisibleTo(tab)                # it fits: nothing more
    assert tab.splitter.geometry() == before
    # a long message that comes while the tab is hidden is measured when it shows
    window.tabs.setCurrentIndex(0)
    QApplication.processEvents()
    tab.show_refusal("Not awarded", [f"reason number {n}, at some length" for n in range(8)])
    window.tabs.setCurrentWidget(tab)
    QApplication.processEvents()
    assert bar.more_button.isVisibleTo(tab)
    tab.show_done("Awarded")
    QApplication.processEvents()
    assert label.visibleRegion().boundingRect().height() >= label.heightForWidth(label.width())
    # switching tabs away and back keeps the message
    window.tabs.setCurrentIndex(0)
    QApplication.processEvents()
    window.tabs.setCurrentWidget(tab)
    QApplication.processEvents()
    assert bar.isVisible() and tab.splitter.geometry() == before
    bar.close_button.click()
    QApplication.processEvents()
    assert tab.splitter.geometry() == before and not bar.isVisible()
    assert tab.info.isVisible()                                # the info line is back


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_pool_page_has_one_undo_and_the_window_undo_takes_pool_entries_back(window, tab,
                                                                                party, qtbot):
    from PySide6.QtWidgets import QAbstractButton, QApplication

    window.show()
    qtbot.waitExposed(window)
    pool = tab.pool_view

    def undo_buttons():
        QApplication.processEvents()
        return [b for b in tab.window().findChildren(QAbstractButton)
                if b.isVisible() and "undo" in b.text().replace("&", "").lower()]

    assert undo_buttons() == [tab.undo_button]
    qtbot.mouseClick(pool.start_button, Qt.MouseButton.LeftButton)
    assert undo_buttons() == [tab.undo_button]
    qtbot.waitUntil(lambda: window.action("undo").isEnabled())
    window.action("undo").trigger()                                  # Edit > Undo (Ctrl+Z)
    assert json.loads(party["camp"].read_text())["ledger"] == []
    # full screen leaves the tab (and its button) behind: the pool's own Undo is there
    qtbot.mouseClick(pool.start_button, Qt.MouseButton.LeftButton)
    pool.set_full_screen(True)
    QApplication.processEvents()
    assert pool.undo_button.isVisible()
    qtbot.mouseClick(pool.undo_button, Qt.MouseButton.LeftButton)
    assert json.loads(party["camp"].read_text())["ledger"] == []
    pool.set_full_screen(False)
    assert undo_buttons() == [tab.undo_button]


def test_new_campaign_members_fit_the_dialog_without_sideways_scrolling(window, isolated_data,
                                                                       qtbot):
    """Each character's figures under its name, and a long line wrapped inside the list at
    the dialog's opening size (name and figures on one line scrolled sideways)."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    long_name = "Ottokar von Hohenstaufen-Wittelsbach der Jüngere zu Regensburg am Main"
    for name in ("Ulf", long_name):
        ok("new", "vogelfrei", name, "-o", isolated_data / "characters" / f"{name[:4]}.json",
           "--seed", "3")
    window.library_model.refresh()
    window.action("new_campaign").trigger()
    dialog = window.campaigns.new_campaign_dialog
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("vogelfrei"))
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    members = dialog.members
    width = members.viewport().width()
    fm = members.fontMetrics()
    assert members.count() == 2
    assert members.horizontalScrollBar().maximum() == 0
    wide = False
    for row in range(members.count()):
        item = members.item(row)
        rect = members.visualItemRect(item)
        assert rect.left() >= 0 and rect.right() < width
        name, figures = item.text().split("\n")
        assert name in ("Ulf", long_name) and figures
        wide = wide or fm.horizontalAdvance(name) > width
        text_width = rect.width() - members.iconSize().width() - 12     # beside the box
        needed = fm.boundingRect(QRect(0, 0, text_width, 10000), Qt.TextFlag.TextWordWrap,
                                 item.text()).height()
        assert rect.height() >= needed
    assert wide                                 # a line that had to wrap was there
    dialog.reject()


def test_tab_goes_from_the_pools_start_through_its_controls(window, tab, qtbot):
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window.show()
    qtbot.waitExposed(window)
    tab.pool_view.start_button.setFocus()
    QApplication.processEvents()
    QTest.keyClick(tab.pool_view.start_button, Qt.Key.Key_Tab)
    QApplication.processEvents()
    assert QApplication.focusWidget() is tab.pool_view.players
    stops = []
    for _ in range(40):                 # once round the tab: the area itself is no stop
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        stops.append(QApplication.focusWidget())
    assert tab.pool_area not in stops and tab.pool_view.start_button in stops


def test_a_long_campaign_path_does_not_widen_the_page(window, party, tmp_path, qtbot):
    """The info line beside the title (ruleset · members · session · file) was a label
    as wide as the campaign file's path: the page could not be narrower than it.  It
    is shortened in the middle instead, the whole line in its tooltip."""
    from PySide6.QtWidgets import QApplication

    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 8)
    deep.mkdir(parents=True)
    camp = deep / "camp.json"
    ok("campaign", "new", "Far Away", "-o", camp, "--ruleset", "story-points",
       "--member", party["nyra"])
    view = window.documents.open_campaign(camp)
    full = view.info.text()
    assert str(camp) in full and view.info.toolTip() == full
    assert view.minimumSizeHint().width() < view.info.fontMetrics().horizontalAdvance(full)
    window.resize(900, 700)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    shown = label_shows(view.info)
    assert "…" in shown and shown.endswith("camp.json")
    assert view.info.fontMetrics().horizontalAdvance(shown) <= view.info.width()


def label_shows(label) -> str:
    from PySide6.QtWidgets import QLabel

    return QLabel.text(label)
