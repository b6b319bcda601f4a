"""The story-points editor.

Everything shown comes from the rules core: ``CharacterView.derived()`` (the
``show --json`` dict) and ``CharacterView.options()`` (every next increase with
its cost, ``allowed`` and ``reasons``).  Every change is an action parsed by the
ruleset (``parse_action``) and applied through the document, i.e. the undo
stack; nothing here re-implements a rule.

The "Advancement chain" page is the drawn chain (:mod:`builder.ui.chain`), and
:class:`TraitsView` is a drop target for rank tokens (``RANK_TOKEN_MIME``): a
drop only calls the rules core through the document.

The parts: :mod:`.widgets` (option words, the traits tree, the uses boxes),
:mod:`.sheet_page` (the sheet: its tables, the classes tree and the token tray,
filled from the core; ``editor.sheet``),
:mod:`.dialogs` (the Class advance picker) and :mod:`.creation` (the creation form).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSignalBlocker, Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (QCheckBox, QDialog, QFrame, QHBoxLayout, QLabel, QPushButton,
                               QSplitter, QTabWidget, QVBoxLayout, QWidget)

from builder.app.types import Option
from builder.ui.views.base import CharacterEditor, LedgerView, OptionsPanel
from .chain_tokens import RankToken, drop_rank
from builder.ui.focus import tab_chain
from .dialogs import ClassAdvanceDialog
from .sheet_page import SheetPage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLineEdit

    from .award import AwardDialog
    from builder.ui.document import CharacterDocument


class StoryPointsEditor(CharacterEditor):
    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("storyPointsEditor")
        #: The dialog this editor opened last (tests and tools drive it).
        #: The dialog this editor opened last (a Class advance's choices, an award...).
        self.dialog: QDialog | None = None

        # header: the figures a player always needs
        self.title_label = QLabel(self)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.title_label.setFont(font)
        self.sp_label = QLabel(self)
        self.sp_label.setObjectName("spLabel")
        self.sp_label.setAccessibleName("Story Points")
        sp_font = QFont(self.font())
        sp_font.setPointSizeF(sp_font.pointSizeF() * 1.2)
        self.sp_label.setFont(sp_font)
        self.vit_label = QLabel(self)
        self.vit_label.setObjectName("vitLabel")
        # the rules' abbreviations, spelled out for a player who does not know them yet
        self.vit_label.setToolTip("Vitality (VIT): current / maximum · Action Dice (AD): "
                                  "ready and wounded (body: the Action Dice in all, as many "
                                  "as the maximum VIT)")
        self.vit_label.setAccessibleName("Vitality and Action Dice")
        self.active_box = QCheckBox("Active", self)
        self.active_box.setToolTip("Only an Active character can raise Core Vitals")
        self.active_box.clicked.connect(
            lambda checked: self.take_words(["set-active", "yes" if checked else "no"]))
        self.award_button = QPushButton("A&ward…", self)
        self.award_button.setObjectName("awardButton")
        self.award_button.setToolTip("Story Checkpoint or Milestone resolution (Ctrl+Shift+A)")
        self.award_button.clicked.connect(self.award)
        self.rest_button = QPushButton("&Rest", self)
        self.rest_button.setObjectName("restButton")
        self.rest_button.setToolTip("A Rest restores every trait use")
        self.rest_button.clicked.connect(self.rest)
        # the figures wrap in a narrow window (a small screen, a large scale) rather than
        # being cut ("12 earne") or holding the window wider than the screen
        for label in (self.sp_label, self.vit_label):
            label.setWordWrap(True)
        header = QHBoxLayout()
        header.addWidget(self.title_label)
        header.addSpacing(16)
        header.addWidget(self.sp_label, 1)
        header.addWidget(self.vit_label, 1)
        header.addSpacing(12)
        header.addWidget(self.active_box)
        header.addWidget(self.award_button)
        header.addWidget(self.rest_button)

        # left: the sheet (its tables, the classes tree and the token tray)
        self.sheet = SheetPage(self)

        # right: increases, ledger, chain
        self.options_panel = OptionsPanel(self, unit=self.unit())
        self.options_panel.takeRequested.connect(self.take)
        self.ledger = LedgerView(self, unit=self.unit())
        self.side_tabs = QTabWidget(self)
        self.side_tabs.setObjectName("sideTabs")
        self.side_tabs.setAccessibleName("Increases, ledger and advancement chain")
        self.side_tabs.addTab(self.options_panel, "&Increases")
        ledger_page = QWidget(self)
        lay = QVBoxLayout(ledger_page)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.ledger)
        self.side_tabs.addTab(ledger_page, "&Ledger")
        from builder.ui.identity_panel import IdentityPanel

        self.identity_panel = IdentityPanel(self.doc, self)
        self.side_tabs.addTab(self.identity_panel, "Who")

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("editorSplitter")
        self.splitter.addWidget(self.sheet)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([700, 520])
        self.sheet.setSizes([440, 240])

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        for bar in self.message_bars():
            layout.addWidget(bar)
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.HLine)
        layout.addWidget(line)
        from .chain_page import ChainWidget

        self.chain_page = ChainWidget(self.doc, self)
        self.chain_page.setObjectName("chainPage")
        self.chain_page.status.connect(self.status.emit)
        self.pages = QTabWidget(self)
        self.pages.setObjectName("editorPages")
        self.pages.setAccessibleName("Sheet and advancement chain")
        self.pages.setDocumentMode(True)
        self.pages.addTab(self.splitter, "&Sheet")
        self.pages.addTab(self.chain_page, "Advancement chai&n")
        layout.addWidget(self.pages, 1)
        self.sheet.classes_view.rankDropped.connect(self.drop_rank)
        self.chain_page.tokenDragStarted.connect(self.sheet.light_traits)
        self.chain_page.tokenDragFinished.connect(self.refresh)

        self.act_award = QAction("&Award…", self)
        self.act_award.setShortcut("Ctrl+Shift+A")
        self.act_award.triggered.connect(self.award)
        self.act_rest = QAction("&Rest (restore trait uses)", self)
        self.act_rest.triggered.connect(self.rest)
        self.act_increases = QAction("Show &Increases", self)
        self.act_increases.setShortcut("Ctrl+1")
        self.act_increases.setStatusTip("The list of possible increases, with the focus in it")
        self.act_increases.triggered.connect(self.show_increases)
        self.act_ledger = QAction("Show &Ledger", self)
        self.act_ledger.setShortcut("Ctrl+2")
        self.act_ledger.triggered.connect(self.show_ledger)
        self.act_chain = QAction("Show Advancement &Chain", self)
        self.act_chain.setShortcut("Ctrl+3")
        self.act_chain.triggered.connect(self.show_chain)
        self.act_sheet = QAction("Show the &Sheet", self)
        self.act_sheet.setShortcut("Ctrl+4")
        self.act_sheet.setStatusTip("The Core Vitals, Skills and Classes, with the focus in them")
        self.act_sheet.triggered.connect(self.show_sheet)
        for action in (self.act_award, self.act_increases, self.act_ledger, self.act_chain,
                       self.act_sheet):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange) \
                and hasattr(self, "ledger") and not getattr(self, "_restyling", False):
            self._restyling = True  # the theme changed: the use boxes take the new colours
            try:
                self.refresh()
            finally:
                self._restyling = False

    # -- the window's splitters and menu ---------------------------------------------------
    def splitters(self) -> dict[str, QSplitter]:
        return {"main": self.splitter, "sheet": self.sheet, "top": self.sheet.top_splitter,
                "chain": self.chain_page.splitter}

    def menu_actions(self) -> list[QAction]:
        return [self.act_award, self.act_rest, self.act_increases, self.act_ledger,
                self.act_chain, self.act_sheet]

    # -- pages (the window-wide shortcuts) -------------------------------------------------
    def show_increases(self) -> None:
        from builder.ui.focus import focus_widget

        view = self.options_panel.view
        focus_widget(view)
        current = view.currentIndex()
        if not current.isValid() and view.model().rowCount():
            current = view.model().index(0, 0)
        if current.isValid() and not view.selectionModel().isRowSelected(current.row()):
            view.selectRow(current.row())    # drawn chosen: the pane and Take act on it

    def focus_start(self) -> None:
        self.show_increases()

    def show_ledger(self) -> None:
        from builder.ui.focus import focus_widget

        focus_widget(self.ledger)

    def show_chain(self) -> None:
        from builder.ui.focus import focus_widget

        focus_widget(self.chain_page.view)

    def show_sheet(self) -> None:
        self.sheet.focus_first()

    def search_widget(self) -> QLineEdit:
        return self.options_panel.search

    def unit(self) -> str:
        return super().unit() or "SP"

    # -- reading the core ------------------------------------------------------------------
    def refresh(self) -> None:
        d = self.doc.derived()
        options = self.doc.options()
        self.derived_state = d
        sp = d["sp"]
        self.title_label.setText(d["name"])
        self.sp_label.setText(f"<b>{sp['unspent']} SP unspent</b> &nbsp;·&nbsp; "
                              f"{sp['earned']} earned &nbsp;·&nbsp; {sp['spent']} spent")
        self.sp_label.setToolTip("Story Points: unspent, earned in total, spent in total")
        self.vit_label.setText(f"VIT {d['vit']['current']}/{d['vit']['max']}  ·  "
                               f"AD ready {d['dice']['ready']}, wounded {d['dice']['wounded']} "
                               f"(body {d['dice']['body']})")
        with QSignalBlocker(self.active_box):
            self.active_box.setChecked(bool(d.get("active", True)))
        self.sheet.fill(d, options)
        self._tab_order()
        self.options_panel.set_options(options)
        self.ledger.set_character(self.doc.cf)
        self.award_button.setEnabled(not self.doc.read_only)

    def _tab_order(self) -> None:
        """Widgets made on refresh (rank tokens, use boxes) take their place in the Tab
        order: the sheet top to bottom, then the Increases."""
        tab_chain([*self.sheet.tab_stops(), self.options_panel.search])

    # -- changes ---------------------------------------------------------------------------
    def take_words(self, words: list[str]) -> bool:
        ok = self.doc.apply_words(words)
        if ok:
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
        else:
            self.refresh()  # put checkboxes the player ticked back to the core's state
        return ok

    def take(self, option: Option) -> None:
        """Take an increase the core allows; one that asks for a trait (a Class advance)
        asks for its choices first."""
        if not option.allowed:
            self.show_refusal(list(option.reasons) or ["not possible now"])
            return
        if option.asks_for("trait"):
            dialog = ClassAdvanceDialog(option, self)
            dialog.chosen.connect(self.take_words)
            dialog.open()
            self.dialog = dialog
            return
        self.take_words(option.words_with())

    def drop_rank(self, token: RankToken, trait_class: str, trait: str) -> bool:
        """A rank token dropped on the trait list: the Class advance and the rank, one action."""
        if not trait:
            self.show_refusal([f"drop the {token.get('class')} rank on one of its traits"])
            return False
        from .chain_page import still_needs

        option = next((o for o in self.doc.options() if o.kind in ("class", "new-class")
                       and o.name == trait_class), None)
        if still_needs(option, token, trait_class):
            # a caster's spell, a new Class's scene: asked before anything is paid
            assert option is not None
            self.dialog = self.chain_page.ask_spell(option, trait, token)
            return False
        done, reasons = drop_rank(self.doc, token, trait_class, trait)
        if done:
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
        else:
            self.show_refusal(reasons)
        return done

    def _awarded(self, dialog: AwardDialog, results: dict[str, list[str]]) -> None:
        """Say what the award did: to whom, and who was refused (with the reason)."""
        given = [name for name, reasons in results.items() if not reasons]
        refused = {name: reasons for name, reasons in results.items() if reasons}
        parts = []
        if given:
            docs = {doc.name: doc for doc in dialog.chosen_docs()}
            first = docs.get(given[0])
            what = first.ruleset.describe(first.cf.ledger[-1]) if first is not None and \
                first.cf.ledger else "Awarded"
            parts.append(f"{what}: {', '.join(given)}")
        for name, reasons in refused.items():
            parts.append(f"{name} refused: {'; '.join(reasons)}")
        self.status.emit(". ".join(parts) if parts else "Nothing awarded")

    def rest(self) -> None:
        self.take_words(["rest"])

    def award(self) -> None:
        from .award import AwardDialog
        from builder.ui.window_documents import documents_of

        tabs = documents_of(self)
        docs = [doc for doc in (tabs.open_documents() if tabs is not None else [self.doc])
                if doc.ruleset.id == self.doc.ruleset.id]
        dialog = AwardDialog(docs or [self.doc], self.doc, self)
        dialog.applied.connect(lambda results, d=dialog: self._awarded(d, results))
        dialog.open()
        self.dialog = dialog
