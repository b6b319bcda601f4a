"""The printed sheet of a ``story-points`` character.

Page 1: name, Story Points, Core Vitals, VIT and dice boxes, Skills with their
linked Vital, Classes with level and core Skills, traits with rank and one
empty box per use, spells, the ledger (with an opening balance, SP gained and
spent), notes with ruled lines to the foot of the last page, all flowing one after
the other (a blank sheet: the notes before the ledger, whose empty rows fill the page).
"""
from __future__ import annotations

from typing import Any

from builder.sheets.model import (BoxLine, Boxes, Cell, Column, Heading, Notes, Rows, Section,
                                  LedgerFacts, Sheet, SheetOptions, Table, empty_section, ledger_section,
                                  notes_section, print_order, text_value)

SECTIONS = [
    ("vitals", "Core Vitals"),
    ("vit", "Vitality & Dice"),
    ("sp", "Story Points"),
    ("milestones", "Story Milestones"),
    ("skills", "Skills"),
    ("classes", "Classes"),
    ("traits", "Traits"),
    ("spells", "Spells"),
    ("notes", "Notes"),
    ("ledger", "Ledger"),
]
TITLES = dict(SECTIONS)

#: Empty rows a blank sheet leaves for what the character will pick up in play.
BLANK_CLASSES = 3
BLANK_TRAITS = 8
BLANK_SPELLS = 4
#: A blank sheet's VIT and dice boxes: as many as either can reach, the same for both (the
#: AD/MD dice body is as large as maximum VIT; both stop at the data's ``limits.vit_max``).
BLANK_VIT = BLANK_DICE = 10
#: Boxes a blank-values sheet prints for one trait's uses.
BLANK_USES = 5


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _v(value: Any, blank: bool) -> str:
    return "" if blank else text_value(value)


def _sp(derived: dict[str, Any], blank: bool) -> Section:
    sp = derived.get("sp") or {}
    # Unspent changes at the table and is looked up in play: large, as VIT, in a wide
    # box to cross out and pencil beside.
    return Section("sp", TITLES["sp"], [
        Rows([("Unspent", _v(sp.get("unspent", 0), blank))], columns=1, large=True,
             write_in=True),
        Rows([("Earned", _v(sp.get("earned", 0), blank)),
              ("Spent", _v(sp.get("spent", 0), blank))], columns=2)], half=True)


def _vitals(derived: dict[str, Any], blank: bool) -> Section:
    vitals = derived.get("vitals") or {}
    items = [(str(name), _v(score, blank)) for name, score in vitals.items()]
    return Section("vitals", TITLES["vitals"], [Rows(items, columns=2)], half=True)


def _vit(derived: dict[str, Any], blank: bool) -> Section:
    vit = derived.get("vit") or {}
    dice = derived.get("dice") or {}
    if blank:
        current = [("VIT", ""), ("Ready dice", "")]
        fixed = [("Max VIT", ""), ("Wounded dice", "")]
        boxes = [Boxes(BLANK_VIT, 0, "VIT lost"), Boxes(BLANK_DICE, 0, "Dice wounded")]
    else:
        now, maximum = _int(vit.get("current")), _int(vit.get("max"))
        ready, wounded = _int(dice.get("ready")), _int(dice.get("wounded"))
        body = _int(dice.get("body"), ready + wounded)
        current = [("VIT", str(now)), ("Ready dice", str(ready))]
        fixed = [("Max VIT", str(maximum)), ("Wounded dice", str(wounded))]
        # One box per point of VIT / per die; the ones already lost are ticked.
        boxes = [Boxes(maximum, max(0, maximum - now), "VIT lost"),
                 Boxes(body, wounded, "Dice wounded")]
    # VIT and Ready dice change in play: large, in wide boxes to update in pencil.
    return Section("vit", TITLES["vit"], [Rows(current, columns=2, large=True, write_in=True),
                                          Rows(fixed, columns=2), BoxLine(boxes)], half=True)


def _skills(derived: dict[str, Any], blank: bool) -> Section:
    skills = derived.get("skills") or {}
    entries = []
    for name, info in skills.items():
        info = info if isinstance(info, dict) else {"level": info}
        entries.append([str(name), text_value(info.get("linked_vital", "")),
                        _v(info.get("level", 0), blank)])
    # Two skills a line: a long list stays short and reads like a sheet.
    half = (len(entries) + 1) // 2
    rows = []
    for i in range(half):
        right = entries[half + i] if half + i < len(entries) else ["", "", ""]
        rows.append(entries[i] + [""] + right)
    columns = [Column("Skill", 2.4), Column("Vital", 1.6), Column("Level", 0.9, "center")]
    gutter = [Column("", 0.35, gutter=True)]  # white space between the two halves
    return Section("skills", TITLES["skills"], [Table(columns + gutter + columns, rows)])


def _classes(derived: dict[str, Any]) -> dict[str, Any]:
    classes = derived.get("classes") or {}
    return {str(k): (v if isinstance(v, dict) else {}) for k, v in classes.items()}


def _classes_section(derived: dict[str, Any], blank: bool) -> Section:
    columns = [Column("Class", 2.0), Column("Level", 0.7, "center"), Column("Core Skills", 5.0)]
    if blank:
        rows = [["", "", ""] for _ in range(BLANK_CLASSES)]
    else:
        rows = [[name, text_value(info.get("level", 0)),
                 text_value(list(info.get("core_skills") or []))]
                for name, info in _classes(derived).items()]
        if not rows:
            return empty_section("classes", TITLES["classes"], "No classes yet.")
    return Section("classes", TITLES["classes"], [Table(columns, rows)])


def _traits(derived: dict[str, Any], blank: bool, compact: bool = False) -> Section:
    columns = [Column("Trait", 2.4), Column("Path (Skill)", 2.2), Column("Rank", 0.7, "center"),
               Column("Uses (tick one per use)", 2.8)]
    blocks: list[Any] = []
    if blank:
        rows: list[list[Cell]] = [["", "", "", Boxes(BLANK_USES)] for _ in range(BLANK_TRAITS)]
        return Section("traits", TITLES["traits"], [Table(columns, rows)])
    compact_rows: list[list[Cell]] = []  # the compact sheet: one table, a Class column
    for name, info in _classes(derived).items():
        traits = info.get("traits") or {}
        if not traits:
            continue
        rows = []
        for trait, t in traits.items():
            t = t if isinstance(t, dict) else {"rank": t}
            left = _int(t.get("uses_left"))
            spent = _int(t.get("uses_spent"))
            path = text_value(t.get("path", ""))
            if t.get("path_skill"):
                path = f"{path} ({t['path_skill']})"
            if t.get("usable", True) is False:
                skill = t.get("path_skill") or "its Path Skill"
                uses_cell = Boxes(0, 0, f"not usable until {skill} is trained")
            else:
                # One box per use: the uses already spent are ticked, the rest are
                # left empty to tick at the table.
                uses_cell = Boxes(left + spent, spent)
            rows.append([str(trait), path, text_value(t.get("rank", "")), uses_cell])
            compact_rows.append([str(trait), name, text_value(t.get("rank", "")), uses_cell])
        blocks.append(Heading(name, f"level {text_value(info.get('level', 0))}"))
        blocks.append(Table(columns, rows))
    if not blocks:
        return empty_section("traits", TITLES["traits"], "No traits yet.")
    if compact:
        return Section("traits", TITLES["traits"], [Table(
            [Column("Trait", 2.4), Column("Class", 1.6), Column("Rank", 0.7, "center"),
             Column("Uses", 1.8)], compact_rows)])
    return Section("traits", TITLES["traits"], blocks)


def _spells(derived: dict[str, Any], blank: bool) -> Section:
    columns = [Column("Spell", 3.0), Column("Class", 2.0), Column("Notes", 3.0)]
    rows = []
    if blank:
        rows = [["", "", ""] for _ in range(BLANK_SPELLS)]
    else:
        for name, info in _classes(derived).items():
            unusable = set(info.get("unusable_spells") or [])
            for spell in info.get("spells") or []:
                if isinstance(spell, dict):
                    label = str(spell.get("name", ""))
                    rest = {k: v for k, v in spell.items() if k != "name"}
                    rows.append([label, name, text_value(rest) if rest else ""])
                else:
                    note = "not usable until its Path Skill is trained" if spell in unusable else ""
                    rows.append([str(spell), name, note])
    if not rows:
        return empty_section("spells", TITLES["spells"], "No spells yet.")
    return Section("spells", TITLES["spells"], [Table(columns, rows)])


#: Entries that change nothing lasting (a use comes back with a rest): counted, not
#: listed, in the ledger of changes.
QUIET = frozenset({"use-trait", "rest"})


def _ledger(derived: dict[str, Any], blank: bool, mode: str = "all") -> Section:
    return ledger_section(derived, blank, TITLES["ledger"], 6.0, balance="SP", mode=mode,
                          facts=LedgerFacts(quiet=QUIET, quiet_words="uses and rests"))


def _milestones(derived: dict[str, Any], blank: bool, compact: bool = False) -> Section:
    """Every milestone with its checkpoints; on the compact sheet the resolved ones
    only by name (their checkpoints no longer count), in one paragraph."""
    columns = [Column("Milestone", 2.5), Column("Checkpoints reached", 5.0),
               Column("Resolved", 1.0, "center")]
    resolved: list[str] = []
    if blank:
        rows = [["", "", ""] for _ in range(BLANK_CLASSES)]
    else:
        rows = []
        # In play order (the order the rules report them), checkpoints too.
        for name, info in (derived.get("milestones") or {}).items():
            info = info if isinstance(info, dict) else {}
            if compact and info.get("resolved"):
                resolved.append(str(name))
                continue
            reached = info.get("played", info.get("checkpoints"))
            rows.append([str(name), text_value(list(reached or [])),
                         "yes" if info.get("resolved") else "no"])
    if not rows and not resolved:
        return empty_section("milestones", TITLES["milestones"], "No Story Milestones yet.")
    blocks: list[Any] = [Table(columns, rows)] if rows else []
    if resolved:
        blocks.append(Notes(f"Resolved ({len(resolved)}): " + ", ".join(resolved) + "."))
    return Section("milestones", TITLES["milestones"], blocks)


def _problems(derived: dict[str, Any]) -> Section | None:
    problems = [str(p) for p in derived.get("problems") or []]
    if not problems:
        return None
    return Section("problems", "Problems in the file",
                   [Notes("The rules do not accept this file (run check):\n" + "\n".join(problems))])


def _notes(derived: dict[str, Any], blank: bool) -> Section:
    return notes_section("notes", TITLES["notes"], derived.get("notes"), blank,
                         lines=10 if blank else 6)


def build(derived: dict[str, Any], options: SheetOptions) -> Sheet:
    blank = options.blank
    sheet = Sheet(name="" if blank else str(derived.get("name", "")), ruleset_id="story-points")
    if not blank:
        sp = derived.get("sp") or {}
        sheet.headline.append(("Unspent SP", text_value(sp.get("unspent", 0))))
        if "active" in derived:
            sheet.headline.append(("Status", "Active" if derived["active"] else "not Active"))
        levels = [f"{n} {text_value(c.get('level', 0))}" for n, c in _classes(derived).items()]
        if levels:
            sheet.headline.append(("Classes", ", ".join(levels)))
    makers = {
        "sp": lambda: _sp(derived, blank),
        "milestones": lambda: _milestones(derived, blank, options.layout == "compact"),
        "vitals": lambda: _vitals(derived, blank),
        "vit": lambda: _vit(derived, blank),
        "skills": lambda: _skills(derived, blank),
        "classes": lambda: _classes_section(derived, blank),
        "traits": lambda: _traits(derived, blank, options.layout == "compact"),
        "spells": lambda: _spells(derived, blank),
        "notes": lambda: _notes(derived, blank),
        "ledger": lambda: _ledger(derived, blank, options.ledger),
    }
    problems = None if blank else _problems(derived)
    if problems is not None:
        sheet.sections.append(problems)  # always printed: the sheet may be wrong
    for key in print_order([key for key, _title in SECTIONS], blank):
        if options.wants(key):
            sheet.sections.append(makers[key]())
    return sheet
