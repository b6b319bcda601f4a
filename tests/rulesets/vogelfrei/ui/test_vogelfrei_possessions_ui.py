"""The Vogelfrei Possessions page and the wizard's alignment, Status and money steps."""
from __future__ import annotations

import json
import random
from pathlib import Path

from PySide6.QtCore import Qt

from tests.helpers import ok
from tests.rulesets.vogelfrei.ui.test_vogelfrei_ui import GRETA


def make(name="Greta", *extra) -> Path:
    return Path(ok("new", "vogelfrei", name, *GRETA, "--set", "money=2gp", *extra).out.strip())


def ledger(path: Path) -> list[dict]:
    return json.loads(path.read_text())["ledger"]


def test_buy_wear_drop_and_money_go_through_the_core_and_undo(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    page = editor.possessions
    editor.side_tabs.setCurrentWidget(page)
    assert "2 gp" in page.money_label.text()
    assert editor.sheet.gear_fields["ac"].text().startswith("<b>9</b> melee")   # 8 + 0 + WS 1
    page.search_edit.setText("wams")
    shown = [r for r in range(page.shop_model.rowCount()) if not page.shop_view.isRowHidden(r)]
    assert [page.shop_model.item(r, 0).text() for r in shown] == ["Wams"]
    page.select_item("Wams")
    # the price (the cheaper, a new character) and the money left, from the core
    assert page.buy_note.text() == "15 sp at the City price; 1 gp 35 sp left"
    page.buy_button.click()
    assert ledger(path)[-1]["action"] == "buy" and ledger(path)[-1]["cost_bp"] == 180
    assert "1 gp 35 sp" in page.money_label.text()
    assert page.gear_model.item(0, 0).text() == "Wams"
    page.gear_view.selectRow(0)
    assert page.wear_button.isEnabled() and not page.remove_button.isEnabled()
    page.wear_button.click()
    assert ledger(path)[-1] == {**ledger(path)[-1], "action": "wear", "item": "Wams"}
    assert page.gear_model.item(0, 3).text() == "worn"
    assert editor.sheet.gear_fields["ac"].text().startswith("<b>11</b> melee")  # Armour Rating 2
    # money in and out
    page.amount_edit.setText("1gp 20sp 4bp")
    page.gain_money_button.click()
    assert ledger(path)[-1] == {**ledger(path)[-1], "action": "gain-money", "bp": 844}
    # undo takes the last change back, like any other
    editor.doc.undo_stack.undo()
    assert ledger(path)[-1]["action"] == "wear"
    editor.doc.undo_stack.undo()
    assert page.gear_model.item(0, 3).text() == ""
    page.gear_view.selectRow(0)
    page.drop_button.click()
    assert page.gear_model.rowCount() == 0


def test_refusals_are_shown_and_change_nothing(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    page = editor.possessions
    page.select_item("Full-plate")
    assert not page.buy_button.isEnabled()
    assert "not enough money" in page.buy_note.text() and "missing" in page.buy_note.text()
    page.select_item("Jack Chain")
    page.market_combo.setCurrentIndex(page.market_combo.findData("rural"))
    assert "not sold at the Rural market" in page.buy_note.text()
    before = path.read_bytes()
    page.amount_edit.setText("9gp")
    assert not page.spend_money()
    assert "missing" in editor.refusal_bar.label.text()
    assert path.read_bytes() == before


def test_the_magic_user_cannot_wear_armour(window, qtbot):
    path = Path(ok("new", "vogelfrei", "Mage", *[a.replace("Warrior", "Magic-User")
                                                .replace("Mercenary", "Wizard")
                                                .replace("stamina_roll=3", "stamina_roll=2")
                                                for a in GRETA], "--set", "money=2gp"
                   ).out.strip())
    editor = window.documents.open_path(path)
    page = editor.possessions
    page.select_item("Wams")
    page.gain_button.click()
    page.gear_view.selectRow(0)
    assert not page.wear_button.isEnabled()
    assert "Magic-User" in page.wear_button.toolTip()
    assert editor.sheet.gear_fields["alignment"].text().startswith("Chaos (Magic-Users must")


def test_the_wizard_alignment_status_and_money_steps(window, qtbot):
    from builder.ui.dialogs.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(window)
    dialog.choose_ruleset("vogelfrei")
    dialog.name_edit.setText("Rolf")
    form = dialog.form
    form.rng = random.Random(3)
    form.rolls.roll_abilities()
    form.class_combo.setCurrentIndex(form.class_combo.findData("Cleric"))
    form.career_combo.setCurrentIndex(form.career_combo.findData("Priest"))
    assert form.alignment_combo.currentData() == "Order"
    assert not form.alignment_combo.isEnabled()
    assert "divine powers" in form.alignment_note.text()
    # the Priest page gives no Status: the wizard asks for one
    assert form.status_combo.isVisibleTo(form)
    assert "no Status" in form.status_note.text()
    assert not form.money_button.isEnabled()
    form.status_combo.setCurrentIndex(form.status_combo.findData("Brass"))
    assert form.money_button.text() == "Roll 10d6x10 bp"
    form.rolls.roll_pool("wounds")
    form.rolls.roll_pool("stamina")
    form.rolls.roll_money()
    assert len(form.money_dice) == 10 and form.money_dice_row.values() == form.money_dice
    assert "→" in form.money_note.text()
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    baseline = form.baseline()
    assert baseline["status"] == "Brass" and baseline["alignment"] == "Order"
    assert baseline["money_dice"] == form.money_dice
    assert "--set status=Brass" in form.command.text()
    # a career with its own Status hides the choice; a free class may choose
    form.class_combo.setCurrentIndex(form.class_combo.findData("Warrior"))
    form.career_combo.setCurrentIndex(form.career_combo.findData("Knight"))
    assert not form.status_combo.isVisibleTo(form) and "Gold" in form.status_note.text()
    assert form.alignment_combo.isEnabled()
    assert form.money_dice is None                 # the Status changed: roll again
    form.alignment_combo.setCurrentIndex(form.alignment_combo.findData("Chaos"))
    form.rolls.roll_money()
    assert form.baseline()["alignment"] == "Chaos" and len(form.money_dice) == 1


def test_a_firearm_with_another_lock_and_rifling(window, qtbot):
    path = Path(ok("new", "vogelfrei", "Gunner", *GRETA, "--set", "money=30gp").out.strip())
    editor = window.documents.open_path(path)
    page = editor.possessions
    page.select_item("Torch")
    assert page.lock_combo.isHidden()
    page.select_item("Musket")
    assert not page.lock_combo.isHidden()
    page.lock_combo.setCurrentIndex(page.lock_combo.findData("Wheellock"))
    page.rifled_check.setChecked(True)
    assert page.buy_note.text().startswith("16 gp 40 sp at the City price")   # 840 sp
    page.buy_button.click()
    assert ledger(path)[-1]["item"] == "Musket (Wheellock, Rifled)"
    assert ledger(path)[-1]["cost_bp"] == 840 * 12


def test_the_shop_and_gear_tables_fit_the_default_window_without_sideways_scrolling(window,
                                                                                   qtbot):
    """At the window's default size the shop shows every column (Item and Details share
    what the short columns leave and wrap; each row is as tall as its wrapped text)."""
    from PySide6.QtWidgets import QApplication

    path = make()
    window.show()
    qtbot.waitExposed(window)
    editor = window.documents.open_path(path)
    page = editor.possessions
    editor.side_tabs.setCurrentWidget(page)
    QApplication.processEvents()
    view = page.shop_view
    header = view.horizontalHeader()
    qtbot.waitUntil(lambda: all(view.rowHeight(r) >= view.sizeHintForRow(r)
                                for r in range(page.shop_model.rowCount())))
    assert view.horizontalScrollBar().maximum() == 0
    assert header.length() <= view.viewport().width()
    for col in range(page.shop_model.columnCount()):
        title = page.shop_model.headerData(col, Qt.Orientation.Horizontal)
        assert header.sectionSize(col) >= view.fontMetrics().horizontalAdvance(title)
    long_rows = [r for r in range(page.shop_model.rowCount())
                 if view.fontMetrics().horizontalAdvance(page.shop_model.item(r, 0).text())
                 > header.sectionSize(0)]
    assert long_rows                                # some names wrap...
    for r in long_rows:                             # ...into rows tall enough for them
        assert view.rowHeight(r) >= 2 * view.fontMetrics().lineSpacing()
    # the gear table too, with a long name in it
    page.select_item("Clothing (Winter Travel)")
    assert page.gain()
    QApplication.processEvents()
    assert page.gear_view.horizontalScrollBar().maximum() == 0
    assert page.gear_view.horizontalHeader().length() <= page.gear_view.viewport().width()


def test_the_shop_marks_unusual_encumbrance_in_the_details(window):
    editor = window.documents.open_path(make())
    page = editor.possessions
    model = page.shop_model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    rows = {model.item(r, 0).text(): r for r in range(model.rowCount())}
    details = model.item(rows["Shield"], titles.index("Details")).text()
    assert details.startswith("oversize") and "Melee AC" in details


def test_the_gear_buttons_stay_in_sight_at_the_default_window_size(window, qtbot):
    """At the window's default size the whole page fits its pane: Wear, Take off and Drop
    are in sight before and after a Buy (whose lines wrap anew), the page never grows
    past the pane (the gear table yields the room), so the wheel has no page to scroll."""
    from PySide6.QtWidgets import QApplication, QScrollArea

    from tests.helpers import ok

    # rolled starting money: the long money line ("started with 2d6x10 sp: 6 3")
    path = Path(ok("new", "vogelfrei", "Greta", *GRETA, "--seed", "3").out.strip())
    window.show()
    qtbot.waitExposed(window)
    editor = window.documents.open_path(path)
    page = editor.possessions
    editor.side_tabs.setCurrentWidget(page)
    area = page.findChild(QScrollArea, "possessionsScroll")

    def in_sight() -> None:
        QApplication.processEvents()
        assert area.verticalScrollBar().maximum() == 0
        assert area.widget().height() == area.viewport().height()
        for button in (page.wear_button, page.remove_button, page.drop_button):
            bottom = button.mapTo(area.viewport(), button.rect().bottomLeft()).y()
            assert button.isVisible() and bottom < area.viewport().height(), button.text()

    assert "started with" in page.money_label.text()
    in_sight()
    for item in ("Wams", "Jack Chain"):
        page.select_item(item)
        qtbot.mouseClick(page.buy_button, Qt.MouseButton.LeftButton)
        in_sight()
    assert page.gear_model.rowCount() == 2
