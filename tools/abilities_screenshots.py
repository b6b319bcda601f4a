"""Screenshots of the Ability Bonuses window parts, from the real window.

    Xvfb :99 -screen 0 2800x1800x24 &
    DISPLAY=:99 QT_QPA_PLATFORM=xcb python tools/abilities_screenshots.py [OPTIONS]

Writes abilities-form.png (the New Character dialog with the four chips after a
Roll), the picture the README shows (options and where they go:
tools/screenshots.py).  Uses a temporary data folder.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.screenshots import save_png, start_app, wait  # noqa: E402


def main() -> int:
    app, out = start_app("cb-ab-shots-")
    from builder.cli import run

    run(["new", "ability-bonuses", "Ann", "--set", "MIG=3", "--set", "DEX=2", "--set",
         "CHA=1", "--set", "FOC=0", "--set", "age=young"])
    from builder.storage.paths import characters_dir

    path = next(characters_dir().glob("*.json"))
    run(["do", str(path), "modify", "MIG", "1", "--name", "Giant's Belt"])

    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=False)
    window.setGeometry(0, 0, 1240, 760)
    window.show()
    wait(500)
    window.documents.open_path(path)
    wait(500)

    window.library.new_character()
    dialog = window.library.new_character_dialog
    for row in range(dialog.ruleset_list.count()):
        if "Ability" in dialog.ruleset_list.item(row).text():
            dialog.ruleset_list.setCurrentRow(row)
    wait(300)
    form = dialog.form
    if hasattr(form, "roll"):
        form.roll()
    dialog.resize(900, 700)
    wait(500)
    save_png(dialog.grab(), out / "abilities-form.png")
    print(out / "abilities-form.png")
    dialog.close()
    for doc in window.documents.open_documents():
        doc.stop_watching()
    window.close()
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
