"""The ability-bonuses rules: every formula, the seed's examples, creation,
the random allocation, the Aging rule and the ledger actions.  No Qt."""
from __future__ import annotations

import itertools
import random

import pytest

from builder.rulesets.ability_bonuses.rules import formulas as f
from builder.rulesets.ability_bonuses.rules.ruleset import AbilityBonuses
from builder.rules.base import Refusal, UsageError
from builder.rules.engine import perform, replay
from builder.storage.rulesets import load_ruleset, validate_ruleset_data


@pytest.fixture
def rs() -> AbilityBonuses:
    return load_ruleset("ability-bonuses")


class ScriptedDice(random.Random):
    """A 'random' source that returns the given die results in order."""

    def __init__(self, results):
        super().__init__(0)
        self.results = list(results)

    def randint(self, a, b):
        value = self.results.pop(0)
        assert a <= value <= b
        return value


def chosen(rs, mig=3, dex=2, cha=1, foc=0, age=None):
    baseline = rs.chosen_baseline({"MIG": mig, "DEX": dex, "CHA": cha, "FOC": foc}, age=age)
    assert rs.validate_baseline(baseline) == []
    return rs.initial_state(baseline)


def do(rs, state, *words):
    action = rs.parse_action(list(words))
    _logged, new_state = perform(rs, state, action, random.Random(0))
    return new_state


# -- formulas ---------------------------------------------------------------------
def six(mig=0, dex=0, cha=0, foc=0, skl=3, spd=3):
    return {"MIG": mig, "DEX": dex, "CHA": cha, "FOC": foc, "SKL": skl, "SPD": spd}


def test_seed_example_mig_plus_3_with_skl_plus_3_gives_mig_plus_6():
    assert f.skilled_bonuses(six(mig=3, skl=3))["MIG"] == 6


def test_every_skilled_bonus_is_the_ability_plus_skl():
    abilities = six(mig=3, dex=2, cha=1, foc=0, skl=4, spd=2)
    assert f.skilled_bonuses(abilities) == {"MIG": 7, "DEX": 6, "CHA": 5, "FOC": 4, "SPD": 6}


def test_defenses():
    abilities = six(mig=3, dex=1, cha=2, foc=0)
    assert f.body_def(abilities) == 4      # MIG + DEX
    assert f.mind_def(abilities) == 2      # CHA + FOC


def test_seed_example_martial_dc_follows_the_formula_not_the_printed_11():
    # The seed says MIG+ 4 and DEX+ 3 give a MARTIAL DC of 11; its own formula
    # (8 + the higher) gives 12, as its SPELL DC example does.  We follow the
    # formula (docs/user/ability-bonuses.md, "Decisions where the rules text is open").
    assert f.martial_dc({"MIG": 4, "DEX": 3}) == 12


def test_martial_dc_takes_the_higher_of_mig_plus_and_dex_plus():
    assert f.martial_dc({"MIG": 2, "DEX": 5}) == 13


def test_seed_example_spell_dc_cha_plus_5_foc_plus_6_gives_14():
    assert f.spell_dc({"CHA": 5, "FOC": 6}) == 14
    assert f.spell_dc({"CHA": 6, "FOC": 5}) == 14


def test_card_of_a_chosen_character(rs):
    derived = rs.derive(chosen(rs, mig=2, dex=0, cha=3, foc=1), "Ann")
    assert derived["abilities"] == six(mig=2, dex=0, cha=3, foc=1, skl=3, spd=3)
    assert derived["skilled"] == {"MIG": 5, "DEX": 3, "CHA": 6, "FOC": 4, "SPD": 6}
    assert derived["body_def"] == 2
    assert derived["mind_def"] == 4
    assert derived["martial_dc"] == 13
    assert derived["spell_dc"] == 14
    assert derived["age"] is None
    assert derived["rolls"] == []


def test_skill_and_speed_start_at_plus_3(rs):
    derived = rs.derive(chosen(rs), "X")
    assert derived["abilities"]["SKL"] == 3
    assert derived["abilities"]["SPD"] == 3


# -- chosen allocation ----------------------------------------------------------------
@pytest.mark.parametrize("values", list(itertools.permutations([3, 2, 1, 0])))
def test_every_permutation_of_the_four_bonuses_is_legal(rs, values):
    sets = list(zip(f.PRIMARY, map(str, values)))
    baseline = rs.baseline_from_sets(sets, rng=random.Random(0))
    assert baseline["abilities"] == dict(zip(f.PRIMARY, values))
    assert baseline["method"] == "chosen" and baseline["rolls"] == []


@pytest.mark.parametrize("values, fragment", [
    ((3, 3, 1, 0), "+3 is used twice; +2 is not used"),
    ((3, 2, 1, 1), "+1 is used twice; +0 is not used"),
    ((4, 2, 1, 0), "+3 is not used; +4 is not one of the bonuses"),
    ((0, 0, 0, 0), "+0 is used 4 times"),
])
def test_a_set_that_is_not_exactly_3_2_1_0_is_refused_with_the_reason(rs, values, fragment):
    sets = list(zip(f.PRIMARY, map(str, values)))
    with pytest.raises(Refusal) as caught:
        rs.baseline_from_sets(sets, rng=random.Random(0))
    assert any(fragment in reason for reason in caught.value.reasons), caught.value.reasons


def test_a_missing_value_is_refused_naming_it(rs):
    with pytest.raises(Refusal) as caught:
        rs.baseline_from_sets([("MIG", "3"), ("DEX", "2"), ("CHA", "1")], rng=random.Random(0))
    assert len(caught.value.reasons) == 1
    assert caught.value.reasons[0].startswith("FOC has no bonus")
    assert "--" not in caught.value.reasons[0]


def test_ability_names_are_case_insensitive_and_full_names_work(rs):
    baseline = rs.baseline_from_sets(
        [("mig", "3"), ("Dexterity", "2"), ("CHARISMA", "1"), ("foc", "+0")], rng=random.Random(0))
    assert baseline["abilities"] == {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}


def test_unknown_ability_and_non_integer_are_usage_errors(rs):
    with pytest.raises(UsageError, match="unknown ability 'STR'"):
        rs.baseline_from_sets([("STR", "3")], rng=random.Random(0))
    with pytest.raises(UsageError, match="whole number"):
        rs.baseline_from_sets([("MIG", "three")], rng=random.Random(0))
    # A later --set of the same key replaces an earlier one, as for every ruleset.
    base = rs.baseline_from_sets([("MIG", "2"), ("DEX", "2"), ("CHA", "1"), ("FOC", "0"),
                                  ("Might", "3")], rng=random.Random(0))
    assert rs.initial_state(base) is not None and rs.validate_baseline(base) == []


def test_skill_and_speed_cannot_be_allocated(rs):
    sets = [("MIG", "3"), ("DEX", "2"), ("CHA", "1"), ("FOC", "0")]
    assert rs.baseline_from_sets(sets + [("SKL", "3")], rng=random.Random(0))
    with pytest.raises(Refusal, match="Skill and Speed both start at \\+3"):
        rs.baseline_from_sets(sets + [("SPD", "5")], rng=random.Random(0))


def test_random_and_chosen_values_do_not_mix(rs):
    with pytest.raises(UsageError, match="--random"):
        rs.baseline_from_sets([("MIG", "3")], rng=random.Random(0), randomize=True)


# -- random allocation ----------------------------------------------------------------
def test_random_allocation_keeps_every_roll_and_rerolls_repeats(rs):
    # d4: 2 (DEX) 2 (repeat, reroll) 4 (FOC) 2 (repeat) 1 (MIG) -> CHA is left.
    baseline = rs.random_baseline(ScriptedDice([2, 2, 4, 2, 1]))
    assert baseline["rolls"] == [2, 2, 4, 2, 1]
    assert baseline["abilities"] == {"DEX": 3, "FOC": 2, "MIG": 1, "CHA": 0}
    assert rs.validate_baseline(baseline) == []
    derived = rs.derive(rs.initial_state(baseline), "R")
    assert derived["rolls"] == [2, 2, 4, 2, 1]
    assert derived["roll_abilities"] == ["DEX", "DEX", "FOC", "DEX", "MIG"]


def test_d4_faces_are_mig_dex_cha_foc(rs):
    for first, ability in enumerate(f.PRIMARY, start=1):
        others = [n for n in (1, 2, 3, 4) if n != first][:2]
        baseline = rs.random_baseline(ScriptedDice([first, *others]))
        assert baseline["abilities"][ability] == 3


def test_random_allocation_is_seedable(rs):
    assert rs.random_baseline(random.Random(42)) == rs.random_baseline(random.Random(42))


def test_random_allocation_over_many_seeds_is_always_a_permutation(rs):
    for seed in range(2000):
        baseline = rs.random_baseline(random.Random(seed))
        assert sorted(baseline["abilities"].values()) == [0, 1, 2, 3]
        assert len(baseline["rolls"]) >= 3
        assert all(1 <= r <= 4 for r in baseline["rolls"])
        assert rs.validate_baseline(baseline) == []


# Chi-square critical value for 9 degrees of freedom at p = 0.001.  The 4x4
# table (ability x bonus) has fixed row and column sums (every character gets
# each bonus once and each ability one bonus), so (4-1)*(4-1) = 9 cells are free.
CHI2_9DF_P001 = 27.877


def test_chi_square_each_ability_gets_each_value_equally_often(rs):
    seeds = range(4000)  # fixed seeds: deterministic, never flaky
    counts = {(a, v): 0 for a in f.PRIMARY for v in (3, 2, 1, 0)}
    for seed in seeds:
        for ability, value in rs.random_baseline(random.Random(seed))["abilities"].items():
            counts[(ability, value)] += 1
    expected = len(seeds) / 4
    chi2 = sum((observed - expected) ** 2 / expected for observed in counts.values())
    assert chi2 < CHI2_9DF_P001, (chi2, counts)


def test_chi_square_check_would_catch_a_biased_allocation():
    """The statistic above is not vacuous: a die that favours MIG fails it."""

    class LoadedDie(random.Random):
        def randint(self, a, b):
            return 1 if self.random() < 0.4 else super().randint(a, b)

    counts = {(a, v): 0 for a in f.PRIMARY for v in (3, 2, 1, 0)}
    for seed in range(4000):
        allocation, _ = f.roll_allocation(LoadedDie(seed), f.PRIMARY, [3, 2, 1, 0])
        for ability, value in allocation.items():
            counts[(ability, value)] += 1
    chi2 = sum((o - 1000) ** 2 / 1000 for o in counts.values())
    assert chi2 > CHI2_9DF_P001


@pytest.mark.parametrize("change, fragment", [
    (lambda b: b["abilities"].update(MIG=b["abilities"]["CHA"], CHA=b["abilities"]["MIG"]),
     "give"),
    (lambda b: b["rolls"].append(1), "extra"),
    (lambda b: b.__setitem__("rolls", [5, 1, 2]), "not a result of a d4"),
    (lambda b: b.__setitem__("rolls", [1, 1, 2]), "only 2 different results"),
    (lambda b: b.__setitem__("method", "chosen"), "chosen, yet the file records d4 rolls"),
])
def test_recorded_rolls_must_be_fair(rs, change, fragment):
    baseline = rs.random_baseline(ScriptedDice([1, 2, 3]))
    assert baseline["abilities"] == {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}
    change(baseline)
    problems = rs.validate_baseline(baseline)
    assert any(fragment in p for p in problems), problems


# -- Aging ------------------------------------------------------------------------------
@pytest.mark.parametrize("age, skl, spd, approx", [
    ("young", 2, 4, "10-18"), ("mature", 3, 3, "18-60"), ("old", 4, 2, "60+")])
def test_age_categories_modify_skill_and_speed(rs, age, skl, spd, approx):
    derived = rs.derive(chosen(rs, age=age), "A")
    assert derived["abilities"]["SKL"] == skl
    assert derived["abilities"]["SPD"] == spd
    assert derived["skilled"]["SPD"] == spd + skl
    assert derived["skilled"]["MIG"] == 3 + skl
    assert derived["age"] == age
    assert derived["age_category"]["approximate_age"] == approx


@pytest.mark.parametrize("roll, age", [(1, "young"), (5, "young"), (6, "mature"),
                                       (15, "mature"), (16, "old"), (20, "old")])
def test_d20_age_table(rs, roll, age):
    assert rs.age_for_roll(roll) == age
    assert rs.roll_age(ScriptedDice([roll])) == (age, roll)


def test_d20_age_odds_are_25_50_25(rs):
    counts = {"young": 0, "mature": 0, "old": 0}
    for roll in range(1, 21):
        counts[rs.age_for_roll(roll)] += 1
    assert counts == {"young": 5, "mature": 10, "old": 5}


def test_age_set_on_creation_switches_the_rule_on(rs):
    sets = [("MIG", "3"), ("DEX", "2"), ("CHA", "1"), ("FOC", "0")]
    assert rs.baseline_from_sets(sets, rng=random.Random(0))["age"] is None
    assert rs.baseline_from_sets(sets + [("age", "Old")], rng=random.Random(0))["age"] == "old"
    rolled = rs.baseline_from_sets(sets + [("AGE", "roll")], rng=ScriptedDice([17]))
    assert (rolled["age"], rolled["age_roll"]) == ("old", 17)
    with pytest.raises(UsageError, match="unknown age category"):
        rs.baseline_from_sets(sets + [("age", "ancient")], rng=random.Random(0))


def test_random_allocation_then_age_roll(rs):
    baseline = rs.baseline_from_sets([("age", "roll")], rng=ScriptedDice([4, 3, 2, 3]),
                                     randomize=True)
    assert baseline["rolls"] == [4, 3, 2]
    assert (baseline["age"], baseline["age_roll"]) == ("young", 3)


def test_a_recorded_age_roll_must_match_the_age(rs):
    baseline = rs.chosen_baseline({"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}, age="old",
                                  age_roll=3)
    assert any("gives Young, not Old" in p for p in rs.validate_baseline(baseline))


def test_squire_to_knight_young_becomes_mature_in_play(rs):
    squire = chosen(rs, age="young")
    knight = do(rs, squire, "set-age", "mature")
    assert rs.derive(squire, "S")["abilities"]["SKL"] == 2
    assert rs.derive(squire, "S")["abilities"]["SPD"] == 4
    assert rs.derive(knight, "S")["abilities"]["SKL"] == 3
    assert rs.derive(knight, "S")["abilities"]["SPD"] == 3
    assert rs.derive(knight, "S")["age"] == "mature"


def test_set_age_switches_the_aging_rule_on_and_off(rs):
    state = chosen(rs)
    assert rs.derive(state, "x")["age"] is None
    old = do(rs, state, "set-age", "Old")
    assert rs.derive(old, "x")["age"] == "old"
    off = do(rs, old, "set-age", "off")
    assert rs.derive(off, "x")["age"] is None
    assert rs.derive(off, "x")["abilities"]["SKL"] == 3


def test_set_age_to_the_current_category_is_refused(rs):
    state = chosen(rs, age="mature")
    assert rs.check(state, {"action": "set-age", "age": "mature"}) == \
        ["the character is already Mature"]
    assert rs.check(chosen(rs), {"action": "set-age", "age": None}) == \
        ["the Aging rule is already off for this character"]
    with pytest.raises(UsageError):
        rs.parse_action(["set-age", "elderly"])


# -- effects -------------------------------------------------------------------------------
def test_modifying_an_ability_updates_every_derived_value_at_once(rs):
    state = chosen(rs, mig=3, dex=2, cha=1, foc=0)
    before = rs.derive(state, "x")
    after = rs.derive(do(rs, state, "modify", "MIG", "2", "--name", "Giant Strength"), "x")
    assert after["abilities"]["MIG"] == before["abilities"]["MIG"] + 2
    assert after["skilled"]["MIG"] == before["skilled"]["MIG"] + 2
    assert after["body_def"] == before["body_def"] + 2
    assert after["martial_dc"] == before["martial_dc"] + 2
    assert after["mind_def"] == before["mind_def"]
    assert after["spell_dc"] == before["spell_dc"]
    assert after["modifiers"] == [{"name": "Giant Strength", "ability": "MIG", "value": 2}]


def test_a_skill_modifier_moves_every_skilled_bonus_and_both_dcs(rs):
    state = chosen(rs)
    before = rs.derive(state, "x")
    after = rs.derive(do(rs, state, "modify", "skill", "-1", "--name", "Rusty"), "x")
    assert all(after["skilled"][k] == before["skilled"][k] - 1 for k in f.SKILLED)
    assert after["martial_dc"] == before["martial_dc"] - 1
    assert after["spell_dc"] == before["spell_dc"] - 1
    assert after["body_def"] == before["body_def"]


def test_a_speed_modifier_moves_speed_plus_only(rs):
    state = chosen(rs)
    after = rs.derive(do(rs, state, "modify", "SPD", "1", "--name", "Haste"), "x")
    assert after["abilities"]["SPD"] == 4 and after["skilled"]["SPD"] == 7
    assert after["skilled"]["MIG"] == 6


def test_a_dex_modifier_can_change_which_bonus_sets_the_martial_dc(rs):
    state = chosen(rs, mig=3, dex=0, cha=2, foc=1)
    assert rs.derive(state, "x")["martial_dc"] == 14
    state = do(rs, state, "modify", "DEX", "5", "--name", "Cat's Grace")
    assert rs.derive(state, "x")["martial_dc"] == 16  # 8 + DEX+ (5 + 3)


def test_effects_stack_and_unmodify_removes_one(rs):
    state = chosen(rs)
    state = do(rs, state, "modify", "CHA", "1", "--name", "Bless")
    state = do(rs, state, "modify", "CHA", "2", "--name", "Inspire")
    assert rs.derive(state, "x")["abilities"]["CHA"] == 4
    state = do(rs, state, "unmodify", "--name", "bless")
    derived = rs.derive(state, "x")
    assert derived["abilities"]["CHA"] == 3
    assert [m["name"] for m in derived["modifiers"]] == ["Inspire"]


def test_unmodify_logs_the_effects_own_spelling(rs):
    state = do(rs, chosen(rs), "modify", "CHA", "1", "--name", "Bless")
    logged, _ = perform(rs, state, rs.parse_action(["unmodify", "--name", "BLESS"]))
    assert logged.text("name") == "Bless"


def test_unknown_effect_name_is_refused(rs):
    state = do(rs, chosen(rs), "modify", "CHA", "1", "--name", "Bless")
    with pytest.raises(Refusal) as caught:
        do(rs, state, "unmodify", "--name", "Curse")
    assert caught.value.reasons == ["no active effect is named 'Curse' (active effects: 'Bless')"]


def test_a_duplicate_effect_name_is_refused(rs):
    state = do(rs, chosen(rs), "modify", "CHA", "1", "--name", "Bless")
    with pytest.raises(Refusal, match="'Bless' is already active") as caught:
        do(rs, state, "modify", "MIG", "1", "--name", "BLESS")
    # Reasons are read in the window too: plain words, no command-line syntax.
    assert not any("--" in reason for reason in caught.value.reasons)


def test_a_zero_modifier_is_refused(rs):
    with pytest.raises(Refusal, match="changes nothing"):
        do(rs, chosen(rs), "modify", "MIG", "0", "--name", "Nothing")


@pytest.mark.parametrize("words, message", [
    (["modify", "STR", "1", "--name", "x"], "unknown ability 'STR'"),
    (["modify", "MIG", "one", "--name", "x"], "whole number"),
    (["modify", "MIG", "1"], "--name"),
    (["modify", "MIG", "1", "--name", "  "], "must not be empty"),
    (["unmodify"], "--name"),
    (["levitate"], "unknown action"),
    ([], "which action"),
])
def test_bad_action_words_are_usage_errors(rs, words, message):
    with pytest.raises(UsageError, match=message):
        rs.parse_action(words)


def test_parse_action_canonical_forms(rs):
    assert rs.parse_action(["Modify", "focus", "-2", "--name", " Fog "]).to_json() == \
        {"action": "modify", "ability": "FOC", "value": -2, "name": "Fog"}
    assert rs.parse_action(["set-age", "YOUNG"]).to_json() == {"action": "set-age", "age": "young"}
    assert rs.parse_action(["set-age", "none"]).to_json() == {"action": "set-age", "age": None}


def test_hand_edited_malformed_entries_are_refused_not_crashing(rs):
    state = chosen(rs)
    assert rs.check(state, {"action": "modify", "ability": "XYZ", "value": "a", "name": ""})
    assert rs.check(state, {"action": "set-age", "age": "ancient"})
    assert rs.check(state, {"action": "fly"})


def test_apply_is_pure(rs):
    state = chosen(rs)
    do(rs, state, "modify", "MIG", "1", "--name", "Bless")
    do(rs, state, "set-age", "old")
    assert not state.modifiers and state.age is None


def test_replay_rebuilds_the_state_and_reports_bad_entries(rs):
    baseline = rs.chosen_baseline({"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}, age="young")
    ledger = [{"action": "modify", "ability": "MIG", "value": 1, "name": "Bless"},
              {"action": "unmodify", "name": "Curse"},
              {"action": "set-age", "age": "mature"}]
    result = replay(rs, baseline, ledger)
    assert [p.entry for p in result.problems] == [1]
    derived = rs.derive(result.state, "x")
    assert derived["abilities"]["MIG"] == 4 and derived["age"] == "mature"


def test_a_broken_baseline_is_reported_and_still_shows(rs):
    result = replay(rs, {"abilities": {"MIG": "x"}, "method": "weird"}, [])
    assert result.problems
    assert rs.derive(result.state, "x")["abilities"]["MIG"] == 0


# -- library views --------------------------------------------------------------------
def test_options_are_the_age_categories(rs):
    options = rs.options(chosen(rs, age="old"))
    assert [o.name for o in options] == ["Young", "Mature", "Old"]
    assert [o.allowed for o in options] == [True, True, False]
    assert options[2].reasons == ("the character is already Old",)
    assert options[0].to_json()["action"] == ["set-age", "young"]
    assert all(o.cost == 0 for o in options)


def test_headline_and_describe(rs):
    assert rs.headline(chosen(rs, mig=0, dex=3, cha=2, foc=1)) == \
        {"MIG": "+0", "DEX": "+3", "CHA": "+2", "FOC": "+1"}
    assert rs.describe({"action": "modify", "ability": "MIG", "value": -1, "name": "Curse"}) \
        == "Modified MIG -1 (Curse)"
    assert rs.describe({"action": "set-age", "age": "old"}) == "Set the age to Old"
    assert rs.describe({"action": "set-age", "age": None}) == "Turned the Aging rule off"
    assert rs.describe({"action": "unmodify", "name": "Curse"}) == "Removed the effect Curse"


def test_show_text_is_an_abilities_card(rs):
    state = do(rs, chosen(rs, age="old"), "modify", "MIG", "1", "--name", "Bless")
    text = rs.show_text(rs.derive(state, "Ann"))
    assert "MARTIAL DC 16" in text and "SPELL DC 13" in text  # Old: SKL +4
    assert "Old (approximately 60+" in text
    assert "Bless: MIG +1" in text


# -- data ----------------------------------------------------------------------------------
def test_builtin_data_is_valid():
    from builder.storage.rulesets import _read_builtin

    assert validate_ruleset_data(AbilityBonuses, _read_builtin("ability-bonuses")) == []


def test_overlapping_age_table_is_invalid_data():
    from builder.storage.rulesets import _read_builtin

    data = _read_builtin("ability-bonuses")
    data["aging"]["categories"][0]["high"] = 7
    assert any("cover 1 to 20" in p for p in validate_ruleset_data(AbilityBonuses, data))


def test_a_homebrew_override_changes_the_dc_base(isolated_data):
    import json

    from builder.storage.rulesets import _read_builtin

    data = _read_builtin("ability-bonuses")
    data["effect_dc_base"] = 10
    (isolated_data / "rulesets").mkdir()
    (isolated_data / "rulesets" / "ability-bonuses.json").write_text(json.dumps(data))
    rs = load_ruleset("ability-bonuses")
    state = rs.initial_state(rs.chosen_baseline({"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}))
    assert rs.derive(state, "x")["martial_dc"] == 16


def test_preview_of_a_complete_allocation_equals_the_card(rs):
    state = chosen(rs, mig=1, dex=3, cha=0, foc=2, age="young")
    preview = rs.preview(dict(state.allocation), "young")
    derived = rs.derive(state, "x")
    for key in ("abilities", "skilled", "body_def", "mind_def", "martial_dc", "spell_dc", "age"):
        assert preview[key] == derived[key], key


def test_preview_of_a_partial_allocation_leaves_what_is_unknown_empty(rs):
    preview = rs.preview({"MIG": 3, "DEX": 2, "CHA": None, "FOC": None})
    assert preview["body_def"] == 5 and preview["martial_dc"] == 14
    assert preview["mind_def"] is None and preview["spell_dc"] is None
    assert preview["skilled"]["CHA"] is None and preview["skilled"]["SPD"] == 6


# -- property: every formula holds after any sequence of effects and age changes ----------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(order=st.permutations([3, 2, 1, 0]),
       age=st.sampled_from([None, "young", "mature", "old"]),
       effects=st.lists(st.tuples(st.sampled_from(f.ABILITIES),
                                  st.integers(-5, 5).filter(bool)), max_size=6))
def test_formulas_hold_after_any_effects(order, age, effects):
    rs = load_ruleset("ability-bonuses")
    state = rs.initial_state(rs.chosen_baseline(dict(zip(f.PRIMARY, order)), age=age))
    for index, (ability, value) in enumerate(effects):
        _, state = perform(rs, state, {"action": "modify", "ability": ability,
                                       "value": value, "name": f"e{index}"})
    d = rs.derive(state, "x")
    a = d["abilities"]
    age_mod = {"young": (-1, 1), "old": (1, -1)}.get(age, (0, 0))
    for key in f.ABILITIES:
        start = dict(zip(f.PRIMARY, order)).get(key, 3)
        start += {"SKL": age_mod[0], "SPD": age_mod[1]}.get(key, 0)
        assert a[key] == start + sum(v for k, v in effects if k == key)
    assert d["skilled"] == {k: a[k] + a["SKL"] for k in f.SKILLED}
    assert d["body_def"] == a["MIG"] + a["DEX"]
    assert d["mind_def"] == a["CHA"] + a["FOC"]
    assert d["martial_dc"] == 8 + max(d["skilled"]["MIG"], d["skilled"]["DEX"])
    assert d["spell_dc"] == 8 + max(d["skilled"]["CHA"], d["skilled"]["FOC"])
