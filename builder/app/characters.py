"""Character operations: creation (``new``, the New Character dialog), one
character's changes (``do``/``undo``, ``library rename``; in the window an
increase, Undo/Redo on its tab, Rename) and a party's award or session XP over
several character files (the Award and Party XP dialogs over open characters), with
their undo.

One character's changes take a *target*: a path (the command line: the file is
read afresh under its lock, changed and written; a retry on the fresh file if a
program that takes no lock wrote it meanwhile) or an open
:class:`~builder.app.views.CharacterView` the application layer handed out (the
window's open tab: the change is made to that copy and written only while the file
still holds what the copy was read from).  The guards are the same either way and
live here once: a file written by a newer version is read-only (FileProblem naming
why), the member guard is asked about the file, the rules refuse with every reason
(``Refused(RULES)``) and then nothing changes, neither the copy nor the file.  A
write that fails after the rules allowed the change (the file changed behind an
open copy: ChangedOnDisk; a full disk: NotWritten) leaves the *open copy*
holding the change, unsaved, and the file as it was: its holder decides (the
window's Reload / Keep mine); a path target never keeps anything.
"""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

from builder.app.outcome import (FileChange, Guard, Outcome, Refused, RefusalCode,
                                 NotWritten, check_guard, rules_refusal)
from builder.app.views import CharacterView, character_file
from builder.rules.base import (NAME_NEEDED, ActionEntry, Refusal, Ruleset, UsageError,
                                kept_name)
from builder.rules.entry_ids import META_KEYS, Envelope
from builder.storage import device_log
from builder.storage.files import CharacterFile, FileProblem, load_writable_character
from builder.rules.records import FrozenRecord


# -- creation --------------------------------------------------------------------------------
class NewCharacter(FrozenRecord):
    """A new character: a ruleset, a name and either a finished ``baseline`` (the
    window's creation forms) or ``--set`` pairs (the command line)."""

    _fields = ("ruleset", "name", "baseline", "sets", "randomize", "seed", "output", "force")
    __slots__ = _fields
    ruleset: Ruleset
    name: str
    baseline: Mapping[str, Any] | None
    sets: Sequence[tuple[str, str]]
    #: Roll what the ruleset rolls (``--random``; implied by a ``seed``).
    randomize: bool
    seed: int | None
    #: A file, or a folder for a new file named after the character; None: the
    #: library (a free name there, never an existing file).
    output: Path | None
    #: Replace an existing ``output`` file (never one written by a newer version).
    force: bool

    def __init__(self, ruleset: Ruleset, name: str,
                 baseline: Mapping[str, Any] | None = None,
                 sets: Sequence[tuple[str, str]] = (), randomize: bool = False,
                 seed: int | None = None, output: Path | None = None, force: bool = False) -> None:
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "baseline", baseline)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "randomize", randomize)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "output", output)
        object.__setattr__(self, "force", force)


def parse_sets(pairs: Sequence[str]) -> list[tuple[str, str]]:
    """``--set KEY=VALUE`` words as pairs (the first ``=`` splits: values may hold one)."""
    result = []
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set needs KEY=VALUE, not '{pair}'")
        result.append((key.strip(), value.strip()))
    return result


def require_name(name: str) -> str:
    """A character's name as it is kept; UsageError (:data:`NAME_NEEDED`) for an empty
    one: what ``new``, ``library rename`` and ``library duplicate`` and the window's
    dialogs ask."""
    kept = kept_name(name)
    if kept is None:
        raise UsageError(NAME_NEEDED)
    return kept


def create(spec: NewCharacter) -> Outcome:
    """Validate and write a new character.  UsageError for an empty name or bad
    ``--set`` keys; Refused(RULES) for a baseline the rules refuse; FileProblem
    for an existing ``output`` without ``force``.  ``notes``: the rule system's
    (:meth:`~builder.rules.base.Ruleset.creation_notes`)."""
    from builder.storage.files import encode_document, write_checked
    from builder.storage.files import (library_path_for, new_document, refuse_existing,
                                       safe_file_stem, unique_path)

    ruleset = spec.ruleset
    name = require_name(spec.name)
    from builder.storage.identity import apply_identity, split_identity

    # Who the character is (player, portrait...): the same keys in every ruleset.
    identity, sets = split_identity(list(spec.sets))
    if spec.baseline is not None:
        baseline = dict(spec.baseline)
    else:
        baseline = ruleset.baseline_from_sets(
            sets, rng=random.Random(spec.seed),
            randomize=bool(spec.randomize or spec.seed is not None))
    reasons = ruleset.validate_baseline(baseline)
    if reasons:
        raise Refused(RefusalCode.RULES, reasons)
    if spec.output is not None:
        target = Path(spec.output)
        if target.is_dir():
            target = unique_path(target, safe_file_stem(name))
        refuse_existing(target, spec.force)
    else:
        target = library_path_for(name)
    before = target.read_bytes() if target.exists() else None
    doc = new_document(ruleset, name, baseline)
    apply_identity(doc, identity)
    cf = CharacterFile(doc=doc, ruleset=ruleset)
    data = encode_document(doc, target, cf.schema_names())
    # Under the file's lock and only while the target still holds what was read: a file
    # another program created meanwhile (two `new` racing for one name) is never replaced.
    write_checked(target, data, before)
    cf.raw = data
    notes = cf.ruleset.creation_notes(cf.derived(), [key for key, _value in sets])
    return Outcome(f"Character {name} created ({target.name})",
                   (FileChange.of(target, before, cf.raw or cf.to_bytes()),),
                   lines=(str(target),), notes=tuple(notes))


def create_from_baseline(ruleset: Ruleset, name: str, baseline: Mapping[str, Any],
                         folder: Path | None = None) -> Path:
    """A new character from a finished baseline in ``folder`` (default: the library),
    under a free file name; :func:`create` does the work (scripts, tests, benchmarks)."""
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)    # a folder, never taken as a file name
    spec = NewCharacter(ruleset=ruleset, name=name, baseline=baseline, output=folder)
    return create(spec).changes[0].path


# -- one character's changes ---------------------------------------------------------------
#: A character file to change: its path (read afresh) or an open copy of it.
Target = Path | str | CharacterView
_T = TypeVar("_T")


def _change(target: Target, guard: Guard | None, change: Callable[[CharacterFile], _T]
            ) -> tuple[CharacterFile, _T, bytes | None]:
    """Run ``change`` on the target and write it; (the file, the result, the bytes
    before).  The guards of every one-character change (see the module's text)."""
    from builder.storage.files import ChangedOnDisk, modify_character

    try:
        if not isinstance(target, (str, os.PathLike)):
            held = character_file(target)
            if held.read_only:
                raise FileProblem(held.read_only)
            if held.path is None:
                raise FileProblem("no file to save to")
            check_guard(guard, [held.path])
            before = held.raw
            result = change(held)        # a refusal changes nothing
            try:
                held.save()              # under the lock, only over what was read
            except ChangedOnDisk:
                raise
            except FileProblem as problem:
                raise NotWritten(str(problem)) from None
            return held, result, before
        path = Path(target)
        check_guard(guard, [path])
        read: list[bytes | None] = [None]

        def on_fresh(cf: CharacterFile) -> _T:
            read[0] = cf.raw
            return change(cf)

        cf, result = modify_character(path, on_fresh)
        return cf, result, read[0]
    except Refused:
        raise
    except Refusal as refusal:
        raise rules_refusal(refusal) from None


def _file_change(cf: CharacterFile, before: bytes | None) -> tuple[FileChange, ...]:
    return (FileChange.of(cf.path or Path(), before, cf.raw),)


def act(target: Target, words: Sequence[str] = (), *,
        action: ActionEntry | None = None, seed: int | None = None,
        rng: random.Random | None = None, guard: Guard | None = None) -> Outcome:
    """Take one action (``do FILE ACTION ARGS``; an increase in the window): the
    ``words`` as typed, parsed by the file's ruleset, or an ``action`` already
    parsed.  Dice roll from ``rng``, else from ``seed`` (the same on a retry).
    ``entry``: the ledger entry written; ``lines``: its description."""
    def change(cf: CharacterFile) -> dict[str, Any]:
        parsed = action if action is not None else cf.ruleset.parse_action(list(words))
        dice = rng if rng is not None else (random.Random(seed) if seed is not None else None)
        return cf.do(parsed, dice)

    cf, logged, before = _change(target, guard, change)
    text = cf.ruleset.describe(logged)
    return Outcome(text, _file_change(cf, before), entry=Envelope.of(logged), lines=(text,))


def apply_plan(target: Target, steps: Sequence[Sequence[str]], *,
               rng: random.Random | None = None, guard: Guard | None = None) -> Outcome:
    """Take a plan's steps (``do`` words each) in order, as far as the rules allow, and
    write them at once: Refused with the first step's reasons when it is refused
    (nothing changes); otherwise the steps taken (``lines``, one each) and, in
    ``refused``, why the next one was not (empty when every step was taken)."""
    def change(cf: CharacterFile) -> tuple[list[dict[str, Any]], tuple[str, ...]]:
        taken: list[dict[str, Any]] = []
        for words in steps:
            try:
                taken.append(cf.do(cf.ruleset.parse_action([str(w) for w in words]), rng))
            except (Refusal, UsageError) as problem:
                if not taken:
                    raise
                return taken, tuple(getattr(problem, "reasons", None) or [str(problem)])
        return taken, ()

    cf, (taken, refused), before = _change(target, guard, change)
    lines = tuple(cf.ruleset.describe(entry) for entry in taken)
    summary = (f"Plan: {len(taken)} of {len(steps)} steps taken" if refused or
               len(taken) < len(steps) else f"Plan: {len(taken)} steps taken")
    return Outcome(summary, _file_change(cf, before), lines=lines, refused=refused)


def undo_steps(target: Target, entries: Sequence[Mapping[str, Any]], *,
               guard: Guard | None = None) -> Outcome:
    """Take back the entries one step added (an action, a plan's steps: the window's
    Undo) at once: ``entries`` must be the last of the ledger, in order, else
    Refused(STALE) and nothing changes; each stays in the file as withdrawn
    (:func:`undo`), all in one write."""
    wanted = [dict(e) for e in entries]

    def change(cf: CharacterFile) -> list[dict[str, Any]]:
        if not wanted or [dict(e) for e in cf.ledger[-len(wanted):]] != wanted:
            raise Refused(RefusalCode.STALE, [
                "what this step added is no longer at the end of the ledger; undo the "
                "later entries first"])
        return [cf.undo() for _ in wanted][::-1]

    cf, taken, before = _change(target, guard, change)
    said = [cf.ruleset.describe(entry) for entry in taken]
    return Outcome("Undone: " + (said[0] if len(said) == 1 else f"{len(said)} entries"),
                   _file_change(cf, before), lines=tuple(f"undone: {s}" for s in said))


def redo_steps(target: Target, entries: Sequence[Mapping[str, Any]], *,
               rng: random.Random | None = None, guard: Guard | None = None) -> Outcome:
    """Take the entries of an undone step again at once (the window's Redo): the logged
    actions with the dice they rolled, checked by the rules as any, all or nothing, in
    one write."""
    def change(cf: CharacterFile) -> list[dict[str, Any]]:
        return [cf.do({k: v for k, v in entry.items() if k not in META_KEYS}, rng)
                for entry in entries]

    cf, taken, before = _change(target, guard, change)
    said = [cf.ruleset.describe(entry) for entry in taken]
    return Outcome(said[0] if len(said) == 1 else f"{len(said)} entries taken again",
                   _file_change(cf, before), lines=tuple(said))


def redo(target: Target, entry: Mapping[str, Any], *, rng: random.Random | None = None,
         guard: Guard | None = None) -> Outcome:
    """Take a logged entry again (the window's Redo after an Undo): the same action with
    the dice it rolled, checked by the rules as any action (a new time stamp)."""
    return act(target, action={k: v for k, v in entry.items() if k not in META_KEYS}, rng=rng,
               guard=guard)


def undo(target: Target, *, guard: Guard | None = None, latest: bool = False) -> Outcome:
    """Take back the last ledger entry (``undo FILE``; Undo in the window).  It stays in
    the file as withdrawn, so merging a copy that still holds it does not bring it back
    (:func:`builder.storage.device.withdraw`).  ``latest``: the file's latest change,
    which may be a ruling on a suspended entry (``resolve``): that ruling is taken
    back.  An empty ledger is refused: "nothing to undo"."""
    def change(cf: CharacterFile) -> tuple[dict[str, Any], str]:
        from builder.app import sync

        ruling = sync.latest_ruling(cf.doc) if latest else None
        if ruling is None:
            taken = cf.undo()
            return taken, cf.ruleset.describe(taken)
        return _take_back_ruling(cf, ruling)

    cf, (entry, text), before = _change(target, guard, change)
    return Outcome(f"Undone: {text}", _file_change(cf, before), entry=Envelope.of(entry),
                   lines=(f"undone: {text}",))


def _take_back_ruling(cf: CharacterFile, ruling: dict[str, Any]
                      ) -> tuple[dict[str, Any], str]:
    """Withdraw a ruling and merge the file again, so the entry it settled is
    suspended or applied as it was before it (:func:`builder.app.sync.take_back_ruling`)."""
    from builder.app import sync

    text = sync.ruling_words(cf.doc, ruling)
    cf.doc = sync.take_back_ruling(cf.doc, ruling)
    cf.ledger_edited()
    return ruling, text


def rename(target: Target, name: str, *, guard: Guard | None = None) -> Outcome:
    """Give the character a new name inside its file (the file keeps its path and every
    other key as it was).  UsageError for an empty name."""
    new = require_name(name)

    def change(cf: CharacterFile) -> str:
        old = cf.name
        cf.rename(new)
        return old

    cf, old, before = _change(target, guard, change)
    return Outcome(f"Renamed {old} to {new}", _file_change(cf, before),
                   renamed=(old, new), lines=(f"renamed: {old} -> {new}",))


# -- several characters at once -----------------------------------------------------------------
class PartyXp(FrozenRecord):
    """A session's XP shared among characters that are not (or not all) in one
    campaign: each survivor's share written as the rule system's award of it."""

    _fields = ("parts", "session", "enemies", "treasure", "secure", "extra")
    __slots__ = _fields
    #: {character file: part of the adventure ("1", "1/2", ...)} of the survivors.
    parts: Mapping[Path, str]
    session: str
    #: Defeated enemies as typed (``3 3* L2 <1 chief=4``; the rule system's ``party_xp`` reads them).
    enemies: Sequence[str]
    #: Treasure as typed (``1000 hoard=500``).
    treasure: Sequence[str]
    secure: bool
    extra: Mapping[str, Any]

    def __init__(self, parts: Mapping[Path, str], session: str, enemies: Sequence[str] = (),
                 treasure: Sequence[str] = (), secure: bool = True,
                 extra: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "enemies", enemies)
        object.__setattr__(self, "treasure", treasure)
        object.__setattr__(self, "secure", secure)
        object.__setattr__(self, "extra", {} if extra is None else extra)


def _write_all(files: Sequence[CharacterFile], befores: Sequence[bytes | None], what: str
               ) -> tuple[FileChange, ...]:
    from builder.storage.files import write_checked_all
    from builder.storage.transaction import Change

    changes = [Change(Path(cf.path or ""), cf.to_bytes(), before)
               for cf, before in zip(files, befores)]
    write_checked_all(changes, what)     # each file checked against what was read
    for cf, change in zip(files, changes):
        cf.raw = change.data
    return tuple(FileChange.of(c.path, b, c.data) for c, b in zip(changes, befores))


def _on_every_file(paths: Sequence[Path], guard: Guard | None, dry_run: bool, what: str,
                   change: Callable[[list[CharacterFile]], _T]
                   ) -> tuple[list[CharacterFile], _T, tuple[FileChange, ...]]:
    """A change of several character files, all or nothing: the member guard asked,
    each file read under the writable check, ``change`` made to them in memory (a
    Refusal from it writes nothing: every reason, as Refused(RULES)), then every file
    written at once (:func:`_write_all`), or, for a dry run, none."""
    if not dry_run:
        check_guard(guard, paths)
    files = [load_writable_character(p) for p in paths]
    befores = [cf.raw for cf in files]
    try:
        with device_log.thrown_away(always=dry_run):     # a refusal writes none of it
            done = change(files)
    except Refusal as refusal:
        raise rules_refusal(refusal) from None
    if dry_run:
        changes = tuple(FileChange.of(p, b, cf.to_bytes())
                        for p, b, cf in zip(paths, befores, files))
    else:
        changes = _write_all(files, befores, what)
    return files, done, changes


def party_xp(spec: PartyXp, *, guard: Guard | None = None, dry_run: bool = False) -> Outcome:
    """Every survivor's share, all or nothing (:func:`builder.app.party.share_xp`): one
    refused share refuses the whole award (every reason listed) and writes nothing.
    ``award``: the :class:`~builder.app.party.PartyAward` (what each one keeps)."""
    from builder.app import party

    paths = [Path(p) for p in spec.parts]
    if not paths:
        raise Refused(RefusalCode.RULES, ["tick at least one surviving participant"])

    def share(files: list[CharacterFile]) -> party.PartyAward:
        members = [party.Member(cf) for cf in files]
        return party.share_xp(members, {m.key: spec.parts[p] for m, p in zip(members, paths)},
                              party.SessionXp(str(spec.session), spec.enemies,
                                              spec.treasure, spec.secure))
    _files, award, changes = _on_every_file(paths, guard, dry_run, "party XP award", share)
    shares = [{"path": str(p), "name": s.member.cf.name, "xp": s.xp, "entry": dict(s.entry)}
              for p, s in zip(paths, award.shares)]
    entry = {"action": "party-xp", "session": award.session, "total": award.tally.total,
             "members": shares}
    summary = "XP awarded: " + ", ".join(f"{m['name']} {m['xp']}" for m in shares)
    return Outcome(summary, changes, not dry_run, Envelope.of(entry),
                   tuple(f"{m['name']}: {m['xp']} XP" for m in shares),
                   {p: Envelope.of(dict(s.entry)) for p, s in zip(paths, award.shares)},
                   award=award)


def party_award(paths: Sequence[Path | str], words: Sequence[str], *,
                guard: Guard | None = None, dry_run: bool = False) -> Outcome:
    """``do WORDS`` for every character of ``paths`` at once (an award the whole table
    earned), all or nothing, as :func:`builder.app.campaigns.award` does for a
    campaign's members (:func:`builder.app.party.award_each`): one refusal refuses the
    award with every character's reasons and writes nothing.  ``entries``: each file's
    new entry (what :func:`take_back` takes back)."""
    from builder.app import party

    files = [Path(p) for p in paths]
    if not files:
        raise Refused(RefusalCode.RULES, ["choose at least one character"])
    loaded, logged, changes = _on_every_file(
        files, guard, dry_run, "award",
        lambda chosen: party.award_each([party.Member(cf) for cf in chosen], words))
    what = loaded[0].ruleset.describe(logged[0])
    names = [cf.name for cf in loaded]
    return Outcome(f"{what}: {', '.join(names)}", changes, not dry_run, None,
                   tuple(f"{name}: {what}" for name in names),
                   {p: Envelope.of(dict(entry)) for p, entry in zip(files, logged)})


def take_back(entries: Mapping[Path, Envelope], *, guard: Guard | None = None,
              what: str = "the award") -> Outcome:
    """Undo of a multi-file change (a party operation's outcome's ``entries``): remove
    exactly these last ledger entries, all or nothing (Refused when a file's last entry
    is another one, or an open tab holds an unsaved change to it)."""
    from builder.app import party

    paths = [Path(p) for p in entries]
    check_guard(guard, paths)
    files = [load_writable_character(p) for p in paths]
    befores = [cf.raw for cf in files]
    reasons = party.take_back_each(
        [(party.Member(cf), entries[p].entry) for p, cf in zip(paths, files)], what)
    if reasons:
        raise Refused(RefusalCode.STALE, [f"cannot undo {what}"] + reasons)
    changes = _write_all(files, befores, f"undo of {what}")
    return Outcome(f"Undone: {what}", changes, True, None,
                   tuple(f"undone: {cf.name}" for cf in files), dict(entries))
