"""A campaign tab's party actions: the party award, the Training Exchange and the
Vogelfrei XP award (:class:`XpAwardDialog`: enemies, treasure, survivors and partial
shares, via ``CampaignFile.xp_award``), each one group operation of
:mod:`builder.app.campaigns`, checked as you type with a dry run.

A mixin of :class:`builder.ui.campaign_view.CampaignView`.
"""
from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGridLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout)

from builder.rules.base import RulesError
from builder.ui.operations import Failure, run
from builder.ui.wording import NOTHING_TO_AWARD  # the Party XP dialog's words too

if TYPE_CHECKING:  # the campaign tab as its parts see it (builder.ui.campaign_host)
    from PySide6.QtWidgets import QWidget

    from builder.app.outcome import Outcome
    from builder.ui.campaign_host import CampaignHost
else:
    CampaignHost = object


class PartyActions(CampaignHost):
    """Group operations and their dialogs (award, exchange, XP)."""

    # -- the core, dry and for real ----------------------------------------------------------
    def dry_run(self, op: Callable[[Path], Outcome]) -> list[str]:
        """The reasons the operation ``op(path)`` gives in a dry run; nothing written."""
        from builder.ui.operations import attempt

        result = attempt(lambda: op(self.path))
        return result.reasons if isinstance(result, Failure) else []

    def _group(self, what: str, op: Callable[..., Outcome]) -> bool:
        """Run a group operation (``op(path, guard=...)``) and broadcast what it wrote."""
        from builder.app import campaigns

        guard = self.member_guard
        outcome = None

        def undo():
            return campaigns.undo(self.path, guard=guard,
                                  expected=outcome.entry if outcome else None)

        result = run(lambda: op(self.path, guard=guard), None)
        if isinstance(result, Failure):
            title = (f"{what}: nothing was written." if result.code != "rules"
                     else f"{what} refused (no file was changed):")
            self.show_refusal(title, result.reasons)
            self.reload()
            return False
        outcome = result
        self.reload()
        self.show_done(result.summary)
        self.broadcast.announce(result, undo)   # this tab reads again too
        self.changed.emit()
        return True

    def party_award(self, words: list[str]) -> bool:
        from builder.app import campaigns

        return self._group("Party award", lambda p, **kw: campaigns.award(p, words, **kw))

    def preview_award(self, words: list[str]) -> list[str]:
        from builder.app import campaigns

        return self.dry_run(lambda p: campaigns.award(p, words, dry_run=True))

    def exchange(self, member_a: str, words_a: list, member_b: str, words_b: list) -> bool:
        from builder.app import campaigns

        return self._group("Training Exchange", lambda p, **kw: campaigns.exchange(
            p, member_a, words_a, member_b, words_b, **kw))

    def preview_exchange(self, member_a: str, words_a: list, member_b: str,
                         words_b: list) -> list[str]:
        from builder.app import campaigns

        return self.dry_run(lambda p: campaigns.exchange(p, member_a, words_a, member_b,
                                                         words_b, dry_run=True))

    def _xp_spec(self, hit_dice, session, treasure, survivors, shares):
        from builder.app import campaigns

        return campaigns.XpAward(hit_dice=tuple(hit_dice), session=session,
                                 treasure=treasure, survivors=tuple(survivors),
                                 shares=tuple(shares))

    def xp_award(self, hit_dice: Sequence, *, session: str, treasure: int = 0,
                 survivors: Sequence = (), shares: Sequence = ()) -> bool:
        from builder.app import campaigns

        spec = self._xp_spec(hit_dice, session, treasure, survivors, shares)
        return self._group("XP award", lambda p, **kw: campaigns.award_xp(p, spec, **kw))

    def preview_xp(self, hit_dice: Sequence, *, session: str, treasure: int = 0,
                   survivors: Sequence = (), shares: Sequence = ()
                   ) -> tuple[list[str], dict | None]:
        """(reasons, the entry the award would log) — a dry run."""
        from builder.app import campaigns
        from builder.ui.operations import attempt

        spec = self._xp_spec(hit_dice, session, treasure, survivors, shares)
        result = attempt(lambda: campaigns.award_xp(self.path, spec, dry_run=True))
        if isinstance(result, Failure):
            return result.reasons, None
        return [], result.entry

    # -- dialogs ------------------------------------------------------------------------------
    def _milestones(self) -> list[str]:
        names = []
        for _given, cf in self.member_files():
            try:
                milestones = cf.derived().get("milestones", {})
            except RulesError:
                continue
            for name, info in milestones.items():
                if name not in names and not info.get("resolved"):
                    names.append(name)
        return names

    def open_award_dialog(self) -> None:
        from builder.ui.dialogs.campaign_award import PartyAwardDialog

        names = [cf.name for _g, cf in self.member_files()]
        dialog = PartyAwardDialog(self.name, names, self._milestones(), self.preview_award,
                                  parent=self)
        dialog.chosen.connect(self.party_award)
        dialog.open()
        self.dialog = dialog

    def open_exchange_dialog(self) -> None:
        from builder.ui.dialogs.campaign_exchange import TrainingExchangeDialog

        dialog = TrainingExchangeDialog(self.name, self.member_files(), self.preview_exchange,
                                        parent=self)
        dialog.chosen.connect(self.exchange)
        dialog.open()
        self.dialog = dialog

    def open_xp_dialog(self) -> None:
        done = sum(1 for e in (self.campaign.ledger if self.campaign else [])
                   if e.get("action") == "xp")
        dialog = XpAwardDialog(self.name, [(g, cf.name) for g, cf in self.member_files()],
                               self.preview_xp, session=str(done + 1), parent=self)
        dialog.chosen.connect(lambda hd, kw: self.xp_award(hd, **kw))
        dialog.open()
        self.dialog = dialog


SHARES = ["1", "1/2", "1/3", "2/3", "1/4", "3/4"]
#: What an XP dialog says while nothing has been won yet: the next step, not a refusal
#: (it said "• nothing to award yet: ..." before anything was typed).
XP_PROMPT = "Enter the defeated enemies' Hit Dice or the treasure brought back."


def reasons_text(reasons: list[str]) -> str:
    """The reasons as bullets; the prompt alone when nothing was won yet."""
    if reasons == [NOTHING_TO_AWARD]:
        return XP_PROMPT
    return "\n".join(f"• {r}" for r in reasons)


class XpAwardDialog(QDialog):
    """Vogelfrei: a session's XP (defeated enemies + treasure) shared among the surviving
    members, partial shares for partial presence — ``CampaignFile.xp_award``.

    The total and every member's share are the core's dry run, shown as you type."""

    #: (hit dice list, {"session", "treasure", "survivors", "shares"})
    chosen = Signal(object, object)  # hit dice (list), the award's keyword arguments (dict)

    def __init__(self, campaign_name: str, members: list,
                 preview: Callable[..., tuple[list[str], dict | None]], session: str = "1",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("xpAwardDialog")
        self.setWindowTitle(f"XP award — {campaign_name}")
        self.members = members  # [(stored path, name)]
        self.preview = preview
        self.enemies = QLineEdit(self)
        self.enemies.setObjectName("xpEnemies")
        self.enemies.setAccessibleName("Defeated enemies' Hit Dice")
        self.enemies.setPlaceholderText("one HD per enemy: 3  3*  L2  <1  bandit=2")
        self.enemies.setToolTip("3* = special abilities (one HD more); L2 = a classed "
                                "character of level 2; a name before the Hit Dice (bandit=2) "
                                "counts an enemy that fled and came back once")
        self.treasure = QSpinBox(self)
        self.treasure.setObjectName("xpTreasure")
        self.treasure.setAccessibleName("Treasure brought back, in silver pieces")
        self.treasure.setRange(0, 10_000_000)
        self.treasure.setSuffix(" sp")
        self.session = QLineEdit(session, self)
        self.session.setObjectName("xpSession")
        self.session.setAccessibleName("Session")

        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Member</b>", self), 0, 0)
        grid.addWidget(QLabel("<b>Share</b>", self), 0, 1)
        grid.addWidget(QLabel("<b>XP</b>", self), 0, 2)
        self.checks: list[QCheckBox] = []
        self.fractions: list[QComboBox] = []
        self.results: list[QLabel] = []
        for row, (_given, name) in enumerate(members, start=1):
            check = QCheckBox(f"{name} survived", self)
            check.setChecked(True)
            fraction = QComboBox(self)
            fraction.setEditable(True)
            fraction.addItems(SHARES)
            fraction.setAccessibleName(f"{name}'s share (1 = present throughout)")
            result = QLabel("", self)
            grid.addWidget(check, row, 0)
            grid.addWidget(fraction, row, 1)
            grid.addWidget(result, row, 2)
            check.toggled.connect(self.validate)
            fraction.currentTextChanged.connect(self.validate)
            self.checks.append(check)
            self.fractions.append(fraction)
            self.results.append(result)

        self.summary = QLabel(self)
        self.summary.setObjectName("xpSummary")
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Award XP", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("xpOk")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Defeated &enemies (HD):", self.enemies)
        form.addRow("&Treasure:", self.treasure)
        form.addRow("&Session:", self.session)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(grid)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.enemies.textChanged.connect(self.validate)
        self.treasure.valueChanged.connect(self.validate)
        self.session.textChanged.connect(self.validate)
        self.validate()
        self.resize(520, 380)

    def set_member(self, index: int, survived: bool = True, share: str = "1") -> None:
        self.checks[index].setChecked(survived)
        self.fractions[index].setCurrentText(share)

    def arguments(self) -> tuple[list, dict]:
        try:
            hit_dice = shlex.split(self.enemies.text().replace(",", " "))
        except ValueError:
            hit_dice = self.enemies.text().replace(",", " ").split()
        survivors, shares = [], []
        for (given, _name), check, fraction in zip(self.members, self.checks, self.fractions):
            if not check.isChecked():
                continue
            survivors.append(given)
            part = fraction.currentText().strip()
            if part and part != "1":
                shares.append(f"{given}={part}")
        return hit_dice, {"session": self.session.text().strip(),
                          "treasure": self.treasure.value(),
                          "survivors": survivors, "shares": shares}

    def validate(self, *_: object) -> bool:
        hit_dice, kwargs = self.arguments()
        for label in self.results:
            label.setText("")
        if not kwargs["survivors"]:
            reasons, entry = ["nobody survived to share the XP: tick at least one member"], None
        else:
            reasons, entry = self.preview(hit_dice, **kwargs)
        if entry is not None and not entry["total"]:
            reasons, entry = [NOTHING_TO_AWARD], None     # Award would log "Greta 0"
        elif entry is not None and not any(m["xp"] for m in entry["members"]):
            reasons, entry = [f"nothing to award: {entry['total']} XP shared among "
                              f"{len(entry['members'])} survivors is 0 XP each"], None
        if entry is not None:
            got = {m["path"]: m["xp"] for m in entry["members"]}
            for (given, _name), label in zip(self.members, self.results):
                if given in got:
                    label.setText(f"{got[given]} XP")
            self.summary.setText(f"✔ {entry['enemy_xp']} XP from enemies + "
                                 f"{entry['treasure_xp']} XP from treasure = "
                                 f"{entry['total']} XP, written to every survivor together "
                                 f"(each member's one-session cap applies).")
        else:
            self.summary.setText(reasons_text(reasons))
        self.ok.setEnabled(entry is not None)
        return entry is not None

    def _accept(self) -> None:
        if not self.validate():
            return
        hit_dice, kwargs = self.arguments()
        self.chosen.emit(hit_dice, kwargs)
        self.accept()
