"""What a player types for a session's XP, read one way everywhere.

The ``xp`` command, ``campaign xp`` and the window's XP dialogs all read the
defeated enemies and the treasure with these two functions.

Enemies: one item per defeated enemy, its Hit Dice (``3``, ``3*``, ``L2``,
``<1``), optionally named, ``NAME=HD``, so an enemy that flees and fights
again counts once.  Treasure: ``N`` silver pieces, or ``KIND=N``.

The value is what follows the **last** ``=``: Hit Dice and amounts never
contain one, so a name may (``"Ulf=the=Red=3"`` is the enemy ``Ulf=the=Red``).
An empty name (``=3``) is an unnamed enemy.  Items may be separated by spaces
or commas (the window's one-line fields); the command line passes one item per
argument.  An amount of treasure may group its thousands with commas, as a price is
written (``1,000``, ``hoard=12,500``): a comma between a digit and three digits ending
the number joins them.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from builder.rules.base import Refusal, RulesError, UsageError, parse_int
from builder.rules.party import EnemyXp, PartyTally


def _items(texts: Iterable[str]) -> list[str]:
    items: list[str] = []
    for text in texts:
        items.extend(part for part in str(text).replace(",", " ").split() if part)
    return items


#: A thousands comma: after a digit, before three digits that end the number.
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def _treasure_items(texts: Iterable[str]) -> list[str]:
    """The treasure's items, an amount's thousands commas read as part of it."""
    return _items(_THOUSANDS.sub("", str(text)) for text in texts)


def parse_enemies(texts: Iterable[str]) -> list[tuple[str, str]]:
    """``["3", "3*", "chief=4"]`` -> ``[("#1", "3"), ("#2", "3*"), ("chief", "4")]``:
    (enemy id, Hit Dice) pairs; unnamed enemies are numbered by position."""
    defeated = []
    for index, item in enumerate(_items(texts)):
        name, sep, hd = item.rpartition("=")
        name = name.strip()
        defeated.append((name, hd) if sep and name else (f"#{index + 1}", hd))
    return defeated


def parse_treasure(texts: Iterable[str], what: str = "treasure") -> list[tuple[str, int]]:
    """``["1000", "hoard=500"]`` -> ``[("", 1000), ("hoard", 500)]`` (UsageError for a
    value that is not a whole number)."""
    return [treasure_item(item, what) for item in _treasure_items(texts)]


def treasure_item(item: str, what: str = "treasure") -> tuple[str, int]:
    """One treasure item, ``N`` or ``KIND=N``, as (kind, silver pieces); UsageError for
    a value that is not a whole number (an unnamed one called ``what``)."""
    kind, sep, value = item.rpartition("=")
    if sep:
        return kind.strip(), parse_int(value, f"treasure {kind.strip()}".strip())
    return "", parse_int(item, what)


def enemy_words(defeated: Iterable[tuple[str, str]]) -> list[str]:
    """The pairs back as items ``parse_enemies`` reads the same way."""
    return [hd if ident.startswith("#") else f"{ident}={hd}" for ident, hd in defeated]


class PartyXpShares:
    """Vogelfrei's party XP capability (``Ruleset.party_xp``): a session's XP from
    defeated enemies and treasure, shared among the survivors by their part of
    the adventure.  Campaigns and the window call it without knowing the ruleset."""

    def tally(self, data: dict[str, Any], enemies: Iterable[str], treasure: Iterable[str] | int,
              secure: bool, parts: Mapping[str, str], *,
              treasure_label: str = "treasure") -> PartyTally:
        """The session's enemies, treasure, total and each participant's share;
        UsageError / Refusal from the rules (the first of :meth:`problems`)."""
        from . import xp as xpcalc

        reading, problems = self._read(data, enemies, treasure, secure, parts, treasure_label)
        if problems:
            raise problems[0]
        counted, treasure_xp = reading
        total = counted["xp"] + treasure_xp
        shares = xpcalc.split_xp(total, parts) if parts else {}

        def rows(key: str) -> tuple[EnemyXp, ...]:
            return tuple(EnemyXp(str(r["enemy"]), str(r["hd"]), int(r["xp"]))
                         for r in counted[key])

        return PartyTally(rows("counted"), rows("repeated"), counted["xp"], treasure_xp, total,
                          tuple(shares.items()))

    def problems(self, data: dict[str, Any], enemies: Iterable[str],
                 treasure: Iterable[str] | int, secure: bool, parts: Mapping[str, str], *,
                 treasure_label: str = "treasure",
                 names: Mapping[str, str] | None = None) -> list[str]:
        """Every reason :meth:`tally` would refuse what is typed, each once, field by
        field: the enemies, the treasure (and whether it is secure), each part of the
        adventure; within a field in the order typed.  Empty: the tally can be made.
        ``names`` says how the reasons name a participant (default: its key)."""
        _reading, problems = self._read(data, enemies, treasure, secure, parts,
                                        treasure_label, names)
        reasons: list[str] = []
        for problem in problems:
            for reason in problem.reasons if isinstance(problem, Refusal) else [str(problem)]:
                if reason not in reasons:
                    reasons.append(reason)
        return reasons

    def _read(self, data: dict[str, Any], enemies: Iterable[str],
              treasure: Iterable[str] | int, secure: bool, parts: Mapping[str, str],
              treasure_label: str, names: Mapping[str, str] | None = None
              ) -> tuple[tuple[dict[str, Any], int], list[RulesError]]:
        """((the enemies counted, the treasure's XP), every problem in field order)."""
        from . import xp as xpcalc

        problems: list[RulesError] = []
        defeated = []
        for ident, hd in parse_enemies(enemies):
            try:
                defeated.append((ident, xpcalc.parse_hd(hd)))
            except UsageError as problem:
                problems.append(problem)
        items: list[tuple[str, int]] = []
        if isinstance(treasure, int):
            if treasure < 0:
                problems.append(UsageError(f"--treasure is a number of silver pieces, 0 or "
                                           f"more, not {treasure}"))
            elif treasure:
                items = [("", treasure)]
        else:
            for item in _treasure_items(treasure):
                try:
                    items.append(treasure_item(item, treasure_label))
                except UsageError as problem:
                    problems.append(problem)
        treasure_xp, errors, reasons = xpcalc.read_treasure(data, items, secure=secure)
        problems += errors
        if reasons:
            problems.append(Refusal(reasons))
        for key, part in parts.items():
            try:
                xpcalc.part_of_adventure((names or {}).get(key, key), part)
            except UsageError as problem:
                problems.append(problem)
        return (xpcalc.session_enemies_xp(data, defeated), treasure_xp), problems

    def sessions(self, state: Any) -> tuple[tuple[str, ...], str | None]:
        """The sessions the character has XP or a level in, first played first, and
        the latest one."""
        latest = state.get("last_session")
        return tuple(str(s) for s in state.get("sessions", {})), (
            None if latest is None else str(latest))

    def share_words(self, xp: int, session: str) -> list[str]:
        """``award-xp XP --session S``."""
        return ["award-xp", str(xp), "--session", session]

    def kept(self, entry: Mapping[str, Any], xp: int) -> tuple[int, int]:
        """The session cap's ``gained`` and ``lost`` the award-xp entry records."""
        return int(entry.get("gained", xp)), int(entry.get("lost", 0))

    def treasure_total(self, treasure: Iterable[str] | int) -> int:
        """The silver pieces of the treasure as typed (a number, or items ``N`` and
        ``KIND=N``), every kind counted."""
        if isinstance(treasure, int):
            return treasure
        return sum(silver for _kind, silver in parse_treasure(treasure))

    def equal_share(self, total: int, survivors: int) -> int:
        """One survivor's share when ``survivors`` share ``total`` equally."""
        from . import xp as xpcalc

        return xpcalc.equal_share(total, survivors)


PARTY_XP = PartyXpShares()
