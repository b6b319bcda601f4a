"""builder.storage.transaction: several files written all or nothing."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from builder.storage.transaction import Change, TransactionFailed, write_all


@pytest.fixture
def three(tmp_path):
    paths = [tmp_path / f"{n}.json" for n in "abc"]
    for p in paths:
        p.write_bytes(f"old {p.name}\n".encode())
    return paths


def contents(paths):
    return [p.read_bytes() if p.exists() else None for p in paths]


def leftovers(folder):
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_every_file_gets_its_new_bytes(three, tmp_path):
    new = tmp_path / "new.json"
    write_all([Change(p, b"new " + p.name.encode()) for p in three] + [Change(new, b"x")])
    assert contents(three) == [b"new a.json", b"new b.json", b"new c.json"]
    assert new.read_bytes() == b"x"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("fail_at", [1, 2, 3])
def test_a_failing_replace_puts_every_file_back(three, tmp_path, monkeypatch, fail_at):
    before = contents(three)
    new = tmp_path / "new.json"
    real = os.replace
    calls = []

    def replace(src, dst, *a, **kw):
        if "journal" in str(dst):          # the record of the change, not a target
            return real(src, dst, *a, **kw)
        calls.append(dst)
        if len(calls) == fail_at:
            raise OSError(28, "No space left on device")
        return real(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", replace)
    changes = [Change(p, b"new") for p in three] + [Change(new, b"x")]
    with pytest.raises(TransactionFailed) as info:
        write_all(changes)
    monkeypatch.setattr(os, "replace", real)
    assert changes[fail_at - 1].path.name in str(info.value)
    assert "put back" in str(info.value)
    assert contents(three) == before
    assert not new.exists()
    assert leftovers(tmp_path) == []


def test_a_failing_temporary_write_touches_nothing(three, tmp_path, monkeypatch):
    before = contents(three)
    real = tempfile.mkstemp
    calls = []

    def mkstemp(*a, **kw):
        calls.append(1)
        if len(calls) == 3:
            raise PermissionError(13, "Permission denied")
        return real(*a, **kw)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    with pytest.raises(TransactionFailed) as info:
        write_all([Change(p, b"new") for p in three])
    assert "c.json" in str(info.value) and "nothing was written" in str(info.value)
    assert contents(three) == before
    assert leftovers(tmp_path) == []


def test_a_file_changed_since_it_was_read_stops_everything(three, tmp_path):
    before = contents(three)
    changes = [Change(p, b"new", expected=b) for p, b in zip(three, before)]
    three[2].write_bytes(b"someone else\n")
    with pytest.raises(TransactionFailed) as info:
        write_all(changes)
    assert "c.json: changed by another program meanwhile; nothing written" in str(info.value)
    assert contents(three)[:2] == before[:2]


def test_the_same_file_twice_is_refused(three):
    with pytest.raises(TransactionFailed):
        write_all([Change(three[0], b"1"), Change(three[0], b"2")])
    assert three[0].read_bytes() == b"old a.json\n"


def test_a_change_may_remove_a_file_and_a_failure_puts_it_back(three, tmp_path, monkeypatch):
    """A move (a file to the trash with its note) is a new file plus a removal."""
    moved = tmp_path / "trash" / "a.json"
    moved.parent.mkdir()
    write_all([Change(moved, three[0].read_bytes()), Change(three[0], None)])
    assert not three[0].exists() and moved.read_bytes() == b"old a.json\n"

    real = os.replace

    def full(src, dst, *a, **kw):
        if Path(dst) == three[2]:
            raise OSError(28, "No space left on device")
        return real(src, dst, *a, **kw)

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(TransactionFailed) as info:
        write_all([Change(three[1], None), Change(three[2], b"new")])
    assert "every file was put back" in str(info.value)
    assert contents(three[1:]) == [b"old b.json\n", b"old c.json\n"]


def test_a_record_a_dead_writer_left_is_completed_once(three, tmp_path):
    """Recovery reads the record alone: the contents and digests it holds (the writer's
    temporaries may be gone), each file's new contents or its removal."""
    from builder.storage import journal

    entry = journal.Entry([journal.Target(three[0], b"new a\n", b"old a.json\n"),
                           journal.Target(three[1], None, b"old b.json\n"),
                           journal.Target(tmp_path / "d.json", b"d\n", None)], "test change")
    entry.begin()
    three[0].write_bytes(b"new a\n")       # the writer got this far, then died
    entry.leave()                          # its lock is released, the record stays
    done, problems = journal.recover()
    assert problems == [] and [r.completed for r in done] == [True]
    assert done[0].line() == "an interrupted test change was completed (a.json, b.json, d.json)"
    assert contents(three) == [b"new a\n", None, b"old c.json\n"]
    assert (tmp_path / "d.json").read_bytes() == b"d\n"
    assert journal.recover() == ([], [])


def test_a_damaged_record_is_set_aside_never_acted_on(three):
    from builder.storage.journal import journal_dir, recover

    journal_dir().mkdir(parents=True)
    (journal_dir() / "x.json").write_text('{"kind": "journal", "format": 1, "targets": [{}]}')
    assert recover() == ([], [])
    assert [p.name for p in journal_dir().iterdir()] == ["x.unreadable"]
    assert contents(three) == [b"old a.json\n", b"old b.json\n", b"old c.json\n"]
