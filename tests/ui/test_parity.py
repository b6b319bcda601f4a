"""The same operation through the command line and the window behaves the same
(builder.app is the one path): pool undo and the member guard, party XP all or
nothing without dropping the open tabs' undo history, one reading of enemies,
campaign creation and its member paths."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli, file_bytes, ok, undone_bytes
from tests.ui.conftest import make_character


def snapshot(*paths) -> dict:
    return {str(p): file_bytes(p) for p in paths}


@pytest.fixture
def party(isolated_data):
    nyra = make_character("Nyra", "sp=20", "vital.Agility=4", "skill.Acrobatics=3")
    joss = make_character("Joss", "sp=3", "vital.Perception=4", "skill.Observation=1")
    camp = Path(ok("campaign", "new", "Iron Coast", "--ruleset", "story-points",
                   "--member", nyra, "--member", joss).out.strip())
    return {"camp": camp, "nyra": nyra, "joss": joss}


def conflict(editor, path) -> None:
    """The file changes behind the open tab: the tab holds a version not on disk."""
    theirs = json.loads(Path(path).read_text())
    theirs["notes"] = "edited elsewhere"
    Path(path).write_text(json.dumps(theirs, indent=2))
    assert editor.doc.check_disk()


def test_pool_undo_goes_through_the_member_guard_like_the_campaign_undo(window, party):
    start = snapshot(party["nyra"], party["joss"])
    ok("campaign", "award", party["camp"], "resolve-milestone", "Fort")     # the CLI
    tab = window.documents.open_campaign(party["camp"])
    editor = window.documents.open_path(party["joss"])
    conflict(editor, party["joss"])
    before = snapshot(party["camp"], party["nyra"], party["joss"])
    assert not tab.pool_view.undo()
    assert "Joss" in tab.pool_view.message.text()
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
    assert not tab.undo_last()                       # the campaign's Undo says the same
    assert snapshot(party["camp"], party["nyra"], party["joss"]) == before
    # the tab takes the version on disk: the pool's Undo takes the award back,
    # exactly as `undo CAMPAIGN` does
    editor.doc.reload()
    ours = file_bytes(party["joss"])
    assert tab.pool_view.undo()
    assert undone_bytes(party["nyra"]) == start[str(party["nyra"])]
    assert json.loads(file_bytes(party["joss"]))["ledger"] == []
    assert ours != file_bytes(party["joss"])
    # and the other way round: the window awards, the command line undoes
    assert tab.party.party_award(["resolve-milestone", "Fort"])
    ok("undo", party["camp"])
    assert undone_bytes(party["nyra"]) == start[str(party["nyra"])]


def test_campaign_undo_from_the_command_line_needs_no_guard(party):
    ok("campaign", "award", party["camp"], "resolve-milestone", "Fort")
    assert ok("undo", party["camp"]).out.startswith("undone: award")
    result = cli("undo", party["camp"])
    assert result.code == 1 and "nothing to undo" in result.err


# -- party XP --------------------------------------------------------------------------------
GRETA = ["--set", "class=Warrior", "--set", "career=Mercenary", "--set", "Strength=12",
         "--set", "Toughness=13", "--set", "Agility=10", "--set", "Intelligence=9",
         "--set", "Willpower=8", "--set", "Leadership=11", "--set", "wounds_roll=5",
         "--set", "stamina_roll=3"]


def vogelfrei(name: str) -> Path:
    return Path(ok("new", "vogelfrei", name, *GRETA).out.strip())


def ledger(path: Path) -> list[dict]:
    return json.loads(path.read_text())["ledger"]


def party_dialog(editor, session="1", enemies="3", treasure="100"):
    dialog = editor.party_xp()
    dialog.session.setText(session)
    dialog.enemies.setText(enemies)
    dialog.treasure.setText(treasure)
    return dialog


def test_party_xp_keeps_the_open_tabs_undo_history_and_one_undo_takes_it_back(window, qtbot):
    anna, bert = vogelfrei("Anna"), vogelfrei("Bert")
    ed_anna, ed_bert = window.documents.open_path(anna), window.documents.open_path(bert)
    assert ed_anna.doc.apply_words(["damage-stamina", "1"])      # history before the award
    assert ed_anna.doc.undo_stack.count() == 1
    before = snapshot(anna, bert)
    dialog = party_dialog(ed_bert)
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.applied):
        dialog.ok.click()
    assert [ledger(anna)[-1]["xp"], ledger(bert)[-1]["xp"]] == [75, 75]
    # the tabs took their share on top of their history (nothing reloaded away)
    assert ed_anna.doc.undo_stack.count() == 2 and ed_bert.doc.undo_stack.count() == 1
    assert ed_anna.doc.derived()["xp"] == 75 and not ed_anna.doc.conflict
    # Ctrl+Z in Anna's tab takes the whole award back, from both files
    ed_anna.doc.undo_stack.undo()
    assert {str(p): undone_bytes(p) for p in (anna, bert)} == before
    assert ed_bert.doc.derived()["xp"] == 0 and ed_bert.doc.undo_stack.count() == 0
    assert ed_anna.doc.undo_stack.count() == 1            # her own change is still there
    ed_anna.doc.undo_stack.undo()
    assert ledger(anna) == []


def test_party_xp_is_all_or_nothing_and_asks_the_member_guard(window, qtbot):
    anna, bert = vogelfrei("Anna"), vogelfrei("Bert")
    ed_anna, ed_bert = window.documents.open_path(anna), window.documents.open_path(bert)
    conflict(ed_anna, anna)
    before = snapshot(anna, bert)
    dialog = party_dialog(ed_bert)
    assert dialog.ok.isEnabled()          # the check as you type reads the files ...
    dialog.ok.click()                      # ... the guard answers when it is written
    assert "Nothing was written" in dialog.reasons_label.text()
    assert "Anna" in dialog.reasons_label.text()
    assert snapshot(anna, bert) == before                   # Bert's share not written either
    dialog.reject()


def test_party_xp_reads_enemies_as_the_xp_command(window):
    anna = vogelfrei("Anna")
    editor = window.documents.open_path(anna)
    typed = "Ulf=the=Red=3 Ulf=the=Red=3 2 3*"
    dialog = party_dialog(editor, enemies=typed, treasure="hoard=500")
    expected = ok("xp", *typed.split(), "--treasure", "hoard=500", "--json").json()
    assert f"= {expected['total']} XP" in dialog.summary.text()
    assert "Counted once already: Ulf=the=Red" in dialog.summary.text()
    dialog.reject()


# -- campaign creation -------------------------------------------------------------------------
def test_campaign_creation_in_the_window_is_the_commands(window, party):
    view = window.campaigns.create_campaign("Salt Road", "story-points", [party["nyra"], party["joss"]])
    assert view is not None
    doc = json.loads(view.path.read_text())
    assert doc["members"] == ["../characters/Nyra.json", "../characters/Joss.json"]
    shown = ok("campaign", "show", view.path, "--json").json()
    assert [m["name"] for m in shown["member_details"]] == ["Nyra", "Joss"]
    # the same refusal as `campaign new`: a member of another ruleset, nothing written
    other = vogelfrei("Greta")
    files = sorted(view.path.parent.iterdir())
    assert window.campaigns.create_campaign("Bad", "story-points", [other]) is None
    assert sorted(view.path.parent.iterdir()) == files
    result = cli("campaign", "new", "Bad", "--ruleset", "story-points", "--member", other)
    assert result.code == 1 and "vogelfrei" in result.err
