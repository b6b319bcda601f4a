"""The Tiny Points sheet (no Qt): the attributes with their levels, the points."""
from __future__ import annotations

from builder.sheets.model import Rows, Section, Sheet, SheetOptions

SECTIONS = [("attributes", "Attributes"), ("points", "Points")]


def build(derived: dict, options: SheetOptions) -> Sheet:
    blank = options.blank
    sheet = Sheet(name="" if blank else str(derived.get("name", "")), ruleset_id="tiny-points")
    if options.wants("attributes"):
        levels = derived.get("attributes") or {}
        sheet.sections.append(Section("attributes", "Attributes", [Rows(
            [(name, "" if blank else str(level)) for name, level in levels.items()])]))
    if options.wants("points"):
        points = derived.get("points") or {}
        sheet.sections.append(Section("points", "Points", [Rows(
            [(key.capitalize(), "" if blank else str(value)) for key, value in points.items()])]))
    return sheet
