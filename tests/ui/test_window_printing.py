"""File > Print, Print Preview, Export PDF and Sheet Options in the main window."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.pdf_text import page_texts
from tests.ui.conftest import SENNA, make_character


def test_print_actions_follow_the_current_tab(window, senna_path):
    window.documents.show_library()
    window.actions_controller.update_actions()
    assert not window.action("print").isEnabled() and not window.action("preview").isEnabled()
    window.documents.open_path(senna_path)
    assert window.action("print").isEnabled() and window.action("export_pdf").isEnabled()
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    for wanted in ("&Print…", "Print Pre&view…", "&Export PDF…", "S&heet Options…"):
        assert wanted in texts


def test_preview_paints_the_current_sheet(window, senna_path, qtbot):
    window.documents.open_path(senna_path)
    window.export.preview_current()
    dialog = window.export.print_preview_dialog
    assert dialog.isVisible()
    dialog.close()


def test_export_selected_library_characters_into_one_pdf(window, tmp_path):
    a = make_character("Senna", *SENNA)
    b = make_character("Graynor", "sp=8", "vital.Strength=3", "skill.Melee=3")
    target = tmp_path / "party.pdf"
    written = window.export.export_paths([str(a), str(b)], target, one_file=True)
    assert written == [target]
    text = "\n".join(page_texts(target))
    assert "Senna" in text and "Graynor" in text


def test_sheet_options_apply_to_the_export(window, senna_path, tmp_path):
    from builder.sheets.model import SheetOptions

    window.documents.open_path(senna_path)
    window.export.sheet_options = SheetOptions(sections=frozenset({"vitals"}), blank=False)
    sheets = window.export.current_sheets()
    titles = [section.title for section in sheets[0].sections]
    assert any("Vital" in t for t in titles) and not any("Ledger" in t for t in titles)


def test_print_and_preview_from_the_library_selection(window, monkeypatch):
    from builder.sheets.model import SheetOptions

    a = make_character("Senna", *SENNA)
    window.documents.show_library()
    monkeypatch.setattr(window.library_page, "selected_paths", lambda: [str(a)])
    window.actions_controller.update_actions()
    assert window.action("print").isEnabled() and window.action("preview").isEnabled()
    sheets = window.export.current_sheets()
    assert [s.name for s in sheets] == ["Senna"]
    window.export.sheet_options = SheetOptions(layout="compact", duplex=True)
    window.export.sheet_paper = "letter"
    window.export.preview_current()
    dialog = window.export.print_preview_dialog
    from PySide6.QtGui import QPageSize

    assert dialog._printer.pageLayout().pageSize().id() == QPageSize.PageSizeId.Letter
    dialog.close()


def test_print_preview_opens_at_most_of_the_screen(window, senna_path):
    window.documents.open_path(senna_path)
    window.export.preview_current()
    dialog = window.export.print_preview_dialog
    available = dialog.screen().availableGeometry()
    assert dialog.width() >= 0.75 * available.width()
    assert dialog.height() >= 0.85 * available.height()
    assert available.contains(dialog.frameGeometry().topLeft())
    dialog.close()


def test_sheet_options_offer_the_sections_of_what_would_print(window, monkeypatch, tmp_path):
    """The open character's sheet's sections; on the Library, the selected characters';
    with nothing selected, every rule system's (no rule system is the default)."""
    from tests.rulesets.vogelfrei.samples import GRETA
    from tests.sheet_samples import make_files

    window.documents.show_library()
    monkeypatch.setattr(window.library_page, "selected_paths", list)
    window.export.sheet_options_dialog()
    every = set(window.export._sheet_dialog.section_boxes)
    window.export._sheet_dialog.close()
    assert {"vitals", "traits", "gear", "saves"} <= every  # story-points and vogelfrei
    greta = make_files(tmp_path, (GRETA,))[0]
    monkeypatch.setattr(window.library_page, "selected_paths", lambda: [str(greta)])
    window.export.sheet_options_dialog()
    chosen = set(window.export._sheet_dialog.section_boxes)
    window.export._sheet_dialog.close()
    assert "gear" in chosen and "vitals" not in chosen
    window.documents.open_path(greta)
    window.export.sheet_options_dialog()
    assert set(window.export._sheet_dialog.section_boxes) == chosen
    window.export._sheet_dialog.close()



def _shown_box(window):
    from PySide6.QtWidgets import QMessageBox

    shown = [box for box in window.findChildren(QMessageBox) if box.isVisible()]
    return shown[-1] if shown else None


# the File menu open, offscreen: a platform without raise() or keyboard grabs says so
@pytest.mark.qt_log_ignore("propagateSizeHints|does not support (raise|grabbing the keyboard)")
@pytest.mark.parametrize("how, close", [("shortcut", "Escape"), ("menu", "Close clicked"),
                                        ("menu", "a notice after Open")])
def test_after_export_pdf_the_keyboard_is_back_where_it_was(window, qtbot, monkeypatch,
                                                            tmp_path, how, close):
    """File > Export PDF (Ctrl+E, or Alt+F then E), Enter in the save dialog, the box
    that offers Open and Show in Folder closed (Escape, its Close clicked, or Open with
    no program for PDFs and then the notice saying so): the keyboard is where it was,
    in the character's tab, not on the menu bar nor nowhere."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QDesktopServices
    from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

    from builder.ui import printing

    monkeypatch.setattr(printing, "last_folder", lambda: str(tmp_path))
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    had = editor.options_panel.view
    had.setFocus()
    qtbot.waitUntil(had.hasFocus)

    asked = [0]

    def save_when_asked() -> None:       # Enter in the save dialog's name field
        asked[0] += 1
        dialog = QApplication.activeModalWidget()
        name = dialog.findChild(QLineEdit, "fileNameEdit") \
            if isinstance(dialog, QFileDialog) else None
        if name is not None and name.text():
            qtbot.keyClick(name, Qt.Key.Key_Return)
            if not dialog.isVisible():
                return                          # saved: the export goes on
        if asked[0] < 1000:                     # 20 s: then the wait below says why
            QTimer.singleShot(20, save_when_asked)

    QTimer.singleShot(20, save_when_asked)
    if how == "shortcut":
        qtbot.keyClick(had, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    else:
        qtbot.keyClick(had, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
        qtbot.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_E)
    qtbot.waitUntil(lambda: _shown_box(window) is not None)
    assert len(list(tmp_path.glob("*.pdf"))) == 1                  # written
    box = _shown_box(window)
    if close == "Escape":
        qtbot.keyClick(box, Qt.Key.Key_Escape)
    else:
        button = next(b for b in box.buttons()
                      if b.text() == ("Close" if close == "Close clicked" else "Open"))
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    if close == "a notice after Open":
        qtbot.waitUntil(lambda: _shown_box(window) not in (None, box))
        qtbot.keyClick(_shown_box(window), Qt.Key.Key_Return)     # its OK
    qtbot.waitUntil(lambda: _shown_box(window) is None)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is had)
    assert QApplication.activeWindow() is window
