"""Story Point rank tokens dropped without guessing: a caster's rank asks for its spell
and a new Class's rank for its scene before anything is paid (on the Sheet page too),
and lit targets are drawn enabled."""
from __future__ import annotations

from PySide6.QtCore import Qt

from builder.rulesets.story_points.ui.chain_tokens import token_mime
from builder.ui.models.options_model import AllowedRole
from tests.ui.conftest import make_character
from tests.rulesets.story_points.ui.test_chain import _drop_on_tree, _trait_index

#: Senna with what entering Rogue needs but the scene (Stealth and Acrobatics trained)
ROGUE_READY = ("sp=20", "vital.Agility=2", "skill.Stealth=2", "skill.Acrobatics=1")
CLERIC = ("sp=100", "vital.Cognition=6", "skill.Medicine=6", "class.Cleric=3",
          "trait.Cleric.Restoring Grace=3")


def _cleric_in_window(window):
    """Senna, a Cleric 3, open and shown: (her file, its editor, her Cleric rank chip)."""
    path = make_character("Senna", *CLERIC)
    editor = window.documents.open_path(path)
    window.show()
    chip = next(c for c in editor.sheet.token_chips if c.option.name == "Cleric")
    return path, editor, chip


def _drop_cleric_rank_on_restoring_grace(editor, chip):
    """The Cleric rank dropped on Restoring Grace on the Sheet page: the spell question."""
    editor.sheet.light_traits(chip.option)
    _drop_on_tree(editor.sheet.classes_view, _trait_index(editor, "Cleric", "Restoring Grace"),
                  token_mime("Cleric", "class"))
    return editor.chain_page.spell_dialog


def test_a_caster_rank_dropped_on_the_sheet_asks_for_its_spell_first(window, qtbot):
    path, editor, chip = _cleric_in_window(window)
    before = path.read_bytes()
    assert "spell" not in chip.token()        # no silent default from the chain page
    dialog = _drop_cleric_rank_on_restoring_grace(editor, chip)
    assert dialog.isVisible() and dialog.current_trait() == "Restoring Grace"
    assert path.read_bytes() == before         # nothing paid yet
    dialog.spell.setCurrentText("Bless")
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    entry = editor.doc.cf.ledger[-1]
    assert (entry["action"], entry["trait"], entry["spell"]) == \
        ("raise-class", "Restoring Grace", "Bless")


def test_escape_on_the_spell_question_takes_nothing_and_says_so(window, qtbot):
    path, editor, chip = _cleric_in_window(window)
    before = path.read_bytes()
    dialog = _drop_cleric_rank_on_restoring_grace(editor, chip)
    assert window.statusBar().currentMessage().startswith("Choose the new Cleric spell")
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert window.statusBar().currentMessage() == (
        "Nothing taken: no Cleric spell was chosen for the rank in Restoring Grace")
    assert path.read_bytes() == before


def test_a_spell_chosen_on_the_chain_page_goes_with_the_token(window):
    path = make_character("Senna", *CLERIC)
    editor = window.documents.open_path(path)
    option = next(c.option for c in editor.sheet.token_chips if c.option.name == "Cleric")
    editor.chain_page.choose_spell("Bless")
    assert editor.chain_page.token_for(option)["spell"] == "Bless"
    assert editor.drop_rank(editor.chain_page.token_for(option), "Cleric", "Restoring Grace")
    assert editor.doc.cf.ledger[-1]["spell"] == "Bless"


def test_lit_trait_targets_are_drawn_enabled(window):
    path = make_character("Senna", *CLERIC)
    editor = window.documents.open_path(path)
    option = next(c.option for c in editor.sheet.token_chips if c.option.name == "Cleric")
    eligible = option.extra["choices"]["traits"]
    unranked = [t for t in eligible
                if t not in editor.doc.derived()["classes"]["Cleric"]["traits"]]
    assert unranked, "a Cleric trait without ranks yet"
    index = _trait_index(editor, "Cleric", unranked[0])
    assert index.data(AllowedRole) is False          # greyed at rest: no ranks yet
    editor.sheet.light_traits(option)
    index = _trait_index(editor, "Cleric", unranked[0])
    assert index.data(AllowedRole) is True           # lit: drawn enabled
    assert index.data(Qt.ItemDataRole.BackgroundRole) is not None


def test_a_new_class_rank_dropped_without_its_scene_asks_for_it(window, qtbot):
    """Entering a Class needs the scene that allows it: a rank token dropped with the
    scene box empty asks for the scene (as a caster's rank asks for its spell) instead
    of being refused; once a step goes through, an earlier refusal's bar is gone."""
    path = make_character("Senna", *ROGUE_READY)
    editor = window.documents.open_path(path)
    window.show()
    editor.show_chain()
    page = editor.chain_page
    option = next(c.option for c in editor.sheet.token_chips if c.option.kind == "new-class"
                  and c.option.name == "Rogue")
    trait = option.extra["choices"]["traits"][0]
    editor.show_refusal(["an earlier attempt was refused"])
    assert editor.refusal_bar.isVisibleTo(editor)
    before = path.read_bytes()
    assert page.scene_edit.text() == "" and not page.drop(page.token_for(option), "Rogue", trait)
    dialog = page.spell_dialog
    assert dialog.isVisible() and path.read_bytes() == before          # nothing paid yet
    assert window.statusBar().currentMessage().startswith(
        "Type the achievement or training scene that lets Senna enter Rogue")
    dialog.scene.setText("Escaped the guards")
    with qtbot.waitSignal(dialog.finished):
        dialog.ok.click()
    entry = editor.doc.cf.ledger[-1]
    assert (entry["action"], entry["name"], entry["scene"]) == (
        "enter-class", "Rogue", "Escaped the guards")
    assert not editor.refusal_bar.isVisibleTo(editor)


def test_escape_on_the_scene_question_takes_nothing_and_says_so(window, qtbot):
    path = make_character("Senna", *ROGUE_READY)
    editor = window.documents.open_path(path)
    window.show()
    editor.show_chain()
    page = editor.chain_page
    option = next(c.option for c in editor.sheet.token_chips if c.option.name == "Rogue")
    page.drop(page.token_for(option), "Rogue", option.extra["choices"]["traits"][0])
    with qtbot.waitSignal(page.spell_dialog.finished):
        qtbot.keyClick(page.spell_dialog, Qt.Key.Key_Escape)
    assert window.statusBar().currentMessage() == (
        "Nothing taken: no scene was given for entering Rogue")
    assert editor.doc.cf.ledger == []


def test_a_new_class_rank_dropped_on_the_sheet_asks_for_its_scene_too(window, qtbot):
    """The Sheet page's trait list asks the same question as the chain page (the chain
    page never shown): the scene, before anything is paid."""
    path = make_character("Senna", *ROGUE_READY)
    editor = window.documents.open_path(path)
    window.show()
    option = next(c.option for c in editor.sheet.token_chips if c.option.name == "Rogue")
    before = path.read_bytes()
    assert not editor.drop_rank(editor.chain_page.token_for(option), "Rogue",
                                option.extra["choices"]["traits"][0])
    assert editor.dialog is not None and editor.dialog.isVisible()
    assert path.read_bytes() == before and not editor.refusal_bar.isVisibleTo(editor)
    editor.dialog.reject()
