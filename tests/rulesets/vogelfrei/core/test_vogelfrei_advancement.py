"""Vogelfrei advancement (seed 002): the session cap, gaining a level, Stamina
and Wounds on a level, free spells, one level per session, career changes and
the XP they need, the top of the table."""
import random

import pytest

from builder.rules.base import Refusal, UsageError
from builder.rules.engine import perform, replay
from builder.storage.rulesets import load_ruleset


@pytest.fixture
def rs():
    return load_ruleset("vogelfrei")


def character(rs, cls="Warrior", career="Mercenary", level=1, xp=0, wounds=None, stamina=None,
              toughness=10, wounds_roll=8, stamina_roll=2):
    pairs = [("Strength", "12"), ("Toughness", str(toughness)), ("Agility", "11"),
             ("Intelligence", "10"), ("Willpower", "9"), ("Leadership", "10"),
             ("class", cls), ("career", career), ("level", str(level)), ("xp", str(xp))]
    if wounds is not None:
        pairs += [("wounds", str(wounds)), ("stamina", str(stamina))]
    else:
        pairs += [("wounds_roll", str(wounds_roll)), ("stamina_roll", str(stamina_roll))]
    baseline = rs.baseline_from_sets(pairs, rng=random.Random(0))
    assert rs.validate_baseline(baseline) == []
    return rs.initial_state(baseline)


def do(rs, state, *words, seed=0):
    _, new = perform(rs, state, rs.parse_action(list(words)), random.Random(seed))
    return new


def refused(rs, state, *words):
    with pytest.raises(Refusal) as info:
        do(rs, state, *words)
    return info.value.reasons


def d(rs, state):
    return rs.derive(state, "T")


# -- XP awards and the session cap --------------------------------------------------
def test_award_below_the_cap_is_kept_whole(rs):
    s = do(rs, character(rs), "award-xp", "2500", "--session", "1")
    assert d(rs, s)["xp"] == 2500 and d(rs, s)["xp_lost"] == 0


def test_xp_over_half_way_to_the_next_level_from_one_session_is_lost(rs):
    # Warrior level 1: T(2) = 2000, T(3) = 4000; the cap is 2000 + 1000 = 3000.
    s = do(rs, character(rs), "award-xp", "5000", "--session", "1")
    out = d(rs, s)
    assert out["xp"] == 3000 and out["xp_lost"] == 2000
    assert out["sessions"]["1"] == {"xp": 3000, "lost": 2000, "advanced": None,
                                    "cap_level": 1}


def test_the_ledger_says_how_much_was_lost(rs):
    logged, _ = perform(rs, character(rs), rs.parse_action(["award-xp", "5000", "--session", "1"]),
                        random.Random(0))
    assert logged.value("gained") == 3000 and logged.value("lost") == 2000
    assert "2000 lost to the session cap" in rs.describe(logged)


def test_the_cap_holds_over_several_awards_in_one_session(rs):
    s = character(rs)
    s = do(rs, s, "award-xp", "2000", "--session", "1")
    s = do(rs, s, "award-xp", "2000", "--session", "1")
    assert d(rs, s)["xp"] == 3000 and d(rs, s)["xp_lost"] == 1000
    s = do(rs, s, "award-xp", "2000", "--session", "2")     # still level 1
    assert d(rs, s)["xp"] == 3000 and d(rs, s)["xp_lost"] == 3000


def test_the_cap_uses_the_current_class_table_at_total_level(rs):
    s = character(rs, "Cleric", "Priest", level=4, xp=7000, wounds=8, stamina=9)
    # Cleric T(5) = 14000, T(6) = 28000 -> 21000
    s = do(rs, s, "award-xp", "99999", "--session", "x")
    assert d(rs, s)["xp"] == 21000


def test_cap_at_level_five_needs_t7_twice_t6(rs):
    s = character(rs, level=5, xp=16000, wounds=12, stamina=12)
    s = do(rs, s, "award-xp", "100000", "--session", "1")
    assert d(rs, s)["xp"] == 32000 + (64000 - 32000) // 2


def test_xp_lost_accumulates(rs):
    s = do(rs, character(rs), "award-xp", "4000", "--session", "1")
    s = do(rs, s, "level-up", "--session", "2", "--roll", "1")
    s = do(rs, s, "award-xp", "10000", "--session", "2")    # level 2: cap 6000
    assert d(rs, s)["xp"] == 6000 and d(rs, s)["xp_lost"] == 1000 + 7000


def test_award_needs_a_session_and_a_whole_number(rs):
    with pytest.raises(UsageError):
        rs.parse_action(["award-xp", "100"])
    with pytest.raises(UsageError):
        rs.parse_action(["award-xp", "-5", "--session", "1"])
    with pytest.raises(UsageError):
        rs.parse_action(["award-xp", "lots", "--session", "1"])


# -- gaining a level ---------------------------------------------------------------------
def test_a_level_needs_the_xp(rs):
    s = do(rs, character(rs), "award-xp", "1999", "--session", "1")
    reasons = refused(rs, s, "level-up", "--session", "1", "--roll", "2")
    assert reasons == ["level 2 needs 2000 XP on the Warrior table (has 1999, 1 short)"]
    s = do(rs, s, "award-xp", "1", "--session", "1")
    s = do(rs, s, "level-up", "--session", "1", "--roll", "2")
    assert d(rs, s)["level"] == 2


def test_stamina_roll_added_to_current_and_maximum_depleted_stays_depleted(rs):
    # The example: a Warrior at Stamina 2 of 7 rolls 3 -> 5 of 10.
    s = character(rs, level=2, xp=4000, wounds=10, stamina=7)
    s = do(rs, s, "damage-stamina", "5")
    assert d(rs, s)["stamina"] == {"current": 2, "max": 7}
    s = do(rs, s, "level-up", "--session", "a", "--roll", "3")
    assert d(rs, s)["stamina"] == {"current": 5, "max": 10}


def test_wounds_plus_one_where_the_class_table_says_so_regardless_of_injuries(rs):
    s = character(rs, "Cleric", "Priest", xp=1750, wounds_roll=6)   # Cleric level 2: +1
    s = do(rs, s, "damage-wounds", "4")
    before = d(rs, s)["wounds"]
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    assert d(rs, s)["wounds"] == {"current": before["current"] + 1, "max": before["max"] + 1}
    s = do(rs, s, "award-xp", "1750", "--session", "2")
    s = do(rs, s, "level-up", "--session", "2", "--roll", "1")      # level 3: no +1
    assert d(rs, s)["wounds"]["max"] == before["max"] + 1


@pytest.mark.parametrize("cls,career,ups", [
    ("Warrior", "Mercenary", [1, 1, 1, 1, 1]), ("Ranger", "Sailor", [1, 1, 1, 1, 1]),
    ("Dwarf", "Miner", [1, 0, 1, 0, 1]), ("Magic-User", "Wizard", [0, 1, 0, 0, 1]),
    ("Townsman", "Scion", [0, 1, 0, 0, 1]),
])
def test_wounds_column_for_levels_2_to_6(rs, cls, career, ups):
    s = character(rs, cls, career, wounds_roll=1, stamina_roll=1)
    start = d(rs, s)["wounds"]["max"]
    gains = []
    for session in range(2, 7):
        s = do(rs, s, "award-xp", str(d(rs, s)["next_level_xp"] - d(rs, s)["xp"]),
               "--session", str(session))
        s = do(rs, s, "level-up", "--session", str(session), "--roll", "1")
        gains.append(d(rs, s)["wounds"]["max"] - start - sum(gains))
    assert gains == ups
    assert d(rs, s)["level"] == 6


def test_skill_points_per_level(rs):
    s = character(rs, "Ranger", "Sailor", xp=1750, wounds_roll=1)
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    assert d(rs, s)["skill_points"] == 6
    s = character(rs, xp=2000)
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    assert d(rs, s)["combat_skill_points"] == 3


def test_one_level_per_session(rs):
    s = character(rs, xp=3000)
    s = do(rs, s, "level-up", "--session", "7", "--roll", "1")
    s = do(rs, s, "award-xp", "6000", "--session", "7")
    reasons = refused(rs, s, "level-up", "--session", "7", "--roll", "1")
    assert reasons == ["already gained a level in session 7 (by a level-up); one level per "
                       "session"]
    s = do(rs, s, "level-up", "--session", "8", "--roll", "1")
    assert d(rs, s)["level"] == 3


def test_level_up_roll_is_filled_from_the_dice_and_checked(rs):
    s = character(rs, xp=2000)
    logged, new = perform(rs, s, rs.parse_action(["level-up", "--session", "1"]),
                          random.Random(5))
    assert logged.value("roll") == random.Random(5).randint(1, 4)
    assert d(rs, new)["stamina"]["max"] == 2 + logged.value("roll")
    assert "impossible on the Warrior d4" in refused(rs, s, "level-up", "--session", "1",
                                                     "--roll", "5")[0]
    s = character(rs, "Academic", "Barber", xp=1500, wounds_roll=1, stamina_roll=1)
    assert "d2" in refused(rs, s, "level-up", "--session", "1", "--roll", "3")[0]


def test_beyond_the_table_is_refused(rs):
    s = character(rs, level=6, xp=500000, wounds=15, stamina=15)
    reasons = refused(rs, s, "level-up", "--session", "1", "--roll", "1")
    assert reasons == ["level 6 is the top of the Warrior table; there is no level 7"]
    assert d(rs, s)["next_level_xp"] is None
    assert any("level 6 is the top" in r for r in
               refused(rs, s, "change-career", "Cleric", "Priest", "--session", "1", "--roll", "1"))


def test_free_spell_owed_for_magic_users_and_elves(rs):
    for cls, career in (("Magic-User", "Wizard"), ("High Elf", "Wizard"), ("Wood Elf", "Hunter")):
        s = character(rs, cls, career, xp=5000, wounds_roll=1, stamina_roll=1)
        s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
        assert d(rs, s)["spell_research_owed"] == 1
    s = character(rs, xp=5000)
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    assert d(rs, s)["spell_research_owed"] == 0


def test_prepared_spells_do_not_grow_only_the_table_figure(rs):
    s = character(rs, "Magic-User", "Wizard", xp=2250, wounds_roll=1, stamina_roll=1)
    assert d(rs, s)["spells_memorized"] == [1, 0, 0]
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    out = d(rs, s)
    assert out["spells_memorized"] == [2, 0, 0]         # what may be kept memorized
    assert "spells_prepared" not in out                 # nothing is prepared automatically


# -- career change ---------------------------------------------------------------------------
def test_mercenary_to_priest_xp_example(rs):
    # A level 3 Mercenary needs as much XP for a 1st level of Priest as to level up as a
    # Mercenary (Warrior's level-4 figure) ...
    s = character(rs, level=3, xp=4000, wounds=10, stamina=8)
    assert d(rs, s)["next_level_xp"] == 8000
    assert "needs 8000 XP on the Warrior table" in refused(
        rs, s, "change-career", "Cleric", "Priest", "--session", "1", "--roll", "1")[0]
    s = do(rs, s, "award-xp", "4000", "--session", "1")
    s = do(rs, s, "change-career", "cleric", "priest", "--session", "2", "--roll", "2")
    out = d(rs, s)
    assert (out["class"], out["career"], out["level"], out["career_level"]) == \
        ("Cleric", "Priest", 4, 1)
    assert out["careers"] == [
        {"class": "Warrior", "career": "Mercenary", "levels": 3, "advances": []},
        {"class": "Cleric", "career": "Priest", "levels": 1, "advances": ["Blessing Talent"]}]
    # ... and then as much as a level 4 Priest would (Cleric's level-5 figure).
    assert out["next_level_xp"] == 14000


def test_career_change_gains_stamina_never_wounds_and_loses_status(rs):
    s = character(rs, "Warrior", "Knight", level=2, xp=4000, wounds=11, stamina=6)
    s = do(rs, s, "damage-stamina", "2")
    assert d(rs, s)["status"] == "Gold"
    # Ranger's table gives +1 Wounds at every level 2-6: the career change still gives none.
    s2 = do(rs, s, "change-career", "Ranger", "Sailor", "--session", "1", "--roll", "3")
    out = d(rs, s2)
    assert out["wounds"] == {"current": 11, "max": 11}
    assert out["stamina"] == {"current": 7, "max": 9}
    assert out["status"] == "Silver"          # Sailor's, not the Knight's Gold
    s3 = do(rs, s, "change-career", "Cleric", "Zealot", "--session", "1", "--roll", "1")
    assert d(rs, s3)["status"] == ""


def test_career_change_gains_first_level_skill_points_and_keeps_the_old(rs):
    s = character(rs, level=2, xp=4000, wounds=11, stamina=6)
    assert d(rs, s)["combat_skill_points"] == 3
    s = do(rs, s, "change-career", "Ranger", "Sailor", "--session", "1", "--roll", "3")
    out = d(rs, s)
    assert out["skill_points"] == 4 and out["combat_skill_points"] == 3


def test_career_change_stamina_roll_uses_the_new_class_die(rs):
    s = character(rs, level=2, xp=4000, wounds=11, stamina=6)
    reasons = refused(rs, s, "change-career", "Academic", "Barber", "--session", "1",
                      "--roll", "3")
    assert reasons == ["the Stamina roll 3 is impossible on the Academic d2 (1 to 2)"]


def test_a_warrior_cannot_be_a_priest_without_a_career_change(rs):
    s = character(rs, level=2, xp=4000, wounds=11, stamina=6)
    reasons = refused(rs, s, "change-career", "Warrior", "Priest", "--session", "1",
                      "--roll", "1")
    assert "Priest is not a Warrior career" in reasons[0]


def test_career_change_is_the_sessions_one_level(rs):
    s = character(rs, xp=3000)
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    s = do(rs, s, "award-xp", "6000", "--session", "2")
    s = do(rs, s, "change-career", "Cleric", "Priest", "--session", "2", "--roll", "1")
    reasons = refused(rs, s, "level-up", "--session", "2", "--roll", "1")
    assert any("one level per session" in r for r in reasons)
    s2 = do(rs, s, "award-xp", "100000", "--session", "3")
    s2 = do(rs, s2, "level-up", "--session", "3", "--roll", "1")
    assert d(rs, s2)["careers"][-1] == {"class": "Cleric", "career": "Priest", "levels": 2,
                                        "advances": ["Blessing Talent", "Invoke Talent"]}


def test_career_change_to_the_same_or_a_former_career_is_refused(rs):
    s = character(rs, level=2, xp=100000, wounds=11, stamina=6)
    assert "use level-up" in refused(rs, s, "change-career", "Warrior", "Mercenary",
                                     "--session", "1", "--roll", "1")[0]
    s = do(rs, s, "change-career", "Warrior", "Soldier", "--session", "1", "--roll", "1")
    assert "has left the Warrior Mercenary career" in refused(
        rs, s, "change-career", "Warrior", "Mercenary", "--session", "2", "--roll", "1")[0]


def test_career_change_into_a_class_without_careers_is_refused(rs):
    s = character(rs, level=2, xp=100000, wounds=11, stamina=6)
    reasons = refused(rs, s, "change-career", "Phoenix", "Mercenary", "--session", "1",
                      "--roll", "1")
    assert reasons[0] == "the Phoenix class has no careers, so it cannot be a Mercenary"


def test_saves_after_a_career_change_follow_the_new_class_at_total_level(rs):
    s = character(rs, level=3, xp=8000, wounds=10, stamina=8)
    s = do(rs, s, "change-career", "Cleric", "Priest", "--session", "1", "--roll", "1")
    assert d(rs, s)["saves"] == {"paralyze": 14, "poison": 11, "breath": 16, "device": 12,
                                 "magic": 15}


def test_career_save_bonuses(rs):
    s = character(rs, "Ranger", "Bounty Hunter", level=4, xp=7000, wounds=9, stamina=9)
    assert d(rs, s)["save_bonuses"] == {"paralyze": 2, "breath": 2}


# -- Wounds and Stamina ----------------------------------------------------------------------
def test_damage_and_healing_stay_between_zero_and_maximum(rs):
    s = character(rs)                                   # Wounds 8, Stamina 2
    s = do(rs, s, "damage-wounds", "3")
    assert d(rs, s)["wounds"] == {"current": 5, "max": 8}
    s = do(rs, s, "heal-wounds", "10")
    assert d(rs, s)["wounds"] == {"current": 8, "max": 8}
    s = do(rs, s, "damage-stamina", "9")
    assert d(rs, s)["stamina"] == {"current": 0, "max": 2}
    s = do(rs, s, "heal-stamina", "1")
    assert d(rs, s)["stamina"] == {"current": 1, "max": 2}
    with pytest.raises(UsageError):
        rs.parse_action(["damage-wounds", "-1"])


# -- views and replay ---------------------------------------------------------------------
def test_options_list_level_up_and_career_changes_with_reasons(rs):
    s = do(rs, character(rs), "award-xp", "3000", "--session", "1")
    opts = rs.options(s)
    assert opts[0].kind == "level" and opts[0].allowed
    careers = [o for o in opts if o.kind == "career"]
    assert {"Cleric Priest", "Warrior Knight"} <= {o.name for o in careers}
    assert all(o.allowed for o in careers)
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    opts = rs.options(s)
    assert not opts[0].allowed
    assert any("session 1" in r for r in opts[0].reasons)
    assert any("needs 4000 XP" in r for r in opts[0].reasons)


def test_headline_and_balance(rs):
    s = do(rs, character(rs), "award-xp", "1234", "--session", "1")
    assert rs.headline(s) == {"Class": "Warrior", "Career": "Mercenary", "Level": 1, "XP": 1234}
    assert rs.balance(s) == 1234


def test_replay_is_deterministic_and_apply_is_pure(rs):
    baseline = {"abilities": {"Strength": 12, "Toughness": 13, "Agility": 11, "Intelligence": 10,
                              "Willpower": 9, "Leadership": 10},
                "class": "Warrior", "career": "Mercenary", "level": 1, "xp": 0,
                "wounds_roll": 4, "stamina_roll": 2}
    state = rs.initial_state(baseline)
    ledger = []
    for words in (["award-xp", "3000", "--session", "1"], ["level-up", "--session", "1"],
                  ["damage-stamina", "1"]):
        logged, new = perform(rs, state, rs.parse_action(words), random.Random(3))
        assert state is not new
        ledger.append(logged)
        state = new
    again = replay(rs, baseline, ledger)
    assert again.legal and again.state == state


def test_hand_edited_illegal_file_replays_with_every_problem(rs):
    baseline = {"abilities": {"Strength": "x", "Toughness": 13}, "class": "Astronaut",
                "level": 9, "xp": -4, "wounds_roll": 99, "ability_rolls": [1, 2]}
    ledger = [{"action": "level-up", "session": "1"}, {"action": "award-xp", "xp": "5"},
              {"action": "bogus"}, {"action": "award-xp", "xp": 10, "session": "1"}]
    result = replay(rs, baseline, ledger)
    assert [p.entry for p in result.problems] == [None, 0, 1, 2]
    assert "missing" in result.problems[1].reasons[-1]
    assert result.state["xp"] == 10                   # the legal entry still applies
    assert rs.derive(result.state, "X")["class"] in rs.classes
    good = dict(baseline, abilities={a: 10 for a in rs.abilities}, ability_rolls={})
    assert any("Astronaut" in r for r in rs.validate_baseline(good))


def test_career_change_keeps_skills_only(rs):
    s = character(rs, "Peasant", "Hunter", level=2, xp=2400, wounds=6, stamina=3,
                  toughness=10)
    assert d(rs, s)["status"] == "Brass"
    s = do(rs, s, "change-career", "Academic", "Apothecary", "--session", "1", "--roll", "1")
    out = d(rs, s)
    assert out["skills"][:5] == ["Bushcraft", "Searching", "Stealth", "Swim", "Climb"]
    assert "Herbalism" in out["skills"]
    assert out["career_skills"] == ["Herbalism", "Heal", "Languages", "Lore"]
    assert out["status"] == "Brass"            # the Apothecary's own status
    assert not any("animals" in t for t in out["traits"])   # Peasant social benefit gone


def test_career_change_loses_the_old_careers_traits(rs):
    s = character(rs, "Warrior", "Knight", level=2, xp=4000, wounds=11, stamina=6)
    assert any("squire" in t for t in d(rs, s)["traits"])
    s = do(rs, s, "change-career", "Cleric", "Priest", "--session", "1", "--roll", "1")
    assert not any("squire" in t for t in d(rs, s)["traits"])
    assert d(rs, s)["status"] == ""


def test_a_level_gained_between_two_awards_of_one_session_does_not_lift_its_cap(rs):
    s = do(rs, character(rs), "award-xp", "3000", "--session", "1")   # level 1: cap 3000
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    # What the editor shows is the cap an award in this session gets, not level 2's.
    assert (d(rs, s)["session_cap"], d(rs, s)["session_cap_session"]) == (3000, "1")
    assert d(rs, s)["next_session_cap"] == 6000
    s = do(rs, s, "award-xp", "5000", "--session", "1")
    assert d(rs, s)["xp"] == 3000 and d(rs, s)["xp_lost"] == 5000
    s = do(rs, s, "award-xp", "5000", "--session", "2")                # level 2: cap 6000
    assert d(rs, s)["xp"] == 6000


def test_the_ledger_entry_says_what_the_session_cap_kept(rs):
    s = do(rs, character(rs), "award-xp", "2500", "--session", "1")
    s = do(rs, s, "level-up", "--session", "1", "--roll", "1")
    logged, s = perform(rs, s, rs.parse_action(["award-xp", "5000", "--session", "1"]))
    assert (logged.value("gained"), logged.value("lost")) == (500, 4500)
    assert d(rs, s)["xp"] == 3000
