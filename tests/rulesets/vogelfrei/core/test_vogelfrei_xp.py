"""Vogelfrei XP arithmetic (seed 002: Defeating Enemies, Recovering Treasure,
sharing among survivors, the session cap)."""
from fractions import Fraction

import pytest

from builder.rules.base import Refusal, UsageError
from builder.rules.party import PartyTally
from builder.rulesets.vogelfrei.rules import xp
from builder.storage.rulesets import load_ruleset
from tests.helpers import ok


@pytest.fixture(scope="module")
def data():
    import json
    from builder.resources import package_file

    with package_file("builder.rulesets.vogelfrei:data/vogelfrei.json").open(encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("hd,award", [
    ("<1", 5), ("1", 10), ("2", 25), ("3", 50), ("4", 75), ("5", 100), ("6", 250),
    ("7", 500), ("8", 750), ("9", 1000), ("10", 1250), ("11", 1500), ("14", 1500),
])
def test_enemy_table(data, hd, award):
    assert xp.enemy_xp(data, hd) == award


def test_special_abilities_count_one_hit_die_more(data):
    assert xp.enemy_xp(data, "3*") == 75 == xp.enemy_xp(data, "4")
    assert xp.enemy_xp(data, "<1*") == 10
    assert xp.enemy_xp(data, "10*") == 1500


def test_classed_character_counts_one_hit_die_more_than_its_level(data):
    assert xp.enemy_xp(data, "L2") == 50       # as a 3 HD monster
    assert xp.enemy_xp(data, "l1") == 25
    assert xp.enemy_xp(data, "L2*") == 75


@pytest.mark.parametrize("bad", ["", "x", "3**", "0", "-2", "1.5"])
def test_bad_hit_dice_are_usage_errors(data, bad):
    with pytest.raises(UsageError):
        xp.enemy_xp(data, bad)


def test_an_enemy_counts_once_per_session(data):
    # The orc chief surrenders, is let free and fights again: counted once.
    result = xp.session_enemies_xp(data, [("orc chief", "3*"), ("goblin", "1"),
                                          ("Orc Chief", "3*"), ("goblin 2", "1")])
    assert result["xp"] == 75 + 10 + 10
    assert [r["enemy"] for r in result["repeated"]] == ["Orc Chief"]


def test_ways_of_defeating(data):
    for how in ("zero-hp", "morale", "surrender", "magic"):
        assert xp.defeat_reasons(data, how) == []
    for how in ("sneaked-past", "tricked", "negotiated"):
        assert "gives no XP" in xp.defeat_reasons(data, how)[0]
    for how in ("villager", "livestock", "hunting"):
        assert "not an enemy" in xp.defeat_reasons(data, how)[0]
    assert "threat" in xp.defeat_reasons(data, "zero-hp", hostile=False)[0]
    with pytest.raises(UsageError):
        xp.defeat_reasons(data, "bored to death")


def test_treasure_one_silver_one_xp(data):
    assert xp.treasure_xp(data, [("", 120), ("wilds", 30), ("hoard", 50)]) == 200


NON_QUALIFYING = ["looted-coins", "reward", "sold-equipment", "used-magic-item", "tax",
                  "theft", "trade"]


def test_seed_lists_seven_non_qualifying_kinds_and_two_qualifying(data):
    counts, does_not = xp.treasure_kinds(data)
    assert sorted(does_not) == sorted(NON_QUALIFYING)
    assert sorted(counts) == ["hoard", "wilds"]


@pytest.mark.parametrize("kind", NON_QUALIFYING)
def test_non_qualifying_wealth_is_refused(data, kind):
    with pytest.raises(Refusal) as info:
        xp.treasure_xp(data, [("", 10), (kind, 100)])
    assert "not treasure" in info.value.reasons[0]


def test_treasure_counts_only_at_a_secure_location(data):
    with pytest.raises(Refusal) as info:
        xp.treasure_xp(data, [("", 100)], secure=False)
    assert "secure location" in info.value.reasons[0]
    assert xp.treasure_xp(data, [("", 0)], secure=False) == 0


def test_unknown_treasure_kind_and_negative(data):
    with pytest.raises(UsageError):
        xp.treasure_xp(data, [("dragon-teeth", 1)])
    with pytest.raises(UsageError):
        xp.treasure_xp(data, [("", -1)])


def test_equal_share_among_survivors():
    assert xp.equal_share(1000, 3) == 333
    assert xp.equal_share(1000, 1) == 1000
    with pytest.raises(UsageError):
        xp.equal_share(1000, 0)


def test_partial_shares():
    shares = xp.split_xp(1000, {"Anna": 1, "Bert": 1, "Cleo": Fraction(1, 2)})
    assert shares == {"Anna": 400, "Bert": 400, "Cleo": 200}
    assert xp.split_xp(900, {"A": "1", "B": "0.5"}) == {"A": 600, "B": 300}
    assert xp.split_xp(100, {"A": 1, "B": 1, "C": 1}) == {"A": 33, "B": 33, "C": 33}


@pytest.mark.parametrize("parts", [{}, {"A": 0}, {"A": 2}, {"A": "half"}])
def test_bad_partial_shares(parts):
    with pytest.raises(UsageError):
        xp.split_xp(100, parts)


WARRIOR = [0, 2000, 4000, 8000, 16000, 32000]


def test_threshold_beyond_the_table_doubles():
    assert xp.xp_threshold(WARRIOR, 1) == 0
    assert xp.xp_threshold(WARRIOR, 6) == 32000
    assert xp.xp_threshold(WARRIOR, 7) == 64000
    assert xp.xp_threshold(WARRIOR, 8) == 128000


def test_session_cap_is_half_way_to_the_level_after_next():
    assert xp.session_cap(WARRIOR, 1) == 3000
    assert xp.session_cap(WARRIOR, 2) == 6000
    assert xp.session_cap(WARRIOR, 5) == 32000 + 16000   # uses T(7) = 2 x T(6)
    assert xp.capped_award(WARRIOR, 1, 0, 5000) == (3000, 2000)
    assert xp.capped_award(WARRIOR, 1, 2500, 400) == (400, 0)
    assert xp.capped_award(WARRIOR, 1, 3500, 100) == (0, 100)   # already above


def test_a_zero_level_classed_character_counts_as_1_hd():
    from builder.rulesets.vogelfrei.rules.xp import parse_hd
    from builder.storage.rulesets import load_ruleset

    data = load_ruleset("vogelfrei").data
    enemy = parse_hd("L0")
    assert enemy.effective_hd(data) == 1
    from builder.rulesets.vogelfrei.rules.xp import xp_for_hd

    assert xp_for_hd(data, enemy.effective_hd(data)) == 10


def test_the_tally_is_a_typed_record_and_the_xp_command_prints_it_as_before():
    ruleset = load_ruleset("vogelfrei")
    tally = ruleset.party_xp.tally(ruleset.data, ["3", "chief=4", "chief=4"], ["100"], True,
                                   {"a": "1", "b": "1/2"})
    assert isinstance(tally, PartyTally)
    assert [(e.enemy, e.hd) for e in tally.counted] == [("#1", "3"), ("chief", "4")]
    assert [e.enemy for e in tally.repeated] == ["chief"]
    assert tally.total == tally.enemy_xp + tally.treasure_xp
    assert tally.share("a") == 2 * tally.share("b")
    shown = ok("xp", "3", "chief=4", "chief=4", "--treasure", "100", "--part", "a=1",
               "--part", "b=1/2", "--json").json()
    assert (shown["enemies"], shown["treasure"], shown["total"]) == (
        tally.enemy_xp, tally.treasure_xp, tally.total)
    assert shown["shares"] == tally.shares_dict()
    assert shown["counted"] == tally.enemies_json()["counted"]


@pytest.mark.parametrize("enemies,treasure,secure,parts", [
    (["3", "banana", "banana", "pear"], ["lots", "reward=50", "gems=x", "100"], False,
     {"a": "half", "b": "2"}),
    (["3"], ["-5", "gems=5", "reward=50"], True, {"a": "1"}),
    (["3"], ["reward=50", "10"], False, {"a": "1/2"}),
    (["0"], -5, True, {}),
    (["3"], 100, True, {"a": "x", "b": "0"}),
])
def test_the_tally_refuses_with_the_first_of_every_problem_listed(data, enemies, treasure,
                                                                  secure, parts):
    """``problems`` lists what ``tally`` refuses, every field's at once, each once; the
    tally (the ``xp`` and ``campaign xp`` commands) still says the first."""
    from builder.rulesets.vogelfrei.rules.tally import PARTY_XP

    problems = PARTY_XP.problems(data, enemies, treasure, secure, parts)
    assert len(problems) == len(set(problems)) > 1
    with pytest.raises((UsageError, Refusal)) as refused:
        PARTY_XP.tally(data, enemies, treasure, secure, parts)
    first = (list(refused.value.reasons) if isinstance(refused.value, Refusal)
             else [str(refused.value)])
    assert problems[:len(first)] == first
    assert not PARTY_XP.problems(data, ["3"], ["100"], True, {"a": "1/2"})


def test_the_problems_name_each_participant_as_asked(data):
    from builder.rulesets.vogelfrei.rules.tally import PARTY_XP

    (problem,) = PARTY_XP.problems(data, ["3"], [], True, {"0": "half"}, names={"0": "Anna"})
    assert problem.startswith("Anna's") and "'half'" in problem


def test_the_treasure_as_typed_comes_to_its_silver_pieces():
    """What a campaign's ledger records of the treasure: a number as it is, items
    (``N``, ``KIND=N``, separated by spaces or commas) summed, every kind counted."""
    from builder.rulesets.vogelfrei.rules.tally import PartyXpShares

    shares = PartyXpShares()
    assert shares.treasure_total(475) == 475
    assert shares.treasure_total(["400 hoard=75"]) == 475
    assert shares.treasure_total(["100, wilds=20", "5"]) == 125
    assert shares.treasure_total([]) == 0
    with pytest.raises(UsageError):
        shares.treasure_total(["hoard=lots"])


def test_a_share_is_awarded_as_award_xp_and_the_cap_says_what_it_kept():
    """What a party award writes for one survivor, and what it reads back of the entry:
    the session cap's gained and lost (a share under the cap is kept whole)."""
    from builder.rulesets.vogelfrei.rules.tally import PartyXpShares

    shares = PartyXpShares()
    assert shares.share_words(150, "3") == ["award-xp", "150", "--session", "3"]
    assert shares.kept({"action": "award-xp", "xp": 150}, 150) == (150, 0)
    assert shares.kept({"action": "award-xp", "xp": 900, "gained": 600, "lost": 300},
                       900) == (600, 300)


def test_a_treasure_amount_may_group_its_thousands_with_commas():
    """A comma between a digit and three digits that end the number joins them; any
    other comma separates items (as a space does)."""
    from builder.rulesets.vogelfrei.rules.tally import parse_treasure

    assert parse_treasure(["1,000 hoard=1,250,000"]) == [("", 1000), ("hoard", 1250000)]
    assert parse_treasure(["100, 200", "5,0"]) == [("", 100), ("", 200), ("", 5), ("", 0)]
    assert parse_treasure(["12,5000"]) == [("", 12), ("", 5000)]
