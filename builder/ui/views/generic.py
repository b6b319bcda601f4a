"""The fallback editor for rulesets without a dedicated one: the derived state
as a tree, every option with its reasons, a free action line and the ledger."""
from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QPushButton, QSplitter,
                               QTabWidget, QTreeView, QVBoxLayout, QWidget)

from builder.app.types import Option, RulesError
from builder.ui.views.base import CharacterEditor, LedgerView, OptionsPanel

if TYPE_CHECKING:
    from PySide6.QtCore import QModelIndex

    from builder.ui.chain.page import ChainPage
    from builder.ui.document import CharacterDocument


def fill_tree(parent: QStandardItem, value: Any) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _add(parent, str(key), item)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _add(parent, str(i + 1), item)


def _add(parent: QStandardItem, key: str, value: Any) -> None:
    key_item = QStandardItem(key)
    key_item.setEditable(False)
    if isinstance(value, (dict, list)):
        text = "" if value else "—"
        val_item = QStandardItem(text)
        fill_tree(key_item, value)
    else:
        val_item = QStandardItem("—" if value is None else str(value))
    val_item.setEditable(False)
    parent.appendRow([key_item, val_item])


def chain_page(doc: CharacterDocument, parent: QWidget) -> ChainPage:
    """The chain page the rule system declares (``parts.chain_page``, "module:attr" of a
    ``(doc, parent)`` factory), else the chain page of a system written as data."""
    spec = doc.ruleset.parts.chain_page
    if spec:
        from builder.app.queries import ruleset_part

        page: ChainPage = ruleset_part(spec)(doc, parent)
        return page
    from builder.ui.chain.data_view import DataChainWidget

    return DataChainWidget(doc, parent)


class GenericEditor(CharacterEditor):
    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.state_model = QStandardItemModel(self)
        self.tree = QTreeView(self)
        self.tree.setObjectName("derivedTree")
        self.tree.setAccessibleName("Character state")
        self.tree.setModel(self.state_model)
        self.tree.setAlternatingRowColors(True)
        self._ledger_rows: tuple[QStandardItem, list[Any]] | None = None
        self.tree.expanded.connect(self._fill_ledger)

        self.options_panel = OptionsPanel(self, unit=self.unit())
        self.options_panel.takeRequested.connect(self._take)

        self.action_line = QLineEdit(self)
        self.action_line.setObjectName("actionLine")
        self.action_line.setPlaceholderText("An action in the ruleset's own words, then Enter")
        self.action_line.setAccessibleName("Free action")
        self.action_line.returnPressed.connect(self.do_line)
        do_button = QPushButton("&Do", self)
        do_button.clicked.connect(self.do_line)

        self.ledger = LedgerView(self, unit=self.unit())

        right = QWidget(self)
        rlay = QVBoxLayout(right)
        rlay.setContentsMargins(0, 0, 0, 0)
        rlay.addWidget(self.options_panel, 1)
        line = QHBoxLayout()
        line.addWidget(QLabel("Action:", self))
        line.addWidget(self.action_line, 1)
        line.addWidget(do_button)
        rlay.addLayout(line)

        tabs = QTabWidget(self)
        tabs.addTab(self.tree, "State")
        tabs.addTab(self.ledger, "Ledger")
        from builder.ui.identity_panel import IdentityPanel

        self.identity_panel = IdentityPanel(self.doc, self)
        tabs.addTab(self.identity_panel, "Who")
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("genericSplitter")
        self.splitter.addWidget(tabs)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([440, 740])

        layout = QVBoxLayout(self)
        for bar in self.message_bars():
            layout.addWidget(bar)
        # A rule system that draws a chain gets a chain page: its own, when its class
        # declares one (``parts.chain_page``), else the page of a system written as data.
        self.chain_page = None
        if doc.ruleset.capabilities.chain:
            self.chain_page = chain_page(doc, self)
            self.chain_page.setObjectName("chainPage")
            self.chain_page.status.connect(self.status.emit)
            self.pages = QTabWidget(self)
            self.pages.setObjectName("editorPages")
            self.pages.setDocumentMode(True)
            self.pages.addTab(self.splitter, "&State and options")
            self.pages.addTab(self.chain_page, "Advancement &chain")
            layout.addWidget(self.pages, 1)
            self.act_chain = QAction("Show Advancement &Chain", self)
            self.act_chain.setShortcut("Ctrl+3")
            self.act_chain.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.act_chain.triggered.connect(self.show_chain)
            self.addAction(self.act_chain)
        else:
            layout.addWidget(self.splitter, 1)
        self.refresh()

    def _fill_ledger(self, index: QModelIndex) -> None:
        """The ledger's branch, opened: its rows, filled now."""
        if self._ledger_rows is None:
            return
        key, rows = self._ledger_rows
        if self.state_model.itemFromIndex(index) is not key:
            return
        self._ledger_rows = None
        key.removeRows(0, key.rowCount())
        fill_tree(key, rows)

    def splitters(self) -> dict[str, QSplitter]:
        if self.chain_page is not None:
            return {"main": self.splitter, "chain": self.chain_page.splitter}
        return {"main": self.splitter}

    def menu_actions(self) -> list[QAction]:
        return [self.act_chain] if self.chain_page is not None else []

    def show_chain(self) -> None:
        from builder.ui.focus import focus_widget

        if self.chain_page is not None:
            self.pages.setCurrentWidget(self.chain_page)
            focus_widget(self.chain_page.view)

    def refresh(self) -> None:
        self.state_model.clear()
        self.state_model.setHorizontalHeaderLabels(["Field", "Value"])
        root = self.state_model.invisibleRootItem()
        self._ledger_rows = None
        ledger: tuple[QStandardItem, list[Any]] | None = None
        for key, value in self.doc.derived().items():
            if key == "ledger" and isinstance(value, list) and value:
                # The ledger's rows (as long as the ledger) join the tree when its
                # branch is opened (the Ledger tab shows them too).
                _add(root, "ledger", [])
                branch = root.child(root.rowCount() - 1, 0)
                root.child(root.rowCount() - 1, 1).setText(f"{len(value)} entries")
                branch.appendRow([QStandardItem(""), QStandardItem("")])   # (its expander)
                ledger = (branch, value)
            else:
                _add(root, str(key), value)
        self.tree.expandToDepth(0)
        if ledger is not None:
            self.tree.collapse(ledger[0].index())
            self._ledger_rows = ledger
        self.options_panel.set_options(self.doc.options())
        self.ledger.set_character(self.doc.cf)

    def _take(self, option: Option) -> None:
        if option.words is None or any(ask.required for ask in option.asks):
            # No words from the core, or it needs choices this editor has no form
            # for: ask for the action words.

            try:
                self.doc.parse([])
                hint = ""
            except RulesError as problem:
                hint = str(problem)
            self.show_refusal([f"type the action that takes '{option.name}' in the "
                               "Action line below"] + ([hint] if hint else []))
            self.action_line.setFocus()
            return
        self.doc.apply_words(option.words_with())

    def do_line(self) -> None:
        """Apply the words typed in the action line (Enter or Do); the line is cleared
        when the core took them, a refusal is shown when not."""
        text = self.action_line.text().strip()
        if not text:
            return
        try:
            words = shlex.split(text)
        except ValueError as exc:
            self.show_refusal([f"cannot read the action: {exc}"])
            return
        if self.doc.apply_words(words):
            self.action_line.clear()
