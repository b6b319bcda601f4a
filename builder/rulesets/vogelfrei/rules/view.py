"""The Vogelfrei derived view: what ``show`` prints (as ``show --json`` and as text)
and the library's headline."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from . import possessions as gear
from . import xp as xpcalc

if TYPE_CHECKING:
    from .ruleset import VogelfreiRuleset


# -- the ``show --json`` shape (CharacterFile.derived adds the ledger, notes, identity) --
class VFPossessions(TypedDict):
    """What the character has and carries (also the possessions part of ``show``)."""

    money: dict[str, Any]           # bp, text, coins
    gear: list[dict[str, Any]]      # item, qty, category, worn, encumbrance
    worn: dict[str, str | None]     # slot -> item
    ac: dict[str, Any]
    encumbrance: dict[str, Any]
    weapons: list[dict[str, Any]]
    ws: int
    bs: int


#: ``class`` is a keyword: the key is declared the functional way.
_ClassKey = TypedDict("_ClassKey", {"class": str})


class VFDerived(VFPossessions, _ClassKey):
    """A Vogelfrei character as ``show --json`` prints it (the possessions' keys come
    after ``money_roll``, as printed)."""

    name: str
    ruleset: str
    abilities: dict[str, dict[str, int]]   # score, modifier
    ability_rolls: dict[str, list[int]]
    discarded_rolls: list[Any]
    swap: list[str] | None
    suitability: dict[str, Any]
    career: str
    class_roll: list[int] | None
    career_rolls: list[int] | None
    careers: list[dict[str, Any]]
    level: int
    career_level: int
    xp: int
    next_level_xp: int | None
    xp_to_next_level: int | None
    session_cap: int
    session_cap_session: str | None
    next_session_cap: int
    xp_lost: int
    wounds: dict[str, Any]
    stamina: dict[str, Any]
    starting: dict[str, Any]
    wounds_die: str
    min_wounds: int
    stamina_die: str
    saves: dict[str, Any]
    save_bonuses: dict[str, Any]
    status: str
    traits: list[str]
    skills: list[str]
    career_skills: list[str]
    combat_skills: str
    skill_points: int
    combat_skill_points: int
    starting_ws_bs: dict[str, int] | None
    spells_memorized: Any
    spell_research_owed: int
    gifts: int | None
    class_table: list[dict[str, Any]]
    level_up: dict[str, Any]           # allowed, reasons, session
    sessions: dict[str, Any]
    history: list[dict[str, Any]]
    alignment: str
    alignment_rule: str | None
    money_roll: dict[str, Any] | None
    prices: str
    status_note: str | None


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)

def derive(rules: VogelfreiRuleset, state: dict[str, Any], name: str) -> VFDerived:
    cur = rules.current(state)
    cls, career = cur["class"], cur["career"]
    cdata = rules.classes[cls]
    cardata = cdata["careers"].get(career, {})
    level = rules.level(state)
    baseline = state["baseline"]
    mods = {a: rules.modifier(s) for a, s in state["abilities"].items()}
    mod_sum = sum(mods.values())
    nxt = rules.next_level_xp(state)
    advance = rules.advance_reasons(state, state["last_session"])
    spells = None
    memo = cardata.get("spells_memorized") or cardata.get("miracles_memorized")
    if memo:
        spells = rules.level_row(memo, cur["levels"])
    rolls = baseline.get("ability_rolls") if isinstance(baseline.get("ability_rolls"), dict) else {}
    status, status_note = _status(state, cardata)
    forced, why = rules.forced_alignment(cls)
    return {
        "name": name,
        "ruleset": rules.id,
        "abilities": {a: {"score": state["abilities"][a], "modifier": mods[a]}
                      for a in rules.abilities if a in state["abilities"]},
        "ability_rolls": {a: rolls[a] for a in rules.abilities if a in rolls},
        "discarded_rolls": baseline.get("discarded_rolls", []),
        "swap": baseline.get("swap"),
        "suitability": {"modifier_sum": mod_sum, "suitable": mod_sum >= 0,
                        "reroll_offered": mod_sum < 0},
        "class": cls,
        "career": career,
        "class_roll": baseline.get("class_roll"),
        "career_rolls": baseline.get("career_rolls"),
        "careers": _careers(rules, state),
        "level": level,
        "career_level": cur["levels"],
        "xp": state["xp"],
        "next_level_xp": nxt,
        "xp_to_next_level": None if nxt is None else max(0, nxt - state["xp"]),
        # The cap an award gets now: in the latest session the one its first award's
        # level set (a level gained since does not lift it); in a new session, this level's.
        "session_cap": rules.session_cap_now(state),
        "session_cap_session": state["last_session"],
        "next_session_cap": xpcalc.session_cap(cdata["xp"], level),
        "xp_lost": state["xp_lost"],
        "wounds": dict(state["wounds"]),
        "stamina": dict(state["stamina"]),
        "starting": state["start"],
        "wounds_die": f"1d{cdata['wounds_die']}",
        "min_wounds": cdata["min_wounds"],
        "stamina_die": f"1d{cdata['stamina_die']}",
        "saves": saves(rules, state),
        "save_bonuses": save_bonuses(rules, state),
        "status": status,
        "traits": list(cdata.get("class_traits", [])) + list(cardata.get("traits", [])),
        "skills": skills(rules, state),
        "career_skills": list(cardata.get("skills", [])),
        "combat_skills": cardata.get("combat_skills", ""),
        "skill_points": state["skill_points"],
        "combat_skill_points": state["combat_skill_points"],
        "starting_ws_bs": ({"WS": cdata.get("starting_ws", 0), "BS": cdata.get("starting_bs", 0)}
                           if "starting_ws" in cdata else None),
        "spells_memorized": spells,
        "spell_research_owed": state["spells_owed"],
        "gifts": (sum(cdata["gifts"][:cur["levels"]]) if cdata.get("gifts") else None),
        "class_table": class_table(rules, cls),
        "level_up": {"allowed": not advance, "reasons": advance,
                     "session": state["last_session"]},
        "sessions": state["sessions"],
        "history": state["history"],
        "alignment": state["alignment"],
        "alignment_rule": why if forced == state["alignment"] else None,
        "money_roll": state["money_roll"],
        **possessions(rules, state),
        "prices": "play" if state["in_play"] else "creation",
        "status_note": status_note,
    }


def _status(state: dict[str, Any], cardata: dict[str, Any]) -> tuple[str, str | None]:
    """(the character's Status, a note when it is unknown and no money was rolled)."""
    status = cardata.get("status", "") or (state["status"] if len(state["careers"]) == 1
                                           else "")
    note = None
    if not status and state["money_roll"] is None and "money" not in state["baseline"]:
        note = ("Status unknown: the career gives none, so no starting money was "
                "rolled (give a Status, Brass, Silver or Gold, or an amount of money)")
    return status, note


def _careers(rules: VogelfreiRuleset, state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every career held, with the advances its levels gave."""
    careers = []
    for held in state["careers"]:
        hdata = rules.classes[held["class"]]["careers"].get(held["career"], {})
        prog = hdata.get("progression") or []
        careers.append({"class": held["class"], "career": held["career"],
                        "levels": held["levels"],
                        "advances": [p for p in prog[:held["levels"]] if p]})
    return careers


def class_table(rules: VogelfreiRuleset, cls: str) -> list[dict[str, Any]]:
    """The class's level table, one row per level, for a sheet."""
    c = rules.classes[cls]
    rows = []
    for i, xp in enumerate(c["xp"]):
        rows.append({
            "level": i + 1, "xp": xp,
            "wounds": (f"1d{c['wounds_die']} (min {c['min_wounds']})" if i == 0
                       else (f"+{c['wounds_up'][i]}" if c["wounds_up"][i] else "")),
            "stamina": f"{'' if i == 0 else '+'}1d{c['stamina_die']}",
            "skill_points": c["skill_points"][i] if c.get("skill_points") else None,
            "combat_skill_points": (c["combat_skill_points"][i]
                                    if c.get("combat_skill_points") else None),
            "saves": dict(zip(rules.data["save_names"], c["saves"][i])),
        })
    return rows


def possessions(rules: VogelfreiRuleset, state: dict[str, Any]) -> VFPossessions:
    """Money, gear, Armour Class, encumbrance and weapons of a state (show's keys)."""
    cat = rules.catalogue
    skills = weapon_skills(rules, state)
    worn = state["worn"]
    agility = rules.modifier(state["abilities"].get("Agility", 10))
    lines = []
    for line in state["gear"]:
        item = cat.find(line["item"]) or {}
        lines.append({"item": cat.table_name(line["item"]), "qty": line["qty"],
                      "category": item.get("category", ""),
                      "worn": line["item"] in worn.values(),
                      "encumbrance": gear.encumbrance_mark(item) if item else "normal"})
    cur = rules.current(state)
    cdata = rules.classes[cur["class"]]
    career = cdata["careers"].get(cur["career"], {}) or {}
    forbidden = (f"a {cur['class']} cannot wield weapons (the {cur['class']} class)"
                 if cdata.get("no_weapons") else "")
    weapons = [gear.weapon_entry(cat.item(line["item"]), skills["WS"], skills["BS"],
                                 forbidden, cat.find("Improvised"))
               for line in state["gear"]
               if (cat.find(line["item"]) or {}).get("kind")]
    return {
        "money": {"bp": state["money"], "text": rules.money_text(state["money"]),
                  "coins": gear.coins_of(state["money"], rules.coins)},
        "gear": lines,
        "worn": dict(worn),
        "ac": gear.armour_class(rules.data, agility, skills["WS"],
                                cat.find(worn.get("armour")), cat.find(worn.get("shield")),
                                cdata.get("ac_bonus")),
        "encumbrance": gear.encumbrance(rules.data, state["gear"], cat, worn,
                                        state["money"], rules.coins,
                                        int(career.get("encumbrance_modifier", 0)),
                                        rules.modifier(state["abilities"].get("Toughness",
                                                                             10))),
        "weapons": weapons,
        "ws": skills["WS"],
        "bs": skills["BS"],
    }


def saves(rules: VogelfreiRuleset, state: dict[str, Any]) -> dict[str, Any]:
    cur = rules.current(state)
    row = rules.level_row(rules.classes[cur["class"]]["saves"], rules.level(state))
    return dict(zip(rules.data["save_names"], row))


def save_bonuses(rules: VogelfreiRuleset, state: dict[str, Any]) -> dict[str, Any]:
    bonuses: dict[str, int] = {}
    for held in state["careers"]:
        career = rules.classes[held["class"]]["careers"].get(held["career"], {})
        for lvl, gains in career.get("save_bonuses", {}).items():
            if int(lvl) <= held["levels"]:
                for save, n in gains.items():
                    bonuses[save] = bonuses.get(save, 0) + n
    return bonuses


def skills(rules: VogelfreiRuleset, state: dict[str, Any]) -> list[str]:
    """Every career's skills: a career change keeps the skills."""
    found: list[str] = []
    for held in state["careers"]:
        career = rules.classes[held["class"]]["careers"].get(held["career"], {})
        for skill in career.get("skills", []):
            if skill not in found:
                found.append(skill)
    return found


def weapon_skills(rules: VogelfreiRuleset, state: dict[str, Any]) -> dict[str, Any]:
    """Current WS and BS: a class's first-level WS/BS (the Warrior's 1 WS, 1 BS), once
    per class held, plus career progression bonuses at the career levels held. An
    imported ``ws``/``bs`` replaces what the starting career gave up to its level."""
    baseline = state["baseline"] if isinstance(state.get("baseline"), dict) else {}
    skills = {"WS": 0, "BS": 0}
    imported = {k.upper(): baseline[k] for k in ("ws", "bs")
                if isinstance(baseline.get(k), int) and not isinstance(baseline[k], bool)
                and baseline[k] >= 0}
    start_levels = baseline.get("level", 1) if isinstance(baseline.get("level"), int) else 1
    seen: set[str] = set()
    for index, held in enumerate(state["careers"]):
        cdata = rules.classes[held["class"]]
        first = held["class"] not in seen
        seen.add(held["class"])
        bonuses = (cdata["careers"].get(held["career"], {}) or {}).get("combat_bonuses", {})
        for skill in skills:
            from_import = index == 0 and skill in imported
            if first and not from_import:
                skills[skill] += int(cdata.get(f"starting_{skill.lower()}", 0))
            for lvl, gains in bonuses.items():
                if int(lvl) <= held["levels"] and not (from_import and int(lvl) <= start_levels):
                    skills[skill] += int(gains.get(skill, 0))
    for skill, value in imported.items():
        skills[skill] += value
    return skills


def show_text(rules: VogelfreiRuleset, d: dict[str, Any]) -> str:
    lines = [f"{d['name']}: level {d['level']} {d['class']} {d['career']}".rstrip()]
    if len(d["careers"]) > 1:
        lines.append("careers: " + ", ".join(
            f"{c['class']} {c['career']} {c['levels']}" for c in d["careers"]))
    lines.append(f"status: {d['status'] or '-'}")
    if d.get("status_note"):
        lines.append(f"note: {d['status_note']}")
    if d.get("alignment"):
        rule = f" ({d['alignment_rule']})" if d.get("alignment_rule") else ""
        lines.append(f"alignment: {d['alignment']}{rule}")
    for a, v in d["abilities"].items():
        lines.append(f"  {a:<13}{v['score']:>3}  {_sign(v['modifier'])}")
    s = d["suitability"]
    lines.append(f"modifier sum {_sign(s['modifier_sum'])}"
                 + ("" if s["suitable"] else " (below zero: the character may be rerolled)"))
    nxt = "top of the table" if d["next_level_xp"] is None else f"next level at {d['next_level_xp']}"
    lines.append(f"XP {d['xp']} ({nxt}); lost to the session cap: {d['xp_lost']}")
    lines.append(f"Wounds {d['wounds']['current']}/{d['wounds']['max']}   "
                 f"Stamina {d['stamina']['current']}/{d['stamina']['max']}")
    lines.append("saves: " + "  ".join(f"{k} {v}" for k, v in d["saves"].items()))
    if d["save_bonuses"]:
        lines.append("save bonuses: " + ", ".join(f"{k} +{v}" for k, v in d["save_bonuses"].items()))
    if d["traits"]:
        lines.append("traits: " + "; ".join(d["traits"]))
    if d["skills"]:
        lines.append("skills: " + ", ".join(d["skills"]))
    if d["skill_points"]:
        lines.append(f"skill points: {d['skill_points']}")
    if d["combat_skill_points"]:
        lines.append(f"combat skill points: {d['combat_skill_points']}")
    if d["spell_research_owed"]:
        lines.append(f"free spells owed (research time, no cost): {d['spell_research_owed']}")
    if "money" in d:
        lines += possessions_text(d)
    return "\n".join(lines)


def possessions_text(d: dict[str, Any]) -> list[str]:
    lines = []
    roll = d.get("money_roll")
    rolled = (f" (starting money {roll['formula']}: {' '.join(map(str, roll['dice']))})"
              if roll else "")
    lines.append(f"money: {d['money']['text']}{rolled}")
    lines.append(f"WS {d['ws']}  BS {d['bs']}   AC melee {d['ac']['melee']}, "
                 f"ranged {d['ac']['ranged']}")
    e = d["encumbrance"]
    foot = (f" ({e['miles_per_day_on_foot']} on foot with Toughness)"
            if e.get("miles_per_day_on_foot", e["miles_per_day"]) != e["miles_per_day"] else "")
    lines.append(f"encumbrance: {e['points']} point{'s' if e['points'] != 1 else ''}, "
                 f"{e['level']}: {e['miles_per_day']} miles a day{foot}, {e['turn_ft']}' a turn, "
                 f"{e['combat_ft']}' in combat, {e['running_ft']}' running")
    if d["gear"]:
        lines.append("gear: " + ", ".join(
            (f"{g['qty']} " if g["qty"] != 1 else "") + g["item"]
            + (" (worn)" if g["worn"] else "") for g in d["gear"]))
    for w in d["weapons"]:
        reach = f"length {w['length']}" if "length" in w else f"range {w['range']}"
        note = f"; {w['note']}" if w["note"] else ""
        lines.append(f"  {w['item']}: {w['damage']}, {reach}"
                     + ("" if w["usable"] else " (not usable)") + note)
    return lines


def headline(rules: VogelfreiRuleset, state: dict[str, Any]) -> dict[str, Any]:
    cur = rules.current(state)
    return {"Class": cur["class"], "Career": cur["career"], "Level": rules.level(state),
            "XP": state["xp"]}


def status(rules: VogelfreiRuleset, state: dict[str, Any]) -> str:
    cur = rules.current(state)
    return str(rules.classes[cur["class"]]["careers"].get(cur["career"], {}).get("status", ""))


def balance(rules: VogelfreiRuleset, state: dict[str, Any]) -> int:
    return int(state["xp"])
