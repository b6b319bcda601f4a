"""The window's printing helpers (builder/ui/printing.py), without showing modal dialogs."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QProgressDialog, QWidget

from builder.sheets import SheetOptions, build_sheet
from builder.ui import printing
from tests.pdf_text import page_texts
from tests.rulesets.story_points.samples import derived as story_points
from tests.sheet_samples import make_story_points_files


@pytest.fixture
def characters(tmp_path, qapp):
    folder = tmp_path / "chars"
    folder.mkdir()
    return make_story_points_files(folder)


def first_line(path, page=0) -> str:
    return " ".join(page_texts(path)[page].split("\n")[0].split())


def test_preview_paints_the_sheets(qtbot, tmp_path):
    sheets = [build_sheet(story_points())]
    dialog = printing.preview_dialog(None, sheets)
    qtbot.addWidget(dialog)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "preview.pdf"))
    dialog.paintRequested.emit(printer)
    assert len(PdfReader(str(tmp_path / "preview.pdf")).pages) == 2


def test_print_dialog_prints_when_accepted_and_nothing_when_cancelled(qtbot, tmp_path):
    results = []
    dialog = printing.print_dialog(None, [build_sheet(story_points())], results.append)
    qtbot.addWidget(dialog)
    assert dialog.isVisible()                      # open(), not exec(): nothing blocks
    dialog.reject()
    assert results == [False]
    dialog = printing.print_dialog(None, [build_sheet(story_points())], results.append)
    qtbot.addWidget(dialog)
    dialog._printer.setOutputFormat(dialog._printer.OutputFormat.PdfFormat)
    dialog._printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    # What the dialog reports when the player presses Print (its own accept() would
    # re-apply the system printer chosen in it, which this machine does not have).
    dialog.finished.emit(QDialog.DialogCode.Accepted.value)
    assert results == [False, True]
    assert len(PdfReader(str(tmp_path / "printed.pdf")).pages) == 2


def test_export_pdf_dialog_remembers_the_last_folder(qtbot, monkeypatch, tmp_path):
    asked = []
    target = tmp_path / "out" / "mira"
    target.parent.mkdir()

    def fake_save(parent, caption, start, filters):
        asked.append(start)
        return str(target), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    written = printing.export_pdf_dialog(None, [build_sheet(story_points())], "Mira Thornwood",
                                         paper="letter")
    assert written == tmp_path / "out" / "mira.pdf"
    assert first_line(written).startswith("Mira Thornwood")
    printing.export_pdf_dialog(None, [build_sheet(story_points())], "Mira Thornwood")
    assert asked[1] == str(tmp_path / "out" / "Mira-Thornwood.pdf")


def test_export_several_into_one_pdf_and_one_each(characters, qtbot, tmp_path):
    one = tmp_path / "party.pdf"
    assert printing.export_characters(None, characters, one, one_file=True) == [one]
    reader = PdfReader(str(one))
    assert len(reader.pages) == 2                    # one page each
    assert first_line(one, 1).startswith("Graynor Ashdown")
    folder = tmp_path / "each"
    written = printing.export_characters(None, characters, folder, one_file=False,
                                         options=SheetOptions(blank=True))
    assert sorted(p.name for p in written) == ["Graynor-Ashdown.pdf", "Senna-Vail.pdf"]
    assert "Senna" not in page_texts(folder / "Senna-Vail.pdf")[0]


def test_export_cancelled_leaves_no_pdf(characters, qtbot, monkeypatch, tmp_path):
    calls = []

    def cancelled_after_reading(self):
        calls.append(1)
        return len(calls) > len(characters)  # cancel while printing

    monkeypatch.setattr(QProgressDialog, "wasCanceled", cancelled_after_reading)
    out = tmp_path / "party.pdf"
    assert printing.export_characters(None, characters, out, one_file=True) is None
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.suffix in (".pdf", ".tmp")] == []


def test_sheet_options_dialog(qtbot):
    dialog = printing.SheetOptionsDialog(None, "story-points")
    qtbot.addWidget(dialog)
    assert dialog.options() == SheetOptions()
    dialog.section_boxes["ledger"].setChecked(False)
    dialog.blank.setChecked(True)
    options = dialog.options()
    assert options.blank and "ledger" not in options.sections and "skills" in options.sections
    dialog.paper.setCurrentIndex(1)
    assert dialog.paper_id() == "letter" and printing.default_paper() == "letter"


def test_sheet_options_layout_and_duplex(qtbot):
    dialog = printing.SheetOptionsDialog(None, "vogelfrei")
    qtbot.addWidget(dialog)
    assert dialog.options().ledger == "changes"  # as export-pdf's default
    dialog.layout_choice.setCurrentIndex(1)
    dialog.duplex.setChecked(True)
    dialog.ledger_choice.setCurrentIndex(2)
    options = dialog.options()
    assert options.layout == "compact" and options.duplex and options.ledger == "last:20"


def test_the_printer_gets_the_pages_the_pdf_gets(qtbot, tmp_path):
    """Print Preview paints through render_to_printer: same pages as the export,
    compact and duplex included."""
    from PySide6.QtPrintSupport import QPrinter

    from builder.render.pdf import render_pdf_bytes, render_to_printer
    from builder.sheets.model import SheetOptions

    options = SheetOptions(layout="compact", duplex=True)
    sheets = [build_sheet(story_points(ledger_entries=40), options=options),
              build_sheet(story_points(), options=options)]
    _data, pdf_counts = render_pdf_bytes(sheets, "a4", duplex=True)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert render_to_printer(sheets, printer, duplex=True) == pdf_counts == [1, 1]
    assert len(PdfReader(str(tmp_path / "printed.pdf")).pages) == 3  # a blank back page


def test_export_offers_open_and_show_in_folder(qtbot, tmp_path):
    window = QWidget()        # the box's owner, as the main window is
    qtbot.addWidget(window)
    one = printing.offer_open(window, [tmp_path / "a.pdf"])
    assert {b.text() for b in one.buttons()} >= {"Open", "Show in Folder"}
    several = printing.offer_open(window, [tmp_path / "a.pdf", tmp_path / "b.pdf"])
    assert "Show in Folder" in {b.text() for b in several.buttons()}
    assert "Open" not in {b.text() for b in several.buttons()}


def _header_ink(dialog, qtbot) -> int:
    """Dark pixels in the top eighth of the first previewed page (the name, headline
    figures and rule), as the preview shows them."""
    from PySide6.QtWidgets import QApplication, QGraphicsView

    dialog.show()
    qtbot.waitExposed(dialog)
    for _ in range(5):
        QApplication.processEvents()
    view = dialog.findChild(QGraphicsView)
    page = min((item for item in view.scene().items() if item.boundingRect().width() > 100),
               key=lambda item: item.sceneBoundingRect().top())
    rect = view.mapFromScene(page.sceneBoundingRect()).boundingRect()
    image = view.viewport().grab().toImage()
    dark = 0
    for y in range(max(0, rect.top()), min(image.height(), rect.top() + rect.height() // 8)):
        for x in range(max(0, rect.left()), min(image.width(), rect.right()), 2):
            if image.pixelColor(x, y).lightness() < 100:
                dark += 1
    return dark


def test_the_preview_draws_the_sheet_in_ink_on_a_dark_theme(qtbot):
    """The first text of a page (the character's name) was drawn in the dark theme's
    light text colour in Print Preview: Qt's preview replays a recorded picture with
    the widget's pen, and a first pen equal to the default black was not recorded."""
    from builder.ui import theme

    sheets = [build_sheet(story_points())]
    manager = theme.manager()
    inks = {}
    try:
        for scheme in ("light", "dark"):
            manager.apply(scheme)
            dialog = printing.preview_dialog(None, sheets)
            qtbot.addWidget(dialog)
            dialog.resize(900, 1000)
            inks[scheme] = _header_ink(dialog, qtbot)
            dialog.close()
    finally:
        manager.apply("light")
    assert inks["light"] > 0
    assert abs(inks["dark"] - inks["light"]) <= inks["light"] * 0.05, inks


def test_the_window_says_when_a_compact_sheet_cannot_fit(characters, tmp_path, qtbot,
                                                         monkeypatch):
    import json

    from PySide6.QtWidgets import QMessageBox, QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    wordy = characters[0]
    document = json.loads(wordy.read_text(encoding="utf-8"))
    document["notes"] = "A very long story of the Drowned Bell. " * 900
    wordy.write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setattr(printing, "offer_open", lambda *a: None)
    written = printing.export_characters(parent, [wordy], tmp_path / "c.pdf", one_file=True,
                                         options=SheetOptions(layout="compact"))
    assert written == [tmp_path / "c.pdf"]
    boxes = [w for w in parent.findChildren(QMessageBox) if w.windowTitle() == "Compact sheet"]
    assert boxes and boxes[-1].text().startswith("The compact sheet of Senna Vail takes ")
    for box in boxes:
        box.close()
