"""Character files: one JSON document per character.

``format`` is the character format version (builder/storage/formats.py: what we
write, the oldest we read, and the migration of older files, applied when a file
is read).  A newer file opens read-only and is never rewritten.  Unknown keys are
kept and written back unchanged.
"""
from __future__ import annotations

import os
import random
import re
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TypeVar

from builder.rules.base import (NAME_NEEDED, Action, ActionEntry, Option, Refusal, RulesError,
                                Ruleset, UsageError, kept_name)
from builder.rules.records import FrozenRecord, Record
from builder.rules.engine import Replay, attempt, replay
from builder.storage import jsonio
from builder.storage.atomic import ReadOnlyTarget, write_bytes_atomic
from builder.storage.device import new_id, stamp_entry, withdraw
from builder.storage.formats import CHARACTER, FORMATS, IDENTITY_TEXT_KEYS, FormatProblem
from builder.storage.paths import characters_dir

if TYPE_CHECKING:
    from builder.storage.transaction import Change

#: The character format (campaigns have their own: formats.CAMPAIGN).
CHARACTER_FORMAT_VERSION = CHARACTER.current
FORMAT_VERSION = CHARACTER_FORMAT_VERSION
MIN_FORMAT_VERSION = CHARACTER.oldest


class FileProblem(Exception):
    """A file that cannot be read, parsed, validated or written.  The message names it."""


class ChangedOnDisk(FileProblem):
    """The file no longer holds what was read: another program changed it meanwhile."""


def now_iso() -> str:
    from datetime import datetime, timezone  # here: reading a file needs no clock

    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def check_format(doc: dict[str, Any], path: Path | str, kind: str = "character") -> str | None:
    """Returns a read-only reason for a newer file, raises FileProblem for one without a
    version or older than the oldest this version reads."""
    try:
        return FORMATS[kind].check(doc, str(path))
    except FormatProblem as problem:
        raise FileProblem(str(problem)) from None


def read_document(path: Path | str, schema_name: str, kind: str) -> tuple[dict[str, Any], bytes, str | None]:
    """Read, parse (strict JSON) and validate a character or campaign file.

    FileProblem (one line naming the file) for anything that is not a valid
    document of ``kind``; (document, bytes read, read-only reason or None).  A file of
    an older format is upgraded (in memory) before it is validated."""
    path = Path(path)
    raw = read_raw(path, kind)
    try:
        doc = jsonio.loads(raw)
    except jsonio.JsonProblem as problem:
        raise FileProblem(f"{path}: {problem}") from None
    if not isinstance(doc, dict) or doc.get("kind", kind) != kind:
        other = doc.get("kind") if isinstance(doc, dict) else None
        known = f" (it is a {other} file)" if isinstance(other, str) and other in FORMATS \
            else ""
        raise FileProblem(f"{path}: not a {kind} file{known}")
    read_only = check_format(doc, path, kind)
    FORMATS[kind].upgrade(doc)
    problems = read_problems(doc, raw, [schema_name])
    if problems and read_only is None:
        raise FileProblem(f"{path}: does not match the {kind} file format: {problems[0]}")
    if problems:
        # A newer file is shown read-only only while it still has what this version reads.
        raise FileProblem(f"{path}: written by a newer version (format {doc.get('format')}) "
                          f"that this version cannot read: {problems[0]}")
    return doc, raw, read_only


#: For each list of schemas, the bytes last read that matched them (and the schemas as
#: then loaded): the same bytes are read as the same document, so a command that reads
#: a file twice (a campaign and its members, the check before a change) validates it once.
_matched: dict[tuple[str, ...], tuple[bytes, list[Any]]] = {}


def read_problems(doc: dict[str, Any], raw: bytes, schema_names: list[str]) -> list[str]:
    """:func:`~builder.storage.validation.document_problems` of ``doc``, read from
    ``raw`` (and upgraded), which are the same for the same bytes and schemas."""
    from builder.storage.validation import document_problems, load_schema, matched

    key = tuple(schema_names)
    schemas = [load_schema(name) for name in schema_names]
    known = _matched.get(key)
    if (known is not None and known[0] == raw
            and all(a is b for a, b in zip(known[1], schemas, strict=True))):
        matched(doc, schema_names)
        return []
    problems = document_problems(doc, schema_names)
    if not problems:
        _matched[key] = (raw, schemas)
    return problems


def read_raw(path: Path, kind: str = "character") -> bytes:
    """The bytes of a file (FileProblem: missing, a folder, a pipe or a device, a link
    loop, too large, unreadable; at once, never waiting on the file)."""
    from builder.storage.atomic import sweep_folder
    from builder.storage.reading import Unreadable, read_regular

    sweep_folder(path.parent)
    try:
        return read_regular(path, jsonio.MAX_DOCUMENT_BYTES, f"{kind} file")
    except Unreadable as why:
        raise FileProblem(f"{path}: {why}") from None


def current_bytes(path: Path) -> bytes | None:
    """What the file holds now (None: no such file)."""
    from builder.storage.reading import Unreadable, read_regular, reason_of

    try:
        os.stat(path)
    except FileNotFoundError:       # (a link to nothing too: a write creates its target)
        return None
    except OSError as exc:
        raise FileProblem(f"{path}: {reason_of(exc)}") from None
    try:
        return read_regular(path, jsonio.MAX_DOCUMENT_BYTES)
    except Unreadable as why:
        raise FileProblem(f"{path}: {why}") from None


#: The largest whole number a file keeps, either sign (every file format's ``int``).
WHOLE_NUMBER_LIMIT = 1_000_000_000


def beyond_a_file(values: Mapping[str, Any]) -> str | None:
    """Why an action the rules took cannot be logged: a whole number of it beyond what a
    file keeps, by the name the ledger gives it (``xp must be at most 1000000000, not
    ...``); None when every one fits."""
    for key, value in values.items():
        if isinstance(value, int) and not isinstance(value, bool) \
                and abs(value) > WHOLE_NUMBER_LIMIT:
            bound = "at most " if value > 0 else "at least -"
            return f"{key} must be {bound}{WHOLE_NUMBER_LIMIT}, not {value}"
    return None


def write_checked(target: Path, data: bytes, expected: bytes | None,
                  check: bool = True) -> None:
    """Write ``data`` to ``target`` under its lock; with ``check``, only while the file
    still holds ``expected`` (None: no such file), else ChangedOnDisk."""
    from builder.storage.conflicts import refuse_conflict_copy
    from builder.storage.locking import LockBusy, locked

    refused = refuse_conflict_copy(target)
    if refused:
        raise FileProblem(refused)
    try:
        with locked([target]):
            if check and current_bytes(target) != expected:
                raise ChangedOnDisk(f"{target}: changed by another program meanwhile; "
                                    f"nothing written")
            write_bytes_atomic(target, data)
        from builder.storage import device_log

        device_log.written(target, data)     # this device's entries, kept outside the folder
    except LockBusy as busy:
        raise FileProblem(str(busy)) from None
    except ReadOnlyTarget as refused:
        raise FileProblem(str(refused)) from None
    except OSError as exc:
        raise FileProblem(f"{target}: cannot be written ({exc.strerror or exc})") from None


def encode_document(doc: dict[str, Any], target: Path | str, schema_names: list[str]) -> bytes:
    """The bytes to write for ``doc``: only a document that validates and is standard
    JSON is ever written (FileProblem otherwise, naming the file)."""
    from builder.storage.validation import document_problems

    try:
        data = jsonio.encode(doc)
    except jsonio.JsonProblem as problem:
        raise FileProblem(f"{target}: not written: {problem}") from None
    problems = document_problems(doc, schema_names)
    if problems:
        raise FileProblem(f"{target}: not written: it would not match the file format: "
                          f"{problems[0]}")
    return data


class Preview(FrozenRecord):
    """An action as ``do`` would take it (chance resolved), the reasons it would be
    refused for (empty: it would be taken), and the states around it (``after`` is
    None when refused)."""

    _fields = ("action", "reasons", "before", "after")
    __slots__ = _fields
    action: Action
    reasons: tuple[str, ...]
    before: Any
    after: Any

    def __init__(self, action: Action, reasons: tuple[str, ...], before: Any,
                 after: Any) -> None:
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "reasons", reasons)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)

    @property
    def allowed(self) -> bool:
        return not self.reasons


class CharacterFile(Record):
    """A loaded character: its document, its ruleset, and the replayed state."""

    _fields = ("doc", "ruleset", "path", "raw", "read_only", "_replay")
    __slots__ = _fields
    _repr_fields = ("doc", "ruleset", "path", "raw", "read_only")
    doc: dict[str, Any]
    ruleset: Ruleset
    path: Path | None
    raw: bytes | None
    read_only: str | None
    _replay: Replay | None

    def __init__(self, doc: dict[str, Any], ruleset: Ruleset, path: Path | None = None,
                 raw: bytes | None = None, read_only: str | None = None,
                 _replay: Replay | None = None) -> None:
        self.doc = doc
        self.ruleset = ruleset
        self.path = path
        self.raw = raw
        self.read_only = read_only
        self._replay = _replay

    # -- derived ----------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.doc.get("name", ""))

    @property
    def ledger(self) -> list[dict[str, Any]]:
        ledger: list[dict[str, Any]] = self.doc["ledger"]
        return ledger

    @property
    def replay(self) -> Replay:
        if self._replay is None:
            try:
                self._replay = replay(self.ruleset, self.doc["baseline"], self.doc["ledger"])
            except (RulesError, FileProblem):
                raise
            except Exception:
                reasons = self._baseline_reasons()
                if not reasons:
                    raise                      # a file the rules accept: a bug, reported
                raise FileProblem(self._refused_line(f"baseline: {reasons[0]}")) from None
        return self._replay

    # -- a file the rules refuse ---------------------------------------------
    # Rule code may not make sense of a file whose baseline the rules refuse (a spell its
    # class lacks): whatever it raises then, a command answers with what `check` says.
    def _baseline_reasons(self) -> list[str]:
        try:
            return [str(r) for r in self.ruleset.validate_baseline(self.doc["baseline"])]
        except Exception:  # noqa: BLE001 - the rules cannot even say why: no reason known
            return []

    def _refused_line(self, first: str) -> str:
        return jsonio.one_line(f"{self.path or self.name}: {first} (check lists every problem)")

    @contextmanager
    def _explained(self) -> Iterator[None]:
        """Rule code run over this file: an exception on a file with problems becomes the
        first problem ``check`` lists (FileProblem); on a file without any it is a bug."""
        try:
            yield
        except (RulesError, FileProblem):
            raise
        except Exception:
            lines = [line for p in self.replay.problems for line in p.lines()]
            if not lines:
                raise
            raise FileProblem(self._refused_line(lines[0])) from None

    @property
    def state(self) -> Any:
        return self.replay.state

    def derived(self, ledger_rows: bool = True) -> dict[str, Any]:
        """The ``show --json`` dict, plus the ledger rows (unless ``ledger_rows`` is
        False: then without the key) and the notes."""
        with self._explained():
            result = dict(self.ruleset.derive(self.state, self.name))
        if ledger_rows:
            result["ledger"] = self.ledger_rows()
        result["notes"] = self.doc.get("notes", "")
        result.update(identity_of(self.doc))  # player, appearance, background, notes, portrait
        result["problems"] = [line for p in self.replay.problems for line in p.lines()]
        return result

    def ledger_rows(self) -> list[dict[str, Any]]:
        """Every ledger entry in order, with its cost and the balance (SP, XP) after it."""
        with self._explained():
            return self._ledger_rows()

    def _ledger_rows(self) -> list[dict[str, Any]]:
        rp = self.replay
        refused = {p.entry: p.reasons for p in rp.problems if p.entry is not None}
        ids = self._entry_ids()
        rows = []
        for index, action in enumerate(rp.ledger):
            step = rp.steps[index]
            row = {"n": index + 1, "id": ids[index], "action": action.get("action"),
                   "text": self.ruleset.describe(action), "at": action.get("at", ""),
                   "cost": 0 if index in refused else step.cost,
                   "balance_after": step.balance_after,
                   "balance_before": step.balance_before}
            if self.ruleset.balance_row_key:
                row[self.ruleset.balance_row_key] = row["balance_after"]
            if index in refused:
                row["refused"] = refused[index]
            rows.append(row)
        return rows

    def _entry_ids(self) -> list[str]:
        """Each ledger entry's id (an old file's derived, as its next write gives them:
        what ``resolve`` and a merge know the entry by)."""
        ledger = self.doc["ledger"]
        if all(isinstance(e, dict) and isinstance(e.get("id"), str) and e["id"]
               for e in ledger):
            return [e["id"] for e in ledger]
        from builder.rules.entry_ids import ensure_ids

        copy = dict(self.doc, ledger=[dict(e) if isinstance(e, dict) else e for e in ledger])
        ensure_ids(copy)
        return [str(e.get("id", "")) if isinstance(e, dict) else "" for e in copy["ledger"]]

    def options(self) -> list[Option]:
        """Every possible next step, each with its cost, reasons and ``do`` words."""
        with self._explained():
            return [Option.coerce(o) for o in self.ruleset.options(self.state)]

    # -- changes (in memory; save() writes) ---------------------------------
    def preview(self, action: ActionEntry, rng: random.Random | None = None) -> Preview:
        """What ``do`` would do with ``action``, nothing changed: the action as it would
        be logged (chance resolved with ``rng``), every reason it would be refused for,
        and the state after it (None when refused).  ``do`` takes this same path, so a
        window's preview shows what taking the action does."""
        before = self.state
        problems = self.ledger_problem_reasons()
        if problems:
            return Preview(Action.coerce(action), tuple(problems), before, None)
        with self._explained():
            logged, reasons, after = attempt(self.ruleset, before, action, rng)
        return Preview(logged, tuple(reasons), before, after)

    def do(self, action: ActionEntry, rng: random.Random | None = None) -> dict[str, Any]:
        """Apply one action: raises Refusal (the rules refuse it) or UsageError (a
        number of it no file keeps), and nothing changes; or appends it to the ledger
        and returns the ledger entry (the action's JSON and its time)."""
        preview = self.preview(action, rng)
        if preview.reasons:
            raise Refusal(preview.reasons)
        beyond = beyond_a_file(preview.action.args)
        if beyond:
            raise UsageError(beyond)
        logged = preview.action.to_json()
        logged["at"] = now_iso()
        stamp_entry(self.doc, logged)
        self.doc["ledger"].append(logged)
        self.replay.append(logged, preview.after)
        return logged

    def ledger_problem_reasons(self) -> list[str]:
        """Why nothing may be added to this ledger (empty: it may): the ledger must be
        legal up to here before anything is added to it."""
        if not self.replay.problems:
            return []
        reasons = ["the file has problems (check lists them); fix them first"]
        for problem in self.replay.problems:
            reasons.extend(problem.lines())
        return reasons

    def refusal_reasons(self, action: ActionEntry) -> list[str]:
        """Every reason ``do`` would refuse ``action`` for (empty: it would be taken);
        nothing changes.  The one check the command line and the window share."""
        return self.ledger_problem_reasons() or list(self.ruleset.check(self.state, action))

    def ledger_edited(self) -> None:
        """Say ``doc["ledger"]`` was changed in place: the next read replays it again."""
        self._replay = None

    def undo(self) -> dict[str, Any]:
        """Take back the last ledger entry: kept in the file as withdrawn (a merge with a
        copy that still holds it does not bring it back)."""
        if not self.doc["ledger"]:
            raise Refusal(["nothing to undo: the ledger is empty"])
        entry = withdraw(self.doc, self.doc["ledger"][-1])
        self._replay = None
        return entry

    def rename(self, name: str) -> None:
        kept = kept_name(name)
        if kept is None:
            raise Refusal([NAME_NEEDED])
        self.doc["name"] = kept

    # -- files ------------------------------------------------------------
    def schema_names(self) -> list[str]:
        from builder.storage.validation import character_schema_names

        return character_schema_names(self.ruleset.id)

    def to_bytes(self) -> bytes:
        """What save() writes (FileProblem if the document would not validate)."""
        return encode_document(self.doc, self.path or "character", self.schema_names())

    def save(self, path: Path | str | None = None, check: bool = True) -> Path:
        """Write the character atomically, under the file's lock.

        Saving to its own file writes only while the file still holds what was
        read (``raw``): if another program changed it meanwhile, ChangedOnDisk
        and nothing is written (``check=False``: the player chose to replace it)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise FileProblem("no file to save to")
        own = path is None or Path(path) == self.path
        if self.read_only and own:
            raise FileProblem(self.read_only)
        data = encode_document(self.doc, target, self.schema_names())
        write_checked(target, data, self.raw, check=own and check and self.raw is not None)
        if own:
            self.raw = data
        return target


# Who the character is (IDENTITY_TEXT_KEYS and "portrait"): optional top-level keys,
# the same in every ruleset, since character format 2 (written by
# builder/storage/identity.py).


def portrait_file(doc: dict[str, Any]) -> Path | None:
    """The portrait's file in the data folder (``portrait`` is relative to it), when
    there is one to print."""
    from builder.storage.paths import data_dir

    value = doc.get("portrait")
    if not isinstance(value, str) or not value:
        return None
    relative = Path(value)
    if relative.is_absolute() or ".." in relative.parts:
        return None
    path = data_dir() / relative
    try:
        return path if path.is_file() else None
    except (OSError, ValueError):  # a name longer than the system allows, a NUL
        return None


def identity_of(doc: dict[str, Any]) -> dict[str, Any]:
    """What the derived state carries: the texts set, and the portrait's full path."""
    result = {key: doc[key] for key in IDENTITY_TEXT_KEYS
              if isinstance(doc.get(key), str) and doc[key]}
    portrait = portrait_file(doc)
    if portrait is not None:
        result["portrait"] = str(portrait)
    return result


def new_document(ruleset: Ruleset, name: str, baseline: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": CHARACTER_FORMAT_VERSION,
        "id": new_id(),
        "kind": "character",
        "ruleset": ruleset.id,
        "name": name,
        "baseline": baseline,
        "ledger": [],
        "notes": "",
        "created": now_iso(),
    }


def load_character(path: Path | str) -> CharacterFile:
    """Read and validate a character file (FileProblem: one line naming it).

    The general character schema, then the ruleset's own schema of its baseline
    and ledger entries: no rules code sees a document that does not validate."""
    from builder.storage.rulesets import load_ruleset
    from builder.storage.validation import character_schema_names

    path = Path(path)
    doc, raw, read_only = read_document(path, "character.schema.json", "character")
    try:
        ruleset = load_ruleset(doc["ruleset"])
    except RulesError:
        raise FileProblem(f"{path}: unknown ruleset '{doc.get('ruleset')}'") from None
    problems = read_problems(doc, raw, character_schema_names(ruleset.id)[1:])
    if problems:
        raise FileProblem(f"{path}: does not match the {ruleset.id} character format: "
                          f"{problems[0]}")
    return CharacterFile(doc=doc, ruleset=ruleset, path=path, raw=raw, read_only=read_only)


T = TypeVar("T")


def write_checked_all(changes: Sequence[Change], what: str) -> None:
    """:func:`write_checked` for several files at once, all or nothing
    (:func:`builder.storage.transaction.write_all`, every file's lock held throughout):
    ChangedOnDisk when a file no longer holds what was read, FileProblem naming the
    file for a busy lock or a failed write; either way nothing was written."""
    from builder.storage.locking import LockBusy, locked
    from builder.storage.transaction import ChangedMeanwhile, TransactionFailed, write_all

    try:
        with locked([c.path for c in changes]):
            write_all(changes, what)
    except ChangedMeanwhile as changed:
        raise ChangedOnDisk(str(changed)) from None
    except (TransactionFailed, LockBusy) as failed:
        raise FileProblem(str(failed)) from None


def modify_character(path: Path | str, change: Callable[[CharacterFile], T]
                     ) -> tuple[CharacterFile, T]:
    """Read, change and write a character while holding its lock.

    ``change`` applies the operation to a loaded CharacterFile (Refusal or
    UsageError: nothing is written).  If a program that takes no lock changed
    the file between the read and the write, the operation is replayed once on
    the fresh file; when the rules no longer allow it, FileProblem
    ("changed by another program meanwhile; nothing written")."""
    from builder.storage.locking import LockBusy, locked

    path = Path(path)
    try:
        with locked([path]):
            cf = load_writable_character(path)
            result = change(cf)
            try:
                cf.save()
            except ChangedOnDisk:
                cf = load_writable_character(path)
                try:
                    result = change(cf)
                except RulesError:
                    raise FileProblem(f"{path}: changed by another program meanwhile; "
                                      f"nothing written") from None
                cf.save()
            return cf, result
    except LockBusy as busy:
        raise FileProblem(str(busy)) from None


def load_writable_character(path: Path | str) -> CharacterFile:
    """load_character, refusing (FileProblem) a file written by a newer version."""
    cf = load_character(path)
    if cf.read_only:
        raise FileProblem(cf.read_only)
    return cf


_UNSAFE = re.compile(r"[^\w\- ]+", re.UNICODE)


def safe_file_stem(name: str) -> str:
    stem = _UNSAFE.sub("", name).strip().replace(" ", "-")
    return stem[:60] or "character"


def unique_path(folder: Path, stem: str, suffix: str = ".json") -> Path:
    candidate = folder / f"{stem}{suffix}"
    n = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{n}{suffix}"
        n += 1
    return candidate


def library_path_for(name: str) -> Path:
    return unique_path(characters_dir(create=True), safe_file_stem(name))


def refuse_existing(target: Path, force: bool = False, kind: str = "character") -> None:
    """A new file never replaces an existing one unless asked (``--force``), and never
    one written by a newer version."""
    from builder.storage.reading import Unreadable, kind_of, read_regular, reason_of

    try:
        info = os.stat(target)
    except FileNotFoundError:  # (a link to nothing: the new file goes where it points)
        return
    except (OSError, ValueError) as exc:
        reason = reason_of(exc) if isinstance(exc, OSError) else "not a valid file name"
        raise FileProblem(f"{target}: {reason}") from None
    found = kind_of(info.st_mode)
    if found == "a folder":
        raise FileProblem(f"{target}: is a folder")
    if found is not None:
        raise FileProblem(f"{target}: is {found}, not a file; not replaced")
    if not force:
        raise FileProblem(f"{target}: already exists; choose another name, or --force to "
                          "replace it")
    try:
        version = jsonio.loads(read_regular(target, jsonio.MAX_DOCUMENT_BYTES)).get("format")
    except (Unreadable, ValueError, AttributeError):
        return
    if isinstance(version, int) and version > FORMATS.get(kind, CHARACTER).current:
        raise FileProblem(f"{target}: written by a newer version (format {version}); "
                          "it is never rewritten")


def list_library() -> list[Path]:
    folder = characters_dir()
    if not folder.is_dir():
        return []
    from builder.storage.conflicts import is_data_file

    return sorted(p for p in folder.glob("*.json") if p.is_file() and is_data_file(p.name))
