"""Printing character sheets to PDF: the one path for ``export-pdf`` and the window's
Export PDF (one character, or library characters into one PDF or one PDF each).

The steps, each a function here, in the order an adapter calls them:

1. :func:`read_characters`: every input read before anything is written (a campaign
   file stands for its members, in its order); an unreadable one is a FileProblem.
2. :func:`section_choices` and :func:`build_sheets`: the sections the characters'
   sheets have, and the sheets for the chosen options.
3. :func:`plan`: where the PDFs go (one file, or one per character in a folder; see
   :func:`target_kind` for how ``OUT`` is read), every target checked before anything
   is painted (a read-only PDF, a folder where a file is meant, a missing folder).
4. :func:`export`: every PDF painted by the caller's renderer, in memory, then all
   written or none (:func:`builder.sheets.output.write_outputs`); the temporaries an
   earlier, killed export left in the folder are removed first.

The renderer is passed in (``render(job) -> bytes``): painting needs Qt, and this
layer imports none.  A renderer that cannot paint raises OSError; that is a
FileProblem naming the file here, with nothing written.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ContextManager, Iterable, Sequence

from builder.rules.base import UsageError
from builder.rules.records import FrozenRecord
from builder.sheets import SheetOptions, build_sheet, section_keys
from builder.sheets import output
from builder.sheets.model import Sheet
from builder.storage.files import CharacterFile, FileProblem

if TYPE_CHECKING:
    from builder.app.views import CharacterView

__all__ = ["Printed", "Job", "Plan", "read_characters", "section_choices", "build_sheets",
           "target_kind", "plan", "export", "ExportFailed"]

ExportFailed = output.ExportFailed


class Printed(FrozenRecord):
    """One character read for printing: its file, name, rule system and derived state
    (``show --json``), and whether its ledger has problems (printed on its sheet)."""

    __slots__ = ("path", "name", "ruleset_id", "derived", "has_problems", "portrait_missing")
    _fields = ("path", "name", "ruleset_id", "derived", "has_problems", "portrait_missing")
    _repr_fields = ("path", "name", "ruleset_id")
    path: Path
    name: str
    ruleset_id: str
    derived: dict[str, Any]
    has_problems: bool
    #: The portrait the file names when it is not in this data folder ("": none missing).
    portrait_missing: str

    def __init__(self, path: Path, name: str, ruleset_id: str, derived: dict[str, Any],
                 has_problems: bool, portrait_missing: str = "") -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "ruleset_id", ruleset_id)
        object.__setattr__(self, "derived", derived)
        object.__setattr__(self, "has_problems", has_problems)
        object.__setattr__(self, "portrait_missing", portrait_missing)

    @classmethod
    def of(cls, cf: CharacterView) -> Printed:
        """The character a file holds, as its sheet reads it: its derived state, its
        ledger's entries as written (``ledger_entries``: what the printed ledger groups
        by session and counts money from) and what its rule system calls its points
        after a number (``balance_label``: the generic sheet's ledger columns)."""
        derived = cf.derived()
        derived["ledger_entries"] = list(cf.doc.get("ledger") or [])
        derived["balance_label"] = cf.ruleset.balance_label
        named = cf.doc.get("portrait")
        missing = named if isinstance(named, str) and named and "portrait" not in derived \
            else ""
        return cls(Path(cf.path or cf.name), cf.name, cf.ruleset.id, derived,
                   bool(cf.replay.problems), missing)


def _character_files(path: Path | str) -> tuple[list[CharacterFile], bool]:
    """The character a file holds, or a campaign's members (in its order), and whether
    it was a campaign.  (Read as a character first: a campaign is the rarer case, and
    a file is parsed once that way.)"""
    from builder.storage.files import load_character

    try:
        return [load_character(path)], False
    except FileProblem:
        from builder.storage.documents import peek_kind

        if peek_kind(path) != "campaign":  # (FileProblem too, for an unreadable file)
            raise
    from builder.storage.campaigns import load_campaign

    campaign = load_campaign(path)
    if not campaign.members:
        raise FileProblem(f"{path}: the campaign {campaign.name} has no members to print")
    return [campaign.load_member(given) for given in campaign.members], True


def read_characters(paths: Sequence[Path | str],
                    reading: Callable[[int, Path], None] | None = None) -> list[Printed]:
    """Every character the paths name, read and replayed (a campaign file: each of its
    members; a member also named on its own, or in two campaigns, is printed once).
    ``reading(index, path)`` is called before each path is read (a progress dialog; it
    may raise to stop).  FileProblem for the first one that cannot be read: then
    nothing is printed."""
    read: list[tuple[CharacterFile, bool]] = []
    for index, path in enumerate(paths):
        if reading is not None:
            reading(index, Path(path))
        files, is_campaign = _character_files(path)
        read.extend((cf, is_campaign) for cf in files)
    named = {_same_file(cf.path) for cf, member in read if not member} - {None}
    printed: list[Printed] = []
    for cf, member in read:
        where = _same_file(cf.path)
        if member and where is not None:
            if where in named:  # a member also named on its own: printed once
                continue
            named.add(where)
        printed.append(Printed.of(cf))
    return printed


def _same_file(path: Path | str | None) -> Path | None:
    if path is None:
        return None
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):
        return None


def section_choices(characters: Sequence[Printed]) -> list[str]:
    """The sections any of the characters' sheets has (``--sections`` accepts these)."""
    keys: list[str] = []
    for character in characters:
        for key in section_keys(character.ruleset_id, character.derived):
            if key not in keys:
                keys.append(key)
    return keys


def sheet_sections(kinds: Iterable[tuple[str, dict[str, Any] | None]] | None = None
                   ) -> list[tuple[str, str]]:
    """``(key, title)`` of every section the sheets of these ``(rule system id,
    derived state or None)`` have, in order (Sheet Options lists them); None: every
    registered rule system's."""
    from builder.sheets import builder_module

    if kinds is None:
        from builder.rules.registry import ruleset_ids

        kinds = [(ruleset_id, None) for ruleset_id in ruleset_ids()]
    result: dict[str, str] = {}
    for ruleset_id, derived in kinds:
        titles = dict(getattr(builder_module(ruleset_id), "SECTIONS", []))
        for key in section_keys(ruleset_id, derived):
            result.setdefault(key, titles.get(key, key.capitalize()))
    return list(result.items())


def build_sheets(characters: Sequence[Printed], options: SheetOptions | None = None
                 ) -> list[Sheet]:
    return [build_sheet(c.derived, c.ruleset_id, options) for c in characters]


class Job(FrozenRecord):
    """One PDF to write: its path and the sheets it holds, and its place among the
    plan's jobs (``index``, for a progress report)."""

    __slots__ = ("path", "sheets", "names", "index")
    _fields = ("path", "sheets", "names", "index")
    path: Path
    sheets: tuple[Sheet, ...]
    names: tuple[str, ...]
    index: int

    def __init__(self, path: Path, sheets: tuple[Sheet, ...], names: tuple[str, ...],
                 index: int) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "sheets", sheets)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "index", index)



class Plan(FrozenRecord):
    """Every PDF an export writes, the folder they go into, and whether that folder is
    to be made (it is removed again when the export fails)."""

    __slots__ = ("jobs", "folder", "make_folder", "one_file")
    _fields = ("jobs", "folder", "make_folder", "one_file")
    jobs: tuple[Job, ...]
    folder: Path
    make_folder: bool
    one_file: bool

    def __init__(self, jobs: tuple[Job, ...], folder: Path, make_folder: bool,
                 one_file: bool) -> None:
        object.__setattr__(self, "jobs", jobs)
        object.__setattr__(self, "folder", folder)
        object.__setattr__(self, "make_folder", make_folder)
        object.__setattr__(self, "one_file", one_file)


    @property
    def paths(self) -> list[Path]:
        return [job.path for job in self.jobs]


def target_kind(out: str | os.PathLike[str]) -> str:
    """How ``export-pdf -o OUT`` reads OUT: ``"file"`` (a name ending in ``.pdf``, not
    an existing folder: every character in one PDF) or ``"folder"`` (an existing
    folder, or a name ending in ``/``: one PDF per character).  Anything else is
    refused (UsageError): a typo must not become a folder."""
    text = os.fspath(out)
    if text.endswith(("/", os.sep)) or Path(text).is_dir():
        return "folder"
    if output.is_single_file(text):
        return "file"
    raise UsageError(f"{text}: not a .pdf file name nor a folder (end a new folder's "
                     "name with /)")


def plan(target: str | os.PathLike[str], sheets: Sequence[Sheet], names: Sequence[str], *,
         one_file: bool | None = None) -> Plan:
    """Where the sheets go and whether that may be written, checked before anything is
    painted.  ``one_file``: True, every sheet into the PDF ``target``; False, one PDF
    per sheet in the folder ``target`` (made when missing, never its parents); None,
    as :func:`target_kind` reads ``target`` (the command line's ``-o``).

    ExportFailed (a FileProblem) when a target must not be replaced (read-only, a
    folder) or its folder is a file or does not exist."""
    if one_file is None:
        one_file = target_kind(target) == "file"
    path = Path(target)
    if one_file:
        folder = path.parent
        jobs: tuple[Job, ...] = (Job(path, tuple(sheets), tuple(names), 0),)
    else:
        folder = path
        files = output.folder_file_names(names)
        jobs = tuple(Job(folder / file, (sheet,), (name,), index)
                     for index, (file, sheet, name) in enumerate(zip(files, sheets, names)))
    if folder.exists() and not folder.is_dir():
        raise ExportFailed(f"{folder}: is a file, not a folder")
    for job in jobs:  # a read-only PDF is refused before anything is painted
        output.check_target(job.path)
    make_folder = not folder.exists()
    if make_folder and (one_file or not folder.parent.is_dir()):
        # Only the folder named is made, never its parents (a typo must not
        # become a tree of folders).
        missing = folder if one_file else folder.parent
        raise ExportFailed(f"{missing}: no such folder; nothing written")
    return Plan(jobs, folder, make_folder, one_file)


def export(export_plan: Plan, render: Callable[[Job], bytes]) -> list[Path]:
    """Paint every job's PDF (``render``), then write them all or none; the paths
    written.  A folder the plan makes is removed again when anything fails, and
    SIGTERM/SIGINT/SIGHUP leave no temporary behind.  ``render`` raising OSError is
    an ExportFailed naming the job's file; anything else it raises (a cancel) passes
    through, with nothing written."""
    made = [export_plan.folder] if export_plan.make_folder else []
    with output.signals_guarded(), output.removed_when_failed(made):
        output.check_folder(export_plan.folder)
        output.remove_stale_temporaries(export_plan.folder)
        pdfs: dict[Path, bytes] = {}
        for job in export_plan.jobs:
            try:
                pdfs[job.path] = render(job)
            except OSError as exc:
                raise ExportFailed(f"{job.path}: cannot be written ({exc}); nothing changed"
                                   ) from None
        output.write_outputs(pdfs)
    return export_plan.paths


def signals_held() -> ContextManager[None]:
    """For the export's Qt work (loading PySide6, starting Qt, painting a PDF): a
    signal that comes meanwhile only waits, and is acted on at :func:`check_signals`
    or when the block ends (raised inside Qt or PySide's own Python, it aborted or
    crashed the process)."""
    return output.signals_held()


def check_signals() -> None:
    """A safe place for a held signal to be acted on (SIGINT: KeyboardInterrupt)."""
    output.check_signals()


def crowded_compact(job: Job, counts: Sequence[int]) -> list[str]:
    """One line for each compact sheet of ``job`` that still took more than one page
    (``counts``: the pages of each of its sheets, as the renderer laid them out); each
    adapter says it its own way (the command line as a warning line, the window in a
    box)."""
    return [f"the compact sheet of {name} takes {count} pages (more than fits "
            "one page even set small)"
            for sheet, name, count in zip(job.sheets, job.names, counts)
            if sheet.layout == "compact" and count > 1]


def problem_notes(characters: Sequence[Printed],
                  sections: Iterable[str] | None = None) -> list[str]:
    """One line for each character whose ledger has problems (printed on its sheet),
    whose portrait is not in this data folder (printed without it), or whose sheet has
    none of the ``sections`` chosen (a section of another rule system's sheet: only its
    heading prints)."""
    chosen = None if sections is None else set(sections)
    lines = []
    for c in characters:
        if c.has_problems:
            lines.append(f"note: {c.path} has ledger problems (printed on its sheet); run check")
        if c.portrait_missing:
            lines.append(f"note: {c.path}: its portrait ({c.portrait_missing}) is not in this "
                         "data folder; printed without it")
        if chosen is not None:
            own = section_keys(c.ruleset_id, c.derived)
            if chosen.isdisjoint(own):
                lines.append(f"note: {c.path}: its sheet has none of the sections chosen "
                             f"(its own: {', '.join(own)}); only its heading prints")
    return lines


__all__ += ["problem_notes", "crowded_compact", "sheet_sections", "FileProblem", "signals_held",
            "check_signals"]
