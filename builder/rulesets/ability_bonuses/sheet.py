"""The printed sheet of an ``ability-bonuses`` character: the Abilities Card.

Page 1: name, the abilities (signed), Skilled Bonuses, Defenses and Effect
DCs as boxed figures, age category with its modifiers, how the abilities were
allocated, the effects that modify them, the ledger, notes with ruled lines to
the foot of the page (a blank sheet: the notes before the ledger).
"""
from __future__ import annotations

from typing import Any

from builder.sheets.model import (Column, Notes, Rows, Section, Sheet, SheetOptions, Table,
                                  empty_section, ledger_section, notes_section, print_order,
                                  text_value)
from builder.sheets.model import signed as _signed

SECTIONS = [
    ("abilities", "Abilities"),
    ("skilled", "Skilled Bonuses"),
    ("defenses", "Defenses"),
    ("dcs", "Effect DCs"),
    ("age", "Age"),
    ("creation", "Creation"),
    ("effects", "Effects"),
    ("notes", "Notes"),
    ("ledger", "Ledger"),
]
TITLES = dict(SECTIONS)
PRIMARY = ("MIG", "DEX", "CHA", "FOC")
BLANK_ROWS = 4


def signed(value: Any) -> str:
    if value is None:
        return "-"
    return _signed(value)


def _figures(values: dict[str, Any], blank: bool, suffix: str = "") -> list[tuple[str, str]]:
    return [(f"{key}{suffix}", "" if blank else signed(value)) for key, value in values.items()]


def _abilities(derived: dict[str, Any], blank: bool) -> Section:
    abilities = derived.get("abilities") or {key: None for key in PRIMARY}
    return Section("abilities", TITLES["abilities"],
                   [Rows(_figures(abilities, blank), columns=2)], half=True)


def _skilled(derived: dict[str, Any], blank: bool) -> Section:
    skilled = derived.get("skilled") or {}
    return Section("skilled", TITLES["skilled"],
                   [Rows(_figures(skilled, blank, "+"), columns=2)], half=True)


def _defenses(derived: dict[str, Any], blank: bool) -> Section:
    items = [("BODY DEF", "" if blank else signed(derived.get("body_def"))),
             ("MIND DEF", "" if blank else signed(derived.get("mind_def")))]
    return Section("defenses", TITLES["defenses"], [Rows(items, columns=2, large=True)],
                   half=True)


def _dcs(derived: dict[str, Any], blank: bool) -> Section:
    items = [("MARTIAL DC", "" if blank else text_value(derived.get("martial_dc"))),
             ("SPELL DC", "" if blank else text_value(derived.get("spell_dc")))]
    return Section("dcs", TITLES["dcs"], [Rows(items, columns=2, large=True)], half=True)


def _age(derived: dict[str, Any], blank: bool) -> Section:
    category = derived.get("age_category")
    if blank:
        items = [("Category", ""), ("About (years)", ""), ("Age roll", "")]
        return Section("age", TITLES["age"], [Rows(items, columns=3)])
    if not isinstance(category, dict):
        return empty_section("age", TITLES["age"], "The aging rule is off.")
    items = [("Category", text_value(category.get("name"))),
             ("About (years)", text_value(category.get("approximate_age"))),
             ("Age roll", text_value(derived.get("age_roll")))]
    blocks: list[Any] = [Rows(items, columns=3)]
    mods = category.get("modifiers") or {}
    if mods:
        blocks.append(Notes("Age modifiers: " + ", ".join(
            f"{key} {signed(value)}" for key, value in mods.items())))
    return Section("age", TITLES["age"], blocks)


def _creation(derived: dict[str, Any], blank: bool) -> Section:
    allocation = derived.get("allocation") or {key: None for key in PRIMARY}
    items = [(f"{key} allocated", "" if blank else signed(value))
             for key, value in allocation.items()]
    blocks: list[Any] = [Rows(items, columns=4)]
    if not blank:
        method = text_value(derived.get("method"))
        line = f"Method: {method}"
        rolls = derived.get("rolls") or []
        faces = derived.get("roll_abilities") or []
        if rolls:
            line += "; rolled d4: " + ", ".join(
                f"{roll} ({faces[i]})" if i < len(faces) else str(roll)
                for i, roll in enumerate(rolls))
        blocks.append(Notes(line))
    return Section("creation", TITLES["creation"], blocks)


def _effects(derived: dict[str, Any], blank: bool) -> Section:
    columns = [Column("Effect", 4.0), Column("Ability", 1.2, "center"),
               Column("Value", 1.0, "center")]
    if blank:
        rows = [["", "", ""] for _ in range(BLANK_ROWS)]
    else:
        rows = [[text_value(m.get("name")), text_value(m.get("ability")), signed(m.get("value"))]
                for m in derived.get("modifiers") or [] if isinstance(m, dict)]
    if not rows:
        return empty_section("effects", TITLES["effects"], "No effects yet.")
    return Section("effects", TITLES["effects"], [Table(columns, rows)])


def _ledger(derived: dict[str, Any], blank: bool, mode: str = "all") -> Section:
    return ledger_section(derived, blank, TITLES["ledger"], 7.0, mode=mode)


def _notes(derived: dict[str, Any], blank: bool) -> Section:
    return notes_section("notes", TITLES["notes"], derived.get("notes"), blank,
                         lines=10 if blank else 6)


def build(derived: dict[str, Any], options: SheetOptions) -> Sheet:
    blank = options.blank
    sheet = Sheet(name="" if blank else str(derived.get("name", "")),
                  ruleset_id="ability-bonuses")
    if not blank:
        sheet.headline = [("BODY DEF", signed(derived.get("body_def"))),
                          ("MIND DEF", signed(derived.get("mind_def")))]
        category = derived.get("age_category")
        if isinstance(category, dict):
            sheet.headline.append(("Age", text_value(category.get("name"))))
        problems = [str(p) for p in derived.get("problems") or []]
        if problems:
            sheet.sections.append(Section("problems", "Problems in the file", [Notes(
                "The rules do not accept this file (run check):\n" + "\n".join(problems))]))
    makers = {"abilities": _abilities, "skilled": _skilled, "defenses": _defenses,
              "dcs": _dcs, "age": _age, "creation": _creation, "effects": _effects,
              "notes": _notes, "ledger": _ledger}
    for key in print_order([key for key, _title in SECTIONS], blank):
        if options.wants(key):
            sheet.sections.append(_ledger(derived, blank, options.ledger) if key == "ledger"
                                  else makers[key](derived, blank))
    return sheet
