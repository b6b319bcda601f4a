"""The one party award (builder.app.party) and the party XP rules (builder.rules.party):
loose characters and campaign members share one tally, one member loop, one session
rule and one take-back."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.app import campaigns, characters
from builder.app.outcome import Refused, RefusalCode
from builder.rules.party import earlier_than_latest, next_session
from tests.helpers import ok


def vogelfrei(folder: Path, name: str, seed: int) -> Path:
    path = folder / f"{name}.json"
    ok("new", "vogelfrei", name, "-o", path, "--seed", seed)
    return path


@pytest.mark.parametrize("latest, expected", [
    ([], "1"), ([None, None], "1"), (["3", "2", None], "4"), (["9", "10"], "11"),
    (["the keep"], ""), (["the keep", "2"], "3"),
])
def test_the_award_defaults_to_the_session_after_the_latest_any_member_played(latest, expected):
    assert next_session(latest) == expected


@pytest.mark.parametrize("chosen, played, latest, earlier", [
    ("1", ["1", "2", "3"], "3", True),      # a session played before the latest
    ("2", [], "10", True),                  # numbers compare as numbers, not as text
    ("3", ["1", "3"], "3", False),          # the latest itself: the same session goes on
    ("4", ["3"], "3", False),               # the next one
    ("the keep", ["the keep", "the road"], "the road", True),
    ("the cave", ["the road"], "the road", False),   # a new name
    ("1", [], None, False),                 # nothing played yet
])
def test_a_session_earlier_than_a_members_latest_is_known(chosen, played, latest, earlier):
    assert earlier_than_latest(chosen, played, latest) is earlier


def test_the_dry_run_says_what_each_member_keeps_and_the_award_writes_exactly_that(tmp_path):
    ulf, kai = vogelfrei(tmp_path, "Ulf", 3), vogelfrei(tmp_path, "Kai", 4)
    cap = ok("show", ulf, "--json").json()["session_cap"]
    ok("do", ulf, "award-xp", str(cap - 100), "--session", "3")
    spec = characters.PartyXp(parts={ulf: "1", kai: "1"}, session="3", treasure=("600",))
    dry = characters.party_xp(spec, dry_run=True).award
    assert [(s.xp, s.gained, s.lost) for s in dry.shares] == [(300, 100, 200), (300, 300, 0)]
    assert [s.latest_session for s in dry.shares] == ["3", None]
    assert dry.warnings == ()
    early = characters.party_xp(characters.PartyXp(parts=spec.parts, session="1",
                                                   treasure=("600",)), dry_run=True).award
    assert early.warnings == ("Ulf's latest session is 3: session 1 is an earlier one, and "
                              "its cap applies",)
    from builder.storage import device_log

    ids = {json.loads(p.read_text())["id"] for p in (ulf, kai)}
    assert not ids & set(device_log._pending)       # a dry run's entries wait for no write
    written = characters.party_xp(spec)
    entries = [json.loads(p.read_text())["ledger"][-1] for p in (ulf, kai)]
    assert [(e["gained"], e["lost"]) for e in entries] == [(s.gained, s.lost) for s in dry.shares]
    assert written.award is not None and written.award.shares[0].gained == 100


def test_a_campaign_award_and_loose_characters_share_one_member_loop_and_one_take_back(
        tmp_path):
    ulf, kai = vogelfrei(tmp_path, "Ulf", 3), vogelfrei(tmp_path, "Kai", 4)
    camp = tmp_path / "raid.json"
    ok("campaign", "new", "Raid", "-o", camp, "--ruleset", "vogelfrei", "--member", ulf,
       "--member", kai)
    outcome = campaigns.award_xp(camp, campaigns.XpAward(enemies=("3",), session="1",
                                                         treasure=100))
    assert outcome.award is not None
    assert [s.member.given for s in outcome.award.shares] == [str(ulf), str(kai)]
    loose = characters.party_xp(characters.PartyXp(parts={ulf: "1", kai: "1"}, session="1",
                                                   enemies=("3",), treasure=("100",)))
    # each member changed since the campaign's entry: its undo names them, in the same
    # words as the loose award's take-back
    with pytest.raises(Refused) as campaign_refusal:
        campaigns.undo(camp)
    ok("do", kai, "award-xp", "5", "--session", "2")
    with pytest.raises(Refused) as loose_refusal:
        characters.take_back(loose.entries, what="the party XP award")
    assert loose_refusal.value.code is RefusalCode.STALE
    assert loose_refusal.value.reasons[0] == "cannot undo the party XP award"
    assert loose_refusal.value.reasons[1].startswith(
        "Kai: its last ledger entry is not the one the party XP award added (Awarded ")
    assert campaign_refusal.value.reasons[1].startswith(
        f"Ulf ({ulf}): its last ledger entry is not the one this xp added (Awarded ")


def story(folder: Path, name: str, *sets: str) -> Path:
    path = folder / f"{name}.json"
    ok("new", "story-points", name, "-o", path, *(w for s in sets for w in ("--set", s)))
    return path


def test_an_award_to_loose_characters_is_all_or_nothing_with_every_reason(tmp_path):
    """One refused character refuses the whole award: every refused character named,
    no file written; otherwise every file gets the entry and one take-back removes it
    from all of them, as a campaign's award does for its members."""
    from tests.helpers import file_bytes

    senna, nyra, joss = (story(tmp_path, n) for n in ("Senna", "Nyra", "Joss"))
    words = ["award-checkpoint", "The Fort", "Gate"]
    ok("do", joss, *words)                                  # Joss has it already
    before = [file_bytes(p) for p in (senna, nyra, joss)]
    with pytest.raises(Refused) as refused:
        characters.party_award([senna, nyra, joss], words)
    assert refused.value.code is RefusalCode.RULES
    assert [r.split(":")[0] for r in refused.value.reasons] == ["Joss"]
    assert "already awarded" in refused.value.reasons[0]
    assert [file_bytes(p) for p in (senna, nyra, joss)] == before
    dry = characters.party_award([senna, nyra], words, dry_run=True)
    assert not dry.written and [file_bytes(p) for p in (senna, nyra)] == before[:2]
    outcome = characters.party_award([senna, nyra], words)
    assert outcome.written and set(outcome.entries) == {senna, nyra}
    for path in (senna, nyra):
        ledger = json.loads(path.read_text())["ledger"]
        assert [e["action"] for e in ledger] == ["award-checkpoint"]
        assert ledger[-1] == outcome.entries[path].entry
    assert outcome.summary == "Awarded checkpoint Gate (The Fort): Senna, Nyra"
    assert dry.summary == outcome.summary
    characters.take_back(outcome.entries, what="the award")
    assert [json.loads(p.read_text())["ledger"] for p in (senna, nyra)] == [[], []]


def test_an_award_asks_the_guard_and_needs_a_character(tmp_path):
    senna = story(tmp_path, "Senna")
    words = ["resolve-milestone", "The Fort"]
    with pytest.raises(Refused) as busy:
        characters.party_award([senna], words, guard=lambda paths: [f"{paths[0]} is busy"])
    assert busy.value.code is RefusalCode.MEMBER_BUSY
    with pytest.raises(Refused) as none:
        characters.party_award([], words)
    assert none.value.reasons == ["choose at least one character"]
    assert json.loads(senna.read_text())["ledger"] == []
