"""Every model under QAbstractItemModelTester, and the library model's behaviour (a rule
system's own editor models: in its tests/rulesets folder, with attach_tester from here)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester

from builder.app import characters
from builder.storage import library
from builder.ui.models.library_model import (COL_HEADLINE, COL_MODIFIED, COL_NAME,
                                             HeadlineRole, LibraryFilterModel, LibraryModel,
                                             PathRole, ProblemRole)
from builder.ui.models.ledger_model import LedgerModel
from builder.ui.models.options_model import (AllowedRole, OptionsFilterModel, OptionsModel,
                                             ReasonsRole)
from tests.ui.conftest import SENNA, make_character

FAIL = QAbstractItemModelTester.FailureReportingMode.Fatal


_TESTERS = []


@pytest.fixture(autouse=True)
def _drop_testers():
    yield
    _TESTERS.clear()


def attach_tester(model):
    """Run Qt's model checks on every change of ``model`` for the rest of the test."""
    t = QAbstractItemModelTester(model, FAIL, model)
    _TESTERS.append(t)
    return t


def test_library_model_lists_every_character_with_its_figures(qtbot):
    make_character("Senna", *SENNA)
    make_character("Graynor", "sp=3", "vital.Strength=3", "skill.Melee=3", "class.Fighter=1",
                   "trait.Fighter.Parry=1")
    model = LibraryModel(watch=False)
    attach_tester(model)
    names = sorted(model.index(r, COL_NAME).data() for r in range(model.rowCount()))
    assert names == ["Graynor", "Senna"]
    row = model.row_for_path(library.scan_library()[1].path)
    assert model.index(row, COL_HEADLINE).data() == "Unspent SP 16 · Classes Cleric 3"
    assert model.index(row, 0).data(HeadlineRole) == {"Unspent SP": 16, "Classes": "Cleric 3"}
    assert model.index(row, COL_MODIFIED).data()


def test_library_model_follows_the_folder_with_row_signals(qtbot):
    first = make_character("Senna", *SENNA)
    model = LibraryModel(watch=False)
    attach_tester(model)
    with qtbot.waitSignal(model.rowsInserted):
        second = make_character("Nyra", "sp=2")
        model.refresh()
    assert model.rowCount() == 2
    with qtbot.waitSignal(model.dataChanged):
        characters.rename(second, "Nyra Swift")
        model.refresh()
    assert model.index(model.row_for_path(second), COL_NAME).data() == "Nyra Swift"
    with qtbot.waitSignal(model.rowsRemoved):
        library.move_to_trash(first)
        model.refresh()
    assert [model.index(0, 0).data(PathRole)] == [str(second)]


def test_library_model_notices_a_file_dropped_into_the_folder(qtbot):
    make_character("Senna", *SENNA)
    model = LibraryModel(watch=True)
    attach_tester(model)
    with qtbot.waitSignal(model.rowsInserted, timeout=5000):
        make_character("Nyra", "sp=2")
    assert model.rowCount() == 2


def test_broken_files_show_their_problem(qtbot):
    from builder.storage.paths import characters_dir

    (characters_dir(create=True) / "broken.json").write_text("{oops")
    model = LibraryModel(watch=False)
    attach_tester(model)
    assert "not a readable character file" in model.index(0, 0).data(ProblemRole)
    assert "not a readable" in model.index(0, COL_HEADLINE).data()


def test_search_and_sort_through_the_proxy(qtbot):
    for name in ("Senna", "Graynor", "Nyra"):
        make_character(name, "sp=1")
    model = LibraryModel(watch=False)
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    attach_tester(proxy)
    proxy.sort(COL_NAME, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(r, 0).data() for r in range(3)] == ["Graynor", "Nyra", "Senna"]
    proxy.setFilterFixedString("ny")
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Nyra"]
    proxy.setFilterFixedString("story point")  # the ruleset column is searched too
    assert proxy.rowCount() == 3


def _senna_cf():
    from builder.storage.files import load_character

    return load_character(make_character("Senna", *SENNA))


def test_options_model_greys_what_the_core_refuses(qtbot):
    cf = _senna_cf()
    model = OptionsModel(unit="SP")
    attach_tester(model)
    model.set_options(cf.options())
    rows = {model.index(r, 0).data(): r for r in range(model.rowCount())}
    medicine = rows["Skill: Medicine → 4"]
    assert model.index(medicine, 0).data(AllowedRole) is False
    assert model.index(medicine, 0).data(ReasonsRole) == [
        "Medicine 4 needs Cognition 4 (Cognition is 3)"]
    assert "Medicine 4 needs Cognition 4" in model.index(medicine, 0).data(
        Qt.ItemDataRole.ToolTipRole)
    assert model.index(medicine, 1).data() == "4 SP"
    cognition = rows["Vital: Cognition → 4"]
    assert model.index(cognition, 0).data(AllowedRole) is True
    # recomputed after a change: same rows, new verdicts
    cf.do(cf.ruleset.parse_action(["raise-vital", "Cognition"]))
    with qtbot.waitSignal(model.dataChanged):
        model.set_options(cf.options())
    assert model.index(medicine, 0).data(AllowedRole) is True
    proxy = OptionsFilterModel()
    proxy.setSourceModel(model)
    attach_tester(proxy)
    proxy.set_only_allowed(True)
    assert 0 < proxy.rowCount() < model.rowCount()
    assert all(proxy.index(r, 0).data(AllowedRole) for r in range(proxy.rowCount()))


def test_ledger_model_shows_cost_and_sp_after(qtbot):
    cf = _senna_cf()
    cf.do(cf.ruleset.parse_action(["award-checkpoint", "Shrine", "Found it"]))
    cf.do(cf.ruleset.parse_action(["raise-vital", "Cognition"]))
    model = LedgerModel()
    attach_tester(model)
    model.set_character(cf)
    assert model.rowCount() == 3
    # the opening balance first, as the sheet has it
    assert [model.index(0, c).data() for c in (0, 1, 2, 3)] == ["", "Opening balance", "",
                                                                "16 SP"]
    # a spend is signed as a gain is (the column is the balance's change)
    assert [model.index(2, c).data() for c in (0, 2, 3)] == ["2", "-8 SP", "10 SP"]
    assert model.index(1, 2).data() == "+2 SP"
    assert model.index(1, 3).data() == "18 SP"
    assert "Found it" in model.index(1, 1).data()


@pytest.mark.parametrize("name", ["Senna"])
def test_generic_editor_models_pass_the_tester(qtbot, name):
    from builder.ui.document import CharacterDocument
    from builder.ui.views.generic import GenericEditor

    doc = CharacterDocument.open(make_character(name, *SENNA))
    editor = GenericEditor(doc)
    qtbot.addWidget(editor)
    attach_tester(editor.state_model)
    attach_tester(editor.options_panel.proxy)
    editor.action_line.setText("raise-vital Cognition")
    editor.do_line()
    assert doc.cf.state.vitals["Cognition"] == 4
    doc.stop_watching()


def test_the_library_sorts_itself_by_every_column_and_keeps_the_selection(qtbot):
    from PySide6.QtCore import QItemSelectionModel

    from builder.ui.models.library_model import COL_RULESET, PathRole

    for name, sp in (("Senna", "5"), ("graynor", "12"), ("Nyra", "1")):
        make_character(name, f"sp={sp}")
    model = LibraryModel(watch=False)
    proxy = LibraryFilterModel()
    proxy.setSourceModel(model)
    attach_tester(proxy)

    def names():
        return [proxy.index(r, COL_NAME).data() for r in range(proxy.rowCount())]

    proxy.sort(COL_NAME, Qt.SortOrder.DescendingOrder)
    assert names() == ["Senna", "Nyra", "graynor"]     # case folded
    selection = QItemSelectionModel(proxy)
    selection.select(proxy.index(0, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect)
    proxy.sort(COL_HEADLINE, Qt.SortOrder.AscendingOrder)   # "Unspent SP 1", "12", "5"
    assert names() == ["Nyra", "graynor", "Senna"]
    (selected,) = selection.selectedIndexes()
    assert selected.data() == "Senna"                    # the selection follows its row
    proxy.sort(COL_RULESET, Qt.SortOrder.AscendingOrder)  # all equal: then by name
    assert names() == ["graynor", "Nyra", "Senna"]
    proxy.sort(COL_NAME, Qt.SortOrder.AscendingOrder)
    make_character("Aldo", "sp=1")
    model.refresh(watch=False)                           # a new file goes to its place
    assert names() == ["Aldo", "graynor", "Nyra", "Senna"]
    assert model.row_for_path(proxy.index(0, 0).data(PathRole)) == 0
    proxy.setFilterFixedString("ra")
    assert names() == ["graynor", "Nyra"]


def test_many_new_files_are_read_in_the_background_with_progress(qtbot, monkeypatch):
    from builder.ui.models import library_model

    monkeypatch.setattr(library_model, "BACKGROUND_FROM", 3)
    for name, sp in (("Senna", "5"), ("Graynor", "12"), ("Nyra", "1"), ("Aldo", "2")):
        make_character(name, f"sp={sp}")
    model = LibraryModel(watch=False)
    # every row is there at once (file name and time), its figures not read yet
    assert model.rowCount() == 4 and model.is_loading()
    assert [model.index(r, COL_HEADLINE).data() for r in range(4)] == [""] * 4
    progress = []
    model.loadingProgress.connect(lambda done, total: progress.append((done, total)))
    qtbot.waitUntil(lambda: not model.is_loading(), timeout=10000)
    assert progress[0] == (0, 4) and progress[-1] == (4, 4)
    figures = {model.index(r, COL_NAME).data(): model.index(r, COL_HEADLINE).data()
               for r in range(4)}
    assert figures["Graynor"].startswith("Unspent SP 12 ")
    assert figures["Aldo"].startswith("Unspent SP 2 ")
    # the index was written: the next start reads nothing
    again = LibraryModel(watch=False)
    assert not again.is_loading()
    assert again.entries() == model.entries()       # LibraryEntry compares every field


def test_an_option_s_cost_is_said_in_the_rule_system_s_unit_and_number():
    """The details pane and the tooltips say "costs 1 SP" for Story Points, "1 point"
    where the rules name no unit (they said "costs 1 points" whatever the unit)."""
    from builder.rules.base import Option
    from builder.ui.models.options_model import OptionsModel, cost_text, reasons_text

    one, two = (Option("new-class", "Fighter", 1, cost, words=["enter-class", "Fighter"])
                for cost in (1, 2))
    assert [cost_text(one), cost_text(two), cost_text(one, "SP")] == \
        ["1 point", "2 points", "1 SP"]
    assert reasons_text(one, "SP") == \
        "New class: Fighter → 1 costs 1 SP: you can take it now."
    model = OptionsModel(unit="SP")
    model.set_options([one])
    index = model.index(0, 0)
    assert model.data(index, Qt.ItemDataRole.ToolTipRole) == reasons_text(one, "SP")
