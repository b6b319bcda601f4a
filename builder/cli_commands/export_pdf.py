"""``character-builder export-pdf FILE... -o OUT [--paper a4|letter] [--sections LIST] [--blank]
[--layout full|compact] [--duplex]``

OUT ending in ``.pdf``: every character in one PDF, each starting on a new
page.  Any other OUT (or one ending in a slash, or an existing folder): a
folder, created when missing, with one PDF per character named after it.
Every input is read before anything is written; an unreadable one is exit 2
and no PDF is written.  Where the files go, how they are named and how they
are written is builder/sheets/output.py, shared with the window: every PDF is
painted in memory first, then all are written or none (a full disk, a
read-only PDF or a Qt failure is exit 2 with every previous PDF byte for
byte), and SIGTERM/SIGINT leave no temporary file behind.
"""
from __future__ import annotations

from pathlib import Path

from builder.rules.base import UsageError

PAPERS = ("a4", "letter")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "export-pdf", help="print character sheets to PDF",
        description="Print character sheets to PDF: OUT is a .pdf (all characters in one "
                    "file) or a folder (one PDF per character).")
    p.add_argument("files", nargs="+", metavar="FILE", help="character files")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="a .pdf file, or a folder for one PDF per character")
    p.add_argument("--paper", default="a4", type=str.lower, choices=PAPERS, help="paper size (default a4)")
    p.add_argument("--sections", metavar="LIST",
                   help="comma-separated sections to print (default: all), e.g. "
                        "vitals,skills,ledger; an unknown name lists the valid ones")
    p.add_argument("--blank", action="store_true",
                   help="print the layout with empty boxes for pencil play")
    p.add_argument("--layout", default="full", type=str.lower, choices=("full", "compact"),
                   help="full (default): every section; compact: one page per character, "
                        "the ledger and level history left out")
    p.add_argument("--duplex", action="store_true",
                   help="in one PDF of several characters, start each on an odd page "
                        "(for double-sided printing)")
    p.set_defaults(func=cmd_export_pdf)


def _valid_sections(characters, derived: list[dict]) -> list[str]:
    from builder.sheets import section_keys

    keys: list[str] = []
    for cf, state in zip(characters, derived):
        for key in section_keys(cf.ruleset.id, state):
            if key not in keys:
                keys.append(key)
    return keys


def cmd_export_pdf(args) -> int:
    from builder.cli_output import err, open_character, out
    from builder.sheets import SheetOptions, build_sheet, parse_sections
    from builder.storage.files import FileProblem

    # Read and check everything first: nothing is written unless all inputs are good.
    characters = [open_character(path) for path in args.files]
    derived = [cf.derived() for cf in characters]
    sections = parse_sections(args.sections, _valid_sections(characters, derived))
    options = SheetOptions(sections=sections, blank=args.blank, layout=args.layout,
                           duplex=args.duplex)
    sheets = [build_sheet(state, cf.ruleset.id, options)
              for cf, state in zip(characters, derived)]
    for cf in characters:
        if cf.replay.problems:
            err(f"note: {cf.path} has ledger problems (printed on its sheet); run check")

    from builder.sheets import output

    target = Path(args.output)
    if output.is_single_file(args.output):
        jobs = [(target, sheets)]
        folder = target.parent
    else:
        folder = target
        names = output.folder_file_names([cf.name for cf in characters])
        jobs = [(folder / name, [sheet]) for name, sheet in zip(names, sheets)]
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder}: is a file, not a folder")
    for path, _job in jobs:  # a read-only PDF is refused before anything is painted
        output.check_target(path)
    made = [] if folder.exists() else [folder]
    output.check_folder(folder)

    # The modules without Qt first: once PySide6 is loaded it reads the source of each
    # module an import statement names (for its __feature__ switches).
    from builder.render import outline  # noqa: F401
    from builder.render.pdf import RenderFailed, ensure_app, render_pdf_bytes
    from builder.render.fonts import GlyphCheck, describe_missing

    ensure_app()
    glyphs = GlyphCheck()
    with output.signals_guarded(), output.removed_when_failed(made):
        # Every PDF is painted (in memory) before any file is touched, then all are
        # written or none: a failure leaves every previous PDF byte for byte.
        pdfs = {}
        for path, job_sheets in jobs:
            try:
                pdfs[path], _counts = render_pdf_bytes(job_sheets, args.paper, glyphs=glyphs,
                                                       duplex=args.duplex)
            except RenderFailed as exc:
                raise FileProblem(f"{path}: cannot be written ({exc}); nothing changed") \
                    from None
        output.write_outputs(pdfs)
    if glyphs.missing:
        err("warning: no installed font has a glyph for "
            f"{describe_missing(glyphs.missing)}; printed as empty boxes")
    if glyphs.untexted:
        err(f"warning: {describe_missing(glyphs.untexted)} printed but not in the PDF's "
            "text (a colour emoji prints as a picture): a search or a copy will miss them")
    for path, _job in jobs:
        out(str(path))
    return 0
