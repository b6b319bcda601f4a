"""Campaign files: a group of characters and its play sessions.

A campaign is one JSON document (``"kind": "campaign"``), written with the same
atomic writes, format version and read-only rule for newer files as a
character (see :mod:`builder.storage.files`), validated by
builder/data/schema/campaign.schema.json::

    {"format": 1, "kind": "campaign", "name": "...", "ruleset": "story-points",
     "members": ["mira.json", "../party/joss.json"],
     "settings": {"pool": {...universe settings of the Fortune/Peril pool...}},
     "ledger": [...], "notes": "", "created": "..."}

Member paths are resolved relative to the folder of the campaign file (an
absolute path stays absolute), never the current folder, so a campaign folder
can be moved or shared together with its characters.  A member is stored as
given when that names it from the campaign's folder, else relative to that
folder; ``member_ids`` keeps each member's stable id, by which a member whose
file moved is found and a file holding another character is refused.

This module keeps the document and its persistence; the group actions that
change member files (``award``, ``exchange``, ``xp``) and their undo are the
application layer's (:mod:`builder.app.campaigns`, :mod:`builder.app.party`).
The ledger is append-only like a character's; undo drops its last entry.
Sessions and the Fortune/Peril pool are the replay of its pool entries
(:mod:`builder.rules.fortune_peril`).  Entries that changed member files record,
for each member, the ledger entry they added there; :meth:`CampaignFile.commit`
writes the members and the campaign all or nothing, across a crash too
(:mod:`builder.storage.transaction`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from builder.rules import campaign as campaign_rules
from builder.rules import fortune_peril as fp
from builder.rules.base import Refusal, RulesError, UsageError
from builder.storage.files import (ChangedOnDisk, CharacterFile, FileProblem,
                                   encode_document, load_character, now_iso, read_document,
                                   safe_file_stem, unique_path, write_checked,
                                   write_checked_all)
from builder.storage.device import new_id, stamp_entry
from builder.storage.formats import CAMPAIGN
from builder.storage.paths import campaigns_dir, characters_dir
from builder.storage.transaction import Change
from builder.rules.records import Record

SCHEMA = "campaign.schema.json"


def canonical_ruleset(ruleset_id: str) -> str:
    from builder.rules.registry import ruleset_class

    return ruleset_class(ruleset_id).id


def new_document(name: str, ruleset_id: str, members: Sequence[str] = (),
                 settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """A new campaign document named ``name`` (as :func:`builder.app.campaigns.require_name`
    keeps it); UsageError for a ruleset id nobody registered."""
    return {
        "format": CAMPAIGN.current,
        "id": new_id(),
        "kind": "campaign",
        "name": name,
        "ruleset": canonical_ruleset(ruleset_id),
        "members": list(members),
        "settings": {"pool": dict(settings or {})},
        "ledger": [],
        "notes": "",
        "created": now_iso(),
    }


class CampaignFile(Record):
    _fields = ("doc", "path", "raw", "read_only")
    __slots__ = _fields
    doc: dict[str, Any]
    path: Path | None
    raw: bytes | None
    read_only: str | None

    def __init__(self, doc: dict[str, Any], path: Path | None = None,
                 raw: bytes | None = None, read_only: str | None = None) -> None:
        self.doc = doc
        self.path = path
        self.raw = raw
        self.read_only = read_only

    # -- the document ---------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.doc.get("name", ""))

    @property
    def ruleset_id(self) -> str:
        return str(self.doc["ruleset"])

    @property
    def members(self) -> list[str]:
        members: list[str] = self.doc["members"]
        return members

    @property
    def ledger(self) -> list[dict[str, Any]]:
        ledger: list[dict[str, Any]] = self.doc["ledger"]
        return ledger

    @property
    def pool_settings(self) -> dict[str, Any]:
        return fp.normalise_settings(self.doc.get("settings", {}).get("pool", {}))

    def folder(self) -> Path:
        return (self.path.parent if self.path is not None else Path.cwd())

    # -- members ----------------------------------------------------------------
    @property
    def member_ids(self) -> dict[str, str]:
        """The stable id of each member that had one when it joined (by stored path)."""
        ids = self.doc.get("member_ids")
        return ids if isinstance(ids, dict) else {}

    def member_path(self, given: str) -> Path:
        """A stored member path resolved against the campaign file's folder (an absolute
        path stays absolute); never against the current folder, so a member missing
        beside the campaign is missing, never another file of that name elsewhere.  A
        member with a stable id whose file is gone is looked for by that id, in the
        campaign's folder and the library's characters folder."""
        path = Path(given)
        if not path.is_absolute():
            path = self.folder() / path
        want = self.member_ids.get(given)
        if isinstance(want, str) and not _exists(path):
            found = _find_by_id(want, [self.folder(), characters_dir()])
            if found is not None:
                return found
        return path

    def load_member(self, given: str) -> CharacterFile:
        """The member's file (FileProblem naming the member when it is missing or holds
        another character than the one that joined)."""
        try:
            cf = load_character(self.member_path(given))
        except FileProblem as problem:
            raise FileProblem(f"member {given} of {self.path}: {problem}") from None
        want, has = self.member_ids.get(given), cf.doc.get("id")
        if want is not None and has is not None and has != want:
            raise FileProblem(f"member {given} of {self.path}: {cf.path} holds another "
                              f"character ({cf.name}), not the member who joined")
        if want is None and isinstance(has, str) and has and given in self.members:
            # a member that joined before it had an id: known by it from the next write on
            self.doc["member_ids"] = {**self.member_ids, given: has}
        return cf

    def typed_path(self, charfile: str) -> Path:
        """A character file named by a person (not yet a member): relative to the
        campaign's folder when it names a file there, else as typed (from the
        current folder)."""
        path = Path(charfile)
        if path.is_absolute():
            return path
        beside = self.folder() / path
        if not _exists(beside) and _exists(path):
            return path
        return beside

    def find_member(self, charfile: str) -> str:
        """The stored member path that ``charfile`` (as typed) names; UsageError if none."""
        if charfile in self.members:
            return charfile
        candidates = {_same(Path(charfile)), _same(self.typed_path(charfile))}
        for given in self.members:
            if _same(self.member_path(given)) in candidates:
                return given
        raise UsageError(f"{charfile} is not a member of the campaign {self.name} "
                         f"({self.path})")

    def add_member(self, charfile: str) -> CharacterFile:
        """Add a character file; Refusal if it cannot join
        (:func:`builder.rules.campaign.join_reasons`).  It is stored as given when
        that names it from the campaign's folder, else relative to that folder
        (absolute where no relative path leads there)."""
        found = self.typed_path(charfile)
        try:
            cf = load_character(found)
        except FileProblem as problem:
            raise FileProblem(f"member {charfile} of {self.path}: {problem}") from None
        target = _same(found)
        reasons = campaign_rules.join_reasons(
            cf.name, charfile,
            already_member=any(_same(self.member_path(g)) == target for g in self.members),
            ruleset_id=cf.ruleset.id, campaign=self.name, campaign_ruleset=self.ruleset_id)
        if reasons:
            raise Refusal(reasons)
        stored = charfile
        if _same(self.member_path(charfile)) != target:
            stored = _relative(target, _same(self.folder()))
        self.members.append(stored)
        member_id = cf.doc.get("id")
        if isinstance(member_id, str) and member_id:
            self.doc["member_ids"] = {**self.member_ids, stored: member_id}
        return cf

    def remove_member(self, charfile: str) -> str:
        given = self.find_member(charfile)
        self.members.remove(given)
        if given in self.member_ids:
            ids = {k: v for k, v in self.member_ids.items() if k != given}
            if ids:
                self.doc["member_ids"] = ids
            else:
                del self.doc["member_ids"]
        return given

    def writable_members(self, members: Sequence[str]) -> list[CharacterFile]:
        """The files of these members (FileProblem naming one that cannot be written)."""
        files = []
        for given in members:
            cf = self.load_member(given)
            if cf.read_only:
                raise FileProblem(cf.read_only)
            files.append(cf)
        return files

    # -- the pool -----------------------------------------------------------------
    def pool_replay(self) -> fp.PoolReplay:
        return fp.replay(self.ledger)

    @property
    def pool(self) -> fp.Pool:
        return self.pool_replay().state

    def append(self, entry: dict[str, Any]) -> None:
        """Log one campaign entry, stamped with its stable id and this device."""
        stamp_entry(self.doc, entry)
        self.ledger.append(entry)

    def sessions(self) -> list[dict[str, Any]]:
        return list(self.pool.sessions)

    # -- files --------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """What save() writes (FileProblem if the document would not validate)."""
        return encode_document(self.doc, self.path or "campaign", [SCHEMA])

    def lock_paths(self) -> list[Path]:
        """Every file a change of this campaign may write: the campaign, its members
        and the members its last ledger entry changed (what undo takes back)."""
        given = list(self.members)
        if self.ledger:
            given += [m.get("path", "") for m in self.ledger[-1].get("members", [])
                      if isinstance(m, dict)]
        paths = [self.path] if self.path is not None else []
        return paths + [self.member_path(g) for g in given if g]

    def _check_writable(self) -> Path:
        if self.path is None:
            raise FileProblem("no file to save the campaign to")
        if self.read_only:
            raise FileProblem(self.read_only)
        return self.path

    def save(self, path: Path | str | None = None) -> Path:
        """Write the campaign atomically under its lock; to its own file only while
        the file still holds what was read (ChangedOnDisk otherwise)."""
        target = Path(path) if path is not None else self._check_writable()
        own = path is None or target == self.path
        data = encode_document(self.doc, target, [SCHEMA])
        write_checked(target, data, self.raw, check=own and self.raw is not None)
        self.path, self.raw = target, data
        return target

    def commit(self, members: Sequence[CharacterFile]) -> None:
        """Write the changed members and the campaign file, all or nothing, holding
        every one's lock (ChangedOnDisk if one changed since it was read)."""
        target = self._check_writable()
        changes = []
        for cf in members:
            if cf.path is None:  # a member is always read from its file
                raise FileProblem(f"{cf.name}: the campaign member has no file")
            changes.append(Change(cf.path, cf.to_bytes(), cf.raw))
        data = self.to_bytes()
        changes.append(Change(target, data, self.raw))
        write_checked_all(changes, f"change of the campaign {self.name}")
        for cf, change in zip(members, changes):
            cf.raw = change.data
        self.raw = data


def _same(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):
        return path.absolute()


def _find_by_id(want: str, folders: Sequence[Path]) -> Path | None:
    """The one character file in ``folders`` (not their subfolders) whose stable id is
    ``want``; None when there is none, or several."""
    import json

    key = want.encode("utf-8")
    found: set[Path] = set()
    for folder in folders:
        try:
            candidates = sorted(folder.glob("*.json"))
        except OSError:
            continue
        for path in candidates:
            try:
                data = path.read_bytes() if path.is_file() else b""
                if key in data and json.loads(data).get("id") == want:
                    found.add(_same(path))
            except (OSError, ValueError, AttributeError, RecursionError):
                continue
    return found.pop() if len(found) == 1 else None


def _relative(target: Path, folder: Path) -> str:
    import os

    try:
        return os.path.relpath(target, folder)
    except ValueError:                 # another drive (Windows)
        return str(target)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def load_campaign(path: Path | str) -> CampaignFile:
    path = Path(path)
    doc, raw, read_only = read_document(path, SCHEMA, "campaign")
    if read_only is None:
        try:
            doc["ruleset"] = canonical_ruleset(doc["ruleset"])
        except RulesError:
            raise FileProblem(f"{path}: unknown ruleset '{doc.get('ruleset')}'") from None
        try:
            fp.normalise_settings(doc.get("settings", {}).get("pool", {}))
        except UsageError as problem:
            raise FileProblem(f"{path}: bad pool settings: {problem}") from None
    return CampaignFile(doc=doc, path=path, raw=raw, read_only=read_only)


def load_writable(path: Path | str) -> CampaignFile:
    campaign = load_campaign(path)
    if campaign.read_only:
        raise FileProblem(campaign.read_only)
    return campaign


def library_path_for(name: str) -> Path:
    return unique_path(campaigns_dir(create=True), safe_file_stem(name) or "campaign")


T = TypeVar("T")


def modify_campaign(path: Path | str,
                    operation: Callable[[CampaignFile], tuple[T, Sequence[CharacterFile]]]
                    ) -> tuple[CampaignFile, T, Sequence[CharacterFile]]:
    """Read, change and write a campaign (and the member files the change writes)
    while holding the lock of every file it may write, taken in one fixed order.

    ``operation`` changes the loaded campaign in memory and returns (its result,
    the member files to write); Refusal or UsageError: nothing is written.  If a
    program that takes no lock changed one of the files between the read and the
    write, the operation is replayed once on the fresh files; when the rules no
    longer allow it: FileProblem ("changed by another program meanwhile; nothing
    written")."""
    from builder.storage.locking import LockBusy, locked

    path = Path(path)
    changed = FileProblem(f"{path}: changed by another program meanwhile; nothing written")
    for _attempt in range(5):
        held = load_writable(path).lock_paths()
        try:
            with locked(held):
                campaign = load_writable(path)
                if not _covered(campaign.lock_paths(), held):
                    continue        # its members changed before we held the locks
                result, files = operation(campaign)
                try:
                    campaign.commit(files)
                except ChangedOnDisk:
                    campaign = load_writable(path)
                    if not _covered(campaign.lock_paths(), held):
                        raise changed from None
                    try:
                        result, files = operation(campaign)
                    except RulesError:
                        raise changed from None
                    campaign.commit(files)
                return campaign, result, files
        except LockBusy as busy:
            raise FileProblem(str(busy)) from None
    raise changed


def _covered(paths: Sequence[Path], held: Sequence[Path]) -> bool:
    from builder.storage.locking import real_target

    return {real_target(p) for p in paths} <= {real_target(p) for p in held}
