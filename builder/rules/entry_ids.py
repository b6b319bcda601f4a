"""Stable identities of files and ledger entries, so copies of one file can be merged.

Every character and campaign carries an ``id``; every ledger entry an ``id``, the
``device`` that wrote it (its id, and its readable ``device_name``) and a ``seq``
(causal order: one more than the largest ``seq`` in the file when it was written, so
an entry always sorts after every entry its writer had seen, whatever the clocks
say).  Ids are ULID-like: 26 characters of Crockford base 32, the first 10 a
millisecond time, the rest random, so they sort by time and never need a server.
``os.urandom`` and ``time`` are all it takes: no library is needed for them.

Files written before ids existed read unchanged.  When such a file is next changed
or merged, :func:`ensure_ids` derives what is missing, deterministically: the file's
id from what never changes in it (kind, ruleset, creation time, baseline), an entry's
id from the file's id, its position and its content (its time from the entry's
``at``), its ``seq`` from its position.  Two devices upgrading the same file write the
same bytes.

Pure: the caller passes the time, the randomness and the device (see
:mod:`builder.storage.device`).
"""
from __future__ import annotations

import functools
import json
from typing import Any, Mapping, MutableMapping

from builder.rules.records import FrozenRecord

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Every two digits, by the 10 bits they stand for; the shifts of a ULID's 13 pairs.
_PAIRS = tuple(a + b for a in CROCKFORD for b in CROCKFORD)
_PAIR_SHIFTS = tuple(range(120, -1, -10))
#: The keys a ledger entry carries besides its action (never read by the rules).
STAMP_KEYS = ("id", "device", "device_name", "seq")
_STAMP_SET = frozenset(STAMP_KEYS)
#: Everything in an entry that is not the action itself: its time and its stamp.
META_KEYS = ("at",) + STAMP_KEYS
#: What of a file never changes once it is created (an old file's id is made of it).
_FILE_IDENTITY = ("kind", "ruleset", "created", "baseline")


#: ``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``,
#: made once (``json.dumps`` with arguments builds an encoder per call).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False).encode


def entry_id(entry: Mapping[str, Any]) -> str:
    """An entry's id as its :class:`Envelope` reads it (a merge groups and orders every
    entry of every copy by it, and reads it without making an envelope for each)."""
    return str(entry.get("id", ""))


def entry_device(entry: Mapping[str, Any]) -> str:
    """The device that wrote an entry, as its :class:`Envelope` reads it."""
    return str(entry.get("device", ""))


class Envelope(FrozenRecord):
    """What a ledger entry carries around its action, read as text: its ``id``, its
    verb (``action``), its time (``at``), the ``device`` that wrote it and that
    device's readable ``device_name``; each is the text of the entry's value (``str``),
    empty when the entry has none or null.  ``entry`` is the JSON object it was read from, the
    one a merge keeps and writes back as it is (:func:`Envelope.of` copies nothing)."""

    _fields = ("id", "action", "at", "device", "device_name", "entry")
    __slots__ = _fields
    id: str
    action: str
    at: str
    device: str
    device_name: str
    entry: Mapping[str, Any]

    def __init__(self, id: str, action: str, at: str, device: str, device_name: str,
                 entry: Mapping[str, Any]) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "device", device)
        object.__setattr__(self, "device_name", device_name)
        object.__setattr__(self, "entry", entry)

    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> Envelope:
        def text(key: str) -> str:
            value = entry.get(key)
            return "" if value is None else str(value)

        return cls(entry_id(entry), text("action"), text("at"), entry_device(entry),
                   text("device_name"), entry)

    @property
    def verb(self) -> str:
        """The entry's verb as a line names it ("?" when it has none)."""
        return self.action or "?"


def canonical(value: Any) -> str:
    """One text for a JSON value: the same on every machine."""
    return _CANONICAL(value)


def digest(value: Any) -> str:
    """A short fingerprint of a JSON value's content (hex)."""
    import hashlib  # when a digest is made (docs/dev/performance.md, hashlib)

    return hashlib.sha256(canonical(value).encode("utf-8", "surrogatepass")).hexdigest()


def ulid(ms: int, randomness: bytes) -> str:
    """48 bits of milliseconds and 80 bits of ``randomness`` as 26 base-32 characters."""
    ms = max(0, min(int(ms), (1 << 48) - 1))
    number = (ms << 80) | int.from_bytes(randomness[:10].rjust(10, b"\0"), "big")
    return "".join([_PAIRS[(number >> shift) & 1023] for shift in _PAIR_SHIFTS])


def at_ms(at: Any) -> int:
    """An entry's ``at`` (ISO 8601) in milliseconds since 1970; 0 when it is none."""
    if not isinstance(at, str) or not at:
        return 0
    return _parse_ms(at)


@functools.lru_cache(maxsize=4096)
def _parse_ms(at: str) -> int:
    from datetime import datetime  # here: reading a file never needs it

    try:
        return max(0, int(datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() * 1000))
    except (ValueError, OverflowError, OSError):
        return 0


def action_content(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The entry without its stamp (its action and time)."""
    return {k: v for k, v in entry.items() if k not in STAMP_KEYS}


def derived_file_id(doc: Mapping[str, Any]) -> str:
    """The id of a file written before files had one: made of what never changes in it."""
    identity = {key: doc.get(key) for key in _FILE_IDENTITY}
    return ulid(at_ms(doc.get("created")), bytes.fromhex(digest(identity))[:10])


def derived_entry_id(file_id: str, position: int, entry: Mapping[str, Any]) -> str:
    """The id of an entry written before entries had one."""
    import hashlib  # when a digest is made (docs/dev/performance.md, hashlib)

    content = entry if _STAMP_SET.isdisjoint(entry) else action_content(entry)
    seed = canonical([file_id, position, content])
    return ulid(at_ms(entry.get("at")), hashlib.sha256(seed.encode("utf-8", "surrogatepass"))
                .digest()[:10])


def _seq(entry: Mapping[str, Any]) -> int | None:
    value = entry.get("seq")
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


def ensure_ids(doc: MutableMapping[str, Any]) -> bool:
    """Give the file and each ledger entry that has none its derived id and ``seq``
    (in place); True when something was added.  Entries that have them keep them."""
    changed = False
    if not isinstance(doc.get("id"), str) or not doc["id"]:
        doc["id"] = derived_file_id(doc)
        changed = True
    ledger = doc.get("ledger")
    if not isinstance(ledger, list):
        return changed
    last = 0
    for position, entry in enumerate(ledger):
        if not isinstance(entry, dict):
            continue
        if not isinstance(entry.get("id"), str) or not entry["id"]:
            entry["id"] = derived_entry_id(doc["id"], position, entry)
            changed = True
        seq = _seq(entry)
        if seq is None:
            seq = last + 1
            entry["seq"] = seq
            changed = True
        last = max(last, seq)
    return changed


def entries_of(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every ledger entry a file holds: applied, suspended, revoked or withdrawn by
    an undo (see :mod:`builder.rules.merge`), and the resolutions."""
    found: list[dict[str, Any]] = [e for e in doc.get("ledger") or [] if isinstance(e, dict)]
    for item in doc.get("suspended") or []:
        if isinstance(item, dict) and isinstance(item.get("entry"), dict):
            found.append(item["entry"])
    for key in ("revoked", "resolutions", "withdrawn"):
        found.extend(e for e in doc.get(key) or [] if isinstance(e, dict))
    return found


def next_seq(doc: Mapping[str, Any]) -> int:
    """The ``seq`` of the next entry written to ``doc``: after everything in it."""
    return 1 + max((_seq(e) or 0 for e in entries_of(doc)), default=0)


def stamp(doc: MutableMapping[str, Any], entry: MutableMapping[str, Any], *, device: str,
          device_name: str, now_ms: int, randomness: bytes) -> None:
    """Give a new ledger entry (not yet in ``doc``) its id, device (id and readable
    name) and ``seq``; the file gets its missing ids first."""
    ensure_ids(doc)
    entry["id"] = ulid(now_ms, randomness)
    entry["device"] = device
    entry["device_name"] = device_name
    entry["seq"] = next_seq(doc)
