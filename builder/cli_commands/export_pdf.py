"""``character-builder export-pdf FILE... -o OUT [--paper a4|letter] [--sections LIST] [--blank]``

OUT ending in ``.pdf``: every character in one PDF, each starting on a new
page.  Any other OUT (or one ending in a slash, or an existing folder): a
folder, created when missing, with one PDF per character named after it.
Every input is read before anything is written; an unreadable one is exit 2
and no PDF is written.  Each PDF is written atomically (a temporary file in
the target folder, then a rename).
"""
from __future__ import annotations

import os
from pathlib import Path

from builder.rules.base import UsageError

PAPERS = ("a4", "letter")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "export-pdf", help="print character sheets to PDF",
        description="Print character sheets to PDF: OUT is a .pdf (all characters in one "
                    "file) or a folder (one PDF per character).")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="a .pdf file, or a folder for one PDF per character")
    p.add_argument("--paper", default="a4", type=str.lower, choices=PAPERS)
    p.add_argument("--sections", metavar="LIST",
                   help="comma-separated sections to print (default: all), e.g. "
                        "vitals,skills,ledger; an unknown name lists the valid ones")
    p.add_argument("--blank", action="store_true",
                   help="print the layout with empty boxes for pencil play")
    p.set_defaults(func=cmd_export_pdf)


def _is_single_file(out: str) -> bool:
    if out.endswith(("/", os.sep)):
        return False
    path = Path(out)
    if path.is_dir():
        return False
    return path.suffix.lower() == ".pdf"


def _valid_sections(characters, derived: list[dict]) -> list[str]:
    from builder.sheets import section_keys

    keys: list[str] = []
    for cf, state in zip(characters, derived):
        for key in section_keys(cf.ruleset.id, state):
            if key not in keys:
                keys.append(key)
    return keys


def _unique_names(characters) -> list[str]:
    from builder.storage.files import safe_file_stem

    seen: dict[str, int] = {}
    names = []
    for cf in characters:
        stem = safe_file_stem(cf.name)
        count = seen.get(stem.casefold(), 0) + 1
        seen[stem.casefold()] = count
        names.append(f"{stem}.pdf" if count == 1 else f"{stem}-{count}.pdf")
    return names


def cmd_export_pdf(args) -> int:
    from builder.cli_output import err, open_character, out
    from builder.sheets import SheetOptions, build_sheet, parse_sections
    from builder.storage.files import FileProblem

    # Read and check everything first: nothing is written unless all inputs are good.
    characters = [open_character(path) for path in args.files]
    derived = [cf.derived() for cf in characters]
    sections = parse_sections(args.sections, _valid_sections(characters, derived))
    options = SheetOptions(sections=sections, blank=args.blank)
    sheets = [build_sheet(state, cf.ruleset.id, options)
              for cf, state in zip(characters, derived)]
    for cf in characters:
        if cf.replay.problems:
            err(f"note: {cf.path} has ledger problems (printed on its sheet); run check")

    single = _is_single_file(args.output)
    target = Path(args.output)
    if single:
        jobs = [(target, sheets)]
        folder = target.parent
    else:
        folder = target
        jobs = [(folder / name, [sheet]) for name, sheet in zip(_unique_names(characters), sheets)]
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileProblem(f"{folder}: cannot be created ({exc.strerror or exc})") from None

    from builder.ui.sheet_renderer import ensure_app, render_pdf

    ensure_app()
    for path, job_sheets in jobs:
        try:
            render_pdf(job_sheets, path, args.paper)
        except OSError as exc:
            raise FileProblem(f"{path}: cannot be written ({exc.strerror or exc})") from None
        out(str(path))
    return 0
