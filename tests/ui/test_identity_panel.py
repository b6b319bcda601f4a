"""The "Who" page of every editor (the generic one included): player, appearance,
background, notes and portrait, each finished edit one undo step, saved at once."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QFocusEvent, QImage
from PySide6.QtWidgets import QApplication, QTabWidget

from tests.helpers import ok
from tests.rule_systems import BUILTIN_IDS


def finish_text(box) -> None:
    """What leaving a text box does."""
    QApplication.sendEvent(box, QFocusEvent(QEvent.Type.FocusOut))


def face(tmp_path: Path) -> Path:
    path = tmp_path / "face.png"
    image = QImage(30, 40, QImage.Format.Format_RGB32)
    image.fill(QColor(90, 90, 90))
    image.save(str(path))
    return path


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def tab_of(widget) -> QTabWidget:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QTabWidget):
        parent = parent.parentWidget()
    assert parent is not None
    return parent


@pytest.mark.parametrize("ruleset", [*BUILTIN_IDS, "generic"])
def test_who_page_edits_are_undoable_and_saved(window, tmp_path, monkeypatch, ruleset):
    generic = ruleset == "generic"
    if generic:
        from builder.ui import views
        from builder.ui.views.generic import GenericEditor

        monkeypatch.setitem(views.EDITORS, "vogelfrei", GenericEditor)
        ruleset = "vogelfrei"
    path = tmp_path / "c.json"
    ok("new", ruleset, "Ada Who", "-o", path, "--seed", "3")
    editor = window.documents.open_path(path)
    assert (type(editor).__name__ == "GenericEditor") == generic
    panel = editor.identity_panel
    tabs = tab_of(panel)
    assert tabs.indexOf(panel) >= 0 and "Who" in tabs.tabText(tabs.indexOf(panel))
    fields, doc = panel.fields, editor.doc
    steps = doc.undo_stack.count()

    fields.player.setText("Grete")
    fields.player.editingFinished.emit()
    assert saved(path)["player"] == "Grete" and saved(path)["format"] == 2
    fields.player.editingFinished.emit()                       # nothing new: no step
    fields.appearance.setPlainText("Tall, a scar over one eye")
    finish_text(fields.appearance)
    assert saved(path)["appearance"] == "Tall, a scar over one eye"
    assert fields.use_image(str(face(tmp_path)))
    assert saved(path)["portrait"].startswith("portraits/")
    assert doc.derived()["portrait"].endswith(".png")
    assert doc.undo_stack.count() == steps + 3

    doc.undo_stack.undo()                                      # the portrait
    assert "portrait" not in saved(path) and fields.portrait == ""
    doc.undo_stack.undo()                                      # the appearance
    assert "appearance" not in saved(path) and fields.appearance.toPlainText() == ""
    doc.undo_stack.redo()
    assert fields.appearance.toPlainText() == "Tall, a scar over one eye"
    assert saved(path)["player"] == "Grete"

    fields.player.setText("")
    fields.player.editingFinished.emit()
    assert "player" not in saved(path)

    fields.notes.setPlainText("Owes Bram 20 silver.\nHates boats.")   # the notes the sheet prints
    finish_text(fields.notes)
    assert saved(path)["notes"] == "Owes Bram 20 silver.\nHates boats."
    assert doc.derived()["notes"] == "Owes Bram 20 silver.\nHates boats."
    doc.undo_stack.undo()
    assert "notes" not in saved(path) and fields.notes.toPlainText() == ""


def test_a_bad_image_changes_nothing(window, senna_path, tmp_path):
    editor = window.documents.open_path(senna_path)
    fields = editor.identity_panel.fields
    before = senna_path.read_bytes()
    assert not fields.use_image(str(tmp_path / "missing.png"))
    assert "cannot be read" in fields.error.text()
    (tmp_path / "text.png").write_text("not an image")
    assert not fields.use_image(str(tmp_path / "text.png"))
    assert "not a PNG" in fields.error.text()
    assert senna_path.read_bytes() == before


def test_the_dialog_and_the_page_show_the_same_change(window, senna_path):
    editor = window.documents.open_path(senna_path)
    window.documents.edit_identity()
    dialog = window.documents.identity_dialog
    dialog.player.setText("Ada")
    dialog.background.setPlainText("Raised by wolves")
    dialog.accept()
    fields = editor.identity_panel.fields
    assert fields.player.text() == "Ada"
    assert fields.background.toPlainText() == "Raised by wolves"
    assert saved(senna_path)["background"] == "Raised by wolves"


def test_a_newer_file_shows_its_identity_read_only(window, senna_path):
    doc = saved(senna_path)
    doc["format"] = 99
    doc["player"] = "Ada"
    senna_path.write_text(json.dumps(doc), encoding="utf-8")
    before = senna_path.read_bytes()
    editor = window.documents.open_path(senna_path)
    fields = editor.identity_panel.fields
    assert fields.player.text() == "Ada" and fields.player.isReadOnly()
    assert fields.appearance.isReadOnly() and not fields.choose_button.isEnabled()
    assert not editor.identity_panel.commit()  # refused (the read-only reason shown)
    assert editor.refusal_bar.isVisibleTo(editor)
    assert senna_path.read_bytes() == before


def test_text_too_long_is_refused_and_the_field_goes_back(window, senna_path):
    from builder.storage.identity import MAX_TEXT

    editor = window.documents.open_path(senna_path)
    fields = editor.identity_panel.fields
    before = senna_path.read_bytes()
    fields.background.setPlainText("x" * (MAX_TEXT + 1))
    finish_text(fields.background)
    assert "at most" in editor.refusal_bar.label.text()
    assert fields.background.toPlainText() == "" and senna_path.read_bytes() == before


def test_no_portrait_is_greyed_until_there_is_a_portrait_to_take_away(window, senna_path,
                                                                     tmp_path):
    editor = window.documents.open_path(senna_path)
    fields = editor.identity_panel.fields
    assert not fields.portrait and not fields.clear_button.isEnabled()   # nothing to remove
    assert fields.use_image(str(face(tmp_path)))
    assert fields.portrait and fields.clear_button.isEnabled()
    fields.clear_button.click()
    assert saved(senna_path).get("portrait", "") == ""
    assert not fields.clear_button.isEnabled()
    editor.doc.undo_stack.undo()                                         # the portrait back
    assert fields.portrait and fields.clear_button.isEnabled()
    fields.set_read_only(True)
    assert not fields.clear_button.isEnabled()


@pytest.mark.parametrize("choice", ["light", "dark"])
def test_the_notes_read_as_text_not_as_disabled_grey(window, senna_path, choice):
    """The Who page's note and the chain's empty rank-token hint were disabled labels:
    their grey read at about 2:1 on either theme."""
    from PySide6.QtGui import QPalette

    from builder.ui import theme

    theme.choose(choice)
    try:
        editor = window.documents.open_path(senna_path)
        editor.show_chain()
        notes = [editor.identity_panel.note, editor.chain_page.chips_hint]
        for note in notes:
            assert note is not None and note.isEnabled()
            pal = note.palette()
            assert theme.contrast(pal.color(QPalette.ColorRole.WindowText),
                                  pal.color(QPalette.ColorRole.Window)) >= theme.TEXT_CONTRAST
    finally:
        theme.choose("system")
