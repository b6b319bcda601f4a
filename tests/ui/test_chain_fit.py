"""The chain fits the default window (1180x760) at a readable size for the characters
the program ships (the sample characters, and one of the example rule system written
as data): every node and column in view, no word of a node cut, nothing elided that
its tooltip and the details line do not say whole.  Other screens and 2x: the walk of
every page (tests/ui/walk.py) runs the label checks there."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from PySide6.QtWidgets import QApplication

from tests.helpers import ok
from tests.ui import chain_checks

DATA = Path(__file__).resolve().parents[2] / "builder" / "data"
EXAMPLE = DATA / "examples" / "point-buy.json"
SAMPLES = DATA / "samples"
#: A long plan on each chain: several steps on one node, not all in a row.
PLANNED = {"skill:Medicine": 5, "value:Warding": 3}


def _chain_pages(window, qtbot):
    """Open every sample character whose rule system draws a chain, and a point-buy
    one; yield each chain page shown."""
    from builder.storage.rulesets import load_ruleset
    from builder.ui.chain.data_view import has_chain

    window.show()
    qtbot.waitExposed(window)
    samples = [path for path in sorted(SAMPLES.glob("*.json"))
               if has_chain(load_ruleset(json.loads(path.read_text())["ruleset"]))]
    paths = window.library.import_paths([str(path) for path in samples])
    paths.append(Path(ok("new", "point-buy", "Pia", "--set", "Body=2").out.strip()))
    shown = 0
    for path in paths:
        editor = window.documents.open_path(path)
        editor.show_chain()
        QApplication.processEvents()
        shown += 1
        yield editor.chain_page
    assert shown == 2                                # Senna Vale and the point-buy hero


def test_every_shipped_characters_chain_fits_the_default_window(window, qtbot, isolated_data):
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "point-buy.json")
    assert (window.width(), window.height()) == (1180, 760)
    for page in _chain_pages(window, qtbot):
        view = page.view
        assert view.isVisible() and chain_checks.visible_chain_views(window) == [view]
        problems = chain_checks.fit_problems(view) + chain_checks.label_problems(view)
        assert problems == [], page.doc.cf.name
        assert view.horizontalScrollBar().maximum() == 0          # all columns in view
        # a plan's badges grow their nodes, their words whole (on two lines where a
        # node is narrow for them: "steps 5, 8, 9 · 18 CP ·" / "total 41")
        target = next(nid for nid in PLANNED if nid in page.scene.nodes)
        page.select_node(target)
        page.plan.target_spin.setValue(PLANNED[target])
        QApplication.processEvents()
        assert len(page.scene.planned_ids()) >= 2
        assert chain_checks.label_problems(view) == []
        assert any(len(page.scene.nodes[nid].badge_lines()) == 2
                   for nid in page.scene.planned_ids()) == (target == "value:Warding")


def test_the_checks_see_a_chain_cut_by_the_view_and_a_name_elided_unsaid(qtbot):
    """The checks can fail: a view too small for the chain, and an elided name that
    neither the tooltip nor the details line says."""
    from builder.rulesets.story_points.ui.chain_page import ChainWidget
    from builder.ui.document import CharacterDocument
    from tests.ui.conftest import SENNA, make_character

    doc = CharacterDocument.open(make_character("Senna", *SENNA))
    page = ChainWidget(doc)
    qtbot.addWidget(page)
    page.resize(780, 640)                          # (the offscreen screen is 800 wide)
    page.show()
    QApplication.processEvents()
    view = page.view
    assert chain_checks.label_problems(view) == []
    view.fit(readable=False)                       # all of it, whatever the text size
    assert chain_checks.fit_problems(view) == []
    assert any("below" in p for p in chain_checks.label_problems(view))
    view.zoom_by(4.0)
    assert any("outside the view" in p for p in chain_checks.fit_problems(view))
    item = page.scene.nodes["skill:Medicine"]
    item.set_width(60)                              # far too narrow: the name is elided
    assert item.shown_texts()[0] != "Medicine"
    assert chain_checks.label_problems(view) == []  # ...said whole in tooltip and details
    item.setToolTip("")
    assert any("said whole nowhere" in p for p in chain_checks.label_problems(view))
    doc.stop_watching()
