"""Character files: one JSON document per character.

``format`` is checked against FORMAT_VERSION (what we write) and
MIN_FORMAT_VERSION (the oldest we read).  A newer file opens read-only and is
never rewritten.  Unknown keys are kept and written back unchanged.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from builder.resources import load_json_resource
from builder.rules.base import Refusal, RulesError, Ruleset
from builder.rules.engine import Replay, perform, replay
from builder.storage.atomic import dumps, write_bytes_atomic
from builder.storage.paths import characters_dir

FORMAT_VERSION = 1
MIN_FORMAT_VERSION = 1


class FileProblem(Exception):
    """A file that cannot be read, parsed, validated or written.  The message names it."""


def now_iso() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def check_format(doc: dict, path: Path | str, kind: str = "character") -> str | None:
    """Returns a read-only reason for a newer file, raises FileProblem for an older one."""
    version = doc.get("format")
    if not isinstance(version, int):
        raise FileProblem(f"{path}: not a {kind} file (no format version)")
    if version < MIN_FORMAT_VERSION:
        raise FileProblem(f"{path}: format version {version} is older than the oldest "
                          f"this version reads ({MIN_FORMAT_VERSION})")
    if version > FORMAT_VERSION:
        return (f"{path}: written by a newer version (format {version}, this version "
                f"writes {FORMAT_VERSION}); opened read-only")
    return None


def read_document(path: Path | str, schema_name: str, kind: str) -> tuple[dict, bytes, str | None]:
    from builder.storage.validation import schema_errors

    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileProblem(f"{path}: is a folder, not a {kind} file") from None
    except OSError as exc:
        raise FileProblem(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise FileProblem(f"{path}: not a text file (not UTF-8)") from None
    except json.JSONDecodeError as exc:
        raise FileProblem(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None
    if not isinstance(doc, dict) or doc.get("kind", kind) != kind:
        raise FileProblem(f"{path}: not a {kind} file")
    read_only = check_format(doc, path, kind)
    problems = schema_errors(load_json_resource("schema", schema_name), doc)
    if problems and read_only is None:
        raise FileProblem(f"{path}: does not match the {kind} file format: {problems[0]}")
    if problems:
        # A newer file is shown read-only only while it still has what this version reads.
        raise FileProblem(f"{path}: written by a newer version (format {doc.get('format')}) "
                          f"that this version cannot read: {problems[0]}")
    return doc, raw, read_only


@dataclass
class CharacterFile:
    """A loaded character: its document, its ruleset, and the replayed state."""

    doc: dict
    ruleset: Ruleset
    path: Path | None = None
    raw: bytes | None = None
    read_only: str | None = None
    _replay: Replay | None = field(default=None, repr=False)

    # -- derived ----------------------------------------------------------
    @property
    def name(self) -> str:
        return self.doc.get("name", "")

    @property
    def ledger(self) -> list[dict]:
        return self.doc["ledger"]

    @property
    def replay(self) -> Replay:
        if self._replay is None:
            self._replay = replay(self.ruleset, self.doc["baseline"], self.doc["ledger"])
        return self._replay

    @property
    def state(self) -> Any:
        return self.replay.state

    def derived(self) -> dict:
        """The ``show --json`` dict, plus the ledger rows and the notes."""
        result = self.ruleset.derive(self.state, self.name)
        result["ledger"] = self.ledger_rows()
        result["notes"] = self.doc.get("notes", "")
        result["problems"] = [line for p in self.replay.problems for line in p.lines()]
        return result

    def ledger_rows(self) -> list[dict]:
        """Every ledger entry in order, with its cost and the balance (SP, XP) after it."""
        rp = self.replay
        refused = {p.entry: p.reasons for p in rp.problems if p.entry is not None}
        rows = []
        for index, action in enumerate(rp.ledger):
            before, after = rp.states[index], rp.states[index + 1]
            row = {"n": index + 1, "action": action.get("action"),
                   "text": self.ruleset.describe(action), "at": action.get("at", ""),
                   "cost": 0 if index in refused else self.ruleset.action_cost(before, action),
                   "balance_after": self.ruleset.balance(after)}
            if self.ruleset.balance_row_key:
                row[self.ruleset.balance_row_key] = row["balance_after"]
            if index in refused:
                row["refused"] = refused[index]
            rows.append(row)
        return rows

    def options(self) -> list[dict]:
        return self.ruleset.options(self.state)

    # -- changes (in memory; save() writes) ---------------------------------
    def do(self, action: dict, rng: random.Random | None = None) -> dict:
        """Apply one action: raises Refusal (nothing changes) or appends it to the ledger."""
        if self.replay.problems:
            # The ledger must be legal up to here before anything is added to it.
            reasons = []
            for problem in self.replay.problems:
                reasons.extend(problem.lines())
            raise Refusal(["the file has problems; run check and fix them first"] + reasons)
        logged, new_state = perform(self.ruleset, self.state, action, rng)
        logged["at"] = now_iso()
        self.doc["ledger"].append(logged)
        self.replay.ledger.append(logged)
        self.replay.states.append(new_state)
        return logged

    def undo(self) -> dict:
        if not self.doc["ledger"]:
            raise Refusal(["nothing to undo: the ledger is empty"])
        entry = self.doc["ledger"].pop()
        self._replay = None
        return entry

    def rename(self, name: str) -> None:
        name = name.strip()
        if not name:
            raise Refusal(["a character needs a name"])
        self.doc["name"] = name

    # -- files ------------------------------------------------------------
    def to_bytes(self) -> bytes:
        return dumps(self.doc).encode("utf-8")

    def save(self, path: Path | str | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise FileProblem("no file to save to")
        if self.read_only and (path is None or Path(path) == self.path):
            raise FileProblem(self.read_only)
        data = self.to_bytes()
        try:
            write_bytes_atomic(target, data)
        except OSError as exc:
            raise FileProblem(f"{target}: cannot be written ({exc.strerror or exc})") from None
        if path is None or Path(path) == self.path:
            self.raw = data
        return target


def new_document(ruleset: Ruleset, name: str, baseline: dict) -> dict:
    return {
        "format": FORMAT_VERSION,
        "kind": "character",
        "ruleset": ruleset.id,
        "name": name,
        "baseline": baseline,
        "ledger": [],
        "notes": "",
        "created": now_iso(),
    }


def load_character(path: Path | str) -> CharacterFile:
    from builder.storage.rulesets import load_ruleset

    path = Path(path)
    doc, raw, read_only = read_document(path, "character.schema.json", "character")
    try:
        ruleset = load_ruleset(doc["ruleset"])
    except RulesError:
        raise FileProblem(f"{path}: unknown ruleset '{doc.get('ruleset')}'") from None
    return CharacterFile(doc=doc, ruleset=ruleset, path=path, raw=raw, read_only=read_only)


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
    if not target.exists():
        return
    if target.is_dir():
        raise FileProblem(f"{target}: is a folder")
    if not force:
        raise FileProblem(f"{target}: already exists; choose another name, or --force to "
                          "replace it")
    try:
        version = json.loads(target.read_bytes().decode("utf-8")).get("format")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise FileProblem(f"{target}: written by a newer version (format {version}); "
                          "it is never rewritten")


def list_library() -> list[Path]:
    folder = characters_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if p.is_file())
