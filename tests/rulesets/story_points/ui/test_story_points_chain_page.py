"""The Story Point chain page (its own, not the generic one) and its rank tokens: six
tokens wrap instead of widening the editor, Tab goes along the toolbar, the tokens, the
spell and the scene, and a caster's token brings its labelled spell choice."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.helpers import ok
from tests.ui.conftest import make_character
from tests.ui.walk import EVERY_CLASS


def test_story_points_keep_their_own_chain_page(window, tmp_path):
    from builder.rulesets.story_points.ui.chain_page import ChainWidget

    path = tmp_path / "s.json"
    ok("new", "story-points", "S", "-o", path, "--set", "sp=5")
    editor = window.documents.open_path(path)
    assert isinstance(editor.chain_page, ChainWidget)
    editor.show_chain()
    assert [title for _k, title in editor.chain_page.scene.columns()] == [
        "Core Vitals", "Skills", "Classes", "Traits and spells"]


def test_more_rank_tokens_never_widen_the_editor(window):
    """A character who could enter every Class has six rank tokens; on the sheet's tray
    and on the chain page they wrap, so the editor asks for no more width than with one
    (at 2x on a laptop's screen six in one row made the window wider than the screen)."""
    one = window.documents.open_path(make_character("One", "sp=20", "vital.Strength=4",
                                                    "skill.Melee=4", "class.Fighter=2",
                                                    "trait.Fighter.Parry=2"))
    every = window.documents.open_path(make_character("Every", *EVERY_CLASS))
    assert len(one.sheet.token_chips) == 1 and len(every.sheet.token_chips) == 6
    for editor in (one, every):
        editor.show_chain()
    assert len(every.chain_page.chips) == 6
    assert every.minimumSizeHint().width() <= one.minimumSizeHint().width()
    assert every.chain_page.minimumSizeHint().width() <= one.chain_page.minimumSizeHint().width()


def test_tab_goes_along_the_chain_toolbar_then_the_tokens_spell_and_scene(window, qtbot):
    """On the chain page Tab visits what is seen in the order it is seen: the toolbar,
    the rank tokens, the spell and the scene, the chain, then the plan; made anew when
    the character changes, the tokens keep their place."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    editor = window.documents.open_path(make_character("Every", *EVERY_CLASS))
    editor.show_chain()
    page = editor.chain_page
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)

    def visits() -> list[object]:
        page.filter_combo.setFocus(Qt.FocusReason.TabFocusReason)
        seen = [QApplication.focusWidget()]
        for _ in range(14):
            assert seen[-1] is not None, f"the focus was lost after {seen[-2]!r}"
            QTest.keyClick(seen[-1], Qt.Key.Key_Tab)
            seen.append(QApplication.focusWidget())
        return seen

    bar = [page.bar.itemAt(i).widget() for i in range(page.bar.count())]
    toolbar = [w for w in bar if w is not None and w.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert [w.accessibleName() for w in toolbar] == [
        "Show Class", "Fit the chain in view", "Zoom in", "Zoom out",
        "Show the legend of the chain"]
    assert page.spell_combo.isVisible() and page.scene_edit.isVisible()
    expected = [*toolbar, *page.chips, page.spell_combo, page.scene_edit, page.view]
    assert visits()[:len(expected)] == expected
    assert editor.doc.apply_words(["raise-vital", "Strength"])     # the tokens made anew
    QApplication.processEvents()
    expected = [*toolbar, *page.chips, page.spell_combo, page.scene_edit, page.view]
    assert visits()[:len(expected)] == expected


def test_the_rank_tokens_spell_choice_is_labelled(window):
    from tests.ui.walk import CLERIC, _character

    editor = window.documents.open_path(_character("Senna", *CLERIC))
    editor.show_chain()
    chain = editor.chain_page
    assert chain.spell_combo.isVisibleTo(chain), "a Cleric token brings its spell choice"
    assert chain.spell_label.isVisibleTo(chain) and chain.spell_label.buddy() is chain.spell_combo
    assert chain.spell_label.text() == "Spell:"
