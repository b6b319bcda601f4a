"""The story-points editor and creation form.

Everything shown comes from the rules core: ``CharacterFile.derived()`` (the
``show --json`` dict) and ``CharacterFile.options()`` (every next increase with
its cost, ``allowed`` and ``reasons``).  Every change is an action parsed by the
ruleset (``parse_action``) and applied through the document, i.e. the undo
stack; nothing here re-implements a rule.

The "Advancement chain" page is the drawn chain (:mod:`builder.ui.chain`), and
:class:`TraitsView` is a drop target for rank tokens (``RANK_TOKEN_MIME``): a
drop only calls the rules core through the document.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog,
                               QDialogButtonBox, QFormLayout, QFrame, QGridLayout, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget,
                               QPushButton, QScrollArea, QSpinBox, QSplitter,
                               QTableView, QTabWidget, QTreeView, QVBoxLayout, QWidget)

from builder.rules.base import Option
from builder.ui.choices import fill_trait_choices
from builder.ui.models.options_model import AllowedRole, cost_text, reasons_text
from builder.ui.views.base import CharacterEditor, GreyingDelegate, LedgerView, OptionsPanel


from builder.ui.chain.tokens import drop_rank, parse_token  # noqa: E402

#: Custom roles of the sheet models (the vitals, skills and traits tables).
KeyRole = Qt.ItemDataRole.UserRole + 20      # ("vital"|"skill"|"class"|"trait", name[, class])


def _item(text, key=None, tip=None, allowed=None, align_right=False) -> QStandardItem:
    item = QStandardItem("" if text is None else str(text))
    item.setEditable(False)
    if key is not None:
        item.setData(key, KeyRole)
    if tip:
        item.setToolTip(tip)
    if allowed is not None:
        item.setData(bool(allowed), AllowedRole)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _next_text(option: dict | None) -> str:
    if option is None:
        return ""
    return f"→ {option.get('target')} for {cost_text(option)}"


# -- the Class advance picker (the next issue replaces it by drag-and-drop) ------------------
class ClassAdvanceDialog(QDialog):
    """Pick the trait rank (and spell, and scene) a Class advance needs.

    Only the choices the core lists as legal (``option['choices']``) can be
    picked; the blocked ones are shown greyed with the core's reasons.
    """

    chosen = Signal(list)  # the action words

    def __init__(self, option: Mapping[str, Any], parent=None):
        super().__init__(parent)
        self.option = option = Option.coerce(option)
        self.setObjectName("classAdvanceDialog")
        kind = option["kind"]
        title = (f"Enter {option['name']}" if kind == "new-class"
                 else f"Raise {option['name']} to {option['target']}")
        self.setWindowTitle(title)
        choices = option.get("choices") or {}
        form = QFormLayout()
        head = QLabel(f"<b>{title}</b> for {cost_text(option)}. "
                      "The advance grants one trait rank"
                      + (" and one new spell, chosen independently." if option.get("casts_spells")
                         else "."), self)
        head.setWordWrap(True)

        self.traits = QListWidget(self)
        self.traits.setObjectName("traitChoices")
        self.traits.setAccessibleName("Trait that takes the new rank")
        fill_trait_choices(self.traits, choices)
        form.addRow("&Trait rank:", self.traits)

        self.spell = None
        if option.get("casts_spells"):
            self.spell = QComboBox(self)
            self.spell.setObjectName("spellChoice")
            self.spell.setAccessibleName("New spell")
            for spell in choices.get("spells", []):
                self.spell.addItem(spell)
            form.addRow("&Spell:", self.spell)
            blocked = choices.get("blocked_spells") or {}
            if blocked:
                note = QLabel(f"{len(blocked)} other spells are not possible now "
                              "(hover for why).", self)
                note.setToolTip("\n".join(f"{s}: {'; '.join(r)}" for s, r in blocked.items()))
                form.addRow("", note)
        self.scene = None
        if option.asks_for("scene"):
            self.scene = QLineEdit(self)
            self.scene.setObjectName("sceneEdit")
            self.scene.setAccessibleName("Achievement or training scene")
            self.scene.setPlaceholderText("e.g. defended a shrine with an Ember Creed priest")
            form.addRow("Achievement or training &scene:", self.scene)
            self.scene.textChanged.connect(self._validate)
        self.exchange = None
        if option.asks_for("exchange"):
            self.exchange = QCheckBox("Training &Exchange (reduces the cost)", self)
            form.addRow("", self.exchange)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Advance", QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("advanceButton")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.traits.currentRowChanged.connect(self._validate)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self._validate()

    def select_trait(self, trait: str) -> None:
        for row in range(self.traits.count()):
            item = self.traits.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == trait and \
                    item.flags() & Qt.ItemFlag.ItemIsEnabled:
                self.traits.setCurrentRow(row)
                return

    def current_trait(self) -> str | None:
        item = self.traits.currentItem()
        if item is None or not (item.flags() & Qt.ItemFlag.ItemIsEnabled):
            return None
        return item.data(Qt.ItemDataRole.UserRole)

    def _validate(self, *_):
        ok = self.current_trait() is not None
        if self.spell is not None:
            ok = ok and bool(self.spell.currentText())
        if self.scene is not None:
            ok = ok and bool(self.scene.text().strip())
        self.ok.setEnabled(ok)

    def words(self) -> list[str]:
        """The option's own words with the player's choices (the core says which)."""
        return self.option.words_with(
            trait=self.current_trait(),
            spell=self.spell.currentText() if self.spell else None,
            scene=self.scene.text().strip() if self.scene else None,
            exchange=bool(self.exchange and self.exchange.isChecked()))

    def _accept(self):
        if not self.ok.isEnabled():
            return
        self.chosen.emit(self.words())
        self.accept()


# -- the sheet (left side) ------------------------------------------------------------------
class TraitsView(QTreeView):
    """Classes, their trait ranks, uses and spells; a drop target for rank tokens.

    During a drag, the traits the token can go to are lit (the rules core's
    choices); a drop on any other row changes nothing and says why.
    """

    rankDropped = Signal(dict, str, str)     # token, the trait's Class, the trait

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.lit: set[tuple[str, str]] = set()

    def _trait_at(self, pos) -> tuple[str, str] | None:
        index = self.indexAt(pos)
        key = index.siblingAtColumn(0).data(KeyRole) if index.isValid() else None
        if key and key[0] == "trait":
            return key[2], key[1]
        return None

    def dragEnterEvent(self, event) -> None:
        if parse_token(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if parse_token(event.mimeData()) is None:
            event.ignore()
            return
        target = self._trait_at(event.position().toPoint())
        if target is not None and target in self.lit:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event) -> None:
        token = parse_token(event.mimeData())
        target = self._trait_at(event.position().toPoint())
        if token is None:
            event.ignore()
            return
        event.acceptProposedAction()
        if target is None:
            self.rankDropped.emit(token, "", "")
        else:
            self.rankDropped.emit(token, target[0], target[1])


def uses_style() -> str:
    """Use boxes drawn from the palette: an outlined square (3:1 against the window on
    light and dark), filled when spent; the style's own box vanishes on a dark palette."""
    from PySide6.QtGui import QPalette

    from builder.ui import theme

    pal = theme.palette()
    base = pal.color(QPalette.ColorRole.Base)
    edge = theme.readable(pal.color(QPalette.ColorRole.Mid), base, theme.MARK_CONTRAST)
    spent = theme.readable(pal.color(QPalette.ColorRole.Text), base, theme.MARK_CONTRAST)
    return (f"QCheckBox::indicator {{ width: 12px; height: 12px; border: 2px solid "
            f"{theme.css(edge)}; border-radius: 3px; background: {theme.css(base)}; }}"
            f"QCheckBox::indicator:checked {{ background: {theme.css(spent)}; }}"
            f"QCheckBox::indicator:focus {{ border-color: "
            f"{theme.css(theme.accent('focus', base, theme.MARK_CONTRAST))}; }}")


class UsesWidget(QWidget):
    """One checkbox per use of a trait: checked = spent.  Ticking one spends a use
    (a ``use-trait`` action); a Rest (or Undo) clears them."""

    def __init__(self, editor, class_name: str, trait: str, info: dict, parent=None):
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(2)
        self.boxes = []
        spent = info.get("uses_spent", 0)
        style = uses_style()
        for i in range(info.get("rank", 0)):
            box = QCheckBox(self)
            box.setStyleSheet(style)
            box.setChecked(i < spent)
            used = i < spent
            box.setEnabled(not used and bool(info.get("usable", True)))
            box.setAccessibleName(f"{trait} use {i + 1} {'spent' if used else 'available'}")
            box.setToolTip("Spent — a Rest restores it" if used else
                           (f"Use {trait} (spends one use)" if info.get("usable", True) else
                            f"{trait} cannot be used while its Path Skill "
                            f"{info.get('path_skill')} is 0"))
            box.clicked.connect(lambda checked, t=trait, c=class_name:
                                checked and editor.take_words(["use-trait", c, t]))
            layout.addWidget(box)
            self.boxes.append(box)
        layout.addStretch(1)


class StoryPointsEditor(CharacterEditor):
    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.setObjectName("storyPointsEditor")
        self._dialog = None

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
        header = QHBoxLayout()
        header.addWidget(self.title_label)
        header.addSpacing(16)
        header.addWidget(self.sp_label, 1)
        header.addWidget(self.vit_label)
        header.addSpacing(12)
        header.addWidget(self.active_box)
        header.addWidget(self.award_button)
        header.addWidget(self.rest_button)

        # left: the sheet
        self.vitals_model = QStandardItemModel(self)
        self.vitals_view = self._table(self.vitals_model, "vitalsView", "Core Vitals")
        self.skills_model = QStandardItemModel(self)
        self.skills_view = self._table(self.skills_model, "skillsView", "Skills")
        self.classes_model = QStandardItemModel(self)
        self.classes_view = TraitsView(self)
        self.classes_view.setObjectName("classesView")
        self.classes_view.setAccessibleName("Classes, trait ranks, uses and spells")
        self.classes_view.setModel(self.classes_model)
        self.classes_view.setItemDelegate(GreyingDelegate(self.classes_view))
        self.classes_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.classes_view.setAlternatingRowColors(True)
        self.classes_view.activated.connect(self._sheet_activated)
        self.classes_view.clicked.connect(self._sheet_clicked)

        vitals_box = self._boxed("Core Vitals", self.vitals_view)
        skills_box = self._boxed("Skills", self.skills_view)
        self.token_tray = QWidget(self)
        self.token_tray.setObjectName("tokenTray")
        self.token_tray_layout = QHBoxLayout(self.token_tray)
        self.token_tray_layout.setContentsMargins(0, 0, 0, 0)
        self.token_chips: list = []
        classes_inner = QWidget(self)
        classes_lay = QVBoxLayout(classes_inner)
        classes_lay.setContentsMargins(0, 0, 0, 0)
        classes_lay.addWidget(self.token_tray)
        classes_lay.addWidget(self.classes_view, 1)
        classes_box = self._boxed("Classes, traits and spells", classes_inner)
        self.sheet_splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.sheet_splitter.setObjectName("sheetSplitter")
        top = QSplitter(Qt.Orientation.Horizontal, self.sheet_splitter)
        top.setObjectName("vitalsSkillsSplitter")
        top.addWidget(vitals_box)
        top.addWidget(skills_box)
        top.setStretchFactor(1, 2)
        self.sheet_splitter.addWidget(top)
        self.sheet_splitter.addWidget(classes_box)
        self.top_splitter = top

        # right: increases, ledger, chain
        self.options_panel = OptionsPanel(self)
        self.options_panel.takeRequested.connect(self.take)
        self.ledger = LedgerView(self)
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
        self.splitter.addWidget(self.sheet_splitter)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([700, 520])
        self.sheet_splitter.setSizes([440, 240])

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        for bar in self.message_bars():
            layout.addWidget(bar)
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.HLine)
        layout.addWidget(line)
        from builder.ui.chain.view import ChainWidget

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
        self.classes_view.rankDropped.connect(self.drop_rank)
        self.chain_page.tokenDragStarted.connect(self.light_traits)
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

    def changeEvent(self, event) -> None:
        from PySide6.QtCore import QEvent

        super().changeEvent(event)
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange) \
                and hasattr(self, "ledger") and not getattr(self, "_restyling", False):
            self._restyling = True  # the theme changed: the use boxes take the new colours
            try:
                self.refresh()
            finally:
                self._restyling = False

    # -- layout helpers --------------------------------------------------------------------
    def _table(self, model, name, accessible) -> QTableView:
        view = QTableView(self)
        view.setObjectName(name)
        view.setAccessibleName(accessible)
        view.setModel(model)
        view.setItemDelegate(GreyingDelegate(view))
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        view.verticalHeader().hide()
        view.setWordWrap(False)
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        view.horizontalHeader().setStretchLastSection(True)
        view.activated.connect(self._sheet_activated)
        view.clicked.connect(self._sheet_clicked)
        return view

    def _boxed(self, title: str, widget: QWidget) -> QGroupBox:
        box = QGroupBox(title, self)
        lay = QVBoxLayout(box)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(widget)
        return box

    def splitters(self) -> dict:
        return {"main": self.splitter, "sheet": self.sheet_splitter, "top": self.top_splitter,
                "chain": self.chain_page.splitter}

    def menu_actions(self) -> list[QAction]:
        return [self.act_award, self.act_rest, self.act_increases, self.act_ledger,
                self.act_chain, self.act_sheet]

    # -- pages (the window-wide shortcuts) -------------------------------------------------
    def show_increases(self) -> None:
        from builder.ui.focus import focus_widget

        view = self.options_panel.view
        focus_widget(view)
        if not view.currentIndex().isValid() and view.model().rowCount():
            view.setCurrentIndex(view.model().index(0, 0))

    def show_ledger(self) -> None:
        from builder.ui.focus import focus_widget

        focus_widget(self.ledger)

    def show_chain(self) -> None:
        from builder.ui.focus import focus_widget

        focus_widget(self.chain_page.view)

    def show_sheet(self) -> None:
        from builder.ui.focus import focus_widget

        focus_widget(self.vitals_view)
        if not self.vitals_view.currentIndex().isValid():
            self.vitals_view.setCurrentIndex(self.vitals_model.index(0, 0))

    def search_widget(self):
        return self.options_panel.search

    def unit(self) -> str:
        return super().unit() or "SP"

    # -- reading the core ------------------------------------------------------------------
    def refresh(self) -> None:
        d = self.doc.derived()
        options = self.doc.options()
        self.derived_state = d
        by_key = {(o["kind"], o["name"]): o for o in options}
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
        # The tables are refilled: the current cell stays where it was (the row
        # just taken keeps the focus).
        kept = [(view, view.currentIndex().row(), view.currentIndex().column())
                for view in (self.vitals_view, self.skills_view)]
        current_class = self.classes_view.currentIndex()
        kept_class = (current_class.siblingAtColumn(0).data(KeyRole),
                      max(0, current_class.column())) if current_class.isValid() else None

        # Core Vitals
        self.vitals_model.clear()
        self.vitals_model.setHorizontalHeaderLabels(["Core Vital", "Score", "Next"])
        for name, score in d["vitals"].items():
            o = by_key.get(("vital", name))
            self.vitals_model.appendRow([
                _item(name, ("vital", name)),
                _item(score, ("vital", name), align_right=True),
                _item(_next_text(o), ("vital", name), reasons_text(o) if o else None,
                      o.get("allowed") if o else None)])
        # Skills
        self.skills_model.clear()
        self.skills_model.setHorizontalHeaderLabels(["Skill", "SL", "Linked Vital", "Next"])
        for name, info in d["skills"].items():
            o = by_key.get(("skill", name))
            self.skills_model.appendRow([
                _item(name, ("skill", name)),
                _item(info["level"], ("skill", name), align_right=True),
                _item(f"{info['linked_vital']} {d['vitals'].get(info['linked_vital'], '')}",
                      ("skill", name)),
                _item(_next_text(o), ("skill", name), reasons_text(o) if o else None,
                      o.get("allowed") if o else None)])
        self._fill_classes(d, options)
        for view, row, column in kept:
            if row >= 0:
                view.setCurrentIndex(view.model().index(row, max(0, column)))
        if kept_class is not None and kept_class[0] is not None:
            self._select_class_row(kept_class[0], kept_class[1])
        self._fill_token_tray(options)
        self._tab_order()
        self.options_panel.set_options(options)
        self.ledger.set_character(self.doc.cf)
        self.award_button.setEnabled(not self.doc.read_only)

    def _tab_order(self) -> None:
        """Widgets made on refresh (rank tokens, use boxes) take their place in the Tab
        order: the sheet top to bottom, then the Increases."""
        chain = [self.vitals_view, self.skills_view, *self.token_chips, self.classes_view]
        for widget in getattr(self, "uses_widgets", []):
            chain += [box for box in widget.boxes if box.isEnabled()]
        chain.append(self.options_panel.search)
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    def _select_class_row(self, key, column: int = 0) -> None:
        model = self.classes_model
        for row in range(model.rowCount()):
            parent = model.item(row, 0)
            if parent.data(KeyRole) == key:
                self.classes_view.setCurrentIndex(model.index(row, column))
                return
            for child in range(parent.rowCount()):
                if parent.child(child, 0).data(KeyRole) == key:
                    self.classes_view.setCurrentIndex(
                        model.index(child, column, parent.index()))
                    return

    def _fill_classes(self, d: dict, options: list[dict]) -> None:
        model = self.classes_model
        model.clear()
        model.setHorizontalHeaderLabels(["Class / trait / spell", "Level / rank",
                                         "Core Skills / uses", "Next / uses left"])
        root = model.invisibleRootItem()
        data = self.doc.ruleset.public_data()
        uses_rows = []
        for cname, c in d["classes"].items():
            o = next((x for x in options if x["kind"] == "class" and x["name"] == cname), None)
            core = ", ".join(f"{s} {d['skills'][s]['level']}" for s in c["core_skills"])
            row = [_item(cname, ("class", cname), f"Core Skills: {core}"),
                   _item(c["level"], ("class", cname), align_right=True),
                   _item(f"core Skills: {core}", ("class", cname)),
                   _item(_next_text(o), ("class", cname), reasons_text(o) if o else None,
                         o.get("allowed") if o else None)]
            root.appendRow(row)
            for trait, t in c["traits"].items():
                tip = f"Path {t['path']} (Path Skill {t['path_skill']})"
                if not t.get("usable", True):
                    tip += f"\nCannot be used while {t['path_skill']} is 0 (ranks are kept)"
                trait_row = [_item(trait, ("trait", trait, cname), tip),
                             _item(f"rank {t['rank']}", ("trait", trait, cname), align_right=True),
                             _item("", ("trait", trait, cname),
                                   f"{t['uses_left']} of {t['rank']} uses left"),
                             _item(f"{t['uses_left']} of {t['rank']} left",
                                   ("trait", trait, cname), allowed=t.get("usable", True))]
                row[0].appendRow(trait_row)
                uses_rows.append((trait_row[2], cname, trait, t))
            # The Class's other traits, without ranks yet: where a new rank can start
            # (a drop target for rank tokens; Enter raises the Class into one).
            data_traits = data["classes"].get(cname, {}).get("traits", {})
            for trait, path in data_traits.items():
                if trait in c["traits"]:
                    continue
                skill = data["paths"][path]["skill"]
                tip = (f"No ranks yet. Path {path} (Path Skill {skill}); a {cname} advance can "
                       "start it at rank 1")
                row[0].appendRow([_item(trait, ("trait", trait, cname), tip, allowed=False),
                                  _item("—", ("trait", trait, cname), align_right=True),
                                  _item(""), _item("")])
            for spell in c["spells"]:
                usable = spell not in c.get("unusable_spells", [])
                row[0].appendRow([_item(f"spell: {spell}", ("spell", spell, cname),
                                        None if usable else "Its Path Skill is 0: cannot be "
                                        "used until the training returns", usable),
                                  _item(""), _item(""), _item("")])
        if not d["classes"]:
            root.appendRow([_item("No Class yet — see New class in Increases"), _item(""),
                            _item(""), _item("")])
        self.classes_view.expandAll()
        self.uses_widgets = []
        for item, cname, trait, t in uses_rows:
            widget = UsesWidget(self, cname, trait, t)
            self.classes_view.setIndexWidget(item.index(), widget)
            self.uses_widgets.append(widget)
        header = self.classes_view.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

    def _fill_token_tray(self, options: list[dict]) -> None:
        """Rank tokens for every Class advance the rules allow now, to drag onto a trait."""
        from builder.ui.chain.view import TokenChip

        for chip in self.token_chips:
            self.token_tray_layout.removeWidget(chip)
            chip.deleteLater()
        self.token_chips = []
        while self.token_tray_layout.count():
            item = self.token_tray_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        chain = getattr(self, "chain_page", None)
        allowed = [o for o in options if o["kind"] in ("class", "new-class") and o["allowed"]]
        if chain is None or not allowed:
            self.token_tray.setVisible(False)
            return
        self.token_tray.setVisible(True)
        label = QLabel("Drag a rank onto a trait:", self.token_tray)
        self.token_tray_layout.addWidget(label)
        for option in allowed:
            chip = TokenChip(option, chain, self.token_tray)
            chip.setCheckable(False)
            self.token_tray_layout.addWidget(chip)
            self.token_chips.append(chip)
        self.token_tray_layout.addStretch(1)

    def light_traits(self, option: dict) -> None:
        """During a rank drag: light the traits it can go to, say why not for the others."""
        from PySide6.QtGui import QBrush

        from builder.ui import theme
        from builder.ui.chain.scene import eligible_fill

        lit_brush = QBrush(eligible_fill(theme.palette()))
        choices = option.get("choices", {})
        eligible = set(choices.get("traits", []))
        blocked = choices.get("blocked_traits", {})
        cname = option["name"]
        lit = set()
        model = self.classes_model
        for row in range(model.rowCount()):
            parent = model.item(row, 0)
            for child_row in range(parent.rowCount()):
                item = parent.child(child_row, 0)
                key = item.data(KeyRole)
                if not key or key[0] != "trait":
                    continue
                if key[2] == cname and key[1] in eligible:
                    # a valid target: lit, and drawn enabled (not greyed)
                    for column in range(parent.columnCount()):
                        cell = parent.child(child_row, column)
                        if cell is not None:
                            cell.setBackground(lit_brush)
                            cell.setData(True, AllowedRole)
                    item.setText(f"➜ {key[1]}")
                    item.setToolTip(f"Drop here: the {cname} rank goes to {key[1]}")
                    lit.add((key[2], key[1]))
                else:
                    why = blocked.get(key[1]) if key[2] == cname else \
                        [f"{key[1]} is a {key[2]} trait, not {cname}"]
                    item.setToolTip("Cannot take this rank: " + "; ".join(why or []))
        self.classes_view.lit = lit

    # -- sheet -> options ------------------------------------------------------------------
    def _sheet_clicked(self, index) -> None:
        key = index.data(KeyRole)
        if key and key[0] in ("vital", "skill", "class"):
            self.side_tabs.setCurrentIndex(0)
            self.options_panel.select(key[0], key[1])

    def _sheet_activated(self, index) -> None:
        """Enter / double-click on a sheet row: take its next increase if the core allows."""
        key = index.data(KeyRole)
        if key and key[0] == "trait":
            # Enter on a trait: raise its Class with the rank going to this trait.
            option = next((o for o in self.doc.options()
                           if o["kind"] == "class" and o["name"] == key[2]), None)
            if option is None or not option["allowed"]:
                self.show_refusal((option or {}).get("reasons") or
                                  [f"{key[2]} cannot advance now"])
                return
            if option.get("casts_spells"):
                # A caster's advance also needs its new spell: ask, with this trait picked.
                dialog = ClassAdvanceDialog(option, self)
                dialog.select_trait(key[1])
                dialog.chosen.connect(self.take_words)
                dialog.open()
                self._dialog = dialog
                return
            self.drop_rank(self.chain_page.token_for(option), key[2], key[1])
            return
        if not key or key[0] not in ("vital", "skill", "class"):
            return
        self._sheet_clicked(index)
        option = self.options_panel.current_option()
        if option is not None and option.get("allowed"):
            self.take(option)

    # -- changes ---------------------------------------------------------------------------
    def take_words(self, words: list[str]) -> bool:
        ok = self.doc.apply_words(words)
        if ok:
            self.refusal_bar.hide()
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
        else:
            self.refresh()  # put checkboxes the player ticked back to the core's state
        return ok

    def take(self, option: Mapping[str, Any]) -> None:
        """Take an increase the core allows; one that asks for a trait (a Class advance)
        asks for its choices first."""
        option = Option.coerce(option)
        if not option.allowed:
            self.show_refusal(list(option.reasons) or ["not possible now"])
            return
        if option.asks_for("trait"):
            dialog = ClassAdvanceDialog(option, self)
            dialog.chosen.connect(self.take_words)
            dialog.open()
            self._dialog = dialog
            return
        self.take_words(option.words_with())

    def drop_rank(self, token: dict, trait_class: str, trait: str) -> bool:
        """A rank token dropped on the trait list: the Class advance and the rank, one action."""
        if not trait:
            self.show_refusal([f"drop the {token.get('class')} rank on one of its traits"])
            return False
        option = next((o for o in self.doc.options() if o["kind"] in ("class", "new-class")
                       and o["name"] == trait_class), None)
        if option is not None and option.get("casts_spells") and not token.get("spell") \
                and token.get("class") == trait_class and option.get("allowed"):
            # a caster's rank also brings a spell: ask before anything is paid
            self._dialog = self.chain_page.ask_spell(option, trait, token)
            return False
        done, reasons = drop_rank(self.doc, token, trait_class, trait)
        if done:
            self.refusal_bar.hide()
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
        else:
            self.show_refusal(reasons)
        return done

    def _awarded(self, dialog, results: dict) -> None:
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
        from builder.ui.dialogs.award import AwardDialog

        window = self.window()
        docs = [doc for doc in getattr(window, "open_documents", lambda: [self.doc])()
                if doc.ruleset.id == self.doc.ruleset.id]
        dialog = AwardDialog(docs or [self.doc], self.doc, self)
        dialog.applied.connect(lambda results, d=dialog: self._awarded(d, results))
        dialog.open()
        self._dialog = dialog


# -- creation form ----------------------------------------------------------------------------
class StoryPointsCreationForm(QWidget):
    """The baseline: unspent SP, Core Vitals, Skills, Classes with trait ranks and spells.

    It produces ``--set`` pairs and lets the core build and judge the baseline
    (``baseline_from_sets`` + ``validate_baseline``); the dialog shows the reasons.
    """

    changed = Signal()

    def __init__(self, ruleset, parent=None):
        super().__init__(parent)
        self.ruleset = ruleset
        data = ruleset.public_data()
        limits = data["limits"]
        self.spins: dict[str, QSpinBox] = {}
        self.spell_boxes: dict[str, list[QCheckBox]] = {}

        def spin(key: str, low: int, high: int, value: int, label: str) -> QSpinBox:
            box = QSpinBox(self)
            box.setRange(low, high)
            box.setValue(value)
            box.setAccessibleName(label)
            box.setObjectName(key)
            box.valueChanged.connect(self.changed)
            # every value box the same width, whatever the grid around it
            box.setFixedWidth(box.fontMetrics().horizontalAdvance("0000") + 48)
            self.spins[key] = box
            return box

        top = QFormLayout()
        top.addRow("Unspent &SP:", spin("sp", 0, 999, 0, "Unspent Story Points"))
        self.active = QCheckBox("Active", self)
        self.active.setChecked(True)
        self.active.toggled.connect(self.changed)
        top.addRow("", self.active)

        vitals = QGroupBox("Core Vitals", self)
        grid = QGridLayout(vitals)
        for i, name in enumerate(data["vitals"]):
            grid.addWidget(QLabel(name, vitals), i, 0)
            grid.addWidget(spin(f"vital.{name}", limits["vital_min"], limits["vital"],
                                limits["vital_min"], name), i, 1)
        skills = QGroupBox("Skills (no higher than the Linked Vital)", self)
        grid = QGridLayout(skills)
        for i, (name, vital) in enumerate(data["skills"].items()):
            grid.addWidget(QLabel(f"{name} ({vital})", skills), i % 7, (i // 7) * 2)
            grid.addWidget(spin(f"skill.{name}", 0, limits["skill"], 0, f"{name}, linked to "
                                f"{vital}"), i % 7, (i // 7) * 2 + 1)
        classes_page = QWidget(self)
        clay = QVBoxLayout(classes_page)
        for cname, info in data["classes"].items():
            box = QGroupBox(f"{cname} (core Skills: {', '.join(info['core_skills'])})",
                            classes_page)
            grid = QGridLayout(box)
            grid.addWidget(QLabel("Level", box), 0, 0)
            grid.addWidget(spin(f"class.{cname}", 0, limits["class"], 0, f"{cname} level"), 0, 1)
            for j, (trait, path) in enumerate(info["traits"].items()):
                row, col = 1 + j // 3, (j % 3) * 2
                label = QLabel(trait, box)
                label.setToolTip(f"Path {path}")
                grid.addWidget(label, row, col)
                grid.addWidget(spin(f"trait.{cname}.{trait}", 0, limits["class"], 0,
                                    f"{cname} trait {trait} rank"), row, col + 1)
            if info["casts_spells"]:
                boxes = []
                spells = QGroupBox("Spells", box)
                sgrid = QGridLayout(spells)
                for j, (spell, path) in enumerate(info["spells"].items()):
                    check = QCheckBox(spell, spells)
                    check.setToolTip(f"Path {path}")
                    check.toggled.connect(self.changed)
                    sgrid.addWidget(check, j // 4, j % 4)
                    boxes.append(check)
                self.spell_boxes[cname] = boxes
                grid.addWidget(spells, 10, 0, 1, 6)
            clay.addWidget(box)
        clay.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setObjectName("classesScroll")
        scroll.setWidgetResizable(True)
        scroll.setWidget(classes_page)
        # it scrolls down only: the form is as wide as the widest Class (its third column
        # of traits was cut off behind a sideways scroll bar)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(classes_page.sizeHint().width()
                               + scroll.verticalScrollBar().sizeHint().width()
                               + 2 * scroll.frameWidth())

        tabs = QTabWidget(self)
        first = QWidget(self)
        flay = QVBoxLayout(first)
        flay.addLayout(top)
        flay.addWidget(vitals)
        flay.addWidget(skills)
        flay.addStretch(1)
        tabs.addTab(first, "Vitals and Skills")
        tabs.addTab(scroll, "Classes")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(tabs)

    def set_value(self, key: str, value: int) -> None:
        self.spins[key].setValue(value)

    def sets(self) -> list[tuple[str, str]]:
        pairs = [("active", "yes" if self.active.isChecked() else "no")]
        for key, box in self.spins.items():
            if key == "sp" or key.startswith(("vital.", "skill.")) or box.value():
                pairs.append((key, str(box.value())))
        for cname, boxes in self.spell_boxes.items():
            pairs += [(f"spell.{cname}", b.text()) for b in boxes if b.isChecked()]
        return pairs

    def baseline(self) -> dict:
        return self.ruleset.baseline_from_sets(self.sets(), rng=random.Random(0))
