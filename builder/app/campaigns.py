"""Campaign and Fortune/Peril pool operations (``campaign ...``, ``pool ...``, the
campaign tab and the pool view).

Every operation reads the campaign file afresh, computes the change in memory
through :mod:`builder.storage.campaigns`, checks the member guard for exactly
the character files it would write, and writes everything at once
(``CampaignFile.commit``: all member files and the campaign file, or none).
``dry_run=True`` does all of that except the guard and the write: the window's
dialogs check as you type with it.

Member paths (one rule, :func:`member_reference`): a member is stored as it
was given.  On the command line that is the path as typed (the campaign files
the command line has always written keep resolving the same members); the
window, where the player picks characters instead of typing, gives the path
relative to the campaign file's folder (absolute on another drive), so the
library's campaigns and characters folders can move together.  Reading is one
rule too (``CampaignFile.member_path``): relative to the campaign file's
folder, else, for a path typed from another current folder, from the current
folder.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from builder.app.outcome import (FileChange, Guard, Outcome, Refused, RefusalCode,
                                 check_guard, rules_refusal)
from builder.rules.base import Refusal, UsageError
from builder.storage import campaigns as store
from builder.storage.files import CharacterFile


# -- inputs ------------------------------------------------------------------------------
@dataclass(frozen=True)
class NewCampaign:
    name: str
    ruleset: str
    #: Member paths as given (see :func:`member_reference`).
    members: Sequence[str] = ()
    #: A file, or a folder for a new file named after the campaign; None: the
    #: library's campaigns folder.
    output: Path | None = None
    #: Replace an existing ``output`` file (never one written by a newer version).
    force: bool = False


@dataclass(frozen=True)
class XpAward:
    """A Vogelfrei session's XP shared among surviving members (``campaign xp``)."""

    hit_dice: Sequence[str]
    session: str
    treasure: int = 0
    #: Members who share (as given or as a path); empty: every member.
    survivors: Sequence[str] = ()
    #: ``CHARFILE=FRACTION`` for members present for part of the adventure.
    shares: Sequence[str] = field(default_factory=tuple)


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


def load(path: Path | str) -> store.CampaignFile:
    return store.load_campaign(path)


# -- the campaign file -------------------------------------------------------------------
def create(spec: NewCampaign) -> Outcome:
    """``campaign new`` / Campaign > New Campaign: a new file, never replacing one
    unless ``force``; every member checked (all reasons at once)."""
    from builder.storage.files import refuse_existing, safe_file_stem, unique_path

    doc = store.new_document(spec.name, spec.ruleset)
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
    return Outcome(f"{len(members)} member(s) joined {campaign.name}", changes,
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
def award(path: Path | str, words: Sequence[str], *, guard: Guard | None = None,
          dry_run: bool = False, rng: random.Random | None = None) -> Outcome:
    """``campaign award``: ``do WORDS`` for every member, all or nothing."""
    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        _guarded(campaign, guard, campaign.members, dry_run)
        return campaign.award(words, rng)

    campaign, entry, files, changes = _modify(path, change, dry_run=dry_run)
    lines = tuple(f"{member['name']}: {cf.ruleset.describe(member['entry'])}"
                  for member, cf in zip(entry["members"], files))
    return Outcome("Awarded: " + campaign.plain(entry), changes, not dry_run, entry, lines,
                   _entries(entry, files))


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
        return campaign.exchange(member_a, words_a, member_b, words_b)

    campaign, entry, files, changes = _modify(path, change, dry_run=dry_run)
    lines = []
    for member, cf in zip(entry["members"], files):
        steps = cf.replay.steps
        cost = ""
        if steps:
            cost = f" ({steps[-1].cost} SP)"
        lines.append(f"{member['name']}: {cf.ruleset.describe(member['entry'])}{cost}")
    return Outcome(campaign.plain(entry), changes, not dry_run, entry, tuple(lines),
                   _entries(entry, files))


def award_xp(path: Path | str, spec: XpAward, *, guard: Guard | None = None,
             dry_run: bool = False) -> Outcome:
    """``campaign xp``: a session's XP shared among the survivors, all or nothing."""
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
        return campaign.xp_award(spec.hit_dice, session=spec.session, treasure=spec.treasure,
                                 survivors=spec.survivors, shares=spec.shares)

    campaign, entry, files, changes = _modify(path, change, dry_run=dry_run)
    lines = [f"session {entry['session']}: {entry['enemy_xp']} XP from enemies + "
             f"{entry['treasure_xp']} XP from treasure = {entry['total']} XP"]
    for member, cf in zip(entry["members"], files):
        part = "" if member["part"] == "1" else f" (part {member['part']})"
        lines.append(f"{member['name']}{part}: {cf.ruleset.describe(member['entry'])}")
    return Outcome(f"{entry['total']} XP shared: " + campaign.describe(entry), changes,
                   not dry_run, entry, tuple(lines), _entries(entry, files))


def _entries(entry: dict[str, Any], files: Sequence[CharacterFile]
             ) -> dict[Path, dict[str, Any]]:
    return {Path(cf.path): member["entry"] for member, cf in zip(entry.get("members", []), files)
            if cf.path is not None}


def undo(path: Path | str, *, guard: Guard | None = None,
         expected: dict[str, Any] | None = None) -> Outcome:
    """``undo CAMPAIGN`` / the campaign tab's and the pool view's Undo: drop the last
    entry; a group entry is taken back from every member file it wrote, all or
    nothing, and only when no open tab holds an unsaved change to one of them.

    ``expected``: the entry the caller showed as the last one; if the file's last
    entry is another (the command line changed it meanwhile), Refused(STALE)."""
    def change(campaign: store.CampaignFile) -> tuple[Any, Sequence[CharacterFile]]:
        if not campaign.ledger:
            raise Refused(RefusalCode.RULES, ["nothing to undo: the campaign ledger is empty"])
        last = campaign.ledger[-1]
        if expected is not None and last != expected:
            raise Refused(RefusalCode.STALE, [
                "the campaign changed meanwhile (the command line?); its last entry is now: "
                + campaign.describe(last)])
        if last.get("action") in store.MEMBER_ACTIONS:
            check_guard(guard, _member_files(
                campaign, [m["path"] for m in last.get("members", []) if isinstance(m, dict)]))
        return campaign.undo()

    campaign, entry, _files, changes = _modify(path, change)
    text = campaign.describe(entry)
    return Outcome("Undone: " + campaign.plain(entry), changes, True, entry, (f"undone: {text}",))


# -- the Fortune/Peril pool -------------------------------------------------------------------
def pool_act(path: Path | str, action: dict[str, Any]) -> Outcome:
    """``pool start|spend|react|earn|nemesis`` / the pool view's buttons: check and log
    one pool entry (it writes only the campaign file)."""
    from builder.rules import fortune_peril as fp

    campaign, logged, _files, changes = _modify(path, lambda c: (c.pool_do(action), []))
    state = campaign.pool
    text = fp.describe(logged)
    counters = (f"Fortune {state.fortune}, Peril {state.peril}"
                + "".join(f", {v[0]} (Nemesis) {v[1]}" for v in state.nemesis.values()))
    return Outcome(text, changes, True, logged, (text, counters))


#: The pool's Undo is the campaign's undo (same guard, same all-or-nothing).
pool_undo = undo
