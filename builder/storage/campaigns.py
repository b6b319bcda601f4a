"""Campaign files: a group of characters and its play sessions.

A campaign is one JSON document (``"kind": "campaign"``), written with the same
atomic writes, format version and read-only rule for newer files as a
character (see :mod:`builder.storage.files`), validated by
builder/data/schema/campaign.schema.json::

    {"format": 1, "kind": "campaign", "name": "...", "ruleset": "story-points",
     "members": ["mira.json", "../party/joss.json"],
     "settings": {"pool": {...universe settings of the Fortune/Peril pool...}},
     "ledger": [...], "notes": "", "created": "..."}

Member paths are stored exactly as given and resolved relative to the folder
of the campaign file (an absolute path stays absolute), so a campaign folder
can be moved or shared together with its characters.

The ledger is append-only like a character's; ``undo`` drops its last entry.
Sessions and the Fortune/Peril pool are the replay of its pool entries
(:mod:`builder.rules.fortune_peril`).  Entries that changed member files
(``award``, ``exchange``, ``xp``) record, for each member, the ledger entry
they added there; undoing one removes exactly those entries from every member
file, all or nothing (:mod:`builder.storage.transaction`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from builder.rules import fortune_peril as fp
from builder.rules.base import Action, Refusal, RulesError, UsageError
from builder.storage.files import (ChangedOnDisk, CharacterFile, FileProblem,
                                   encode_document, load_character, now_iso, read_document,
                                   safe_file_stem, unique_path, write_checked)
from builder.storage.conflicts import is_data_file
from builder.storage.device import new_id, stamp_entry
from builder.storage.formats import CAMPAIGN
from builder.storage.paths import campaigns_dir
from builder.storage.transaction import (Change, ChangedMeanwhile, TransactionFailed,
                                         write_all)

SCHEMA = "campaign.schema.json"
MEMBER_ACTIONS = ("award", "exchange", "xp")


def canonical_ruleset(ruleset_id: str) -> str:
    from builder.rules.registry import ruleset_class

    return ruleset_class(ruleset_id).id


def new_document(name: str, ruleset_id: str, members: Sequence[str] = (),
                 settings: dict[str, Any] | None = None) -> dict[str, Any]:
    name = name.strip()
    if not name:
        raise UsageError("a campaign needs a name")
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


@dataclass
class CampaignFile:
    doc: dict[str, Any]
    path: Path | None = None
    raw: bytes | None = None
    read_only: str | None = None

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
    def member_path(self, given: str) -> Path:
        """A member path as stored (as given), resolved against the campaign file's
        folder; a relative path that names no file there but does from the current
        folder (the path as it was typed on the command line) is taken from there."""
        path = Path(given)
        if path.is_absolute():
            return path
        beside = self.folder() / path
        if not _exists(beside) and _exists(path):
            return path
        return beside

    def load_member(self, given: str) -> CharacterFile:
        try:
            return load_character(self.member_path(given))
        except FileProblem as problem:
            raise FileProblem(f"member {given} of {self.path}: {problem}") from None

    def find_member(self, charfile: str) -> str:
        """The stored member path that ``charfile`` (as typed) names; UsageError if none."""
        if charfile in self.members:
            return charfile
        candidates = {_same(Path(charfile)), _same(self.member_path(charfile))}
        for given in self.members:
            if _same(self.member_path(given)) in candidates:
                return given
        raise UsageError(f"{charfile} is not a member of the campaign {self.name} "
                         f"({self.path})")

    def add_member(self, charfile: str) -> CharacterFile:
        """Add a character file (stored as given); Refusal if it cannot join."""
        cf = self.load_member(charfile)
        target = _same(self.member_path(charfile))
        for given in self.members:
            if _same(self.member_path(given)) == target:
                raise Refusal([f"{cf.name} ({charfile}) is already a member of "
                               f"{self.name}"])
        if cf.ruleset.id != self.ruleset_id:
            raise Refusal([f"{cf.name} ({charfile}) uses the {cf.ruleset.id} ruleset; "
                           f"the campaign {self.name} uses {self.ruleset_id}"])
        self.members.append(charfile)
        return cf

    def remove_member(self, charfile: str) -> str:
        given = self.find_member(charfile)
        self.members.remove(given)
        return given

    def _writable_members(self, members: Sequence[str]) -> list[CharacterFile]:
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

    def pool_do(self, action: dict[str, Any]) -> dict[str, Any]:
        """Check and log one pool entry (Refusal: nothing changes)."""
        state = self.pool
        action = fp.resolve(state, action, self.doc.get("settings", {}).get("pool", {}))
        reasons = fp.check(state, action)
        if reasons:
            raise Refusal(reasons)
        action["at"] = now_iso()
        stamp_entry(self.doc, action)
        self.ledger.append(action)
        return action

    def sessions(self) -> list[dict[str, Any]]:
        return list(self.pool.sessions)

    # -- group actions ------------------------------------------------------------
    def award(self, words: Sequence[str], rng: random.Random | None = None
              ) -> tuple[dict[str, Any], list[CharacterFile]]:
        """``do WORDS`` for every member, all or nothing.  Call commit() to write."""
        words = [str(w) for w in words]
        if not words:
            raise UsageError("campaign award needs an action")
        if not self.members:
            raise Refusal([f"the campaign {self.name} has no members to award"])
        files = self._writable_members(self.members)
        reasons: list[str] = []
        done: list[dict[str, Any]] = []
        for given, cf in zip(self.members, files):
            try:
                action = cf.ruleset.parse_action(words)
            except UsageError as problem:
                raise UsageError(f"{given}: {problem}") from None
            try:
                logged = cf.do(action, rng)
            except Refusal as refusal:
                reasons.extend(f"{cf.name} ({given}): {r}" for r in refusal.reasons)
                continue
            done.append({"path": given, "name": cf.name, "entry": logged})
        if reasons:
            raise Refusal(reasons)
        entry = {"action": "award", "words": words, "members": done, "at": now_iso()}
        stamp_entry(self.doc, entry)
        self.ledger.append(entry)
        return entry, files

    def exchange(self, charfile_a: str, words_a: Sequence[str], charfile_b: str,
                 words_b: Sequence[str]) -> tuple[dict[str, Any], list[CharacterFile]]:
        """A Training Exchange: both increases paid and applied together, each 1 SP
        cheaper (never below 1 SP, never a Core Vital).  Call commit() to write."""
        given_a, given_b = self.find_member(charfile_a), self.find_member(charfile_b)
        if given_a == given_b:
            raise Refusal(["a Training Exchange pairs two different characters; "
                           f"{charfile_a} is named twice"])
        files = self._writable_members([given_a, given_b])
        if not files[0].ruleset.training_exchange:
            raise UsageError(f"the {self.ruleset_id} ruleset has no Training Exchange")
        actions: list[Action] = []  # complete only when no reasons were found
        reasons: list[str] = []
        for given, cf, words in ((given_a, files[0], words_a), (given_b, files[1], words_b)):
            words = [str(w) for w in words]
            if not words:
                raise UsageError(f"{given}: the Training Exchange needs an action")
            kind = words[0].strip().casefold()
            exchangeable = cf.ruleset.exchange_actions
            if kind not in exchangeable:
                if "vital" in kind:
                    reasons.append(f"{cf.name} ({given}): a Training Exchange never lowers "
                                   f"the cost of a Core Vital increase")
                else:
                    reasons.append(f"{cf.name} ({given}): a Training Exchange pairs Skill "
                                   f"or Class increases (raise-skill or raise-class), "
                                   f"not {words[0]}")
                continue
            try:
                action = Action.coerce(cf.ruleset.parse_action(words))
            except UsageError as problem:
                raise UsageError(f"{given}: {problem}") from None
            if action.kind not in exchangeable:
                reasons.append(f"{cf.name} ({given}): a Training Exchange pairs Skill or "
                               f"Class increases, not {action.kind}")
                continue
            actions.append(action.with_args(exchange=True))
        if reasons:
            raise Refusal(reasons)
        done = []
        for given, cf, action in zip((given_a, given_b), files, actions):
            try:
                logged = cf.do(action)
            except Refusal as refusal:
                reasons.extend(f"{cf.name} ({given}): {r}" for r in refusal.reasons)
                continue
            done.append({"path": given, "name": cf.name, "entry": logged})
        if reasons:
            raise Refusal(reasons)
        entry = {"action": "exchange", "members": done, "at": now_iso()}
        stamp_entry(self.doc, entry)
        self.ledger.append(entry)
        return entry, files

    def xp_award(self, hit_dice: Sequence[str], *, session: str, treasure: int = 0,
                 survivors: Sequence[str] = (), shares: Sequence[str] = ()
                 ) -> tuple[dict[str, Any], list[CharacterFile]]:
        """Vogelfrei: a session's XP (defeated enemies + treasure) divided among the
        surviving members, partial shares for partial presence, each member's
        share written as ``award-xp SHARE --session S``, all or nothing.

        ``hit_dice``: one item per defeated enemy (``3``, ``3*``, ``L2``, ``<1``),
        optionally ``ID=HD`` so an enemy that returns counts once.  ``survivors``:
        the members who share (default: every member); ``shares``:
        ``CHARFILE=FRACTION`` for a member present for part of the adventure."""
        from builder.storage.rulesets import load_ruleset

        ruleset = load_ruleset(self.ruleset_id)
        party = ruleset.party_xp
        if party is None:
            from builder.rules.registry import ruleset_class, ruleset_ids

            titles = [ruleset_class(rid).title for rid in ruleset_ids()
                      if ruleset_class(rid).party_xp is not None]
            raise UsageError(f"campaign xp shares out {' or '.join(titles) or 'party'} XP; "
                             f"the campaign {self.name} uses {self.ruleset_id}")
        session = str(session or "").strip()
        if not session:
            raise UsageError("--session needs a session name or number")
        tally = party.tally(ruleset.data, [str(t) for t in hit_dice], treasure, True, {})
        enemies, treasure_xp, total = tally["enemies"], tally["treasure_xp"], tally["total"]

        parts: dict[str, str] = {}
        for charfile in survivors:
            parts[self.find_member(charfile)] = "1"
        for pair in shares:
            charfile, sep, fraction = str(pair).rpartition("=")
            if not sep or not charfile.strip():
                raise UsageError(f"--share needs CHARFILE=FRACTION, not '{pair}'")
            parts[self.find_member(charfile.strip())] = fraction.strip()
        if not survivors:
            for given in self.members:
                parts.setdefault(given, "1")
        if not parts:
            raise Refusal([f"the campaign {self.name} has no members to share XP with"])
        split = party.tally(ruleset.data, [str(t) for t in hit_dice], treasure, True,
                            parts)["shares"]

        members = [given for given in self.members if given in parts]
        files = self._writable_members(members)
        reasons: list[str] = []
        done = []
        for given, cf in zip(members, files):
            action = cf.ruleset.parse_action(["award-xp", str(split[given]),
                                              "--session", session])
            try:
                logged = cf.do(action)
            except Refusal as refusal:
                reasons.extend(f"{cf.name} ({given}): {r}" for r in refusal.reasons)
                continue
            done.append({"path": given, "name": cf.name, "part": parts[given],
                         "xp": split[given], "entry": logged})
        if reasons:
            raise Refusal(reasons)
        entry = {"action": "xp", "session": session, "enemies": enemies,
                 "enemy_xp": enemies["xp"], "treasure": treasure, "treasure_xp": treasure_xp,
                 "total": total, "members": done, "at": now_iso()}
        stamp_entry(self.doc, entry)
        self.ledger.append(entry)
        return entry, files

    def undo(self) -> tuple[dict[str, Any], list[CharacterFile]]:
        """Drop the last entry; for a group entry, take its entry back from every
        member file (Refusal with reasons if any member changed since)."""
        if not self.ledger:
            raise Refusal(["nothing to undo: the campaign ledger is empty"])
        entry = self.ledger[-1]
        files: list[CharacterFile] = []
        if entry.get("action") in MEMBER_ACTIONS:
            reasons = []
            for member in entry.get("members", []):
                cf = self.load_member(member["path"])
                if cf.read_only:
                    raise FileProblem(cf.read_only)
                last = cf.ledger[-1] if cf.ledger else None
                if last != member["entry"]:
                    now = cf.ruleset.describe(last) if last else "its ledger is empty"
                    reasons.append(
                        f"{cf.name} ({member['path']}): its last ledger entry is not the one "
                        f"this {entry['action']} added ({cf.ruleset.describe(member['entry'])}); "
                        f"it is now: {now}")
                    continue
                cf.undo()
                files.append(cf)
            if reasons:
                raise Refusal([f"cannot undo the {entry['action']}: undo the later changes "
                               f"of these members first"] + reasons)
        self.ledger.pop()
        return entry, files

    def plain(self, entry: dict[str, Any]) -> str:
        """The entry in the players' words (the window's ledger and status bar): a party
        award or a Training Exchange as each member's ruleset describes what it logged
        (``describe`` keeps the command words the command line prints)."""
        kind = entry.get("action")
        members = [m for m in entry.get("members", []) if isinstance(m, dict)]
        if kind not in ("award", "exchange") or not members:
            return self.describe(entry)
        try:
            from builder.storage.rulesets import load_ruleset

            ruleset = load_ruleset(self.ruleset_id)
            said = [ruleset.describe(dict(m.get("entry", {}))) for m in members]
        except (RulesError, FileProblem, OSError, KeyError, TypeError, ValueError):
            return self.describe(entry)
        names = [str(m.get("name", m.get("path", "?"))) for m in members]
        if kind == "award":
            if len(set(said)) == 1:
                return f"Party award: {said[0]} ({', '.join(names)})"
            return "Party award: " + "; ".join(f"{n}: {t}" for n, t in zip(names, said))
        return "Training Exchange: " + "; ".join(f"{n}: {t}" for n, t in zip(names, said))

    def describe(self, entry: dict[str, Any]) -> str:
        kind = entry.get("action")
        if fp.is_pool_entry(entry):
            return fp.describe(entry)
        names = ", ".join(m.get("name", m.get("path", "?")) for m in entry.get("members", []))
        if kind == "award":
            return f"award {' '.join(entry.get('words', []))} to {names}"
        if kind == "exchange":
            parts = []
            for m in entry.get("members", []):
                e = m.get("entry", {})
                parts.append(f"{m.get('name')}: {e.get('action')} {e.get('name', '')}".strip())
            return "Training Exchange: " + "; ".join(parts)
        if kind == "xp":
            shares = ", ".join(f"{m.get('name')} {m.get('xp')}" for m in entry.get("members", []))
            return f"XP for session {entry.get('session')}: {shares}"
        return str(kind)

    # -- views --------------------------------------------------------------------
    def show(self) -> dict[str, Any]:
        state = self.pool_replay()
        details = []
        for given in self.members:
            row: dict[str, Any] = {"path": given, "file": str(self.member_path(given))}
            try:
                cf = load_character(self.member_path(given))
                row["name"] = cf.name
                row["ruleset"] = cf.ruleset.id
            except (FileProblem, RulesError) as problem:
                row["problem"] = str(problem)
            details.append(row)
        return {
            "name": self.name,
            "ruleset": self.ruleset_id,
            "members": list(self.members),
            "member_details": details,
            "sessions": list(state.state.sessions),
            "settings": {"pool": self.pool_settings},
            "pool": {k: v for k, v in fp.view(state.state).items() if k != "log"},
            "ledger": [{"entry": i + 1, "action": e.get("action"), "text": self.describe(e),
                        "at": e.get("at", "")} for i, e in enumerate(self.ledger)],
            "problems": [{"entry": i + 1, "reasons": r} for i, r in state.problems],
            "notes": self.doc.get("notes", ""),
        }

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
        from builder.storage.locking import LockBusy, locked

        target = self._check_writable()
        changes = []
        for cf in members:
            if cf.path is None:  # a member is always read from its file
                raise FileProblem(f"{cf.name}: the campaign member has no file")
            changes.append(Change(cf.path, cf.to_bytes(), cf.raw))
        data = self.to_bytes()
        changes.append(Change(target, data, self.raw))
        try:
            with locked([c.path for c in changes]):
                write_all(changes, f"change of the campaign {self.name}")
        except ChangedMeanwhile as changed:
            raise ChangedOnDisk(str(changed)) from None
        except (TransactionFailed, LockBusy) as failed:
            raise FileProblem(str(failed)) from None
        for cf, change in zip(members, changes):
            cf.raw = change.data
        self.raw = data


def _same(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):
        return path.absolute()


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


def list_campaigns() -> list[Path]:
    folder = campaigns_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if p.is_file() and is_data_file(p.name))


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
