"""The Vogelfrei editor: abilities, Wounds and Stamina, saves, XP with its track,
the class table, careers, the ledger; dialogs to award XP, level up, change career.

Everything shown comes from the rules core: ``CharacterView.derived()`` (the
``show --json`` dict) and ``CharacterView.options()`` (level-up and every
career change, with ``allowed`` and ``reasons``).  Every change is CLI words
parsed by the ruleset (``parse_action``) and applied through the document
(``doc.apply_words``: the rules core, the undo stack, autosave).  The dialogs
ask the core's ``check`` as you type and show its reasons; nothing here
re-implements a rule.

The parts: :mod:`.sheet_part` (``editor.sheet``: the sheet, the class table, the careers
taken), :mod:`.advance` (the level and career changes page), :mod:`.possessions` (money, shop,
gear), :mod:`.dialogs` (award XP, level up, change career) and :mod:`.widgets` (dice,
the XP track, the Wounds/Stamina rows); this module is the header, the side tabs, the
Character menu and how a change is applied.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLabel, QPushButton, QSplitter, QTabWidget,
                               QVBoxLayout, QWidget)

from builder.app.types import Option
from builder.ui.views.base import CharacterEditor, LedgerView
from .advance import AdvancePanel
from .dialogs import AwardXpDialog, ChangeCareerDialog, LevelUpDialog
from .possessions import PossessionsPage
from .sheet_part import SheetPart
from .widgets import reasons_html

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument
    from .dialogs import _CheckedDialog


class VogelfreiEditor(CharacterEditor):
    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("vogelfreiEditor")
        #: The dialog this editor opened last (tests and tools drive it).
        self.dialog: QDialog | None = None
        self.rng = doc.rng
        #: The Stamina dice rolled in the level dialogs, by the level they reach (that
        #: level -> the die's sides -> the roll): a dialog cancelled and opened again, or
        #: a level undone and taken again, shows the roll, never a new one.
        self.held_rolls: dict[int, dict[int, int]] = {}

        # header
        self.title_label = QLabel(self)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.title_label.setFont(font)
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("summaryLabel")
        self.award_button = QPushButton("Award &XP…", self)
        self.award_button.setObjectName("awardXpButton")
        self.award_button.setToolTip("XP for this character, with the session it was earned in")
        self.award_button.clicked.connect(self.award_xp)
        self.party_button = QPushButton("&Party XP…", self)
        self.party_button.setObjectName("partyXpButton")
        self.party_button.setToolTip("A session's XP from enemies and treasure, shared among "
                                     "the open Vogelfrei characters")
        self.party_button.clicked.connect(self.party_xp)
        self.level_button = QPushButton("&Level up…", self)
        self.level_button.setObjectName("levelUpButton")
        self.level_button.clicked.connect(self.level_up)
        self.career_button = QPushButton("Change ca&reer…", self)
        self.career_button.setObjectName("changeCareerButton")
        self.career_button.clicked.connect(lambda: self.change_career())
        header = QHBoxLayout()
        header.addWidget(self.title_label)
        header.addSpacing(12)
        header.addWidget(self.summary_label, 1)
        for button in (self.award_button, self.party_button, self.level_button,
                       self.career_button):
            header.addWidget(button)

        #: Its part: the sheet, the class table and the careers taken (their widgets are
        #: this editor's children, built here, after the header, for the tab order).
        self.sheet = SheetPart(self)
        scroll, table_page = self.sheet.scroll, self.sheet.table_page


        self.options_panel = AdvancePanel(self)
        self.options_panel.takeRequested.connect(self.take_option)

        self.ledger = LedgerView(self, unit="XP")

        self.side_tabs = QTabWidget(self)
        self.side_tabs.setObjectName("sideTabs")
        self.side_tabs.addTab(table_page, "Class table")
        careers_page = QWidget(self)
        clay = QVBoxLayout(careers_page)
        clay.addWidget(self.sheet.career_box)
        clay.addWidget(self.sheet.careers_tree, 1)
        self.side_tabs.addTab(careers_page, "Career, traits, skills")
        self.side_tabs.addTab(self.options_panel, "Level and career changes")
        self.side_tabs.addTab(self.ledger, "Ledger")
        self.possessions = PossessionsPage(self, self)
        self.side_tabs.addTab(self.possessions, "Possessions")
        from builder.ui.identity_panel import IdentityPanel

        self.identity_panel = IdentityPanel(self.doc, self)
        self.side_tabs.addTab(self.identity_panel, "Who")
        # six tabs: in a pane narrower than their labels they elide a little rather
        # than hide the last ones behind scroll arrows
        self.side_tabs.setUsesScrollButtons(False)
        self.side_tabs.setElideMode(Qt.TextElideMode.ElideRight)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("vogelfreiSplitter")
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([530, 650])   # the six side tabs fit at the default size

        layout = QVBoxLayout(self)
        for bar in self.message_bars():
            layout.addWidget(bar)
        layout.addLayout(header)
        layout.addWidget(self.splitter, 1)

        # the Character menu (the main window asks menu_actions())
        def act(text: str, slot: Callable[..., object], shortcut: str | None = None) -> QAction:
            action = QAction(text, self)
            action.triggered.connect(slot)
            if shortcut:
                action.setShortcut(shortcut)
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.addAction(action)
            return action

        self.act_award = act("&Award XP…", self.award_xp, "Ctrl+Shift+A")
        self.act_party = act("&Party XP for a session…", self.party_xp, "Ctrl+Shift+X")
        self.act_level = act("&Level up…", self.level_up)
        self.act_career = act("Change &career…", lambda: self.change_career())
        titles = ("the &Class table", "Ca&reer, traits, skills", "Level and career c&hanges",
                  "the Le&dger", "&Possessions")
        self.act_tabs = [act(f"Show {title}", lambda _=False, i=i: self.show_side(i),
                             f"Ctrl+{i + 1}")
                         for i, title in enumerate(titles)]
        self.refresh()

    def show_side(self, index: int) -> None:
        """Ctrl+1..5: the page shown, with the focus in its first control (the keyboard
        goes on where the eyes went)."""
        from builder.ui.focus import focus_widget

        self.side_tabs.setCurrentIndex(index)
        page = self.side_tabs.widget(index)
        if page is None:
            return
        # the control the page names as its start (its focus proxy: the shop's search),
        # else its first
        first = page.focusProxy() or next(
            (w for w in (page, *page.findChildren(QWidget))
             if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(page)
             and w.isEnabled()), None)
        if first is not None:
            focus_widget(first)

    def menu_actions(self) -> list[QAction]:
        return [self.act_award, self.act_party, self.act_level, self.act_career, *self.act_tabs]

    def splitters(self) -> dict[str, QSplitter]:
        return {"main": self.splitter}

    # -- reading the core ----------------------------------------------------------------
    def level_option(self) -> Option | None:
        return next((o for o in self.doc.options() if o.kind == "level"), None)

    def refresh(self) -> None:
        d = self.doc.derived()
        options = self.doc.options()
        self.title_label.setText(d["name"])
        career = f"{d['class']} {d['career']}".strip()
        status = f" · status {d['status']}" if d.get("status") else ""
        alignment = f" · {d['alignment']}" if d.get("alignment") else ""
        self.summary_label.setText(f"Level {d['level']} {career}{status}{alignment}")

        self.sheet.fill_sheet(d)
        level = self.level_option()
        reasons = list(level.reasons) if level is not None else []
        allowed = bool(level and level.allowed)
        session = d["level_up"].get("session")
        if allowed:
            where = f" in session {session}" if session else ""
            self.sheet.level_reason.setText(f"✓ Level {d['level'] + 1} can be gained{where}, "
                                            "at a secure location.")
        else:
            self.sheet.level_reason.setText("✗ " + "; ".join(reasons))
        self.level_button.setEnabled(allowed and not self.doc.read_only)
        self.act_level.setEnabled(self.level_button.isEnabled())
        self.level_button.setToolTip("Gain the next level at a secure location"
                                     if allowed else reasons_html(reasons))
        any_career = any(o.kind == "career" and o.allowed for o in options)
        self.career_button.setEnabled(any_career and not self.doc.read_only)
        self.act_career.setEnabled(self.career_button.isEnabled())
        self.career_button.setToolTip(
            "Change career at a secure location (the session's one level)" if any_career
            else reasons_html(reasons or ["no career change is possible now"]))
        for button in (self.award_button, self.party_button, self.act_award, self.act_party):
            button.setEnabled(not self.doc.read_only)
        self.sheet.fill_saves_and_career(d)


        self.sheet.fill_possessions(d)
        self.sheet.fill_table(d)
        self.sheet.fill_careers(d)
        self.options_panel.set_options(options)
        self.ledger.set_character(self.doc.cf)

    # -- changes -----------------------------------------------------------------------------
    def take_words(self, words: list[str]) -> bool:
        ok = self.doc.apply_words(words)
        if ok:
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
        return ok

    def _open(self, dialog: _CheckedDialog) -> QDialog:
        dialog.chosen.connect(self.take_words)
        dialog.open()
        self.dialog = dialog
        return dialog

    def take_option(self, option: Option) -> None:
        if not option.allowed:
            self.show_refusal(list(option.reasons) or ["not possible now"])
            return
        if option.kind == "level":
            self.level_up()
        elif option.kind == "career":
            self.change_career(option.extra.get("class"), option.extra.get("career"))

    def award_xp(self) -> QDialog:
        return self._open(AwardXpDialog(self.doc, self))

    def _held(self) -> dict[int, int]:
        """The dice rolled for the level the character would reach next."""
        return self.held_rolls.setdefault(int(self.doc.derived()["level"]) + 1, {})

    def level_up(self) -> QDialog:
        return self._open(LevelUpDialog(self.doc, self, rng=self.rng, held=self._held()))

    def change_career(self, cls: str | None = None, career: str | None = None) -> QDialog:
        dialog = ChangeCareerDialog(self.doc, self, rng=self.rng, held=self._held())
        if cls:
            dialog.select(cls, career)
        return self._open(dialog)

    def party_xp(self) -> QDialog:
        from builder.ui.window_documents import documents_of

        from .party_xp import PartyXpDialog

        tabs = documents_of(self)
        docs = [doc for doc in (tabs.open_documents() if tabs is not None else [self.doc])
                if doc.ruleset.id == self.doc.ruleset.id]
        dialog = PartyXpDialog(docs or [self.doc], self.doc, self)
        dialog.reported.connect(self.status.emit)   # what was gained (and lost to the cap)
        dialog.open()
        self.dialog = dialog
        return dialog
