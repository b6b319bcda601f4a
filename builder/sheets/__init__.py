"""Printed character sheets, as pure data (no Qt).

``build_sheet(derived, ruleset_id, options)`` turns a character's derived state
(the ``show --json`` dict, ``CharacterFile.derived()``) into a
:class:`~builder.sheets.model.Sheet`.  A ruleset gets its own sheet from the
module its class declares as ``sheet_module`` (a built-in one's is
``builder/rulesets/<id>/sheet.py``), which defines

* ``SECTIONS``: a list of ``(key, title)``, the names ``--sections`` accepts;
* ``build(derived: dict, options: SheetOptions) -> Sheet``.

A ruleset that declares none is printed by :mod:`builder.sheets.generic`,
which lays out whatever the derived state holds.  Adding a ruleset's sheet is
adding one module to its folder and naming it on its class; nothing here changes.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from builder.rules.base import UsageError
from builder.sheets.model import Boxes, Cell, Notes, Sheet, SheetOptions, Table, two_up

if TYPE_CHECKING:
    from builder.sheets.model import Section

__all__ = ["Sheet", "SheetOptions", "build_sheet", "section_keys", "parse_sections",
           "builder_module", "LAYOUTS"]

#: The layouts ``--layout`` and Sheet Options offer.
LAYOUTS = ("full", "compact")


def builder_module(ruleset_id: str) -> ModuleType:
    """The sheet builder a ruleset declares (``parts.sheet_module``), or the generic one
    (also for an id no rule system has: a file of an unknown ruleset still prints)."""
    from builder.rules.base import RulesError
    from builder.rules.registry import ruleset_class

    try:
        name = ruleset_class(ruleset_id).parts.sheet_module
    except RulesError:
        name = None
    return importlib.import_module(name or f"{__name__}.generic")


def section_keys(ruleset_id: str, derived: dict[str, Any] | None = None) -> list[str]:
    """The section names a ruleset's sheet has, in the order its ``SECTIONS`` lists
    them (``--sections`` lists them so; the notes print after the records on a
    filled sheet: :func:`builder.sheets.model.print_order`)."""
    module = builder_module(ruleset_id)
    if hasattr(module, "section_keys"):
        keys = list(module.section_keys(derived))
    else:
        keys = [key for key, _title in module.SECTIONS]
    return keys + [WHO[0]] if WHO[0] not in keys else keys


def parse_sections(text: str | None, valid: Iterable[str]) -> frozenset[str] | None:
    """``--sections vitals,skills`` -> a set of keys; UsageError listing the valid ones."""
    if text is None:
        return None
    valid = list(dict.fromkeys(valid))
    chosen = [part.strip().casefold() for part in text.split(",") if part.strip()]
    if not chosen:
        raise UsageError(f"--sections needs at least one section; valid: {', '.join(valid)}")
    folded = {key.casefold(): key for key in valid}
    unknown = [name for name in chosen if name not in folded]
    if unknown:
        raise UsageError(f"unknown section '{unknown[0]}'; valid: {', '.join(valid)}")
    return frozenset(folded[name] for name in chosen)


def _ruleset_title(ruleset_id: str) -> str:
    try:
        from builder.rules.registry import ruleset_class

        return ruleset_class(ruleset_id).title or ruleset_id
    except Exception:  # an unknown or broken ruleset still prints
        return ruleset_id


#: The section every ruleset's sheet gets when the file says who the character is.
WHO = ("who", "Who")


def _who(derived: dict[str, Any], options: SheetOptions) -> Section | None:
    """Player, portrait, appearance, background: handled here once for every ruleset."""
    from builder.sheets.model import Picture, Rows, Section

    if options.blank:
        return None
    given = {key: derived.get(key) for key in ("player", "appearance", "background")}
    texts = {k: v.strip() for k, v in given.items() if isinstance(v, str) and v.strip()}
    portrait = derived.get("portrait")
    if not texts and not isinstance(portrait, str):
        return None
    blocks: list[Any] = []
    if isinstance(portrait, str) and portrait:
        blocks.append(Picture(portrait))
    if "player" in texts:
        blocks.append(Rows([("Player", texts["player"])], columns=1, boxed=False))
    for key in ("appearance", "background"):
        if key in texts:
            blocks.append(Notes(f"{key.capitalize()}: {texts[key]}"))
    return Section(WHO[0], WHO[1], blocks, half=True)  # shares the first two-column group


#: A compact sheet sets a table of more rows than this, and of few columns, two-up.
FOLD_ROWS = 8


def _foldable(block: Table, half: bool) -> bool:
    return (not half and len(block.rows) > FOLD_ROWS
            and len(block.columns) <= 3 and not any(c.gutter for c in block.columns))


def _empty_row(row: Sequence[Cell]) -> bool:
    return all((not cell.ticked and not cell.label) if isinstance(cell, Boxes) else not cell
               for cell in row)


#: The most of one text a sheet prints (a value, a cell, a heading)...
TEXT_LIMIT = 2000
#: ...of one block of notes...
NOTES_LIMIT = 20_000
#: ...and the most rows of one table: past them a mark says how much was left out and
#: where to read it, so a sheet costs what it prints, never what the file stores.
ROW_LIMIT = 1500


def bounded(text: str, limit: int) -> str:
    """``text`` up to ``limit`` characters (cut after a whole word where one ends in
    the last tenth), then a mark saying how much was left out and where to read it."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", limit - limit // 10, limit)
    kept = text[:cut if cut > 0 else limit].rstrip()
    left = len(text) - len(kept)
    return (f"{kept} \u2026 [{left:,} more characters not printed: the whole text is in the "
            "file, the window and show --json]")


def _bound(sheet: Sheet) -> None:
    """Every text and table of ``sheet`` within the limits above."""
    from builder.sheets.model import Heading, Rows

    sheet.name = bounded(sheet.name, TEXT_LIMIT)
    sheet.headline = [(bounded(k, TEXT_LIMIT), bounded(v, TEXT_LIMIT))
                      for k, v in sheet.headline]
    for section in sheet.sections:
        for block in section.blocks:
            if isinstance(block, Notes):
                block.text = bounded(block.text, NOTES_LIMIT)
            elif isinstance(block, Rows):
                block.items = [(bounded(k, TEXT_LIMIT), bounded(v, TEXT_LIMIT))
                               for k, v in block.items]
            elif isinstance(block, Heading):
                block.text = bounded(block.text, TEXT_LIMIT)
            elif isinstance(block, Table):
                rows = [list(row) for row in block.rows]
                if len(rows) > ROW_LIMIT:
                    left = len(rows) - ROW_LIMIT
                    rows = rows[:ROW_LIMIT]
                    mark: list[Cell] = [""] * len(block.columns)
                    mark[min(2, len(mark) - 1)] = (
                        f"{left:,} more rows not printed: every one is in the file, the "
                        "window and show --json")
                    rows.append(mark)
                    block.marked = [i for i in block.marked if i < ROW_LIMIT]
                    block.spare = 0
                block.rows = [[bounded(c, TEXT_LIMIT) if isinstance(c, str) else c
                               for c in row] for row in rows]


def build_sheet(derived: dict[str, Any], ruleset_id: str | None = None,
                options: SheetOptions | None = None) -> Sheet:
    """The sheet for one character (``derived`` is its ``show --json`` dict)."""
    ruleset_id = ruleset_id or str(derived.get("ruleset", ""))
    options = options or SheetOptions()
    sheet: Sheet = builder_module(ruleset_id).build(derived, options)
    who = _who(derived, options) if options.wants(WHO[0]) else None
    if who is not None:  # after a "Problems" section, before everything else
        at = 1 if sheet.sections and sheet.sections[0].key == "problems" else 0
        sheet.sections.insert(at, who)
    sheet.ruleset_id = ruleset_id
    if not sheet.ruleset_title:
        sheet.ruleset_title = _ruleset_title(ruleset_id)
    sheet.blank = options.blank
    sheet.layout = options.layout
    player = derived.get("player")
    sheet.player = player.strip() if isinstance(player, str) and not options.blank else ""
    if options.layout == "compact":
        # One page: the records of play are left out, notes keep two lines to write on
        # (more where the page has room: their lines fill it, see model.notes_section).
        sheet.sections = [s for s in sheet.sections if not s.record]
        # Pencil room shrinks: two ruled lines for notes, one empty row per table.
        for section in sheet.sections:
            for block in section.blocks:
                if isinstance(block, Notes):
                    block.lines = min(block.lines, 2)
                elif isinstance(block, Table):
                    empty = [row for row in block.rows if _empty_row(row)]
                    if len(empty) > 1:
                        drop = {id(row) for row in empty[1:]}
                        keep = [i for i, row in enumerate(block.rows) if id(row) not in drop]
                        block.marked = [keep.index(i) for i in block.marked if i in keep]
                        block.rows = [block.rows[i] for i in keep]
            # A long list of few columns (gear, spells, traits) in two columns.
            section.blocks = [two_up(b) if isinstance(b, Table) and _foldable(b, section.half)
                              else b for b in section.blocks]
    if options.sections is not None:
        # "problems" (a file the rules do not accept) is printed whatever is chosen.
        sheet.sections = [s for s in sheet.sections
                          if s.key in options.sections or s.key == "problems"]
    _bound(sheet)
    return sheet
