"""The device log: an entry is logged only once a written file holds it (an entry a
failed write threw away never comes back), and a log read back gives the file's
place, the entries and the undos."""
from __future__ import annotations

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
