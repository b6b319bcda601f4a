"""The sheet for a ruleset that has no sheet module of its own yet.

It lays out whatever the derived state holds: scalars as a summary, a dict of
scalars as boxed rows, a dict of dicts or a list of dicts as a table, the
ledger as every sheet prints it (:func:`builder.sheets.model.ledger_section`: in
plain words, ``--ledger`` and the compact layout followed), notes with ruled lines
to the foot of the last page.  Who the character is prints in the shared Who section.
"""
from __future__ import annotations

from typing import Any

from builder.sheets.model import (Block, Cell, Column, Notes, Rows, Section, Sheet, SheetOptions, Table,
                                  ledger_section, notes_section, text_value)

SECTIONS: list[tuple[str, str]] = []  # depends on the character: see section_keys
#: Keys that are no section of their own: the heading's, the Who section's (shared by
#: every sheet) and what the export adds for the ledger.
_SKIP = {"ruleset", "name", "format", "kind", "player", "appearance", "background", "portrait",
         "ledger_entries", "balance_label"}


def _title(key: str) -> str:
    """``skill_points`` -> "Skill points"; a key in capitals stays so ("CP")."""
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def section_keys(derived: dict[str, Any] | None) -> list[str]:
    if not derived:
        return ["summary", "notes"]
    keys = []
    if any(not isinstance(v, (dict, list)) for k, v in derived.items()
           if k not in _SKIP and k != "notes"):
        keys.append("summary")
    keys += [k for k, v in derived.items()
             if k not in _SKIP and isinstance(v, (dict, list)) and k not in ("ledger",)]
    if "ledger" in derived:
        keys.append("ledger")
    keys.append("notes")
    return list(dict.fromkeys(keys))


def _table(items: list[tuple[str, dict[str, Any]]], first: str, blank: bool) -> Table:
    columns: list[str] = []
    for _name, row in items:
        for key in row:
            if key not in columns:
                columns.append(key)
    rows: list[list[Cell]] = []
    for name, row in items:
        values = ["" if blank else text_value(row.get(c, "")) for c in columns]
        rows.append([name, *values])
    return Table([Column(first, 2.0)] + [Column(_title(c), 1.0) for c in columns], rows)


def build(derived: dict[str, Any], options: SheetOptions) -> Sheet:
    blank = options.blank
    sheet = Sheet(name="" if blank else str(derived.get("name", "")),
                  ruleset_id=str(derived.get("ruleset", "")))
    summary = [(_title(k), "" if blank else text_value(v)) for k, v in derived.items()
               if k not in _SKIP and k != "notes" and not isinstance(v, (dict, list))]
    if summary:
        sheet.sections.append(Section("summary", "Summary", [Rows(summary, columns=3)]))
    ledger = None
    for key, value in derived.items():
        if key in _SKIP or key == "notes" or not isinstance(value, (dict, list)):
            continue
        if key == "ledger":
            ledger = value
            continue
        blocks: list[Block] = []
        if isinstance(value, dict):
            nested = [(str(k), v) for k, v in value.items() if isinstance(v, dict)]
            flat = [(str(k), v) for k, v in value.items() if not isinstance(v, dict)]
            if flat:
                blocks.append(Rows([(k, "" if blank else text_value(v)) for k, v in flat],
                                   columns=3))
            if nested:
                blocks.append(_table(nested, _title(key), blank))
        else:
            rows = [(str(i + 1), v) for i, v in enumerate(value)]
            dicts = [(n, v) for n, v in rows if isinstance(v, dict)]
            if dicts:
                blocks.append(_table(dicts, "#", blank))
            others = [text_value(v) for _n, v in rows if not isinstance(v, dict)]
            if others:
                blocks.append(Notes("" if blank else ", ".join(others)))
        if blocks:
            sheet.sections.append(Section(key, _title(key), blocks))
    if ledger is not None:
        balance = derived.get("balance_label")
        sheet.sections.append(ledger_section(derived, blank, "Ledger", 6.0,
                                             balance=balance if isinstance(balance, str)
                                             and balance else None, mode=options.ledger))
    # Last, after the ledger: its lines fill the rest of the page (see notes_section).
    sheet.sections.append(notes_section("notes", "Notes", derived.get("notes"), blank, lines=8))
    return sheet
