"""builder.storage.transaction: several files written all or nothing."""
from __future__ import annotations

import os
import tempfile

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
