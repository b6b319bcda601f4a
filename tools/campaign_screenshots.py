"""Screenshots of the campaign parts of the window, from the real window.

Run under a real X server (Xvfb is enough)::

    Xvfb :99 -screen 0 2800x1800x24 &
    DISPLAY=:99 QT_QPA_PLATFORM=xcb python tools/campaign_screenshots.py [OPTIONS]

Writes campaign.png (a campaign tab: members, ledger, embedded pool), pool.png
(the pool full screen for the table), campaign-library.png (the library with its
campaigns) and campaign-exchange.png (the Training Exchange dialog with greyed
trait picks): the pictures the README and docs/user show (OPTIONS and where
the pictures go: tools/screenshots.py).  Sample characters and the campaign are made in a temporary data
folder; the real library is untouched.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))


def make_campaign(senna: Path) -> Path:
    """The Iron Coast, made as the program makes it (through its application layer):
    four members, a Story Checkpoint, a Training Exchange and a pool session."""
    from builder.app import campaigns, pool

    folder = senna.parent
    members = [str(next(folder.glob(f"{name}*.json")))
               for name in ("Senna", "Graynor", "Nyra", "Sera")]
    target = campaigns.library_path("The Iron Coast")
    campaigns.create(campaigns.NewCampaign("The Iron Coast", "story-points", members))
    campaigns.award(target, ["award-checkpoint", "The Drowned Fort", "Opened the gate"])
    campaigns.exchange(target, members[1], ["raise-skill", "Athletics"],
                       members[2], ["raise-skill", "Stealth"])
    for action in (pool.start_action(4, name="Harbour night"),
                   pool.spend_action("fortune", "upgrade", check="3", by="Nyra"),
                   pool.spend_action("peril", "complication", check="3", by="GM"),
                   pool.spend_action("fortune", "breakthrough", check="5", by="Senna",
                                     after_roll=True),
                   pool.earn_action("fortune", "heroic act")):
        campaigns.pool_act(target, action)
    return target


def main() -> int:
    from screenshots import grab_screen, make_samples, start_app, wait

    app, out = start_app("cb-camp-shots-")

    senna = make_samples()
    camp = make_campaign(senna)
    from builder.app.campaigns import load
    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=False)
    window.setGeometry(0, 0, 1240, 760)
    window.show()
    wait(600)
    window.campaigns_panel.select_path(str(camp))
    wait(200)
    grab_screen(out / "campaign-library.png", window)

    view = window.documents.open_campaign(camp)
    view.pool_view.by.setEditText("Graynor")
    view.pool_view.check_id.setText("5")
    wait(400)
    grab_screen(out / "campaign.png", window)

    view.party.open_exchange_dialog()
    dialog = view.dialog
    dialog.side_a.select(member="Nyra", kind="raise-class", name="Rogue", trait="Vanish")
    dialog.side_b.select(member="Graynor", kind="raise-skill", name="Survival")
    wait(400)
    grab_screen(out / "campaign-exchange.png", dialog)
    dialog.reject()

    print("window", window.frameGeometry())
    view.pool_view.set_full_screen(True)
    wait(600)
    # Xvfb has no window manager to honour "full screen": size it to the screen
    view.pool_area.setGeometry(view.pool_view.screen().geometry())
    wait(600)
    print("pool", view.pool_area.frameGeometry())
    grab_screen(out / "pool.png", view.pool_area)
    view.pool_view.set_full_screen(False)
    wait(200)
    assert load(camp).pool.session == 1
    for doc in window.documents.open_documents():
        doc.stop_watching()
    window.close()
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
