"""A long ledger opens without work for every entry: the ledger models make the rows a
view shows (each once), the character is replayed once, and the rows in view are as
tall as their wrapped text."""
from __future__ import annotations

from PySide6.QtTest import QAbstractItemModelTester

from tests.helpers import ok
from tests.ui.conftest import SENNA, make_character

FAIL = QAbstractItemModelTester.FailureReportingMode.Fatal
ENTRIES = 300


def _long_character(entries: int = ENTRIES):
    """Senna with ``entries`` checkpoint awards (the last with a long, wrapping name),
    written as the ledger's JSON (quicker than as many ``do``)."""
    import json

    path = make_character("Senna", *SENNA)
    doc = json.loads(path.read_text(encoding="utf-8"))
    names = [f"Shrine {i}" for i in range(entries - 1)] + ["The Long Road " * 8]
    doc["ledger"] = [{"action": "award-checkpoint", "milestone": name, "checkpoint": "a",
                      "at": "2026-01-01T12:00:00+00:00"} for name in names]
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def _counting(monkeypatch, owner, name):
    calls = []
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_the_ledger_view_describes_only_the_rows_it_shows(qtbot, monkeypatch):
    from builder.storage.files import load_character
    from builder.ui.models.ledger_model import LedgerModel
    from builder.ui.views.base import LedgerView

    cf = load_character(_long_character())
    assert not cf.replay.problems
    described = _counting(monkeypatch, cf.ruleset, "describe")
    # a model no view shows describes nothing
    LedgerModel().set_character(cf)
    assert described == []
    view = LedgerView(unit="SP")
    qtbot.addWidget(view)
    view.resize(320, 240)
    view.show()
    qtbot.waitExposed(view)
    view.set_character(cf)
    model = view.ledger_model
    assert model.rowCount() == ENTRIES + 1               # and the opening balance
    # it opens on the last rows; whatever it reads (the rows in view, the rows its
    # columns are sized by), it describes each entry once at most
    qtbot.waitUntil(lambda: view.rowAt(view.viewport().height() - 1) == ENTRIES)
    assert len({id(args[0]) for args in described}) == len(described) > 0
    last = model.index(ENTRIES, 1)
    assert "The Long Road" in last.data()
    # the long last row wraps: it is as tall as its text, the others keep one line
    assert view.rowHeight(ENTRIES) >= view.sizeHintForRow(ENTRIES) \
        > view.verticalHeader().defaultSectionSize()
    # a row scrolled to is made then, with the same words as the core's
    view.scrollToTop()
    assert model.index(2, 1).data() == cf.ruleset.describe(cf.ledger[1])
    QAbstractItemModelTester(model, FAIL, view)        # (it reads every row)
    view.set_character(load_character(_long_character(3)))
    assert model.rowCount() == 4


def test_opening_a_long_ledger_replays_it_once(window, qtbot, monkeypatch):
    import builder.storage.files as files

    path = _long_character()
    replays = _counting(monkeypatch, files, "replay")
    editor = window.documents.open_file(str(path))
    assert editor is not None
    assert editor.ledger.ledger_model.rowCount() == ENTRIES + 1
    assert len(replays) == 1


def test_the_campaign_ledger_model_makes_rows_when_asked(window, qtbot, monkeypatch):
    from builder.storage import campaigns as store
    from builder.ui.models.campaign_ledger_model import CampaignLedgerModel

    member = make_character("Joss", "sp=10")
    camp = ok("campaign", "new", "Coast", "--ruleset", "story-points", "--member",
              str(member)).out.strip()
    ok("pool", "start", camp, "--players", "3")
    for i in range(12):
        ok("pool", "earn", camp, "fortune", "--reason", f"rule {i}")
    import builder.app.campaign_words as words

    plain = _counting(monkeypatch, words, "entry_text")
    loads = _counting(monkeypatch, store, "load_campaign")
    replays = _counting(monkeypatch, store.CampaignFile, "pool_replay")
    view = window.documents.open_campaign(camp)
    model = view.ledger_model
    assert isinstance(model, CampaignLedgerModel)
    QAbstractItemModelTester(model, FAIL, view)
    assert model.rowCount() == 13
    assert len(loads) == 1                  # the tab and its pool panel read it once
    assert len(replays) == 1                # and replay its pool once
    # no entry described twice (but the last, which the Undo button names)
    described = [id(args[1]) for args in plain if args[1] is not view.campaign.ledger[-1]]
    assert len(described) == len(set(described))
    assert model.index(0, 0).data() == "1"
    assert "session" in model.index(0, 1).data().lower()
    assert "rule 11" in model.index(12, 1).data()
    # showing the tab again reads the unchanged file no more
    view.reload()
    assert len(loads) == len(replays) == 1
