"""Refresh the README screenshots from the real window.

Run under a real X server (Xvfb is enough; make the screen large enough for the
window at the chosen scale)::

    Xvfb :99 -screen 0 2800x1800x24 &
    DISPLAY=:99 QT_QPA_PLATFORM=xcb python tools/screenshots.py [OPTIONS]

OPTIONS: ``--scale 1|2``, ``--theme light|dark``, ``--out DIR``.

Every picture tool here (``screenshots.py``, ``vogelfrei_screenshots.py``,
``abilities_screenshots.py``, ``campaign_screenshots.py``) takes the same options,
through :func:`start_app`:

* ``--scale 2`` runs Qt at twice the size (``QT_SCALE_FACTOR``): the pictures have
  twice the pixels, crisp on a high-density screen.  The README's pictures are
  taken at 2x (the default) and shown at half their pixel width.
* ``--theme dark`` (or ``light``, the default) picks the window's theme (View >
  Theme) for the whole run.
* ``--out DIR``: where the pictures go.  Only the README's own variant (2x, light)
  writes into docs/images by default; any other goes to /tmp/cb-shots-<scale>x-<theme>
  for a look, so the repository keeps only the pictures the README shows.

Each picture is saved as a palette PNG when 256 colours hold it exactly, else with
the strongest compression (Qt's PNG writer), then, when ImageMagick is installed,
reduced to 256 colours without dithering if that is smaller (a 2x picture ends near
150 KB).

This one writes library.png (the library), editor.png (Senna's editor with the
greyed Medicine increase and its reason tooltip), chain-plan.png (the advancement
chain with the planner's path to Cleric 4), chain-drag.png (a rank drag with
eligible traits lit), and the editor again in the dark theme (editor-dark.png).
Sample characters are made in a temporary data folder; the real library is untouched.
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


def save_png(image, path: Path) -> None:
    """``image`` (a QImage or QPixmap) as a small PNG: a palette PNG when at most 256
    colours make it up (exactly: nothing is dithered away), else full colour with
    the strongest compression."""
    from PySide6.QtGui import QImage, QPixmap

    if isinstance(image, QPixmap):
        image = image.toImage()
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    colours: set[int] = set()
    small = True
    for y in range(image.height()):
        for x in range(image.width()):
            colours.add(image.pixel(x, y))
        if len(colours) > 256:
            small = False
            break
    if small:
        image = image.convertToFormat(QImage.Format.Format_Indexed8, sorted(colours))
    if not image.save(str(path), "PNG", 0):        # 0: the strongest compression
        raise SystemExit(f"{path}: could not write the picture")
    _quantize(path)


def _quantize(path: Path) -> None:
    """With ImageMagick installed, 256 colours without dithering (flat window colours
    and text stay clean; a 2x picture shrinks to about a third); kept only if smaller."""
    import shutil
    import subprocess

    tool = shutil.which("magick") or shutil.which("convert")
    if tool is None:
        return
    smaller = path.with_suffix(".q.png")
    done = subprocess.run([tool, str(path), "-dither", "None", "-colors", "256", "-strip",
                           "-define", "png:compression-level=9", f"PNG8:{smaller}"],
                          capture_output=True)
    if done.returncode == 0 and smaller.exists() \
            and smaller.stat().st_size < path.stat().st_size:
        smaller.replace(path)
    else:
        smaller.unlink(missing_ok=True)


def grab_screen(path: Path, window) -> None:
    """The whole screen (so tooltips are in), cropped to the window, at the scale the
    app runs at (``--scale``: a 2x run gives twice the pixels)."""
    screen = window.screen()
    frame = window.frameGeometry()
    pixmap = screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    save_png(pixmap, path)
    print(path, f"{pixmap.width()}x{pixmap.height()}")


def shot_options(argv: list[str] | None = None):
    """``--scale``, ``--theme`` and ``--out`` (see the module docstring); other words
    (a tool's own OUT_DIR) are left in ``rest``."""
    import argparse

    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--scale", type=int, choices=(1, 2), default=2)
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--out", type=Path)
    options, rest = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    options.rest = rest
    return options


def start_app(prefix: str, out: Path | None = None):
    """A QApplication over a temporary data and settings folder, at the scale and in
    the theme asked for: (app, out folder)."""
    options = shot_options()
    work = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ["CHARACTER_BUILDER_DATA"] = str(work / "data")
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")
    os.environ["QT_SCALE_FACTOR"] = str(options.scale)      # read when Qt starts, below
    readme_variant = options.scale == 2 and options.theme == "light"
    out = options.out or out or (ROOT / "docs" / "images" if readme_variant else
                                 Path(f"/tmp/cb-shots-{options.scale}x-{options.theme}"))
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    from builder.ui.settings import init_application_names

    init_application_names()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(work / "config"))
    from builder.ui import theme

    theme.choose(options.theme)
    return app, out


def main() -> int:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QToolTip

    app, out = start_app("cb-shots-")

    from builder.ui import theme
    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=False)
    window.setGeometry(0, 0, 1240, 760)
    window.show()
    wait(600)
    senna = make_samples()
    window.library_model.refresh()
    wait(300)
    window.library_page.view.selectRow(0)
    wait(200)
    grab_screen(out / "library.png", window)

    editor = window.documents.open_path(senna)
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
    chain.plan.target_spin.setValue(4)
    wait(400)
    # from the left edge: the plan's first step (Cognition) to Cleric, names and all
    chain.view.horizontalScrollBar().setValue(0)
    wait(200)
    grab_screen(out / "chain-plan.png", window)

    # A drag in progress: Graynor's Fighter rank, eligible traits lit.
    graynor = next(p for p in senna.parent.glob("Graynor*.json"))
    editor2 = window.documents.open_path(graynor)
    editor2.pages.setCurrentIndex(1)
    chain2 = editor2.chain_page
    chain2.filter_combo.setCurrentText("Fighter")
    wait(400)
    chip = chain2.chips[0]
    chain2.light_for(chip.option)
    chip.setDown(True)
    item = chain2.scene.nodes["trait:Fighter.Breach"]
    item.drag_hover = True
    item.update()
    chain2.status.emit("Drop the rank on a lit trait (grey ones say why not)")
    wait(400)
    grab_screen(out / "chain-drag.png", window)
    chain2.scene.end_drag()

    # The same editor in the other theme.
    other = "light" if theme.saved_choice() == "dark" else "dark"
    theme.choose(other)
    window.tabs.setCurrentWidget(editor)
    editor.pages.setCurrentIndex(0)
    wait(500)
    grab_screen(out / f"editor-{other}.png", window)
    for doc in window.documents.open_documents():
        doc.stop_watching()
    window.close()
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
