"""The pure merge of copies of one file: union by id, a fixed order, a replay through
the rules that suspends (never drops) what they refuse, resolutions as entries, and
a result that is associative, commutative and idempotent."""
from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.rules import merge as merging
from builder.rules.entry_ids import canonical, ulid

# A tiny pool: "gain" adds points, "spend" takes them and is refused below zero.
POOL = merging.Rules(
    initial=lambda: 0,
    check=lambda state, e: [] if e["action"] == "gain" or state >= e["n"]
    else [f"the pool would drop to {state - e['n']}"],
    advance=lambda state, e: state + (e["n"] if e["action"] == "gain" else -e["n"]))


def rules_for(doc):
    return POOL


def entry(seq: int, action: str, n: int, device: str, second: int, rand: int) -> dict[str, Any]:
    return {"action": action, "n": n, "seq": seq, "device": device,
            "at": f"2026-11-30T20:{second // 60:02d}:{second % 60:02d}+00:00",
            "id": ulid(1_000 + second, rand.to_bytes(10, "big"))}


def doc(entries, **other) -> dict[str, Any]:
    return {"format": 2, "kind": "character", "id": "FILE", "ruleset": "toy",
            "name": "Mira", "baseline": {}, "ledger": list(entries), **other}


def merged(*docs):
    return merging.merge(docs, rules_for).doc


def ids(entries):
    return [e["id"] for e in entries]


def every_key(document) -> set:
    return {merging.entry_key(e) for e in merging.every_entry(document)}


START = entry(1, "gain", 1, "gm", 0, 1)


def test_two_appends_merge_into_one_ledger_in_causal_order():
    ann = doc([START, entry(2, "gain", 2, "ann", 10, 2)])
    bob = doc([START, entry(2, "gain", 3, "bob", 5, 3), entry(3, "spend", 1, "bob", 6, 4)])
    result = merging.merge([ann, bob], rules_for)
    assert [e["n"] for e in result.doc["ledger"]] == [1, 3, 2, 1]   # seq, then time
    assert result.added == ((ann["ledger"][1]["id"],),
                            tuple(sorted(ids(bob["ledger"][1:]))))
    assert not result.suspended and "suspended" not in result.doc


def test_a_clock_days_ahead_does_not_reorder_causal_entries():
    ahead = entry(1, "gain", 1, "ann", 0, 1)
    ahead["at"] = "2026-12-03T20:00:00+00:00"
    spend = entry(2, "spend", 1, "ann", 1, 2)          # written after, clock right again
    result = merged(doc([ahead, spend]), doc([ahead]))
    assert ids(result["ledger"]) == [ahead["id"], spend["id"]]


def double_spend():
    """Ann and Bob each spend the one point, Bob a second later: (Ann's, Bob's, the
    merge of their copies)."""
    ann_spend = entry(2, "spend", 1, "ann", 14, 2)
    bob_spend = entry(2, "spend", 1, "bob", 15, 3)
    return ann_spend, bob_spend, merged(doc([START, ann_spend]), doc([START, bob_spend]))


def ruling(target, what, seed):
    return dict(merging.resolution(target["id"], what), id=ulid(9_000, seed), seq=3,
                device="gm")


def test_a_double_spend_of_the_last_point_suspends_the_later_naming_the_other():
    ann_spend, bob_spend, _ = double_spend()
    result = merging.merge([doc([START, ann_spend]), doc([START, bob_spend])], rules_for)
    assert ids(result.doc["ledger"]) == [START["id"], ann_spend["id"]]
    (suspended,) = result.doc["suspended"]
    assert suspended["entry"] == bob_spend
    assert suspended["collides_with"] == ann_spend["id"]
    assert suspended["reasons"] == ["the pool would drop to -1"]
    assert [s.entry for s in result.open_conflicts] == [bob_spend]


def test_revoking_the_other_entry_applies_the_suspended_one():
    ann_spend, bob_spend, both = double_spend()
    resolved = merged(dict(both, resolutions=[ruling(ann_spend, merging.REVOKE, b"r")]))
    assert ids(resolved["ledger"]) == [START["id"], bob_spend["id"]]
    assert resolved["revoked"] == [ann_spend] and "suspended" not in resolved
    # the resolution merges like any entry: a copy without it gets it
    assert merged(both, resolved) == resolved == merged(resolved, both)


def test_keeping_a_suspended_entry_closes_the_conflict_without_applying_it():
    ann_spend, bob_spend, both = double_spend()
    result = merging.merge([dict(both, resolutions=[ruling(bob_spend, merging.KEEP, b"k")])],
                           rules_for)
    assert result.doc["suspended"][0]["ruling"] == "keep" and not result.open_conflicts
    assert ids(result.doc["ledger"]) == [START["id"], ann_spend["id"]]


def test_the_same_id_with_other_content_keeps_both():
    mine = entry(2, "gain", 1, "ann", 3, 2)
    edited = dict(mine, n=5)
    result = merging.merge([doc([START, mine]), doc([START, edited])], rules_for)
    kept = result.doc["ledger"] + [s["entry"] for s in result.doc["suspended"]]
    assert sorted(canonical(e) for e in kept) == sorted(
        canonical(e) for e in (START, mine, edited))
    assert result.doc["suspended"][0]["reasons"] == [merging.SAME_ID]


def test_other_keys_come_from_the_copy_with_the_newest_entry():
    old = doc([START], name="Mira", notes="old")
    new = doc([START, entry(2, "gain", 1, "bob", 9, 2)], name="Mira the Bold")
    result = merged(old, new)
    assert result["name"] == "Mira the Bold" and "notes" not in result
    assert merged(new, old) == result


def test_an_undone_entry_stays_withdrawn_when_a_copy_that_holds_it_is_merged():
    mine = entry(2, "gain", 2, "ann", 3, 2)
    undone = doc([START, mine])
    assert merging.withdraw(undone, undone["ledger"][-1]) == mine
    assert undone["ledger"] == [START] and undone["withdrawn"] == [mine]
    held = doc([START, mine, entry(3, "spend", 1, "bob", 9, 3)])
    for result in (merged(undone, held), merged(held, undone)):
        assert mine not in result["ledger"] and result["withdrawn"] == [mine]
        assert every_key(held) <= every_key(result)      # kept, whole
    # another content under the withdrawn id is withdrawn (and kept) too
    edited = dict(mine, n=5)
    result = merged(undone, doc([START, edited]))
    assert result["ledger"] == [START] and len(result["withdrawn"]) == 2


def test_an_undone_ruling_no_longer_rules():
    ann_spend, bob_spend, both = double_spend()
    revoke = ruling(ann_spend, merging.REVOKE, b"r")
    resolved = merged(dict(both, resolutions=[revoke]))
    undone = copy.deepcopy(resolved)
    merging.withdraw(undone, undone["resolutions"][0])
    result = merged(undone, resolved)
    assert result == merged(resolved, undone) == merged(both, undone)
    assert ids(result["ledger"]) == [START["id"], ann_spend["id"]]
    assert result["suspended"][0]["entry"] == bob_spend and result["withdrawn"] == [revoke]
    assert "resolutions" not in result and "revoked" not in result


def test_copies_of_different_files_are_refused():
    with pytest.raises(merging.MergeRefused):
        merged(doc([START]), dict(doc([START]), id="OTHER"))


def test_old_entries_without_ids_get_the_same_derived_ids_in_every_copy():
    plain = [{"action": "gain", "n": 1, "at": "2026-11-30T20:00:00+00:00"}]
    old = {"format": 2, "kind": "character", "ruleset": "toy", "name": "Old",
           "created": "2026-11-30T19:00:00+00:00", "baseline": {}, "ledger": plain}
    newer = copy.deepcopy(old)
    newer["ledger"].append({"action": "spend", "n": 1, "at": "2026-11-30T20:01:00+00:00"})
    result = merged(old, newer)
    assert [e["n"] for e in result["ledger"]] == [1, 1] and result["id"]
    assert result == merged(newer) == merged(newer, old, old)


# -- properties ---------------------------------------------------------------------
SEEDS = st.lists(st.tuples(st.sampled_from(["gain", "spend"]), st.integers(1, 3),
                           st.sampled_from(["ann", "bob", "cid"]), st.integers(0, 600),
                           st.integers(1, 8)), min_size=1, max_size=12)


@st.composite
def replicas(draw):
    """Three copies of one file: a shared start, then each device's own appends (in
    causal order) and some of the others' (as a sync engine passes them on)."""
    pool = []
    for n, (action, amount, device, second, step) in enumerate(draw(SEEDS)):
        pool.append(entry(step, action, amount, device, second, n + 1))
    copies = []
    for _ in range(3):
        chosen = draw(st.lists(st.sampled_from(pool), unique_by=lambda e: e["id"]))
        copies.append(doc(sorted([START, *chosen], key=merging.sort_key)))
    if draw(st.booleans()):
        target = draw(st.sampled_from(pool))
        copies[0]["resolutions"] = [dict(merging.resolution(target["id"], draw(
            st.sampled_from(merging.RULINGS))), id=ulid(9_999, b"z"), seq=20, device="gm")]
    for index in draw(st.lists(st.integers(0, 2), max_size=2)):   # undone on one laptop
        chosen = copies[index]
        undoable = chosen["ledger"] + chosen.get("resolutions", [])
        if undoable:
            merging.withdraw(chosen, draw(st.sampled_from(undoable)))
    return copies


@given(replicas())
def test_merging_is_associative_commutative_and_idempotent(copies):
    a, b, c = copies
    ab_c = merged(merged(a, b), c)
    a_bc = merged(a, merged(b, c))
    assert canonical(ab_c) == canonical(a_bc) == canonical(merged(c, b, a)) \
        == canonical(merged(b, a, c))
    assert canonical(merged(ab_c)) == canonical(ab_c) == canonical(merged(ab_c, a))
    assert canonical(merged(a, a)) == canonical(merged(a))


@given(replicas())
def test_no_entry_is_ever_lost_and_the_applied_ledger_is_legal(copies):
    result = merged(*copies)
    assert set().union(*(every_key(c) for c in copies)) <= every_key(result)
    state = POOL.initial()
    for e in result["ledger"]:
        assert not POOL.check(state, e)
        state = POOL.advance(state, e)
    keys = [merging.sort_key(e) for e in result["ledger"]]
    assert keys == sorted(keys)


def test_an_entry_is_read_through_its_envelope_and_kept_as_it_was():
    """Sync and conflict code read an entry's id, verb, time and device through one
    typed record; the entry itself (unknown keys and all) is what a merge writes back."""
    from builder.rules.entry_ids import Envelope, at_ms

    entry = {"action": "raise-skill", "name": "Lore", "at": "2026-03-14T20:15:00+00:00",
             "id": "01AB", "device": "d1", "device_name": "Bob's laptop", "seq": 3,
             "unknown": [1, {"kept": True}]}
    envelope = Envelope.of(entry)
    assert (envelope.id, envelope.verb, envelope.at, envelope.device, envelope.device_name) \
        == ("01AB", "raise-skill", "2026-03-14T20:15:00+00:00", "d1", "Bob's laptop")
    assert envelope.entry is entry and not isinstance(envelope, dict)
    assert merging.sort_key(entry)[:4] == (3, at_ms(entry["at"]), "d1", "01AB")
    bare = Envelope.of({"action": ""})
    assert (bare.id, bare.at, bare.device, bare.device_name, bare.verb) == ("", "", "", "", "?")
    nulls = Envelope.of({"action": None, "at": None, "device_name": None})
    assert (nulls.at, nulls.device_name, nulls.verb) == ("", "", "?")   # never "None"
    suspension = merging.Suspension(entry, ("too poor",), None)
    assert suspension.envelope == envelope
