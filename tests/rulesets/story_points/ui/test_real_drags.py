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
    chip = next(c for c in editor.sheet.token_chips if c.option.name == "Fighter")
    lit: list = []
    editor.chain_page.tokenDragStarted.connect(lit.append)
    before = len(editor.doc.cf.ledger)
    view = editor.sheet.classes_view
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


def _on_the_chain_page(window, qtbot, name, sets):
    """The character's editor, shown on its Advancement chain page."""
    editor = window.documents.open_path(make_character(name, *sets))
    window.show()
    editor.act_chain.trigger()
    qtbot.waitExposed(window)
    return editor, editor.chain_page


def test_a_rank_dragged_from_the_chain_page_lands_on_the_trait_node(window, qtbot, monkeypatch):
    editor, chain = _on_the_chain_page(window, qtbot, "Fighter", FIGHTER)
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


# A character with no Class yet who can enter Rogue (its core Skills trained).
KIT = ("sp=5", "skill.Acrobatics=1", "skill.Finesse=1", "skill.Stealth=1")


def test_enter_a_class_on_the_chain_page_by_dragging_onto_its_traits(window, qtbot,
                                                                     monkeypatch):
    """With no Class yet, "My Classes" shows the traits of the Class the "Enter Rogue"
    token enters, lit while it is dragged, and the drop enters the Class there."""
    editor, chain = _on_the_chain_page(window, qtbot, "Kit", KIT)
    assert chain.filter_combo.currentText() == "My Classes"
    chip = next(c for c in chain.chips if c.option.name == "Rogue")
    assert chip.text().startswith("Enter Rogue")
    traits = [item for item in chain.scene.nodes.values()
              if item.node.kind == "trait" and item.node.owner == "Rogue"]
    assert traits and all(item.isVisible() for item in traits)
    eligible = chip.option.extra["choices"]["traits"]
    node = chain.scene.nodes[f"trait:Rogue.{eligible[0]}"]
    chain.scene_edit.setText("slipped past the watch")
    chain.view.centerOn(node)
    at = chain.view.mapFromScene(node.sceneBoundingRect().center())
    lit: list = []
    chain.tokenDragStarted.connect(lambda _option: lit.extend(
        nid for nid, item in chain.scene.nodes.items()
        if item.drag_state == "eligible" and item.isVisible()))
    assert len(real_drag(monkeypatch, chip, chain.view.viewport(), at)) == 1
    assert f"trait:Rogue.{eligible[0]}" in lit
    qtbot.waitUntil(lambda: len(editor.doc.cf.ledger) == 1)
    entry = editor.doc.cf.ledger[-1]
    assert (entry["action"], entry["trait"]) == ("enter-class", eligible[0])
    assert entry["scene"] == "slipped past the watch"


def test_enter_a_class_on_the_sheet_by_dragging_onto_its_traits(window, qtbot, monkeypatch):
    """The Sheet's "Drag a rank onto a trait:" is true with no Class yet: the Class the
    token enters is listed with its traits, the drop asks for the scene and enters it."""
    path = make_character("Kit", *KIT)
    editor = window.documents.open_path(path)
    window.show()
    qtbot.waitExposed(window)
    chip = next(c for c in editor.sheet.token_chips if c.option.name == "Rogue")
    first = editor.sheet.classes_model.item(0, 0).text()
    assert first.startswith("No Class yet") and "Enter" in first
    trait = chip.option.extra["choices"]["traits"][0]
    index = _trait_index(editor, "Rogue", trait)
    view = editor.sheet.classes_view
    view.scrollTo(index)
    assert len(real_drag(monkeypatch, chip, view.viewport(),
                         view.visualRect(index).center())) == 1
    dialog = editor.dialog                    # a new Class asks for its scene first
    assert dialog is not None and dialog.isVisible() and editor.doc.cf.ledger == []
    assert dialog.current_trait() == trait
    dialog.scene.setText("slipped past the watch")
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    entry = editor.doc.cf.ledger[-1]
    assert (entry["action"], entry["trait"]) == ("enter-class", trait)
    assert editor.doc.derived()["classes"]["Rogue"]["traits"][trait]["rank"] == 1
