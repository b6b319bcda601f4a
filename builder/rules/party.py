"""The rules of party XP: a session's XP shared among the survivors, in typed records.

A rule system that shares a session's XP among a party (``Ruleset.party_xp``)
answers :class:`PartyXpRules`: the tally (enemies, treasure, each survivor's
share) as a :class:`PartyTally`, and the sessions a character has played.  The
application layer's one party award (:mod:`builder.app.party`) uses it for loose
characters and campaign members alike, and these rules say which session an
award defaults to and when the one chosen is earlier than a member's last.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Protocol, Sequence

from builder.rules.records import FrozenRecord


class EnemyXp(FrozenRecord):
    """One defeated enemy: its id (``#1`` when unnamed), Hit Dice and the XP it gave."""

    _fields = ("enemy", "hd", "xp")
    __slots__ = _fields
    enemy: str
    hd: str
    xp: int

    def __init__(self, enemy: str, hd: str, xp: int) -> None:
        object.__setattr__(self, "enemy", enemy)
        object.__setattr__(self, "hd", hd)
        object.__setattr__(self, "xp", xp)

    def as_json(self) -> dict[str, Any]:
        return {"enemy": self.enemy, "hd": self.hd, "xp": self.xp}


class PartyTally(FrozenRecord):
    """The arithmetic of a session's XP: each enemy counted once, the treasure, the
    total and each survivor's share (by the caller's name for them)."""

    _fields = ("counted", "repeated", "enemy_xp", "treasure_xp", "total", "shares")
    __slots__ = _fields
    counted: tuple[EnemyXp, ...]
    #: Enemies named again in the session: counted once already, 0 XP.
    repeated: tuple[EnemyXp, ...]
    enemy_xp: int
    treasure_xp: int
    total: int
    shares: tuple[tuple[str, int], ...]

    def __init__(self, counted: tuple[EnemyXp, ...], repeated: tuple[EnemyXp, ...],
                 enemy_xp: int, treasure_xp: int, total: int,
                 shares: tuple[tuple[str, int], ...] = ()) -> None:
        object.__setattr__(self, "counted", counted)
        object.__setattr__(self, "repeated", repeated)
        object.__setattr__(self, "enemy_xp", enemy_xp)
        object.__setattr__(self, "treasure_xp", treasure_xp)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "shares", shares)

    def share(self, participant: str) -> int:
        for name, xp in self.shares:
            if name == participant:
                return xp
        raise KeyError(participant)

    def shares_dict(self) -> dict[str, int]:
        return dict(self.shares)

    def enemies_json(self) -> dict[str, Any]:
        """The enemies as a campaign's ledger entry and ``xp --json`` record them."""
        return {"xp": self.enemy_xp, "counted": [e.as_json() for e in self.counted],
                "repeated": [e.as_json() for e in self.repeated]}


class PartyXpRules(Protocol):
    """What a rule system that shares party XP provides (``Ruleset.party_xp``)."""

    def tally(self, data: dict[str, Any], enemies: Iterable[str], treasure: Iterable[str] | int,
              secure: bool, parts: Mapping[str, str], *,
              treasure_label: str = "treasure") -> PartyTally: ...

    def problems(self, data: dict[str, Any], enemies: Iterable[str],
                 treasure: Iterable[str] | int, secure: bool, parts: Mapping[str, str], *,
                 treasure_label: str = "treasure",
                 names: Mapping[str, str] | None = None) -> list[str]:
        """Every reason ``tally`` would refuse these, each once, in the order of the
        fields (``tally`` raises the first); ``names``: how a reason names a
        participant."""
        ...

    def equal_share(self, total: int, survivors: int) -> int: ...

    def share_words(self, xp: int, session: str) -> list[str]:
        """The action that gives one survivor a share of ``xp`` in ``session`` (``do``
        words)."""
        ...

    def kept(self, entry: Mapping[str, Any], xp: int) -> tuple[int, int]:
        """(what the character keeps, what the rules took) of a share of ``xp`` once
        logged as ``entry`` (a cap may keep less)."""
        ...

    def treasure_total(self, treasure: Iterable[str] | int) -> int:
        """What the treasure as typed comes to in its unit (silver pieces), as a
        campaign's ledger records it; UsageError for what does not read."""
        ...

    def sessions(self, state: Any) -> tuple[tuple[str, ...], str | None]:
        """(every session the character has XP or a level in, in the order first
        played; the latest one)."""
        ...


def _number(session: str | None) -> int | None:
    text = str(session or "").strip()
    return int(text) if text.isdigit() else None


def next_session(latest: Iterable[str | None]) -> str:
    """The session a new award defaults to: the one after the latest any member played
    ("1" before any; empty when the sessions have names rather than numbers)."""
    played = [s for s in latest if s is not None and str(s).strip()]
    numbers = [n for n in map(_number, played) if n is not None]
    if numbers:
        return str(max(numbers) + 1)
    return "" if played else "1"


def earlier_than_latest(chosen: str, played: Sequence[str], latest: str | None) -> bool:
    """Whether an award in the session ``chosen`` goes to a session before the member's
    latest: a session the member played before the latest, or a lower number."""
    chosen = str(chosen).strip()
    if latest is None or not chosen or chosen == str(latest):
        return False
    if chosen in played:
        return True
    low, high = _number(chosen), _number(latest)
    return low is not None and high is not None and low < high
