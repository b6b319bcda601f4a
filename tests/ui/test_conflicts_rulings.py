"""The window's rulings through the application layer (builder.app.conflicts): a
ruling's undo appends a reopen entry that takes it back (the file keeps every entry),
its redo gives the same ruling again, and an undo of a ruling that is no longer the
entry's latest changes nothing."""
from __future__ import annotations

import json
import shutil

import pytest

from builder.app import conflicts
from builder.rules.base import UsageError
from tests.helpers import cli, ok


@pytest.fixture
def table(isolated_data, tmp_path, monkeypatch):
    """A campaign whose last Fortune Point was spent on two laptops, merged."""
    table, bob = isolated_data / "table.json", tmp_path / "bob.json"
    ok("campaign", "new", "Table", "-o", table, "--ruleset", "story-points")
    ok("pool", "start", table, "--players", "1")
    shutil.copy(table, bob)
    ok("pool", "spend", table, "fortune", "--check", "1", "--by", "Ann", "--for", "upgrade")
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Bob's laptop")
    ok("pool", "spend", bob, "fortune", "--check", "2", "--by", "Bob", "--for", "upgrade")
    assert cli("merge", bob, "-o", table).code == 1
    return table


def entry_ids(doc):
    return sorted(e["id"] for e in doc["ledger"] + doc.get("revoked", [])
                  + [s["entry"] for s in doc.get("suspended", [])])


def test_keep_then_undo_then_redo(table):
    before = json.loads(table.read_text())
    (conflict,) = conflicts.report(table).conflicts
    keep = next(c for c in conflict.choices if c.ruling == conflicts.KEEP)
    assert keep.changes and keep.changes[0].endswith(": kept")
    done = conflicts.resolve(table, keep.entry, keep.ruling)
    assert done.entry is not None and done.entry.entry["ruling"] == "keep"
    assert conflicts.report(table).conflicts == ()
    undone = conflicts.unresolve(table, done.entry)
    after = json.loads(table.read_text())
    assert entry_ids(after) == entry_ids(before) and after["suspended"] == before["suspended"]
    assert [r["ruling"] for r in after["resolutions"]] == ["keep", "reopen"]
    assert len(conflicts.report(table).conflicts) == 1
    reopened = table.read_bytes()
    with pytest.raises(UsageError):                  # its ruling is no longer the latest
        conflicts.unresolve(table, done.entry)
    assert table.read_bytes() == reopened
    redone = conflicts.reapply(table, undone.entry)
    assert [r["ruling"] for r in json.loads(table.read_text())["resolutions"]] == \
        ["keep", "reopen", "keep"]
    assert conflicts.report(table).conflicts == ()
    conflicts.unresolve(table, redone.entry)   # and again: a second undo after redo
    assert len(conflicts.report(table).conflicts) == 1
    conflicts.reapply(table, undone.entry)
    assert ok("conflicts", table).out.strip() == "no conflicts"


def test_the_member_guard_refuses_a_ruling(table):
    from builder.app.outcome import Refused

    before = table.read_bytes()
    (conflict,) = conflicts.report(table).conflicts
    with pytest.raises(Refused):
        conflicts.resolve(table, conflict.entry.id, conflicts.REVOKE,
                          guard=lambda paths: ["an open tab holds a change"])
    assert table.read_bytes() == before
