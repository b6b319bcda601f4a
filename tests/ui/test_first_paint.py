"""What the window's first paint needs, and what waits for the window to settle.

PySide6 builds the Python enums of the whole ``Qt`` namespace (93 enums) the
first time any ``Qt.X`` is looked up, or Qt hands a Python override one of them; the
start does neither until it is done (builder/ui/qt_values.py, docs/dev/performance.md
"What the first paint needs").  These tests start the real window in a child process (as the
installed script does) and look at what exists at the first paint and when the start
is done; and they check that what was moved past the paint (header-click sorting, the
folder watches) is there once the window has settled, as before.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.helpers import ok
from tests.ui.conftest import SENNA, make_character

ROOT = Path(__file__).resolve().parents[2]

#: Run in the child: the real start (builder.__main__.main, --quit-when-ready), with a
#: look at PySide6's modules at the library's first paint and when the start is done;
#: SETTLE=1 goes on until the window has settled, reports its tables and closes it (which
#: saves the settings, as quitting does).
PROBE = r"""
import json, os, sys
seen = {}

def qt_namespace_built():
    return "Qt" in sys.modules["PySide6.QtCore"].__dict__

from builder.ui import main_window
from builder.ui.views import library_page

#: What the first paint of a library without campaigns does without: a campaign file's
#: own module and the rules and writer it brings, the folders' watch.
LATER = ("builder.storage.campaigns", "builder.rules.fortune_peril",
         "builder.storage.transaction", "builder.ui.folder_watch")

mark = library_page.LibraryView.mark_painted
def mark_painted(view):
    if "at_first_paint" not in seen:
        from PySide6.QtGui import QPalette
        from PySide6.QtWidgets import QApplication

        seen["at_first_paint"] = qt_namespace_built()
        seen["dark_at_first_paint"] = QApplication.palette().color(
            QPalette.ColorRole.Window).lightness() < 128
        seen["loaded_at_first_paint"] = sorted(m for m in LATER if m in sys.modules)
    mark(view)
library_page.LibraryView.mark_painted = mark_painted

exit_now = os._exit
def report(code):
    seen.setdefault("when_ready", qt_namespace_built())
    sys.stdout.write("PROBE " + json.dumps(seen) + "\n")
    sys.stdout.flush()
    exit_now(code)

if os.environ.get("SETTLE"):
    settle = main_window.MainWindow.settle
    def settle_and_report(window):
        seen["when_ready"] = qt_namespace_built()
        settle(window)
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication
        for name, page in (("library", window.library_page),
                           ("campaigns", window.campaigns_panel)):
            header = page.view.horizontalHeader()
            seen[name] = {
                "sorting": page.view.isSortingEnabled(),
                "section": header.sortIndicatorSection(),
                "descending": header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder,
                "shown": header.isSortIndicatorShown(),
                "menu": page.view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu}
        from builder.ui import theme
        seen["themed"] = isinstance(QApplication.style(), theme.MarkedIndicators)
        seen["dark"] = theme.is_dark()
        model = window.library_model
        seen["names"] = [model.index(r, 0).data() for r in range(model.rowCount())]
        seen["watching"] = model._watcher is not None and bool(model._watcher.directories())
        window.close()
        report(0)
    main_window.MainWindow.settle = settle_and_report
    os._exit = lambda code: None if code == 0 else report(code)   # on past the ready point
else:
    os._exit = report

from builder.__main__ import main
sys.exit(main(["--quit-when-ready"]))
"""


def start(tmp_path: Path, settle: bool = False) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.pop("SETTLE", None)
    if settle:
        env["SETTLE"] = "1"
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("PROBE "))
    return json.loads(line[len("PROBE "):])


@pytest.fixture
def library():
    for name in ("Senna", "aldo", "Nyra"):
        make_character(name, *SENNA)
    nyra = make_character("Joss", "sp=3")
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points", "--member", nyra)


def test_the_start_builds_no_qt_namespace_enums_until_it_is_done(library, tmp_path):
    seen = start(tmp_path)
    # (the campaigns table reads the library's campaign with its module)
    assert seen == {"at_first_paint": False, "dark_at_first_paint": False,
                    "when_ready": False, "loaded_at_first_paint": [
                        "builder.rules.fortune_peril", "builder.storage.campaigns",
                        "builder.storage.transaction"]}


def test_a_library_without_campaigns_paints_without_their_modules(tmp_path):
    """Listing no campaigns (the folder empty or not there yet) reads no campaign module,
    and the folders are watched only once the window has settled."""
    for name in ("Senna", "Nyra"):
        make_character(name, *SENNA)
    seen = start(tmp_path)
    assert seen["loaded_at_first_paint"] == [] and seen["at_first_paint"] is False


@pytest.mark.parametrize("choice", ["dark", "light"])
def test_a_chosen_theme_colours_the_first_paint_and_its_manager_follows(library, tmp_path,
                                                                       choice):
    from builder.ui.settings import app_settings
    from builder.ui.theme_choice import SETTINGS_KEY

    settings = app_settings()
    settings.setValue(SETTINGS_KEY, choice)
    settings.sync()
    seen = start(tmp_path, settle=True)
    assert seen["at_first_paint"] is False and seen["when_ready"] is False
    assert seen["dark_at_first_paint"] is (choice == "dark")
    assert seen["themed"] and seen["dark"] is (choice == "dark")


def test_sorting_and_the_folder_watch_follow_once_the_window_has_settled(library, tmp_path):
    seen = start(tmp_path, settle=True)
    assert seen["at_first_paint"] is False and seen["when_ready"] is False
    for table in ("library", "campaigns"):
        assert seen[table] == {"sorting": True, "section": 0, "descending": False,
                               "shown": True, "menu": True}
    assert seen["names"] == ["aldo", "Joss", "Nyra", "Senna"]    # by name, case folded
    assert seen["watching"]


def test_a_restored_sort_is_the_first_paints_and_costs_no_qt_enums(library, tmp_path):
    from PySide6.QtCore import QSettings

    from builder.ui.models.library_model import COL_NAME

    start(tmp_path, settle=True)          # a session that ends: the settings are saved
    settings = QSettings(str(tmp_path / "config" / "character-builder" /
                             "character-builder.ini"), QSettings.Format.IniFormat)
    assert settings.value("library/sortColumn") in (0, "0")
    # the player sorted by name, Z to A, in that session
    window = _window_sorted_by(COL_NAME, Qt.SortOrder.DescendingOrder)
    window.settings.save_settings()
    window.close()
    seen = start(tmp_path, settle=True)
    assert seen["at_first_paint"] is False and seen["when_ready"] is False
    assert seen["library"]["section"] == 0 and seen["library"]["descending"] is True
    assert seen["names"] == ["Senna", "Nyra", "Joss", "aldo"]


def _window_sorted_by(column, order):
    from builder.ui.main_window import MainWindow

    window = MainWindow(restore=False)
    window.library_page.enable_sorting()     # (what settle does for the tables)
    window.library_page.view.sortByColumn(column, order)
    return window


def test_rows_are_in_the_restored_order_before_any_paint(library, qtbot):
    """A restored header's sort is applied to the rows in Python before the first paint
    (the header's own sorting is switched on when the window settles)."""
    from builder.ui.main_window import MainWindow
    from builder.ui.models.library_model import COL_NAME

    before = _window_sorted_by(COL_NAME, Qt.SortOrder.DescendingOrder)
    before.settings.save_settings()
    before.close()
    window = MainWindow(restore=True)
    qtbot.addWidget(window)
    assert not window.library_page.view.isSortingEnabled()      # not yet: settles later
    model = window.library_model
    assert [model.index(r, COL_NAME).data() for r in range(model.rowCount())] == \
        ["Senna", "Nyra", "Joss", "aldo"]
    window.library_page.enable_sorting()     # (what settle does for the tables)
    header = window.library_page.view.horizontalHeader()
    assert window.library_page.view.isSortingEnabled()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == \
        (COL_NAME, Qt.SortOrder.DescendingOrder)
    assert [model.index(r, COL_NAME).data() for r in range(model.rowCount())] == \
        ["Senna", "Nyra", "Joss", "aldo"]


def test_the_tables_headers_are_the_models_own(qtbot):
    """The column titles the views read from C++ (with_headers) are the models'."""
    from builder.ui.models.campaign_model import HEADERS as CAMPAIGN_HEADERS
    from builder.ui.models.campaign_model import CampaignModel
    from builder.ui.models.library_model import HEADERS, LibraryModel
    from builder.ui.views.library_page import CampaignsPanel, LibraryPage

    library_page = LibraryPage(LibraryModel(watch=False))
    campaigns = CampaignsPanel(CampaignModel(watch=False))
    qtbot.addWidget(library_page)
    qtbot.addWidget(campaigns)
    for page, titles in ((library_page, HEADERS), (campaigns, CAMPAIGN_HEADERS)):
        model = page.view.model()
        shown = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(titles))]
        assert shown == list(titles) == [page.model.headerData(c, Qt.Orientation.Horizontal)
                                         for c in range(len(titles))]
        assert model.columnCount() == len(titles)


def test_the_tables_show_their_ascending_arrow_before_sorting_is_switched_on(qtbot):
    """The first paint shows the sort arrow as before (set without a Qt.SortOrder)."""
    from builder.ui.models.campaign_model import COL_NAME as CAMP_NAME
    from builder.ui.models.campaign_model import CampaignModel
    from builder.ui.models.library_model import COL_NAME, LibraryModel
    from builder.ui.views.library_page import CampaignsPanel, LibraryPage, ascending_arrow

    library_page = LibraryPage(LibraryModel(watch=False))
    campaigns = CampaignsPanel(CampaignModel(watch=False))
    for page, column in ((library_page, COL_NAME), (campaigns, CAMP_NAME)):
        qtbot.addWidget(page)
        header = page.view.horizontalHeader()
        assert not page.view.isSortingEnabled()
        assert header.isSortIndicatorShown()
        assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == \
            (column, Qt.SortOrder.AscendingOrder)
    header = library_page.view.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(header.count())]
    assert ascending_arrow(header, 2)
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == \
        (2, Qt.SortOrder.AscendingOrder)
    assert [header.sectionSize(c) for c in range(header.count())] == widths


def test_the_library_tables_model_chain_stays_consistent_through_changes(qtbot):
    """The view's model (the search proxy over with_headers' concatenation) under Qt's
    model checks while rows come, go and are sorted; a selection follows its row."""
    from PySide6.QtCore import QItemSelectionModel
    from PySide6.QtTest import QAbstractItemModelTester

    from builder.storage import library as storage_library
    from builder.ui.models.library_model import COL_NAME, LibraryModel, PathRole
    from builder.ui.views.library_page import LibraryPage

    fatal = QAbstractItemModelTester.FailureReportingMode.Fatal
    make_character("Senna", *SENNA)
    make_character("Nyra", "sp=2")
    page = LibraryPage(LibraryModel(watch=False))
    qtbot.addWidget(page)
    view_model = page.view.model()
    testers = [QAbstractItemModelTester(m, fatal) for m in (view_model, page.proxy.sourceModel())]

    def names():
        return [view_model.index(r, COL_NAME).data() for r in range(view_model.rowCount())]

    assert names() == ["Nyra", "Senna"]
    page.enable_sorting()
    senna = view_model.index(1, 0).data(PathRole)
    page.select_path(senna)                          # a model row, mapped up to the view's
    assert page.selected_paths() == [senna]
    page.view.sortByColumn(COL_NAME, Qt.SortOrder.DescendingOrder)
    assert names() == ["Senna", "Nyra"]
    assert [i.data() for i in page.view.selectionModel().selectedRows(COL_NAME)] == ["Senna"]
    aldo = make_character("Aldo", "sp=1")
    page.model.refresh(watch=False)
    assert names() == ["Senna", "Nyra", "Aldo"]
    storage_library.move_to_trash(aldo)
    page.model.refresh(watch=False)
    assert names() == ["Senna", "Nyra"]
    page.search.setText("ny")
    assert names() == ["Nyra"] and page.count_label.text() == "1 of 2 shown"
    selection = page.view.selectionModel()
    selection.select(view_model.index(0, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
                     | QItemSelectionModel.SelectionFlag.Rows)
    assert page.selected_paths() == [view_model.index(0, 0).data(PathRole)]
    assert testers


def test_a_header_click_sorts_once_the_window_has_settled(window, qtbot):
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    from builder.ui.models.library_model import COL_HEADLINE, COL_NAME

    for name, sp in (("Senna", "5"), ("graynor", "12"), ("Nyra", "1")):
        make_character(name, f"sp={sp}")
    window.library_model.refresh(watch=False)
    window.resize(1180, 760)
    window.show()
    qtbot.waitExposed(window)
    page = window.library_page
    model = page.view.model()

    def names():
        return [model.index(r, COL_NAME).data() for r in range(model.rowCount())]

    header = page.view.horizontalHeader()

    def click(column):
        middle = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
        QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, 5))

    qtbot.waitUntil(lambda: page.view.isSortingEnabled())     # settled
    assert names() == ["graynor", "Nyra", "Senna"]
    click(COL_HEADLINE)                                        # "Unspent SP 1", "12", "5"
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == \
        (COL_HEADLINE, Qt.SortOrder.AscendingOrder)
    assert names() == ["Nyra", "graynor", "Senna"]
    click(COL_HEADLINE)
    assert names() == ["Senna", "graynor", "Nyra"]


def test_qt_values_are_qts_own():
    from builder.ui import qt_values as v

    assert v.DISPLAY_ROLE == Qt.ItemDataRole.DisplayRole
    assert v.TOOL_TIP_ROLE == Qt.ItemDataRole.ToolTipRole
    assert v.TEXT_ALIGNMENT_ROLE == Qt.ItemDataRole.TextAlignmentRole
    assert v.ACCESSIBLE_TEXT_ROLE == Qt.ItemDataRole.AccessibleTextRole
    assert v.ACCESSIBLE_DESCRIPTION_ROLE == Qt.ItemDataRole.AccessibleDescriptionRole
    assert v.USER_ROLE == Qt.ItemDataRole.UserRole
    assert v.ALIGN_RIGHT_VCENTER == (Qt.AlignmentFlag.AlignRight
                                     | Qt.AlignmentFlag.AlignVCenter).value
    assert v.ALIGN_CENTER == Qt.AlignmentFlag.AlignCenter.value
    assert v.ACTIONS_CONTEXT_MENU == Qt.ContextMenuPolicy.ActionsContextMenu.value
    assert v.WIDGET_SHORTCUT == Qt.ShortcutContext.WidgetShortcut.value
    assert v.WINDOW_SHORTCUT == Qt.ShortcutContext.WindowShortcut.value
    assert v.WIDGET_WITH_CHILDREN_SHORTCUT == Qt.ShortcutContext.WidgetWithChildrenShortcut.value
    assert v.VERTICAL == Qt.Orientation.Vertical.value
    assert v.CASE_INSENSITIVE == Qt.CaseSensitivity.CaseInsensitive.value
    assert v.LIGHT_SCHEME == Qt.ColorScheme.Light.value
    assert v.DARK_SCHEME == Qt.ColorScheme.Dark.value


def test_qt_6_rounds_high_dpi_scale_factors_as_the_window_wants_without_being_told(qapp):
    """The start no longer sets the rounding policy (a Qt enum): Qt 6's own is it."""
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.highDpiScaleFactorRoundingPolicy() == \
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough


def test_set_enum_sets_the_qt_property_and_refuses_an_unknown_one(qapp):
    from PySide6.QtWidgets import QSplitter

    from builder.ui import qt_values as v

    splitter = QSplitter()
    v.set_enum(splitter, "orientation", v.VERTICAL)
    assert splitter.orientation() == Qt.Orientation.Vertical
    with pytest.raises(AttributeError):
        v.set_enum(splitter, "orientatoin", v.VERTICAL)


def test_the_window_sets_what_it_set_before_without_qt_enums(window):
    """Context menus, shortcut contexts, the splitter and the search's case rules: as
    when they were set with Qt's enums."""
    page = window.library_page
    for view in (page.view, window.campaigns_panel.view):
        assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    assert window.action("trash").shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut
    assert window.action("trash_campaign").shortcutContext() == Qt.ShortcutContext.WidgetShortcut
    for action in (window.action("library"), window.action("find"), window.action("new")):
        assert action.shortcutContext() == Qt.ShortcutContext.WindowShortcut
        assert action in window.actions()                      # works wherever the focus is
    assert window.action("import").shortcut().toString() == "Ctrl+I"
    assert page.splitter.orientation() == Qt.Orientation.Vertical
    assert page.proxy.filterCaseSensitivity() == Qt.CaseSensitivity.CaseInsensitive
    assert page.proxy.sortCaseSensitivity() == Qt.CaseSensitivity.CaseInsensitive


def test_the_theme_manager_knows_the_palette_the_start_set_is_its_own(qapp):
    """Dark chosen, the start sets the dark palette before the manager exists; the
    manager, switched to the desktop's scheme, gives the platform's palette back (with
    only its selection fitted to be readable: theme.fit_selection)."""
    from PySide6.QtGui import QPalette

    from builder.ui import theme, theme_choice

    theme_choice.early_colours("dark")
    try:
        assert theme.is_dark()                # (offscreen: the platform cannot switch)
        theme.manager().apply("system")
        assert not theme.is_dark()
        platform, now = theme.light_palette(), qapp.palette()
        for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base,
                     QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
            assert now.color(role) == platform.color(role), role
        assert theme.contrast(now.color(QPalette.ColorRole.Highlight),
                              now.color(QPalette.ColorRole.HighlightedText)) \
            >= theme.TEXT_CONTRAST
    finally:
        theme.manager().apply("system")
