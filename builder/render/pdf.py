"""The PDF and the printer: paints :class:`~builder.sheets.model.Sheet` descriptions
into one PDF in memory (QPdfWriter), onto a configured QPrinter (the print dialog and
preview), or into images.

Every device goes through :func:`builder.render.paint.paint_sheets`, which lays each
sheet out into pages first (:mod:`builder.render.layout`, so the footer can say "page
2 of 3") and then paints them.  The PDF is finished (bookmarks, metadata, text for
every glyph) by :mod:`builder.render.outline` and written by
:mod:`builder.sheets.output`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPdfWriter

from builder.render.layout import fit_sheet
from builder.render.paint import Cancelled as Cancelled
from builder.render.paint import RenderFailed, paint_page, paint_sheets
from builder.render.style import ensure_app as ensure_app
from builder.sheets.model import Sheet

if TYPE_CHECKING:
    from PySide6.QtGui import QImage
    from PySide6.QtPrintSupport import QPrinter

    from builder.render.fonts import GlyphCheck, WideOnly

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}


#: Page margins in millimetres: inside what every office printer can reach.
MARGIN_MM = 14.0
RESOLUTION = 1200


def page_layout(paper: str = "a4") -> QPageLayout:
    try:
        size = QPageSize(PAPERS[paper.lower()])
    except KeyError:
        raise ValueError(f"unknown paper '{paper}'; valid: {', '.join(PAPERS)}") from None
    return QPageLayout(size, QPageLayout.Orientation.Portrait,
                       QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                       QPageLayout.Unit.Millimeter)


def render_pdf_bytes(sheets: Sequence[Sheet], paper: str = "a4", *, title: str | None = None,
                     progress: Callable[[int, int], bool] | None = None,
                     resolution: int = RESOLUTION, glyphs: GlyphCheck | WideOnly | None = None,
                     duplex: bool = False) -> tuple[bytes, list[int]]:
    """Paint ``sheets`` into one PDF in memory: ``(the PDF's bytes, pages per sheet)``.

    Nothing touches the disk here, so a full disk cannot truncate a PDF behind Qt's
    back: the bytes are written (and every write checked) by
    :func:`builder.sheets.output.write_outputs`.  Raises :class:`RenderFailed` when
    the painter cannot start or finish, :class:`Cancelled` when ``progress`` says stop.
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, qVersion

    ensure_app()
    layout = page_layout(paper)
    data = QByteArray()
    buffer = QBuffer(data)
    if not buffer.open(QIODevice.OpenModeFlag.WriteOnly):
        raise RenderFailed("the PDF buffer cannot be opened")
    writer = QPdfWriter(buffer)
    writer.setResolution(resolution)
    writer.setPageLayout(layout)
    from builder.render.fonts import WideGlyphs, WideOnly
    from builder.render.outline import (document_authors, document_title, finish_pdf,
                                        needs_base_letters, xmp_metadata)

    if glyphs is None:
        glyphs = WideOnly()  # no missing-glyph check asked for: only what the text needs
    glyphs.wide = WideGlyphs()  # this PDF's own: Qt numbers the glyphs per document
    names = [s.name for s in sheets]
    title = title or document_title(names)
    authors = document_authors([s.player for s in sheets], names)
    author = ", ".join(authors)
    writer.setCreator("Character Builder")
    writer.setTitle(title)
    writer.setAuthor(author)
    # The XMP metadata with the authors as a list (Qt's has them as one string).
    writer.setDocumentXmpMetadata(QByteArray(xmp_metadata(title, authors,
                                                          f"Qt {qVersion()}")))
    marks: list[tuple[int, str, int]] = []
    painter = QPainter()
    if not painter.begin(writer):
        raise RenderFailed("the PDF writer cannot be started")
    try:
        counts = paint_sheets(painter, writer, sheets, writer.newPage, progress, glyphs,
                              duplex=duplex, marks=marks)
    finally:
        ended = painter.end()
    if not ended:
        raise RenderFailed("the PDF writer could not finish the file")
    del painter, writer
    buffer.close()
    pdf = bytes(data.data())
    if not pdf.startswith(b"%PDF-"):
        raise RenderFailed("the PDF writer produced no PDF")
    rulesets = ", ".join(dict.fromkeys(s.ruleset_title or s.ruleset_id for s in sheets))
    unmapped: set[str] = set()
    try:
        pdf = finish_pdf(pdf, marks, title=title,
                         author=author,
                         subject=f"Character sheets ({rulesets})" if rulesets else "",
                         keywords=", ".join(n for n in names if n)[:1000],
                         wide=glyphs.wide.order, unmapped=unmapped,
                         base_letters=needs_base_letters(
                             text for sheet in sheets for text in sheet.texts()))
    except Exception as exc:  # Qt's file could not be read back: the writer failed
        raise RenderFailed(f"the PDF could not be finished ({exc})") from None
    glyphs.untexted |= (unmapped | glyphs.wide.pictures
                        | (glyphs.wide.unknown - glyphs.missing))
    return pdf, counts


def render_pdf(sheets: Sequence[Sheet], path: str | Path, paper: str = "a4", *, title: str | None = None,
               progress: Callable[[int, int], bool] | None = None,
               resolution: int = RESOLUTION,
               glyphs: GlyphCheck | WideOnly | None = None) -> list[int]:
    """Write ``sheets`` into one PDF at ``path``: all or nothing.

    Painted in memory, checked to be a whole PDF, then written through
    :func:`builder.sheets.output.write_outputs` (a temporary file beside ``path``,
    every write checked, then a rename), so a failure, a full disk or a cancel
    leaves the previous file byte for byte and no temporary.  Returns the page count
    of each sheet.  Raises :class:`builder.sheets.output.ExportFailed` (a
    FileProblem) when the file cannot be written or is read-only, RenderFailed when
    Qt cannot paint, :class:`Cancelled` when ``progress`` says stop.
    """
    from builder.sheets.output import check_target, write_outputs

    path = Path(path)
    check_target(path)
    data, counts = render_pdf_bytes(sheets, paper, title=title, progress=progress,
                                    resolution=resolution, glyphs=glyphs)
    write_outputs({path: data})
    return counts


def render_to_printer(sheets: Sequence[Sheet], printer: QPrinter,
                      progress: Callable[[int, int], bool] | None = None,
                      glyphs: GlyphCheck | WideOnly | None = None,
                      duplex: bool = False) -> list[int]:
    """Paint ``sheets`` on a configured QPrinter (print dialog, print preview).

    The printer keeps its paper size; the margins are set to the sheet margins
    unless the printer already asks for larger ones.
    """
    ensure_app()
    layout = printer.pageLayout()
    margins = layout.margins(QPageLayout.Unit.Millimeter)
    if min(margins.left(), margins.top(), margins.right(), margins.bottom()) < MARGIN_MM:
        printer.setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                               QPageLayout.Unit.Millimeter)
    painter = QPainter()
    if not painter.begin(printer):
        raise OSError("the printer cannot be opened")
    try:
        return paint_sheets(painter, printer, sheets, printer.newPage, progress, glyphs,
                            duplex=duplex)
    finally:
        painter.end()


def render_images(sheet: Sheet, paper: str = "a4", dpi: int = 96) -> list[QImage]:
    """Every page of one sheet as a QImage (white paper, margins included).

    The same layout and painting as the PDF, on a raster device: for previews
    and for the README picture when no PDF rasteriser is at hand.
    """
    from PySide6.QtGui import QImage

    ensure_app()
    layout = page_layout(paper)
    full = layout.fullRectPoints()
    paint = layout.paintRectPoints()
    scale = dpi / 72.0
    size = (round(full.width() * scale), round(full.height() * scale))
    dots_per_metre = round(dpi / 0.0254)
    probe = QImage(8, 8, QImage.Format.Format_RGB32)
    probe.setDotsPerMeterX(dots_per_metre)
    probe.setDotsPerMeterY(dots_per_metre)
    style, pages = fit_sheet(sheet, probe, probe.logicalDpiY() / 72.0,
                             paint.width() * scale, paint.height() * scale)
    images = []
    for ops in pages:
        image = QImage(size[0], size[1], QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(dots_per_metre)
        image.setDotsPerMeterY(dots_per_metre)
        image.fill(QColor(255, 255, 255))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.translate(paint.left() * scale, paint.top() * scale)
        paint_page(painter, style, ops)
        painter.end()
        images.append(image)
    return images
