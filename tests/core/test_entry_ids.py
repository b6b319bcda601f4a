"""Stable ids: every file and ledger entry carries one, with the device that wrote it;
files written before ids existed read unchanged and get the same derived ids on every
device."""
from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path

from builder.rules import entry_ids
from tests.helpers import cli, file_bytes, ok

ULID = re.compile(r"^[0-9A-HJKMNP-TV-Z]{26}$")
SAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "samples" / "Senna-Vale.json"


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def new_character(tmp_path, name="Mira"):
    path = tmp_path / f"{name}.json"
    ok("new", "story-points", name, "-o", path, "--set", "sp=16")
    return path


def test_a_new_character_and_its_entries_carry_ids_and_the_device(tmp_path, isolated_data):
    path = new_character(tmp_path)
    assert ULID.match(load(path)["id"])
    ok("do", path, "raise-vital", "Agility")
    ok("do", path, "raise-vital", "Agility")
    first, second = load(path)["ledger"]
    device = json.loads((isolated_data / "state" / "device.json").read_text())
    for entry in (first, second):
        assert ULID.match(entry["id"])
        assert entry["device"] == device["id"] and entry["device_name"] == device["name"]
    assert first["id"] < second["id"] and (first["seq"], second["seq"]) == (1, 2)


def test_the_device_name_can_be_set(tmp_path, monkeypatch):
    monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", "Ann's laptop")
    path = new_character(tmp_path)
    ok("do", path, "raise-vital", "Agility")
    assert load(path)["ledger"][0]["device_name"] == "Ann's laptop"


def test_a_new_campaign_and_its_pool_entries_carry_ids(tmp_path):
    camp = tmp_path / "table.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points")
    ok("pool", "start", camp, "--players", "2")
    doc = load(camp)
    assert ULID.match(doc["id"]) and ULID.match(doc["ledger"][0]["id"])
    assert doc["ledger"][0]["seq"] == 1 and doc["ledger"][0]["device"]


def test_the_command_line_shows_no_ids(tmp_path):
    path = new_character(tmp_path)
    ok("do", path, "raise-vital", "Agility")
    for command in (["show", "--json"], ["check", "--json"], ["options", "--json"]):
        text = ok(command[0], path, *command[1:]).out
        assert '"seq"' not in text and '"device"' not in text and load(path)["id"] not in text


def test_an_old_file_reads_unchanged(tmp_path):
    path = tmp_path / "senna.json"
    shutil.copy(SAMPLE, path)
    before = file_bytes(path)
    ok("show", path, "--json")
    ok("check", path)
    assert file_bytes(path) == before and "id" not in load(path)


def test_two_devices_upgrading_the_same_old_file_agree(tmp_path, monkeypatch):
    """Each device appends its own entry to its copy of an old file: the entries both
    had get the same derived ids, and the file the same id, on both."""
    copies = []
    for device in ("ann", "bob"):
        monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(tmp_path / device))
        path = tmp_path / f"{device}.json"
        shutil.copy(SAMPLE, path)
        ok("do", path, "raise-vital", "Agility")
        copies.append(load(path))
    ann, bob = copies
    assert ann["id"] == bob["id"] and ULID.match(ann["id"])
    assert ann["ledger"][:-1] == bob["ledger"][:-1]
    assert [e["seq"] for e in ann["ledger"]] == list(range(1, len(ann["ledger"]) + 1))
    assert ann["ledger"][-1]["device"] != bob["ledger"][-1]["device"]
    assert ann["ledger"][-1]["id"] != bob["ledger"][-1]["id"]


def test_derived_ids_depend_on_the_file_the_position_and_the_content():
    doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
    a, b = copy.deepcopy(doc), copy.deepcopy(doc)
    assert entry_ids.ensure_ids(a) and entry_ids.ensure_ids(b)
    assert a == b and not entry_ids.ensure_ids(a)           # twice changes nothing
    ids = [e["id"] for e in a["ledger"]]
    assert len(set(ids)) == len(ids)
    renamed = copy.deepcopy(doc)
    renamed["name"], renamed["notes"] = "Another name", "notes"
    renamed["ledger"].append({"action": "award-checkpoint", "checkpoint": "x"})
    entry_ids.ensure_ids(renamed)
    assert renamed["id"] == a["id"] and [e["id"] for e in renamed["ledger"][:-1]] == ids
    other = copy.deepcopy(doc)
    other["created"] = "2020-01-01T00:00:00+00:00"
    entry_ids.ensure_ids(other)
    assert other["id"] != a["id"] and other["ledger"][0]["id"] != ids[0]
    changed = copy.deepcopy(doc)
    changed["ledger"][0]["checkpoint"] = "something else"
    entry_ids.ensure_ids(changed)
    assert changed["ledger"][0]["id"] != ids[0] and changed["ledger"][1]["id"] == ids[1]


def test_ids_sort_by_time():
    early = entry_ids.ulid(1_000, b"\xff" * 10)
    late = entry_ids.ulid(1_001, b"\0" * 10)
    assert early < late and ULID.match(early) and ULID.match(late)
    assert entry_ids.at_ms("2026-11-30T13:59:07+00:00") > entry_ids.at_ms("2026-11-30T13:59:06Z")
    assert entry_ids.at_ms("not a time") == 0 and entry_ids.at_ms(None) == 0


def test_a_new_entry_follows_everything_in_the_file():
    doc = {"kind": "character", "ledger": [{"action": "a", "seq": 7}, {"action": "b"}]}
    entry: dict = {"action": "c"}
    entry_ids.stamp(doc, entry, device="D", device_name="Ann", now_ms=5, randomness=b"\1" * 10)
    assert doc["ledger"][1]["seq"] == 8 and entry["seq"] == 9
    assert entry["device"] == "D" and entry["device_name"] == "Ann"
    assert entry["id"] == entry_ids.ulid(5, b"\1" * 10)


def test_the_rules_never_read_the_stamp(tmp_path):
    """An entry's stamp is no argument of its action: a redo takes the same action."""
    from builder.rules.base import Action

    entry = {"action": "raise-vital", "name": "Agility", "at": "x", "id": "I", "seq": 3,
             "device": "D", "device_name": "Ann"}
    assert Action.from_json(entry).to_json() == {"action": "raise-vital", "name": "Agility"}
    path = new_character(tmp_path)
    ok("do", path, "raise-vital", "Agility")
    assert cli("check", path).code == 0


def test_a_duplicate_is_another_character_and_never_merges_with_the_original(tmp_path):
    path = new_character(tmp_path)
    ok("do", path, "raise-vital", "Agility")
    copy_path = Path(ok("library", "duplicate", path).out.strip().splitlines()[-1])
    assert ULID.match(load(copy_path)["id"]) and load(copy_path)["id"] != load(path)["id"]
    r = cli("merge", path, copy_path, "-o", tmp_path / "both.json")
    assert r.code == 2 and "not copies of one file" in r.err
