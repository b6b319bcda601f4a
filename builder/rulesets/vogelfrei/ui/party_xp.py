"""Vogelfrei: the one Party XP dialog — a session's XP for the party, defeated enemies
by Hit Dice and treasure brought back, shared among the survivors (partial shares
for partial presence), each share written to its character as
``award-xp N --session S``.  The editor opens it over the open characters, a
campaign tab over the campaign's members (the ruleset declares it as its
``party-xp`` dialog).

The session defaults to the one after the latest any participant played; each
survivor's share and what the session cap keeps of it are the dry run's
(:class:`builder.app.party.PartyAward`), the same numbers the award then writes;
a session earlier than a survivor's latest is warned about; the report after
writing says what each one gained.

The arithmetic is the ruleset's party XP capability (``Ruleset.party_xp``, the
same functions and the same reading of what is typed as the ``xp`` and
``campaign xp`` commands).  Applying is one application-layer operation, all or
nothing: :func:`builder.app.characters.party_xp` over the open characters, or
:func:`builder.app.campaigns.award_xp` over a campaign's members.  Either way the
member guard refuses, writing nothing, while an open tab holds an unsaved change
to one of the files; what was written goes out on the window's "files changed"
broadcast, and the open tabs take their share without losing their undo
history (each tab's Undo takes the whole award back).  The check as you type is
a dry run of the same operation.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol, Sequence, cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHeaderView, QLabel, QLineEdit, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from builder.ui.wording import count


if TYPE_CHECKING:
    from builder.app.outcome import Guard, Outcome
    from builder.app.types import Action, CampaignView, CharacterView, Ruleset, ShareView
    from builder.rules.party import PartyTally, PartyXpRules

PARTS = ["1", "3/4", "2/3", "1/2", "1/3", "1/4"]
#: Why Award is greyed while the enemies and the treasure come to no XP.
NOTHING_TO_AWARD = ("nothing to award yet: enter the defeated enemies' Hit Dice or the "
                    "treasure brought back")
#: What the dialog says while nothing has been won yet: the next step, not a refusal.
XP_PROMPT = "Enter the defeated enemies' Hit Dice or the treasure brought back."
COL_NAME, COL_PART, COL_SHARE, COL_GAIN = range(4)


class Participant(Protocol):
    """What the dialog reads of a participant: an open character's document
    (:class:`builder.ui.document.CharacterDocument`) or a campaign's member
    (:class:`CampaignMember`)."""

    @property
    def name(self) -> str: ...

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def read_only(self) -> str | None: ...

    @property
    def path(self) -> Path | None: ...

    @property
    def cf(self) -> CharacterView: ...


class CampaignMember:
    """A campaign member file, read-only here, with what the dialog asks of a document."""

    def __init__(self, given: str, cf: CharacterView) -> None:
        self.given, self.cf = given, cf

    @property
    def name(self) -> str:
        return self.cf.name

    @property
    def ruleset(self) -> Ruleset:
        return self.cf.ruleset

    @property
    def read_only(self) -> str | None:
        return self.cf.read_only

    @property
    def path(self) -> Path | None:
        return self.cf.path

    def parse(self, words: Sequence[str]) -> Action:
        return self.cf.ruleset.parse_action(words)


def vogelfrei_campaigns() -> list[tuple[str, Path]]:
    """(name, path) of the Vogelfrei campaigns in the library."""
    from builder.app import queries

    found = []
    for path in queries.campaign_files():
        try:
            campaign = queries.campaign(path)
        except Exception:  # noqa: BLE001 - an unreadable file is simply not offered
            continue
        if _has_party_xp(campaign.ruleset_id) and not campaign.read_only:
            found.append((campaign.name, path))
    return found


def _has_party_xp(ruleset_id: str) -> bool:
    from builder.app.types import RulesError
    from builder.app.queries import ruleset as load_ruleset

    try:
        return load_ruleset(ruleset_id).capabilities.party_xp
    except (RulesError, OSError, ValueError):
        return False


class PartyXpDialog(QDialog):
    applied = Signal(object)  # {character name: XP share written}
    #: After applying: what happened, in plain words (:func:`award_report`).
    reported = Signal(str)

    def __init__(self, docs: Sequence[Participant], current: Participant | None = None,
                 parent: QWidget | None = None, campaign: Path | str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("partyXpDialog")
        self.setWindowTitle("Party XP for a session")
        self.resize(640, 560)
        self.open_docs: list[Participant] = list(docs)
        self.docs: list[Participant] = list(docs)  # the participants shown (characters or members)
        self.campaign: CampaignView | None = None
        ruleset = _ruleset_of(docs, current, campaign)
        assert ruleset is not None, "a participant, the current character or a campaign"
        self.ruleset = ruleset
        self.data = self.ruleset.data
        self.outcome: Outcome | None = None   # the last dry run (or the award written)
        #: Everything but the XP is filled in (the dialog says the next step, no refusal).
        self.xp_still_missing = False

        self.session = QLineEdit(self._default_session(), self)
        self.session.setObjectName("sessionEdit")
        self.session.setAccessibleName("Session")
        self.session.setPlaceholderText("the session's name or number")
        self.enemies = QLineEdit(self)
        self.enemies.setObjectName("enemiesEdit")
        self.enemies.setAccessibleName("Defeated enemies' Hit Dice")
        self.enemies.setPlaceholderText("Hit Dice of each enemy, e.g. 3  3*  L2  <1  chief=4")
        self.enemies.setToolTip("One entry per defeated enemy: its Hit Dice 3, 3* (special "
                                "abilities: one HD more), L2 (a level 2 classed character), "
                                "<1. A name before the Hit Dice (chief=4): an enemy that fled "
                                "and came back counts once.")
        counts = dict(self.data.get("treasure_counts", {}))
        does_not = dict(self.data.get("treasure_does_not_count", {}))
        self.treasure = QLineEdit(self)
        self.treasure.setObjectName("treasureEdit")
        self.treasure.setAccessibleName("Treasure in silver pieces")
        self.treasure.setPlaceholderText("silver pieces, e.g. 1000  hoard=500")
        self.treasure.setToolTip("Silver pieces brought back; a kind before the amount "
                                 "(hoard=500) says what it was.\nCounts: " + ", ".join(counts)
                                 + "\nDoes not count: " + ", ".join(does_not))
        self.secure = QCheckBox("The treasure is back at a secure location", self)
        self.secure.setObjectName("secureCheck")
        self.secure.setChecked(True)

        self.source = QComboBox(self)
        self.source.setObjectName("sourceCombo")
        self.source.setAccessibleName("Share among")
        self.source.addItem("The open Vogelfrei characters", None)
        for name, path in vogelfrei_campaigns():
            self.source.addItem(f"Campaign: {name} (its members' files)", str(path))
        self.source.setToolTip("A campaign writes every share at once, all or nothing, and "
                               "records the session in its own ledger (as `campaign xp`)")

        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("participantsTable")
        self.table.setAccessibleName("Surviving participants and their shares")
        self.table.setHorizontalHeaderLabels(["Survivor (shares)", "Part of the adventure",
                                              "Share", "Kept after the session cap"])
        self.table.verticalHeader().hide()
        self.part_boxes: list[QComboBox] = []
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.itemChanged.connect(self.validate)
        self._fill_table()

        self.summary = QLabel(self)
        self.summary.setObjectName("xpSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons_label = QLabel(self)
        self.reasons_label.setObjectName("reasonsLabel")
        self.reasons_label.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Award shares", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("okButton")
        self.buttons.accepted.connect(self._apply)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Share a&mong:", self.source)
        form.addRow("&Session:", self.session)
        form.addRow("Defeated &enemies (HD):", self.enemies)
        form.addRow("&Treasure (sp):", self.treasure)
        form.addRow("", self.secure)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        for edit in (self.session, self.enemies, self.treasure):
            edit.textChanged.connect(self.validate)
        self.secure.toggled.connect(self.validate)
        self.source.currentIndexChanged.connect(self._source_changed)
        if campaign is not None:
            self.choose_campaign(campaign)
        self.validate()

    def choose_campaign(self, path: Path | str) -> None:
        """Share among this campaign's members (added to the choices when the library
        does not hold it)."""
        index = self.source.findData(str(path))
        if index < 0:
            from builder.app import campaigns

            try:
                name = campaigns.load(path).name
            except Exception:  # noqa: BLE001 - FileProblem and friends: said on choosing
                name = Path(path).stem
            self.source.addItem(f"Campaign: {name} (its members' files)", str(path))
            index = self.source.count() - 1
        self.source.setCurrentIndex(index)
        if index == 0:
            self._source_changed()

    def _default_session(self) -> str:
        """The session after the latest any participant played."""
        from builder.app.party import default_session

        files = [d.cf for d in self.docs if getattr(d, "cf", None) is not None]
        try:
            return default_session(files)
        except Exception:  # noqa: BLE001 - a ledger the rules refuse: no default
            return ""

    def _fill_table(self) -> None:
        blocker = self.table.blockSignals(True)
        self.table.setRowCount(0)
        self.part_boxes = []
        self.table.setRowCount(len(self.docs))
        for row, doc in enumerate(self.docs):
            name = QTableWidgetItem(doc.name)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            name.setCheckState(Qt.CheckState.Checked)
            name.setToolTip("Untick a character who died or was not there")
            self.table.setItem(row, COL_NAME, name)
            part = QComboBox(self.table)
            part.setEditable(True)
            part.addItems(PARTS)
            part.setAccessibleName(f"{doc.name}'s part of the adventure")
            part.currentTextChanged.connect(self.validate)
            self.table.setCellWidget(row, COL_PART, part)
            self.part_boxes.append(part)
            for col in (COL_SHARE, COL_GAIN):
                item = QTableWidgetItem("")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(row, col, item)
        self.table.blockSignals(blocker)

    def _source_changed(self, *_: object) -> None:
        from builder.app import queries

        path = self.source.currentData()
        self.campaign = None
        problems = []
        if path is None:
            self.docs = list(self.open_docs)
        else:
            self.docs = []
            try:
                campaign = self.campaign = queries.writable_campaign(path)
                for given in campaign.members:
                    self.docs.append(CampaignMember(given, campaign.load_member(given)))
            except Exception as problem:  # noqa: BLE001 - FileProblem and friends: say it
                problems.append(str(problem))
                self.campaign, self.docs = None, []
        self._fill_table()
        self.session.setText(self._default_session())
        self.validate()
        if problems:
            self.ok.setEnabled(False)
            self.reasons_label.setText("\n".join(f"• {p}" for p in problems))

    # -- the arithmetic (the ruleset's party XP capability) ----------------------------
    def participants(self) -> dict[int, str]:
        """{row: part} for the ticked survivors."""
        return {row: self.part_boxes[row].currentText().strip()
                for row in range(len(self.docs)) if self._ticked(row)}

    def _ticked(self, row: int) -> bool:
        item = self.table.item(row, COL_NAME)
        return item is not None and item.checkState() == Qt.CheckState.Checked

    def compute(self) -> PartyTally:
        """The tally with the shares by row number (as text); raises RulesError
        (UsageError / Refusal) with the first of :meth:`input_problems`."""
        parts = self.participants()
        return self._party_xp().tally(self.data, [self.enemies.text()], [self.treasure.text()],
                                      self.secure.isChecked(),
                                      {str(row): part for row, part in parts.items()})

    def input_problems(self) -> list[str]:
        """Every problem of the enemies, the treasure and the parts typed, each once in
        the order of the fields (the rules' own reading, as the tally's)."""
        parts = self.participants()
        return self._party_xp().problems(
            self.data, [self.enemies.text()], [self.treasure.text()], self.secure.isChecked(),
            {str(row): part for row, part in parts.items()},
            names={str(row): self.docs[row].name for row in parts})

    def _party_xp(self) -> PartyXpRules:
        party_xp = self.ruleset.party_xp
        assert party_xp is not None, "the dialog of the party XP capability"
        return party_xp

    def words_for(self, share: int) -> list[str]:
        return self._party_xp().share_words(share, self.session.text())

    def _operation(self, dry_run: bool
                   ) -> tuple[Callable[[], Outcome], Callable[[], Outcome] | None]:
        """The award as one application-layer call (a dry run while typing)."""
        from builder.app import campaigns, characters

        guard = None if dry_run else self._guard()
        parts = self.participants()
        if self.campaign is not None:
            rows = list(parts)
            award = campaigns.XpAward(
                enemies=(self.enemies.text(),), session=self.session.text(),
                treasure=(self.treasure.text(),),
                survivors=tuple(self._given(row) for row in rows),
                shares=tuple(f"{self._given(row)}={parts[row]}" for row in rows
                             if parts[row] != "1"),
                secure=self.secure.isChecked())
            path = cast(Path, self.campaign.path)   # read from its file: it has one
            undo_guard = self._guard()    # Undo may come after this dialog is gone
            return (lambda: campaigns.award_xp(path, award, guard=guard, dry_run=dry_run),
                    lambda: campaigns.undo(path, guard=undo_guard))
        party = characters.PartyXp(
            parts={self._file(row): part for row, part in parts.items()},
            session=self.session.text(), enemies=(self.enemies.text(),),
            treasure=(self.treasure.text(),), secure=self.secure.isChecked())
        return (lambda: characters.party_xp(party, guard=guard, dry_run=dry_run), None)

    def _given(self, row: int) -> str:
        """The member on ``row`` as its campaign stores it (a campaign's participants
        are its members)."""
        doc = self.docs[row]
        assert isinstance(doc, CampaignMember), "a campaign's participant"
        return doc.given

    def _file(self, row: int) -> Path:
        """The file of the participant on ``row`` (every participant was read from one)."""
        path = self.docs[row].path
        assert path is not None, "a participant with a file"
        return path

    def _guard(self) -> Guard | None:
        from builder.ui.operations import dialog_guard

        return dialog_guard(self)

    def problems(self) -> tuple[list[str], PartyTally | None]:
        """Every reason the award cannot be written yet, each once, in the order of
        the fields (the session, the enemies, the treasure, the survivors), and the
        tally when what is typed reads."""
        from builder.app.types import Refusal, RulesError
        from builder.ui.operations import Failure, attempt

        self.outcome = None
        self.xp_still_missing = False
        reasons: list[str] = []
        if not self.session.text().strip():
            reasons.append("name the session the XP was earned in")
        typed = self.input_problems()
        reasons += typed
        parts = self.participants()
        if not parts:
            reasons.append("tick at least one surviving participant")
        for row in parts:
            doc = self.docs[row]
            if doc.read_only:
                reasons.append(f"{doc.name}: {doc.read_only}")
        if typed:
            return reasons, None
        try:
            tally = self.compute()
        except RulesError as problem:   # the tally refuses only what the problems say
            found = problem.reasons if isinstance(problem, Refusal) else [str(problem)]
            return reasons + [r for r in found if r not in reasons], None
        nothing_yet = bool(tally.shares and not tally.total)
        if nothing_yet:
            reasons.append(NOTHING_TO_AWARD)
        elif tally.shares and not any(xp for _row, xp in tally.shares):
            reasons.append(f"nothing to award: {tally.total} XP shared among "
                           f"{len(tally.shares)} survivors is 0 XP each")
        if not reasons:
            dry, _undo = self._operation(dry_run=True)
            outcome = attempt(dry)
            if isinstance(outcome, Failure):
                reasons += outcome.reasons
            else:
                self.outcome = outcome
        # everything but the XP is filled in: the dialog says the next step
        self.xp_still_missing = nothing_yet and len(reasons) == 1
        return reasons, tally

    def shares_by_row(self) -> dict[int, ShareView]:
        """Each survivor's share and what the session cap keeps of it, from the dry run:
        the numbers the award writes."""
        award = self.outcome.award if self.outcome is not None else None
        if award is None:
            return {}
        rows = {str(doc.path): row for row, doc in enumerate(self.docs)}
        return {rows[str(s.member.cf.path)]: s for s in award.shares
                if str(s.member.cf.path) in rows}

    def validate(self, *_: object) -> bool:
        reasons, tally = self.problems()
        shares = self.shares_by_row()
        tallied = dict(tally.shares) if tally is not None else {}
        for row in range(len(self.docs)):
            share_item = self.table.item(row, COL_SHARE)
            gain_item = self.table.item(row, COL_GAIN)
            if share_item is None or gain_item is None:
                continue
            share = shares.get(row)     # the dry run's, else the tally's while refused
            xp = share.xp if share is not None else tallied.get(str(row))
            share_item.setText("" if xp is None else f"{xp} XP")
            gain_item.setText("" if share is None else _kept(share))
        if tally is not None:
            lines = [f"Enemies {tally.enemy_xp} XP + treasure {tally.treasure_xp} XP "
                     f"= {tally.total} XP"]
            if tally.counted:
                lines.append("Enemies: " + ", ".join(
                    (f"{c.hd}" if c.enemy.startswith("#") else f"{c.enemy} ({c.hd})")
                    + f" → {c.xp}" for c in tally.counted))
            if tally.repeated:
                lines.append("Counted once already: " + ", ".join(
                    c.enemy for c in tally.repeated))
            if tally.shares:
                weight = sum(Fraction(p) for p in self.participants().values()
                             if self._is_fraction(p))
                lines.append(f"Shared among {count(len(tally.shares), 'survivor')}: "
                             f"{float(weight):g} full share{'' if float(weight) == 1 else 's'}")
            self.summary.setText("\n".join(lines))
        else:
            self.summary.setText("")
        ok = not reasons and tally is not None
        self.ok.setEnabled(ok)
        warnings = self.outcome.award.warnings if ok and self.outcome and self.outcome.award else ()
        if warnings:
            self.reasons_label.setText("⚠ " + "\n⚠ ".join(warnings))
        elif ok:
            self.reasons_label.setText("✔ Ready to write each share.")
        elif self.xp_still_missing:
            self.reasons_label.setText(XP_PROMPT)        # the next step, not a refusal
        else:
            self.reasons_label.setText("Not possible yet:\n"
                                       + "\n".join(f"• {r}" for r in reasons))
        return ok

    @staticmethod
    def _is_fraction(text: str) -> bool:
        try:
            Fraction(text)
            return True
        except (ValueError, ZeroDivisionError):
            return False

    def _apply(self) -> None:
        """One operation for every share, all or nothing; the open tabs follow the
        broadcast (their undo history kept)."""
        from builder.ui.operations import Failure, dialog_broadcast, nothing_written, run

        if not self.validate():
            return
        op, undo = self._operation(dry_run=False)
        outcome: Outcome | None = None
        if undo is None:
            guard = self._guard()     # the window's: Undo may come after this dialog is gone

            def take_back() -> Outcome:
                from builder.app import characters

                return characters.take_back(outcome.entries if outcome else {},
                                            guard=guard, what="the party XP award")
            undo = take_back
        result = run(op, dialog_broadcast(self), undo, "Party XP")
        if isinstance(result, Failure):
            self.reasons_label.setText(nothing_written(result))
            return
        outcome = result
        shares = result.award.shares if result.award is not None else ()
        self.applied.emit({s.member.cf.name: s.xp for s in shares})
        self.reported.emit(award_report(shares))
        self.accept()


def _kept(share: ShareView) -> str:
    return f"{share.gained} XP" + (f" ({share.lost} lost to the session cap)"
                                   if share.lost else "")


def award_report(shares: Sequence[ShareView]) -> str:
    """What an applied party award did, from each ledger entry written (what the session
    cap kept), not from the share awarded: "Party XP written: Greta gained 375 XP (800
    lost to the session cap); Hans gained 1175 XP"."""
    parts = [f"{s.member.cf.name} gained {_kept(s)}" for s in shares]
    return "Party XP written: " + "; ".join(parts) if parts else "Party XP: nothing written"


def _ruleset_of(docs: Sequence[Participant], current: Participant | None,
                campaign: Path | str | None) -> Ruleset | None:
    if current is not None:
        return current.ruleset
    if docs:
        return docs[0].ruleset
    from builder.app import campaigns

    return campaigns.ruleset_of(campaign) if campaign is not None else None
