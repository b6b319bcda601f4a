"""The ability-bonuses creation form (chips, drag and drop, keyboard, Roll,
Aging) and the Abilities Card, driven with pytest-qt."""
from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from builder.rules.base import Refusal
from builder.storage.rulesets import load_ruleset
from builder.rulesets.ability_bonuses.ui import CHIP_MIME, AbilitiesCard, AbilityBonusesForm
from builder.rulesets.ability_bonuses.ui import form as form_module

# The offscreen platform warns that it cannot propagate size hints on show().
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


class ScriptedDice(random.Random):
    def __init__(self, results):
        super().__init__(0)
        self.results = list(results)

    def randint(self, a, b):
        return self.results.pop(0)


@pytest.fixture
def rs():
    return load_ruleset("ability-bonuses")


@pytest.fixture
def form(qtbot, rs):
    widget = AbilityBonusesForm(rs, rng=random.Random(1))
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def drop(widget, mime: QMimeData) -> bool:
    """Deliver a drag-enter then a drop of ``mime`` on ``widget``, as Qt does."""
    centre = widget.rect().center()
    args = (Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier)
    try:  # PySide6 >= 6.12 takes a QPointF (the QPoint form is deprecated there)
        enter = QDragEnterEvent(QPointF(centre), *args)
    except TypeError:  # older PySide6: QPoint only
        enter = QDragEnterEvent(centre, *args)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    event = QDropEvent(QPointF(centre), Qt.DropAction.MoveAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def drag_chip(qtbot, chip, monkeypatch) -> QMimeData:
    """Press and move the mouse on a chip; return the MIME data the drag carried."""
    started = {}

    class RecordingDrag:
        def __init__(self, source):
            started["source"] = source

        def setMimeData(self, mime):  # noqa: N802 - Qt API
            started["mime"] = mime

        def setPixmap(self, pixmap):  # noqa: N802
            pass

        def setHotSpot(self, point):  # noqa: N802
            pass

        def exec(self, actions):
            started["actions"] = actions
            return Qt.DropAction.MoveAction

    monkeypatch.setattr(form_module, "QDrag", RecordingDrag)
    far = QApplication.startDragDistance() + 5

    def mouse(kind, x, button, buttons):
        local = QPointF(x, x)
        event = QMouseEvent(kind, local, QPointF(chip.mapToGlobal(local.toPoint())),
                            button, buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(chip, event)

    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    mouse(QEvent.Type.MouseButtonPress, 5, left, left)
    mouse(QEvent.Type.MouseMove, 5 + far, none, left)
    mouse(QEvent.Type.MouseButtonRelease, 5 + far, left, none)
    assert started["source"] is chip
    return started["mime"]


def test_starts_empty_with_four_chips_in_the_pool(form):
    assert form.assignment() == {"MIG": None, "DEX": None, "CHA": None, "FOC": None}
    assert sorted(form.pool.chips) == [0, 1, 2, 3]
    assert all(chip.isVisible() for chip in form.pool.chips.values())
    with pytest.raises(Refusal, match=r"Place \+3, \+2, \+1, \+0"):
        form.baseline()
    assert "Place +3, +2, +1, +0" in form.status.text()


def test_dragging_a_chip_from_the_pool_onto_an_ability(qtbot, form, monkeypatch):
    mime = drag_chip(qtbot, form.pool.chips[3], monkeypatch)
    assert mime.hasFormat(CHIP_MIME)
    assert drop(form.slot("DEX"), mime)
    assert form.assignment()["DEX"] == 3
    assert not form.pool.chips[3].isVisible()
    assert form.slot("DEX").chip.isVisible() and form.slot("DEX").chip.text() == "+3"
    # The card follows live.
    assert form.card.label("ability_DEX").text() == "+3"
    assert form.card.label("skilled_DEX").text() == "+6"


def test_dropping_on_an_occupied_ability_swaps_the_chips(qtbot, form, monkeypatch):
    form.place(3, "MIG")
    form.place(2, "DEX")
    mime = drag_chip(qtbot, form.slot("MIG").chip, monkeypatch)  # +3 from MIG...
    assert drop(form.slot("DEX"), mime)                          # ...onto DEX (+2)
    assert form.assignment() == {"MIG": 2, "DEX": 3, "CHA": None, "FOC": None}


def test_dropping_a_pool_chip_on_an_occupied_ability_sends_the_old_one_back(qtbot, form,
                                                                          monkeypatch):
    form.place(3, "CHA")
    mime = drag_chip(qtbot, form.pool.chips[1], monkeypatch)
    assert drop(form.slot("CHA"), mime)
    assert form.assignment()["CHA"] == 1
    assert form.pool.chips[3].isVisible()
    assert not form.pool.chips[1].isVisible()


def test_dropping_a_placed_chip_on_the_pool_takes_it_off(qtbot, form, monkeypatch):
    form.place(2, "FOC")
    mime = drag_chip(qtbot, form.slot("FOC").chip, monkeypatch)
    assert drop(form.pool, mime)
    assert form.assignment()["FOC"] is None
    assert form.pool.chips[2].isVisible()


def test_foreign_drops_are_refused(form):
    mime = QMimeData()
    mime.setText("+3")
    assert not drop(form.slot("MIG"), mime)
    bogus = QMimeData()
    bogus.setData(CHIP_MIME, b"not json")
    assert not drop(form.slot("MIG"), bogus)
    assert form.assignment()["MIG"] is None


def test_a_full_allocation_by_drag_gives_a_legal_baseline(qtbot, form, monkeypatch, rs):
    for value, ability in ((3, "FOC"), (2, "CHA"), (1, "DEX"), (0, "MIG")):
        assert drop(form.slot(ability), drag_chip(qtbot, form.pool.chips[value], monkeypatch))
    baseline = form.baseline()
    assert baseline["abilities"] == {"MIG": 0, "DEX": 1, "CHA": 2, "FOC": 3}
    assert baseline["method"] == "chosen" and baseline["rolls"] == []
    assert rs.validate_baseline(baseline) == []
    assert form.status.text() == "Chosen."
    assert form.pool.empty_label.isVisible()
    assert form.card.label("spell_dc").text() == "14"      # 8 + FOC+ (3 + 3)
    assert form.card.label("martial_dc").text() == "12"    # 8 + DEX+ (1 + 3)
    assert form.card.label("body_def").text() == "+1"
    assert form.card.label("mind_def").text() == "+5"


def test_keyboard_digits_on_a_focused_ability(qtbot, form):
    slot = form.slot("MIG")
    slot.setFocus()
    qtbot.keyClick(slot, Qt.Key.Key_3)
    assert form.assignment()["MIG"] == 3
    qtbot.keyClick(form.slot("DEX"), Qt.Key.Key_2)
    # Swap by keyboard: +2 onto MIG swaps with the +3 there.
    qtbot.keyClick(slot, Qt.Key.Key_2)
    assert form.assignment()["MIG"] == 2 and form.assignment()["DEX"] == 3
    qtbot.keyClick(slot, Qt.Key.Key_Delete)
    assert form.assignment()["MIG"] is None
    qtbot.keyClick(slot, Qt.Key.Key_9)  # not a bonus: nothing happens
    assert form.assignment()["MIG"] is None


def test_keyboard_letters_on_a_focused_chip(qtbot, form):
    qtbot.keyClick(form.pool.chips[3], Qt.Key.Key_F)
    qtbot.keyClick(form.pool.chips[2], Qt.Key.Key_C)
    qtbot.keyClick(form.pool.chips[1], Qt.Key.Key_M)
    qtbot.keyClick(form.pool.chips[0], Qt.Key.Key_D)
    assert form.assignment() == {"MIG": 1, "DEX": 0, "CHA": 2, "FOC": 3}
    assert form.problems() == []


def test_tab_reaches_the_ability_slots(qtbot, form):
    assert form.slot("MIG").focusPolicy() & Qt.FocusPolicy.TabFocus
    assert form.pool.chips[3].focusPolicy() & Qt.FocusPolicy.TabFocus


def test_roll_lists_every_d4_and_reroll(qtbot, rs):
    form = AbilityBonusesForm(rs, rng=ScriptedDice([2, 2, 4, 2, 1]))
    qtbot.addWidget(form)
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)
    assert form.assignment() == {"MIG": 1, "DEX": 3, "CHA": 0, "FOC": 2}
    lines = [form.roll_log.item(i).text() for i in range(form.roll_log.count())]
    assert lines == ["Roll 1: d4 = 2 (DEX) gets +3",
                     "Roll 2: d4 = 2 (DEX) again: reroll",
                     "Roll 3: d4 = 4 (FOC) gets +2",
                     "Roll 4: d4 = 2 (DEX) again: reroll",
                     "Roll 5: d4 = 1 (MIG) gets +1",
                     "CHA gets the remaining +0"]
    baseline = form.baseline()
    assert baseline["method"] == "random" and baseline["rolls"] == [2, 2, 4, 2, 1]
    assert rs.validate_baseline(baseline) == []


def test_a_hand_change_after_a_roll_makes_the_allocation_chosen(qtbot, rs):
    form = AbilityBonusesForm(rs, rng=ScriptedDice([1, 2, 3]))
    qtbot.addWidget(form)
    form.roll()
    form.place(0, "MIG")  # swaps MIG's +3 with FOC's +0
    baseline = form.baseline()
    assert baseline["abilities"] == {"MIG": 0, "DEX": 2, "CHA": 1, "FOC": 3}
    assert baseline["method"] == "chosen" and baseline["rolls"] == []
    assert rs.validate_baseline(baseline) == []


def test_seeded_roll_matches_the_rules_core(qtbot, rs):
    form = AbilityBonusesForm(rs, rng=random.Random(99))
    qtbot.addWidget(form)
    form.roll()
    assert form.baseline()["abilities"] == rs.random_baseline(random.Random(99))["abilities"]


def test_aging_rule_on_the_form(qtbot, rs):
    form = AbilityBonusesForm(rs, rng=ScriptedDice([18]))
    qtbot.addWidget(form)
    form.set_allocation({"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0})
    assert form.baseline()["age"] is None
    assert form.card.label("age").text() == "Aging rule off"
    form.aging_box.setChecked(True)
    form.age_combo.setCurrentIndex(form.age_combo.findData("young"))
    assert form.baseline()["age"] == "young"
    assert form.card.label("ability_SKL").text() == "+2"
    assert form.card.label("ability_SPD").text() == "+4"
    assert "10-18" in form.card.label("age").text()
    qtbot.mouseClick(form.age_roll_button, Qt.MouseButton.LeftButton)
    baseline = form.baseline()
    assert (baseline["age"], baseline["age_roll"]) == ("old", 18)
    assert rs.validate_baseline(baseline) == []
    assert "d20 = 18" in form.age_roll_label.text()
    form.age_combo.setCurrentIndex(form.age_combo.findData("mature"))  # chosen over the roll
    assert (form.baseline()["age"], form.baseline()["age_roll"]) == ("mature", None)
    form.aging_box.setChecked(False)
    assert form.baseline()["age"] is None


def test_changed_signal_fires(qtbot, form):
    with qtbot.waitSignal(form.changed, timeout=1000):
        form.place(3, "MIG")


def test_abilities_card_from_a_saved_character(qtbot, rs):
    state = rs.initial_state(rs.chosen_baseline({"MIG": 3, "DEX": 0, "CHA": 1, "FOC": 2},
                                                age="old"))
    state = rs.apply(state, {"action": "modify", "ability": "DEX", "value": 2, "name": "Haste"})
    card = AbilitiesCard(rs.ability_names)
    qtbot.addWidget(card)
    card.set_derived(rs.derive(state, "Ann"))
    texts = card.texts()
    assert texts["ability_SKL"] == "+4" and texts["ability_SPD"] == "+2"
    assert texts["skilled_MIG"] == "+7" and texts["skilled_SPD"] == "+6"
    assert texts["body_def"] == "+5" and texts["mind_def"] == "+3"
    assert texts["martial_dc"] == "15" and texts["spell_dc"] == "14"
    assert texts["age"].startswith("Old")
    assert "Haste (DEX +2)" in card.findChild(type(card.label("age")), "card_effects").text()


def test_effects_panel_drives_the_ledger_through_the_character_file(qtbot, rs, tmp_path):
    from builder.storage.files import CharacterFile, load_character, new_document
    from builder.rulesets.ability_bonuses.ui import AbilityEffectsPanel

    baseline = rs.chosen_baseline({"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}, age="young")
    path = tmp_path / "ann.json"
    CharacterFile(doc=new_document(rs, "Ann", baseline), ruleset=rs).save(path)
    cf = load_character(path)
    panel = AbilityEffectsPanel(cf.ruleset)
    qtbot.addWidget(panel)
    card = AbilitiesCard(cf.ruleset.ability_names)
    qtbot.addWidget(card)

    def perform(action):
        cf.do(action)
        cf.save()
        panel.set_derived(cf.derived())
        card.set_derived(cf.derived())

    panel.actionRequested.connect(perform)
    panel.set_derived(cf.derived())
    assert not panel.add_button.isEnabled()      # no name yet
    assert not panel.age_button.isEnabled()      # already Young
    panel.name_edit.setText("Giant Strength")
    panel.ability_combo.setCurrentIndex(panel.ability_combo.findData("MIG"))
    panel.value_spin.setValue(2)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert card.label("ability_MIG").text() == "+5"
    assert card.label("martial_dc").text() == "15"   # 8 + MIG+ (5 + SKL 2)
    assert panel.effects_list.count() == 1
    panel.age_combo.setCurrentIndex(panel.age_combo.findData("mature"))  # squire to knight
    qtbot.mouseClick(panel.age_button, Qt.MouseButton.LeftButton)
    assert card.label("ability_SKL").text() == "+3"
    panel.effects_list.setCurrentRow(0)
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert card.label("ability_MIG").text() == "+3"
    assert [e["action"] for e in load_character(path).ledger] == ["modify", "set-age", "unmodify"]


# -- in the main window ------------------------------------------------------------------
@pytest.fixture
def window(qtbot):
    from builder.ui.main_window import MainWindow

    win = MainWindow(restore=False)
    qtbot.addWidget(win)
    yield win
    for editor in win.documents.editors():
        editor.doc.stop_watching()


def test_new_character_dialog_uses_the_chips_form(window, qtbot):
    from builder.storage.files import list_library

    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("ability-bonuses")
    form = dialog.form
    assert isinstance(form, AbilityBonusesForm)
    dialog.name_edit.setText("Bryn")
    assert not dialog.create_button.isEnabled()
    assert "Place +3, +2, +1, +0" in dialog.reasons_label.text()
    for value, ability in ((3, "MIG"), (2, "FOC"), (1, "DEX"), (0, "CHA")):
        qtbot.keyClick(form.slot(ability), getattr(Qt.Key, f"Key_{value}"))
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = list_library()
    doc = json.loads(path.read_text())
    assert doc["ruleset"] == "ability-bonuses"
    assert doc["baseline"]["abilities"] == {"MIG": 3, "DEX": 1, "CHA": 0, "FOC": 2}
    assert window.documents.current_doc().name == "Bryn"


def test_editor_card_effects_age_and_undo(window, qtbot, tmp_path):
    from tests.helpers import ok

    from builder.rulesets.ability_bonuses.ui.editor import AbilityBonusesEditor

    path = tmp_path / "ann.json"
    ok("new", "ability-bonuses", "Ann", "-o", path, "--set", "MIG=3", "--set", "DEX=2",
       "--set", "CHA=1", "--set", "FOC=0", "--set", "age=young")
    editor = window.documents.open_path(path)
    assert isinstance(editor, AbilityBonusesEditor)
    assert editor.card.label("martial_dc").text() == "13"      # 8 + MIG+ (3 + SKL 2)
    assert editor.allocation_label.text() == "Bonuses chosen, not rolled."
    editor.panel.name_edit.setText("Giant Strength")
    editor.panel.ability_combo.setCurrentIndex(editor.panel.ability_combo.findData("MIG"))
    editor.panel.value_spin.setValue(2)
    editor.panel.add_button.click()
    assert editor.card.label("ability_MIG").text() == "+5"
    assert editor.card.label("martial_dc").text() == "15"
    assert editor.panel.name_edit.text() == ""      # cleared for the next effect
    editor.panel.name_edit.setText("Giant Strength")
    editor.panel.add_button.click()  # the same name again: refused, shown in the bar
    assert editor.refusal_bar.isVisibleTo(editor)
    assert "already active" in editor.refusal_bar.label.text()
    editor.panel.age_combo.setCurrentIndex(editor.panel.age_combo.findData("mature"))
    editor.panel.age_button.click()
    assert editor.card.label("ability_SKL").text() == "+3"
    window.action("undo").trigger()
    assert editor.card.label("ability_SKL").text() == "+2"
    window.action("undo").trigger()
    assert editor.card.label("ability_MIG").text() == "+3"
    assert json.loads(path.read_text())["ledger"] == []


def test_editor_lists_the_rolled_dice(window, tmp_path):
    from tests.helpers import ok

    path = tmp_path / "r.json"
    ok("new", "ability-bonuses", "R", "-o", path, "--seed", "9")
    editor = window.documents.open_path(path)
    rolls = json.loads(path.read_text())["baseline"]["rolls"]
    assert editor.allocation_label.text().startswith("Rolled d4: ")
    assert editor.allocation_label.text().count("(") == len(rolls)


def test_the_ledger_shows_no_empty_cost_and_balance_columns(window, tmp_path):
    """Ability Bonuses has no points to spend: its ledger has no "Cost / gain" and
    "After" columns (they stood as "—" and blank); a ruleset with a balance keeps them."""
    from tests.helpers import ok
    from tests.ui.conftest import SENNA, make_character

    from builder.ui.models.ledger_model import COL_ACTION, COL_BALANCE, COL_COST

    path = tmp_path / "e.json"
    ok("new", "ability-bonuses", "E", "-o", path, "--seed", "9")
    ok("do", path, "modify", "MIG", "1", "--name", "Giant Strength")
    view = window.documents.open_path(path).ledger
    assert view.ledger_model.rowCount() == 1
    assert view.isColumnHidden(COL_COST) and view.isColumnHidden(COL_BALANCE)
    assert not view.isColumnHidden(COL_ACTION)
    senna = window.documents.open_path(make_character("Senna", *SENNA)).ledger
    assert not senna.isColumnHidden(COL_COST) and not senna.isColumnHidden(COL_BALANCE)
