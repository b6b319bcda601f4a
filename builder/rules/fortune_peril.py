"""The Fortune/Peril Story Point pool of a play session.

Pure functions, no files and no Qt.  The pool's state is what replaying the
campaign's pool ledger entries gives (:func:`replay`), exactly as a
character's state is the replay of its ledger.  Every new entry is checked
first (:func:`check` -> reasons, empty = allowed), then applied
(:func:`apply`, which never mutates the state it is given; a replay, which keeps
only the latest pool, uses :func:`advance`, which changes the pool it is given).

Pool entries (``action`` key):

``session-start``  a new play session with a fresh pool (``players``,
                   ``fortune``/``peril`` as generated, ``refresh`` mode)
``pool-spend``     a proactive spend (``side``, ``use``, ``check``, ``by``...)
``pool-react``     a reactive talent trigger answering a GM Peril spend
``pool-earn``      points a rule awards to a named side, with the reason
``pool-nemesis``   a private Nemesis pool (``points``; None = back to shared)

Decisions where the seed text leaves room (docs/user/campaigns.md says them to players):

* Only characters are held to the one-proactive-spend-per-check limit: the
  players and the Nemeses.  The GM's own scene-level Peril spends are not.
* ``upgrade`` exists on both sides: Fortune upgrades an Ability Die to a
  Mastery Die, Peril upgrades a Trial Die to a Crisis Die; before the roll.
* A ``detail`` spend is recorded as approved by the GM: the GM runs the
  table from the campaign file, so recording the spend is the approval.
* A Nemesis with a private pool spends from it; the spent point flips to the
  players' Fortune side like any spent Peril Point (the economy of pressure:
  pressure the GM applies always becomes Fortune the players can spend back).
  Spent Fortune always flips to the GM's shared Peril side.
* A private Nemesis pool is granted to the campaign (``pool nemesis``, at any
  time, before or during a session) and is part of the pool: every session
  start refreshes it to its granted size like the shared sides (``reset``),
  keeps it (``carry``) or raises it to at least that size (``top-up``).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from builder.rules.base import (SESSION_MISSING, TARGET_MISMATCH, Action, Reason, UsageError,
                                match_name, parse_int, read_action)
from builder.rules.records import Record

#: What the pool is called for people (the window's titles, the command line's help).
NAME = "Story Point pool"

GM = "GM"

FORTUNE, PERIL = "fortune", "peril"
SIDES = (FORTUNE, PERIL)

#: use -> (sides it belongs to, when: "before" | "after" | "either")
USES: dict[str, tuple[tuple[str, ...], str]] = {
    "upgrade": ((FORTUNE, PERIL), "before"),
    "breakthrough": ((FORTUNE,), "after"),
    "detail": ((FORTUNE,), "either"),
    "calamity": ((PERIL,), "after"),
    "complication": ((PERIL,), "either"),
}

USE_TEXT = {
    (FORTUNE, "upgrade"): "upgrade one Ability Die to a Mastery Die",
    (PERIL, "upgrade"): "upgrade one Trial Die in the difficulty pool to a Crisis Die",
    (FORTUNE, "breakthrough"): "activate a Breakthrough effect",
    (FORTUNE, "detail"): "introduce a minor narrative detail favourable to the players",
    (PERIL, "calamity"): "activate a Calamity effect",
    (PERIL, "complication"): "introduce a complication into the scene",
}

#: The universe settings of a campaign's pool ("settings": {"pool": {...}}).
DEFAULT_SETTINGS: dict[str, Any] = {
    # size: Fortune = fortune_per_player x players + fortune_bonus,
    #       Peril   = peril_for_gm + peril_per_player x players
    "fortune_per_player": 1,
    "fortune_bonus": 0,
    "peril_for_gm": 1,
    "peril_per_player": 0,
    # assignment: "shared" - a player may spend on their own check or on another
    # player character's check if the table agrees; "own-check" - only their own.
    "assignment": "shared",
    # refresh: "reset" - every session generates a fresh pool; "carry" - the pool
    # (and private Nemesis pools) carry over from the last session; "top-up" - the
    # pool carries over and each side is raised to at least the generated size.
    "refresh": "reset",
}
ASSIGNMENTS = ("shared", "own-check")
REFRESHES = ("reset", "carry", "top-up")


def side_name(side: str) -> str:
    return "Fortune" if side == FORTUNE else "Peril"


def is_gm(who: str | None) -> bool:
    return (who or "").strip().casefold() == GM.casefold()


def _key(name: str) -> str:
    return name.strip().casefold()


# -- settings ---------------------------------------------------------------------
def normalise_settings(settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The effective pool settings (defaults + the campaign's); UsageError if bad."""
    result = dict(DEFAULT_SETTINGS)
    for key, value in (settings or {}).items():
        result[key] = setting_value(key, value)
    return result


def setting_value(key: str, value: Any) -> Any:
    """One validated setting (``value`` may be text from the command line)."""
    key = match_name(key, DEFAULT_SETTINGS, "pool setting")
    if key == "assignment":
        return match_name(str(value), ASSIGNMENTS, "assignment")
    if key == "refresh":
        return match_name(str(value), REFRESHES, "refresh")
    number = value if isinstance(value, int) and not isinstance(value, bool) \
        else parse_int(value, key)
    if number < 0:
        raise UsageError(f"{key} cannot be negative ({number})")
    return number


def generated_size(settings: Mapping[str, Any], players: int) -> tuple[int, int]:
    """(Fortune, Peril) a new session generates for ``players`` players."""
    s = normalise_settings(settings)
    fortune = s["fortune_per_player"] * players + s["fortune_bonus"]
    peril = s["peril_for_gm"] + s["peril_per_player"] * players
    return fortune, peril


# -- state --------------------------------------------------------------------------
class Pool(Record):
    """The pool after some entries.  Treat as immutable: :func:`apply` copies it, and
    only a replay changes a pool (one it made itself) with :func:`advance`."""

    _fields = ("session", "session_name", "players", "fortune", "peril", "assignment",
               "nemesis", "proactive", "gm_peril", "reactions", "log", "sessions")
    __slots__ = _fields
    session: int  # 0: no session started yet
    session_name: str
    players: int
    fortune: int
    peril: int
    assignment: str
    nemesis: dict[str, Any]  # key -> [name, points, granted]
    proactive: dict[tuple[str, str], int]  # (check, who) -> spends
    gm_peril: dict[str, int]  # check -> GM/Nemesis Peril spends
    reactions: dict[tuple[str, str], int]  # (check, who) -> reactions
    log: list[Any]  # this session's entries
    sessions: list[Any]  # every session: dicts

    def __init__(self, session: int = 0, session_name: str = "", players: int = 0,
                 fortune: int = 0, peril: int = 0, assignment: str = "shared",
                 nemesis: dict[str, Any] | None = None,
                 proactive: dict[tuple[str, str], int] | None = None,
                 gm_peril: dict[str, int] | None = None,
                 reactions: dict[tuple[str, str], int] | None = None,
                 log: list[Any] | None = None, sessions: list[Any] | None = None) -> None:
        self.session = session
        self.session_name = session_name
        self.players = players
        self.fortune = fortune
        self.peril = peril
        self.assignment = assignment
        self.nemesis = {} if nemesis is None else nemesis
        self.proactive = {} if proactive is None else proactive
        self.gm_peril = {} if gm_peril is None else gm_peril
        self.reactions = {} if reactions is None else reactions
        self.log = [] if log is None else log
        self.sessions = [] if sessions is None else sessions

    def copy(self) -> Pool:
        """A pool that shares nothing this pool's entries may change."""
        return Pool(self.session, self.session_name, self.players, self.fortune, self.peril,
                    self.assignment, {k: list(v) for k, v in self.nemesis.items()},
                    dict(self.proactive), dict(self.gm_peril), dict(self.reactions),
                    list(self.log), list(self.sessions))


def initial_pool() -> Pool:
    return Pool()


# -- building entries (UsageError for malformed input) -------------------------------
class BlankField(UsageError):
    """A text an entry needs was left empty: ``field`` names it (its key in the entry;
    the line says it as the command line's option, ``--check``, or as ``what``)."""

    def __init__(self, field: str, what: str = "") -> None:
        super().__init__(f"{what or '--' + field} cannot be empty")
        self.field = field


def _text(value: Any, field: str, what: str = "") -> str:
    text = str(value if value is not None else "").strip()
    if not text:
        raise BlankField(field, what)
    return text


def _side(side: str) -> str:
    return match_name(str(side), SIDES, "side")


def start_action(players: int, *, peril: int | None = None, fortune: int | None = None,
                 name: str = "") -> dict[str, Any]:
    players = parse_int(players, "--players")
    if players < 1:
        raise UsageError(f"--players must be at least 1 (not {players})")
    action: dict[str, Any] = {"action": "session-start", "players": players}
    for key, value in (("peril", peril), ("fortune", fortune)):
        if value is not None:
            value = parse_int(value, f"--{key}")
            if value < 0:
                raise UsageError(f"--{key} cannot be negative ({value})")
            action[f"{key}_override"] = value
    if name and name.strip():
        action["name"] = name.strip()
    return action


def spend_action(side: str, use: str, *, check: str, by: str, after_roll: bool = False,
                 gm_allows: bool = False, nemesis: str | None = None, on: str | None = None,
                 table_agrees: bool = False) -> dict[str, Any]:
    side = _side(side)
    use = match_name(str(use), USES, "use")
    sides, _when = USES[use]
    if side not in sides:
        belongs = " and ".join(side_name(s) for s in sides)
        raise UsageError(f"'{use}' is a {belongs} use, not a {side_name(side)} use")
    action: dict[str, Any] = {
        "action": "pool-spend", "side": side, "use": use,
        "check": _text(check, "check"), "by": _text(by, "by"),
        "after_roll": bool(after_roll),
    }
    if gm_allows:
        action["gm_allows"] = True
    if nemesis is not None:
        action["nemesis"] = _text(nemesis, "nemesis")
    if on is not None and on.strip():
        action["on"] = on.strip()
    if table_agrees:
        action["table_agrees"] = True
    if (side, use) == (FORTUNE, "detail"):
        # Recording the spend in the GM's campaign file is the GM's approval.
        action["gm_approved"] = True
    return action


def react_action(*, check: str, by: str, talent: str, spend: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"action": "pool-react", "check": _text(check, "check"),
                              "by": _text(by, "by"), "talent": _text(talent, "talent")}
    if spend is not None:
        action["spend"] = _side(spend)
    return action


def earn_action(side: str, reason: str, points: int = 1) -> dict[str, Any]:
    points = parse_int(points, "--points")
    if points < 1:
        raise UsageError(f"--points must be at least 1 (not {points})")
    return {"action": "pool-earn", "side": _side(side), "points": points,
            "reason": _text(reason, "reason")}


def nemesis_action(name: str, points: int | None) -> dict[str, Any]:
    if points is not None:
        points = parse_int(points, "--points")
        if points < 0:
            raise UsageError(f"--points cannot be negative ({points})")
    return {"action": "pool-nemesis", "name": _text(name, "name", "the Nemesis name"), "points": points}


# -- the rules -----------------------------------------------------------------------
class PoolKind:
    """One kind of pool entry: what the universe settings fill in (:meth:`resolve`),
    every reason it is refused (:meth:`check`), the pool after it (:meth:`apply`) and
    its line in the session log (:meth:`describe`).  The module's functions of the same
    names dispatch by the entry's verb through one table (:data:`KINDS`).  Like a
    rule system's :class:`~builder.rules.base.ActionKind`, but the pool is no rule
    system: its entries are built by the ``*_action`` functions above (keyword options,
    not ``do`` words) and the session log keeps each entry as it was logged."""

    verb = ""

    def resolve(self, state: Pool, action: Action, settings: Mapping[str, Any] | None,
                entry: dict[str, Any]) -> dict[str, Any]:
        """The entry to log (``entry``: a copy of the one given, to fill in)."""
        return entry

    def check(self, state: Pool, action: Action) -> list[str]:
        return []

    def change(self, state: Pool, action: Action, logged: dict[str, Any]) -> None:
        """Make the entry's change on ``state`` (``logged``: the entry as the log keeps
        it); every entry but a session's start goes into the session's log."""
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        return action.kind


class SessionStart(PoolKind):
    verb = "session-start"

    def resolve(self, state: Pool, action: Action, settings: Mapping[str, Any] | None,
                entry: dict[str, Any]) -> dict[str, Any]:
        """Fill in what the universe settings decide, so the entry replays alone."""
        s = normalise_settings(settings)
        fortune, peril = generated_size(s, action.required("players"))
        if action.has("fortune_override"):
            fortune = entry.pop("fortune_override")
        if action.has("peril_override"):
            peril = entry.pop("peril_override")
        entry.update({"fortune": fortune, "peril": peril, "refresh": s["refresh"],
                      "assignment": s["assignment"], "session": state.session + 1})
        return entry

    def check(self, state: Pool, action: Action) -> list[str]:
        reasons = []
        if int(action.value("players", 0)) < 1:
            reasons.append("a session needs at least 1 player")
        if int(action.value("fortune", 0)) < 0 or int(action.value("peril", 0)) < 0:
            reasons.append("a pool cannot start with a negative side")
        recorded = action.value("session")     # the number it started, once logged
        if recorded is not None and int(recorded) != state.session + 1:
            # two copies that each started the next session, merged: it was started
            reasons.append(Reason(f"the entry says session {recorded}, but it would start "
                                  f"session {state.session + 1}", TARGET_MISMATCH))
        return reasons

    def change(self, state: Pool, action: Action, logged: dict[str, Any]) -> None:
        fortune, peril = int(action.required("fortune")), int(action.required("peril"))
        refresh = action.value("refresh", "reset")
        nemesis = {k: [v[0], v[2], v[2]] for k, v in state.nemesis.items()}
        if state.session and refresh in ("carry", "top-up"):
            if refresh == "carry":
                fortune, peril = state.fortune, state.peril
                nemesis = {k: list(v) for k, v in state.nemesis.items()}
            else:
                fortune, peril = max(fortune, state.fortune), max(peril, state.peril)
                nemesis = {k: [v[0], max(v[1], v[2]), v[2]] for k, v in state.nemesis.items()}
        number = state.session + 1
        players = int(action.required("players"))
        summary = {"session": number, "name": action.value("name", ""), "players": players,
                   "fortune": fortune, "peril": peril, "started": logged.get("at", "")}
        # a fresh pool for the new session; the list of sessions goes on
        state.session, state.session_name, state.players = number, summary["name"], players
        state.fortune, state.peril = fortune, peril
        state.assignment = action.value("assignment", "shared")
        state.nemesis = nemesis
        state.proactive, state.gm_peril, state.reactions = {}, {}, {}
        state.log = [logged]
        state.sessions.append(summary)

    def describe(self, action: Action) -> str:
        """"Session 1 (Harbour night) started with 4 players: Fortune 6, Peril 2"."""
        name = f" ({action.value('name')})" if action.value("name") else ""
        players = action.value("players")
        noun = "player" if players == 1 else "players"
        return (f"Session {action.value('session', '?')}{name} started with {players} {noun}: "
                f"Fortune {action.value('fortune')}, Peril {action.value('peril')}")


def _no_session(state: Pool) -> list[str]:
    if state.session == 0:
        return [Reason("no session has started: start a session first", SESSION_MISSING)]
    return []


def _spender(action: Action) -> str:
    """Who the per-check limit counts: the Nemesis when one spends, else the spender."""
    return str(action.value("nemesis") or action.required("by"))


def _flip(fortune: int, peril: int, side: str, n: int = 1) -> tuple[int, int]:
    """A spent Fortune Point becomes Peril and the other way round."""
    if side == FORTUNE:
        return fortune - n, peril + n
    return fortune + n, peril - n


class Spend(PoolKind):
    verb = "pool-spend"

    def check(self, state: Pool, action: Action) -> list[str]:
        return _no_session(state) or self.spend_reasons(state, action)

    @staticmethod
    def spend_reasons(state: Pool, action: Action) -> list[str]:
        reasons: list[str] = []
        side, use = action.required("side"), action.required("use")
        check_id, by = action.required("check"), action.required("by")
        nemesis = action.value("nemesis")
        sides, when = USES.get(use, ((), "either"))
        if side not in sides:
            reasons.append(f"'{use}' is not a {side_name(side)} use")
        after = bool(action.value("after_roll"))
        if when == "before" and after:
            reasons.append("Upgrade is declared before the roll" if use == "upgrade"
                           else f"{use.capitalize()} is declared before the roll")
        if when == "after" and not after:
            if use == "breakthrough":
                reasons.append("A Breakthrough is activated after the roll")
            elif use == "calamity":
                reasons.append("A Calamity is activated after a player rolls")
            else:
                reasons.append(f"{use.capitalize()} happens after the roll")

        # Who spends which side.
        if side == FORTUNE:
            if is_gm(by):
                reasons.append("the GM spends Peril Points; Fortune Points are the players'")
            if nemesis:
                reasons.append(f"{nemesis} is a Nemesis: a Nemesis spends Peril Points, "
                               f"not Fortune Points")
            on = action.value("on")
            if on and _key(on) != _key(by) and not is_gm(by):
                if state.assignment == "own-check":
                    reasons.append(f"in this campaign a player spends Fortune Points only on "
                                   f"their own check; check {check_id} is {on}'s")
                elif not action.value("table_agrees"):
                    reasons.append(f"{by} may spend a Fortune Point on {on}'s check {check_id} "
                                   f"only if the table agrees the spend supports the scene")
        else:
            if not is_gm(by) and not nemesis:
                reasons.append(f"{by} is a player: only the GM or a Nemesis "
                               f"spends Peril Points")
            if nemesis and not is_gm(by) and _key(by) != _key(nemesis):
                reasons.append(f"{by} cannot spend for the Nemesis {nemesis}: "
                               f"the GM plays it")

        # Where the point comes from.
        private = state.nemesis.get(_key(nemesis)) if (nemesis and side == PERIL) else None
        if private is not None:
            if private[1] < 1:
                reasons.append(f"{private[0]}'s private Nemesis pool has no points left")
        elif side == FORTUNE and state.fortune < 1:
            reasons.append("no Fortune Points left")
        elif side == PERIL and state.peril < 1:
            reasons.append("no Peril Points left")

        # One proactive spend per check per character (the GM is not a character).
        who = _spender(action)
        if not is_gm(who) and not action.value("gm_allows"):
            if state.proactive.get((check_id, _key(who)), 0) >= 1:
                reasons.append(f"{who} already made a proactive spend on check {check_id} "
                               f"(one per check unless the GM allows more)")
        return reasons

    def change(self, state: Pool, action: Action, logged: dict[str, Any]) -> None:
        side, nemesis_name = action.required("side"), action.value("nemesis")
        check_id = action.required("check")
        who = (check_id, _key(_spender(action)))
        private = (state.nemesis.get(_key(nemesis_name)) if (nemesis_name and side == PERIL)
                   else None)
        if private is not None:
            private[1] -= 1          # out of the private pool ...
            state.fortune += 1       # ... and over to the players' side
        else:
            state.fortune, state.peril = _flip(state.fortune, state.peril, side)
        state.proactive[who] = state.proactive.get(who, 0) + 1
        if side == PERIL:
            state.gm_peril[check_id] = state.gm_peril.get(check_id, 0) + 1
        state.log.append(logged)

    def describe(self, action: Action) -> str:
        side, use = action.value("side"), action.value("use")
        who = action.value("by", "?")
        if action.value("nemesis"):
            who = f"{action.value('nemesis')} (Nemesis)"
        when = "after the roll" if action.value("after_roll") else "before the roll"
        text = (f"{who} spent a {side_name(str(side))} Point on check {action.value('check')}: "
                f"{USE_TEXT.get((str(side), str(use)), use)} ({when})")
        if action.value("on"):
            text += f" on {action.value('on')}'s check"
        if action.value("gm_approved"):
            text += ", approved by the GM"
        if action.value("gm_allows"):
            text += ", an extra spend the GM allowed"
        flips = "the players' Fortune side" if side == PERIL else "the GM's Peril side"
        return text + f"; it flips to {flips}"


class React(PoolKind):
    verb = "pool-react"

    def check(self, state: Pool, action: Action) -> list[str]:
        return _no_session(state) or self.react_reasons(state, action)

    @staticmethod
    def react_reasons(state: Pool, action: Action) -> list[str]:
        reasons: list[str] = []
        check_id, by = action.required("check"), action.required("by")
        if is_gm(by):
            reasons.append("a reaction is a player's answer to a GM Peril spend; "
                           "the GM does not react to their own spend")
        answered = state.gm_peril.get(check_id, 0)
        if answered < 1:
            reasons.append(f"a reaction answers a GM Peril spend on that check; "
                           f"none was made on check {check_id}")
        elif state.reactions.get((check_id, _key(by)), 0) >= answered:
            reasons.append(f"{by} already answered every GM Peril spend on check {check_id} "
                           f"({answered} spend{'s' if answered != 1 else ''})")
        spend = action.value("spend")
        if spend == FORTUNE and state.fortune < 1:
            reasons.append("no Fortune Points left")
        if spend == PERIL and state.peril < 1:
            reasons.append("no Peril Points left")
        return reasons

    def change(self, state: Pool, action: Action, logged: dict[str, Any]) -> None:
        who = (action.required("check"), _key(action.required("by")))
        spend = action.value("spend")
        if spend in SIDES:
            state.fortune, state.peril = _flip(state.fortune, state.peril, spend)
        state.reactions[who] = state.reactions.get(who, 0) + 1
        state.log.append(logged)

    def describe(self, action: Action) -> str:
        text = (f"{action.value('by')} used {action.value('talent')} on check "
                f"{action.value('check')} in answer to the GM's Peril spend")
        if action.value("spend"):
            text += f", spending a {side_name(action.value('spend'))} Point (not counted " \
                    f"against the per-check limit)"
        return text


class Earn(PoolKind):
    verb = "pool-earn"

    def check(self, state: Pool, action: Action) -> list[str]:
        reasons = _no_session(state)
        if not str(action.value("reason", "")).strip():
            reasons.append("points earned by a rule need the reason (which rule)")
        if action.value("side") not in SIDES:
            reasons.append("points earned by a rule go to a named side: fortune or peril")
        return reasons

    def change(self, state: Pool, action: Action, logged: dict[str, Any]) -> None:
        n = int(action.value("points", 1))
        if action.required("side") == FORTUNE:
            state.fortune += n
        else:
            state.peril += n
        state.log.append(logged)

    def describe(self, action: Action) -> str:
        n = int(action.value("points", 1))
        return (f"{n} {side_name(str(action.value('side')))} Point{'s' if n != 1 else ''} "
                f"earned: {action.value('reason')}")


class Nemesis(PoolKind):
    verb = "pool-nemesis"

    def change(self, state: Pool, action: Action, logged: dict[str, Any]) -> None:
        name = action.required("name")
        if action.value("points") is None:
            state.nemesis.pop(_key(name), None)
        else:
            points = int(action.required("points"))
            state.nemesis[_key(name)] = [name, points, points]
        state.log.append(logged)

    def describe(self, action: Action) -> str:
        if action.value("points") is None:
            return f"{action.value('name')} spends from the GM's shared Peril pool again"
        return f"{action.value('name')} has a private Nemesis pool of {action.value('points')}"


#: verb -> its kind: the one table every pool function dispatches through.
KINDS: dict[str, PoolKind] = {kind.verb: kind for kind in
                              (SessionStart(), Spend(), React(), Earn(), Nemesis())}
POOL_ACTIONS = tuple(KINDS)


def is_pool_entry(entry: Mapping[str, Any]) -> bool:
    return entry.get("action") in POOL_ACTIONS


def resolve(state: Pool, action: Mapping[str, Any], settings: Mapping[str, Any] | None
            ) -> dict[str, Any]:
    """Fill in what the universe settings decide, so the entry replays alone."""
    entry = read_action(action)
    kind = None if entry is None else KINDS.get(entry.kind)
    if entry is None or kind is None:
        return dict(action)
    return kind.resolve(state, entry, settings, dict(action))


def check(state: Pool, action: Mapping[str, Any]) -> list[str]:
    """Every reason the pool refuses ``action`` (empty: allowed)."""
    entry = read_action(action)
    kind = None if entry is None else KINDS.get(entry.kind)
    if entry is None or kind is None:
        return [f"'{action.get('action')}' is not a pool action"]
    return kind.check(state, entry)


def apply(state: Pool, action: Mapping[str, Any]) -> Pool:
    """The pool after an allowed entry (``state`` is not touched)."""
    return advance(state.copy(), action)


def advance(state: Pool, action: Mapping[str, Any]) -> Pool:
    """The pool after an allowed entry, made by changing ``state`` (a replay's own)."""
    logged = dict(action)
    verb = logged["action"]
    kind = KINDS.get(verb) if isinstance(verb, str) else None
    if kind is None:
        raise ValueError(f"not a pool action: {verb}")
    kind.change(state, Action.from_json(logged), logged)
    return state

class PoolReplay(Record):
    _fields = ("state", "problems")
    __slots__ = _fields
    state: Pool
    problems: list[tuple[int, list[str]]]   # (ledger index, reasons)

    def __init__(self, state: Pool, problems: list[tuple[int, list[str]]]) -> None:
        self.state = state
        self.problems = problems


def replay(ledger: Iterable[Mapping[str, Any]]) -> PoolReplay:
    """The pool after every pool entry of a campaign ledger (others are skipped),
    through the characters' replay loop (:func:`builder.rules.engine.fold`).

    An illegal (hand-edited) entry is reported and skipped, never repaired."""
    from builder.rules.engine import fold

    state, problems = fold(initial_pool, ledger, check, advance,
                           include=is_pool_entry, malformed="malformed pool entry")
    return PoolReplay(state, problems)


# -- views -----------------------------------------------------------------------------
def describe(action: Mapping[str, Any]) -> str:
    """One line for the session log."""
    entry = read_action(action)
    kind = None if entry is None else KINDS.get(entry.kind)
    if entry is None or kind is None:
        return str(action.get("action"))
    return kind.describe(entry)


def view(state: Pool) -> dict[str, Any]:
    """The pool as ``pool show --json`` prints it."""
    return {
        "session": state.session or None,
        "session_name": state.session_name,
        "players": state.players,
        "fortune": state.fortune,
        "peril": state.peril,
        "nemesis": {v[0]: v[1] for v in
                    sorted(state.nemesis.values(), key=lambda v: v[0].casefold())},
        "assignment": state.assignment,
        "log": [dict(entry, text=describe(entry)) for entry in state.log],
    }
