"""The journal of multi-file changes: all or nothing across a crash.

A change that writes several files (a party award, a Training Exchange, a
campaign's undo) first records its intent durably in the user's state folder
(``journal/`` in :func:`builder.storage.paths.state_dir`), then replaces the
files, then removes the record.  One record is one JSON file::

    {"format": 1, "kind": "journal", "what": "campaign award", "pid": 4242,
     "targets": [{"path": "/abs/mira.json",
                  "new": "<base64>", "new_digest": "sha256:...",
                  "old": "<base64>", "old_digest": "sha256:..."}, ...]}

``new`` is null where the change removes the file, ``old`` null where the file
did not exist.  The record is written atomically (temporary file, fsync,
rename, fsync of the folder), so a record that exists is whole: it is the
point after which the change counts as made.

While its change runs, the writer holds the record's own lock (``ID.lock``
beside it); a record whose lock can be taken belongs to a process that died.
:func:`recover` (run by every command before it starts, by the window when it
opens, and by every multi-file write) takes the locks of the record's files and
looks at each one:

* every file holds its old or its new contents: the change is completed (the
  files still old get the new contents), *roll forward*;
* a file holds something else (another program changed it after the crash):
  the change is taken back (the files already new get their old contents back;
  the changed file stays as the other program left it), *roll back*.

Either way every file of the change ends old, or every file new: a party award
is on every member and in the campaign's ledger, or on none and not there.

Test hook: :data:`ENV_CRASH_AT` names a step (:func:`crash_point`) at which
the writing process kills itself with SIGKILL, so tests can stop a change at
each of its steps.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import time
from pathlib import Path
from typing import Any, Iterator, Sequence

from builder.rules.records import FrozenRecord
from builder.storage.atomic import fsync_dir, write_bytes_atomic
from builder.storage.paths import journal_dir

FORMAT = 1
#: The test hook: the name of the step at which the process kills itself.
ENV_CRASH_AT = "CHARACTER_BUILDER_CRASH_AT"
#: Steps of a journalled change, in order.  ``replaced-N``: after the Nth file.
STEPS = ("temporaries-written", "journal-written", "replaced-N")


def crash_point(step: str) -> None:
    """The test hook: SIGKILL this process when :data:`ENV_CRASH_AT` names ``step``."""
    if os.environ.get(ENV_CRASH_AT) == step:
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def digest(data: bytes | None) -> str | None:
    import hashlib  # when a digest is made (docs/dev/performance.md, hashlib)

    return None if data is None else "sha256:" + hashlib.sha256(data).hexdigest()


class Target(FrozenRecord):
    """One file of a change: its final path (links followed), the contents it gets
    (None: it is removed) and the contents it had (None: it did not exist)."""

    __slots__ = ("path", "new", "old")
    _fields = ("path", "new", "old")
    path: Path
    new: bytes | None
    old: bytes | None

    def __init__(self, path: Path, new: bytes | None, old: bytes | None) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "new", new)
        object.__setattr__(self, "old", old)


class Recovered(FrozenRecord):
    """What :func:`recover` did with one unfinished change: ``completed`` True when every
    file has its new contents, False when taken back; ``kept``: files another program
    changed after the crash, left as that program wrote them."""

    __slots__ = ("what", "completed", "paths", "kept")
    _fields = ("what", "completed", "paths", "kept")
    what: str
    completed: bool
    paths: tuple[Path, ...]
    kept: tuple[Path, ...]

    def __init__(self, what: str, completed: bool, paths: tuple[Path, ...],
                 kept: tuple[Path, ...] = ()) -> None:
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "completed", completed)
        object.__setattr__(self, "paths", paths)
        object.__setattr__(self, "kept", kept)

    def line(self) -> str:
        names = ", ".join(p.name for p in self.paths)
        if self.completed:
            return f"an interrupted {self.what} was completed ({names})"
        kept = ", ".join(str(p) for p in self.kept)
        return (f"an interrupted {self.what} was taken back ({names}): {kept} changed "
                f"meanwhile")


class JournalProblem(Exception):
    """The journal cannot be written (the change was not made); the message says why."""


def _encode(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode("ascii")


def _decode(text: Any) -> bytes | None:
    return None if text is None else base64.b64decode(str(text), validate=True)


def _lock(record: Path) -> Any:
    from filelock import FileLock

    return FileLock(str(record.with_suffix(".lock")))


class Entry:
    """One change being made: :meth:`begin` records it, :meth:`end` removes the record."""

    def __init__(self, targets: Sequence[Target], what: str) -> None:
        self.targets = list(targets)
        self.what = what
        folder = journal_dir()
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
        self.record = folder / f"{stamp}-{os.getpid()}-{os.urandom(4).hex()}.json"
        self._lock: Any = None

    def document(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "kind": "journal", "what": self.what, "pid": os.getpid(),
            "targets": [{"path": str(t.path), "new": _encode(t.new), "new_digest": digest(t.new),
                         "old": _encode(t.old), "old_digest": digest(t.old)}
                        for t in self.targets],
        }

    def begin(self) -> None:
        """Record the change durably (JournalProblem if the state folder cannot be
        written: then nothing is changed)."""
        try:
            self.record.parent.mkdir(parents=True, exist_ok=True)
            self._lock = _lock(self.record)
            self._lock.acquire(timeout=0)
            data = json.dumps(self.document(), sort_keys=True).encode("utf-8")
            write_bytes_atomic(self.record, data)
        except Exception as exc:  # noqa: BLE001 - a lock or disk problem: nothing changed yet
            self._release()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise JournalProblem(f"{self.record.parent}: the journal of changes cannot be "
                                 f"written ({reason}); nothing was written") from None

    def end(self) -> None:
        """The change is complete (or wholly put back): drop the record."""
        try:
            self.record.unlink(missing_ok=True)
            fsync_dir(self.record.parent)
        except OSError:
            pass
        self._release()

    def leave(self) -> None:
        """The change stopped half-way and could not be put back: the record stays for
        :func:`recover` to finish."""
        self._release(keep_lock_file=True)

    def _release(self, keep_lock_file: bool = False) -> None:
        if self._lock is not None:
            self._lock.release()
            if not keep_lock_file:
                try:
                    self.record.with_suffix(".lock").unlink(missing_ok=True)
                except OSError:
                    pass
            self._lock = None


# -- recovery ---------------------------------------------------------------------------------
def _records() -> Iterator[Path]:
    try:
        entries = sorted(os.listdir(journal_dir()))
    except OSError:
        return
    for name in entries:
        if name.endswith(".json") and not name.startswith("."):
            yield journal_dir() / name


def _read_record(record: Path) -> tuple[str, list[Target]] | None:
    """The record's change (None: the record is not one of ours or is damaged)."""
    try:
        doc = json.loads(record.read_bytes())
        if doc.get("kind") != "journal" or doc.get("format") != FORMAT:
            return None
        targets = []
        for item in doc["targets"]:
            target = Target(Path(item["path"]), _decode(item["new"]), _decode(item["old"]))
            if (digest(target.new) != item["new_digest"]
                    or digest(target.old) != item["old_digest"]):
                return None
            targets.append(target)
        return str(doc.get("what") or "change"), targets
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _current(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _put(path: Path, data: bytes | None) -> None:
    if data is None:
        path.unlink(missing_ok=True)
        fsync_dir(path.parent)
    else:
        write_bytes_atomic(path, data)


def finish(record: Path) -> Recovered | None:
    """Complete or take back one record's change (see the module docstring); None when
    the record belongs to a running change or was already finished.  OSError when a
    file cannot be written (the record stays for the next try)."""
    from filelock import Timeout

    from builder.storage.locking import locked

    lock = _lock(record)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return None                     # its writer is still at work
    try:
        if not record.exists():
            return None
        read = _read_record(record)
        if read is None:                # not ours, or damaged: set aside, never acted on
            os.replace(record, record.with_suffix(".unreadable"))
            return None
        what, targets = read
        with locked([t.path for t in targets]):
            now = [_current(t.path) for t in targets]
            foreign = [t.path for t, data in zip(targets, now) if data not in (t.new, t.old)]
            if not foreign:
                for target, data in zip(targets, now):
                    if data != target.new:
                        _put(target.path, target.new)
            else:
                for target, data in zip(targets, now):
                    if data == target.new and target.new != target.old:
                        _put(target.path, target.old)
        record.unlink()
        fsync_dir(record.parent)
        return Recovered(what, not foreign, tuple(t.path for t in targets), tuple(foreign))
    finally:
        lock.release()
        try:
            record.with_suffix(".lock").unlink(missing_ok=True)
        except OSError:
            pass


def recover() -> tuple[list[Recovered], list[str]]:
    """Finish every unfinished change a dead process left (what was done, and one line
    for each record that could not be finished now).  Never raises for a file
    problem: a record that cannot be finished stays for the next command."""
    done: list[Recovered] = []
    problems: list[str] = []
    records = list(_records())
    if not records:       # the usual case: no lock library needed
        return done, problems
    from builder.storage.locking import LockBusy

    for record in records:
        try:
            result = finish(record)
        except LockBusy as busy:
            problems.append(f"an interrupted change waits to be finished: {busy}")
            continue
        except OSError as exc:
            problems.append(f"an interrupted change cannot be finished now "
                            f"({exc.filename or record}: {exc.strerror or exc}); "
                            f"the next command tries again")
            continue
        if result is not None:
            done.append(result)
    return done, problems
