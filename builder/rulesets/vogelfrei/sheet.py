"""The printed sheet of a ``vogelfrei`` character.

Page 1: name, abilities with modifiers, class and career, XP (next level,
session cap), Wounds and Stamina with one tick box per point, saving throws,
alignment, Armour Class, WS/BS, encumbrance and movement, money (coins, the
starting roll, ruled lines to keep it in pencil), weapons with damage, length
or range and usability, gear with quantities and worn marks,
skills and combat skills, traits, memorized spell slots (casters), the careers
held and the class's level table (the current level marked), the level history
and the ledger, notes with ruled lines to the foot of the last page, all flowing
one after the other (a blank sheet: the notes before the records).
"""
from __future__ import annotations

from typing import Any

from builder.sheets.model import (BoxLine, Boxes, Cell, Column, Notes, Rows, Section, Sheet,
                                  LedgerFacts, SheetOptions, Table, empty_section, ledger_section,
                                  n_up, notes_section, print_order, signed, text_value)

SECTIONS = [
    ("abilities", "Abilities"),
    ("career", "Class & Career"),
    ("health", "Wounds, Stamina & Armour Class"),
    ("xp", "Experience"),
    ("saves", "Saving Throws"),
    ("defence", "Alignment & Movement"),
    ("money", "Money"),
    ("weapons", "Weapons"),
    ("gear", "Gear"),
    ("skills", "Skills"),
    ("traits", "Traits"),
    ("spells", "Spells"),
    ("careers", "Careers Held"),
    ("class_table", "Class Table"),
    ("notes", "Notes"),
    ("history", "Level History"),
    ("ledger", "Ledger"),
]
TITLES = dict(SECTIONS)
SAVE_TITLES = {"paralyze": "Paralyze", "poison": "Poison", "breath": "Breath",
               "device": "Device", "magic": "Magic"}

BLANK_ROWS = 4
#: The longest values of the fields a blank sheet leaves to write in (the boxes fit them).
LONGEST_CAREER = "Warrior Priest"
LONGEST_ALIGNMENT = "Neutrality"
LONGEST_LOAD = "Severely Encumbered"
BLANK_BOXES = 12


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _signed(value: Any) -> str:
    return signed(_int(value))


def _v(value: Any, blank: bool) -> str:
    return "" if blank else text_value(value)


def _abilities(derived: dict[str, Any], blank: bool) -> Section:
    columns = [Column("Ability", 2.2), Column("Score", 1.0, "center"),
               Column("Modifier", 1.0, "center")]
    rows = []
    for name, info in (derived.get("abilities") or {}).items():
        info = info if isinstance(info, dict) else {"score": info}
        rows.append([str(name), _v(info.get("score"), blank),
                     "" if blank else _signed(info.get("modifier"))])
    return Section("abilities", TITLES["abilities"], [Table(columns, rows)], half=True)


def _career(derived: dict[str, Any], blank: bool) -> Section:
    items = [("Class", _v(derived.get("class"), blank)),
             ("Career", _v(derived.get("career"), blank)),
             ("Status", _v(derived.get("status") or "-", blank)),
             ("Level", _v(derived.get("level"), blank)),
             ("Career level", _v(derived.get("career_level"), blank))]
    # Boxes wide enough to write the longest class or career in (a blank sheet).
    return Section("career", TITLES["career"], [Rows(items, columns=2, room=LONGEST_CAREER)],
                   half=True)


def _pool(derived: dict[str, Any], key: str, label: str, blank: bool
          ) -> tuple[list[tuple[str, str]], list[tuple[str, str]], Boxes]:
    pool = derived.get(key) or {}
    if blank:
        return [(label, "")], [(f"Max {label}", "")], Boxes(BLANK_BOXES, 0, f"{label} lost")
    current, maximum = _int(pool.get("current")), _int(pool.get("max"))
    # One box per point of the character's maximum; the points already lost are ticked.
    return ([(label, str(current))], [(f"Max {label}", str(maximum))],
            Boxes(maximum, max(0, maximum - current), f"{label} lost"))


def _health(derived: dict[str, Any], blank: bool) -> Section:
    wounds_now, wounds_max, wounds_boxes = _pool(derived, "wounds", "Wounds", blank)
    stamina_now, stamina_max, stamina_boxes = _pool(derived, "stamina", "Stamina", blank)
    dice = [("Wounds die", _v(derived.get("wounds_die"), blank)),
            ("Stamina die", _v(derived.get("stamina_die"), blank))]
    ac = derived.get("ac") or {}
    # What the table asks for in every fight, large and first on the sheet: current
    # Wounds and Stamina (in wide boxes for pencil) and the Armour Class.
    return Section("health", TITLES["health"], [
        Rows(wounds_now + stamina_now, columns=2, large=True, write_in=True),
        Rows([("AC melee", _v(ac.get("melee"), blank)),
              ("AC ranged", _v(ac.get("ranged"), blank))], columns=2, large=True),
        Rows(wounds_max + stamina_max + dice, columns=2),
        BoxLine([wounds_boxes, stamina_boxes])], half=True)


def _xp(derived: dict[str, Any], blank: bool) -> Section:
    nxt = derived.get("next_level_xp")
    items = [("Next level at", "" if blank else ("top level" if nxt is None else str(nxt))),
             ("To next level", _v(derived.get("xp_to_next_level") or 0, blank)),
             ("Session cap", _v(derived.get("session_cap"), blank)),
             ("XP lost to the cap", _v(derived.get("xp_lost") or 0, blank))]
    return Section("xp", TITLES["xp"], [
        Rows([("XP", _v(derived.get("xp"), blank))], columns=1, write_in=True),
        Rows(items, columns=2)], half=True)


def _saves(derived: dict[str, Any], blank: bool) -> Section:
    saves = derived.get("saves") or {key: "" for key in SAVE_TITLES}
    bonuses = derived.get("save_bonuses") or {}
    items = []
    for key, value in saves.items():
        label = SAVE_TITLES.get(key, str(key).capitalize())
        text = _v(value, blank)
        if not blank and bonuses.get(key):
            text += f" ({_signed(bonuses[key])})"
        items.append((label, text))
    return Section("saves", TITLES["saves"], [Rows(items, columns=len(items) or 1, large=True,
                                                    stacked=True)], half=True)


def _skills(derived: dict[str, Any], blank: bool) -> Section:
    ws_bs = derived.get("starting_ws_bs")
    items = [("Skill points", _v(derived.get("skill_points") or 0, blank)),
             ("Combat skill points", _v(derived.get("combat_skill_points") or 0, blank))]
    if ws_bs or blank:
        ws_bs = ws_bs or {}
        items += [("Starting WS", _v(ws_bs.get("WS"), blank)),
                  ("Starting BS", _v(ws_bs.get("BS"), blank))]
    blocks: list[Any] = [Rows(items, columns=2)]
    combat = "" if blank else text_value(derived.get("combat_skills") or "-")
    skills = [] if blank else [str(s) for s in derived.get("skills") or []]
    columns = [Column("Skill", 3.0), Column("Notes", 4.0)]
    rows = [[s, ""] for s in skills] or [["", ""] for _ in range(BLANK_ROWS)]
    spare = 0 if skills else BLANK_ROWS // 2
    if combat:
        blocks.append(Notes(f"Combat skills: {combat}"))
    blocks.append(Table(columns, rows, spare=spare))
    return Section("skills", TITLES["skills"], blocks, half=True)


def _traits(derived: dict[str, Any], blank: bool) -> Section:
    traits = [] if blank else [text_value(t) for t in derived.get("traits") or []]
    rows = [[t] for t in traits] or [[""] for _ in range(BLANK_ROWS)]
    return Section("traits", TITLES["traits"], [Table([Column("Trait")], rows)], half=True)


def _spells(derived: dict[str, Any], blank: bool) -> Section | None:
    memorized = derived.get("spells_memorized")
    gifts = derived.get("gifts")
    # One line per memorized spell slot: the spell written in, a box to tick when cast.
    columns = [Column("Level", 0.9, "center"), Column("Spell memorized", 5.0),
               Column("Cast", 0.8, "center")]
    if blank:
        rows: list[list[Cell]] = [[str(level), "", Boxes(1)] for level in (1, 2, 3)
                                  for _ in range(2)]
        return Section("spells", TITLES["spells"], [
            Table(columns, rows), Rows([("Spell research owed", "")], columns=2)])
    if not memorized and not gifts:
        return None
    blocks: list[Any] = []
    if memorized:
        rows = [[str(level), "", Boxes(1)] for level, n in enumerate(memorized, start=1)
                for _ in range(max(0, _int(n)))]
        if rows:
            blocks.append(Table(columns, rows))
    items = [("Spell research owed", text_value(derived.get("spell_research_owed") or 0))]
    if gifts:
        items.append(("Gifts", text_value(gifts)))
    blocks.append(Rows(items, columns=2))
    return Section("spells", TITLES["spells"], blocks)


def _careers(derived: dict[str, Any], blank: bool) -> Section:
    columns = [Column("Class", 1.4), Column("Career", 1.7), Column("Levels", 1.1, "center"),
               Column("Advances", 2.6)]
    if blank:
        rows = [["", "", "", ""] for _ in range(BLANK_ROWS)]
    else:
        rows = [[text_value(c.get("class")), text_value(c.get("career")),
                 text_value(c.get("levels")),
                 "; ".join(text_value(a) for a in c.get("advances") or [])]
                for c in derived.get("careers") or [] if isinstance(c, dict)]
    return Section("careers", TITLES["careers"], [Table(columns, rows)], half=True)


def _class_table(derived: dict[str, Any], blank: bool, compact: bool = False
                 ) -> Section | None:
    table = [] if blank else [r for r in derived.get("class_table") or [] if isinstance(r, dict)]
    save_keys = list((derived.get("saves") or SAVE_TITLES).keys())
    columns = ([Column("Level", 0.8, "center"), Column("XP", 1.1, "right"),
                Column("Wounds", 1.5), Column("Stamina", 1.0), Column("Skill pts", 0.9, "center"),
                Column("Combat pts", 1.0, "center")]
               + [Column(SAVE_TITLES.get(k, k.capitalize()), 0.9, "center") for k in save_keys])
    if blank:
        return None  # the class is the character's: nothing to print before it is chosen
    rows: list[list[Cell]] = []
    current = []
    for row in table:
        if row.get("level") == derived.get("level"):
            current.append(len(rows))
        saves = row.get("saves") or {}
        cells: list[Cell] = [
            text_value(row.get("level")), text_value(row.get("xp")),
            text_value(row.get("wounds") or ""), text_value(row.get("stamina") or ""),
            text_value(row.get("skill_points") if row.get("skill_points") is not None else "-"),
            text_value(row.get("combat_skill_points")
                       if row.get("combat_skill_points") is not None else "-")]
        rows.append(cells + [text_value(saves.get(k, "")) for k in save_keys])
    if not rows:
        return None
    if compact and current:  # the level the character is at and the next one
        first = current[0]
        rows, current = rows[first:first + 2], [0]
    title = f"{TITLES['class_table']}: {text_value(derived.get('class'))}"
    return Section("class_table", title, [Table(columns, rows, marked=current)])


# -- possessions (alignment, money, gear, weapons, AC, movement) ---------------------------------
def _defence(derived: dict[str, Any], blank: bool) -> Section:
    e = derived.get("encumbrance") or {}
    items = [("Alignment", _v(derived.get("alignment"), blank)),
             ("WS / BS", "" if blank else f"{text_value(derived.get('ws'))} / "
                                          f"{text_value(derived.get('bs'))}"),
             ("Encumbrance", _v(e.get("points"), blank)),
             ("Load", _v(e.get("level"), blank)),
             ("Per day", "" if blank else f"{text_value(e.get('miles_per_day'))} miles"),
             ("Per turn", "" if blank else f"{text_value(e.get('turn_ft'))}'"),
             ("Combat", "" if blank else f"{text_value(e.get('combat_ft'))}'"),
             ("Running", "" if blank else f"{text_value(e.get('running_ft'))}'")]
    blocks: list[Any] = [Rows(items[:2], columns=2, room=LONGEST_ALIGNMENT),
                         Rows(items[2:4], columns=2, room=LONGEST_LOAD),
                         Rows(items[4:], columns=2)]
    if not blank:
        worn = derived.get("worn") or {}
        wearing = [text_value(w) for w in (worn.get("armour"), worn.get("shield")) if w]
        blocks.append(Notes("Wearing: " + (", ".join(wearing) if wearing else "no armour")
                            + ". Melee AC 8 + Agility + WS + Armour Rating + shield; "
                              "ranged AC 11 + Agility + Armour Rating + shield."))
    return Section("defence", TITLES["defence"], blocks, half=True)


def _money(derived: dict[str, Any], blank: bool) -> Section:
    money = derived.get("money") or {}
    coins = money.get("coins") or {}
    roll = derived.get("money_roll")
    items = [(coin, "" if blank else text_value(coins.get(coin, 0))) for coin in ("gp", "sp", "bp")]
    blocks: list[Any] = [Notes("" if blank else f"Now: {text_value(money.get('text') or '0 bp')}"
                          + (f" (started with {roll['formula']}: "
                             f"{' '.join(text_value(d) for d in roll.get('dice') or [])})"
                             if roll else "")),
                    Rows(items, columns=3),
                    Notes("In pencil (1 gp = 50 sp = 600 bp):", lines=3)]
    if not blank and derived.get("status_note"):
        blocks.insert(1, Notes(text_value(derived["status_note"])))
    return Section("money", TITLES["money"], blocks, half=True)


def _weapons(derived: dict[str, Any], blank: bool, compact: bool = False) -> Section:
    columns = [Column("Weapon", 2.4), Column("Damage", 0.9, "center"),
               Column("Length / range", 1.6), Column("Use", 3.1)]
    rows = []
    for w in [] if blank else derived.get("weapons") or []:
        if not isinstance(w, dict):
            continue
        reach = w.get("length") if "length" in w else w.get("range")
        use = "usable" if w.get("usable") else "not usable"
        if w.get("note"):
            use += f": {w['note']}"
        rows.append([text_value(w.get("item")), text_value(w.get("damage")),
                     text_value(reach), use])
    extra = 2 if rows else BLANK_ROWS
    rows += [["", "", "", ""] for _ in range(extra)]
    # the rows to write in fill what is left of the page (half of them at least in an
    # empty table)
    spare = extra if len(rows) > extra else extra // 2
    table = Table(columns, rows, spare=spare)
    if compact and len(rows) > 8:  # two-up, under shorter titles
        table = n_up(Table([Column("Weapon", 2.4), Column("Dmg", 0.8, "center"),
                            Column("Reach", 1.4), Column("Use", 1.6)], rows), 2)
    return Section("weapons", TITLES["weapons"], [table])


def _gear(derived: dict[str, Any], blank: bool, compact: bool = False) -> Section:
    columns = [Column("Item", 3.2), Column("Qty", 0.7, "center"), Column("Worn", 0.7, "center"),
               Column("Encumbrance", 1.4), Column("Category", 1.6)]
    if compact:  # set three-up: the item (worn, oversize) and how many
        columns = [Column("Item", 3.2), Column("Qty", 0.8, "center")]
    rows = []
    for g in [] if blank else derived.get("gear") or []:
        if not isinstance(g, dict):
            continue
        mark = {"none": "none", "oversize": "oversize"}.get(str(g.get("encumbrance")), "")
        worn = "✓" if g.get("worn") else ""
        if compact:
            notes = [n for n in ("worn" if worn else "", mark if mark == "oversize" else "") if n]
            item = text_value(g.get("item")) + (f" ({', '.join(notes)})" if notes else "")
            rows.append([item, text_value(g.get("qty"))])
            continue
        rows.append([text_value(g.get("item")), text_value(g.get("qty")), worn, mark,
                     text_value(g.get("category"))])
    extra = 4 if rows else 2 * BLANK_ROWS
    rows += [[""] * len(columns) for _ in range(extra)]
    table = Table(columns, rows, spare=extra if len(rows) > extra else extra // 2)
    blocks: list[Any] = [n_up(table, 3) if compact and len(rows) > 8 else table]
    if not blank:
        e = derived.get("encumbrance") or {}
        # above the table: its rows to write in may end the page
        blocks.insert(0, Notes(f"{text_value(e.get('items', 0))} items (every 5 is a point), "
                            f"{text_value(e.get('oversize_items', 0))} oversize (a point each), "
                            f"{text_value(e.get('coin_items', 0))} from coins (100 coins an "
                            "item); worn armour is not an item."))
    return Section("gear", TITLES["gear"], blocks)


def _history(derived: dict[str, Any], blank: bool) -> Section:
    columns = [Column("Session", 1.0), Column("Gained", 1.3), Column("Level", 0.7, "center"),
               Column("Stamina roll", 1.1, "center"), Column("Wounds", 0.9, "center"),
               Column("Class", 1.3), Column("Career", 1.6)]
    if blank:
        rows = [[""] * 7 for _ in range(6)]
    else:
        rows = [[text_value(h.get("session")), text_value(h.get("kind")),
                 text_value(h.get("level")), text_value(h.get("stamina_roll")),
                 text_value(h.get("wounds")), text_value(h.get("class")),
                 text_value(h.get("career"))]
                for h in derived.get("history") or [] if isinstance(h, dict)]
    if not rows:
        return empty_section("history", TITLES["history"], "No level gained yet.",
                             record=True)
    return Section("history", TITLES["history"], [Table(columns, rows)], record=True)


#: Entries that change nothing lasting (Stamina comes back): counted, not listed, in
#: the ledger of changes.
QUIET = frozenset({"damage-stamina", "heal-stamina"})
#: What an entry does to the purse, in brass pennies (1 gp = 50 sp = 600 bp).
_MONEY_SIGNS = {"buy": ("cost_bp", -1), "gain-money": ("bp", 1), "spend-money": ("bp", -1)}


def _money_change(entry: dict[str, Any]) -> str:
    key, sign = _MONEY_SIGNS.get(str(entry.get("action")), ("", 0))
    amount = _int(entry.get(key)) if key else 0
    if not amount:
        return ""
    coins = []
    left = amount
    for name, value in (("gp", 600), ("sp", 12), ("bp", 1)):
        count, left = divmod(left, value)
        if count:
            coins.append(f"{count} {name}")
    return ("+" if sign > 0 else "-") + " ".join(coins)


def _session(entry: dict[str, Any]) -> Any:
    session = entry.get("session")
    return None if session in (None, "") else session


def _ledger(derived: dict[str, Any], blank: bool, mode: str = "all") -> Section:
    return ledger_section(derived, blank, TITLES["ledger"], 6.5, balance="XP", spends=False,
                          mode=mode, facts=LedgerFacts(
                              quiet=QUIET, session=_session, money=("Money", _money_change),
                              quiet_words="Stamina lost and healed"))


def _notes(derived: dict[str, Any], blank: bool) -> Section:
    return notes_section("notes", TITLES["notes"], derived.get("notes"), blank,
                         lines=10 if blank else 5)


def build(derived: dict[str, Any], options: SheetOptions) -> Sheet:
    blank = options.blank
    sheet = Sheet(name="" if blank else str(derived.get("name", "")), ruleset_id="vogelfrei")
    if not blank:
        sheet.headline = [("Class", f"{text_value(derived.get('class'))} "
                                    f"{text_value(derived.get('level'))}"),
                          ("Career", text_value(derived.get("career"))),
                          ("XP", text_value(derived.get("xp")))]
        problems = [str(p) for p in derived.get("problems") or []]
        if problems:
            sheet.sections.append(Section("problems", "Problems in the file", [Notes(
                "The rules do not accept this file (run check):\n" + "\n".join(problems))]))
    makers = {
        "abilities": _abilities, "career": _career, "health": _health, "xp": _xp,
        "saves": _saves, "defence": _defence, "money": _money, "weapons": _weapons,
        "gear": _gear, "skills": _skills, "traits": _traits, "spells": _spells,
        "careers": _careers, "class_table": _class_table, "notes": _notes,
        "history": _history, "ledger": _ledger,
    }
    # The figures of every fight first (Wounds, Stamina, Armour Class), then the
    # sections in the order ``--sections`` lists them.
    keys = [key for key, _title in SECTIONS]
    keys.insert(0, keys.pop(keys.index("health")))
    for key in print_order(keys, blank):
        if options.wants(key):
            section: Section | None
            if key == "gear":
                section = _gear(derived, blank, options.layout == "compact")
            elif key == "ledger":
                section = _ledger(derived, blank, options.ledger)
            elif key == "weapons":
                section = _weapons(derived, blank, options.layout == "compact")
            elif key == "class_table":
                section = _class_table(derived, blank, options.layout == "compact")
            else:
                section = makers[key](derived, blank)
            if section is not None:
                sheet.sections.append(section)
    return sheet
