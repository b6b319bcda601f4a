"""The one party award: one action, or a session's XP, over several characters at once.

Loose characters (the window's Party XP over open characters) and a campaign's
members (``campaign award``, ``campaign exchange``, ``campaign xp``) go through
these functions alike: each member's action is parsed by its own ruleset and
checked and applied in memory; one refusal anywhere refuses the whole award with
every member's reasons (nothing is kept, nothing is written).  Writing is the
caller's, all or nothing (:mod:`builder.storage.transaction`).

The arithmetic of party XP is the rule system's (``Ruleset.party_xp``, a
:class:`builder.rules.party.PartyXpRules`); which session an award defaults to
and when the one chosen comes before a member's latest are
:mod:`builder.rules.party`'s.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from builder.rules.base import Action, ActionEntry, Refusal, Ruleset, UsageError
from builder.rules.party import PartyTally, PartyXpRules, earlier_than_latest, next_session
from builder.storage.files import CharacterFile
from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.app.views import CharacterView


class Member(FrozenRecord):
    """A character taking part, read from its file."""

    _fields = ("cf", "given")
    __slots__ = _fields
    cf: CharacterFile
    #: How a campaign stores it (its member path); None for a loose character.
    given: str | None

    def __init__(self, cf: CharacterFile, given: str | None = None) -> None:
        object.__setattr__(self, "cf", cf)
        object.__setattr__(self, "given", given)

    @property
    def key(self) -> str:
        """How the award names it: the campaign's member path, else the file's path."""
        return self.given if self.given is not None else str(self.cf.path)

    @property
    def label(self) -> str:
        """How its reasons name it: "Nyra (nyra.json)" in a campaign, "Nyra" alone."""
        return self.cf.name if self.given is None else f"{self.cf.name} ({self.given})"


class SessionXp(FrozenRecord):
    """A session's XP as typed: defeated enemies, treasure (silver pieces, or items
    ``KIND=N``) and whether it is back at a secure location."""

    _fields = ("session", "enemies", "treasure", "secure")
    __slots__ = _fields
    session: str
    enemies: Sequence[str]
    treasure: Sequence[str] | int
    secure: bool

    def __init__(self, session: str, enemies: Sequence[str] = (),
                 treasure: Sequence[str] | int = (), secure: bool = True) -> None:
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "enemies", enemies)
        object.__setattr__(self, "treasure", treasure)
        object.__setattr__(self, "secure", secure)


class Share(FrozenRecord):
    """What one member got: the share awarded and what the session cap kept of it."""

    _fields = ("member", "part", "xp", "entry", "gained", "lost", "latest_session", "earlier")
    __slots__ = _fields
    member: Member
    part: str
    xp: int
    #: The ledger entry written to the member's file.
    entry: Mapping[str, Any]
    gained: int
    lost: int
    #: The member's latest session before the award (None: none yet).
    latest_session: str | None
    #: The award's session comes before the member's latest one.
    earlier: bool

    def __init__(self, member: Member, part: str, xp: int, entry: Mapping[str, Any],
                 gained: int, lost: int, latest_session: str | None, earlier: bool) -> None:
        object.__setattr__(self, "member", member)
        object.__setattr__(self, "part", part)
        object.__setattr__(self, "xp", xp)
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "gained", gained)
        object.__setattr__(self, "lost", lost)
        object.__setattr__(self, "latest_session", latest_session)
        object.__setattr__(self, "earlier", earlier)


class PartyAward(FrozenRecord):
    """A session's XP shared out: the tally and each member's share."""

    _fields = ("tally", "session", "shares")
    __slots__ = _fields
    tally: PartyTally
    session: str
    shares: tuple[Share, ...]

    def __init__(self, tally: PartyTally, session: str, shares: tuple[Share, ...]) -> None:
        object.__setattr__(self, "tally", tally)
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "shares", shares)

    @property
    def warnings(self) -> tuple[str, ...]:
        """One line for each member whose latest session comes after the award's."""
        return tuple(f"{s.member.cf.name}'s latest session is {s.latest_session}: session "
                     f"{self.session} is an earlier one, and its cap applies"
                     for s in self.shares if s.earlier)


def parse(member: Member, words: Sequence[str]) -> Action:
    """The member's action from the words, read by its own ruleset."""
    try:
        return Action.coerce(member.cf.ruleset.parse_action([str(w) for w in words]))
    except UsageError as problem:
        if member.given is None:
            raise
        raise UsageError(f"{member.given}: {problem}") from None


def apply_each(actions: Sequence[tuple[Member, ActionEntry]],
               rng: random.Random | None = None) -> list[dict[str, Any]]:
    """Apply each action to its member in memory; the entries logged.  Refusal with
    every member's reasons when the rules refuse any of them; UsageError naming the
    member when one's action cannot be logged (a number no file keeps)."""
    reasons: list[str] = []
    logged: list[dict[str, Any]] = []
    for member, action in actions:
        try:
            logged.append(member.cf.do(action, rng))
        except Refusal as refusal:
            reasons.extend(f"{member.label}: {r}" for r in refusal.reasons)
        except UsageError as problem:
            raise UsageError(f"{member.label}: {problem}") from None
    if reasons:
        raise Refusal(reasons)
    return logged


def take_back_each(taken: Sequence[tuple[Member, ActionEntry]], what: str) -> list[str]:
    """Undo of a group change, in memory: remove from each member the entry ``what``
    added (``"this award"``) while it is still its last one.  The reasons for the
    members whose last entry is another (empty: every one was taken back)."""
    reasons = []
    for member, added in taken:
        cf = member.cf
        last = cf.ledger[-1] if cf.ledger else None
        if last != added:
            now = cf.ruleset.describe(last) if last else "its ledger is empty"
            reasons.append(f"{member.label}: its last ledger entry is not the one {what} "
                           f"added ({cf.ruleset.describe(added)}); it is now: {now}")
            continue
        cf.undo()
    return reasons


def award_each(members: Sequence[Member], words: Sequence[str],
               rng: random.Random | None = None) -> list[dict[str, Any]]:
    """``do WORDS`` for every member (a party award)."""
    if not [str(w) for w in words]:
        raise UsageError("campaign award needs an action")
    return apply_each([(m, parse(m, words)) for m in members], rng)


def party_rules(ruleset: Ruleset) -> PartyXpRules | None:
    return ruleset.party_xp


def default_session(files: Sequence[CharacterView]) -> str:
    """The session a party XP award defaults to: the one after the latest any of these
    characters played (:func:`builder.rules.party.next_session`)."""
    latest = []
    for cf in files:
        party = party_rules(cf.ruleset)
        if party is not None:
            latest.append(party.sessions(cf.state)[1])
    return next_session(latest)


def share_xp(members: Sequence[Member], parts: Mapping[str, str], xp: SessionXp) -> PartyAward:
    """A session's XP shared among the members named in ``parts`` ({member key: part of
    the adventure}), each share written as the rule system's award of it in memory.
    UsageError for what is typed wrong; Refusal with every member's reasons."""
    session = str(xp.session or "").strip()
    if not session:
        raise UsageError("--session needs a session name or number")
    sharing = [m for m in members if m.key in parts]
    if not sharing:
        raise Refusal(["tick at least one surviving participant"])
    ruleset = sharing[0].cf.ruleset
    party = party_rules(ruleset)
    if party is None:
        raise UsageError(f"the {ruleset.id} ruleset does not share XP among a party")
    tally = party.tally(ruleset.data, xp.enemies, xp.treasure, xp.secure, parts)
    before = [party.sessions(m.cf.state) for m in sharing]
    logged = apply_each([(m, parse(m, party.share_words(tally.share(m.key), session)))
                         for m in sharing])
    shares = []
    for member, entry, (played, latest) in zip(sharing, logged, before):
        xp_share = tally.share(member.key)
        shares.append(Share(member, parts[member.key], xp_share, entry,
                            *party.kept(entry, xp_share),
                            latest, earlier_than_latest(session, played, latest)))
    return PartyAward(tally, session, tuple(shares))
