"""The main window's printing and export (:class:`ExportController`): the current
sheets (the open character's, or the characters selected in the library), Print, Print
Preview, Export PDF and the sheet options they share (:mod:`builder.ui.printing` does
the work)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from builder.sheets.model import Sheet, SheetOptions
    from builder.ui.main_window import MainWindow
    from builder.ui.window_documents import DocumentsController


class ExportController(QObject):
    """Print, preview and export the current character's or the selection's sheets."""

    def __init__(self, window: MainWindow, documents: DocumentsController):
        super().__init__(window)
        self.window = window
        self.documents = documents
        #: The sheet options chosen in Sheet Options (None: the defaults) and the paper.
        self.sheet_options: SheetOptions | None = None
        self.sheet_paper: str | None = None

    def current_sheets(self) -> list[Sheet]:
        """The current character's sheet (on the Library: the selected characters'),
        with the chosen sheet options."""
        from builder.app import export

        doc = self.documents.current_doc()
        if doc is None:
            if self.window.tabs.currentIndex() == 0:
                from builder.ui import printing

                return printing.library_sheets(self.window, self.window.library_page.selected_paths(),
                                               self.sheet_options)
            return []
        return export.build_sheets([export.Printed.of(doc.cf)], self.sheet_options)

    def _sheet_duplex(self) -> bool:
        return bool(self.sheet_options is not None and self.sheet_options.duplex)

    def print_current(self) -> None:
        from builder.ui import printing

        def done(printed: bool) -> None:
            if printed:
                self.window.report("Sent to the printer")

        sheets = self.current_sheets()
        if sheets:
            self._print_dialog = printing.print_dialog(self.window, sheets, done,
                                                       self.sheet_paper, self._sheet_duplex())

    def preview_current(self) -> None:
        from builder.ui import printing

        sheets = self.current_sheets()
        if sheets:
            self.print_preview_dialog = printing.preview_dialog(self.window, sheets, self.sheet_paper,
                                                                self._sheet_duplex())
            self.print_preview_dialog.open()

    def export_pdf(self) -> None:
        """One character: its sheet.  Library selection: one PDF or one PDF each.  Once
        the export's last box closes (Open, Show in Folder, or why it failed), the
        keyboard is back where it was."""
        from builder.ui.focus import focus_in, give_focus_back

        before = focus_in(self.window)
        try:
            self._export_pdf()
        finally:
            give_focus_back(before)

    def _export_pdf(self) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from builder.ui import printing

        if self.window.tabs.currentIndex() != 0:
            sheets = self.current_sheets()
            doc = self.documents.current_doc()
            if sheets and doc is not None:
                path = printing.export_pdf_dialog(self.window, sheets, doc.name, self.sheet_paper)
                if path is not None:  # the dialog then offers Open and Show in Folder
                    self.window.report(f"Saved {path}")
            return
        paths = self.window.library_page.selected_paths()
        if not paths:
            return
        one_file = True
        if len(paths) > 1:
            box = QMessageBox(QMessageBox.Icon.Question, "Export PDF",
                              f"Export {len(paths)} characters into one PDF, or one PDF each?",
                              QMessageBox.StandardButton.Cancel, self.window)
            one = box.addButton("One PDF", QMessageBox.ButtonRole.AcceptRole)
            each = box.addButton("One PDF each…", QMessageBox.ButtonRole.AcceptRole)
            box.exec()
            if box.clickedButton() not in (one, each):
                return
            one_file = box.clickedButton() is one
        if one_file:
            target, _ = QFileDialog.getSaveFileName(
                self.window, "Export PDF", str(Path(printing.last_folder()) / "characters.pdf"),
                "PDF files (*.pdf)")
        else:
            target = QFileDialog.getExistingDirectory(self.window, "Export PDFs into",
                                                      printing.last_folder())
        if target:
            self.export_paths(paths, target, one_file)

    def export_paths(self, paths: Sequence[str | Path], target: str | Path,
                     one_file: bool) -> list[Path] | None:
        from builder.ui import printing

        written = printing.export_characters(self.window, paths, target, one_file=one_file,
                                             paper=self.sheet_paper,
                                             options=self.sheet_options)
        if written:
            self.window.report(f"Exported {len(written)} PDF{'s' if len(written) != 1 else ''} "
                        f"to {Path(target) if not one_file else Path(target).parent}")
        return written

    def _sheet_sections(self) -> list[tuple[str, str]]:
        """The sections Sheet Options offers: the open character's sheet's; on the
        Library, the selected characters'; with nothing selected, every rule system's."""
        from builder.app import export

        doc = self.documents.current_doc()
        if doc is not None:
            return export.sheet_sections([(doc.ruleset.id, doc.derived())])
        chosen = []
        if self.window.tabs.currentIndex() == 0:
            for path in self.window.library_page.selected_paths():
                try:
                    chosen.extend(export.read_characters([path]))
                except export.FileProblem:
                    continue  # printing it says why
        if not chosen:
            return export.sheet_sections()
        return export.sheet_sections([(c.ruleset_id, c.derived) for c in chosen])

    def sheet_options_dialog(self) -> None:
        from builder.ui.printing import SheetOptionsDialog

        dialog = SheetOptionsDialog(self.window, sections=self._sheet_sections())

        def done(result: int) -> None:
            if result:
                self.sheet_options = dialog.options()
                self.sheet_paper = dialog.paper_id()
                self.window.report("Sheet options set for printing and PDF export")

        dialog.finished.connect(done)
        dialog.open()
        self._sheet_dialog = dialog
