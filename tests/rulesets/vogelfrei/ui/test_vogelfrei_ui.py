"""The Vogelfrei window parts: the editor, the level-up / career / award dialogs,
the creation wizard and the party XP dialog."""
from __future__ import annotations

import json
import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.helpers import ok

GRETA = ["--set", "class=Warrior", "--set", "career=Mercenary", "--set", "Strength=12",
         "--set", "Toughness=13", "--set", "Agility=10", "--set", "Intelligence=9",
         "--set", "Willpower=8", "--set", "Leadership=11", "--set", "wounds_roll=5",
         "--set", "stamina_roll=3"]


def make(name: str = "Greta", *extra: str) -> Path:
    return Path(ok("new", "vogelfrei", name, *GRETA, *extra).out.strip())


def ledger(path: Path) -> list[dict]:
    return json.loads(path.read_text())["ledger"]


def test_the_editor_shows_the_cores_derived_values(window, qtbot):
    from builder.rulesets.vogelfrei.ui.editor import VogelfreiEditor

    path = make()
    editor = window.documents.open_path(path)
    assert isinstance(editor, VogelfreiEditor)
    d = editor.doc.derived()
    assert editor.summary_label.text() == "Level 1 Warrior Mercenary · status Silver · Neutrality"
    score, mod = editor.sheet.ability_labels["Toughness"]
    assert (score.text(), mod.text()) == ("13", "+1")
    assert editor.sheet.ability_labels["Willpower"][1].text() == "-1"
    # Wounds: d8 roll 5, minimum 8, Toughness +1 -> 9
    assert editor.sheet.wounds_row.bar.format() == "9 / 9"
    assert "minimum 8" in editor.sheet.wounds_row.bar.toolTip()
    assert editor.sheet.stamina_row.bar.format() == "3 / 3"
    assert editor.sheet.save_labels["poison"].text() == str(d["saves"]["poison"])
    assert "level 2 at <b>2000</b>" in editor.sheet.xp_label.text()
    assert editor.sheet.xp_track.thresholds == [r["xp"] for r in d["class_table"]]
    # the class table marks the current level
    model = editor.sheet.table_model
    assert model.rowCount() == 6
    assert model.item(0, 0).text() == "▶ 1" and model.item(0, 0).font().bold()
    assert model.item(1, 0).text() == "2" and model.item(1, 1).text() == "2000"
    # careers taken
    assert editor.sheet.careers_tree.topLevelItem(0).text(0) == "Warrior Mercenary"
    # damage and heal go through the core, each one undo step
    editor.sheet.wounds_row.amount.setValue(4)
    editor.sheet.wounds_row.damage.click()
    assert editor.sheet.wounds_row.bar.format() == "5 / 9"
    editor.sheet.wounds_row.amount.setValue(10)
    editor.sheet.wounds_row.heal.click()
    assert editor.sheet.wounds_row.bar.format() == "9 / 9"   # never above the maximum
    assert [e["action"] for e in ledger(path)] == ["damage-wounds", "heal-wounds"]
    assert not editor.sheet.wounds_row.heal.isEnabled()


def test_a_narrow_sheet_puts_damage_and_heal_under_the_bar_and_never_scrolls_sideways(
        window, qtbot):
    from PySide6.QtWidgets import QScrollArea

    editor = window.documents.open_path(make())
    window.show()
    qtbot.waitExposed(window)
    scroll = editor.findChild(QScrollArea, "sheetScroll")
    rows = (editor.sheet.wounds_row, editor.sheet.stamina_row)
    wide = editor.splitter.width()
    editor.splitter.setSizes([wide - 200, 200])          # room to spare: one row each
    qtbot.waitUntil(lambda: not any(row.two_rows for row in rows))
    assert scroll.horizontalScrollBar().maximum() == 0
    # a 2x screen's pane: as narrow as the sheet says it can be, with its scroll bar
    narrow = (scroll.widget().minimumSizeHint().width()
              + scroll.verticalScrollBar().sizeHint().width() + 2 * scroll.frameWidth() + 4)
    assert narrow < editor.sheet.wounds_row.sizeHint().width()  # too narrow for one row
    editor.splitter.setSizes([narrow, wide - narrow])
    qtbot.waitUntil(lambda: all(row.two_rows for row in rows))
    assert scroll.horizontalScrollBar().maximum() == 0
    damage, bar = editor.sheet.wounds_row.damage, editor.sheet.wounds_row.bar
    qtbot.waitUntil(lambda: damage.mapTo(editor, damage.rect().topLeft()).y()
                    > bar.mapTo(editor, bar.rect().bottomLeft()).y())
    assert damage.isVisible() and damage.width() >= damage.minimumSizeHint().width()


def test_level_up_is_greyed_with_the_cores_reason(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    level = editor.level_option()
    assert level.allowed is False
    reason = "level 2 needs 2000 XP on the Warrior table (has 0, 2000 short)"
    assert level.reasons == (reason,)
    assert not editor.level_button.isEnabled()
    assert reason in editor.level_button.toolTip()
    assert reason in editor.sheet.level_reason.text()
    # the same in the level and career list, which refuses to take it
    panel = editor.options_panel
    assert panel.select("level", "Warrior Mercenary")
    assert reason in panel.details.toPlainText()
    assert not panel.take_button.isEnabled()
    before = path.read_bytes()
    editor.take_option(level)
    assert path.read_bytes() == before
    assert reason in editor.refusal_bar.label.text()


def test_award_xp_dialog_shows_the_session_cap_and_is_one_undo_step(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    dialog = editor.award_xp()
    assert not dialog.ok.isEnabled()           # no session yet: the core says so
    assert "session" in dialog.reasons_label.text()
    dialog.session.setText("1")
    dialog.amount.setValue(5000)
    # the Warrior cap at level 1 is 3000: the core's resolve says what is kept
    assert "3000 XP gained, 2000 lost to the session cap" in dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    assert editor.doc.derived()["xp"] == 3000
    assert editor.doc.undo_stack.count() == 1
    assert window.balance_label.text().endswith("3000")
    assert "+3000 XP" == editor.ledger.ledger_model.index(1, 2).data()


def test_level_up_through_the_dialog_with_a_given_roll_is_one_undo_step(window, qtbot):
    path = make()
    ok("do", str(path), "award-xp", "2500", "--session", "4")
    editor = window.documents.open_path(path)
    assert editor.level_button.isEnabled()
    assert "✓ Level 2" in editor.sheet.level_reason.text()
    dialog = editor.level_up()
    assert dialog.session.text() == "4"          # the session of the last award
    qtbot.waitExposed(dialog)
    assert dialog.focusWidget() is dialog.session   # keyboard users start in the form
    assert dialog.session.selectedText() == "4"
    assert not dialog.ok.isEnabled()
    assert "the Stamina roll (1 to 4 on the Warrior d4) is missing" in \
        dialog.reasons_label.text()
    dialog.stamina.spin.setValue(3)              # typed from the player's own die
    assert dialog.stamina.face.text() == "3"
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    entries = ledger(path)
    assert entries[-1]["action"] == "level-up" and entries[-1]["roll"] == 3
    d = editor.doc.derived()
    assert d["level"] == 2 and d["stamina"]["max"] == 6 and d["wounds"]["max"] == 10
    assert editor.doc.undo_stack.count() == 1
    assert editor.sheet.table_model.item(1, 0).text() == "▶ 2"
    # one level per session: the button is greyed again, with the core's reason
    assert not editor.level_button.isEnabled()
    assert "one level per session" in editor.sheet.level_reason.text()
    window.action("undo").trigger()
    assert [e["action"] for e in ledger(path)] == ["award-xp"]
    assert editor.doc.derived()["level"] == 1


def test_level_up_rolled_in_the_app_shows_the_die(window, qtbot):
    path = make()
    ok("do", str(path), "award-xp", "2500", "--session", "4")
    editor = window.documents.open_path(path)
    editor.rng = random.Random(11)
    dialog = editor.level_up()
    dialog.stamina.roll_button.click()
    rolled = random.Random(11).randint(1, 4)
    assert dialog.stamina.value() == rolled and dialog.stamina.face.text() == str(rolled)
    dialog.ok.click()
    assert ledger(path)[-1]["roll"] == rolled


def test_a_stamina_die_rolled_in_the_app_is_rolled_once(window, qtbot):
    """As at the table, the die is not rolled again: the button is spent, the value is
    not typed over, and a cancelled dialog opened again, or the level undone and taken
    again, shows the same roll; the next level rolls anew."""
    path = make()
    ok("do", str(path), "award-xp", "2500", "--session", "4")
    editor = window.documents.open_path(path)
    editor.rng = random.Random(11)
    dialog = editor.level_up()
    dialog.stamina.roll_button.setFocus()
    QTest.keyClick(dialog.stamina.roll_button, Qt.Key.Key_Return)    # Enter rolls no die
    assert dialog.stamina.value() is None and ledger(path)[-1]["action"] == "award-xp"
    rolled = dialog.stamina.roll()
    assert not dialog.stamina.roll_button.isEnabled() and dialog.stamina.spin.isReadOnly()
    dialog.reject()
    again = editor.level_up()
    assert again.stamina.value() == rolled and not again.stamina.roll_button.isEnabled()
    assert again.stamina.roll() == rolled                     # no second throw
    again.ok.click()
    assert ledger(path)[-1]["roll"] == rolled
    window.action("undo").trigger()                            # the level undone ...
    assert ledger(path)[-1]["action"] == "award-xp"
    retaken = editor.level_up()                                 # ... and taken again
    assert retaken.stamina.value() == rolled and not retaken.stamina.roll_button.isEnabled()
    retaken.ok.click()
    ok("do", str(path), "award-xp", "9000", "--session", "5")
    editor.doc.reload()
    assert editor.level_up().stamina.roll_button.isEnabled()  # the next level: a new die


def test_a_die_rolled_for_one_class_is_not_another_class_die(window, qtbot):
    path = make()
    ok("do", str(path), "award-xp", "2500", "--session", "1")
    editor = window.documents.open_path(path)
    dialog = editor.change_career("Cleric", "Priest")
    sides = dialog.stamina.sides
    rolled = dialog.stamina.roll()
    classes = editor.doc.ruleset.classes
    other = next(c for c in classes if int(classes[c].get("stamina_die", 6)) != sides)
    dialog.select(other, None)
    assert dialog.stamina.value() is None and dialog.stamina.roll_button.isEnabled()
    dialog.select("Cleric", "Priest")
    assert dialog.stamina.value() == rolled and not dialog.stamina.roll_button.isEnabled()


def test_change_career_greys_careers_with_the_cores_reasons(window, qtbot):
    path = make()
    ok("do", str(path), "award-xp", "2500", "--session", "1")
    editor = window.documents.open_path(path)
    # Take… on an allowed row of the level and career list opens the dialog on it
    panel = editor.options_panel
    assert panel.select("career", "Cleric Priest") and panel.take_button.isEnabled()
    panel.take_button.click()
    dialog = editor.dialog
    assert dialog.current_class() == "Cleric" and dialog.current_career() == "Priest"
    assert "the Stamina roll (1 to 3 on the Cleric d3) is missing" in \
        dialog.reasons_label.text()
    dialog.stamina.spin.setValue(2)
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    dialog.ok.click()
    d = editor.doc.derived()
    assert (d["class"], d["career"], d["level"]) == ("Cleric", "Priest", 2)
    assert editor.doc.undo_stack.count() == 1
    # now every career is greyed: a level was gained in session 1
    dialog = editor.change_career("Warrior", None)
    options = {dialog.careers.item(r).data(Qt.ItemDataRole.UserRole):
               dialog.careers.item(r).data(Qt.ItemDataRole.UserRole + 1)
               for r in range(dialog.careers.count())}
    assert options["Mercenary"].allowed is False
    assert any("has left the Warrior Mercenary career" in r
               for r in options["Mercenary"].reasons)
    assert not dialog.ok.isEnabled()
    assert not editor.career_button.isEnabled()


def test_the_wizard_rolls_like_new_with_a_seed(window, qtbot, tmp_path):
    """Every step rolled from one seed gives exactly what `new vogelfrei --seed` gives."""
    from builder.storage.files import list_library
    from builder.rulesets.vogelfrei.ui.creation import VogelfreiCreationForm

    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("vogelfrei")
    form = dialog.form
    assert isinstance(form, VogelfreiCreationForm)
    dialog.name_edit.setText("Hans")
    assert not dialog.create_button.isEnabled()
    assert "Still to roll or choose: a score for Strength" in dialog.reasons_label.text()
    form.rng = random.Random(7)
    form.rolls.roll_everything()
    cli_path = Path(ok("new", "vogelfrei", "Hans", "--seed", "7", "-o",
                       str(tmp_path / "hans.json")).out.strip())
    expected = json.loads(cli_path.read_text())["baseline"]
    # this career gives no Status: the wizard asks for it before Create (the command
    # line leaves it blank, and so the money)
    assert not expected.get("status")
    assert not dialog.create_button.isEnabled()
    assert "the Status" in dialog.reasons_label.text()
    form.status_combo.setCurrentIndex(1)
    assert "not rolled yet" in dialog.reasons_label.text()      # then its money
    form.money_button.click()
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    chosen = form.baseline()
    assert chosen["status"] == form.status_combo.currentData()
    assert {k: v for k, v in chosen.items() if k not in ("status", "money_dice")} == expected
    # every die is shown
    for ability, dice in expected["ability_rolls"].items():
        assert form.dice_rows[ability].values() == dice
        assert form.score_spins[ability].value() == sum(dice)
    assert form.class_dice_row.values() == expected["class_roll"]
    assert form.career_dice_row.values() == expected["career_rolls"]
    assert form.pool_faces["wounds"].value == expected["wounds_roll"]
    # the command line of the same character
    assert "--set class=" + expected["class"] in form.command.text()
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = [p for p in list_library() if p.resolve() != cli_path.resolve()]
    assert json.loads(path.read_text())["baseline"] == chosen
    assert window.documents.current_doc().name == "Hans"


def test_the_wizard_typed_values_swap_and_live_reasons(window, qtbot):
    from builder.ui.dialogs.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(window)
    dialog.choose_ruleset("vogelfrei")
    dialog.name_edit.setText("Greta")
    form = dialog.form
    scores = {"Strength": 12, "Toughness": 13, "Agility": 10, "Intelligence": 9,
              "Willpower": 8, "Leadership": 11}
    for ability, value in scores.items():
        form.score_spins[ability].setValue(value)
    assert form.mod_labels["Toughness"].text() == "+1"
    assert "✓ Suitable" in form.suitability_label.text()
    form.class_combo.setCurrentIndex(form.class_combo.findData("Warrior"))
    assert "Still to roll or choose: the career" in dialog.reasons_label.text()
    assert "--set" not in dialog.reasons_label.text()
    form.career_combo.setCurrentIndex(form.career_combo.findData("Mercenary"))
    form.pool_spins["wounds"].setValue(9)          # impossible on the Warrior d8
    form.pool_spins["stamina"].setValue(3)
    assert "the Wounds roll 9 is impossible on the Warrior d8 (1 to 8)" in \
        dialog.reasons_label.text()
    assert not dialog.create_button.isEnabled()
    form.pool_spins["wounds"].setValue(5)
    assert "the starting money (2d6x10 sp) is not rolled yet" in dialog.reasons_label.text()
    form.rolls.roll_money()
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    assert "→ Wounds 9" in form.pool_notes["wounds"].text()
    # the one swap
    form.swap_a.setCurrentIndex(form.swap_a.findData("Strength"))
    assert not dialog.create_button.isEnabled()    # half a swap: the core says why
    form.swap_b.setCurrentIndex(form.swap_b.findData("Agility"))
    assert dialog.create_button.isEnabled(), dialog.reasons_label.text()
    ruleset = form.ruleset
    sets_baseline = ruleset.baseline_from_sets(
        [tuple(s.split("=", 1)) for s in GRETA[1::2]] + [("swap", "Strength,Agility"),
         ("money_dice", ",".join(map(str, form.money_dice)))],
        rng=random.Random(0))
    assert form.baseline() == sets_baseline
    # a score typed over a rolled one drops its dice
    form.rng = random.Random(1)
    form.rolls.roll_abilities()
    assert len(form.dice_rows["Strength"].values()) == 3
    form.score_spins["Strength"].setValue(18 if form.score_spins["Strength"].value() != 18
                                          else 17)
    assert form.dice_rows["Strength"].values() == []
    assert "Strength" not in form.baseline()["ability_rolls"]


def test_the_wizard_offers_a_reroll_for_an_unsuitable_character(window, qtbot):
    from builder.ui.dialogs.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(window)
    dialog.choose_ruleset("vogelfrei")
    form = dialog.form
    seed = next(s for s in range(200) if _unsuitable(form, s))
    form.rng = random.Random(seed)
    form.rolls.roll_abilities()
    assert "Not suitable" in form.suitability_label.text()
    assert form.reroll_button.isEnabled()
    first = {a: list(d) for a, d in form.dice.items()}
    form.reroll_button.click()
    assert form.discarded == [first]
    form.class_combo.setCurrentIndex(form.class_combo.findData("Peasant"))
    form.rolls.roll_career()
    form.rolls.roll_pool("wounds")
    form.rolls.roll_pool("stamina")
    form.rolls.roll_money()
    baseline = form.baseline()
    assert baseline["discarded_rolls"] == [first]
    assert form.ruleset.validate_baseline(baseline) == []


def test_a_score_3d6_cannot_give_has_no_modifier_and_no_suitability(window):
    """A typed 2 is refused by the rules (3d6 gives 3 to 18): the form shows it no
    modifier and judges no suitability from it, until it is one 3d6 can give."""
    from builder.ui.dialogs.new_character import NewCharacterDialog

    dialog = NewCharacterDialog(window)
    dialog.choose_ruleset("vogelfrei")
    dialog.name_edit.setText("Greta")
    form = dialog.form
    for ability, value in zip(form.abilities, (2, 13, 10, 9, 8, 11)):
        form.score_spins[ability].setValue(value)
    strength = form.abilities[0]
    assert form.mod_labels[strength].text() == ""
    assert form.suitability() is None
    assert form.suitability_label.text() == "Suitable? Roll or type every ability first."
    form.score_spins[strength].setValue(3)
    assert form.mod_labels[strength].text() == "-3"
    assert form.suitability() is not None
    dialog.reject()


def _unsuitable(form, seed: int) -> bool:
    form.rng = random.Random(seed)
    form.rolls.roll_abilities()
    return form.reroll_offered()


def test_party_xp_splits_and_writes_shares_with_a_partial_share(window, qtbot):
    from builder.rulesets.vogelfrei.ui.party_xp import PartyXpDialog

    anna, bert = make("Anna"), make("Bert")
    ed_anna = window.documents.open_path(anna)
    ed_bert = window.documents.open_path(bert)
    dialog = ed_bert.party_xp()
    assert isinstance(dialog, PartyXpDialog)
    assert [d.name for d in dialog.docs] == ["Anna", "Bert"]
    dialog.session.setText("3")
    dialog.enemies.setText("3 3* L2 <1")        # 50 + 75 + 50 + 5 (as `xp`)
    dialog.treasure.setText("1000")
    assert "= 1180 XP" in dialog.summary.text()
    dialog.part_boxes[1].setCurrentText("1/2")  # Bert was there for half of it
    assert dialog.table.item(0, 2).text() == "786 XP"   # 1180 x 1 / 1.5
    assert dialog.table.item(1, 2).text() == "393 XP"   # 1180 x 1/2 / 1.5
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(dialog.applied) as applied:
        dialog.ok.click()
    assert applied.args[0] == {"Anna": 786, "Bert": 393}
    assert ledger(anna)[-1] == {**ledger(anna)[-1], "action": "award-xp", "xp": 786,
                                "session": "3"}
    assert ledger(bert)[-1]["xp"] == 393
    assert ed_anna.doc.undo_stack.count() == 1 and ed_bert.doc.undo_stack.count() == 1


def test_party_xp_refuses_with_the_reasons(window, qtbot):
    path = make("Anna")
    editor = window.documents.open_path(path)
    dialog = editor.party_xp()
    dialog.session.setText("1")
    dialog.treasure.setText("reward=50")
    assert not dialog.ok.isEnabled()
    assert "gives no XP" in dialog.reasons_label.text()
    dialog.treasure.setText("100")
    dialog.secure.setChecked(False)
    assert "secure location" in dialog.reasons_label.text()
    dialog.secure.setChecked(True)
    dialog.enemies.setText("banana")
    assert "3, 3*, L2 or <1" in dialog.reasons_label.text()
    dialog.enemies.setText("chief=4 chief=4")   # the same enemy counts once
    assert "Counted once already: chief" in dialog.summary.text()
    dialog.table.item(0, 0).setCheckState(Qt.CheckState.Unchecked)
    assert "at least one surviving participant" in dialog.reasons_label.text()
    assert not dialog.ok.isEnabled()
    assert ledger(path) == []


def _retype(qtbot, edit, text: str) -> None:
    """Select the field's text with Ctrl+A, delete it and type ``text``, as a player would."""
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)
    assert edit.text() == text


def test_party_xp_lists_every_fields_problem_at_once_in_field_order(window, qtbot):
    """No session, bad Hit Dice (one of them twice), a bad treasure and a bad part of the
    adventure, typed: the dialog names each of them once, in the order of the fields,
    the survivor by name."""
    anna, bert = make("Anna"), make("Bert")
    window.documents.open_path(anna)
    dialog = window.documents.open_path(bert).party_xp()
    qtbot.waitExposed(dialog)
    part = dialog.part_boxes[1].lineEdit()
    for edit, typed in ((dialog.session, ""), (dialog.enemies, "3 banana banana pear"),
                        (dialog.treasure, "lots 100"), (part, "half")):
        _retype(qtbot, edit, typed)
    assert not dialog.ok.isEnabled()
    lines = dialog.reasons_label.text().splitlines()[1:]
    assert all(line.startswith("• ") for line in lines), lines
    typed = ["session", "banana", "pear", "lots", "Bert"]
    found = [[word for word in typed if word in line] for line in lines]
    assert found == [[word] for word in typed], lines      # each once, in field order
    assert "'half'" in lines[-1]
    for edit, fixed in ((dialog.session, "2"), (dialog.enemies, "3"),
                        (dialog.treasure, "100"), (part, "1/2")):
        _retype(qtbot, edit, fixed)
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    assert ledger(anna) == ledger(bert) == []


def test_party_xp_on_a_campaigns_members(window, qtbot):
    """The dialog can also share out through a campaign (Campaign.xp_award): every
    member's file and the campaign's ledger at once; an open member tab re-reads."""
    anna, bert = make("Anna"), make("Bert")
    camp = Path(ok("campaign", "new", "Road", "--ruleset", "vogelfrei", "--member", str(anna),
                   "--member", str(bert)).out.strip().splitlines()[-1].split()[-1])
    ed_anna = window.documents.open_path(anna)
    dialog = ed_anna.party_xp()
    index = dialog.source.findData(str(camp))
    assert index > 0, [dialog.source.itemText(i) for i in range(dialog.source.count())]
    dialog.source.setCurrentIndex(index)
    assert [m.name for m in dialog.docs] == ["Anna", "Bert"]
    dialog.session.setText("2")
    dialog.enemies.setText("3, chief=3*")        # 50 + 75, as the fields are typed
    dialog.treasure.setText("400 hoard=75")
    dialog.part_boxes[0].setCurrentText("1/2")
    assert dialog.table.item(0, 2).text() == "200 XP"   # 600 x 1/2 / 1.5
    assert dialog.table.item(1, 2).text() == "400 XP"
    with qtbot.waitSignal(dialog.applied) as applied:
        dialog.ok.click()
    assert applied.args[0] == {"Anna": 200, "Bert": 400}
    assert ledger(anna)[-1]["xp"] == 200 and ledger(bert)[-1]["xp"] == 400
    logged = json.loads(camp.read_text())["ledger"][-1]
    assert logged["action"] == "xp" and logged["treasure"] == 475    # every kind counted
    assert [(e["enemy"], e["hd"]) for e in logged["enemies"]["counted"]] == [
        ("#1", "3"), ("chief", "3*")]
    assert ed_anna.doc.derived()["xp"] == 200     # the open tab re-read its file
    assert not ed_anna.doc.conflict


def test_award_preview_is_what_the_core_applies_after_a_level_in_the_session(window, qtbot):
    """The session cap is set by the session's first award; the dialog's figure is
    the core's apply, so it matches the character afterwards."""
    path = make()
    ok("do", str(path), "award-xp", "2500", "--session", "1")
    ok("do", str(path), "level-up", "--session", "1", "--roll", "2")
    editor = window.documents.open_path(path)
    dialog = editor.award_xp()
    dialog.amount.setValue(5000)
    text = dialog.reasons_label.text()
    dialog.ok.click()
    d = editor.doc.derived()
    gained = d["xp"] - 2500
    assert f"✔ {gained} XP gained, {5000 - gained} lost to the session cap" == text


def test_character_menu_has_the_vogelfrei_actions(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    texts = [a.text().replace("&", "") for a in editor.menu_actions()]
    assert texts[:4] == ["Award XP…", "Party XP for a session…", "Level up…", "Change career…"]
    level = editor.menu_actions()[2]
    assert not level.isEnabled()                 # greyed like the button
    editor.menu_actions()[-2].trigger()
    assert editor.side_tabs.currentWidget() is editor.ledger
    editor.menu_actions()[-1].trigger()
    assert editor.side_tabs.currentWidget() is editor.possessions


def test_level_up_dialog_without_a_session_still_says_what_else_is_missing(window, qtbot):
    path = make()
    editor = window.documents.open_path(path)
    dialog = editor.level_up()
    dialog.session.setText("")
    reasons = dialog.reasons()
    assert reasons[0].startswith("name the session")
    assert "level 2 needs 2000 XP on the Warrior table (has 0, 2000 short)" in reasons


def test_party_xp_status_says_what_was_gained_and_lost_to_the_cap(window, qtbot):
    """The status line states the ledger entries written (gained, lost to the session
    cap), not the shares awarded."""
    anna, bert = make("Anna"), make("Bert")
    ok("do", str(anna), "award-xp", "2800", "--session", "3")   # Warrior cap 3000: 200 left
    window.documents.open_path(anna)
    ed_bert = window.documents.open_path(bert)
    dialog = ed_bert.party_xp()
    dialog.session.setText("3")
    dialog.treasure.setText("1000")                 # 500 each
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    with qtbot.waitSignal(ed_bert.status) as status:
        dialog.ok.click()
    assert ledger(anna)[-1]["gained"] == 200 and ledger(anna)[-1]["lost"] == 300
    assert status.args[0] == ("Party XP written: Anna gained 200 XP (300 lost to the "
                              "session cap); Bert gained 500 XP")


def test_party_xp_with_nothing_to_award_says_so_and_is_greyed(window, qtbot):
    from builder.rulesets.vogelfrei.ui.party_xp import XP_PROMPT

    anna, bert = make("Anna"), make("Bert")
    window.documents.open_path(anna)
    dialog = window.documents.open_path(bert).party_xp()
    dialog.session.setText("3")
    assert not dialog.ok.isEnabled()                    # no enemies, no treasure
    # the next step, in the campaign XP dialog's words, not a refusal
    assert dialog.reasons_label.text() == XP_PROMPT
    assert "Ready" not in dialog.reasons_label.text()
    dialog.treasure.setText("1")                        # 1 XP between two: 0 each
    assert dialog.table.item(0, 2).text() == "0 XP"
    assert not dialog.ok.isEnabled()
    assert "0 XP each" in dialog.reasons_label.text()
    dialog.treasure.setText("2")                        # 1 XP each: something to write
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    dialog.ok.click()
    assert ledger(anna)[-1]["xp"] == 1


def test_the_side_pages_keep_the_splitter_still_and_every_tab_in_sight(window, qtbot):
    """At the default window size: every side tab's label is whole and inside the tab bar
    (none hidden behind scroll arrows, none cut short), and visiting each page (Possessions fills its money
    line when first shown) never moves the splitter."""
    from PySide6.QtWidgets import QApplication

    window.show()
    qtbot.waitExposed(window)
    editor = window.documents.open_path(make())
    QApplication.processEvents()
    bar = editor.side_tabs.tabBar()
    for i in range(bar.count()):
        assert bar.tabRect(i).right() <= bar.width(), bar.tabText(i)
        assert bar.tabRect(i).width() >= bar.tabSizeHint(i).width(), bar.tabText(i)  # whole
    sizes = editor.splitter.sizes()
    for i in range(editor.side_tabs.count()):
        editor.side_tabs.setCurrentIndex(i)
        QApplication.processEvents()
        assert editor.splitter.sizes() == sizes, editor.side_tabs.tabText(i)


def test_the_ledger_says_an_uncapped_award_once(window):
    """ "Awarded 2400 XP (session 1)" in the window's ledger, not "...: 2400 gained";
    what the cap took is still said, in the one description the command line shares."""
    path = make()
    ok("do", str(path), "award-xp", "1500", "--session", "1")
    ok("do", str(path), "award-xp", "2000", "--session", "1")    # Warrior cap 3000
    editor = window.documents.open_path(path)
    model = editor.ledger.ledger_model
    texts = [model.index(row, 1).data() for row in range(model.rowCount())]
    assert "Awarded 1500 XP (session 1)" in texts
    assert "Awarded 2000 XP (session 1): 1500 gained, 500 lost to the session cap" in texts
    assert editor.doc.ruleset.describe(ledger(path)[0]) == "Awarded 1500 XP (session 1)"


def test_the_wizards_class_and_career_show_their_whole_names(window, qtbot):
    """The career combo, filled when a class is chosen, was as narrow as it was empty
    ("Road Warde"): both are as wide as their longest choice."""
    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    dialog.choose_ruleset("vogelfrei")
    form = dialog.form
    qtbot.waitExposed(dialog)
    for cls in form.classes:
        form.class_combo.setCurrentIndex(form.class_combo.findData(cls))
        for combo in (form.class_combo, form.career_combo):
            for row in range(combo.count()):
                text = combo.itemText(row)
                assert combo.fontMetrics().horizontalAdvance(text) <= \
                    combo.style().subControlRect(
                        combo.style().ComplexControl.CC_ComboBox, _combo_option(combo),
                        combo.style().SubControl.SC_ComboBoxEditField, combo).width(), text
    dialog.reject()


def _combo_option(combo):
    from PySide6.QtWidgets import QStyleOptionComboBox

    option = QStyleOptionComboBox()
    option.initFrom(combo)
    option.rect = combo.rect()
    return option


def test_the_skill_points_line_says_what_the_points_are_for(window):
    """A Warrior's "Skill points" read "0 skill, 2 combat skill (WS and BS)"."""
    editor = window.documents.open_path(make())
    text = editor.sheet.career_fields["points"].text()
    d = editor.doc.derived()
    assert text == (f"{d['skill_points']} for skills, {d['combat_skill_points']} for combat "
                    f"skills ({d['combat_skills']})")


def test_award_xp_with_nothing_typed_is_greyed(window):
    editor = window.documents.open_path(make("Greta"))
    dialog = editor.award_xp()
    dialog.session.setText("")
    # before anything is typed: what to enter, as one sentence, not a list of refusals
    assert dialog.reasons_label.text() == ("Enter the XP the character earned and the "
                                           "session it was earned in.")
    dialog.session.setText("1")
    assert dialog.amount.value() == 0 and not dialog.ok.isEnabled()
    assert dialog.reasons_label.text() == "Enter the XP the character earned."
    dialog.amount.setValue(300)
    assert dialog.ok.isEnabled(), dialog.reasons_label.text()
    dialog.reject()
