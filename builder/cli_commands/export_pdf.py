"""``character-builder export-pdf FILE... -o OUT [--paper a4|letter] [--sections LIST] [--blank]
[--layout full|compact] [--ledger all|changes|last:N] [--duplex]``

OUT ending in ``.pdf``: every character in one PDF, each starting on a new
page.  An existing folder or a name ending in a slash: a folder (the one named
is made when missing, never its parents) with one PDF per character named after
it.  Anything else is refused.  A campaign file prints its members' sheets.
Every input is read before anything is written; an unreadable one is exit 2
and no PDF is written.  The steps are builder/app/export.py's, shared with the
window (this command passes in its renderer): every PDF is painted in memory
first, then all are written or none (a full disk, a read-only PDF or a Qt
failure is exit 2 with every previous PDF byte for byte), and SIGTERM/SIGINT
leave no temporary file behind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from builder.cli import Parser


PAPERS = ("a4", "letter")


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    p = subparsers.add_parser(
        "export-pdf", help="print character sheets to PDF",
        description="Print character sheets to PDF: OUT is a .pdf (all characters in one "
                    "file) or a folder (one PDF per character).")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="character files (a campaign file: its members)")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="a .pdf file (every character in it), or a folder for one PDF "
                        "per character: an existing one, or a name ending in / (made "
                        "when missing; its parent must exist)")
    p.add_argument("--paper", default="a4", type=str.lower, choices=PAPERS, help="paper size (default a4)")
    p.add_argument("--sections", metavar="LIST",
                   help="comma-separated sections to print (default: all), e.g. "
                        "vitals,skills,ledger; an unknown name lists the valid ones")
    p.add_argument("--blank", action="store_true",
                   help="print the layout with empty boxes for pencil play")
    p.add_argument("--layout", default="full", type=str.lower, choices=("full", "compact"),
                   help="full (default): every section; compact: one page per character, "
                        "the ledger and level history left out (a character that still "
                        "cannot fit is named on stderr with its page count)")
    p.add_argument("--ledger", default="changes", type=_ledger_choice, metavar="WHICH",
                   help="which ledger entries print: all, changes (default: entries that "
                        "change nothing lasting, as uses and rests, counted in one line) or "
                        "last:N (the last N); the file and show keep every entry")
    p.add_argument("--duplex", action="store_true",
                   help="in one PDF of several characters, start each on an odd page "
                        "(for double-sided printing)")
    p.set_defaults(func=cmd_export_pdf)


def _ledger_choice(text: str) -> str:
    import argparse

    from builder.sheets.model import ledger_mode

    try:
        ledger_mode(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text.strip().casefold()


def cmd_export_pdf(args: argparse.Namespace) -> int:
    from builder.app import export
    from builder.cli_output import OutputFailed, err, flush_output, out
    from builder.sheets import SheetOptions, parse_sections

    # Read and check everything first: nothing is written unless all inputs are good.
    characters = export.read_characters(args.files)
    sections = parse_sections(args.sections, export.section_choices(characters))
    options = SheetOptions(sections=sections, blank=args.blank, layout=args.layout,
                           duplex=args.duplex, ledger=args.ledger)
    sheets = export.build_sheets(characters, options)
    for line in export.problem_notes(characters, sections):
        err(line)
    plan = export.plan(args.output, sheets, [c.name for c in characters])

    # Ctrl+C while PySide6 loads, Qt starts or a PDF is painted waits for the end of the
    # step (or the next sheet): raised inside them, it aborted or crashed the process.
    with export.signals_held():
        # The modules without Qt first: once PySide6 is loaded it reads the source of each
        # module an import statement names (for its __feature__ switches).
        from builder.render import outline  # noqa: F401
        from builder.render.pdf import ensure_app, render_pdf_bytes
        from builder.render.fonts import GlyphCheck, describe_missing

        ensure_app()
        glyphs = GlyphCheck()

    crowded: list[str] = []

    def between_sheets(_done: int, _total: int) -> bool:
        export.check_signals()
        return True

    def render(job: export.Job) -> bytes:
        with export.signals_held():
            pdf, counts = render_pdf_bytes(list(job.sheets), args.paper, glyphs=glyphs,
                                           duplex=args.duplex, progress=between_sheets)
        crowded.extend(export.crowded_compact(job, counts))
        return pdf

    written = export.export(plan, render)
    for line in crowded:
        err(f"warning: {line}")
    if glyphs.missing:
        err("warning: no installed font has a glyph for "
            f"{describe_missing(glyphs.missing)}; printed as empty boxes")
    if glyphs.untexted:
        err(f"warning: {describe_missing(glyphs.untexted)} printed but not in the PDF's "
            "text (a colour emoji prints as a picture): a search or a copy will miss them")
    try:
        for path in written:
            out(str(path))
        flush_output()
    except OutputFailed as failed:        # the PDFs are there: the line says so
        raise OutputFailed(failed.cause, done=" and ".join(f"{p} written" for p in written)
                           or None) from None
    return 0
