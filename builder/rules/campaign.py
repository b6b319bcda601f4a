"""The rules of a campaign's own ledger: which entries changed its members' files, what
each entry says in words, and whether a Fortune/Peril pool entry may be logged.

Pure functions over the campaign's document and entries (no files): the document and
its persistence are :class:`builder.storage.campaigns.CampaignFile`'s; the application
layer (:mod:`builder.app.campaigns`) puts the two together for both adapters.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Required, Sequence, TypedDict

from builder.rules import fortune_peril as fp
from builder.rules.base import Refusal, RulesError

if TYPE_CHECKING:
    from builder.rules.base import Ruleset

#: The campaign entries that changed member files too (what the campaign's undo takes
#: back from every one of them).
MEMBER_ACTIONS = ("award", "exchange", "xp")


class MemberRecord(TypedDict, total=False):
    """One member's part of a campaign entry of :data:`MEMBER_ACTIONS`, as the campaign
    file keeps it."""

    path: Required[str]             # the member's file, as the campaign names it
    name: Required[str]
    entry: Required[dict[str, Any]]  # the ledger entry written to the member's own file
    part: str                       # xp: the part of the adventure ("1", "1/2")
    xp: int                         # xp: the share awarded


class MemberActionEntry(TypedDict, total=False):
    """A campaign entry of :data:`MEMBER_ACTIONS` as the campaign file keeps it: the
    ``award`` of ``words`` to every member, an ``exchange`` of two, or a session's ``xp``
    (its tally beside each member's share)."""

    action: Required[str]
    members: Required[list[MemberRecord]]
    at: Required[str]
    words: list[str]
    session: str
    enemies: dict[str, Any]
    enemy_xp: int
    treasure: int
    treasure_xp: int
    total: int

#: What a campaign without a name is refused with (its name is kept as
#: :func:`builder.rules.base.kept_name` keeps a character's).
NAME_NEEDED = "a campaign needs a name"


def join_reasons(name: str, given: str, *, already_member: bool, ruleset_id: str,
                 campaign: str, campaign_ruleset: str) -> list[str]:
    """Why the character ``name`` (its file as ``given``) cannot join the campaign: a
    character is a member once, and every member plays the campaign's rule system."""
    if already_member:
        return [f"{name} ({given}) is already a member of {campaign}"]
    if ruleset_id != campaign_ruleset:
        return [f"{name} ({given}) uses the {ruleset_id} ruleset; the campaign {campaign} "
                f"uses {campaign_ruleset}"]
    return []


def describe(entry: Mapping[str, Any]) -> str:
    """The entry in the command line's words (``campaign show``): a pool entry as the
    pool says it, a party award with its command words, an exchange, a session's XP."""
    kind = entry.get("action")
    if fp.is_pool_entry(dict(entry)):
        return fp.describe(dict(entry))
    members = [m for m in entry.get("members", []) if isinstance(m, Mapping)]
    names = ", ".join(m.get("name", m.get("path", "?")) for m in members)
    if kind == "award":
        return f"award {' '.join(entry.get('words', []))} to {names}"
    if kind == "exchange":
        parts = []
        for m in members:
            e = m.get("entry", {})
            parts.append(f"{m.get('name')}: {e.get('action')} {e.get('name', '')}".strip())
        return "Training Exchange: " + "; ".join(parts)
    if kind == "xp":
        shares = ", ".join(f"{m.get('name')} {m.get('xp')}" for m in members)
        return f"XP for session {entry.get('session')}: {shares}"
    return str(kind)


def plain(entry: Mapping[str, Any], ruleset: Ruleset | None) -> str:
    """The entry in the players' words (the window's ledger and status bar): a party
    award or a Training Exchange as the members' ``ruleset`` describes what each member
    logged; else (or without the rule system) :func:`describe`'s words."""
    kind = entry.get("action")
    members = [m for m in entry.get("members", []) if isinstance(m, Mapping)]
    if kind not in ("award", "exchange") or not members or ruleset is None:
        return describe(entry)
    try:
        said = [ruleset.describe(dict(m.get("entry", {}))) for m in members]
    except (RulesError, KeyError, TypeError, ValueError):
        return describe(entry)
    names = [str(m.get("name", m.get("path", "?"))) for m in members]
    if kind == "award":
        if len(set(said)) == 1:
            return f"Party award: {said[0]} ({', '.join(names)})"
        return "Party award: " + "; ".join(f"{n}: {t}" for n, t in zip(names, said))
    return "Training Exchange: " + "; ".join(f"{n}: {t}" for n, t in zip(names, said))


def pool_entry(ledger: Sequence[Mapping[str, Any]], settings: Mapping[str, Any],
               action: Mapping[str, Any]) -> dict[str, Any]:
    """The pool entry ``action`` makes after ``ledger`` (``settings``: the campaign's
    pool settings), checked: Refusal with every reason the pool's rules give."""
    state = fp.replay([dict(e) for e in ledger]).state
    entry = fp.resolve(state, dict(action), dict(settings))
    reasons = fp.check(state, entry)
    if reasons:
        raise Refusal(reasons)
    return entry
