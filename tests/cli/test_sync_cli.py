"""merge, verify, conflicts, resolve and sync status on real character and campaign
files, two laptops simulated by two state folders."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli, file_bytes, ok

SAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "samples" / "Senna-Vale.json"


@pytest.fixture
def device(tmp_path, monkeypatch):
    """``device("ann")``: what follows runs on Ann's laptop (its own state folder)."""
    def switch(name):
        monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(tmp_path / f"device-{name}"))
        monkeypatch.setenv("CHARACTER_BUILDER_DEVICE_NAME", f"{name.title()}'s laptop")
    return switch


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def ids(entries):
    return [e["id"] for e in entries]


@pytest.fixture
def copies(tmp_path, device):
    """One character with an entry, copied to two laptops; each appends its own."""
    device("ann")
    ann = tmp_path / "ann" / "mira.json"
    ann.parent.mkdir()
    ok("new", "story-points", "Mira", "-o", ann, "--set", "sp=16")
    ok("do", ann, "raise-vital", "Agility")
    bob = tmp_path / "bob" / "mira.json"
    bob.parent.mkdir()
    shutil.copy(ann, bob)
    ok("do", ann, "raise-vital", "Cognition")
    device("bob")
    ok("do", bob, "raise-vital", "Presence")
    return ann, bob


def test_two_laptops_merge_to_the_same_bytes_in_either_order(tmp_path, copies):
    ann, bob = copies
    ok("merge", ann, bob, "-o", tmp_path / "one.json")
    ok("merge", bob, ann, "-o", tmp_path / "two.json")
    assert file_bytes(tmp_path / "one.json") == file_bytes(tmp_path / "two.json")
    merged = load(tmp_path / "one.json")
    assert set(ids(load(ann)["ledger"]) + ids(load(bob)["ledger"])) == set(ids(merged["ledger"]))
    assert ok("check", tmp_path / "one.json").code == 0
    assert ok("verify", tmp_path / "one.json").out.strip().endswith("ok")
    # merging again changes nothing; merged into a copy, the copy gets everything
    r = ok("merge", tmp_path / "one.json", ann, "-o", tmp_path / "one.json")
    assert r.out.strip().endswith("unchanged")
    ok("merge", bob, "-o", ann)
    assert file_bytes(ann) == file_bytes(tmp_path / "one.json")


def test_merge_reports_what_each_copy_brings(tmp_path, copies):
    ann, bob = copies
    lines = ok("merge", ann, bob, "-o", tmp_path / "out.json").out.splitlines()
    assert lines[:2] == [f"{ann}: 1 entry only here", f"{bob}: 1 entry only here"]


def test_an_old_file_merges_with_its_upgraded_copy(tmp_path, device):
    device("ann")
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    shutil.copy(SAMPLE, old)
    shutil.copy(SAMPLE, new)
    ok("do", new, "raise-vital", "Agility")
    ok("merge", old, new, "-o", tmp_path / "out.json")
    assert load(tmp_path / "out.json")["ledger"] == load(new)["ledger"]


def test_copies_of_two_characters_are_not_merged(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ok("new", "story-points", "A", "-o", a)
    ok("new", "story-points", "B", "-o", b)
    r = cli("merge", a, b, "-o", tmp_path / "out.json")
    assert r.code == 2 and "not copies of one file" in r.err
    assert not (tmp_path / "out.json").exists()


def test_unreadable_input_is_one_line_and_nothing_written(tmp_path, copies):
    ann, _ = copies
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    before = file_bytes(ann)
    r = cli("merge", broken, ann, "-o", ann)
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and file_bytes(ann) == before


@pytest.fixture
def double_spend(tmp_path, device):
    """A campaign with one Fortune Point left, spent on both laptops."""
    device("ann")
    ann = tmp_path / "ann.json"
    ok("campaign", "new", "Table", "-o", ann, "--ruleset", "story-points")
    ok("pool", "start", ann, "--players", "1")
    bob = tmp_path / "bob.json"
    shutil.copy(ann, bob)
    ok("pool", "spend", ann, "fortune", "--check", "1", "--by", "Ann", "--for", "upgrade")
    device("bob")
    ok("pool", "spend", bob, "fortune", "--check", "2", "--by", "Bob", "--for", "upgrade")
    return ann, bob


def test_a_double_spend_is_suspended_and_resolved(tmp_path, double_spend):
    ann, bob = double_spend
    out = tmp_path / "table.json"
    r = cli("merge", ann, bob, "-o", out)
    assert r.code == 1 and "suspended" in r.out
    merged = load(out)
    (suspended,) = merged["suspended"]
    assert suspended["entry"] == load(bob)["ledger"][-1]              # the later one
    assert suspended["collides_with"] == load(ann)["ledger"][-1]["id"]
    assert ok("pool", "show", out, "--json").json()["fortune"] == 0
    rows = cli("conflicts", out, "--json")
    assert rows.code == 1 and [row["entry"] for row in rows.json()] == [suspended["entry"]["id"]]
    assert rows.json()[0]["device"] == "Bob's laptop"
    # in words: what each entry did, on which device; the id last (resolve takes it)
    text = rows.json()[0]["text"]
    assert text.startswith("Bob spent a Fortune Point on check 2")
    assert "(Bob's laptop, " in text and "; it collides with Ann spent a Fortune Point" in text
    at = load(ann)["ledger"][-1]["at"]
    assert text.endswith(f"(Ann's laptop, {at[:10]} {at[11:16]} UTC) "
                         f"[entry {suspended['entry']['id']}]")
    assert cli("verify", out).code == 1
    status = ok("sync", "status", out, "--json").json()
    assert len(status["suspended"]) == 1

    # revoke the other: Ann's spend is revoked, Bob's applies
    ok("resolve", out, suspended["collides_with"][:12].lower(), "--revoke")
    resolved = load(out)
    assert "suspended" not in resolved and ids(resolved["revoked"]) == [
        suspended["collides_with"]]
    assert resolved["ledger"][-1] == suspended["entry"]
    assert ok("conflicts", out).out.strip() == "no conflicts"
    assert ok("verify", out).code == 0
    before = file_bytes(out)
    again = cli("resolve", out, suspended["collides_with"], "--revoke")   # revoked already
    assert again.code == 1 and again.err.strip().endswith("is revoked already by a ruling")
    assert file_bytes(out) == before
    # the resolution travels: merged into Bob's copy, it settles the conflict there too
    ok("merge", ann, out, "-o", bob)
    assert file_bytes(bob) == file_bytes(out)


def test_keep_closes_a_conflict_and_needs_a_suspended_entry(tmp_path, double_spend):
    ann, bob = double_spend
    out = tmp_path / "table.json"
    cli("merge", ann, bob, "-o", out)
    suspended = load(out)["suspended"][0]
    r = cli("resolve", out, suspended["collides_with"], "--keep")
    assert r.code == 1 and "not suspended" in r.err
    ok("resolve", out, suspended["entry"]["id"], "--keep")
    assert load(out)["suspended"][0]["ruling"] == "keep"
    before = file_bytes(out)
    again = cli("resolve", out, suspended["entry"]["id"], "--keep")   # the same ruling again
    assert again.code == 1 and again.err.strip() == \
        f"entry {suspended['entry']['id']} is kept already by a ruling"
    assert file_bytes(out) == before
    assert ok("conflicts", out).out.strip() == "no conflicts"
    assert cli("resolve", out, "ZZZZ", "--keep").code == 2
    # a ruling taken back is an entry too: the conflict is open again, nothing removed
    ok("resolve", out, suspended["entry"]["id"], "--reopen")
    reopened = load(out)
    assert [r["ruling"] for r in reopened["resolutions"]] == ["keep", "reopen"]
    assert "ruling" not in reopened["suspended"][0]
    assert cli("conflicts", out).code == 1


def test_reopen_needs_a_ruling_to_take_back(tmp_path, double_spend):
    ann, bob = double_spend
    out = tmp_path / "table.json"
    cli("merge", ann, bob, "-o", out)
    suspended = load(out)["suspended"][0]
    before = file_bytes(out)
    r = cli("resolve", out, suspended["entry"]["id"], "--reopen")
    assert r.code == 1 and "no ruling to take back" in r.err
    assert file_bytes(out) == before


def test_two_laptops_that_each_started_the_next_session_merge_into_one(tmp_path, device):
    """Each laptop started session 1 and spent from it; merged, the later start is
    suspended (it says session 1, where it would start session 2) and both spends are
    in the one session 1, whichever copy is merged into which."""
    device("gm")
    (tmp_path / "gm").mkdir()
    nyra = tmp_path / "nyra.json"
    ok("new", "story-points", "Nyra", "-o", nyra, "--set", "sp=4")
    gm = tmp_path / "gm" / "coast.json"
    ok("campaign", "new", "Coast", "-o", gm, "--ruleset", "story-points", "--member", nyra)
    laptop = tmp_path / "laptop.json"
    shutil.copy(gm, laptop)
    ok("pool", "start", gm, "--players", "3")
    ok("pool", "spend", gm, "fortune", "--check", "1", "--by", "Bob", "--for", "upgrade")
    device("ann")
    ok("pool", "start", laptop, "--players", "2")
    ok("pool", "spend", laptop, "fortune", "--check", "1", "--by", "Ann", "--for", "upgrade")
    results = []
    for first, second, out in ((gm, laptop, "a.json"), (laptop, gm, "b.json")):
        merged = cli("merge", first, second, "-o", tmp_path / out)
        assert merged.code == 1 and "the entry says session 1, but it would start session 2" \
            in merged.out
        results.append(file_bytes(tmp_path / out))
    assert results[0] == results[1]
    pool = json.loads(ok("pool", "show", tmp_path / "a.json", "--json").out)
    assert pool["session"] == 1
    listed = json.loads(cli("conflicts", tmp_path / "a.json", "--json").out)
    assert [row["action"] for row in listed] == ["session-start"]


def test_every_view_of_a_file_names_its_suspended_entries(tmp_path, double_spend, device):
    """campaign show and pool show say a campaign's suspended entries as show says a
    character's (a note on stderr each, with how to settle it), and every --json view
    lists them under "suspended"; a file with none has no such key."""
    ann, bob = double_spend
    out = tmp_path / "table.json"
    cli("merge", ann, bob, "-o", out)
    entry = load(out)["suspended"][0]["entry"]["id"]
    settle = f"settle it with: character-builder resolve {out} {entry} --revoke|--keep"
    for command in (("campaign", "show"), ("pool", "show")):
        shown = ok(*command, out)
        notes = [line for line in shown.err.splitlines() if line.startswith("note: ")]
        assert len(notes) == 1 and notes[0].endswith(settle) and "Bob spent" in notes[0]
        (note,) = ok(*command, out, "--json").json()["suspended"]
        assert note == notes[0].removeprefix("note: ")
        assert "suspended" not in ok(*command, ann, "--json").json()
    # a character: two laptops each spent the last Story Point
    device("ann")
    mira = tmp_path / "mira.json"
    ok("new", "story-points", "Mira", "-o", mira, "--set", "sp=1")
    other = tmp_path / "other.json"
    shutil.copy(mira, other)
    ok("do", mira, "raise-skill", "Stealth")
    device("bob")
    ok("do", other, "raise-skill", "Melee")
    assert "suspended" not in ok("show", mira, "--json").json()
    cli("merge", mira, other, "-o", mira)
    (note,) = ok("show", mira, "--json").json()["suspended"]
    assert note in ok("show", mira).err and note in ok("check", mira).out
