"""Vogelfrei's party XP dialog in a campaign tab: survivors and partial shares, one undo,
the next session by default with a preview of what each member keeps, and nothing to
award before anything is typed (no command words, no empty award)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.helpers import file_bytes, ok, undone_bytes


@pytest.fixture
def raid(isolated_data):
    folder = isolated_data / "characters"
    paths = {}
    for seed, name in enumerate(["Ulf", "Brenna", "Kai"]):
        paths[name] = folder / f"{name.lower()}.json"
        ok("new", "vogelfrei", name, "-o", paths[name], "--seed", seed + 3)
    paths["camp"] = Path(ok("campaign", "new", "Raid", "--ruleset", "vogelfrei",
                            *sum((["--member", paths[n]] for n in ("Ulf", "Brenna", "Kai")),
                                 [])).out.strip())
    return paths


def xp(path) -> int:
    return ok("show", path, "--json").json()["xp"]


def test_vogelfrei_xp_award_dialog_with_survivors_and_partial_shares(window, raid, qtbot):
    from builder.rulesets.vogelfrei.ui.party_xp import PartyXpDialog

    view = window.documents.open_campaign(raid["camp"])
    assert view.xp_button.isVisibleTo(view) and not view.exchange_button.isVisibleTo(view)
    view.xp_button.click()
    dialog = view.dialog
    assert isinstance(dialog, PartyXpDialog)          # the one Party XP dialog
    assert dialog.source.currentData() == str(raid["camp"])
    assert [d.name for d in dialog.docs] == ["Ulf", "Brenna", "Kai"]
    assert dialog.session.text() == "1"               # nobody has played a session yet
    dialog.treasure.setText("300")
    dialog.part_boxes[1].setCurrentText("1/2")        # Brenna: present for half of it
    dialog.table.item(2, 0).setCheckState(Qt.CheckState.Unchecked)   # Kai did not survive
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    assert "= 300 XP" in dialog.summary.text()
    assert [dialog.table.item(r, 2).text() for r in range(3)] == ["200 XP", "100 XP", ""]
    before = {n: file_bytes(raid[n]) for n in ("Ulf", "Brenna", "Kai")}
    with qtbot.waitSignal(view.status) as status:
        dialog.ok.click()
    assert status.args[0] == "Party XP written: Ulf gained 200 XP; Brenna gained 100 XP"
    assert (xp(raid["Ulf"]), xp(raid["Brenna"]), xp(raid["Kai"])) == (200, 100, 0)
    assert file_bytes(raid["Kai"]) == before["Kai"]
    assert "XP for session 1" in view.ledger_model.index(0, 1).data()
    # a bad HD is the core's reason, shown before anything is written
    view.xp_button.click()
    dialog = view.dialog
    assert dialog.session.text() == "2"               # the session after their latest
    dialog.enemies.setText("banana")
    assert not dialog.ok.isEnabled() and "banana" in dialog.reasons_label.text()
    dialog.reject()
    window.action("undo").trigger()
    assert {n: undone_bytes(raid[n]) for n in ("Ulf", "Brenna", "Kai")} == before


def test_party_xp_defaults_to_the_next_session_and_previews_what_the_award_writes(
        window, raid, qtbot):
    """Members in session 3: the award defaults to session 4, each member's kept and
    lost XP is the dry run's (the numbers written); an earlier session is warned about."""
    cap = ok("show", raid["Ulf"], "--json").json()["session_cap"]
    ok("do", raid["Ulf"], "award-xp", str(cap - 100), "--session", "3")   # 100 left in 3
    ok("do", raid["Brenna"], "award-xp", "100", "--session", "3")
    view = window.documents.open_campaign(raid["camp"])
    view.xp_button.click()
    dialog = view.dialog
    assert dialog.session.text() == "4"
    dialog.treasure.setText("900")                    # 300 each
    assert dialog.ok.isEnabled() and dialog.reasons_label.text() == "✔ Ready to write each share."
    assert [dialog.table.item(r, 3).text() for r in (1, 2)] == ["300 XP"] * 2
    dialog.session.setText("3")                       # the session they already played
    kept = [dialog.table.item(r, 3).text() for r in range(3)]
    assert kept[0] == "100 XP (200 lost to the session cap)", kept
    assert dialog.ok.isEnabled() and "⚠" not in dialog.reasons_label.text()
    dialog.session.setText("1")                       # earlier than Ulf's and Brenna's latest
    warning = dialog.reasons_label.text()
    assert "⚠ Ulf's latest session is 3: session 1 is an earlier one" in warning
    assert "Brenna's latest session is 3" in warning and "Kai" not in warning
    dialog.session.setText("3")
    with qtbot.waitSignal(view.status) as status:
        dialog.ok.click()
    entries = [json.loads(file_bytes(raid[n]))["ledger"][-1] for n in ("Ulf", "Brenna", "Kai")]
    written = [f"{e['gained']} XP" + (f" ({e['lost']} lost to the session cap)" if e["lost"]
                                      else "") for e in entries]
    assert written == kept                            # the preview was what got written
    assert status.args[0] == ("Party XP written: Ulf gained 100 XP (200 lost to the "
                              "session cap); Brenna gained 300 XP; Kai gained 300 XP")


def test_a_vogelfrei_campaign_offers_no_command_words_and_no_empty_xp_award(window, qtbot):
    from builder.rulesets.vogelfrei.ui.party_xp import XP_PROMPT
    from tests.rulesets.vogelfrei.ui.test_vogelfrei_ui import make

    greta = make("Greta")
    camp = ok("campaign", "new", "Raid", "--ruleset", "vogelfrei", "--member", str(greta))
    view = window.documents.open_campaign(camp.out.strip())
    # Vogelfrei shares XP with its own dialog; its party award had only "Other action
    # (its words)" with a command-line example to type
    assert not view.award_button.isVisibleTo(view) and view.xp_button.isVisibleTo(view)
    before = xp(greta)
    view.xp_button.click()
    dialog = view.dialog
    assert dialog.enemies.text() == "" and dialog.treasure.text() == ""
    assert not dialog.ok.isEnabled()                      # it wrote "XP ...: Greta 0"
    # what to enter next, as a prompt (it said "• nothing to award yet" before any typing)
    assert dialog.reasons_label.text() == XP_PROMPT
    dialog.treasure.setText("300")
    assert dialog.ok.isEnabled(), dialog.summary.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    assert xp(greta) == before + 300
