"""Screenshots of the Vogelfrei window parts, from the real window.

Run under a real X server (Xvfb is enough)::

    Xvfb :98 -screen 0 2800x1800x24 &
    DISPLAY=:98 QT_QPA_PLATFORM=xcb python tools/vogelfrei_screenshots.py [OPTIONS]

Writes vogelfrei-editor.png (the editor), vogelfrei-possessions.png (the
Possessions page: shop, gear, money) and vogelfrei-wizard-money.png (the creation
wizard's alignment, Status and money steps, every die rolled): the pictures the
README and docs/user show (options and where they go: tools/screenshots.py).
Sample characters are made in a temporary data folder; the real library is untouched.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.screenshots import grab_screen, start_app, wait  # noqa: E402

GRETA = ["class=Warrior", "career=Mercenary", "Strength=12", "Toughness=13", "Agility=10",
         "Intelligence=9", "Willpower=8", "Leadership=11", "wounds_roll=5", "stamina_roll=3"]
HANS = ["class=Cleric", "career=Priest", "Strength=9", "Toughness=11", "Agility=8",
        "Intelligence=12", "Willpower=15", "Leadership=10", "wounds_roll=4", "stamina_roll=2"]


def make(name: str, sets: list[str], actions: list[list[str]]) -> Path:
    from builder.app.characters import create_from_baseline
    from builder.storage.files import load_character
    from builder.storage.rulesets import load_ruleset

    ruleset = load_ruleset("vogelfrei")
    pairs = [tuple(s.split("=", 1)) for s in sets]
    path = create_from_baseline(ruleset, name,
                                    ruleset.baseline_from_sets(pairs, rng=random.Random(0)))
    cf = load_character(path)
    for words in actions:
        cf.do(ruleset.parse_action(words))
    cf.save()
    return path


def main() -> int:
    app, out = start_app("cb-vf-shots-")
    greta = make("Greta", GRETA, [
        ["gain-money", "2gp"], ["buy", "Chain"], ["wear", "Chain"], ["buy", "Shield"],
        ["wear", "Shield"], ["buy", "Weapon (Medium)"], ["buy", "Crossbow, Light"],
        ["buy", "Bolt", "--qty", "20"], ["buy", "Backpack"], ["buy", "Torch", "--qty", "4"],
        ["buy", "Rope, 50'"], ["buy", "Rations (Standard/Day)", "--qty", "3"],
        ["award-xp", "2400", "--session", "1"],
        ["level-up", "--session", "1", "--roll", "3"],
        ["award-xp", "1900", "--session", "2"],
        ["damage-wounds", "3"], ["damage-stamina", "2"]])
    hans = make("Hans", HANS, [["award-xp", "1500", "--session", "1"]])

    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=False)
    window.setGeometry(0, 0, 1260, 780)
    window.show()
    window.documents.open_path(hans)
    editor = window.documents.open_path(greta)
    wait(500)
    grab_screen(out / "vogelfrei-editor.png", window)

    editor.side_tabs.setCurrentWidget(editor.possessions)
    editor.possessions.search_edit.setText("bow")
    editor.possessions.select_item("Bow, Short")
    editor.possessions.gear_view.selectRow(0)
    wait(400)
    grab_screen(out / "vogelfrei-possessions.png", window)
    editor.side_tabs.setCurrentIndex(0)

    window.library.new_character()
    new = window.library.new_character_dialog
    new.choose_ruleset("vogelfrei")
    new.name_edit.setText("Kaspar")
    new.form.rng = random.Random(7)
    new.form.rolls.roll_everything()
    new.resize(760, 780)
    new.move(0, 0)
    # the later steps: alignment, the Status the career leaves blank, the money roll
    from PySide6.QtWidgets import QScrollArea

    form = new.form
    form.status_combo.setCurrentIndex(form.status_combo.findData("Silver"))
    form.rolls.roll_money()
    scroll = form.findChild(QScrollArea)
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    wait(400)
    grab_screen(out / "vogelfrei-wizard-money.png", new)
    new.reject()

    for doc in window.documents.open_documents():
        doc.stop_watching()
    window.close()
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
