"""What the window shows and does about shared files: the conflict copies taken in
(with what came in from other devices), a file's merged timeline with its suspended
entries explained, the rulings a suspended entry can get, and their undo.

The merge, the intake and the rulings themselves are :mod:`builder.app.sync`; this
module reports on them in a person's words and makes each ruling one undoable step:

* :func:`take_in_library` takes in every conflict copy of the library and says, per
  file, how many entries other devices wrote (by device name);
* :func:`report` is a file's timeline (every entry in merge order, applied,
  suspended, kept by ruling or revoked), each open conflict with its reason in words,
  the figures now and the figures after each ruling offered;
* :func:`resolve` records a ruling (:func:`builder.app.sync.resolve`);
  :func:`unresolve` takes that ruling entry out again (the window's Undo, as Undo
  drops the last ledger entry of a character) and :func:`reapply` puts the same entry
  back (Redo): every other entry of the file is kept, checked before the write.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Mapping, Sequence

from builder.app import sync
from builder.app.outcome import FileChange, Guard, Outcome, check_guard
from builder.rules import merge as merging
from builder.rules.base import UsageError
from builder.rules.entry_ids import Envelope
from builder.rules.records import FrozenRecord

#: An entry's place on the timeline.
APPLIED, SUSPENDED, KEPT, REVOKED = "applied", "suspended", "kept", "revoked"
#: The rulings (as :mod:`builder.app.sync` records them).
REVOKE, KEEP, REOPEN = sync.REVOKE, sync.KEEP, sync.REOPEN

Figures = tuple[tuple[str, str], ...]


# -- conflict copies ----------------------------------------------------------------
class SyncedFile(FrozenRecord):
    """A file that took in a conflict copy: how many entries of other devices came
    in, by device name ("" where the entries carry none), and its open conflicts."""

    _fields = ("path", "name", "devices", "open_conflicts")
    __slots__ = _fields
    path: Path
    name: str
    devices: tuple[tuple[str, int], ...]
    open_conflicts: int

    def __init__(self, path: Path, name: str, devices: tuple[tuple[str, int], ...],
                 open_conflicts: int) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "devices", devices)
        object.__setattr__(self, "open_conflicts", open_conflicts)

    @property
    def entries(self) -> int:
        return sum(n for _, n in self.devices)


class TakenIn(FrozenRecord):
    """What :func:`take_in_library` did: the files it wrote (``outcome``), what came
    in from other devices, the copies left where they are (with why), and each copy
    taken in with the file it went into (``merged``: (copy, file kept) pairs)."""

    _fields = ("outcome", "synced", "left", "merged")
    __slots__ = _fields
    outcome: Outcome
    synced: tuple[SyncedFile, ...]
    left: tuple[tuple[Path, str], ...]
    merged: tuple[tuple[Path, Path], ...]

    def __init__(self, outcome: Outcome, synced: tuple[SyncedFile, ...],
                 left: tuple[tuple[Path, str], ...],
                 merged: tuple[tuple[Path, Path], ...] = ()) -> None:
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "synced", synced)
        object.__setattr__(self, "left", left)
        object.__setattr__(self, "merged", merged)


def _this_device() -> str:
    from builder.storage.device import device

    return device()[0]


def take_in_library(folders: Sequence[Path | str] | None = None) -> TakenIn:
    """Every conflict copy in the folders (default: the library's) merged into its
    file and removed (:func:`builder.app.sync.take_in`)."""
    from builder.storage.conflicts import is_conflict_copy
    from builder.storage.files import current_bytes

    changes: list[FileChange] = []
    synced: list[SyncedFile] = []
    left: list[tuple[Path, str]] = []
    taken: list[tuple[Path, Path]] = []
    me = _this_device()
    for copy, original in sync.copies_to_take_in(folders):
        before = current_bytes(original)
        listed = None if is_conflict_copy(copy.name) else current_bytes(copy)
        intake = sync.take_in(copy, original)
        merged = intake.merged
        if merged is None:
            left.append((copy, intake.left))
            continue
        taken.append((copy, original))
        if merged.data != before:
            changes.append(FileChange.of(original, before, merged.data))
        if listed is not None:      # a copy under another name was listed: it is gone
            changes.append(FileChange.of(copy, listed, None))
        doc = merged.result.doc
        brought = set(merged.result.added[-1]) if merged.result.added else set()
        counts: dict[str, int] = {}
        for entry in merging.all_entries(doc) + merging.resolutions_of(doc):
            envelope = Envelope.of(entry)
            if envelope.id in brought and envelope.device != me:
                counts[envelope.device_name] = counts.get(envelope.device_name, 0) + 1
        if counts:
            synced.append(SyncedFile(original, str(doc.get("name") or original.stem),
                                     tuple(sorted(counts.items())),
                                     len(merged.result.open_conflicts)))
    entries = sum(s.entries for s in synced)
    summary = f"Synced in: {entries} {'entry' if entries == 1 else 'entries'}"
    return TakenIn(Outcome(summary, tuple(changes)), tuple(synced), tuple(left),
                   tuple(taken))


# -- a file's conflicts, in words ---------------------------------------------------
class Line(FrozenRecord):
    """One entry of the merged timeline."""

    _fields = ("id", "text", "at", "device", "state")
    __slots__ = _fields
    id: str
    text: str
    at: str
    device: str
    state: str

    def __init__(self, id: str, text: str, at: str, device: str, state: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "device", device)
        object.__setattr__(self, "state", state)


class Choice(FrozenRecord):
    """A ruling offered for a conflict: which entry it names, and the figures after."""

    _fields = ("ruling", "entry", "label", "figures", "changes")
    __slots__ = _fields
    ruling: str
    entry: str
    label: str
    figures: Figures
    #: What it changes on the timeline, in words ("Raised Presence to 2: applied").
    changes: tuple[str, ...]

    def __init__(self, ruling: str, entry: str, label: str, figures: Figures,
                 changes: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "ruling", ruling)
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "changes", changes)


class Conflict(FrozenRecord):
    """An open conflict: the suspended entry, the one it collides with (if known), the
    reason in words, the figures now and the rulings offered."""

    _fields = ("entry", "other", "reason", "figures", "choices")
    __slots__ = _fields
    entry: Line
    other: Line | None
    reason: str
    figures: Figures
    choices: tuple[Choice, ...]

    def __init__(self, entry: Line, other: Line | None, reason: str, figures: Figures,
                 choices: tuple[Choice, ...]) -> None:
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "other", other)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "choices", choices)


class Report(FrozenRecord):
    _fields = ("path", "kind", "name", "timeline", "conflicts", "figures")
    __slots__ = _fields
    path: Path
    kind: str
    name: str
    timeline: tuple[Line, ...]
    conflicts: tuple[Conflict, ...]
    figures: Figures

    def __init__(self, path: Path, kind: str, name: str, timeline: tuple[Line, ...],
                 conflicts: tuple[Conflict, ...], figures: Figures) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "timeline", timeline)
        object.__setattr__(self, "conflicts", conflicts)
        object.__setattr__(self, "figures", figures)


def clock(at: str) -> str:
    """An entry's time as a person reads it: the local hour and minute (and the date
    when it is not today); the text as it is when it is no time."""
    try:
        when = datetime.fromisoformat(at).astimezone()
    except (TypeError, ValueError):
        return at
    if when.date() == datetime.now().astimezone().date():
        return when.strftime("%H:%M")
    return when.strftime("%Y-%m-%d %H:%M")


class _Words:
    """How a file's entries and figures are told, by its kind."""

    def __init__(self, doc: Mapping[str, Any]):
        self.kind = str(doc.get("kind", "character"))
        if self.kind == "campaign":
            from builder.storage.campaigns import CampaignFile

            self._campaign = CampaignFile(dict(doc))
        else:
            from builder.storage.rulesets import load_ruleset

            self._ruleset = load_ruleset(str(doc["ruleset"]))

    def text(self, entry: Mapping[str, Any]) -> str:
        try:
            if self.kind == "campaign":
                from builder.app.campaign_words import entry_text

                return entry_text(self._campaign, dict(entry))
            return str(self._ruleset.describe(dict(entry)))
        except Exception:  # noqa: BLE001 - an entry the rules cannot describe: its verb
            return Envelope.of(entry).verb

    def figures(self, doc: Mapping[str, Any]) -> Figures:
        try:
            if self.kind == "campaign":
                from builder.rules import fortune_peril as fp

                pool = fp.replay(doc.get("ledger") or []).state
                return (("Fortune", str(pool.fortune)), ("Peril", str(pool.peril)))
            from builder.rules.engine import replay

            state = replay(self._ruleset, doc["baseline"], list(doc.get("ledger") or [])).state
            return tuple((str(k), str(v)) for k, v in self._ruleset.headline(state).items())
        except Exception:  # noqa: BLE001 - figures are a help; a file that has none shows none
            return ()


def _line(words: _Words, entry: Mapping[str, Any], state: str) -> Line:
    envelope = Envelope.of(entry)
    return Line(envelope.id, words.text(entry), envelope.at, envelope.device_name, state)


def reason_words(s: merging.Suspension, entry: Line, other: Line | None) -> str:
    """Why an entry is suspended, in words: the rules' reasons, then what came first
    and what came after, with their times and devices."""
    said = "; ".join(s.reasons) or "the rules refuse it after the merge"

    def who(line: Line) -> str:
        where = f" on {line.device}" if line.device else ""
        return f"{line.text} ({clock(line.at)}{where})"

    if other is None:
        return f"{said}: {who(entry)}"
    return f"{said}: first {who(other)}, then {who(entry)}"


def _after(doc: Mapping[str, Any], entry_id: str, ruling: str) -> dict[str, Any]:
    """The document as it would be with one more ruling (not written)."""
    trial = merging.prepared(doc)
    ruled = merging.resolution(entry_id, ruling)
    ruled.update(id="~", at="9999-12-31T23:59:59+00:00", seq=1 << 62)
    trial[merging.RESOLUTIONS] = list(trial.get(merging.RESOLUTIONS) or []) + [ruled]
    return sync.merge_docs([trial]).doc


def _states(doc: Mapping[str, Any]) -> dict[str, str]:
    """Each entry's place on the timeline, by id."""
    states: dict[str, str] = {Envelope.of(e).id: APPLIED for e in doc.get("ledger") or []}
    for s in merging.suspensions(doc):
        states[s.envelope.id] = KEPT if s.ruling else SUSPENDED
    for e in doc.get(merging.REVOKED) or []:
        states[Envelope.of(e).id] = REVOKED
    return states


def _choice(words: _Words, doc: Mapping[str, Any], timeline: Sequence[Line], ruling: str,
            target: str, label: str) -> Choice:
    after = _after(doc, target, ruling)
    states = _states(after)
    changes = tuple(f"{line.text}: {states[line.id]}" for line in timeline
                    if states.get(line.id, line.state) != line.state)
    return Choice(ruling, target, label, words.figures(after), changes)


def report(path: Path | str) -> Report:
    """A file's merged timeline and its open conflicts (FileProblem: it cannot be
    read)."""
    path = Path(path)
    doc = merging.prepared(sync.read_copy(path).doc)
    words = _Words(doc)
    states = _states(doc)
    suspensions = merging.suspensions(doc)
    entries = sorted(merging.all_entries(doc), key=merging.sort_key)
    timeline = tuple(_line(words, e, states.get(Envelope.of(e).id, APPLIED)) for e in entries)
    by_id = {line.id: line for line in timeline}
    figures = words.figures(doc)
    conflicts = []
    for s in suspensions:
        if not s.open:
            continue
        entry = _line(words, s.entry, SUSPENDED)
        other = by_id.get(str(s.collides_with)) if s.collides_with else None
        if other is not None and other.id == entry.id:
            other = None
        offered = [(REVOKE, entry.id, "Revoke this entry")]
        if other is not None and other.state == APPLIED:
            offered.append((REVOKE, other.id, "Revoke the other"))
        offered.append((KEEP, entry.id, "Keep both (GM's ruling)"))
        choices = tuple(_choice(words, doc, timeline, ruling, target, label)
                        for ruling, target, label in offered)
        conflicts.append(Conflict(entry, other, reason_words(s, entry, other), figures,
                                  choices))
    return Report(path, words.kind, str(doc.get("name") or path.stem), timeline,
                  tuple(conflicts), figures)


# -- rulings and their undo ---------------------------------------------------------
def _resolutions(path: Path) -> dict[str, dict[str, Any]]:
    doc = merging.prepared(sync.read_copy(path).doc)
    return {Envelope.of(e).id: e for e in merging.resolutions_of(doc)}


def resolve(path: Path | str, entry_id: str, ruling: str, *,
            guard: Guard | None = None) -> Outcome:
    """Record a ruling on an entry (:func:`builder.app.sync.resolve`); the outcome's
    ``entry`` is the ruling entry written (what :func:`unresolve` takes out)."""
    from builder.storage.files import current_bytes

    path = Path(path)
    check_guard(guard, [path])
    before_bytes = current_bytes(path)
    before = _resolutions(path)
    merged = sync.resolve(path, entry_id, ruling)
    doc = merged.result.doc
    new = [e for e in merging.resolutions_of(doc) if Envelope.of(e).id not in before]
    written = next((e for e in new if e.get("entry") == entry_id
                    and e.get("ruling") == ruling), new[-1] if new else None)
    verb = "Kept as the GM's ruling" if ruling == KEEP else "Revoked"
    return Outcome(f"{verb}: {_describe(doc, entry_id)}",
                   (FileChange.of(path, before_bytes, merged.data),),
                   entry=None if written is None else Envelope.of(written),
                   lines=(f"{path}: {verb.lower()} {entry_id}",))


def _describe(doc: Mapping[str, Any], entry_id: str) -> str:
    found = next((e for e in merging.all_entries(doc) if Envelope.of(e).id == entry_id), None)
    return _Words(doc).text(found) if found is not None else entry_id


def unresolve(path: Path | str, ruling: Envelope | None, *,
              guard: Guard | None = None) -> Outcome:
    """Undo of a ruling: a ``reopen`` entry appended, which takes back the ruling
    ``ruling`` (:func:`resolve`'s outcome's ``entry``) on its entry (suspended or applied
    again as before it); the file keeps every entry, the ruling's too.  UsageError when
    the ruling is no longer the entry's latest (another ruling came after it) or there
    is none."""
    from builder.storage.files import current_bytes

    path = Path(path)
    check_guard(guard, [path])
    ruling = Envelope.of({}) if ruling is None else ruling
    target = str(ruling.entry.get("entry", ""))
    latest = [e for e in _resolutions(path).values() if str(e.get("entry")) == target]
    if not latest or Envelope.of(latest[-1]).id != ruling.id:
        raise UsageError(f"{path}: the ruling is no longer the entry's latest")
    before_bytes = current_bytes(path)
    merged = sync.resolve(path, target, REOPEN)
    return Outcome(f"Ruling taken back: {_describe(merged.result.doc, target)}",
                   (FileChange.of(path, before_bytes, merged.data),), entry=ruling,
                   lines=(f"{path}: ruling on {target} taken back",))


def reapply(path: Path | str, ruling: Envelope | None, *,
            guard: Guard | None = None) -> Outcome:
    """Redo of a ruling: the same ruling (:func:`unresolve`'s outcome's ``entry``)
    given again, as a new entry after the ``reopen`` that took it back."""
    given: Mapping[str, Any] = {} if ruling is None else ruling.entry
    return resolve(path, str(given.get("entry", "")), str(given.get("ruling")), guard=guard)
