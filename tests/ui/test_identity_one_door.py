"""The window's "Who" page changes who the character is only through the application's
operation (builder.app.identity.set_identity), the one ``do FILE set-identity`` runs:
its refusals reach the window's refusal bar, and undo and redo go through it too."""
from __future__ import annotations

import json

from tests.helpers import ok


def test_the_who_page_goes_through_the_app_operation(window, tmp_path, monkeypatch):
    from builder.app import identity

    calls = []
    real = identity.set_identity

    def recorded(target, values, **kwargs):
        calls.append(dict(values))
        return real(target, values, **kwargs)

    monkeypatch.setattr(identity, "set_identity", recorded)
    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    editor = window.documents.open_path(path)
    fields, doc = editor.identity_panel.fields, editor.doc
    fields.player.setText("Grete")
    fields.player.editingFinished.emit()
    assert calls and calls[-1]["player"] == "Grete"
    assert json.loads(path.read_text())["player"] == "Grete"
    doc.undo_stack.undo()
    assert calls[-1]["player"] == "" and "player" not in json.loads(path.read_text())
    doc.undo_stack.redo()
    assert calls[-1]["player"] == "Grete" and json.loads(path.read_text())["player"] == "Grete"
    # the command line's operation on the same file, and the window follows on reload
    ok("do", path, "set-identity", "player", "Ada")
    assert json.loads(path.read_text())["player"] == "Ada"


def test_the_app_refusal_shows_in_the_window_and_changes_nothing(window, tmp_path):
    from builder.storage.identity import MAX_TEXT

    path = tmp_path / "c.json"
    ok("new", "story-points", "Mira", "-o", path)
    editor = window.documents.open_path(path)
    before = path.read_bytes()
    fields = editor.identity_panel.fields
    assert not fields.use_image(str(tmp_path / "missing.png"))   # the chooser's copy refuses
    fields.appearance.setPlainText("x" * (MAX_TEXT + 1))
    fields.edited.emit()
    assert "appearance: at most" in editor.refusal_bar.label.text()
    assert path.read_bytes() == before and editor.doc.undo_stack.count() == 0
