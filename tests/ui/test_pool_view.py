"""The table's pool display (builder/ui/pool_view.py)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6")

from tests.helpers import ok  # noqa: E402


@pytest.fixture
def view(qtbot, tmp_path):
    from builder.ui.pool_view import PoolView

    mira = tmp_path / "mira.json"
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=1")
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points", "--member", mira)
    widget = PoolView(camp)
    qtbot.addWidget(widget)
    widget.path_for_test = camp
    return widget


@pytest.fixture
def table_of_four(view):
    """The pool at a table of four players (Mira and three guests), set by hand."""
    view.players.setValue(4)
    return view


def ledger(view):
    return json.loads(view.path_for_test.read_bytes())["ledger"]


def test_start_session_shows_big_counters_and_member_names(view, qtbot):
    from PySide6.QtCore import Qt

    assert not view.spend_buttons[("fortune", "upgrade")].isEnabled()
    assert "no session has started" in view.spend_buttons[("fortune", "upgrade")].toolTip()
    view.players.setValue(3)
    qtbot.mouseClick(view.start_button, Qt.LeftButton)
    assert (view.fortune_label.text(), view.peril_label.text()) == ("3", "1")
    assert view.fortune_label.font().pointSize() >= 72
    assert [view.by.itemText(i) for i in range(view.by.count())] == ["GM", "Mira"]
    assert ledger(view)[-1]["action"] == "session-start"


def test_spend_buttons_check_the_rules_and_give_reasons(table_of_four, qtbot):
    view = table_of_four
    from PySide6.QtCore import Qt

    view.start_session()
    view.by.setEditText("Mira")
    view.check_id.setText("7")
    upgrade = view.spend_buttons[("fortune", "upgrade")]
    assert upgrade.isEnabled()
    assert not view.spend_buttons[("peril", "complication")].isEnabled()
    assert "only the GM" in view.spend_buttons[("peril", "complication")].toolTip()
    qtbot.mouseClick(upgrade, Qt.LeftButton)
    assert (view.fortune_label.text(), view.peril_label.text()) == ("3", "2")
    assert not upgrade.isEnabled()
    assert "Mira already made a proactive spend on check 7" in upgrade.toolTip()
    assert "Mira already made a proactive spend on check 7" in view.reasons.text()
    view.gm_allows.setChecked(True)
    assert upgrade.isEnabled()
    view.after_roll.setChecked(True)
    assert upgrade.toolTip() == "Upgrade is declared before the roll"
    assert view.log.count() == 2


def test_react_earn_and_undo(table_of_four):
    view = table_of_four
    view.start_session()
    view.check_id.setText("7")
    view.talent.setText("Peril Turner")
    view.by.setEditText("Mira")
    assert not view.react_button.isEnabled()
    assert "none was made on check 7" in view.react_button.toolTip()
    view.by.setEditText("GM")
    view.after_roll.setChecked(True)
    assert view.spend(*("peril", "calamity"))
    view.by.setEditText("Mira")
    assert view.react_button.isEnabled()
    assert view.react()
    view.earn_reason.setText("heroic act")
    assert view.earn()
    assert view.fortune_label.text() == "6"           # 4 + 1 flipped + 1 earned
    assert view.undo()
    assert view.fortune_label.text() == "5"
    assert [e["action"] for e in ledger(view)] == ["session-start", "pool-spend", "pool-react"]


def test_a_change_made_on_the_command_line_meanwhile_is_seen(table_of_four):
    view = table_of_four
    view.start_session()
    ok("pool", "earn", view.path_for_test, "peril", "--reason", "dramatic failure")
    view.by.setEditText("GM")
    view.check_id.setText("1")
    assert view.spend("peril", "complication")
    assert (view.fortune_label.text(), view.peril_label.text()) == ("5", "1")


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_full_screen_mode_grows_the_counters(view):
    view.set_full_screen(True)
    assert view.full_button.isChecked()
    assert view.fortune_label.font().pointSize() == 160
    view.set_full_screen(False)
    assert view.fortune_label.font().pointSize() == 72


def test_reasons_wait_for_the_user_and_each_is_shown_once(view, qtbot):
    from builder.ui.pool_view import HINT, NO_SESSION_HINT

    # Nothing done yet: a neutral hint, no red list (the greyed buttons still say why).
    assert view.reasons.text() == NO_SESSION_HINT
    assert "color" not in view.reasons.styleSheet()
    assert "no session has started" in view.spend_buttons[("fortune", "upgrade")].toolTip()
    ok("pool", "start", view.path_for_test, "--players", "3")
    view.reload()
    assert view.reasons.text() == HINT
    assert not view.spend_buttons[("fortune", "upgrade")].isEnabled()   # no check id yet

    # The user types: now the reasons, each distinct one once, naming what it greys.
    qtbot.keyClicks(view.check_id, "7")
    view.by.setEditText("Mira")
    heading, *lines = view.reasons.text().splitlines()
    assert heading == "Not possible now:"
    assert len(lines) == len(set(lines))
    peril = [line for line in lines if "only the GM or a Nemesis spends Peril Points" in line]
    assert peril == ["Mira is a player: only the GM or a Nemesis spends Peril Points "
                     "(Peril upgrade, Peril calamity, Peril complication)"]
    # they explain the greyed buttons: no error colour (red is for a refusal of a press)
    assert "color" not in view.reasons.styleSheet()
    # A reason every button shares is shown once, without a list of buttons.
    view.check_id.clear()
    lines = view.reasons.text().splitlines()[1:]
    assert len(lines) == 1 and "check id" in lines[0] and "(" not in lines[0]


def test_the_reasons_are_sentences_and_the_reaction_joins_them_when_its_talent_is_typed(
        view, qtbot):
    ok("pool", "start", view.path_for_test, "--players", "3")
    view.reload()
    qtbot.keyClicks(view.check_id, "7")
    view.by.setEditText("Mira")
    lines = view.reasons.text().splitlines()[1:]
    assert lines and all(line[:1].isupper() for line in lines)
    assert not any("talent" in line for line in lines)        # no reaction is under way
    assert not view.react_button.isEnabled()
    assert "talent" in view.react_button.toolTip()            # the button still says why
    view.react_spend.setCurrentText("peril")
    qtbot.keyClicks(view.talent, "Peril Turner")
    lines = view.reasons.text().splitlines()[1:]
    reaction = [line for line in lines if line.endswith("(Reaction)")]
    assert reaction and "none was made on check 7" in reaction[0]
    assert reaction[0][:1].isupper()


def test_the_session_log_wraps_long_lines_inside_the_pane(view, qtbot):
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtWidgets import QApplication

    view.resize(520, 900)
    view.show()
    qtbot.waitExposed(view)
    qtbot.mouseClick(view.start_button, Qt.LeftButton)
    view.by.setCurrentText("Mira")
    view.check_id.setText("3")
    qtbot.mouseClick(view.spend_buttons[("fortune", "upgrade")], Qt.LeftButton)
    QApplication.processEvents()
    log = view.log
    assert log.count() == 2
    width = log.viewport().width()
    fm = log.fontMetrics()
    line = log.item(1).text()
    assert fm.horizontalAdvance(line) > width                 # a line longer than the pane
    assert log.horizontalScrollBar().maximum() == 0
    for row in range(log.count()):
        rect = log.visualItemRect(log.item(row))
        assert rect.right() < width
        needed = fm.boundingRect(QRect(0, 0, rect.width() - 8, 10000), Qt.TextFlag.TextWordWrap,
                                 log.item(row).text()).height()
        assert rect.height() >= needed


def test_the_session_log_and_the_ledger_speak_in_sentences(view, qtbot):
    """The session log starts with a capital and counts players properly, in the one
    description the window, the command line and its JSON share."""
    from builder.rules import fortune_peril as fp
    from builder.app.campaign_words import entry_text
    from builder.storage.campaigns import load_campaign

    view.players.setValue(1)
    assert view.start_session()
    entry = ledger(view)[-1]
    assert view.log.item(view.log.count() - 1).text().startswith(
        "Session 1 started with 1 player: Fortune ")
    assert entry_text(load_campaign(view.path_for_test), entry) == \
        view.log.item(view.log.count() - 1).text()
    assert fp.describe(entry) == view.log.item(view.log.count() - 1).text()
    assert fp.describe({**entry, "players": 4, "name": "Harbour night"}).startswith(
        "Session 1 (Harbour night) started with 4 players: ")


def test_the_players_follow_the_members_until_a_session_or_a_hand_change(view, tmp_path):
    """1 Fortune Point per player: a new campaign's pool offers as many players as it
    has members (it offered 4 beside a party of one); a number typed by hand stays."""
    from tests.helpers import ok

    assert view.players.value() == 1                    # Mira alone
    joss = tmp_path / "joss.json"
    ok("new", "story-points", "Joss", "-o", joss, "--set", "sp=1")
    ok("campaign", "add", view.path_for_test, joss)
    view.reload()
    assert view.players.value() == 2
    view.players.setValue(5)                            # the table has a guest
    view.reload()
    assert view.players.value() == 5
    assert view.start_session()
    assert ledger(view)[-1]["players"] == 5


def test_an_empty_field_is_named_in_the_panes_words_and_the_command_lines_option():
    """The rules say which field is empty (a field, not a sentence to rewrite): the pane
    names it in its words, the command line by its option."""
    from builder.app import pool
    from builder.ui.pool_view import FIELD_WORDS

    for field, build in (("check", lambda: pool.spend_action("fortune", "upgrade", check=" ",
                                                              by="Mira")),
                         ("by", lambda: pool.spend_action("fortune", "upgrade", check="7",
                                                           by="")),
                         ("talent", lambda: pool.react_action(check="7", by="Mira", talent="")),
                         ("reason", lambda: pool.earn_action("fortune", ""))):
        with pytest.raises(pool.BlankField) as blank:
            build()
        assert blank.value.field == field and str(blank.value) == f"--{field} cannot be empty"
        assert FIELD_WORDS[field] not in str(blank.value)


def test_an_emptied_check_id_is_said_in_the_panes_words(table_of_four, qtbot):
    view = table_of_four
    view.start_session()
    qtbot.keyClicks(view.check_id, "7")
    view.check_id.clear()
    assert view.reasons.text().splitlines()[1:] == ["The check id cannot be empty"]
