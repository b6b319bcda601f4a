"""The campaign's party award dialog offers the Story Milestones still open in its
members' files: the dialog reads them, the shared campaign tab only hands it the members."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel

from builder.app.types import RulesError


class Member:
    """What the party award dialog reads of a campaign member."""

    def __init__(self, name, milestones=None):
        self.name = name
        self.milestones = milestones

    def derived(self):
        if self.milestones is None:
            raise RulesError("the rules cannot read this file")
        return {"milestones": self.milestones}


def test_the_open_milestones_of_the_readable_members_each_once_in_order(qtbot):
    from builder.rulesets.story_points.ui.party_award import PartyAwardDialog

    members = [("a.json", Member("Nyra", {"Bell": {"resolved": True},
                                          "Fort": {"resolved": False}})),
               ("b.json", Member("Odd")),
               ("c.json", Member("Joss", {"Fort": {"resolved": True},
                                          "Tower": {"resolved": False}}))]
    dialog = PartyAwardDialog("Iron Coast", members, lambda _words: [])
    qtbot.addWidget(dialog)
    # every member gets the award, also one whose Milestones cannot be read
    assert "For every member: Nyra, Odd, Joss" in [label.text() for label
                                                    in dialog.findChildren(QLabel)]
    offered = [dialog.milestone.itemText(i) for i in range(dialog.milestone.count())]
    assert offered == ["Fort", "Tower"] and dialog.milestone.currentText() == "Fort"
    assert dialog.open_milestones == ["Fort", "Tower"]
    dialog.milestone.setCurrentText("Keep")
    dialog.checkpoint.setText("Gate")
    assert dialog.reasons.text().endswith("“Keep” is a new Story Milestone "
                                          "(open now: Fort, Tower).")


def test_no_members_offer_nothing_and_ask_for_the_milestone(qtbot):
    from builder.rulesets.story_points.ui.party_award import PartyAwardDialog

    dialog = PartyAwardDialog("Iron Coast", [], lambda _words: [])
    qtbot.addWidget(dialog)
    assert dialog.milestone.count() == 0
    assert dialog.reasons.text() == "Choose or type the Story Milestone."
