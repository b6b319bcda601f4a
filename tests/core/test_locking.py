"""The write lock (builder/storage/locking.py, filelock underneath): a real lock between
programs and threads, re-entrant in one thread, freed when its program dies."""
from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from builder.storage.locking import LockBusy, lock_path, locked


HOLD = """
import sys, time
from pathlib import Path
{take}
print("held", flush=True)
sys.stdin.readline()
"""
OURS = "from builder.storage.locking import locked\nctx = locked([sys.argv[1]]); ctx.__enter__()"
FILELOCK = ("from filelock import FileLock\nfrom builder.storage.locking import lock_path\n"
            "held_lock = FileLock(str(lock_path(sys.argv[1])))\nheld_lock.acquire()")


@pytest.fixture
def target(tmp_path) -> Path:
    path = tmp_path / "c.json"
    path.write_text("{}")
    return path


class Holder:
    """Another process holding the lock of ``target`` until closed."""

    def __init__(self, take: str, target: Path):
        self.proc = subprocess.Popen([sys.executable, "-c", HOLD.format(take=take), str(target)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "held"

    def close(self):
        self.proc.stdin.close()
        assert self.proc.wait(timeout=30) == 0
        self.proc.stdout.close()


def assert_held_elsewhere(take: str, held: Path, wanted: Path) -> None:
    """While another program holds ``held`` (taken with ``take``), ``wanted`` is busy."""
    holder = Holder(take, held)
    try:
        with pytest.raises(LockBusy):
            with locked([wanted], timeout=0.2):
                pass
    finally:
        holder.close()


def test_a_lock_held_by_another_program_makes_us_wait_then_give_up(target):
    holder = Holder(OURS, target)
    try:
        with pytest.raises(LockBusy, match="another program is changing it"):
            with locked([target], timeout=0.2):
                pass
    finally:
        holder.close()
    with locked([target], timeout=0.2):  # released when it ended
        pass


def test_a_program_using_filelock_and_this_one_exclude_each_other(target):
    from filelock import FileLock, Timeout

    assert_held_elsewhere(FILELOCK, target, target)
    holder = Holder(OURS, target)
    try:
        with pytest.raises(Timeout):
            FileLock(str(lock_path(target))).acquire(timeout=0.2)
    finally:
        holder.close()


def test_a_program_that_ends_without_releasing_frees_the_lock(target):
    done = subprocess.run([sys.executable, "-c",
                           "import os, sys\nfrom builder.storage.locking import locked\n"
                           "ctx = locked([sys.argv[1]]); ctx.__enter__()\nos._exit(0)", str(target)],
                          timeout=30)
    assert done.returncode == 0
    with locked([target], timeout=0.2):
        pass


def while_another_thread_holds(held_name: Path, wanted: Path) -> list[str]:
    """["busy"] when taking ``wanted`` waits for another thread holding ``held_name``."""
    held, release, outcome = threading.Event(), threading.Event(), []

    def other():
        with locked([held_name]):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=other)
    thread.start()
    try:
        assert held.wait(10)
        try:
            with locked([wanted], timeout=0.1):
                outcome.append("entered")
        except LockBusy:
            outcome.append("busy")
    finally:
        release.set()
        thread.join()
    return outcome


def test_two_threads_exclude_each_other_and_one_thread_reenters(target):
    outcome = while_another_thread_holds(target, target)
    assert outcome == ["busy"]
    with locked([target], timeout=0):
        with locked([target], timeout=0):  # the same thread: no waiting for itself
            outcome.append("nested")
    assert outcome == ["busy", "nested"]


def test_a_symlink_planted_as_the_lock_file_is_not_followed(target, tmp_path):
    victim = tmp_path / "victim"
    lock_path(target).parent.mkdir(parents=True, exist_ok=True)
    lock_path(target).symlink_to(victim)
    with pytest.raises(LockBusy, match="cannot be locked"):  # never a write without a lock
        with locked([target], timeout=0.2):
            pass
    assert not victim.exists()


def test_a_held_lock_refuses_the_command_naming_the_file_and_the_holders_process(
        target, monkeypatch):
    from builder.storage import locking
    from tests.helpers import cli, ok

    char = target.with_name("held.json")
    ok("new", "story-points", "Held", "-o", char)
    before = char.read_bytes()
    holder = Holder(OURS, char)
    monkeypatch.setattr(locking, "LOCK_TIMEOUT", 0.2)
    try:
        result = cli("do", char, "rest")
    finally:
        holder.close()
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert str(char) in result.err and "another program is changing it" in result.err
    if Path("/proc/locks").exists():
        assert f"process {holder.proc.pid}" in result.err
    assert char.read_bytes() == before


def test_a_lock_that_cannot_be_made_refuses_the_write(target):
    """The locks folder cannot be made (a file stands in its place): refused, nothing
    written, never a write without a lock."""
    from builder.storage.paths import locks_dir
    from tests.helpers import cli, ok

    char = target.with_name("nolock.json")
    ok("new", "story-points", "NoLock", "-o", char)
    before = char.read_bytes()
    import shutil

    shutil.rmtree(locks_dir())
    locks_dir().write_text("not a folder")
    result = cli("do", char, "rest")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert f"{char}: cannot be locked" in result.err and "nothing written" in result.err
    assert char.read_bytes() == before


def test_a_lock_file_of_another_user_is_a_refusal_naming_its_owner(target, monkeypatch):
    """A lock file that cannot be opened (another user's) refuses the write and says
    whose it is."""
    import errno
    import os

    from filelock import FileLock

    def denied(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    lock_path(target).parent.mkdir(parents=True, exist_ok=True)
    lock_path(target).write_bytes(b"")
    monkeypatch.setattr(FileLock, "acquire", denied)
    monkeypatch.setattr(os, "getuid", lambda: 4242)
    with pytest.raises(LockBusy) as refused:
        with locked([target], timeout=0.2):
            pytest.fail("entered without the lock")
    assert "Permission denied" in str(refused.value)
    assert "belongs to another user" in str(refused.value)


def test_every_name_of_one_file_shares_one_lock(target, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert lock_path(link) == lock_path(target) == lock_path(tmp_path / "." / "c.json")
    assert lock_path(target) != lock_path(tmp_path / "other.json")
    assert while_another_thread_holds(link, target) == ["busy"]


def test_several_files_are_written_under_their_locks_only_over_what_was_read(tmp_path,
                                                                            monkeypatch):
    """write_checked_all: a file changed since it was read stops the change
    (ChangedOnDisk); a lock held by another program stops it too (FileProblem naming
    the file); either way no file changes."""
    from builder.storage import locking
    from builder.storage.files import ChangedOnDisk, FileProblem, write_checked_all
    from builder.storage.transaction import Change

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_bytes(b"A1\n")
    b.write_bytes(b"B1\n")
    write_checked_all([Change(a, b"A2\n", b"A1\n"), Change(b, b"B2\n", b"B1\n")], "test")
    assert (a.read_bytes(), b.read_bytes()) == (b"A2\n", b"B2\n")
    b.write_bytes(b"B3\n")                                     # another program's write
    with pytest.raises(ChangedOnDisk, match="b.json"):
        write_checked_all([Change(a, b"A4\n", b"A2\n"), Change(b, b"B4\n", b"B2\n")], "test")
    assert (a.read_bytes(), b.read_bytes()) == (b"A2\n", b"B3\n")
    monkeypatch.setattr(locking, "LOCK_TIMEOUT", 0.2)
    holder = Holder(OURS, b)
    try:
        with pytest.raises(FileProblem, match="b.json") as busy:
            write_checked_all([Change(a, b"A5\n", b"A2\n"), Change(b, b"B5\n", b"B3\n")],
                              "test")
        assert not isinstance(busy.value, ChangedOnDisk)
    finally:
        holder.close()
    assert (a.read_bytes(), b.read_bytes()) == (b"A2\n", b"B3\n")
