"""An open character whose file is deleted or moved away: a lasting bar at once (Save
again here / Close), never "Saved", no change taken in memory only; Save again writes
the tab's copy where the file was.  And the window's title names the application once."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt

from builder import APP_TITLE

from tests.ui.conftest import SENNA, make_character


def _open(window, qtbot):
    path = make_character("Senna", *SENNA)
    editor = window.documents.open_path(path)
    window.show()
    qtbot.waitExposed(window)
    return path, editor


def test_a_deleted_file_gets_its_bar_and_is_saved_again_here(window, qtbot):
    path, editor = _open(window, qtbot)
    kept = path.read_bytes()
    path.unlink()
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    assert str(path) in editor.missing_bar.label.text()
    assert "Saved" not in window.saved_label.text()
    assert window.saved_label.text() == "File missing: not saved"
    # an increase is not taken in memory only ("Done" for a file that is not there)
    option = next(o for o in editor.doc.options() if o.allowed)
    assert not editor.doc.apply_words(list(option.words_with()))
    assert not path.exists() and len(editor.doc.cf.ledger) == 0
    assert not editor.refusal_bar.isVisibleTo(editor)
    editor.save_again_button.click()
    assert path.read_bytes() == kept
    assert not editor.missing_bar.isVisibleTo(editor)
    assert window.saved_label.text() == "✔ Saved"
    assert editor.doc.apply_words(list(option.words_with()))
    assert len(json.loads(path.read_text())["ledger"]) == 1


def _gone(window, qtbot, editor, path) -> bytes:
    """Delete the open character's file; its bar says so.  (The file's bytes before.)"""
    kept = path.read_bytes()
    path.unlink()
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    window.statusBar().clearMessage()
    return kept


def _said_nothing_changed(window, editor, path) -> None:
    said = window.statusBar().currentMessage()
    assert said and "\n" not in said                                  # one line
    from builder.ui.views import base

    assert said == base.NOTHING_CHANGED_FILE_MISSING
    assert editor.missing_bar.isVisibleTo(editor)                     # Save again here
    assert not editor.refusal_bar.isVisibleTo(editor)
    assert not path.exists()


def test_a_raise_asked_for_by_keyboard_while_the_file_is_missing_says_nothing_changed(
        window, qtbot):
    path, editor = _open(window, qtbot)
    window.activateWindow()
    panel = editor.options_panel
    option = next(o for o in editor.doc.options() if o.allowed)
    assert panel.select(option.kind, option.name)
    panel.view.setFocus()
    _gone(window, qtbot, editor, path)
    qtbot.keyClick(panel.view, Qt.Key.Key_Return)
    _said_nothing_changed(window, editor, path)
    assert editor.doc.cf.ledger == [] and editor.doc.undo_stack.count() == 0


def test_a_buy_clicked_while_the_file_is_missing_says_nothing_changed(window, qtbot):
    from tests.rulesets.vogelfrei.ui.test_vogelfrei_possessions_ui import make

    path = make()
    editor = window.documents.open_path(path)
    window.show()
    qtbot.waitExposed(window)
    page = editor.possessions
    editor.side_tabs.setCurrentWidget(page)
    page.select_item("Wams")
    assert page.buy_button.isEnabled()
    kept = _gone(window, qtbot, editor, path)
    qtbot.mouseClick(page.buy_button, Qt.MouseButton.LeftButton)
    _said_nothing_changed(window, editor, path)
    assert editor.doc.cf.ledger == []
    editor.save_again_button.click()                  # the bar's way back: as it was
    assert path.read_bytes() == kept


def test_an_award_to_a_tab_whose_file_is_missing_names_it_refused(window, qtbot):
    """The Award dialog over open characters learns the refusal from its dry run: it
    names the missing file, Award waits, and nothing is written anywhere."""
    from builder.rulesets.story_points.ui.award import AwardDialog

    path, editor = _open(window, qtbot)
    _gone(window, qtbot, editor, path)
    dialog = AwardDialog([editor.doc], editor.doc, window)
    applied = []
    dialog.applied.connect(applied.append)
    dialog.milestone.setCurrentText("The Drowned Shrine")
    dialog.checkpoint.setText("Found the shrine")
    assert not dialog.ok.isEnabled()
    assert str(path) in dialog.reasons.text(), dialog.reasons.text()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert applied == [] and dialog.result() == 0          # not accepted
    assert editor.doc.cf.ledger == [] and not path.exists()
    dialog.reject()


def test_close_on_the_bar_closes_the_tab(window, qtbot):
    path, editor = _open(window, qtbot)
    path.rename(path.with_name("elsewhere.json"))
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    editor.close_tab_button.click()
    assert window.documents.editors() == []
    assert not path.exists()


def test_a_file_back_before_save_again_is_a_change_on_disk(window, qtbot):
    path, editor = _open(window, qtbot)
    path.unlink()
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    path.write_text("{}")          # another program put something there meanwhile
    editor.save_again_button.click()
    assert path.read_text() == "{}"
    assert editor.conflict_bar.isVisibleTo(editor) and not editor.missing_bar.isVisibleTo(editor)
    editor.keep_button.click()      # Keep mine, through the application layer
    assert json.loads(path.read_text())["name"] == "Senna"


def test_the_title_names_the_application_once_even_when_modified(window, qtbot):
    path, editor = _open(window, qtbot)
    path.unlink()
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    assert window.isWindowModified()
    # the platform adds the display name (the app sets it to APP_TITLE) unless the
    # title, its modified marker shown, ends with it
    shown = window.windowTitle().replace("[*]", "*")
    assert shown.endswith(APP_TITLE) and shown.count(APP_TITLE) == 1


def test_a_failed_import_lists_each_file_and_why_until_dismissed(window, qtbot, tmp_path):
    good = make_character("Senna", *SENNA)
    source = tmp_path / "good.json"
    source.write_bytes(good.read_bytes())
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    empty = tmp_path / "empty.json"
    empty.write_text("")
    window.show()
    editor = window.documents.open_path(good)
    assert window.tabs.currentWidget() is editor
    window.library.take_dropped([str(source), str(broken), str(empty)])
    bar = window.notice_bar
    assert bar is not None and bar.isVisibleTo(window)
    assert window.tabs.currentIndex() == 0            # said on the Library tab
    text = bar.label.text()
    assert "Nothing was imported" in text and "2 of them" in text
    assert "• broken.json:" in text and "• empty.json:" in text
    assert "good.json" not in text
    window.statusBar().clearMessage()
    assert bar.isVisibleTo(window)                     # lasting
    bar.close_button.click()
    assert not bar.isVisibleTo(window)


def test_after_reload_no_message_about_the_version_left_behind(window, qtbot):
    path, editor = _open(window, qtbot)
    doc = json.loads(path.read_text())
    doc["name"] = "Senna Vale"
    path.write_text(json.dumps(doc, indent=2))          # another program's change
    qtbot.waitUntil(lambda: editor.conflict_bar.isVisibleTo(editor))
    option = next(o for o in editor.doc.options() if o.allowed)
    assert not editor.doc.apply_words(list(option.words_with()))
    # why nothing was taken: the conflict bar's own words, no rules refusal beside it
    assert editor.conflict_bar.isVisibleTo(editor) and not editor.refusal_bar.isVisibleTo(editor)
    editor.reload_button.click()
    assert editor.doc.name == "Senna Vale"
    assert not editor.refusal_bar.isVisibleTo(editor)
    assert not editor.conflict_bar.isVisibleTo(editor)


def test_undo_while_the_file_is_missing_changes_nothing_and_says_so(window, qtbot):
    """Ctrl+Z after the file went: the step is not taken back in memory only (the tab
    showed both the missing bar and the changed-on-disk bar); nothing changes, the
    status line says why, and Save again here writes the character as it was."""
    from PySide6.QtWidgets import QApplication

    path, editor = _open(window, qtbot)
    option = next(o for o in editor.doc.options() if o.allowed)
    assert editor.doc.apply_words(list(option.words_with()))
    assert editor.doc.rename("Senna Vale")
    took = path.read_bytes()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    editor.options_panel.view.setFocus()
    _gone(window, qtbot, editor, path)
    qtbot.keyClick(editor.options_panel.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() != "")
    _said_nothing_changed(window, editor, path)
    assert editor.doc.name == "Senna Vale" and len(editor.doc.cf.ledger) == 1
    assert not editor.conflict_bar.isVisibleTo(editor)
    editor.save_again_button.click()
    assert path.read_bytes() == took


def test_a_bar_button_gives_the_keyboard_back_to_where_it_was(window, qtbot):
    """Save again here, or Reload from disk, hides its bar: the keyboard goes back to the
    field it was in before the bar came, not to the next one (the Active check box,
    where a Space meant for the button would mark the character not active)."""
    from PySide6.QtWidgets import QApplication

    path, editor = _open(window, qtbot)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    editor.focus_start()
    before = QApplication.focusWidget()
    assert before is not None and editor.isAncestorOf(before)
    path.unlink()
    qtbot.waitUntil(lambda: editor.missing_bar.isVisibleTo(editor))
    editor.save_again_button.setFocus()
    qtbot.keyClick(editor.save_again_button, Qt.Key.Key_Space)       # the bar's button
    assert path.exists() and not editor.missing_bar.isVisibleTo(editor)
    assert QApplication.focusWidget() is before
    text = json.loads(path.read_text())
    outside = dict(text, notes="changed elsewhere")
    path.write_text(json.dumps(outside))
    qtbot.waitUntil(lambda: editor.conflict_bar.isVisibleTo(editor))
    editor.reload_button.setFocus()
    qtbot.keyClick(editor.reload_button, Qt.Key.Key_Space)
    assert not editor.conflict_bar.isVisibleTo(editor)
    assert QApplication.focusWidget() is before
