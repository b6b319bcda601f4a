"""Campaign and Fortune/Peril pool operations (``campaign ...``, ``pool ...``, the
campaign tab and the pool view).

Every operation reads the campaign file afresh, computes the change in memory
through :mod:`builder.storage.campaigns`, checks the member guard for exactly
the character files it would write, and writes everything at once
(``CampaignFile.commit``: all member files and the campaign file, or none).
``dry_run=True`` does all of that except the guard and the write: the window's
dialogs check as you type with it.

Member paths (one rule): a member is found relative to the campaign file's
folder (``CampaignFile.member_path``), never the current folder, and by its
stable id where it has one; a missing member refuses the whole change with its
name.  A path typed on the command line is stored as typed when it names the
file from the campaign's folder, else relative to that folder; the window, where
the player picks characters instead of typing, gives the path relative to the
campaign file's folder (:func:`member_reference`; absolute on another drive), so
the library's campaigns and characters folders can move together.
"""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from builder.app import party
from builder.app.outcome import (FileChange, Guard, Outcome, Refused, RefusalCode,
                                 check_guard, rules_refusal)
from builder.app.campaign_words import entry_text
from builder.rules import campaign as campaign_rules
from builder.rules.base import Action, Refusal, Ruleset, UsageError
from builder.rules.campaign import MemberActionEntry, MemberRecord
from builder.rules.entry_ids import Envelope
from builder.storage import campaigns as store
from builder.storage import device_log
from builder.storage.files import CharacterFile, now_iso
from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.app.views import CampaignView


# -- inputs ------------------------------------------------------------------------------
class NewCampaign(FrozenRecord):
    _fields = ("name", "ruleset", "members", "output", "force")
    __slots__ = _fields
    name: str
    ruleset: str
    #: Member paths as given (see :func:`member_reference`).
    members: Sequence[str]
    #: A file, or a folder for a new file named after the campaign; None: the
    #: library's campaigns folder.
    output: Path | None
    #: Replace an existing ``output`` file (never one written by a newer version).
    force: bool

    def __init__(self, name: str, ruleset: str, members: Sequence[str] = (),
                 output: Path | None = None, force: bool = False) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "output", output)
        object.__setattr__(self, "force", force)


class XpAward(FrozenRecord):
    """A session's XP shared among surviving members (``campaign xp``, the Party XP
    dialog of a campaign): the enemies and the treasure as typed, read by the rule
    system's party XP capability (``Ruleset.party_xp``)."""

    _fields = ("enemies", "session", "treasure", "survivors", "shares", "secure")
    __slots__ = _fields
    #: The defeated enemies as typed: an item each, or several in one text.
    enemies: Sequence[str]
    session: str
    #: The treasure: a number, or as typed (items ``N`` and ``KIND=N``).
    treasure: int | Sequence[str]
    #: Members who share (as given or as a path); empty: every member.
    survivors: Sequence[str]
    #: ``CHARFILE=FRACTION`` for members present for part of the adventure.
    shares: Sequence[str]
    #: The treasure is back at a secure location (it counts only then).
    secure: bool

    def __init__(self, enemies: Sequence[str], session: str, treasure: int | Sequence[str] = 0,
                 survivors: Sequence[str] = (), shares: Sequence[str] | None = None,
                 secure: bool = True) -> None:
        object.__setattr__(self, "enemies", enemies)
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "treasure", treasure)
        object.__setattr__(self, "survivors", survivors)
        object.__setattr__(self, "shares", tuple() if shares is None else shares)
        object.__setattr__(self, "secure", secure)


def member_reference(campaign_file: Path | str, character: Path | str) -> str:
    """How the window stores a member it picked: relative to the campaign's folder
    (absolute when that is not possible, e.g. another drive on Windows)."""
    character = Path(character).resolve()
    folder = Path(campaign_file).resolve().parent
    try:
        return os.path.relpath(character, folder)
    except ValueError:
        return str(character)


# -- helpers ---------------------------------------------------------------------------------
Change = Callable[[store.CampaignFile], tuple[Any, Sequence[CharacterFile]]]


def _modify(path: Path | str, change: Change, *, dry_run: bool = False
            ) -> tuple[store.CampaignFile, Any, Sequence[CharacterFile], tuple[FileChange, ...]]:
    """Run ``change(campaign) -> (result, member files to write)`` on a fresh read and
    write everything at once, holding the lock of every file it may write
    (:func:`builder.storage.campaigns.modify_campaign`).  A dry run reads, changes
    in memory and writes nothing.  A rules Refusal becomes Refused(RULES)."""
    if dry_run:
        campaign = store.load_writable(path)
        try:
            with device_log.thrown_away():
                result, files = change(campaign)
        except Refused:
            raise
        except Refusal as refusal:
            raise rules_refusal(refusal) from None
        planned = [FileChange.of(cf.path or Path(), cf.raw, cf.to_bytes()) for cf in files]
        planned.append(FileChange.of(campaign.path or Path(), campaign.raw, campaign.to_bytes()))
        return campaign, result, files, tuple(planned)
    befores: list[tuple[Path, bytes | None]] = []

    def operation(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        with device_log.thrown_away(always=False):      # a refusal writes none of it
            result, files = change(campaign)
        befores[:] = [(Path(cf.path or ""), cf.raw) for cf in files]
        befores.append((Path(campaign.path or ""), campaign.raw))
        return result, files

    try:
        campaign, result, files = store.modify_campaign(path, operation)
    except Refused:
        raise
    except Refusal as refusal:
        raise rules_refusal(refusal) from None
    afters = [cf.raw for cf in files] + [campaign.raw]
    changes = tuple(FileChange.of(p, before, after)
                    for (p, before), after in zip(befores, afters))
    return campaign, result, files, changes


def _member_files(campaign: store.CampaignFile, givens: Sequence[str]) -> list[Path]:
    return [campaign.member_path(given) for given in givens]


def _guarded(campaign: store.CampaignFile, guard: Guard | None, givens: Sequence[str],
             dry_run: bool) -> None:
    if not dry_run:
        check_guard(guard, _member_files(campaign, givens))


def log_pool_entry(campaign: store.CampaignFile, action: dict[str, Any]) -> dict[str, Any]:
    """Log one pool entry the pool's rules allow, in memory (Refusal: nothing changes)."""
    entry = campaign_rules.pool_entry(campaign.ledger, campaign.pool_settings, action)
    entry["at"] = now_iso()
    campaign.append(entry)
    return entry


def load(path: Path | str) -> CampaignView:
    """A campaign file, read (FileProblem when it cannot be read)."""
    return store.load_campaign(path)


def ruleset_of(path: Path | str) -> Ruleset:
    """The rule system the campaign's members use (FileProblem, RulesError)."""
    from builder.storage.rulesets import load_ruleset

    return load_ruleset(store.load_campaign(path).ruleset_id)


class CampaignRow(FrozenRecord):
    """One campaign of the library (``campaign list``): its figures, or why it cannot
    be read."""

    _fields = ("file", "name", "ruleset", "members", "sessions", "problem")
    __slots__ = _fields
    file: Path
    name: str
    ruleset: str
    members: int
    sessions: int
    problem: str | None

    def __init__(self, file: Path, name: str = "", ruleset: str = "", members: int = 0,
                 sessions: int = 0, problem: str | None = None) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "sessions", sessions)
        object.__setattr__(self, "problem", problem)


def library_campaigns() -> tuple[CampaignRow, ...]:
    """The campaigns in the library's campaigns folder, by file name."""
    from builder.storage.files import FileProblem
    from builder.storage.folders import list_campaigns

    rows = []
    for path in list_campaigns():
        try:
            campaign = store.load_campaign(path)
            rows.append(CampaignRow(path, campaign.name, campaign.ruleset_id,
                                    len(campaign.members), len(campaign.sessions())))
        except FileProblem as problem:
            rows.append(CampaignRow(path, problem=str(problem)))
    return tuple(rows)


def library_folder() -> Path:
    """Where ``campaign new`` without ``-o`` puts a campaign (and ``campaign list`` looks)."""
    from builder.storage.paths import campaigns_dir

    return campaigns_dir()


def require_name(name: str) -> str:
    """A campaign's name as it is kept; UsageError (:data:`campaign_rules.NAME_NEEDED`)
    for an empty one: what ``campaign new`` and the New Campaign dialog ask."""
    from builder.rules.base import kept_name

    kept = kept_name(name)
    if kept is None:
        raise UsageError(campaign_rules.NAME_NEEDED)
    return kept


def library_path(name: str) -> Path:
    """Where a new campaign called ``name`` goes in the library's campaigns folder: a
    file name not taken yet (the folder is made)."""
    return store.library_path_for(name)


# -- the campaign file -------------------------------------------------------------------
def create(spec: NewCampaign) -> Outcome:
    """``campaign new`` / Campaign > New Campaign: a new file, never replacing one
    unless ``force``; every member checked (all reasons at once)."""
    from builder.storage.files import refuse_existing, safe_file_stem, unique_path

    doc = store.new_document(require_name(spec.name), spec.ruleset)
    if spec.output is not None:
        target = Path(spec.output)
        if target.is_dir():
            target = unique_path(target, safe_file_stem(spec.name))
        refuse_existing(target, spec.force, "campaign")
    else:
        target = store.library_path_for(spec.name)
    campaign = store.CampaignFile(doc=doc, path=target)
    reasons: list[str] = []
    for member in spec.members:
        try:
            campaign.add_member(member)
        except Refusal as refusal:
            reasons.extend(refusal.reasons)
    if reasons:
        raise Refused(RefusalCode.RULES, reasons)
    before = target.read_bytes() if target.exists() else None
    campaign.save(target)
    return Outcome(f"Campaign {campaign.name} created ({target.name})",
                   (FileChange.of(target, before, campaign.raw),), lines=(str(target),))


def add_members(path: Path | str, members: Sequence[str]) -> Outcome:
    """``campaign add`` (one) / Add members (several): all or none."""
    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        reasons: list[str] = []
        lines = []
        for member in members:
            try:
                cf = campaign.add_member(member)
            except Refusal as refusal:
                reasons.extend(refusal.reasons)
                continue
            lines.append(f"{cf.name} ({member}) joined {campaign.name}")
        if reasons:
            raise Refused(RefusalCode.RULES, reasons)
        return lines, []

    campaign, lines, _files, changes = _modify(path, change)
    joined = f"{len(members)} {'member' if len(members) == 1 else 'members'}"
    return Outcome(f"{joined} joined {campaign.name}", changes,
                   lines=tuple(lines))


def remove_member(path: Path | str, charfile: str) -> Outcome:
    """``campaign remove``: the member leaves; their file is not changed."""
    campaign, given, _files, changes = _modify(
        path, lambda c: (c.remove_member(charfile), []))
    return Outcome(f"{given} left {campaign.name} (the character file is unchanged)",
                   changes, lines=(f"{given} left {campaign.name}",))


def set_pool_settings(path: Path | str, pairs: Sequence[str]) -> Outcome:
    """``campaign set KEY=VALUE...``: the pool's universe settings."""
    from builder.rules import fortune_peril as fp
    from builder.rules.base import match_name

    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        pool = dict(campaign.doc.setdefault("settings", {}).get("pool", {}))
        for pair in pairs:
            if "=" not in pair:
                raise UsageError(f"campaign set needs KEY=VALUE, not '{pair}'")
            key, value = (part.strip() for part in pair.split("=", 1))
            key = match_name(key.removeprefix("pool."), fp.DEFAULT_SETTINGS, "pool setting")
            pool[key] = fp.setting_value(key, value)
        campaign.doc["settings"]["pool"] = pool
        return pool, []

    campaign, pool, _files, changes = _modify(path, change)
    lines = tuple(f"{key} = {value}" for key, value in fp.normalise_settings(pool).items())
    return Outcome(f"Pool settings of {campaign.name} saved", changes, lines=lines)


# -- group actions --------------------------------------------------------------------------
def _members(campaign: store.CampaignFile, givens: Sequence[str]) -> list[party.Member]:
    return [party.Member(cf, given)
            for given, cf in zip(givens, campaign.writable_members(givens))]


def _log(campaign: store.CampaignFile, entry: MemberActionEntry) -> None:
    """Log a member action in the campaign's ledger: the very object, which the
    campaign stamps (its id and device) and the outcome hands on."""
    campaign.append(cast("dict[str, Any]", entry))


def apply_award(campaign: store.CampaignFile, words: Sequence[str],
                rng: random.Random | None = None
                ) -> tuple[MemberActionEntry, list[CharacterFile]]:
    """``do WORDS`` for every member in memory, logged in the campaign's ledger (the
    entry, the member files to write with ``campaign.commit``)."""
    words = [str(w) for w in words]
    if not words:
        raise UsageError("campaign award needs an action")
    if not campaign.members:
        raise Refusal([f"the campaign {campaign.name} has no members to award"])
    members = _members(campaign, campaign.members)
    logged = party.award_each(members, words, rng)
    done: list[MemberRecord] = [{"path": m.key, "name": m.cf.name, "entry": e}
                                for m, e in zip(members, logged)]
    entry: MemberActionEntry = {"action": "award", "words": words, "members": done,
                                "at": now_iso()}
    _log(campaign, entry)
    return entry, [m.cf for m in members]


def award(path: Path | str, words: Sequence[str], *, guard: Guard | None = None,
          dry_run: bool = False, rng: random.Random | None = None) -> Outcome:
    """``campaign award``: ``do WORDS`` for every member, all or nothing."""
    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        _guarded(campaign, guard, campaign.members, dry_run)
        return apply_award(campaign, words, rng)

    campaign, entry, files, changes = _modify(path, change, dry_run=dry_run)
    lines = tuple(f"{member['name']}: {cf.ruleset.describe(member['entry'])}"
                  for member, cf in zip(entry["members"], files))
    return Outcome(entry_text(campaign, entry), changes, not dry_run, Envelope.of(entry), lines,
                   _entries(entry, files))


def exchange_action(ruleset: Ruleset, words: Sequence[str]) -> Action:
    """The action one side of a Training Exchange takes: ``words`` read by the rule
    system and marked ``exchange``.  Refusal (in the rule system's words) for a verb it
    does not exchange; UsageError for no words or words it cannot read."""
    words = [str(w) for w in words]
    if not words:
        raise UsageError("the Training Exchange needs an action")
    exchangeable = ruleset.exchange_actions
    if words[0].strip().casefold() not in exchangeable:
        raise Refusal([ruleset.exchange_refusal(words[0])])
    action = Action.coerce(ruleset.parse_action(words))
    if action.kind not in exchangeable:
        raise Refusal([ruleset.exchange_refusal(action.kind)])
    return action.with_args(exchange=True)


def apply_exchange(campaign: store.CampaignFile, charfile_a: str, words_a: Sequence[str],
                   charfile_b: str, words_b: Sequence[str]
                   ) -> tuple[MemberActionEntry, list[CharacterFile]]:
    """A Training Exchange: both increases paid and applied together, each cheaper as
    the rule system says (``--exchange`` on each action)."""
    given_a, given_b = campaign.find_member(charfile_a), campaign.find_member(charfile_b)
    if given_a == given_b:
        raise Refusal(["a Training Exchange pairs two different characters; "
                       f"{charfile_a} is named twice"])
    members = _members(campaign, [given_a, given_b])
    ruleset = members[0].cf.ruleset
    if not ruleset.capabilities.training_exchange:
        raise UsageError(f"the {campaign.ruleset_id} ruleset has no Training Exchange")
    actions = []  # complete only when no reasons were found
    reasons: list[str] = []
    for member, words in zip(members, (words_a, words_b)):
        try:
            actions.append((member, exchange_action(member.cf.ruleset, words)))
        except Refusal as refusal:
            reasons += [f"{member.label}: {r}" for r in refusal.reasons]
        except UsageError as problem:
            raise UsageError(f"{member.given}: {problem}") from None
    if reasons:
        raise Refusal(reasons)
    logged = party.apply_each(actions)
    done: list[MemberRecord] = [{"path": m.key, "name": m.cf.name, "entry": e}
                                for m, e in zip(members, logged)]
    entry: MemberActionEntry = {"action": "exchange", "members": done, "at": now_iso()}
    _log(campaign, entry)
    return entry, [m.cf for m in members]


def exchange(path: Path | str, member_a: str, words_a: Sequence[str], member_b: str,
             words_b: Sequence[str], *, guard: Guard | None = None,
             dry_run: bool = False) -> Outcome:
    """``campaign exchange``: a Training Exchange between two members."""
    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        if not dry_run:
            givens = [member_a, member_b]
            try:
                givens = [campaign.find_member(g) for g in givens]
            except UsageError:
                pass  # the exchange itself says which one is not a member
            _guarded(campaign, guard, givens, dry_run)
        return apply_exchange(campaign, member_a, words_a, member_b, words_b)

    campaign, entry, files, changes = _modify(path, change, dry_run=dry_run)
    lines = []
    for member, cf in zip(entry["members"], files):
        steps = cf.replay.steps
        cost = ""
        if steps:
            cost = f" ({cf.ruleset.balance_text(steps[-1].cost)})"
        lines.append(f"{member['name']}: {cf.ruleset.describe(member['entry'])}{cost}")
    return Outcome(entry_text(campaign, entry), changes, not dry_run, Envelope.of(entry),
                   tuple(lines), _entries(entry, files))


def _parts(campaign: store.CampaignFile, spec: XpAward) -> dict[str, str]:
    """{member path: part of the adventure} of the members who share."""
    parts: dict[str, str] = {}
    for charfile in spec.survivors:
        parts[campaign.find_member(charfile)] = "1"
    for pair in spec.shares:
        charfile, sep, fraction = str(pair).rpartition("=")
        if not sep or not charfile.strip():
            raise UsageError(f"--share needs CHARFILE=FRACTION, not '{pair}'")
        parts[campaign.find_member(charfile.strip())] = fraction.strip()
    if not spec.survivors:
        for given in campaign.members:
            parts.setdefault(given, "1")
    if not parts:
        raise Refusal([f"the campaign {campaign.name} has no members to share XP with"])
    return parts


def _share_xp(campaign: store.CampaignFile, spec: XpAward
              ) -> tuple[tuple[MemberActionEntry, party.PartyAward], list[CharacterFile]]:
    from builder.rules.registry import ruleset_class, ruleset_ids
    from builder.storage.rulesets import load_ruleset

    rules = load_ruleset(campaign.ruleset_id).party_xp
    if rules is None:
        titles = [ruleset_class(rid).title for rid in ruleset_ids()
                  if ruleset_class(rid).capabilities.party_xp]
        raise UsageError(f"campaign xp shares out {' or '.join(titles) or 'party'} XP; "
                         f"the campaign {campaign.name} uses {campaign.ruleset_id}")
    if not str(spec.session or "").strip():
        raise UsageError("--session needs a session name or number")
    parts = _parts(campaign, spec)
    members = _members(campaign, [g for g in campaign.members if g in parts])
    award = party.share_xp(members, parts, party.SessionXp(
        spec.session, [str(t) for t in spec.enemies], spec.treasure, spec.secure))
    tally = award.tally
    done: list[MemberRecord] = [{"path": s.member.key, "name": s.member.cf.name,
                                 "part": s.part, "xp": s.xp, "entry": dict(s.entry)}
                                for s in award.shares]
    entry: MemberActionEntry = {
        "action": "xp", "session": award.session, "enemies": tally.enemies_json(),
        "enemy_xp": tally.enemy_xp, "treasure": rules.treasure_total(spec.treasure),
        "treasure_xp": tally.treasure_xp, "total": tally.total, "members": done,
        "at": now_iso()}
    _log(campaign, entry)
    return (entry, award), [m.cf for m in members]


def award_xp(path: Path | str, spec: XpAward, *, guard: Guard | None = None,
             dry_run: bool = False) -> Outcome:
    """``campaign xp``: a session's XP shared among the survivors, all or nothing
    (:func:`builder.app.party.share_xp`); ``award``: what each member keeps."""
    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        if not dry_run:
            survivors = list(spec.survivors) or list(campaign.members)
            try:
                givens = [campaign.find_member(g) for g in survivors]
                givens += [campaign.find_member(str(s).rpartition("=")[0].strip())
                           for s in spec.shares if "=" in str(s)]
            except UsageError:
                givens = list(campaign.members)
            _guarded(campaign, guard, list(dict.fromkeys(givens)), dry_run)
        return _share_xp(campaign, spec)

    campaign, (entry, award), files, changes = _modify(path, change, dry_run=dry_run)
    tally = award.tally
    lines = [f"session {award.session}: {tally.enemy_xp} XP from enemies + "
             f"{tally.treasure_xp} XP from treasure = {tally.total} XP"]
    for share in award.shares:
        part = "" if share.part == "1" else f" (part {share.part})"
        lines.append(f"{share.member.cf.name}{part}: "
                     f"{share.member.cf.ruleset.describe(share.entry)}")
    return Outcome(f"{tally.total} XP shared: " + campaign_rules.describe(entry), changes,
                   not dry_run, Envelope.of(entry), tuple(lines), _entries(entry, files),
                   award=award)


def _entries(entry: dict[str, Any], files: Sequence[CharacterFile]) -> dict[Path, Envelope]:
    """{member file: the entry a group entry added to it} (what an undo takes back)."""
    return {Path(cf.path): Envelope.of(member["entry"])
            for member, cf in zip(entry.get("members", []), files) if cf.path is not None}


def apply_undo(campaign: store.CampaignFile) -> tuple[dict[str, Any], list[CharacterFile]]:
    """Drop the campaign's last entry; a group entry is taken back from every member
    file it wrote (Refusal naming each member that changed since)."""
    if not campaign.ledger:
        raise Refusal(["nothing to undo: the campaign ledger is empty"])
    entry = campaign.ledger[-1]
    files: list[CharacterFile] = []
    if entry.get("action") in campaign_rules.MEMBER_ACTIONS:
        added = [m for m in entry.get("members", []) if isinstance(m, dict)]
        members = _members(campaign, [m["path"] for m in added])
        reasons = party.take_back_each([(mem, m["entry"]) for mem, m in zip(members, added)],
                                       f"this {entry['action']}")
        if reasons:
            raise Refusal([f"cannot undo the {entry['action']}: undo the later changes "
                           f"of these members first"] + reasons)
        files = [m.cf for m in members]
    from builder.storage.device import withdraw

    withdraw(campaign.doc, entry)    # kept in the file as withdrawn: a merge keeps it undone
    return entry, files


def undo(path: Path | str, *, guard: Guard | None = None,
         expected: Envelope | None = None, latest: bool = False) -> Outcome:
    """``undo CAMPAIGN`` / the campaign tab's and the pool view's Undo: drop the last
    entry; a group entry is taken back from every member file it wrote, all or
    nothing, and only when no open tab holds an unsaved change to one of them.

    ``expected``: the entry the caller showed as the last one (an outcome's ``entry``);
    if the file's last entry is another (the command line changed it meanwhile),
    Refused(STALE)."""
    from builder.app import sync

    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        ruling = sync.latest_ruling(campaign.doc) if latest else None
        if ruling is not None:
            said.append(sync.ruling_words(campaign.doc, ruling))
            campaign.doc = sync.take_back_ruling(campaign.doc, ruling)
            return ruling, []
        if not campaign.ledger:
            raise Refused(RefusalCode.RULES, ["nothing to undo: the campaign ledger is empty"])
        last = campaign.ledger[-1]
        if expected is not None and last != expected.entry:
            raise Refused(RefusalCode.STALE, [
                "the campaign changed meanwhile (the command line?); its last entry is now: "
                + campaign_rules.describe(last)])
        if last.get("action") in campaign_rules.MEMBER_ACTIONS:
            check_guard(guard, _member_files(
                campaign, [m["path"] for m in last.get("members", []) if isinstance(m, dict)]))
        return apply_undo(campaign)

    said: list[str] = []           # a ruling taken back, in words
    campaign, entry, _files, changes = _modify(path, change)
    text = said[-1] if said else campaign_rules.describe(entry)
    plain = said[-1] if said else entry_text(campaign, entry)
    return Outcome("Undone: " + plain, changes, True, Envelope.of(entry), (f"undone: {text}",))


# -- the Fortune/Peril pool -------------------------------------------------------------------
def pool_act(path: Path | str, action: dict[str, Any]) -> Outcome:
    """``pool start|spend|react|earn|nemesis`` / the pool view's buttons: check and log
    one pool entry (it writes only the campaign file)."""
    from builder.rules import fortune_peril as fp

    campaign, logged, _files, changes = _modify(path, lambda c: (log_pool_entry(c, action), []))
    state = campaign.pool
    text = fp.describe(logged)
    counters = (f"Fortune {state.fortune}, Peril {state.peril}"
                + "".join(f", {v[0]} (Nemesis) {v[1]}" for v in state.nemesis.values()))
    return Outcome(text, changes, True, Envelope.of(logged), (text, counters))


#: The pool's Undo is the campaign's undo (same guard, same all-or-nothing).
pool_undo = undo
