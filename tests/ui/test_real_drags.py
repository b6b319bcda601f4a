"""Drags driven the way a user drives them: a mouse press on the source, moves past the
drag distance, moves over the target and a release there (QTest's mouse events go
through the source widget), for every drag source: the Sheet page's tray of rank
tokens and the chain page's tokens.  The drop does what Enter on the selected target
does."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from tests.ui.conftest import make_character
from tests.rulesets.story_points.ui.test_chain import _trait_index

FIGHTER = ("sp=60", "vital.Strength=8", "skill.Melee=8", "class.Fighter=2",
           "trait.Fighter.Parry=2", "vital.Agility=3")


class _DragToTarget:
    """Stands in for QDrag: the offscreen platform ends a drag at once, so the drag's
    own loop is replaced by what the platform does on a release over ``target``: the
    enter, move and drop events with the drag's MIME data, at ``at``."""

    target: QWidget
    at: QPoint
    started: list

    def __init__(self, source):
        self.source = source
        self.mime = None

    def setMimeData(self, mime):  # noqa: N802 - QDrag's API
        self.mime = mime

    def setPixmap(self, _pixmap):  # noqa: N802
        pass

    def exec(self, action):
        _DragToTarget.started.append(self.mime)
        for kind in (QDragEnterEvent, QDragMoveEvent, QDropEvent):
            point = QPointF(self.at) if kind is QDropEvent else self.at
            event = kind(point, action, self.mime, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(self.target, event)
        return action


def real_drag(monkeypatch, source: QWidget, target: QWidget, at: QPoint) -> list:
    """Press on ``source`` and move past the drag distance with the mouse (the source's
    own code starts the drag), then release over ``target`` at ``at``."""
    import builder.rulesets.story_points.ui.chain_page as chain_widget

    _DragToTarget.target, _DragToTarget.at, _DragToTarget.started = target, at, []
    monkeypatch.setattr(chain_widget, "QDrag", _DragToTarget)
    start = source.rect().center()
    QTest.mousePress(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    distance = QApplication.startDragDistance() + 8
    for dx in (2, distance // 2, distance):
        QTest.mouseMove(source, start + QPoint(dx, 0))
    QTest.mouseRelease(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       start + QPoint(distance, 0))
    return _DragToTarget.started


def test_a_rank_dragged_from_the_sheet_tray_lands_and_enter_does_the_same(window, qtbot,
                                                                         monkeypatch):
    path = make_character("Fighter", *FIGHTER)
    editor = window.documents.open_path(path)
    window.show()
    qtbot.waitExposed(window)
    chip = next(c for c in editor.token_chips if c.option.name == "Fighter")
    lit: list = []
    editor.chain_page.tokenDragStarted.connect(lit.append)
    before = len(editor.doc.cf.ledger)
    view = editor.classes_view
    index = _trait_index(editor, "Fighter", "Parry")
    view.scrollTo(index)
    at = view.visualRect(index).center()
    started = real_drag(monkeypatch, chip, view.viewport(), at)
    assert len(started) == 1, "the mouse started one drag"
    qtbot.waitUntil(lambda: len(editor.doc.cf.ledger) == before + 1)
    assert lit == [chip.option]           # the record itself reached the lighting
    entry = editor.doc.cf.ledger[-1]
    assert (entry["action"], entry["trait"]) == ("raise-class", "Parry")
    assert editor.doc.derived()["classes"]["Fighter"]["traits"]["Parry"]["rank"] == 3
    # Enter on a selected trait does what the drop does, every time the rules allow it.
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    for attempt in range(3):
        before = len(editor.doc.cf.ledger)
        index = _trait_index(editor, "Fighter", "Parry")
        view.scrollTo(index)
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, view.visualRect(index).center())
        assert view.hasFocus(), f"try {attempt + 1}: focus in {QApplication.focusWidget()}"
        QTest.keyClick(view, Qt.Key.Key_Return)
        assert len(editor.doc.cf.ledger) == before + 1, \
            f"try {attempt + 1}: Enter did nothing ({editor.refusal_bar.label.text()!r})"
        entry = editor.doc.cf.ledger[-1]
        assert (entry["action"], entry["trait"]) == ("raise-class", "Parry")


def test_a_rank_dragged_from_the_chain_page_lands_on_the_trait_node(window, qtbot, monkeypatch):
    path = make_character("Fighter", *FIGHTER)
    editor = window.documents.open_path(path)
    window.show()
    editor.act_chain.trigger()
    chain = editor.chain_page
    qtbot.waitExposed(window)
    chip = next(c for c in chain.chips if c.option.name == "Fighter")
    before = len(editor.doc.cf.ledger)
    node = chain.scene.nodes["trait:Fighter.Parry"]
    chain.view.centerOn(node)
    at = chain.view.mapFromScene(node.sceneBoundingRect().center())
    started = real_drag(monkeypatch, chip, chain.view.viewport(), at)
    assert len(started) == 1, "the mouse started one drag"
    qtbot.waitUntil(lambda: len(editor.doc.cf.ledger) == before + 1)
    entry = editor.doc.cf.ledger[-1]
    assert (entry["action"], entry["trait"]) == ("raise-class", "Parry")
