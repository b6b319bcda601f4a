"""The device log: an entry is logged only once a written file holds it (an entry a
failed write threw away never comes back), and a log read back gives the file's
place, the entries and the undos."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.storage import device_log
from builder.storage.files import ChangedOnDisk, load_character
from tests.helpers import ok


def test_an_entry_is_logged_only_once_a_write_holds_it(isolated_data, tmp_path):
    path = tmp_path / "mira.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "sp=40")
    held = load_character(path)
    thrown = held.do(held.ruleset.parse_action(["raise-vital", "Agility"]))
    path.write_bytes(path.read_bytes() + b"\n")            # another program wrote it
    with pytest.raises(ChangedOnDisk):
        held.save()
    assert device_log.logs() == []
    ok("do", path, "raise-vital", "Cognition")
    ok("undo", path)
    (log,) = device_log.logs()
    read = device_log.read(log)
    assert read is not None and read.path == path and read.header["name"] == "Mira"
    assert [e["name"] for e in read.entries] == ["Cognition"] == \
        [e["name"] for e in read.withdrawn]
    assert thrown["id"] not in log.read_text()
    assert "baseline" in read.header and "ledger" not in read.header


def test_a_write_logs_its_own_file_s_entries_and_leaves_another_s_pending(
        isolated_data, tmp_path):
    """A write searches only the pending entries of the file it wrote: another file's
    entry, stamped and not yet written (or never: a dry run's), waits for that file."""
    mira, tove = tmp_path / "mira.json", tmp_path / "tove.json"
    for path, name in ((mira, "Mira"), (tove, "Tove")):
        ok("new", "story-points", name, "-o", path, "--set", "sp=40")
    waiting = load_character(tove)
    pending = waiting.do(waiting.ruleset.parse_action(["raise-vital", "Agility"]))
    written = load_character(mira)
    entry = written.do(written.ruleset.parse_action(["raise-vital", "Cognition"]))
    written.save()
    (log,) = device_log.logs()
    assert entry["id"] in log.read_text() and pending["id"] not in log.read_text()
    assert pending["id"] in str(device_log._pending[waiting.doc["id"]])
    waiting.save()
    assert any(pending["id"] in other.read_text() for other in device_log.logs())
    assert waiting.doc["id"] not in device_log._pending


def test_the_log_keeps_the_file_s_latest_keys_for_a_rebuild(isolated_data, tmp_path):
    path = tmp_path / "mira.json"
    ok("new", "story-points", "Mira", "-o", path, "--set", "sp=40")
    ok("do", path, "raise-vital", "Agility")
    ok("do", path, "raise-vital", "Cognition")
    ok("library", "rename", path, "Mira the Bold")
    ok("do", path, "raise-vital", "Presence")
    (log,) = device_log.logs()
    assert log.read_text().count('"file":') == 2            # first, and after the rename
    read = device_log.read(log)
    assert read is not None and read.header["name"] == "Mira the Bold"
    assert device_log.place(log) == path


def test_a_dry_run_leaves_no_entry_waiting_and_the_award_itself_is_logged(
        isolated_data, tmp_path):
    """The award dialog checks what the award would do at every key; those entries are
    never written and do not wait for a write (they piled up, with their documents)."""
    from builder.app import campaigns

    paths = [ok("new", "story-points", name, "--set", "sp=5").out.strip()
             for name in ("Ann", "Bob")]
    camp = ok("campaign", "new", "Camp", "--ruleset", "story-points").out.strip()
    for path in paths:
        ok("campaign", "add", camp, path)
    ids = {load_character(path).doc["id"] for path in paths}
    ids.add(json.loads(Path(camp).read_text())["id"])
    for _key in range(3):
        campaigns.award(camp, ["award-checkpoint", "1", "1"], dry_run=True)
    assert not ids & set(device_log._pending) and device_log.logs() == []
    outcome = campaigns.award(camp, ["award-checkpoint", "1", "1"])
    logged = "".join(log.read_text() for log in device_log.logs())
    assert len(device_log.logs()) == 3 and not ids & set(device_log._pending)
    assert outcome.entry is not None
    assert all(member["entry"]["id"] in logged for member in outcome.entry.entry["members"])


def test_a_refused_award_leaves_no_entry_waiting(isolated_data, tmp_path):
    """Ann can pay for the raise and is stamped; Bob cannot, so the award writes
    nothing: Ann's entry waits for no write either."""
    from builder.app import campaigns
    from builder.app.outcome import Refused

    paths = [ok("new", "story-points", name, "--set", f"sp={sp}").out.strip()
             for name, sp in (("Ann", 8), ("Bob", 0))]
    camp = ok("campaign", "new", "Camp", "--ruleset", "story-points").out.strip()
    for path in paths:
        ok("campaign", "add", camp, path)
    ids = {load_character(path).doc["id"] for path in paths}
    with pytest.raises(Refused):
        campaigns.award(camp, ["raise-vital", "Agility"])
    assert not ids & set(device_log._pending) and device_log.logs() == []
