"""Vogelfrei advancement: a character's level and current career, the XP the next
level needs, the session cap on XP awards, one level per session, and the options
(``options``: a level in the career, a new career, armour put on or taken off).
Each function taking the ruleset first is bound as a method of
:class:`VogelfreiRuleset`; the others are bound as its static methods."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rules.base import SESSION_TAKEN, Action, Ask, Option, Reason, option
from . import codes
from . import possessions as gear
from . import xp as xpcalc

if TYPE_CHECKING:
    from .ruleset import VogelfreiRuleset

#: What a level-up or career change asks of the player (``Option.words_with``).
_ADVANCE_ASKS = (Ask("--session", required=True), Ask("--roll"))


# -- level and career -----------------------------------------------------------------
def level(state: dict[str, Any]) -> int:
    return sum(c["levels"] for c in state["careers"])


def current(state: dict[str, Any]) -> dict[str, Any]:
    current: dict[str, Any] = state["careers"][-1]
    return current


def table(rules: VogelfreiRuleset, state: dict[str, Any]) -> list[int]:
    return list(rules.classes[rules.current(state)["class"]]["xp"])


def next_level_xp(rules: VogelfreiRuleset, state: dict[str, Any]) -> int | None:
    level = rules.level(state)
    if level >= rules.max_level:
        return None
    return xpcalc.xp_threshold(rules.table(state), level + 1)


# -- XP awards and sessions -----------------------------------------------------------
def session_cap_now(rules: VogelfreiRuleset, state: dict[str, Any]) -> int:
    """The session cap an award in the latest session would get (what ``capped``
    applies), or the current level's cap before any session."""
    record = state["sessions"].get(str(state.get("last_session")), {})
    cap_level = min(record.get("cap_level", rules.level(state)), rules.level(state))
    return xpcalc.session_cap(rules.table(state), cap_level)


def capped(rules: VogelfreiRuleset, state: dict[str, Any], action: Action) -> tuple[int, int]:
    """(gained, lost) for an award: the cap is on what one session earns, set by the
    level of that session's first award even if a level is gained between awards."""
    record = state["sessions"].get(str(action.value("session")), {})
    cap_level = min(record.get("cap_level", rules.level(state)), rules.level(state))
    return xpcalc.capped_award(rules.table(state), cap_level, state["xp"],
                               action.value("xp"))


def session_record(new: dict[str, Any], action: Action) -> dict[str, Any]:
    """The record of the action's session in ``new`` (made when it is the first),
    which becomes the latest session."""
    session = str(action.value("session"))
    new["last_session"] = session
    record: dict[str, Any] = new["sessions"].setdefault(
        session, {"xp": 0, "lost": 0, "advanced": None})
    return record


def advance_reasons(rules: VogelfreiRuleset, state: dict[str, Any], session: Any) -> list[str]:
    reasons: list[str] = []
    level = rules.level(state)
    cur = rules.current(state)
    if level >= rules.max_level:
        reasons.append(Reason(f"level {level} is the top of the {cur['class']} table; there is no "
                       f"level {level + 1}", codes.AT_MAXIMUM))
    else:
        need = rules.next_level_xp(state)
        if state["xp"] < need:
            reasons.append(Reason(f"level {level + 1} needs {need} XP on the {cur['class']} table "
                           f"(has {state['xp']}, {need - state['xp']} short)", codes.XP_SHORT))
    done = state["sessions"].get(str(session), {}).get("advanced")
    if session is not None and done:
        how = {"level-up": "a level-up", "change-career": "a career change"}.get(
            str(done), "a level")       # the action that took it, in words
        reasons.append(Reason(f"already gained a level in session {session} (by {how}); "
                              "one level per session", SESSION_TAKEN))
    return reasons


# -- the options ----------------------------------------------------------------------
def options(rules: VogelfreiRuleset, state: dict[str, Any]) -> list[Option]:
    session = state["last_session"]
    level = rules.level(state)
    cur = rules.current(state)
    base = rules.advance_reasons(state, session)
    result = [option("level", f"{cur['class']} {cur['career']}".strip(), level + 1, 0,
                     base, words=("level-up",), asks=_ADVANCE_ASKS,
                     xp_needed=rules.next_level_xp(state), session=session)]
    for cls, cdata in rules.classes.items():
        for career in cdata["careers"]:
            if (cls, career) == (cur["class"], cur["career"]):
                continue
            reasons = list(base)
            if any((c["class"], c["career"]) == (cls, career) for c in state["careers"]):
                reasons.append(Reason(f"the character has left the {cls} {career} career",
                                      codes.CAREER_LEFT))
            result.append(option("career", f"{cls} {career}", level + 1, 0, reasons,
                                 words=("change-career", cls, career),
                                 asks=_ADVANCE_ASKS, xp_needed=rules.next_level_xp(state), session=session,
                                 **{"class": cls, "career": career}))
    # the armour, shields and bucklers held: put on or take off
    for line in state["gear"]:
        item = rules.catalogue.find(line["item"])
        if not item or not gear.wear_slot(item):
            continue
        kind = "remove" if line["item"] in state["worn"].values() else "wear"
        reasons = rules.check(state, Action(kind, {"item": line["item"]}))
        result.append(option(kind, line["item"], gear.wear_slot(item), 0, reasons,
                             words=(kind, line["item"]), slot=gear.wear_slot(item)))
    return result
