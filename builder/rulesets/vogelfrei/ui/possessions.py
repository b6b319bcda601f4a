"""The editor's Possessions page: money, the shop (every equipment table) and the
gear with Wear / Remove, all as action words through the editor.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import random

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton,
                               QSizePolicy, QSpinBox, QSplitter, QTableView, QVBoxLayout,
                               QWidget)

from builder.app.types import Action, RulesError
from builder.ui.focus import search_leads_to
from .dialogs import check_words
from .widgets import reasons_html, table_item

if TYPE_CHECKING:
    from ..rules.ruleset import VogelfreiRuleset
    from .editor import VogelfreiEditor


# -- possessions -------------------------------------------------------------------------------
_MARKS = {"none": "not encumbering", "oversize": "oversize", "normal": ""}


def _price_text(ruleset: VogelfreiRuleset, item: dict[str, Any], market: str) -> str:
    value = item.get(market)
    if value is None:
        return "–"
    return ruleset.money_text(value) + ("+" if item.get("at_least") else "")


def fit_columns(view: QTableView, stretch: tuple[int, ...]) -> None:
    """Columns that fit the view's width: those in ``stretch`` share what the others
    (sized to their contents) leave, and their text wraps (the rows follow the
    columns' widths)."""
    view.setWordWrap(True)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    for col in range(view.model().columnCount()):
        header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col in stretch
                                    else QHeaderView.ResizeMode.ResizeToContents)
    timer = view.findChild(QTimer, "rowsTimer")
    if timer is None:       # wrapped rows follow the columns' widths (debounced)
        timer = QTimer(view, singleShot=True, interval=30)
        timer.setObjectName("rowsTimer")
        timer.timeout.connect(view.resizeRowsToContents)
        header.sectionResized.connect(lambda *_: timer.start())
    timer.start()


def _item_details(item: dict[str, Any]) -> str:
    bits = []
    if "armour_rating" in item:
        bits.append(f"Armour Rating {item['armour_rating']}")
    shield = item.get("shield")
    if shield:
        bits += [f"+{v} {k} AC" for k, v in (("Melee", shield.get("melee")),
                                              ("Ranged", shield.get("ranged"))) if v]
    if item.get("damage"):
        bits.append(f"damage {item['damage']}")
    if item.get("length"):
        bits.append(f"length {item['length']}")
    if item.get("range"):
        bits.append(f"range {item['range']}")
    if item.get("requirement"):
        bits.append(item["requirement"])
    if item.get("consumed"):
        bits.append("paid, not carried")
    if item.get("carried") is False:
        bits.append("not carried")
    return ", ".join(bits)


def keep_rows(view: QTableView, rows: int) -> None:
    """A table at least as tall as its header and ``rows`` rows of text, and no taller
    than the room it is given: it asks for no more (its own wish, some 190 pixels,
    made the page taller than the pane, and the page scrolled its buttons away)."""
    row = max(view.verticalHeader().defaultSectionSize(), view.fontMetrics().height())
    view.setMinimumHeight(view.horizontalHeader().sizeHint().height() + rows * row
                          + 2 * view.frameWidth())
    policy = view.sizePolicy()
    policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
    view.setSizePolicy(policy)


class PossessionsPage(QWidget):
    """Money, the shop (every equipment table, searchable) and the gear with Wear /
    Remove.  Every change is action words through the editor (the core, undo, autosave);
    the prices, refusals and what is left come from the core's resolve / check."""

    def __init__(self, editor: VogelfreiEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("possessionsPage")
        self.editor = editor
        self.doc = editor.doc
        ruleset = self.doc.ruleset
        catalogue = ruleset.catalogue
        # The page scrolls as a whole where the pane is shorter than its two tables at
        # their least (a small screen, or 2x): each table keeps rows enough to choose
        # from instead of shrinking to its header, and the window never grows for them.
        from builder.ui.scrolling import scrolling

        body = QWidget(self)
        area = scrolling(body, "possessionsScroll", self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(area)
        layout = QVBoxLayout(body)

        # money
        money_row = QHBoxLayout()
        self.money_label = QLabel(self)
        self.money_label.setObjectName("moneyLabel")
        # it wraps: a long line ("started with 2d6x10 sp: 4 4") widened the page when it
        # was first shown, and the splitter beside it jumped to make room
        self.money_label.setWordWrap(True)
        self.amount_edit = QLineEdit(self)
        self.amount_edit.setObjectName("amountEdit")
        self.amount_edit.setPlaceholderText("e.g. 1gp 20sp 4bp")
        self.amount_edit.setAccessibleName("Amount of money")
        self.gain_money_button = QPushButton("Gain", self)
        self.gain_money_button.setObjectName("gainMoneyButton")
        self.spend_money_button = QPushButton("Spend", self)
        self.spend_money_button.setObjectName("spendMoneyButton")
        self.gain_money_button.clicked.connect(self.gain_money)
        self.spend_money_button.clicked.connect(self.spend_money)
        money_row.addWidget(self.money_label, 1)
        money_row.addWidget(self.amount_edit)
        money_row.addWidget(self.gain_money_button)
        money_row.addWidget(self.spend_money_button)
        layout.addLayout(money_row)

        split = QSplitter(Qt.Orientation.Vertical, self)
        split.setObjectName("possessionsSplitter")

        # the shop
        shop = QGroupBox("Shop: every equipment table", self)
        shop_layout = QVBoxLayout(shop)
        filters = QHBoxLayout()
        self.search_edit = QLineEdit(shop)
        self.search_edit.setObjectName("shopSearch")
        self.search_edit.setPlaceholderText("Search items…")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setAccessibleName("Search the equipment tables")
        self.category_combo = QComboBox(shop)
        self.category_combo.setObjectName("shopCategory")
        self.category_combo.setAccessibleName("Category")
        self.category_combo.addItem("All categories", "")
        for category in catalogue.categories:
            self.category_combo.addItem(category, category)
        self.market_combo = QComboBox(shop)
        self.market_combo.setObjectName("shopMarket")
        self.market_combo.setAccessibleName("Market")
        self.market_combo.addItem("Usual price", None)
        self.market_combo.addItem("City price", "city")
        self.market_combo.addItem("Rural price", "rural")
        # as wide as its longest text, which the character's state sets later
        self.market_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        filters.addWidget(self.search_edit, 1)
        filters.addWidget(self.category_combo)
        filters.addWidget(self.market_combo)
        shop_layout.addLayout(filters)
        self.shop_model = QStandardItemModel(self)
        self.shop_model.setHorizontalHeaderLabels(["Item", "Category", "City", "Rural",
                                                   "Details"])
        details_tip = "Encumbrance (when not the usual), armour, damage, range, requirement"
        self.shop_model.horizontalHeaderItem(4).setToolTip(details_tip)
        for item in catalogue.items:
            mark = _MARKS.get(item.get("encumbrance", "normal"), "")
            details = " · ".join(bit for bit in (mark, _item_details(item)) if bit)
            cells = [table_item(item["name"]), table_item(item["category"]),
                     table_item(_price_text(ruleset, item, "city"), right=True,
                           tip="not sold in a City" if item.get("city") is None else None),
                     table_item(_price_text(ruleset, item, "rural"), right=True,
                           tip="not sold in Rural places" if item.get("rural") is None
                           else None),
                     table_item(details)]
            cells[0].setData(item["name"], Qt.ItemDataRole.UserRole)
            self.shop_model.appendRow(cells)
        self.shop_view = QTableView(shop)
        self.shop_view.setObjectName("shopTable")
        self.shop_view.setAccessibleName("Equipment for sale")
        self.shop_view.setModel(self.shop_model)
        self.shop_view.verticalHeader().hide()
        self.shop_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.shop_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.shop_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # The table fits its pane (no sideways scrolling at the default window size): the
        # short columns take their contents' width, Item and Details share the rest and
        # wrap (the encumbrance mark, on a few items only, is the first of the details).
        fit_columns(self.shop_view, stretch=(0, 4))
        shop_layout.addWidget(self.shop_view, 1)
        buy_row = QHBoxLayout()
        self.qty_spin = QSpinBox(shop)
        self.qty_spin.setObjectName("buyQty")
        self.qty_spin.setAccessibleName("Quantity")
        self.qty_spin.setRange(1, 9999)
        self.qty_spin.setPrefix("× ")
        self.buy_button = QPushButton("&Buy", shop)
        self.buy_button.setObjectName("buyButton")
        self.gain_button = QPushButton("Gain (found or given)", shop)
        self.gain_button.setObjectName("gainItemButton")
        self.buy_note = QLabel(shop)
        self.buy_note.setObjectName("buyNote")
        self.buy_note.setWordWrap(True)
        # a common (matchlock) firearm may have another lock and a rifled barrel
        options = catalogue.firearm_options
        self.lock_combo = QComboBox(shop)
        self.lock_combo.setObjectName("lockCombo")
        self.lock_combo.setAccessibleName("Lock type")
        self.lock_combo.addItem(options.get("applies_to_lock", "Matchlock"), "")
        for lock in options.get("locks") or {}:
            self.lock_combo.addItem(lock, lock)
        self.rifled_check = QCheckBox(", ".join(options.get("extras") or {}) or "Rifled", shop)
        self.rifled_check.setObjectName("rifledCheck")
        for widget in (self.lock_combo, self.rifled_check):
            buy_row.addWidget(widget)
            widget.hide()
        self.lock_combo.currentIndexChanged.connect(self._update_buy)
        self.rifled_check.toggled.connect(self._update_buy)
        buy_row.addWidget(self.qty_spin)
        buy_row.addWidget(self.buy_button)
        buy_row.addWidget(self.gain_button)
        buy_row.addWidget(self.buy_note, 1)
        shop_layout.addLayout(buy_row)
        split.addWidget(shop)

        # the gear
        held = QGroupBox("Gear", self)
        held_layout = QVBoxLayout(held)
        self.gear_model = QStandardItemModel(self)
        self.gear_view = QTableView(held)
        self.gear_view.setObjectName("gearTable")
        self.gear_view.setAccessibleName("Gear carried and worn")
        self.gear_view.setModel(self.gear_model)
        self.gear_view.verticalHeader().hide()
        self.gear_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.gear_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.gear_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        held_layout.addWidget(self.gear_view, 1)
        gear_row = QHBoxLayout()
        self.wear_button = QPushButton("&Wear", held)
        self.wear_button.setObjectName("wearButton")
        self.remove_button = QPushButton("&Take off", held)
        self.remove_button.setObjectName("removeButton")
        self.drop_qty = QSpinBox(held)
        self.drop_qty.setObjectName("dropQty")
        self.drop_qty.setAccessibleName("How many to drop")
        self.drop_qty.setRange(1, 9999)
        self.drop_qty.setPrefix("× ")
        self.drop_button = QPushButton("&Drop", held)
        self.drop_button.setObjectName("dropButton")
        self.gear_note = QLabel(held)
        self.gear_note.setObjectName("gearNote")
        self.gear_note.setWordWrap(True)
        for control in (self.wear_button, self.remove_button, self.drop_qty, self.drop_button):
            gear_row.addWidget(control)
        gear_row.addStretch(1)
        held_layout.addLayout(gear_row)
        # below the buttons, the width of the pane: beside them a narrow pane (2x)
        # left it a sliver that cut its words
        held_layout.addWidget(self.gear_note)
        split.addWidget(held)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        keep_rows(self.shop_view, 5)
        keep_rows(self.gear_view, 3)
        layout.addWidget(split, 1)

        self.search_edit.textChanged.connect(self._filter)
        self.category_combo.currentIndexChanged.connect(self._filter)
        self.market_combo.currentIndexChanged.connect(self._update_buy)
        self.qty_spin.valueChanged.connect(self._update_buy)
        self.shop_view.selectionModel().selectionChanged.connect(self._update_buy)
        # Enter or a double-click on an item buys it; Down (or Enter) in the search goes
        # on to the first match
        self.shop_view.activated.connect(lambda *_: self.buy())
        search_leads_to(self.search_edit, self.shop_view)
        self.setFocusProxy(self.search_edit)     # the page's keyboard start (Ctrl+5)
        self.buy_button.clicked.connect(self.buy)
        self.gain_button.clicked.connect(self.gain)
        self.gear_view.selectionModel().selectionChanged.connect(self._update_gear_buttons)
        self.wear_button.clicked.connect(lambda: self._gear_action("wear"))
        self.remove_button.clicked.connect(lambda: self._gear_action("remove"))
        self.drop_button.clicked.connect(self.drop)
        self.amount_edit.returnPressed.connect(self.gain_money)

    # -- reading -------------------------------------------------------------------------
    def selected_item(self) -> str | None:
        rows = self.shop_view.selectionModel().selectedRows()
        if not rows:
            return None
        name: str | None = self.shop_model.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole)
        return name

    def selected_gear(self) -> dict[str, Any] | None:
        rows = self.gear_view.selectionModel().selectedRows()
        if not rows:
            return None
        gear: dict[str, Any] | None = self.gear_model.item(rows[0].row(), 0).data(
            Qt.ItemDataRole.UserRole)
        return gear

    def select_item(self, name: str) -> None:
        for row in range(self.shop_model.rowCount()):
            if self.shop_model.item(row, 0).data(Qt.ItemDataRole.UserRole) == name:
                self.shop_view.selectRow(row)
                return

    def item_name(self) -> str | None:
        """The selected item, with the chosen lock and rifling for a common firearm."""
        name = self.selected_item()
        if name is None:
            return None
        catalogue = self.doc.ruleset.catalogue
        item = catalogue.find(name) or {}
        options = catalogue.firearm_options
        lockable = bool(options) and item.get("lock") == options.get("applies_to_lock",
                                                                     "Matchlock")
        self.lock_combo.setVisible(lockable)
        self.rifled_check.setVisible(lockable and bool(options.get("extras")))
        if not lockable:
            return name
        parts = [self.lock_combo.currentData()] if self.lock_combo.currentData() else []
        if self.rifled_check.isChecked():
            parts += list(options.get("extras") or {})
        return f"{name} ({', '.join(parts)})" if parts else name

    def buy_words(self) -> list[str] | None:
        name = self.item_name()
        if name is None:
            return None
        words = ["buy", name, "--qty", str(self.qty_spin.value())]
        if self.market_combo.currentData():
            words += ["--market", self.market_combo.currentData()]
        return words

    def preview(self, words: list[str]) -> tuple[Action | None, list[str]]:
        """(the action as the core would log it, the core's reasons against it): the
        ``do`` path (``CharacterView.preview``), nothing written."""
        try:
            preview = self.doc.cf.preview(self.doc.parse(words), random.Random(0))
        except RulesError as problem:
            return None, [str(problem)]
        if self.doc.read_only:
            return preview.action, [self.doc.read_only]
        return preview.action, list(preview.reasons)

    # -- showing -------------------------------------------------------------------------
    def refresh(self, d: dict[str, Any]) -> None:
        roll = d.get("money_roll")
        text = f"<b>Money: {d['money']['text']}</b>"
        if roll:
            text += (f" &nbsp;(started with {roll['formula']}: "
                     f"{' '.join(map(str, roll['dice']))})")
        prices = ("the cheaper of City and Rural (a new character)" if d.get("prices")
                  == "creation" else "City (in play)")
        self.money_label.setText(text + f"<br>Usual price: {prices}")
        self.market_combo.setItemText(0, "Usual price (cheaper)" if d.get("prices") == "creation"
                                      else "Usual price (City)")
        # its whole text shown, the pane at its narrowest too
        self.market_combo.setMinimumWidth(self.market_combo.sizeHint().width())
        keep = (self.selected_gear() or {}).get("item")
        model = self.gear_model
        model.clear()
        model.setHorizontalHeaderLabels(["Item", "Qty", "Category", "Worn", "Encumbrance"])
        for line in d.get("gear", []):
            cells = [table_item(line["item"], bold=line["worn"], tip=line["item"]),
                     table_item(line["qty"], right=True),
                     table_item(line["category"]), table_item("worn" if line["worn"] else ""),
                     table_item(_MARKS.get(line["encumbrance"], ""))]
            cells[0].setData(dict(line), Qt.ItemDataRole.UserRole)
            model.appendRow(cells)
            if line["item"] == keep:
                self.gear_view.selectRow(model.rowCount() - 1)
        fit_columns(self.gear_view, stretch=(0,))
        weapons = d.get("weapons") or []
        self.gear_note.setText("; ".join(
            f"{w['item']}: " + (w["note"] or "usable") for w in weapons) if weapons
            else "Armour, shields and bucklers can be worn: one armour and one shield.")
        read_only = bool(self.doc.read_only)
        for widget in (self.gain_money_button, self.spend_money_button, self.amount_edit):
            widget.setEnabled(not read_only)
        self._update_buy()
        self._update_gear_buttons()

    def _filter(self, *_: object) -> None:
        text = self.search_edit.text().strip().casefold()
        category = self.category_combo.currentData()
        for row in range(self.shop_model.rowCount()):
            name = self.shop_model.item(row, 0).text().casefold()
            details = self.shop_model.item(row, 4).text().casefold()
            shown = ((not text or text in name or text in details)
                     and (not category or self.shop_model.item(row, 1).text() == category))
            self.shop_view.setRowHidden(row, not shown)

    def _update_buy(self, *_: object) -> None:
        words = self.buy_words()
        read_only = bool(self.doc.read_only)
        if words is None:
            self.buy_note.setText("Choose an item to buy.")
            self.buy_button.setEnabled(False)
            self.gain_button.setEnabled(False)
            return
        action, reasons = self.preview(words)
        self.gain_button.setEnabled(not read_only)
        self.buy_button.setEnabled(not reasons and not read_only)
        if reasons or action is None:
            self.buy_note.setText("✗ " + "; ".join(reasons))
            return
        money = self.doc.cf.state["money"]
        cost = action.number("cost_bp", 0) or 0
        text = self.doc.ruleset.money_text
        self.buy_note.setText(f"{text(cost)} at the {action.text('market', 'city').capitalize()}"
                              f" price; {text(money - cost)} left")

    def _update_gear_buttons(self, *_: object) -> None:
        line = self.selected_gear()
        read_only = bool(self.doc.read_only)
        for button, kind in ((self.wear_button, "wear"), (self.remove_button, "remove")):
            reasons = (check_words(self.doc, [kind, line["item"]]) if line
                       else ["choose an item of the gear"])
            button.setEnabled(not reasons and not read_only)
            if reasons or not line:   # (no line: its reason)
                button.setToolTip(reasons_html(reasons))
            else:
                button.setToolTip(f"{'Put on' if kind == 'wear' else 'Take off'} {line['item']}")
        self.drop_button.setEnabled(bool(line) and not read_only)
        if line:
            self.drop_qty.setMaximum(max(1, line["qty"]))

    # -- changing ------------------------------------------------------------------------
    def buy(self) -> bool:
        words = self.buy_words()
        if not words:
            return False
        return self.editor.take_words(words)

    def gain(self) -> bool:
        name = self.item_name()
        if not name:
            return False
        return self.editor.take_words(["gain", name, "--qty", str(self.qty_spin.value())])

    def drop(self) -> bool:
        line = self.selected_gear()
        return bool(line and self.editor.take_words(["drop", line["item"], "--qty",
                                                     str(self.drop_qty.value())]))

    def _gear_action(self, kind: str) -> bool:
        line = self.selected_gear()
        return bool(line and self.editor.take_words([kind, line["item"]]))

    def gain_money(self) -> bool:
        """Gain the amount typed in the money field (e.g. ``12 gc``)."""
        return self._money("gain-money")

    def spend_money(self) -> bool:
        """Spend the amount typed in the money field."""
        return self._money("spend-money")

    def _money(self, kind: str) -> bool:
        amount = self.amount_edit.text().strip()
        if not amount:
            return False
        ok = self.editor.take_words([kind, *amount.split()])
        if ok:
            self.amount_edit.clear()
        return ok
