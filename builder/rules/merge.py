"""Merging copies of one character or campaign: pure, no files.

Copies of a file diverge when two laptops change it apart (a sync engine's conflict
copy, two git branches).  Because a file is a baseline plus an append-only ledger,
the copies can be merged entry by entry, without a common ancestor:

* **Union by id.**  Every entry of every copy is kept: the ledger, the suspended and
  the revoked entries, and the resolutions.  An entry is the same in two copies when
  its id and its content are; the same id with other content is a conflict that keeps
  both (the second is suspended).
* **A fixed order.**  Causal order first (``seq``: an entry follows everything its
  writer had seen), then time, device and id, so every laptop orders the union alike
  whatever its clock says.
* **A replay through the rules.**  An entry the rules refuse at its place is
  *suspended*: kept in the file (``suspended``), not applied, with the reasons and the
  entry it collides with (the applied entry without which it would be allowed).
* **Resolutions are entries too** (``resolutions``): ``revoke`` an entry (this one or
  the other: the revoked entry is kept in ``revoked``, not applied) or ``keep`` a
  suspended one as the game master's ruling (it stays recorded, not applied, and no
  longer counts as a conflict); ``reopen`` takes back the entry's ruling before it (so
  an undo appends too, never deletes).  The latest resolution of an entry decides.
* **Undo withdraws** (``withdrawn``): an undone entry (a ledger entry or a ruling) is
  moved, whole, into ``withdrawn``, a list that only grows; an entry whose id is
  withdrawn in any copy is withdrawn in the merge (every variant of it), so an undo
  stays undone when a copy that still holds the entry is merged in.  Doing it again
  writes a new entry.
* **The other keys** (name, notes, members...) are taken from the copy whose newest
  entry is the newest (ties: the larger value), key by key.

The result is a function of the set of entries and of each copy's keys, so merging is
associative, commutative and idempotent, and two laptops merging the same copies get
the same document (:func:`builder.rules.entry_ids.canonical` bytes).
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable, Mapping, Sequence

from builder.rules.engine import Fold
from builder.rules.entry_ids import (Envelope, at_ms, canonical, digest, ensure_ids, entry_device,
                                     entry_id)
from builder.rules.records import FrozenRecord

#: Where a merged file keeps what it does not apply.
SUSPENDED, REVOKED, RESOLUTIONS = "suspended", "revoked", "resolutions"
#: Where a file keeps the entries an undo took back (whole: nothing is lost).
WITHDRAWN = "withdrawn"
ENTRY_LISTS = ("ledger", SUSPENDED, REVOKED, RESOLUTIONS, WITHDRAWN)
#: The verb of a resolution entry, and its rulings.
RESOLVE = "resolve"
REVOKE, KEEP, REOPEN = "revoke", "keep", "reopen"
#: ``reopen`` takes back the entry's ruling before it (an undo that appends).
RULINGS = (REVOKE, KEEP, REOPEN)
#: How many applied entries back a suspended entry's collision is looked for, and how
#: many of them are tried (each try replays the entries after it once more).
COLLISION_WINDOW = 64
COLLISION_TRIES = 16
SAME_ID = "another entry has the same id with other content"

#: (seq, time, device, id, content): the order of merged entries.
SortKey = tuple[int, int, str, str, str]


class MergeRefused(ValueError):
    """The documents cannot be merged (not copies of one file); the message says why."""


class Rules(FrozenRecord):
    """What the merge replays entries through: a new state before the first entry,
    every reason an entry is refused in a state, the state after an allowed one (it
    may change the state it is given: see :class:`builder.rules.engine.Fold`), and
    which entries the rules replay at all (the others are kept in order, always
    applied)."""

    _fields = ("initial", "check", "advance", "include")
    __slots__ = _fields
    initial: Callable[[], Any]
    check: Callable[[Any, Mapping[str, Any]], Sequence[str]]
    advance: Callable[[Any, Mapping[str, Any]], Any]
    include: Callable[[Mapping[str, Any]], bool]

    def __init__(self, initial: Callable[[], Any],
                 check: Callable[[Any, Mapping[str, Any]], Sequence[str]],
                 advance: Callable[[Any, Mapping[str, Any]], Any],
                 include: Callable[[Mapping[str, Any]], bool] = lambda entry: True) -> None:
        object.__setattr__(self, "initial", initial)
        object.__setattr__(self, "check", check)
        object.__setattr__(self, "advance", advance)
        object.__setattr__(self, "include", include)


class Suspension(FrozenRecord):
    """An entry the rules refuse after the merge: why, what it collides with, and the
    ruling that closed it (``keep``), if any."""

    _fields = ("entry", "reasons", "collides_with", "ruling")
    __slots__ = _fields
    entry: dict[str, Any]
    reasons: tuple[str, ...]
    collides_with: str | None
    ruling: str | None

    def __init__(self, entry: dict[str, Any], reasons: tuple[str, ...],
                 collides_with: str | None, ruling: str | None = None) -> None:
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "reasons", reasons)
        object.__setattr__(self, "collides_with", collides_with)
        object.__setattr__(self, "ruling", ruling)

    @property
    def open(self) -> bool:
        return self.ruling is None

    @property
    def envelope(self) -> Envelope:
        """The suspended entry's id, verb, time and device."""
        return Envelope.of(self.entry)

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {"entry": self.entry, "reasons": list(self.reasons),
                                  "collides_with": self.collides_with}
        if self.ruling is not None:
            result["ruling"] = self.ruling
        return result


class MergeResult(FrozenRecord):
    """The merged document and what the merge did: per copy, the ids of the entries
    only it had (what it brings in); every suspension."""

    _fields = ("doc", "added", "suspended")
    __slots__ = _fields
    doc: dict[str, Any]
    added: tuple[tuple[str, ...], ...]
    suspended: tuple[Suspension, ...]

    def __init__(self, doc: dict[str, Any], added: tuple[tuple[str, ...], ...],
                 suspended: tuple[Suspension, ...] = ()) -> None:
        object.__setattr__(self, "doc", doc)
        object.__setattr__(self, "added", added)
        object.__setattr__(self, "suspended", suspended)

    @property
    def open_conflicts(self) -> tuple[Suspension, ...]:
        return tuple(s for s in self.suspended if s.open)


def entry_key(entry: Mapping[str, Any]) -> tuple[str, str]:
    """What makes an entry the same entry in two copies: its id and its content."""
    return entry_id(entry), digest(entry)


def _base_key(entry: Mapping[str, Any]) -> tuple[int, int, str, str]:
    seq = entry.get("seq")
    seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else 0
    return (seq, at_ms(entry.get("at")), entry_device(entry), entry_id(entry))


def sort_key(entry: Mapping[str, Any]) -> SortKey:
    """An entry's place in the merged order (its content decides between entries
    that share an id)."""
    return _base_key(entry) + (digest(entry),)


def all_entries(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every entry of a document but its resolutions."""
    found = [e for e in doc.get("ledger") or [] if isinstance(e, dict)]
    found += [s["entry"] for s in doc.get(SUSPENDED) or []
              if isinstance(s, dict) and isinstance(s.get("entry"), dict)]
    found += [e for e in doc.get(REVOKED) or [] if isinstance(e, dict)]
    return found


def resolutions_of(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [e for e in doc.get(RESOLUTIONS) or [] if isinstance(e, dict)]


def withdrawn_of(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The entries an undo took back (kept whole, never applied)."""
    return [e for e in doc.get(WITHDRAWN) or [] if isinstance(e, dict)]


def every_entry(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Everything a document holds: its entries, resolutions and withdrawn entries."""
    return all_entries(doc) + resolutions_of(doc) + withdrawn_of(doc)


def withdraw(doc: dict[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """Undo ``entry`` (a ledger entry or a resolution of ``doc``) in place: it leaves
    its list and is kept in ``withdrawn``, so a merge with a copy that still holds it
    does not bring it back.  The entry taken out is returned (ValueError: ``doc`` does
    not hold it)."""
    for key in ("ledger", RESOLUTIONS):
        entries = doc.get(key)
        if not isinstance(entries, list):
            continue
        for index in range(len(entries) - 1, -1, -1):
            if entries[index] is entry or entries[index] == entry:
                taken: dict[str, Any] = entries.pop(index)
                if key == RESOLUTIONS and not entries:
                    del doc[key]
                doc.setdefault(WITHDRAWN, []).append(taken)
                return taken
    raise ValueError("the entry to withdraw is not in the document")


def prepared(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``doc`` with every id it lacks derived (see :mod:`entry_ids`).  The
    entry lists are new lists; an entry is copied only when it gets an id or ``seq``
    (entries are never changed in place by the merge)."""
    result = dict(doc)
    for key in ENTRY_LISTS:
        if isinstance(result.get(key), list):
            result[key] = list(result[key])
    ledger = result.get("ledger")
    if isinstance(ledger, list):
        result["ledger"] = [dict(e) if isinstance(e, dict) and not (
            isinstance(e.get("id"), str) and e["id"] and isinstance(e.get("seq"), int))
            else e for e in ledger]
    ensure_ids(result)
    return result


def _by_id(entries: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Entries by id, each distinct content once."""
    found: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        variants = found.setdefault(entry_id(entry), [])
        if not any(v == entry for v in variants):
            variants.append(entry)
    return found


def missing(old: Iterable[dict[str, Any]], new: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries of ``old`` that ``new`` does not hold (same id, same content)."""
    have = _by_id(new)
    return [e for e in old if not any(v == e for v in have.get(entry_id(e), ()))]


def _union(groups: Iterable[Iterable[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Every distinct entry once, in merge order: (seq, time, device, id), and the
    content's digest between entries that share an id."""
    keyed = []
    for variants in _by_id(e for group in groups for e in group).values():
        for entry in variants:
            keyed.append((_base_key(entry) + (digest(entry) if len(variants) > 1 else "",),
                          entry))
    keyed.sort(key=lambda pair: pair[0])
    return [entry for _, entry in keyed]


def _newest(doc: Mapping[str, Any]) -> tuple[int, int, str, str]:
    keys = [_base_key(e) for e in every_entry(doc)]
    return max(keys, default=(-1, -1, "", ""))


def _other_keys(docs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Every key but the entry lists, each from the copy whose newest entry is newest
    (ties: the larger value; a missing key is the smallest value)."""
    newest = [_newest(doc) for doc in docs]
    keys = {k for doc in docs for k in doc if k not in ENTRY_LISTS and k != "format"}
    result: dict[str, Any] = {}
    for key in sorted(keys):
        # equal ranks mean equal values: which of those copies gives it does not matter
        *_, index = max((newest[i], key in doc, canonical(doc.get(key)), i)
                        for i, doc in enumerate(docs))
        chosen = docs[index]
        if key in chosen:
            result[key] = copy.deepcopy(chosen[key])
    formats = [d["format"] for d in docs if isinstance(d.get("format"), int)]
    if formats:
        result["format"] = max(formats)
    return result


def ruled(doc: Mapping[str, Any]) -> dict[str, str]:
    """The entries a ruling holds for now (id -> revoke or keep)."""
    return _rulings(_union([resolutions_of(prepared(doc))]))


def _rulings(resolutions: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Each entry's ruling: the latest resolution naming it decides."""
    rulings: dict[str, str] = {}
    for resolution in resolutions:               # already in merge order
        target, ruling = resolution.get("entry"), resolution.get("ruling")
        if not isinstance(target, str):
            continue
        if ruling == REOPEN:
            rulings.pop(target, None)
        elif ruling in RULINGS:
            rulings[target] = str(ruling)
    return rulings


def _fold(rules: Rules, initial: Callable[[], Any] | None = None) -> Fold:
    return Fold(initial or rules.initial, lambda state, entry: list(rules.check(state, entry)),
                rules.advance, malformed="malformed entry")


def _collision(rules: Rules, applied: Sequence[dict[str, Any]],
               entry: Mapping[str, Any]) -> str | None:
    """The latest of the recent applied entries without which ``entry`` would be
    allowed (entries of another device are tried first), or None."""
    start = max(0, len(applied) - COLLISION_WINDOW)
    recent = range(len(applied) - 1, start - 1, -1)
    device = entry_device(entry)
    devices = {i: entry_device(applied[i]) for i in recent}
    order = [i for i in recent if devices[i] != device] + \
        [i for i in recent if devices[i] == device]
    before = _fold(rules)
    for earlier in applied[:start]:
        before.take(earlier)
    for index in order[:COLLISION_TRIES]:
        folding = _fold(rules, lambda: copy.deepcopy(before.state))
        for later in applied[start:]:
            if later is not applied[index]:
                folding.take(later)
        try:
            if not list(rules.check(folding.state, entry)):
                return str(applied[index].get("id"))
        except Exception:  # noqa: BLE001 - a malformed entry collides with nothing
            continue
    return None


def replay_entries(rules: Rules, entries: Sequence[dict[str, Any]],
                   rulings: Mapping[str, str]
                   ) -> tuple[list[dict[str, Any]], list[Suspension], list[dict[str, Any]]]:
    """Split entries (in merge order) into (applied, suspended, revoked)."""
    applied: list[dict[str, Any]] = []
    replayed: list[dict[str, Any]] = []           # the applied entries the rules took
    refused: list[tuple[int, dict[str, Any], tuple[str, ...], str | None]] = []
    revoked: list[dict[str, Any]] = []
    folding = _fold(rules)
    ids: set[str] = set()
    for entry in entries:
        this_id = entry_id(entry)
        ruling = rulings.get(this_id)
        if ruling == REVOKE:
            revoked.append(entry)
            continue
        if this_id in ids:
            refused.append((-1, entry, (SAME_ID,), ruling))
            continue
        ids.add(this_id)
        if not rules.include(entry):
            applied.append(entry)
            continue
        reasons = folding.take(entry)
        if reasons:
            refused.append((len(replayed), entry, tuple(str(r) for r in reasons), ruling))
            continue
        replayed.append(entry)
        applied.append(entry)
    suspended = [Suspension(entry, reasons,
                            str(entry.get("id")) if position < 0
                            else _collision(rules, replayed[:position], entry), ruling)
                 for position, entry, reasons, ruling in refused]
    return applied, suspended, revoked


def same_file(docs: Sequence[Mapping[str, Any]]) -> None:
    """MergeRefused unless every document is a copy of one file (its kind, id and rule
    system)."""
    if not docs:
        raise MergeRefused("nothing to merge")
    for key, what in (("kind", "kind of file"), ("id", "id"), ("ruleset", "rule system")):
        values = {str(doc.get(key)) for doc in docs}
        if len(values) > 1:
            raise MergeRefused(f"not copies of one file: their {what} differs "
                               f"({', '.join(sorted(values))})")


def merge(docs: Sequence[Mapping[str, Any]], rules_for: Callable[[Mapping[str, Any]], Rules]
          ) -> MergeResult:
    """Merge copies of one file.  ``rules_for`` gives the rules for the merged
    document's other keys (its baseline, its rule system).  MergeRefused when they are
    not copies of one file."""
    ready = [prepared(doc) for doc in docs]
    same_file(ready)
    result = _other_keys(ready)
    entries = _union(all_entries(doc) for doc in ready)
    resolutions = _union(resolutions_of(doc) for doc in ready)
    withdrawn = _union(withdrawn_of(doc) for doc in ready)
    if withdrawn:           # every variant of a withdrawn id is withdrawn, and kept
        gone = {entry_id(e) for e in withdrawn}
        withdrawn = _union([withdrawn, [e for e in entries + resolutions
                                        if entry_id(e) in gone]])
        entries = [e for e in entries if entry_id(e) not in gone]
        resolutions = [e for e in resolutions if entry_id(e) not in gone]
    applied, suspended, revoked = replay_entries(rules_for(result), entries,
                                                 _rulings(resolutions))
    result["ledger"] = applied
    if suspended:
        result[SUSPENDED] = [s.to_json() for s in suspended]
    if revoked:
        result[REVOKED] = revoked
    if resolutions:
        result[RESOLUTIONS] = resolutions
    if withdrawn:
        result[WITHDRAWN] = withdrawn
    everything = [every_entry(doc) for doc in ready]
    added = []
    for index, mine in enumerate(everything):
        others = [e for i, group in enumerate(everything) if i != index for e in group]
        added.append(tuple(sorted({entry_id(e) for e in missing(mine, others)})))
    return MergeResult(result, tuple(added), tuple(suspended))


def suspensions(doc: Mapping[str, Any]) -> list[Suspension]:
    """The suspended entries a merged document records."""
    found = []
    for item in doc.get(SUSPENDED) or []:
        if isinstance(item, dict) and isinstance(item.get("entry"), dict):
            ruling = item.get("ruling")
            found.append(Suspension(item["entry"], tuple(str(r) for r in item.get("reasons", [])),
                                    item.get("collides_with"),
                                    ruling if isinstance(ruling, str) else None))
    return found


def resolution(entry_id: str, ruling: str) -> dict[str, Any]:
    """A new resolution entry (stamp it before adding it to ``resolutions``)."""
    if ruling not in RULINGS:
        raise ValueError(f"a ruling is one of {', '.join(RULINGS)}")
    return {"action": RESOLVE, "entry": entry_id, "ruling": ruling}
