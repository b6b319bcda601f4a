"""Edit > Who Is This Character…: one undoable step, saved at once, printed on the sheet."""
from __future__ import annotations

import json

from PySide6.QtGui import QColor, QImage


def test_identity_is_edited_undone_and_redone(window, senna_path, tmp_path, qtbot):
    window.documents.open_path(senna_path)
    doc = window.documents.current_doc()
    assert window.action("identity").isEnabled()
    window.documents.edit_identity()
    dialog = window.documents.identity_dialog
    face = tmp_path / "face.png"
    image = QImage(30, 40, QImage.Format.Format_RGB32)
    image.fill(QColor(90, 90, 90))
    image.save(str(face))
    dialog.player.setText("Ada")
    dialog.appearance.setPlainText("Tall, a scar over one eye")
    assert dialog.use_image(str(face))
    assert not dialog.use_image(str(tmp_path / "missing.png")) and dialog.error.text()
    dialog.accept()
    saved = json.loads(senna_path.read_text(encoding="utf-8"))
    assert saved["player"] == "Ada" and saved["portrait"].startswith("portraits/")
    derived = doc.derived()
    assert derived["player"] == "Ada" and derived["portrait"].endswith(".png")
    from builder.sheets import build_sheet

    assert build_sheet(derived).section("who") is not None
    doc.undo_stack.undo()
    saved = json.loads(senna_path.read_text(encoding="utf-8"))
    assert "player" not in saved and "portrait" not in saved
    doc.undo_stack.redo()
    assert json.loads(senna_path.read_text(encoding="utf-8"))["appearance"].startswith("Tall")
