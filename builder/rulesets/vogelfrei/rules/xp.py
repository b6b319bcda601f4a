"""Pure XP arithmetic for Vogelfrei (no state, no I/O).

Reused by the ``xp`` command, the ruleset (session cap) and anything else that
shares out a session's XP (campaigns, the window).  Every function takes the
ruleset data (``builder/rulesets/vogelfrei/data/vogelfrei.json``) where it needs a table.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Iterable, Mapping

from builder.rules.base import Reason, Refusal, UsageError
from builder.rules.records import FrozenRecord

from . import codes

_HD = re.compile(r"^\s*(?:(?P<lt><\s*1)|(?P<cl>[lL])?(?P<n>\d+))\s*(?P<star>\*?)\s*$")


class Enemy(FrozenRecord):
    """One defeated enemy as written on the command line: ``3``, ``3*``, ``L2``, ``<1``."""

    _fields = ("text", "hit_dice", "special", "classed")
    __slots__ = _fields
    text: str
    hit_dice: int          # 0 stands for "<1"
    special: bool  # '*': special abilities, one HD more
    classed: bool  # 'L': a classed character of level hit_dice

    def __init__(self, text: str, hit_dice: int, special: bool = False,
                 classed: bool = False) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "hit_dice", hit_dice)
        object.__setattr__(self, "special", special)
        object.__setattr__(self, "classed", classed)

    def effective_hd(self, data: dict[str, Any]) -> int:
        hd = self.hit_dice
        if self.classed:
            hd += int(data.get("classed_character_hd", 1))
        if self.special:
            hd += int(data.get("special_ability_hd", 1))
        return hd


def parse_hd(text: str) -> Enemy:
    """``3`` / ``3*`` / ``L2`` / ``L2*`` / ``<1`` / ``<1*`` -> Enemy (UsageError otherwise)."""
    match = _HD.match(str(text))
    if not match:
        raise UsageError(f"enemy Hit Dice must look like 3, 3*, L2 or <1, not '{text}'")
    star = bool(match.group("star"))
    if match.group("lt"):
        return Enemy(str(text).strip(), 0, star, False)
    n = int(match.group("n"))
    classed = bool(match.group("cl"))
    if not classed and n < 1:
        raise UsageError(f"Hit Dice below 1 are written <1, not '{text}'")
    return Enemy(str(text).strip(), n, star, classed)


def xp_for_hd(data: dict[str, Any], hd: int) -> int:
    """The XP award for an enemy of ``hd`` effective Hit Dice (0 = below 1)."""
    rows = sorted(data["enemy_xp"], key=lambda r: r["hd"])
    award = rows[0]["xp"]
    for row in rows:
        if hd >= row["hd"]:
            award = row["xp"]
    return int(award)


def enemy_xp(data: dict[str, Any], enemy: Enemy | str) -> int:
    if isinstance(enemy, str):
        enemy = parse_hd(enemy)
    return xp_for_hd(data, enemy.effective_hd(data))


def session_enemies_xp(data: dict[str, Any], defeated: Iterable[tuple[str, Enemy | str]]) -> dict[str, Any]:
    """Sum the XP of a session's defeated enemies; an enemy (by its id) counts once.

    ``defeated`` is (enemy id, Hit Dice) pairs in the order they were defeated;
    an enemy that surrendered or fled and came back to fight again appears twice
    with the same id and is counted the first time only.
    """
    seen: set[str] = set()
    counted, repeated = [], []
    total = 0
    for ident, hd in defeated:
        key = str(ident).strip().casefold()
        enemy = parse_hd(hd) if isinstance(hd, str) else hd
        if key in seen:
            repeated.append({"enemy": ident, "hd": enemy.text, "xp": 0})
            continue
        seen.add(key)
        award = enemy_xp(data, enemy)
        total += award
        counted.append({"enemy": ident, "hd": enemy.text, "xp": award})
    return {"xp": total, "counted": counted, "repeated": repeated}


def defeat_reasons(data: dict[str, Any], how: str, *, hostile: bool = True) -> list[str]:
    """Why a defeat does not count for XP (empty: it counts)."""
    reasons: list[str] = []
    if not hostile:
        reasons.append(Reason("only an enemy that is a threat and hostile to the characters counts for XP",
                              codes.ENEMY_NOT_HOSTILE))
    key = how.strip().casefold()
    if key in data.get("not_enemies", {}):
        reasons.append(Reason(f"{data['not_enemies'][key]} is not an enemy and gives no XP",
                              codes.NOT_AN_ENEMY))
    elif key in data.get("defeat_does_not_count", {}):
        reasons.append(Reason(f"{data['defeat_does_not_count'][key]}: avoiding a fight gives no XP "
                       "(an enemy must be brought to 0 hp, fail Morale, surrender or be "
                       "neutralised by magic)", codes.DEFEAT_NOT_COUNTED))
    elif key not in data.get("defeat_counts", {}):
        valid = ", ".join([*data.get("defeat_counts", {}), *data.get("defeat_does_not_count", {}),
                           *data.get("not_enemies", {})])
        raise UsageError(f"unknown way of defeating an enemy '{how}'; valid: {valid}")
    return reasons


def treasure_kinds(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    return dict(data.get("treasure_counts", {})), dict(data.get("treasure_does_not_count", {}))


def treasure_xp(data: dict[str, Any], items: Iterable[tuple[str, int]], *, secure: bool = True) -> int:
    """XP for treasure: (kind, silver) pairs; kind '' means a qualifying treasure.

    Refusal when a kind does not count (naming it) or when the party is not back
    at a secure location; UsageError for an unknown kind or a negative value (the
    first of :func:`read_treasure`'s problems).
    """
    total, errors, reasons = read_treasure(data, items, secure=secure)
    if errors:
        raise errors[0]
    if reasons:
        raise Refusal(reasons)
    return total


def read_treasure(data: dict[str, Any], items: Iterable[tuple[str, int]], *, secure: bool = True
                  ) -> tuple[int, list[UsageError], list[str]]:
    """The XP of the treasure that counts, and every problem of the items in the
    order given: what is typed wrong (an unknown kind, a negative value) and the
    rules' reasons (wealth that is not treasure, treasure not back at a secure
    location)."""
    counts, does_not = treasure_kinds(data)
    total = 0
    errors: list[UsageError] = []
    reasons: list[str] = []
    for kind, silver in items:
        if silver < 0:
            errors.append(UsageError(f"treasure is a number of silver pieces, 0 or more, "
                                     f"not {silver}"))
            continue
        key = kind.strip().casefold()
        if key and key in does_not:
            reasons.append(Reason(f"{does_not[key]} ({kind}, {silver} sp) is wealth but not treasure: "
                           "it gives no XP", codes.NOT_TREASURE))
            continue
        if key and key not in counts:
            valid = ", ".join([*counts, *does_not])
            errors.append(UsageError(f"unknown treasure kind '{kind}'; valid: {valid}"))
            continue
        total += silver * int(data.get("treasure_xp_per_silver", 1))
    if not secure and total:
        reasons.append(Reason("treasure counts for XP only once it is back at a secure location",
                              codes.TREASURE_NOT_SECURE))
    return total, errors, reasons


def split_xp(total: int, participants: Mapping[str, Fraction | float | int | str]) -> dict[str, int]:
    """Share ``total`` among the surviving participants.

    Each value is the part of the adventure the character was present for
    (1 = all of it, 1/2 = half).  A full participant's share is
    total / (sum of the parts); a partial participant gets that share times
    their part.  Shares are rounded down.  Dead characters are simply left out.
    """
    if total < 0:
        raise UsageError(f"XP to share must be 0 or more, not {total}")
    parts = {name: part_of_adventure(name, part) for name, part in participants.items()}
    if not parts:
        raise UsageError("there must be at least one surviving participant to share XP with")
    weight = sum(parts.values())
    return {name: int(Fraction(total) * part / weight) for name, part in parts.items()}


def part_of_adventure(name: str, part: Fraction | float | int | str) -> Fraction:
    """A survivor's part of the adventure (``1``, ``1/2``, ``0.5``): above 0 and at
    most 1 (UsageError naming ``name`` otherwise)."""
    try:
        value = Fraction(str(part)) if not isinstance(part, Fraction) else part
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"{name}'s part of the adventure must be a number like 1, 1/2 "
                         f"or 0.5, not '{part}'") from None
    if not 0 < value <= 1:
        raise UsageError(f"{name}'s part of the adventure must be above 0 and at most 1, "
                         f"not {part}")
    return value


def equal_share(total: int, survivors: int) -> int:
    if survivors < 1:
        raise UsageError(f"there must be at least one survivor, not {survivors}")
    return total // survivors


# -- class XP tables -------------------------------------------------------------
def xp_threshold(table: list[int], level: int) -> int:
    """T(level): the XP a class table gives for ``level`` (1-based).

    The tables stop at level 6 and double at every level, so beyond the table
    each level is taken as twice the previous one (T(7) = 2 x T(6)).
    """
    if level < 1:
        return 0
    if level <= len(table):
        return int(table[level - 1])
    return int(table[-1]) * int(2 ** (level - len(table)))


def session_cap(table: list[int], level: int) -> int:
    """The most XP a character of ``level`` can hold after a session's award:
    half-way from the next level to the one after, T(L+1) + (T(L+2) - T(L+1)) / 2."""
    nxt = xp_threshold(table, level + 1)
    after = xp_threshold(table, level + 2)
    return nxt + (after - nxt) // 2


def capped_award(table: list[int], level: int, xp: int, award: int) -> tuple[int, int]:
    """(XP actually gained, XP lost) when ``award`` is given to a character of
    ``level`` holding ``xp``."""
    cap = session_cap(table, level)
    room = max(0, cap - xp)
    gained = min(award, room)
    return gained, award - gained
