"""Merging copies of a file, resolving what a merge suspended, checking files: the one
door the command line, the git merge driver and the intake of sync engines' conflict
copies go through (the merge itself is :mod:`builder.rules.merge`, pure).

Every write is the canonical document (sorted keys, fixed layout, final newline),
atomic and under the file's lock, and only when it holds every entry the file it
replaces holds (checked just before the replace): nothing is lost, and two laptops
merging the same copies write the same bytes.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from builder.rules import merge as merging
from builder.rules.base import Refusal, UsageError, read_action
from builder.rules.entry_ids import Envelope, canonical
from builder.rules.records import FrozenRecord
from builder.storage import jsonio
from builder.storage.files import FileProblem, current_bytes, encode_document, write_checked

if TYPE_CHECKING:
    from builder.app.outcome import Outcome
    from builder.storage.device_log import Log

#: The merge driver's name in .gitattributes and in the clone's config.
DRIVER = "character-builder"
#: What ``setup git`` writes into .gitattributes.
ATTRIBUTES = ("*.json merge=character-builder",)
#: The rulings ``resolve`` records.
REVOKE, KEEP, REOPEN = merging.REVOKE, merging.KEEP, merging.REOPEN
#: The merge driver's exit codes: merged; merged with conflicts recorded; not merged.
CLEAN, CONFLICTS, NOT_MERGED = 0, 1, 2


class Copy(FrozenRecord):
    """One file as read: its document (upgraded to the current format), its bytes."""

    _fields = ("path", "doc", "raw")
    __slots__ = _fields
    path: Path
    doc: dict[str, Any]
    raw: bytes

    def __init__(self, path: Path, doc: dict[str, Any], raw: bytes) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "doc", doc)
        object.__setattr__(self, "raw", raw)

    @property
    def kind(self) -> str:
        return str(self.doc.get("kind", "character"))


class Merged(FrozenRecord):
    """A merge written (or, for ``unchanged``, not needed): the result and its bytes;
    ``said``: what the operation did, in words, before the merge's own lines."""

    _fields = ("target", "result", "data", "unchanged", "sources", "said")
    __slots__ = _fields
    target: Path
    result: merging.MergeResult
    data: bytes
    unchanged: bool
    sources: tuple[Path, ...]
    said: tuple[str, ...]

    def __init__(self, target: Path, result: merging.MergeResult, data: bytes,
                 unchanged: bool, sources: tuple[Path, ...], said: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "unchanged", unchanged)
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "said", said)

    def lines(self) -> list[str]:
        lines = list(self.said)
        if len(self.sources) > 1:       # what each copy brought that the others lacked
            for source, added in zip(self.sources, self.result.added):
                if added:
                    lines.append(f"{source}: {len(added)} "
                                 f"{'entry' if len(added) == 1 else 'entries'} only here")
        for s in self.result.suspended:
            lines.append(suspension_line(s, self.result.doc))
        state = "unchanged" if self.unchanged else "written"
        lines.append(f"{self.target}: {state}")
        return lines


def describer(doc: Mapping[str, Any]) -> Callable[[Mapping[str, Any]], str]:
    """How a file's entries are told in words (its rule system's, or the campaign's);
    an entry that cannot be told is its verb."""
    try:
        if doc.get("kind") == "campaign":
            from functools import partial

            from builder.app.campaign_words import entry_text
            from builder.storage.campaigns import CampaignFile

            told: Callable[[Any], Any] = partial(entry_text, CampaignFile(dict(doc)))
        else:
            from builder.storage.rulesets import load_ruleset

            told = load_ruleset(str(doc["ruleset"])).describe
    except Exception:  # noqa: BLE001 - a file whose rules cannot be loaded: verbs
        told = lambda entry: Envelope.of(entry).verb  # noqa: E731

    def describe(entry: Mapping[str, Any]) -> str:
        try:
            return str(told(dict(entry)))
        except Exception:  # noqa: BLE001 - an entry the rules cannot describe: its verb
            return Envelope.of(entry).verb
    return describe


def entry_words(entry: Mapping[str, Any],
                describe: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """An entry as a person finds it: what it did (its verb without ``describe``), on
    which device, when ("Raised Presence to 2 (Bob's laptop, 2026-03-14 20:15 UTC)")."""
    envelope = Envelope.of(entry)
    what = describe(entry) if describe is not None else envelope.verb
    where = [envelope.device_name] if envelope.device_name else []
    if envelope.at:
        where.append(_minute(envelope.at))
    return f"{what} ({', '.join(where)})" if where else what


def _minute(at: str) -> str:
    """An entry's time to the minute, as written (UTC): "2026-03-14 20:15 UTC"."""
    if len(at) >= 16 and at[10] == "T" and at.endswith(("+00:00", "Z")):
        return f"{at[:10]} {at[11:16]} UTC"
    return at


def suspension_line(s: merging.Suspension, doc: Mapping[str, Any] | None = None) -> str:
    """One line for a suspended entry, in words: what it did, why the rules refuse it,
    what it collides with; its id last (what ``resolve`` takes)."""
    describe = describer(doc) if doc is not None else None
    state = ("kept as the GM's ruling (not applied)" if s.ruling == merging.KEEP
             else f"kept by ruling ({s.ruling})" if s.ruling else "suspended")
    collides = ""
    if s.collides_with and s.collides_with != s.envelope.id:
        other = next((e for e in merging.all_entries(doc or {})
                      if Envelope.of(e).id == s.collides_with and e is not s.entry), None)
        collides = (f"; it collides with {entry_words(other, describe)}" if other
                    else f"; it collides with entry {s.collides_with}")
    reasons = "; ".join(s.reasons) or "the rules refuse it after the merge"
    return (f"{entry_words(s.entry, describe)} is {state}: {reasons}{collides} "
            f"[entry {s.envelope.id}]")


def suspended_notes(path: Path | str, doc: Mapping[str, Any]) -> list[str]:
    """One line per open suspended entry of a file, with how to settle it (what
    ``check`` and ``show`` say)."""
    notes = []
    for s in merging.suspensions(doc):
        if s.open:
            notes.append(f"{suspension_line(s, doc)}; settle it with: character-builder "
                         f"resolve {path} {s.envelope.id} --revoke|--keep")
    return notes


# -- reading ------------------------------------------------------------------------
def read_copy(path: Path | str, shown: str | None = None) -> Copy:
    """A character or campaign file (FileProblem: one line naming it, as ``shown`` when
    it is no JSON: git's versions are temporary files; a file written by a newer version
    is not merged, it would be rewritten)."""
    from builder.storage.campaigns import load_campaign
    from builder.storage.files import load_character, read_raw

    path = Path(path)
    try:
        kind = jsonio.loads(read_raw(path)).get("kind", "character")
    except jsonio.JsonProblem as problem:
        raise FileProblem(f"{shown or path}: {problem}") from None
    except AttributeError:
        raise FileProblem(f"{path}: not a character or campaign file") from None
    loaded: Any = load_campaign(path) if kind == "campaign" else load_character(path)
    if loaded.read_only:
        raise FileProblem(loaded.read_only)
    return Copy(path, loaded.doc, loaded.raw or b"")


def rules_for(doc: Mapping[str, Any]) -> merging.Rules:
    """The rules a merged document's entries replay through."""
    if doc.get("kind") == "campaign":
        from builder.rules import fortune_peril as fp

        return merging.Rules(fp.initial_pool, fp.check, fp.advance, fp.is_pool_entry)
    from builder.storage.rulesets import load_ruleset

    ruleset = load_ruleset(str(doc["ruleset"]))
    baseline = doc["baseline"]
    return merging.Rules(
        lambda: ruleset.initial_state(baseline),
        lambda state, entry: ruleset.check(state, read_action(entry) or entry),
        lambda state, entry: ruleset.advance(state, read_action(entry) or entry))


def schema_names(doc: Mapping[str, Any]) -> list[str]:
    if doc.get("kind") == "campaign":
        from builder.storage.campaigns import SCHEMA

        return [SCHEMA]
    from builder.storage.validation import character_schema_names

    return character_schema_names(str(doc["ruleset"]))


def merge_docs(docs: Sequence[Mapping[str, Any]]) -> merging.MergeResult:
    """The pure merge with the rules of the file's kind (UsageError: not copies of one
    file)."""
    try:
        return merging.merge(docs, rules_for)
    except merging.MergeRefused as refused:
        raise UsageError(str(refused)) from None


# -- writing ------------------------------------------------------------------------
def _every_entry(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    return merging.every_entry(merging.prepared(doc))


def missing_entries(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The entries of ``old`` that ``new`` does not hold (empty: ``new`` is a superset)."""
    return merging.missing(_every_entry(old), _every_entry(new))


def write_merged(target: Path, doc: dict[str, Any], expected: bytes | None) -> bytes:
    """Write a merged document over ``target`` (holding ``expected``, None: no file),
    only when it holds every entry the file there holds (FileProblem otherwise)."""
    data = encode_document(doc, target, schema_names(doc))
    if expected is not None:
        try:
            there = read_copy(target).doc
        except FileProblem:
            there = None
        if there is not None and missing_entries(there, doc):
            raise FileProblem(f"{target}: not written: the merge would lose entries it holds")
    write_checked(target, data, expected)
    return data


def merge_files(paths: Sequence[Path | str], output: Path | str) -> Merged:
    """``merge A B [C...] -o OUT``: OUT holds every entry of every copy (an OUT that
    exists is merged in too, so nothing in it is lost)."""
    from builder.storage.conflicts import refuse_conflict_copy

    sources = [Path(p) for p in paths]
    target = Path(output)
    refused = refuse_conflict_copy(target)
    if refused:
        raise FileProblem(refused)
    if target.exists() and not any(_same(target, p) for p in sources):
        sources.append(target)
    copies = [read_copy(p) for p in sources]
    result = merge_docs([c.doc for c in copies])
    expected = current_bytes(target)
    data = encode_document(result.doc, target, schema_names(result.doc))
    if data == expected:
        return Merged(target, result, data, True, tuple(sources))
    write_merged(target, result.doc, expected)
    return Merged(target, result, data, False, tuple(sources))


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.absolute() == b.absolute()


# -- git ----------------------------------------------------------------------------
def merge_driver(base: Path | str, ours: Path | str, theirs: Path | str,
                 marker: str = "7", name: str = "") -> tuple[int, list[str]]:
    """git's merge driver (``%O %A %B %L %P``): the merge of ``ours`` and ``theirs``
    written into ``ours``.  (CLEAN, lines): merged; (CONFLICTS, lines): merged, with
    suspended entries recorded in the file; (NOT_MERGED, lines): an input could not
    be read or they are not copies of one file, ``ours`` untouched.  No common
    ancestor is needed: ``base`` is not read.  JSON files that are no characters or
    campaigns get git's own text merge."""
    ours, theirs = Path(ours), Path(theirs)
    if not (_is_ours(ours) or _is_ours(theirs)):
        return _text_merge(Path(base), ours, theirs, marker, name)
    try:
        a, b = read_copy(ours, "our version"), read_copy(theirs, "their version")
        result = merge_docs([a.doc, b.doc])
        write_merged(ours, result.doc, a.raw)
    except (FileProblem, UsageError, Refusal) as problem:
        return NOT_MERGED, [f"{name or ours}: not merged: {problem}"]
    before = {s.envelope.id for s in merging.suspensions(a.doc) if s.open} & \
        {s.envelope.id for s in merging.suspensions(b.doc) if s.open}
    new = [s for s in result.open_conflicts if s.envelope.id not in before]
    lines = [f"{name or ours}: {suspension_line(s, result.doc)}" for s in new]
    return (CONFLICTS if new else CLEAN), lines


def _is_ours(path: Path) -> bool:
    """Does the file say it is a character or campaign (or is it no JSON at all)?"""
    try:
        doc = jsonio.loads(path.read_bytes())
    except (OSError, ValueError):
        return True           # unreadable: ours to refuse, never text-merged
    return isinstance(doc, dict) and doc.get("kind", "character") in ("character", "campaign") \
        and "ledger" in doc


def _text_merge(base: Path, ours: Path, theirs: Path, marker: str,
                name: str) -> tuple[int, list[str]]:
    try:
        done = subprocess.run(["git", "merge-file", f"--marker-size={marker}", "-L", name,
                               "-L", name, "-L", name, str(ours), str(base), str(theirs)],
                              capture_output=True, text=True, check=False)
    except OSError as exc:
        return NOT_MERGED, [f"{name or ours}: not merged: git cannot be run ({exc})"]
    return (CLEAN if done.returncode == 0 else CONFLICTS), []


class GitRefused(UsageError):
    """git ran and refused (its last line, after the folder)."""


def _git(folder: Path, *args: str) -> str:
    """git's output (UsageError: git cannot be run; GitRefused: it refuses)."""
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True,
                              check=False)
    except OSError as exc:
        raise UsageError(f"git cannot be run ({exc})") from None
    if done.returncode:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitRefused(f"{folder}: {said[-1] if said else f'git {args[0]} failed'}")
    return done.stdout.decode("utf-8", "surrogateescape")


def repair(path: Path | str) -> Merged:
    """``repair FILE``: a file git merged as text (a clone without the merge driver
    leaves conflict markers in it) rebuilt from the two versions git keeps while the
    path is conflicted: their merge, every entry of both.  UsageError when git keeps
    no such versions of it."""
    import tempfile

    path = Path(path)
    try:
        listing = _git(path.parent, "ls-files", "-u", "-z", "--", path.name)
    except GitRefused:           # no such folder, or not in a git work tree
        if not path.exists():
            raise FileProblem(f"{path}: no such file") from None
        raise UsageError(f"{path}: not in a git work tree, so git keeps no versions of it; "
                         "nothing to repair") from None
    stages: dict[str, str] = {}
    for line in listing.split("\0"):
        info, _, _name = line.partition("\t")
        if info:
            _mode, blob, stage = info.split()
            stages[stage] = blob
    if "2" not in stages or "3" not in stages:
        if not path.exists():
            raise FileProblem(f"{path}: no such file")
        raise UsageError(f"{path}: git keeps no conflicted versions of it; nothing to repair")
    with tempfile.TemporaryDirectory(prefix="character-builder-repair-") as folder:
        copies = []
        for stage, side in (("2", "ours"), ("3", "theirs")):
            version = Path(folder) / f"{side}.json"
            version.write_bytes(subprocess.run(
                ["git", "-C", str(path.parent), "cat-file", "blob", stages[stage]],
                capture_output=True, check=True).stdout)
            copies.append(read_copy(version, f"{path} ({side})"))
    result = merge_docs([c.doc for c in copies])
    data = write_merged(path, result.doc, current_bytes(path))
    return Merged(path, result, data, False,
                  (Path(f"{path} (ours)"), Path(f"{path} (theirs)")))


def git_driver_missing(folder: Path | str) -> str | None:
    """A warning when ``folder`` is in a git work tree whose .gitattributes names the
    merge driver but whose clone does not define it (git would merge the files as
    text, leaving conflict markers); None otherwise."""
    folder = Path(folder)
    try:
        top = Path(_git(folder, "rev-parse", "--show-toplevel").strip())
        text = (top / ".gitattributes").read_text(encoding="utf-8")
    except (UsageError, OSError, ValueError):
        return None
    if f"merge={DRIVER}" not in text:
        return None
    try:
        if _git(folder, "config", "--get", f"merge.{DRIVER}.driver").strip():
            return None
    except UsageError:
        pass
    return (f"{top}: .gitattributes names the {DRIVER} merge driver but this clone lacks it "
            f"(git would merge as text); character-builder setup git adds it")


def setup_git(folder: Path | str, command: str = DRIVER) -> list[str]:
    """``setup git``: the .gitattributes lines in the work tree's top folder and the
    merge driver in the clone's config (UsageError: not inside a git work tree)."""
    folder = Path(folder)

    def git(*args: str) -> str:
        return _git(folder, *args).strip()

    top = Path(git("rev-parse", "--show-toplevel"))
    attributes = top / ".gitattributes"
    text = attributes.read_text(encoding="utf-8") if attributes.exists() else ""
    have = set(text.splitlines())
    added = [line for line in ATTRIBUTES if line not in have]
    if added:
        from builder.storage.atomic import write_bytes_atomic

        if text and not text.endswith("\n"):
            text += "\n"
        write_bytes_atomic(attributes, (text + "\n".join(added) + "\n").encode("utf-8"))
    git("config", f"merge.{DRIVER}.name", "character and campaign files, entry by entry")
    git("config", f"merge.{DRIVER}.driver", f"{command} merge-driver %O %A %B %L %P")
    lines = [f"{attributes}: {line}" for line in added]
    lines.append(f"merge.{DRIVER}.driver = {command} merge-driver %O %A %B %L %P")
    return lines


# -- resolving and checking ---------------------------------------------------------
def find_entry(doc: Mapping[str, Any], given: str) -> Envelope:
    """The envelope of the entry an id (or the start of one, any case) names (UsageError
    otherwise)."""
    ready = merging.prepared(doc)
    wanted = given.strip().upper()
    found = {envelope.id: envelope for envelope in map(Envelope.of, merging.all_entries(ready))
             if envelope.id.upper().startswith(wanted)} if wanted else {}
    if len(found) != 1:
        raise UsageError(f"{'no' if not found else 'more than one'} entry with the id "
                         f"{given!r}; conflicts lists the suspended ones")
    return next(iter(found.values()))


def resolve(path: Path | str, given: str, ruling: str) -> Merged:
    """``resolve FILE ENTRY --revoke|--keep``: a resolution entry, merged in like any
    other (Refusal: keep names an entry that is not suspended)."""
    from builder.storage.device import stamp_entry
    from builder.storage.locking import LockBusy, locked

    path = Path(path)
    try:
        with locked([path]):
            copy = read_copy(path)
            doc = merging.prepared(copy.doc)
            entry = find_entry(doc, given)
            suspended = {s.envelope.id for s in merging.suspensions(doc)}
            if ruling == merging.KEEP and entry.id not in suspended:
                raise Refusal([f"entry {entry.id} is not suspended: only a suspended "
                               "entry is kept by a ruling"])
            rulings = merging.ruled(doc)
            if ruling == merging.REOPEN and entry.id not in rulings:
                raise Refusal([f"entry {entry.id} has no ruling to take back"])
            if rulings.get(entry.id) == ruling:       # the same ruling twice: nothing new
                done = "revoked" if ruling == merging.REVOKE else "kept"
                raise Refusal([f"entry {entry.id} is {done} already by a ruling"])
            resolution = merging.resolution(entry.id, ruling)
            resolution["at"] = _now()
            stamp_entry(doc, resolution)
            doc.setdefault(merging.RESOLUTIONS, []).append(resolution)
            result = merge_docs([doc])
            data = write_merged(path, result.doc, copy.raw)
    except LockBusy as busy:
        raise FileProblem(str(busy)) from None
    told = entry_words(entry.entry, describer(result.doc))
    said = {merging.REVOKE: f"revoked {told}: kept in the file, no longer applied",
            merging.KEEP: f"kept {told} as the GM's ruling: recorded, not applied",
            merging.REOPEN: f"took back the ruling on {told}"}[ruling]
    return Merged(path, result, data, False, (path,),
                  said=(f"{path}: {said} [entry {entry.id}]",))


def latest_ruling(doc: Mapping[str, Any]) -> dict[str, Any] | None:
    """The file's latest ruling when it came after its last ledger entry (what
    ``undo FILE`` then takes back), else None."""
    rulings = merging.resolutions_of(doc)
    if not rulings:
        return None
    last = max(rulings, key=merging.sort_key)
    ledger = doc.get("ledger") or []
    return last if not ledger or merging.sort_key(last) > merging.sort_key(ledger[-1]) \
        else None


def take_back_ruling(doc: dict[str, Any], ruling: Mapping[str, Any]) -> dict[str, Any]:
    """The document with ``ruling`` withdrawn (kept in the file, no longer ruling) and
    merged again: the entry it settled is suspended, or applied, as before it."""
    from builder.storage.device import withdraw

    withdraw(doc, ruling)
    return merge_docs([doc]).doc


#: A ruling in words ("the ruling revoking Raised Presence to 2").
_RULING_WORDS = {REVOKE: "revoking", KEEP: "keeping", REOPEN: "reopening"}


def ruling_words(doc: Mapping[str, Any], ruling: Mapping[str, Any]) -> str:
    """What a ruling did, in words: "the ruling revoking Raised Presence to 2"."""
    target = str(ruling.get("entry", ""))
    found = next((e for e in merging.all_entries(doc) if Envelope.of(e).id == target), None)
    what = describer(doc)(found) if found is not None else f"entry {target}"
    verb = _RULING_WORDS.get(str(ruling.get("ruling")), str(ruling.get("ruling")))
    return f"the ruling {verb} {what}"


def _now() -> str:
    from builder.storage.files import now_iso

    return now_iso()


class Verdict(FrozenRecord):
    _fields = ("path", "problems")
    __slots__ = _fields
    path: Path
    problems: tuple[str, ...]

    def __init__(self, path: Path, problems: tuple[str, ...]) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "problems", problems)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(path: Path | str) -> Verdict:
    """Does the file replay (no entry the rules refuse in its ledger) and is it
    canonical (the bytes this version writes for it, in merge order)?  FileProblem:
    it cannot be read."""
    copy = read_copy(path)
    problems: list[str] = []
    raw_doc = jsonio.loads(copy.raw)
    if jsonio.encode(raw_doc) != copy.raw:
        problems.append("not canonical: its layout or key order is not what this "
                        "version writes")
    result = merge_docs([copy.doc])
    ready = merging.prepared(copy.doc)
    if canonical(ready.get("ledger")) != canonical(result.doc.get("ledger")):
        problems.append("its ledger is not in merge order, or holds entries the rules "
                        "refuse (merge FILE -o FILE puts it right)")
    for s in result.open_conflicts:
        problems.append(suspension_line(s, result.doc))
    return Verdict(Path(path), tuple(problems))


def open_conflicts(path: Path | str, quiet: bool = False
                   ) -> list[tuple[merging.Suspension, str]]:
    """The suspended entries of a file no ruling has closed, each with its line
    (``quiet``: none for a file that cannot be read, rather than FileProblem)."""
    try:
        doc = read_copy(path).doc
    except FileProblem:
        if quiet:
            return []
        raise
    return [(s, suspension_line(s, doc)) for s in merging.suspensions(doc) if s.open]


# -- conflict copies --------------------------------------------------------------------
class Intake(FrozenRecord):
    """One conflict copy taken in (``merged``), or left where it is and why."""

    _fields = ("copy", "original", "merged", "left")
    __slots__ = _fields
    copy: Path
    original: Path
    merged: Merged | None
    left: str

    def __init__(self, copy: Path, original: Path, merged: Merged | None = None,
                 left: str = "") -> None:
        object.__setattr__(self, "copy", copy)
        object.__setattr__(self, "original", original)
        object.__setattr__(self, "merged", merged)
        object.__setattr__(self, "left", left)

    def line(self) -> str:
        if self.merged is None:
            return f"{self.copy}: left as it is: {self.left}"
        added = len(self.merged.result.added[1]) if len(self.merged.result.added) > 1 else 0
        waiting = len(self.merged.result.open_conflicts)
        return (f"{self.copy}: merged into {self.original} ({added} "
                f"{'entry' if added == 1 else 'entries'} from it), then removed"
                + (f"; {waiting_words(waiting)} (conflicts {self.original})" if waiting
                   else ""))


def waiting_words(waiting: int) -> str:
    """"2 entries the rules refuse after the merge wait for a ruling": what the sync
    intake says of a merge that suspended entries, in the window and on the command
    line alike."""
    return (f"{waiting} {'entry' if waiting == 1 else 'entries'} the rules refuse after "
            f"the merge {'waits' if waiting == 1 else 'wait'} for a ruling")


def library_folders() -> list[Path]:
    """The folders of the library: characters and campaigns, the data folder's and
    those of every folder added to the library."""
    from builder.storage.folders import extra_folders
    from builder.storage.paths import campaigns_dir, characters_dir

    added = extra_folders()
    return list(dict.fromkeys([characters_dir(), campaigns_dir(), *added,
                               *(f / CAMPAIGNS_FOLDER for f in added)]))


#: Where a shared folder keeps its campaigns: a folder of this name inside it.
CAMPAIGNS_FOLDER = "campaigns"


def named_folders(named: Sequence[Path | str]) -> list[Path]:
    """The folders a command looks in for the folders named on its command line: each
    with the campaigns folder inside it when it has one (none named: the library's).
    UsageError for a name that is not a folder."""
    from builder.rules.base import UsageError

    if not named:
        return [f for f in library_folders() if f.is_dir()]
    found: list[Path] = []
    for name in named:
        folder = Path(name)
        if not folder.is_dir():
            what = "is not a folder" if folder.exists() else "no such folder"
            raise UsageError(f"{name}: {what}")
        found += [folder, *[f for f in [folder / CAMPAIGNS_FOLDER] if f.is_dir()]]
    return list(dict.fromkeys(found))


def data_files(folder: Path) -> list[Path]:
    """The character and campaign files in a folder (no conflict copy), by name."""
    from builder.storage.conflicts import is_data_file

    try:
        return sorted(p for p in folder.iterdir() if p.is_file() and is_data_file(p.name))
    except OSError:
        return []


def conflict_copies(folders: Sequence[Path | str] | None = None) -> list[Path]:
    from builder.storage.conflicts import conflict_copies as found

    return [copy for folder in (folders or library_folders()) for copy in found(Path(folder))]


def take_in(copy: Path | str, original: Path | None = None) -> Intake:
    """Merge a sync engine's conflict copy into the file it is a copy of (written as a
    new file when that one is gone), then remove the copy, only once every entry of it
    is in the file on disk.  A copy that cannot be read yet (still being copied in) or
    that is a copy of another file is left as it is."""
    from builder.storage.conflicts import is_conflict_copy, original_of

    copy = Path(copy)
    original = original_of(copy) if original is None else original
    if original == copy:
        return Intake(copy, original, left="no copy of another file")
    try:
        theirs = read_copy(copy)
    except FileProblem as problem:
        return Intake(copy, original, left=f"not readable yet ({problem})")
    try:
        sources = [original, copy] if original.exists() else [copy]
        docs = [read_copy(original).doc, theirs.doc] if original.exists() else [theirs.doc]
        result = merge_docs(docs)
        expected = current_bytes(original)
        data = write_merged(original, result.doc, expected) \
            if encode_document(result.doc, original, schema_names(result.doc)) != expected \
            else expected or b""
    except (FileProblem, UsageError) as problem:
        return Intake(copy, original, left=str(problem))
    if missing_entries(theirs.doc, read_copy(original).doc):
        return Intake(copy, original, left=f"{original} does not hold all its entries")
    try:
        copy.unlink()
    except OSError as exc:
        return Intake(copy, original, left=f"cannot be removed ({exc.strerror or exc})")
    if not is_conflict_copy(copy.name):     # a file this device may have written to
        from builder.storage import device_log

        device_log.moved(copy, original, _now())
    _moved_away_into(original, result.doc)
    merged = Merged(original, result, data, data == expected, tuple(sources))
    intake = Intake(copy, original, merged=merged)
    _remember(intake)
    return intake


def _moved_away_into(original: Path, doc: Mapping[str, Any]) -> None:
    """Files of ``doc``'s document this device wrote that are gone from their place
    with every entry this device wrote into them now in ``doc`` (written at
    ``original``): a file moved away, into a shared folder as a conflict copy say,
    before its copy was taken in.  Their logs follow it to ``original``, and the file
    missing from its place is not rebuilt into the trash."""
    from builder.storage import device_log

    file_id = doc.get("id")
    if not isinstance(file_id, str) or not file_id:
        return
    held = {Envelope.of(e).id for e in _every_entry(doc)}
    for log_path in device_log.logs_of(file_id):
        where = device_log.place(log_path)
        if where is None or where == original or where.exists() \
                or device_log.ends_trashed(log_path):
            continue
        log = device_log.read(log_path)
        if log is None or log.trashed or not log.entries:
            continue
        if {Envelope.of(e).id for e in log.entries} <= held:
            device_log.moved(where, original, _now())


#: The intake log in the state folder: one JSON line per conflict copy taken in.
INTAKE_LOG = "sync-intake.jsonl"
#: How many of its lines ``sync status`` shows (the latest).
SHOWN_INTAKES = 20


def _remember(intake: Intake) -> None:
    """Note a copy taken in (best effort: the log is for people, not for merging)."""
    from builder.storage.paths import state_dir

    if intake.merged is None:
        return
    added = intake.merged.result.added
    line = {"at": _now(), "copy": str(intake.copy), "file": str(intake.original),
            "entries": list(added[-1]) if len(added) > 1 else list(added[0])}
    try:
        folder = state_dir()
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / INTAKE_LOG, "a", encoding="utf-8") as log:
            log.write(canonical(line) + "\n")
    except (OSError, ValueError):
        pass


def recent_intakes() -> list[dict[str, Any]]:
    """The latest copies taken in on this device, oldest first."""
    from builder.storage.paths import state_dir

    try:
        lines = (state_dir() / INTAKE_LOG).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return []
    found = []
    for line in lines[-SHOWN_INTAKES:]:
        try:
            item = jsonio.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict):
            found.append(item)
    return found


def intake_words(item: Mapping[str, Any]) -> str:
    """One line of the intake log in words: when (to the minute), which copy went into
    which file, how many entries it brought."""
    count = len(item.get("entries", []))
    return (f"{_minute(str(item.get('at', '')))}: {item.get('copy')} merged into "
            f"{item.get('file')} ({count} {'entry' if count == 1 else 'entries'} from it)")


def take_in_all(folders: Sequence[Path | str] | None = None) -> list[Intake]:
    """Every conflict copy in the folders (default: the library's) taken in."""
    return [take_in(copy, original) for copy, original in copies_to_take_in(folders)]


def copies_to_take_in(folders: Sequence[Path | str] | None = None) -> list[tuple[Path, Path]]:
    """(copy, the file it goes into) in the folders (default: the library's)."""
    from builder.storage.conflicts import copies_to_take_in as found

    return [pair for folder in (folders or library_folders()) for pair in found(Path(folder))]


# -- what this device wrote ---------------------------------------------------------
class Restored(FrozenRecord):
    """Entries this device wrote that a file had lost, merged back into it (``before``
    and ``data``: its bytes then and now), or a file that vanished from its folder,
    rebuilt from them into the library's trash (``rebuilt``: its place there)."""

    _fields = ("path", "entries", "before", "data", "rebuilt")
    __slots__ = _fields
    path: Path
    entries: int
    before: bytes | None
    data: bytes
    rebuilt: Path | None

    def __init__(self, path: Path, entries: int, before: bytes | None, data: bytes,
                 rebuilt: Path | None = None) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "entries", entries)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "rebuilt", rebuilt)

    def line(self) -> str:
        what = f"{self.entries} {'entry' if self.entries == 1 else 'entries'} this device wrote"
        if self.rebuilt is not None:
            return (f"{self.path}: gone from its folder; rebuilt from {what} into the trash "
                    f"(library restore {self.rebuilt.name} puts it back)")
        return f"{self.path}: restored {what} that the folder had lost"

    def to_json(self) -> dict[str, Any]:
        return {"file": str(self.path), "entries": self.entries,
                "rebuilt": str(self.rebuilt) if self.rebuilt is not None else None}


def _logged_doc(log: "Log", keys_from: Mapping[str, Any] | None) -> dict[str, Any]:
    """A document holding what a device log kept: the file's other keys (from the file
    when it is there, so a restore changes none of them), the entries and rulings this
    device wrote, the entries it withdrew."""
    other = keys_from if keys_from is not None else log.header
    doc = {k: v for k, v in other.items() if k not in merging.ENTRY_LISTS}
    doc["ledger"] = [e for e in log.entries if Envelope.of(e).action != merging.RESOLVE]
    rulings = [e for e in log.entries if Envelope.of(e).action == merging.RESOLVE]
    if rulings:
        doc[merging.RESOLUTIONS] = rulings
    if log.withdrawn:
        doc[merging.WITHDRAWN] = list(log.withdrawn)
    return doc


def lost_entries(log: "Log", doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What of a device log ``doc`` lacks: an entry it does not hold, an undo it does
    not hold withdrawn."""
    ready = merging.prepared(doc)
    return merging.missing(log.entries, merging.every_entry(ready)) + \
        merging.missing(log.withdrawn, merging.withdrawn_of(ready))


def restore_own() -> list[Restored]:
    """Check every file this device wrote to (its device log, in the state folder)
    still holds every entry it wrote and every undo it made; merge back what a file
    lost, through the one merge and the checked writer.  A file gone from a folder
    that is still there, and not trashed here, is rebuilt from the log into the
    library's trash (another device may have trashed it on purpose: it is kept, not
    put back).  Files in a git work tree are left to git (a branch checked out lacks
    entries on purpose).  Files that did not change since they were last found whole
    are not read; a file that cannot be read or written now is tried again next time."""
    from builder.storage import device_log

    done: list[Restored] = []
    for log_path in device_log.logs():
        place = device_log.place(log_path)
        if place is None or device_log.unchanged(log_path, place):
            continue
        if not place.exists() and (not place.parent.is_dir()
                                   or device_log.ends_trashed(log_path)):
            continue
        if _in_git_work_tree(place):
            continue             # git keeps every version; a branch lacks entries on purpose
        log = device_log.read(log_path)
        if log is None or not log.entries and not log.withdrawn:
            continue
        try:
            restored = _restore_one(log)
        except (FileProblem, UsageError, Refusal):
            continue
        if restored is not None:
            done.append(restored)
        if place.exists():
            device_log.seen(log_path, place)
    return done


def work_tree_left_out(folders: Sequence[Path]) -> Path | None:
    """The top of the git work tree the current folder is in when none of ``folders``
    is in it (``doctor`` without a folder checks the library's folders: a clone
    elsewhere would go unchecked); None otherwise."""
    top = _work_tree_top(Path(os.path.abspath(os.curdir)))
    if top is None:
        return None
    for folder in folders:
        place = Path(os.path.abspath(folder))
        if place == top or top in place.parents:
            return None
    return top


def _work_tree_top(folder: Path) -> Path | None:
    """The top of the git work tree ``folder`` (absolute) is in: the nearest folder,
    itself or above it, holding a ``.git``; None outside any."""
    return next((above for above in (folder, *folder.parents)
                 if os.path.lexists(above / ".git")), None)


def _in_git_work_tree(path: Path) -> bool:
    """Is the file in a git work tree (a ``.git`` in a folder above it)?  There a file
    lacks entries because another branch is checked out, not because it lost them."""
    return _work_tree_top(Path(os.path.abspath(path)).parent) is not None


def _restore_one(log: "Log") -> Restored | None:
    from builder.storage import device_log
    from builder.storage.library import put_in_trash

    path = log.path
    if current_bytes(path) is None:
        if log.trashed or not path.parent.is_dir():
            return None          # trashed on purpose, or a folder not there (unmounted)
        result = merge_docs([_logged_doc(log, None)])
        data = encode_document(result.doc, path, schema_names(result.doc))
        item = put_in_trash(path, data)
        from builder.storage.files import now_iso

        device_log.trashed([path], now_iso())
        return Restored(path, len({Envelope.of(e).id for e in log.entries}), None, data,
                        item.trashed)
    there = read_copy(path)
    if str(there.doc.get("id")) != log.file_id:
        return None              # another file now has its place
    lost = lost_entries(log, there.doc)
    if not lost:
        return None
    result = merge_docs([there.doc, _logged_doc(log, there.doc)])
    data = write_merged(path, result.doc, there.raw)
    return Restored(path, len({Envelope.of(e).id for e in lost}), there.raw, data)


def restore_own_outcome() -> "Outcome | None":
    """:func:`restore_own` as the window's operation: the files written (for its
    "files changed" broadcast), the files gone from their folder and rebuilt into the
    trash (``moved``: each file's path and its rebuilt copy's) and one sentence for its
    sync bar ("Restored 2 entries this device wrote that the folder had lost"); None when
    nothing was lost."""
    from builder.app.outcome import FileChange, Outcome

    restored = restore_own()
    if not restored:
        return None
    back = sum(r.entries for r in restored if r.rebuilt is None)
    rebuilt = [r for r in restored if r.rebuilt is not None]
    parts = []
    if back:
        parts.append(f"Restored {back} {'entry' if back == 1 else 'entries'} this device "
                     f"wrote that the folder had lost")
    for item in rebuilt:
        parts.append(f"{item.path.name} is gone from its folder: rebuilt from this "
                     f"device's entries into the trash (Restore there puts it back)")
    changes = tuple(FileChange.of(r.path, r.before, r.data) for r in restored
                    if r.rebuilt is None)
    return Outcome("; ".join(parts), changes, lines=tuple(r.line() for r in restored),
                   moved=tuple((r.path, r.rebuilt) for r in rebuilt if r.rebuilt is not None))
