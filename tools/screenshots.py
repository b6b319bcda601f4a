"""Refresh the README screenshots from the real window.

Run under a real X server (Xvfb is enough)::

    Xvfb :99 -screen 0 1280x800x24 &
    DISPLAY=:99 QT_QPA_PLATFORM=xcb python tools/screenshots.py

Writes docs/images/first-start.png (an empty library), docs/images/library.png
(the library), docs/images/editor.png (Senna's editor with the greyed Medicine
increase and its reason tooltip), docs/images/chain-plan.png (the advancement
chain with the planner's path to Cleric 4), docs/images/chain-drag.png (a rank
drag with eligible traits lit), and the editor and chain again in the dark
theme (editor-dark.png, chain-dark.png).  ``--scale 2`` (with QT_SCALE_FACTOR=2)
writes them with a ``-2x`` suffix into /tmp/cb-shots-2x for a look, not the README.  Sample
characters are made in a temporary data folder; the real library is untouched.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SAMPLES = [
    ("Senna", ["sp=16", "vital.Cognition=3", "skill.Medicine=3", "skill.Occult=1",
               "vital.Presence=2", "skill.Influence=1", "class.Cleric=3",
               "trait.Cleric.Restoring Grace=3", "spell.Cleric=Mend Wounds"],
     [["award-checkpoint", "The Drowned Shrine", "Found the shrine"],
      ["use-trait", "Cleric", "Restoring Grace"]]),
    ("Graynor", ["sp=8", "vital.Strength=3", "skill.Melee=3", "class.Fighter=2",
                 "trait.Fighter.Parry=2", "vital.Endurance=2", "skill.Athletics=1"], []),
    ("Nyra", ["sp=3", "vital.Agility=3", "skill.Acrobatics=2", "skill.Stealth=2",
              "class.Rogue=2", "trait.Rogue.Ambush=1", "trait.Rogue.Vanish=1"], []),
    ("Sera", ["sp=1", "vital.Strength=2", "skill.Melee=2", "class.Fighter=1",
              "trait.Fighter.Parry=1", "vital.Presence=2", "vital.Cognition=2",
              "skill.Influence=2", "skill.Medicine=1"], []),
]


def make_samples() -> Path:
    from builder.app.characters import create_from_baseline
    from builder.storage.files import load_character
    from builder.storage.rulesets import load_ruleset

    ruleset = load_ruleset("story-points")
    senna = None
    for name, sets, actions in SAMPLES:
        pairs = [tuple(s.split("=", 1)) for s in sets]
        path = create_from_baseline(
            ruleset, name, ruleset.baseline_from_sets(pairs, rng=random.Random(0)))
        cf = load_character(path)
        for words in actions:
            cf.do(ruleset.parse_action(words))
        cf.save()
        if name == "Senna":
            senna = path
    return senna


def wait(ms: int) -> None:
    from PySide6.QtTest import QTest

    QTest.qWait(ms)


def grab_screen(path: Path, window) -> None:
    """The whole screen (so tooltips are in), cropped to the window."""
    screen = window.screen()
    frame = window.frameGeometry()
    pixmap = screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    if not pixmap.save(str(path)):
        raise SystemExit(f"{path}: could not write the screenshot")
    print(path)


def start_app(prefix: str, out: Path | None = None):
    """A QApplication over a temporary data and settings folder: (app, out folder)."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ["CHARACTER_BUILDER_DATA"] = str(work / "data")
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")
    out = out or ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    from builder.ui.settings import init_application_names

    init_application_names()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(work / "config"))
    return app, out


def main() -> int:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QToolTip

    scaled = os.environ.get("QT_SCALE_FACTOR", "1") not in ("", "1")
    app, out = start_app("cb-shots-", Path("/tmp/cb-shots-2x") if scaled else None)

    from builder.ui import theme
    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=False)
    window.setGeometry(0, 0, 1240, 760)
    window.show()
    wait(600)
    grab_screen(out / "first-start.png", window)
    senna = make_samples()
    window.library_model.refresh()
    wait(300)
    window.library_page.view.selectRow(0)
    wait(200)
    grab_screen(out / "library.png", window)

    editor = window.open_path(senna)
    wait(300)
    panel = editor.options_panel
    panel.select("skill", "Medicine")
    index = panel.view.currentIndex()
    panel.view.scrollTo(index)
    wait(300)
    rect = panel.view.visualRect(index)
    pos = panel.view.viewport().mapToGlobal(rect.center() + QPoint(10, 8))
    QToolTip.showText(pos, index.data(3), panel.view.viewport())  # Qt.ToolTipRole == 3
    wait(700)
    grab_screen(out / "editor.png", window)
    QToolTip.hideText()

    # The advancement chain with the planner's path to Cleric 4 (16 SP).
    editor.pages.setCurrentIndex(1)
    chain = editor.chain_page
    wait(400)
    chain.view.fit(readable=True)
    chain.select_node("class:Cleric")
    chain.target_spin.setValue(4)
    wait(400)
    grab_screen(out / "chain-plan.png", window)

    # A drag in progress: Graynor's Fighter rank, eligible traits lit.
    graynor = next(p for p in senna.parent.glob("Graynor*.json"))
    editor2 = window.open_path(graynor)
    editor2.pages.setCurrentIndex(1)
    chain2 = editor2.chain_page
    chain2.filter_combo.setCurrentText("Fighter")
    wait(400)
    chip = chain2.chips[0]
    chain2._light_for(chip.option)
    chip.setDown(True)
    item = chain2.scene.nodes["trait:Fighter.Breach"]
    item.drag_hover = True
    item.update()
    chain2.status.emit("Drop the rank on a lit trait (grey ones say why not)")
    wait(400)
    grab_screen(out / "chain-drag.png", window)
    chain2.scene.end_drag()

    # The same editor and chain in the dark theme.
    theme.choose("dark")
    window.tabs.setCurrentWidget(editor)
    editor.pages.setCurrentIndex(0)
    wait(500)
    grab_screen(out / "editor-dark.png", window)
    editor.pages.setCurrentIndex(1)
    wait(400)
    grab_screen(out / "chain-dark.png", window)
    theme.choose("system")
    for doc in window.open_documents():
        doc.stop_watching()
    window.close()
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
