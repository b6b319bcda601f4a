"""Writing a file read before validates only what may have changed since (its other
keys, and its new or changed ledger entries), with the same verdict and the same
places as a whole validation; and the ids an old file's entries are given are the
same text however fast they are made."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from builder.rules import entry_ids
from builder.storage import validation
from tests.helpers import ok

NAMES = ["character.schema.json",
         "builder.rulesets.story_points:schema/character-story-points.schema.json"]


def seen_ledgers(monkeypatch) -> list[int]:
    """The number of ledger entries each schema check is given."""
    sizes: list[int] = []
    real = validation.schema_errors

    def schema_errors(schema, document, limit=10):
        sizes.append(len(document.get("ledger", [])))
        return real(schema, document, limit)

    monkeypatch.setattr(validation, "schema_errors", schema_errors)
    return sizes


VALID = Path(__file__).resolve().parents[1] / "corpus" / "characters" / "sp-valid.json"


def read(tmp_path, entries: int = 6) -> dict:
    doc = json.loads(VALID.read_text()) | {"format": 2}     # (as read: upgraded)
    doc["ledger"] = [{"action": "rest", "at": "2026-01-01T00:00:00+00:00"}
                     for _ in range(entries)]
    assert validation.document_problems(doc, NAMES) == []
    return doc


def test_after_reading_only_new_and_changed_entries_are_validated_again(tmp_path,
                                                                         monkeypatch):
    doc = read(tmp_path)
    entry_ids.ensure_ids(doc)                  # an old file's upgrade adds id and seq
    doc["ledger"].append({"action": "rest"})
    sizes = seen_ledgers(monkeypatch)
    assert validation.document_problems(doc, NAMES) == []
    assert sizes == [1, 1]                     # each schema: the new entry only
    doc["ledger"][2] = {"action": "rest"}      # another entry in its place
    doc["ledger"][3]["scene"] = "a new key"    # an entry given a key
    sizes.clear()
    assert validation.document_problems(doc, NAMES) == []
    assert sizes == [2, 2]


def test_a_bad_entry_is_refused_with_its_place_in_the_whole_ledger(tmp_path):
    doc = read(tmp_path)
    doc["ledger"].append({"action": "raise-skill", "name": 5})
    problems = validation.document_problems(doc, NAMES)
    assert problems and problems[0].startswith("ledger/6/name"), problems
    doc["ledger"].pop()
    doc["ledger"][1]["name"] = ["not", "a", "name"]           # changed where it is
    problems = validation.document_problems(doc, NAMES)
    assert problems and problems[0].startswith("ledger/1/name"), problems
    doc["ledger"][1] = {"at": "no action"}                     # replaced
    assert validation.document_problems(doc, NAMES)


def test_other_keys_are_always_validated_again(tmp_path):
    doc = read(tmp_path)
    doc["name"] = 7
    assert validation.document_problems(doc, NAMES)


def test_a_do_on_a_long_ledger_validates_its_entries_once(tmp_path, monkeypatch):
    path = tmp_path / "long.json"
    ok("new", "story-points", "Ann", "-o", path, "--set", "sp=40")
    doc = json.loads(path.read_text())
    doc["ledger"] = [{"action": "rest", "at": "2026-01-01T00:00:00+00:00"}
                     for _ in range(200)]
    path.write_text(json.dumps(doc))              # no ids: the write adds them
    sizes = seen_ledgers(monkeypatch)
    ok("do", path, "rest")
    assert sizes.count(200) == 2 and sizes.count(1) == 2, sizes   # read once, then the new
    written = json.loads(path.read_text())["ledger"]
    assert len(written) == 201 and all("id" in e and "seq" in e for e in written)


def _reference_ulid(ms: int, randomness: bytes) -> str:
    """A ULID as the format defines it, digit by digit."""
    ms = max(0, min(int(ms), (1 << 48) - 1))
    number = (ms << 80) | int.from_bytes(randomness[:10].rjust(10, b"\0"), "big")
    digits = []
    for _ in range(26):
        digits.append(entry_ids.CROCKFORD[number & 31])
        number >>= 5
    return "".join(reversed(digits))


def test_ulids_are_the_formats_text():
    rng = random.Random(5)
    for _ in range(300):
        ms = rng.choice([0, 1, -5, rng.randrange(1 << 48), (1 << 48) - 1, 1 << 50])
        randomness = bytes(rng.randrange(256) for _ in range(rng.randrange(12)))
        assert entry_ids.ulid(ms, randomness) == _reference_ulid(ms, randomness)
    assert entry_ids.canonical({"b": [1, "é"], "a": None}) == '{"a":null,"b":[1,"é"]}'


def test_a_campaign_change_validates_the_campaigns_ledger_once(tmp_path, monkeypatch):
    """A campaign change reads the campaign twice (once to know which files to lock):
    its ledger is validated whole once, then only in the entry the change adds."""
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Table", "-o", camp, "--ruleset", "story-points")
    ok("pool", "start", camp, "--players", "2")
    doc = json.loads(camp.read_text())
    doc["ledger"] += [{"action": "pool-earn", "side": "fortune", "points": 1,
                       "reason": "a rule", "at": "2026-01-01T00:00:00+00:00"}
                      for _ in range(120)]
    camp.write_text(json.dumps(doc))
    sizes = seen_ledgers(monkeypatch)
    ok("pool", "earn", camp, "peril", "--reason", "r")
    assert sizes.count(121) == 1 and sizes.count(1) == 1, sizes


def test_the_same_text_read_twice_is_looked_at_once(monkeypatch):
    from builder.storage import jsonio

    looked: list[int] = []
    real = jsonio._deeper_than

    def deeper_than(value, depth, keys=False):
        looked.append(1)
        return real(value, depth, keys)

    monkeypatch.setattr(jsonio, "_deeper_than", deeper_than)
    decoders: list[int] = []
    real_decoder = jsonio._decoder
    monkeypatch.setattr(jsonio, "_decoder", lambda marked: decoders.append(1)
                        or real_decoder(marked))
    text = json.dumps({"ledger": [{"action": "rest", "n": 2.5}] * 3, "k": -3})
    assert jsonio.loads(text) == jsonio.loads(text.encode())
    assert len(looked) == 1 and len(decoders) == 1       # the checks: once
    jsonio.loads(text + " ")                      # another text: looked at again
    assert len(looked) == 2 and len(decoders) == 2
    twice = '{"a": 1, "a": 2}'
    for _ in range(2):                            # a refused text is refused every time
        with pytest.raises(jsonio.JsonProblem):
            jsonio.loads(twice)
