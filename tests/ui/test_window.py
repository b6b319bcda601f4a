"""The main window: new character form, library operations with undo, import by
drop, settings and tabs restored, start-up flags."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from builder.storage import library
from builder.storage.files import list_library
from builder.ui.models.library_model import COL_NAME
from tests.ui.conftest import SENNA, make_character

ROOT = Path(__file__).resolve().parents[2]


def library_names(window):
    model = window.library_model
    return sorted(model.index(r, COL_NAME).data() for r in range(model.rowCount()))


def test_library_lists_the_characters_on_start(qtbot):
    from builder.ui.main_window import MainWindow

    make_character("Senna", *SENNA)
    make_character("Nyra", "sp=3")
    win = MainWindow(restore=False)
    qtbot.addWidget(win)
    assert library_names(win) == ["Nyra", "Senna"]
    assert win.library_page.count_label.text() == "2 characters"
    win.library_page.search.setText("sen")
    assert win.library_page.proxy.rowCount() == 1
    assert win.library_page.count_label.text() == "1 of 2 shown"


def test_new_character_form_validates_as_you_type(window, qtbot):
    window.action("new").trigger()
    dialog = window.library.new_character_dialog
    assert dialog.isVisible()
    dialog.choose_ruleset("story-points")
    form = dialog.form
    assert not dialog.create_button.isEnabled()
    assert "• Name the character." in dialog.reasons_label.text()
    dialog.name_edit.setText("Senna")
    assert dialog.create_button.isEnabled()
    form.set_value("skill.Medicine", 3)          # above its Linked Vital
    assert not dialog.create_button.isEnabled()
    assert "Medicine 3 is above its Linked Vital (Cognition is 1)" in dialog.reasons_label.text()
    form.set_value("vital.Cognition", 3)
    assert dialog.create_button.isEnabled()
    form.set_value("class.Cleric", 2)            # ranks must add up to the level
    assert "trait ranks must add up to its level (2)" in dialog.reasons_label.text()
    form.set_value("trait.Cleric.Restoring Grace", 2)
    form.set_value("sp", 12)
    assert dialog.create_button.isEnabled()
    with qtbot.waitSignal(dialog.finished):
        dialog.create_button.click()
    (path,) = list_library()
    doc = json.loads(path.read_text())
    assert doc["name"] == "Senna" and doc["baseline"]["sp"] == 12
    assert doc["baseline"]["classes"]["Cleric"]["traits"] == {"Restoring Grace": 2}
    # the new character opens in a tab; undo on the library removes it (to the trash)
    assert window.documents.current_doc().name == "Senna"
    window.documents.show_library()
    window.action("undo").trigger()
    assert list_library() == [] and len(library.trash_items()) == 1


def test_generic_creation_form_uses_the_core_set_keys(window, qtbot):
    from builder.storage.rulesets import load_ruleset
    from builder.ui.dialogs.new_character import SetsForm

    form = SetsForm(load_ruleset("story-points"))
    qtbot.addWidget(form)
    form.edit.setPlainText("sp=4\nvital.Cognition=2\n")
    assert form.baseline()["vitals"]["Cognition"] == 2
    # its example is the rule system's own first key, its note aside
    assert form.edit.placeholderText() == "One starting value per line, e.g. sp=N"
    vogelfrei = SetsForm(load_ruleset("vogelfrei"))
    qtbot.addWidget(vogelfrei)
    assert vogelfrei.edit.placeholderText() == "One starting value per line, e.g. ABILITY=N"


def test_trash_and_restore_with_undo(window, senna_path, qtbot):
    data = senna_path.read_bytes()
    window.library_model.refresh()
    window.library_page.select_path(str(senna_path))
    assert window.action("trash").isEnabled()
    window.action("trash").trigger()
    assert not senna_path.exists()
    assert library_names(window) == []
    assert window.statusBar().currentMessage().startswith("Moved Senna to the trash")
    assert "Undo" in window.statusBar().currentMessage()
    assert window.action("undo").text() == "&Undo Move Senna to the trash"
    window.action("undo").trigger()
    assert senna_path.read_bytes() == data
    assert library_names(window) == ["Senna"]
    window.action("redo").trigger()
    assert not senna_path.exists()


def test_trash_of_several_says_how_many_in_plain_words(window, senna_path):
    make_character("Nyra", "sp=2")
    window.library_model.refresh()
    window.documents.show_library()
    window.library_page.view.selectAll()
    window.action("trash").trigger()
    assert library_names(window) == []
    assert window.statusBar().currentMessage().startswith("Moved 2 characters to the trash")
    assert window.action("undo").text() == "&Undo Move 2 characters to the trash"


def test_trash_closes_the_open_tab_and_restore_dialog_brings_it_back(window, senna_path, qtbot):
    window.documents.open_path(senna_path)
    window.library_model.refresh()
    window.documents.show_library()
    window.library_page.select_path(str(senna_path))
    window.action("trash").trigger()
    # an open character: asked first
    next(b for b in window.library.trash_question.buttons() if b.text() == "Move to Trash").click()
    assert window.documents.editors() == []
    window.action("restore").trigger()
    dialog = window.library.restore_from_trash_dialog
    with qtbot.waitSignal(dialog.finished):
        dialog.accept()
    assert senna_path.exists() and library_names(window) == ["Senna"]


def test_undo_of_a_trash_reopens_each_tab_in_its_place(window, senna_path, qtbot):
    """Tabs Ada, Senna, Cai; Senna trashed from the library, Dora opened; Undo: Senna's
    tab comes back where it was, not after the others."""
    ada, cai = make_character("Ada", "sp=1"), make_character("Cai", "sp=1")
    for path in (ada, senna_path, cai):
        window.documents.open_path(path)
    tabs = window.documents.tabs

    def names():
        return [tabs.tabText(i).lstrip("*").strip() for i in range(1, tabs.count())]

    assert names() == ["Ada", "Senna", "Cai"]
    window.library_model.refresh()
    window.documents.show_library()
    window.library_page.select_path(str(senna_path))
    window.action("trash").trigger()
    next(b for b in window.library.trash_question.buttons() if b.text() == "Move to Trash").click()
    qtbot.waitUntil(lambda: not senna_path.exists())
    assert names() == ["Ada", "Cai"]
    window.documents.open_path(make_character("Dora", "sp=1"))     # opened meanwhile
    window.documents.show_library()
    window.action("undo").trigger()
    qtbot.waitUntil(lambda: window.documents.editor_for_path(senna_path) is not None)
    assert names() == ["Ada", "Senna", "Cai", "Dora"]
    assert window.documents.current_doc().name == "Senna"


def test_duplicate_and_rename_are_undoable(window, senna_path, qtbot):
    window.library_model.refresh()
    window.library_page.select_path(str(senna_path))
    window.action("duplicate").trigger()
    assert library_names(window) == ["Senna", "Senna (copy)"]
    window.library.rename_path(senna_path, "Senna the Kind")
    assert library_names(window) == ["Senna (copy)", "Senna the Kind"]
    window.action("undo").trigger()
    assert library_names(window) == ["Senna", "Senna (copy)"]
    window.action("undo").trigger()
    assert library_names(window) == ["Senna"]


def test_rename_of_an_open_character_goes_on_its_undo_stack(window, senna_path):
    editor = window.documents.open_path(senna_path)
    window.library.rename_path(senna_path, "Senna Vale")
    assert json.loads(senna_path.read_text())["name"] == "Senna Vale"
    assert "Senna Vale" in window.windowTitle()
    window.action("undo").trigger()
    assert editor.doc.name == "Senna"


def test_dropping_a_json_file_imports_it(window, tmp_path, qtbot):
    outside = tmp_path / "outside"
    outside.mkdir()
    path = make_character("Nyra", "sp=2")
    source = outside / "nyra.json"
    path.rename(source)
    window.library_model.refresh()
    assert library_names(window) == []
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(source))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert library_names(window) == ["Nyra"]
    assert source.exists()  # a copy: the original is left alone


def test_tabs_geometry_and_splitters_come_back(qtbot, senna_path):
    from builder.ui.main_window import MainWindow

    nyra = make_character("Nyra", "sp=2")
    win = MainWindow(restore=False)
    qtbot.addWidget(win)
    win.show()
    win.resize(700, 500)
    editor = win.documents.open_path(senna_path)
    win.documents.open_path(nyra)
    editor.splitter.setSizes([300, 500])
    win.tabs.setCurrentWidget(editor)
    sizes = editor.splitter.sizes()
    win.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    again.show()
    again.settings.reopen_tabs()
    assert [d.name for d in again.documents.open_documents()] == ["Senna", "Nyra"]
    assert again.documents.current_doc().name == "Senna"
    assert again.size().width() == 700
    assert again.documents.current_editor().splitter.sizes() == sizes
    assert str(Path(nyra).resolve()) in again.settings.recent_files()
    for e in again.documents.editors():
        e.doc.stop_watching()


def test_about_box_names_the_version(window, qtbot):
    from builder import __version__

    window.action("about").trigger()
    assert __version__ in window.about_dialog.label.text()


def test_every_menu_action_has_a_name_and_the_standard_shortcuts(window):
    texts = {a.text().replace("&", "") for a in window.findChildren(type(window.action("new")))}
    assert {"New Character…", "Open…", "Quit", "Move to Trash"} <= texts
    assert window.action("new").shortcut().toString() == "Ctrl+N"
    assert window.action("open").shortcut().toString() == "Ctrl+O"
    assert "Ctrl+Q" in [k.toString() for k in window.action("quit").shortcuts()]


def test_quit_when_ready_exits_zero_with_the_library_loaded(tmp_path):
    make_character("Senna", *SENNA)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "builder", "--quit-when-ready"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_screenshot_flag_writes_a_png_of_the_window(tmp_path, senna_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "builder", "--no-restore", "--screenshot",
                             str(out), str(senna_path)], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_keyboard_reachable_control_is_named_for_screen_readers(window, senna_path):
    from PySide6.QtWidgets import (QAbstractButton, QHeaderView, QMenuBar, QScrollBar, QTabBar,
                                   QWidget)

    def unnamed():
        found = []
        for widget in window.findChildren(QWidget):
            if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or not widget.isVisibleTo(window):
                continue
            if isinstance(widget, (QScrollBar, QHeaderView, QTabBar, QMenuBar)):
                continue  # named by Qt itself (tab titles, header sections, menu titles)
            text = widget.text() if isinstance(widget, QAbstractButton) else ""
            if not (widget.accessibleName() or text):
                found.append(f"{type(widget).__name__} {widget.objectName()}")
        return found

    window.show()
    assert unnamed() == []          # the library
    window.documents.open_path(senna_path)
    assert unnamed() == []          # the story-points editor


def test_a_long_ledger_action_wraps_readably_in_the_side_panel(window, senna_path, qtbot):
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    editor = window.documents.open_path(senna_path)
    editor.doc.apply_words(["award-checkpoint", "M", "Saved the village of Thornwick "
                            "from the flood"])
    editor.side_tabs.setCurrentIndex(editor.side_tabs.indexOf(editor.ledger.parentWidget()))
    QApplication.processEvents()
    view = editor.ledger
    model = view.model()
    fm = view.fontMetrics()
    long_text = model.index(1, 1).data()      # the first entry, below the opening balance
    assert fm.horizontalAdvance(long_text) > view.columnWidth(1)   # it cannot fit one line
    for row in range(model.rowCount()):
        index = model.index(row, 1)
        cell = view.visualRect(index)
        needed = fm.boundingRect(QRect(0, 0, cell.width() - 8, 10_000),
                                 int(Qt.TextFlag.TextWordWrap), index.data())
        assert needed.height() <= cell.height(), index.data()      # every word is shown


def test_new_character_grows_to_show_the_chosen_form_within_the_screen(window, qtbot,
                                                                      monkeypatch):
    """On a 1000 px screen the Vogelfrei form had five rows in a 560 px dialog: the
    dialog grows for the form (never past 90% of the screen, never shrinking)."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QScrollArea

    from builder.ui.dialogs.new_character import NewCharacterDialog

    class Screen:
        def availableGeometry(self):  # noqa: N802 - Qt's name
            return QRect(0, 0, 1600, 1000)

    monkeypatch.setattr(NewCharacterDialog, "screen", lambda self: Screen())
    dialog = NewCharacterDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    opened = dialog.height()
    dialog.choose_ruleset("vogelfrei")
    area = dialog.form.findChild(QScrollArea)
    assert dialog.height() > opened
    assert dialog.height() <= 900                             # 90% of the screen
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() == 0
                    or dialog.height() == 900)
    grown = dialog.height()
    dialog.choose_ruleset("ability-bonuses")                  # a shorter form: no shrinking
    assert dialog.height() == grown


def test_the_library_actions_follow_the_selection_after_rows_go_and_a_reset(window, senna_path):
    """Move to Trash (or any refresh that drops the selected rows) leaves no row selected:
    Open, Duplicate, Rename and Move to Trash are disabled then, as they are with nothing
    selected, and come back with a selection."""
    nyra = make_character("Nyra", "sp=2")
    make_character("Aldo", "sp=1")
    window.library_model.refresh()
    window.documents.show_library()
    actions = (window.action("open_selected"), window.action("duplicate"), window.action("rename"),
               window.action("trash"))

    def enabled():
        return [action.isEnabled() for action in actions]

    window.library_page.select_path(str(senna_path))
    assert enabled() == [True] * 4
    window.action("trash").trigger()
    assert not senna_path.exists()
    assert window.library_page.view.selectionModel().selectedRows() == []
    assert window.library_page.selected_paths() == []
    assert enabled() == [False] * 4
    # a refresh that drops the selected row (another program removed the file)
    window.library_page.select_path(str(nyra))
    assert enabled() == [True] * 4
    library.move_to_trash(nyra)
    window.library_model.refresh(watch=False)
    assert enabled() == [False] * 4
    # a model reset drops the selection without a selectionChanged
    window.library_page.select_path(str(window.library_model.entries()[0].path))
    assert enabled() == [True] * 4
    window.library_model.beginResetModel()
    window.library_model.endResetModel()
    assert window.library_page.view.selectionModel().selectedRows() == []
    assert enabled() == [False] * 4


def test_the_window_opens_inside_the_screen_first_and_restored(qtbot):
    """A fresh profile's first size, and a restored one saved larger than the screen now
    has room for (another scale, another screen), fit the screen's available geometry,
    the window manager's frame included (the offscreen screen is smaller than the
    1180x760 the window starts with; at 2x a 1600x1000 screen is 800x500)."""
    from PySide6.QtCore import QRect

    from builder.ui.main_window import MainWindow
    from builder.ui.window_settings import FRAME_ROOM

    first = MainWindow(restore=False)
    qtbot.addWidget(first)
    available = first.screen().availableGeometry()
    assert available.width() < 1180 + FRAME_ROOM[0] or available.height() < 760 + FRAME_ROOM[1]

    def inside(win, room):
        return (win.width() + FRAME_ROOM[0] <= room.width()
                and win.height() + FRAME_ROOM[1] <= room.height())

    assert inside(first, available)
    # a 2x screen of 1600x1000 (800x500 at that scale), the panel on top taking 30
    small = QRect(0, 30, 800, 470)
    first.resize(1180, 760)
    first.settings.fit_to_screen(small)
    assert inside(first, small) and first.width() > 700 and first.height() > 380
    # a restored size (and position) bigger than the screen
    first.show()
    first.setGeometry(2000, 1500, 3000, 2000)
    first.settings.save_settings()
    first.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    assert inside(again, available)
    assert available.contains(again.geometry().topLeft())
    again.setGeometry(700, 500, 1500, 900)
    again.settings.fit_to_screen(small, placed=True)
    assert inside(again, small) and small.contains(again.geometry().topLeft())


def _campaign(*members) -> Path:
    from tests.helpers import ok

    argv = ["campaign", "new", "Iron Coast", "--ruleset", "story-points"]
    for member in members:
        argv += ["--member", member]
    return Path(ok(*argv).out.strip())


def test_a_campaign_file_opens_in_its_campaign_tab_from_the_command_line(tmp_path,
                                                                          senna_path):
    """``character-builder CAMPAIGN.json`` opens the campaign (File ▸ Open Campaign), not
    "not a character file"; a file that is neither is still exit 2, one line."""
    camp = _campaign(senna_path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))

    def start(*files):
        return subprocess.run([sys.executable, "-m", "builder", "--quit-when-ready",
                               "--no-restore", *map(str, files)], env=env,
                              capture_output=True, text=True, timeout=60)

    done = start(camp, senna_path)
    assert done.returncode == 0, done.stderr
    neither = tmp_path / "monster.json"
    neither.write_text(json.dumps({"kind": "monster", "name": "Grue"}))
    done = start(neither)
    assert done.returncode == 2
    said = [line for line in done.stderr.splitlines()
            if "propagateSizeHints" not in line]          # (the offscreen platform's own)
    assert len(said) == 1 and "Traceback" not in done.stderr
    assert "monster.json" in said[0]
    # a campaign file that cannot be read: the reason the campaign tab found, in one line
    from builder.app import campaigns
    from builder.app.types import FileProblem

    broken = tmp_path / "raid.json"
    broken.write_text(json.dumps({"kind": "campaign", "format": 1, "name": 7}))
    with pytest.raises(FileProblem) as why:
        campaigns.load(broken)
    done = start(broken)
    assert done.returncode == 2
    said = [line for line in done.stderr.splitlines() if "propagateSizeHints" not in line]
    assert said == [str(why.value).splitlines()[0]]


def test_a_campaign_opens_in_its_tab_by_file_recent_files_and_a_drop(window, senna_path,
                                                                     tmp_path):
    from builder.ui.campaign_tab import CampaignTab

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    camp = _campaign(senna_path)
    outside = elsewhere / "iron-coast.json"
    outside.write_bytes(camp.read_bytes())
    before = camp.read_bytes()
    view = window.documents.open_file(outside)
    assert isinstance(view, CampaignTab) and window.tabs.currentWidget() is view
    assert window.documents.current_campaign_tab() is view
    editor = window.documents.open_file(senna_path)
    assert editor is not None and window.documents.current_doc().name == "Senna"
    # Open Recent lists the campaign and opens it in its tab again
    assert str(outside) in window.settings.recent_files()
    window.documents.close_tab(window.tabs.indexOf(view))
    window.settings.fill_recent(window.actions_controller.recent_menu)
    recent = [a for a in window.actions_controller.recent_menu.actions() if a.toolTip() == str(outside)]
    assert recent
    recent[0].trigger()
    assert isinstance(window.tabs.currentWidget(), CampaignTab)
    window.documents.close_tab(window.tabs.currentIndex())
    # File > Open's dialog too
    window.documents.open_dialog()
    window.documents._file_dialog.filesSelected.emit([str(outside)])
    window.documents._file_dialog.close()
    assert isinstance(window.tabs.currentWidget(), CampaignTab)
    window.documents.close_tab(window.tabs.currentIndex())
    # dropped on the window: the campaign opens (not imported as a character), a
    # character file dropped with it is imported
    other = make_character("Nyra", "sp=2")
    dropped = elsewhere / "nyra.json"
    dropped.write_bytes(other.read_bytes())
    window.library_model.refresh()
    count = window.library_model.rowCount()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(outside)), QUrl.fromLocalFile(str(dropped))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert isinstance(window.tabs.currentWidget(), CampaignTab)
    window.library_model.refresh()
    assert window.library_model.rowCount() == count + 1
    assert camp.read_bytes() == before


def _samples_in_library() -> list[Path]:
    from builder.resources import resource_path

    from builder.storage.paths import characters_dir

    copies = []
    for sample in sorted(resource_path("samples").iterdir()):
        if sample.name.endswith(".json"):
            target = characters_dir(create=True) / sample.name
            target.write_bytes(sample.read_bytes())
            copies.append(target)
    return copies


def test_a_narrow_library_shows_every_characters_figures_whole(qtbot):
    """At 2x a 1600x1000 screen leaves the window about 784 wide: Name, Ruleset and Last
    changed give way so that the Figures column holds the longest (a Vogelfrei
    character's class, career, level and XP) whole; at the full default size they keep
    their widths."""
    from PySide6.QtWidgets import QApplication

    from builder.ui.main_window import DEFAULT_SIZE, MainWindow
    from builder.ui.models.library_model import COL_HEADLINE

    _samples_in_library()
    win = MainWindow(restore=False)
    qtbot.addWidget(win)
    page = win.library_page
    view = page.view
    header = view.horizontalHeader()

    def figures_whole():
        model = view.model()
        pad = view.fontMetrics().horizontalAdvance("M")     # the cell's own margins
        texts = [model.index(r, COL_HEADLINE).data() for r in range(model.rowCount())]
        assert any("Career" in text for text in texts)      # the Vogelfrei sample's
        return all(view.fontMetrics().horizontalAdvance(text) + pad
                   <= header.sectionSize(COL_HEADLINE) for text in texts)

    win.resize(784, 452)
    win.show()
    qtbot.waitExposed(win)
    QApplication.processEvents()
    assert view.viewport().width() < 780
    assert figures_whole()
    # the full default size: the columns' own widths, figures whole as before
    win.resize(*DEFAULT_SIZE)
    QApplication.processEvents()
    assert header.sectionSize(COL_NAME) == 220 and figures_whole()
    # once the player sizes a column, the widths are theirs
    header.resizeSection(COL_NAME, 300)
    win.resize(784, 452)
    QApplication.processEvents()
    assert page.columns_chosen and header.sectionSize(COL_NAME) == 300


def test_a_campaign_members_figures_wrap_whole_in_a_narrow_column(window, senna_path, qtbot):
    """The members' figures wrap (at their " · ") in a narrow column instead of ending in
    "…": each row is tall enough for its wrapped figures."""
    from PySide6.QtWidgets import QApplication

    nyra = make_character("Nyra", "sp=20", "vital.Agility=4", "skill.Acrobatics=3",
                          "skill.Stealth=1", "class.Rogue=2", "trait.Rogue.Ambush=2")
    view = window.documents.open_campaign(_campaign(senna_path, nyra))
    window.resize(784, 452)
    window.show()
    qtbot.waitExposed(window)
    table = view.members_view
    model = table.model()
    header = table.horizontalHeader()
    header.resizeSection(0, 80)
    # Narrower than "Unspent SP 20 ·": three lines or more, taller than a row's default height.
    table.setFixedWidth(80 + table.fontMetrics().horizontalAdvance("Unspent SP  "))

    def needed(row: int) -> int:
        """What the view's delegate needs for the row's figures at the column's width."""
        width = header.sectionSize(1) - table.fontMetrics().horizontalAdvance("M")
        assert table.fontMetrics().horizontalAdvance(model.index(row, 1).data()) > width
        return table.sizeHintForRow(row)

    # The rows take their wrapped heights once the view has laid itself out again.
    qtbot.waitUntil(lambda: all(table.rowHeight(row) >= needed(row)
                                for row in range(model.rowCount())), timeout=20_000)
    QApplication.processEvents()
    for row in range(model.rowCount()):
        text = model.index(row, 1).data()
        assert needed(row) > table.verticalHeader().defaultSectionSize(), text   # it wraps
        assert table.rowHeight(row) >= needed(row), (text, table.rowHeight(row))
    assert table.wordWrap()
