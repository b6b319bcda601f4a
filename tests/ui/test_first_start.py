"""The first start: an empty library shows the ways in, and the sample characters
shipped with the app open in a click."""
from __future__ import annotations

from builder.resources import resource_path
from builder.storage.files import list_library, load_character
from tests.rule_systems import BUILTIN_IDS


def _shipped_samples() -> list:
    return sorted(f for f in resource_path("samples").iterdir() if f.name.endswith(".json"))


def test_the_shipped_samples_are_valid_characters_one_per_ruleset():
    rulesets = []
    for sample in _shipped_samples():
        cf = load_character(str(sample))
        assert not cf.replay.problems, sample.name
        assert cf.ledger, f"{sample.name} shows a ledger"
        rulesets.append(cf.ruleset.id)
    assert sorted(rulesets) == list(BUILTIN_IDS)


def test_an_empty_library_shows_the_first_start_panel(window, qtbot):
    page = window.library_page
    assert page.table_stack.currentWidget() is page.first_start_area
    assert page.first_start.isVisibleTo(page.table_stack)
    texts = [b.text() for b in page.first_start.findChildren(type(window.library_page
                                                                  .first_start.buttons
                                                                  .itemAt(0).widget()))]
    assert any("New Character" in t for t in texts)
    assert any("Import" in t for t in texts)
    assert any("Sample" in t for t in texts)
    opened = window.library.open_samples()
    shipped = len(_shipped_samples())
    assert len(opened) == shipped and len(list_library()) == shipped
    assert len(window.documents.editors()) == shipped
    assert page.table_stack.currentWidget() is page.view


def test_the_empty_campaigns_table_stays_compact_on_the_first_start_page(window, qtbot):
    from PySide6.QtWidgets import QApplication, QPushButton

    from tests.helpers import ok

    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    page, panel = window.library_page, window.campaigns_panel
    assert panel.height() <= 0.15 * page.height()          # it took 30 to 50 % before
    view = panel.view
    assert view.height() >= view.horizontalHeader().height()  # still shows its header
    for button in panel.findChildren(QPushButton):         # its buttons are not cut
        assert button.geometry().bottom() < panel.height()
    # with a campaign the table may grow again
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points")
    window.campaign_model.refresh()
    QApplication.processEvents()
    assert panel.maximumHeight() > page.height()
