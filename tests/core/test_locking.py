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

    holder = Holder(FILELOCK, target)
    try:
        with pytest.raises(LockBusy):
            with locked([target], timeout=0.2):
                pass
    finally:
        holder.close()
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


def test_two_threads_exclude_each_other_and_one_thread_reenters(target):
    held, release, outcome = threading.Event(), threading.Event(), []

    def other():
        with locked([target]):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=other)
    thread.start()
    try:
        assert held.wait(10)
        try:
            with locked([target], timeout=0.2):
                outcome.append("entered")
        except LockBusy:
            outcome.append("busy")
    finally:
        release.set()
        thread.join()
    assert outcome == ["busy"]
    with locked([target], timeout=0):
        with locked([target], timeout=0):  # the same thread: no waiting for itself
            outcome.append("nested")
    assert outcome == ["busy", "nested"]


def test_a_symlink_planted_as_the_lock_file_is_not_followed(target, tmp_path):
    victim = tmp_path / "victim"
    lock_path(target).symlink_to(victim)
    with locked([target], timeout=0.2):  # no lock can be had there: skipped, as a read-only folder
        pass
    assert not victim.exists()
