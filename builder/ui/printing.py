"""Printing from the window: File > Print..., Print Preview, Export PDF..., and the
export of several library characters.  Small helpers over builder/render/pdf.py
for the main window to call:

* ``print_dialog(parent, sheets, done)``  system print dialog (non-blocking), then print
* ``print_preview(parent, sheets)``       QPrintPreviewDialog (``preview_dialog`` builds it)
* ``export_pdf_dialog(parent, sheets, name)``   save dialog that remembers the last folder
* ``export_characters(parent, paths, target, one_file=...)``  several characters into
  one PDF or one PDF each, with a progress dialog that can be cancelled
* ``SheetOptionsDialog``                  sections / blank values / paper choice
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from PySide6.QtCore import QLocale, QPoint, QSettings, Qt
from PySide6.QtGui import QGuiApplication, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFileDialog, QFormLayout, QGroupBox, QMessageBox, QProgressDialog,
                               QVBoxLayout, QWidget)

from builder.app import export
from builder.sheets import SheetOptions
from builder.sheets.model import Sheet
from builder.render.pdf import Cancelled, render_pdf_bytes, render_to_printer
from builder.render.fonts import GlyphCheck
from builder.sheets import output

if TYPE_CHECKING:
    from PySide6.QtWidgets import QAbstractButton

LAST_FOLDER_KEY = "sheets/last_folder"
PAPER_KEY = "sheets/paper"


def settings() -> QSettings:
    from builder.ui.settings import app_settings  # the window's own settings file

    return app_settings()


def default_paper() -> str:
    """The paper last used, else Letter where the locale measures in inches, else A4."""
    stored = settings().value(PAPER_KEY, "", type=str)
    if stored in ("a4", "letter"):
        return stored
    imperial = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return "letter" if imperial else "a4"


def _printer(paper: str | None = None) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    size = QPageSize.PageSizeId.Letter if (paper or default_paper()) == "letter" \
        else QPageSize.PageSizeId.A4
    printer.setPageSize(QPageSize(size))
    return printer


def _show_error(parent: QWidget | None, text: str) -> QMessageBox:
    """Say what went wrong without blocking (the box deletes itself when closed)."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Print", text, QMessageBox.StandardButton.Ok,
                      parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def warn_missing_glyphs(parent: QWidget | None, glyphs: GlyphCheck | None) -> QMessageBox | None:
    """Say which characters printed as empty boxes (no installed font has them), and
    which printed but are not in the PDF's text."""
    from builder.render.fonts import describe_missing

    untexted: set[str] = getattr(glyphs, "untexted", set()) if glyphs is not None else set()
    if glyphs is None or not (glyphs.missing or untexted):
        return None
    lines = []
    if glyphs.missing:
        lines.append("No installed font has a glyph for "
                     f"{describe_missing(glyphs.missing)}; they print as empty boxes. "
                     "Installing a font for that script (for example Noto) fixes it.")
    if untexted:
        lines.append(f"{describe_missing(untexted)} printed but are not in the PDF's text "
                     "(a colour emoji prints as a picture): a search or a copy will miss "
                     "them.")
    box = QMessageBox(QMessageBox.Icon.Warning, "Missing characters", "\n\n".join(lines),
                      QMessageBox.StandardButton.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def print_dialog(parent: QWidget | None, sheets: Sequence[Sheet],
                 done: Callable[[bool], object] | None = None, paper: str | None = None,
                 duplex: bool = False) -> QPrintDialog:
    """The system print dialog, opened without blocking; prints when accepted.

    ``done(printed: bool)`` is called when the dialog closes.  Returns the dialog.
    ``paper`` and ``duplex`` as for the PDF export (Sheet Options).
    """
    printer = _printer(paper)
    if duplex:
        printer.setDuplex(QPrinter.DuplexMode.DuplexLongSide)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print character sheet")
    dialog._printer = printer  # type: ignore[attr-defined]  # kept alive with the dialog

    def finished(result: int) -> None:
        printed = False
        if result == QDialog.DialogCode.Accepted:
            try:
                glyphs = GlyphCheck()
                render_to_printer(sheets, printer, glyphs=glyphs, duplex=duplex)
                printed = True
                warn_missing_glyphs(parent, glyphs)
            except OSError as exc:
                _show_error(parent, str(exc))
        if done is not None:
            done(printed)

    dialog.finished.connect(finished)
    QDialog.open(dialog)  # QPrintDialog.open(receiver, member) hides the plain one
    return dialog


def preview_dialog(parent: QWidget | None, sheets: Sequence[Sheet], paper: str | None = None,
                   duplex: bool = False) -> QPrintPreviewDialog:
    """A QPrintPreviewDialog that paints ``sheets`` (not shown yet): the same pages
    the PDF export writes with the same options (paper, layout, duplex blank pages)."""
    printer = _printer(paper)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle("Print preview")
    dialog.paintRequested.connect(lambda p: render_to_printer(sheets, p, duplex=duplex))
    dialog._printer = printer  # type: ignore[attr-defined]  # kept alive with the dialog
    _paper_ink(dialog)
    _fit_to_screen(dialog, parent)
    return dialog


def _paper_ink(dialog: QPrintPreviewDialog) -> None:
    """The previewed pages keep their ink whatever the theme.  Qt's preview replays each
    page as a recorded picture with the preview widget's pen, and a first pen equal to
    the recording's default (black) is not recorded: on the dark theme the first text of
    every page (the character's name) came out in the palette's light text colour."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    preview = dialog.findChild(QPrintPreviewWidget)
    if preview is None:
        return
    palette = preview.palette()
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive,
                  QPalette.ColorGroup.Disabled):
        for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
            palette.setColor(group, role, QColor(0, 0, 0))
    preview.setPalette(palette)


def _fit_to_screen(dialog: QWidget, parent: QWidget | None) -> None:
    """Open at a useful size: most of the available screen (the preview's own default
    is a small window with a page too small to read), centred on it."""
    screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
    if screen is None:
        return
    available = screen.availableGeometry()
    width, height = int(available.width() * 0.8), int(available.height() * 0.9)
    dialog.resize(width, height)
    dialog.move(available.center() - QPoint(width // 2, height // 2))


def print_preview(parent: QWidget | None, sheets: Sequence[Sheet], paper: str | None = None,
                  duplex: bool = False) -> None:
    preview_dialog(parent, sheets, paper, duplex).exec()


def library_sheets(parent: QWidget | None, paths: Sequence[Path | str],
                   options: SheetOptions | None = None) -> list[Sheet]:
    """The sheets of characters chosen in the Library (Print, Print Preview from there).
    A file that cannot be read is said in a message; the others still print."""
    characters = []
    for path in paths:
        try:
            characters.extend(export.read_characters([path]))
        except export.FileProblem as problem:
            _show_error(parent, str(problem))
    return export.build_sheets(characters, options)


def offer_open(parent: QWidget | None, paths: Sequence[Path]) -> QMessageBox | None:
    """After an export: Open the PDF, or Show in Folder (non-blocking; Close to skip)."""
    from PySide6.QtCore import QTimer

    from builder.ui.desktop import open_with_desktop

    paths = [Path(p) for p in paths]
    if not paths:
        return None
    text = (f"Saved {paths[0]}" if len(paths) == 1
            else f"Saved {len(paths)} PDFs in {paths[0].parent}")
    box = QMessageBox(QMessageBox.Icon.Information, "Export PDF", text,
                      QMessageBox.StandardButton.Close, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    open_button = box.addButton("Open", QMessageBox.ButtonRole.AcceptRole) \
        if len(paths) == 1 else None
    folder_button = box.addButton("Show in Folder", QMessageBox.ButtonRole.ActionRole)

    def clicked(button: QAbstractButton) -> None:
        target = paths[0] if open_button is not None and button is open_button \
            else paths[0].parent if button is folder_button else None
        if target is not None:   # after this box has gone: a notice may follow it
            QTimer.singleShot(0, lambda: open_with_desktop(parent, target, "Export PDF"))

    box.buttonClicked.connect(clicked)
    box.open()
    return box


def last_folder() -> str:
    folder = str(settings().value(LAST_FOLDER_KEY, "", type=str) or "")
    return folder if folder and Path(folder).is_dir() else str(Path.home())


def remember_folder(path: Path) -> None:
    settings().setValue(LAST_FOLDER_KEY, str(Path(path).parent if path.suffix else path))


def export_pdf_dialog(parent: QWidget | None, sheets: Sequence[Sheet], name: str = "",
                      paper: str | None = None) -> Path | None:
    """Ask where to save, starting in the last folder used; write the PDF atomically.

    The same path as ``export-pdf -o FILE`` (builder/app/export.py): the chosen file
    is replaced (the save dialog has already asked), a read-only one is refused, and a
    failure leaves the previous file as it was."""
    start = str(Path(last_folder()) / f"{output.pdf_file_stem(name or 'character')}.pdf")
    chosen, _filter = QFileDialog.getSaveFileName(parent, "Export PDF", start,
                                                  "PDF files (*.pdf)")
    if not chosen:
        return None
    path = Path(chosen)
    if path.suffix.lower() != ".pdf":
        path = path.with_suffix(".pdf")
    glyphs = GlyphCheck()
    paper = paper or default_paper()
    crowded: list[str] = []

    def render(job: export.Job) -> bytes:
        pdf, counts = render_pdf_bytes(list(job.sheets), paper, glyphs=glyphs)
        crowded.extend(export.crowded_compact(job, counts))
        return pdf

    try:
        export.export(export.plan(path, sheets, [name], one_file=True), render)
    except export.FileProblem as problem:
        _show_error(parent, str(problem))
        return None
    except OSError as exc:
        _show_error(parent, f"{path}: cannot be written ({exc.strerror or exc})")
        return None
    remember_folder(path)
    (warn_crowded(parent, crowded) or warn_missing_glyphs(parent, glyphs)
     or offer_open(parent, [path]))
    return path


def warn_crowded(parent: QWidget | None, lines: Sequence[str]) -> QMessageBox | None:
    """Say which compact sheets still took more than one page (as export-pdf does)."""
    if not lines:
        return None
    text = "\n".join(lines)
    box = QMessageBox(QMessageBox.Icon.Warning, "Compact sheet", text[:1].upper() + text[1:],
                      QMessageBox.StandardButton.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def export_characters(parent: QWidget | None, paths: Sequence[Path | str], target: Path | str, *,
                      one_file: bool, paper: str | None = None,
                      options: SheetOptions | None = None) -> list[Path] | None:
    """Export library characters: into one PDF (``target`` is the file) or one PDF
    each (``target`` is a folder).  Shows a progress dialog with Cancel; returns the
    files written, or None when cancelled or failed.

    The path of ``export-pdf`` (builder/app/export.py): one file per character named
    after it, an existing PDF of that name replaced, a read-only one refused; every
    PDF is painted first, then all are written or none, so a cancel or a failure
    leaves every previous PDF as it was."""
    paper = paper or default_paper()
    target = Path(target)
    progress = QProgressDialog("Preparing sheets...", "Cancel", 0, len(paths) * 2, parent)
    progress.setWindowTitle("Export PDF")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(300)
    duplex = bool(options and options.duplex)

    def step(value: int, label: str) -> bool:
        progress.setLabelText(label)
        progress.setValue(value)
        QApplication.processEvents()
        return not progress.wasCanceled()

    def reading(index: int, path: Path) -> None:
        if not step(index, f"Reading {path.name}..."):
            raise Cancelled()

    glyphs = GlyphCheck()
    base = len(paths)
    crowded: list[str] = []

    def render(job: export.Job) -> bytes:
        report: Callable[[int, int], bool] | None
        if one_file:
            def report(done: int, _total: int) -> bool:
                return step(base + done, "Printing sheets...")
        else:
            if not step(base + job.index, f"Printing {job.names[0]}..."):
                raise Cancelled()
            report = None
        pdf, counts = render_pdf_bytes(list(job.sheets), paper, progress=report,
                                       glyphs=glyphs, duplex=duplex)
        crowded.extend(export.crowded_compact(job, counts))
        return pdf

    try:
        characters = export.read_characters(paths, reading)
        sheets = export.build_sheets(characters, options)
        plan = export.plan(target, sheets, [c.name for c in characters], one_file=one_file)
        written = export.export(plan, render)
        progress.setValue(progress.maximum())
        remember_folder(target if one_file else target / "x.pdf")
        (warn_crowded(parent, crowded) or warn_missing_glyphs(parent, glyphs)
         or offer_open(parent, written))
        return written
    except Cancelled:
        return None
    except export.FileProblem as problem:
        _show_error(parent, str(problem))
        return None
    except OSError as exc:
        _show_error(parent, f"{target}: cannot be written ({exc.strerror or exc})")
        return None
    finally:
        progress.close()


class SheetOptionsDialog(QDialog):
    """Which sections, blank values, paper: what a player asks for before printing."""

    def __init__(self, parent: QWidget | None = None, ruleset_id: str | None = None,
                 derived: dict[str, Any] | None = None, *,
                 sections: Sequence[tuple[str, str]] | None = None) -> None:
        """The sections offered: ``sections`` (key, title) when given, else those of
        ``ruleset_id``'s sheet (for ``derived``), else every rule system's."""
        super().__init__(parent)
        self.setWindowTitle("Sheet options")
        layout = QVBoxLayout(self)
        group = QGroupBox("Sections")
        form = QFormLayout(group)
        self.section_boxes: dict[str, QCheckBox] = {}
        if sections is None:
            sections = export.sheet_sections(None if ruleset_id is None
                                             else [(ruleset_id, derived)])
        for key, title in sections:
            # "&" in a title is text, not a keyboard mnemonic ("Vitality & Dice")
            box = QCheckBox(title.replace("&", "&&"))
            box.setChecked(True)
            self.section_boxes[key] = box
            form.addRow(box)
        layout.addWidget(group)
        self.blank = QCheckBox("Blank values (empty boxes for pencil play)")
        layout.addWidget(self.blank)
        self.layout_choice = QComboBox()
        self.layout_choice.addItem("Full sheet", "full")
        self.layout_choice.addItem("Compact: one page, no ledger", "compact")
        self.ledger_choice = QComboBox()
        self.ledger_choice.addItem("What changed (uses and rests counted)", "changes")
        self.ledger_choice.addItem("Every entry", "all")
        self.ledger_choice.addItem("The last 20 entries", "last:20")
        self.duplex = QCheckBox("Double-sided: each character starts on a front page")
        self.paper = QComboBox()
        self.paper.addItem("A4", "a4")
        self.paper.addItem("US Letter", "letter")
        self.paper.setCurrentIndex(0 if default_paper() == "a4" else 1)
        paper_form = QFormLayout()
        paper_form.addRow("Paper", self.paper)
        paper_form.addRow("Layout", self.layout_choice)
        paper_form.addRow("Ledger", self.ledger_choice)
        layout.addLayout(paper_form)
        layout.addWidget(self.duplex)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def options(self) -> SheetOptions:
        chosen = frozenset(k for k, box in self.section_boxes.items() if box.isChecked())
        every = len(chosen) == len(self.section_boxes)
        return SheetOptions(sections=None if every else chosen, blank=self.blank.isChecked(),
                            layout=self.layout_choice.currentData(),
                            duplex=self.duplex.isChecked(),
                            ledger=self.ledger_choice.currentData())

    def paper_id(self) -> str:
        paper: str = self.paper.currentData()     # "a4" or "letter" (the items' data)
        settings().setValue(PAPER_KEY, paper)
        return paper
