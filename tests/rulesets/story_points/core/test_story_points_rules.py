"""Every rule of seed 000 (Character Development) and the trait-use rules of seed 001."""
from __future__ import annotations

import pytest

from builder.rules.base import UsageError
from tests.rulesets.story_points.core.sp_helpers import act, baseline, derived, refused, ruleset, state


# ---------------------------------------------------------------- seed examples
def test_acrobatics_2_to_4_costs_7_sp():
    st = state(sp=7, vital__Agility=4, skill__Acrobatics=2)
    st = act(st, "raise-skill", "Acrobatics")
    assert st.unspent == 4  # 3 SP for SL 3
    st = act(st, "raise-skill", "Acrobatics")
    assert st.unspent == 0  # another 4 SP for SL 4
    assert st.skills["Acrobatics"] == 4 and st.spent == 7


def test_graynor_strength_3_to_4_costs_8_and_raises_max_vit():
    rs = ruleset()
    # A vitals total one below the threshold where maximum VIT becomes 6.
    six = next(t for t, v in rs.d.vitality if v == 6)
    others = six - 1 - 3
    sets = dict(sp=8, vital__Strength=3, vit=3, wounded=2)
    names = [v for v in rs.d.vitals if v != "Strength"]
    base, extra = divmod(others, len(names))
    for i, name in enumerate(names):
        sets[f"vital__{name}"] = base + (1 if i < extra else 0)
    st = state(**sets)
    assert (st.vit_current, st.vit_max) == (3, 5)
    st = act(st, "raise-vital", "Strength")
    d = derived(st)
    assert d["vitals"]["Strength"] == 4
    assert d["sp"]["unspent"] == 0 and d["sp"]["spent"] == 8
    assert d["vit"] == {"current": 4, "max": 6}
    assert d["dice"]["wounded"] == 2          # existing Wounded AD stay
    assert d["dice"]["ready"] == 4            # one more Ready AD (3 -> 4)


def test_nyra_acrobatics_2_to_3_with_agility_3_costs_3():
    st = state(sp=3, vital__Agility=3, skill__Acrobatics=2)
    st = act(st, "raise-skill", "Acrobatics")
    assert st.skills["Acrobatics"] == 3 and st.unspent == 0


def test_fighter_1_to_3_with_melee_3_costs_5():
    st = state(sp=5, vital__Strength=3, skill__Melee=3, class__Fighter=1, trait__Fighter__Parry=1)
    st = act(st, "raise-class", "Fighter", "--trait", "Parry")
    assert st.unspent == 3
    st = act(st, "raise-class", "Fighter", "--trait", "Breach")
    assert st.unspent == 0 and st.level("Fighter") == 3
    assert st.classes["Fighter"].traits == {"Parry": 2, "Breach": 1}


def senna(sp=16):
    return state(sp=sp, vital__Cognition=3, skill__Medicine=3, class__Cleric=3,
                 **{"trait__Cleric__Restoring Grace": 3})


def test_senna_chain_costs_16_sp():
    st = senna()
    assert refused(st, "raise-skill", "Medicine") == ["Medicine 4 needs Cognition 4 (Cognition is 3)"]
    st = act(st, "raise-vital", "Cognition")
    assert st.unspent == 8
    st = act(st, "raise-skill", "Medicine")
    assert st.unspent == 4
    st = act(st, "raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Mend Wounds")
    assert st.unspent == 0 and st.spent == 16
    assert st.classes["Cleric"].traits["Restoring Grace"] == 4
    assert st.classes["Cleric"].spells == ["Mend Wounds"]


def test_senna_plan_is_16_sp_in_three_steps():
    plan = ruleset().plan(senna(), "class:Cleric=4")
    assert plan.total_cost == 16 and plan.affordable is True
    assert [(s.kind, s.name, s.target, s.cost) for s in plan.steps] == [
        ("vital", "Cognition", 4, 8), ("skill", "Medicine", 4, 4), ("class", "Cleric", 4, 4)]


def sera(sp=1, **extra):
    """Sera, a Fighter, with three levels across the Cleric's core Skills, two trained."""
    return state(sp=sp, vital__Strength=2, skill__Melee=2, class__Fighter=1,
                 trait__Fighter__Parry=1, vital__Presence=2, vital__Cognition=2,
                 skill__Influence=2, skill__Medicine=1, **extra)


def test_sera_enters_cleric():
    st = act(sera(), "enter-class", "Cleric", "--trait", "Kindled Judgement",
             "--spell", "Brand of Flame", "--scene", "defended a shrine")
    assert st.unspent == 0
    assert st.level("Cleric") == 1 and st.level("Fighter") == 1
    assert st.classes["Cleric"].traits == {"Kindled Judgement": 1}
    assert st.classes["Cleric"].spells == ["Brand of Flame"]


# ---------------------------------------------------------------- Story Points
def test_checkpoint_awards_2_and_milestone_3():
    st = state()
    st = act(st, "award-checkpoint", "The Drowned Bell", "found the crypt")
    assert st.unspent == 2
    st = act(st, "resolve-milestone", "The Drowned Bell")
    assert st.unspent == 5 and st.earned == 5      # one checkpoint: 5 in total
    st = state()
    st = act(st, "award-checkpoint", "M", "a")
    st = act(st, "award-checkpoint", "M", "b")
    st = act(st, "resolve-milestone", "M")
    assert st.unspent == 7                           # two checkpoints: 7 in total


def test_same_checkpoint_never_awarded_twice():
    st = act(state(), "award-checkpoint", "M", "the gate")
    reasons = refused(st, "award-checkpoint", "m", "The  Gate")
    assert "never awarded twice" in reasons[0]


def test_resolved_milestone_not_resolved_again_and_closes_checkpoints():
    st = act(state(), "resolve-milestone", "M")
    assert "already resolved" in refused(st, "resolve-milestone", "M")[0]
    assert "already resolved" in refused(st, "award-checkpoint", "M", "late")[0]


def test_unspent_sp_is_saved_and_no_partial_payment():
    st = state(sp=0, vital__Agility=5, skill__Acrobatics=4)
    st = act(st, "award-checkpoint", "M", "a")
    assert refused(st, "raise-skill", "Acrobatics") == ["needs 5 SP, 2 unspent"]
    assert st.unspent == 2 and st.skills["Acrobatics"] == 4  # nothing deducted
    st = act(st, "award-checkpoint", "M", "b")
    st = act(st, "resolve-milestone", "M")
    assert st.unspent == 7                                   # saved across awards
    st = act(st, "raise-skill", "Acrobatics")
    assert st.skills["Acrobatics"] == 5 and st.unspent == 2
    assert (st.earned, st.spent) == (7, 5)


# ---------------------------------------------------------------- costs
@pytest.mark.parametrize("current", [1, 4, 9])
def test_vital_costs_target_times_2(current):
    st = state(sp=100, vital__Strength=current)
    assert act(st, "raise-vital", "Strength").spent == (current + 1) * 2


@pytest.mark.parametrize("current", [0, 3, 9])
def test_skill_costs_target_times_1(current):
    st = state(sp=100, vital__Agility=10, skill__Stealth=current)
    assert act(st, "raise-skill", "Stealth").spent == current + 1


@pytest.mark.parametrize("current", [1, 5, 9])
def test_class_costs_target_times_1(current):
    st = state(sp=100, vital__Strength=10, skill__Melee=10, class__Fighter=current,
               trait__Fighter__Parry=current)
    assert act(st, "raise-class", "Fighter", "--trait", "Parry").spent == current + 1


def test_increases_go_one_step_at_a_time():
    st = state(sp=100, vital__Agility=10, skill__Stealth=2)
    st = act(st, "raise-skill", "Stealth")
    assert st.skills["Stealth"] == 3 and st.spent == 3


# ---------------------------------------------------------------- limits
def test_vital_max_10():
    st = state(sp=100, vital__Strength=10)
    assert refused(st, "raise-vital", "Strength") == ["Strength is 10, the maximum"]


def test_skill_max_10():
    st = state(sp=100, vital__Agility=10, skill__Stealth=10)
    assert refused(st, "raise-skill", "Stealth") == ["Stealth is 10, the maximum"]


def test_skill_never_above_linked_vital():
    st = state(sp=100, vital__Agility=3, skill__Stealth=3)
    assert refused(st, "raise-skill", "Stealth") == ["Stealth 4 needs Agility 4 (Agility is 3)"]


def test_each_class_max_10_separately():
    st = state(sp=100, vital__Strength=10, skill__Melee=10, class__Fighter=10,
               trait__Fighter__Parry=10, vital__Agility=10, skill__Stealth=1,
               skill__Acrobatics=1, skill__Finesse=1, class__Rogue=1, trait__Rogue__Ambush=1)
    assert "Fighter is 10, the maximum" in refused(st, "raise-class", "Fighter", "--trait", "Parry")
    # Rogue is limited by its own level and core Skills, not by Fighter's 10.
    assert "Rogue 2 needs one of its core Skills at 2" in \
        refused(st, "raise-class", "Rogue", "--trait", "Ambush")[0]


def test_max_vit_never_above_10():
    st = state(sp=1000, **{f"vital__{v}": 10 for v in ruleset().d.vitals if v != "Strength"},
               vital__Strength=9)
    before = st.vit_max
    st = act(st, "raise-vital", "Strength")
    assert before == 10 and st.vit_max == 10 and st.vit_current == 10


# ---------------------------------------------------------------- requirements
def test_vital_needs_active():
    st = state(sp=100, active="no")
    assert refused(st, "raise-vital", "Strength") == ["Strength 2 needs the character to be Active"]
    st = act(st, "set-active", "yes")
    assert act(st, "raise-vital", "Strength").vitals["Strength"] == 2


def test_skill_and_class_do_not_need_active():
    st = state(sp=100, active="no", vital__Strength=2, skill__Melee=1, class__Fighter=1,
               trait__Fighter__Parry=1)
    st = act(st, "raise-skill", "Melee")
    st = act(st, "raise-class", "Fighter", "--trait", "Parry")
    assert st.level("Fighter") == 2


def test_class_needs_one_core_skill_at_target():
    st = state(sp=100, vital__Strength=2, skill__Melee=1, class__Fighter=1, trait__Fighter__Parry=1)
    assert refused(st, "raise-class", "Fighter", "--trait", "Parry") == [
        "Fighter 2 needs one of its core Skills at 2 (Melee is 1, Ranged is 0, Athletics is 0)"]
    # Any one of the three core Skills will do.
    st2 = state(sp=100, vital__Endurance=2, skill__Athletics=2, skill__Melee=1,
                class__Fighter=1, trait__Fighter__Parry=1)
    assert act(st2, "raise-class", "Fighter", "--trait", "Parry").level("Fighter") == 2


def test_other_class_levels_do_not_count_for_core_skills():
    # Stealth 3 is a Rogue core Skill, not a Fighter one.
    st = state(sp=100, vital__Agility=3, vital__Strength=1, skill__Stealth=3, skill__Melee=1,
               class__Fighter=1, trait__Fighter__Parry=1)
    assert refused(st, "raise-class", "Fighter", "--trait", "Parry")


def test_trait_needs_path_skill_trained():
    # Parry's Path (Warrior) uses Melee; Melee is 0 here.
    st = state(sp=100, vital__Endurance=3, skill__Athletics=3, class__Fighter=1,
               trait__Fighter__Footwork=1)
    reasons = refused(st, "raise-class", "Fighter", "--trait", "Parry")
    assert reasons == ["Parry needs its Path Skill Melee at 1 or higher (Melee is 0)"]
    st = act(st, "raise-class", "Fighter", "--trait", "Footwork")
    assert st.classes["Fighter"].traits == {"Footwork": 2}


def test_trait_rank_can_exceed_path_skill():
    st = state(sp=100, vital__Strength=5, vital__Endurance=5, skill__Melee=1, skill__Athletics=5,
               class__Fighter=4, trait__Fighter__Parry=4)
    st = act(st, "raise-class", "Fighter", "--trait", "Parry")
    assert st.classes["Fighter"].traits["Parry"] == 5 and st.skills["Melee"] == 1


def test_trait_of_another_class_is_refused_and_an_unknown_one_is_a_usage_error():
    st = state(sp=100, vital__Strength=5, skill__Melee=5, class__Fighter=1,
               trait__Fighter__Parry=1, vital__Agility=2, skill__Stealth=2)
    assert refused(st, "raise-class", "Fighter", "--trait", "ambush") == [
        "Ambush is not a Fighter trait"]
    with pytest.raises(UsageError, match="valid Fighter traits: Parry"):
        ruleset().parse_action(["raise-class", "Fighter", "--trait", "Dance"])
    assert "Ambush is not a Fighter trait" in ruleset().validate_baseline(
        baseline(class__Fighter=1, trait__Fighter__Ambush=1))


def test_ranks_add_up_to_class_level_and_stay():
    st = state(sp=100, vital__Strength=5, skill__Melee=5, class__Fighter=1, trait__Fighter__Parry=1)
    for trait in ("Breach", "Parry", "Cleave"):
        st = act(st, "raise-class", "Fighter", "--trait", trait)
        assert sum(st.classes["Fighter"].traits.values()) == st.level("Fighter")
    assert st.classes["Fighter"].traits == {"Parry": 2, "Breach": 1, "Cleave": 1}


def test_caster_class_needs_a_new_spell_and_a_rank():
    st = senna(sp=100)
    st = state(sp=100, vital__Cognition=5, skill__Medicine=5, class__Cleric=3,
               **{"trait__Cleric__Restoring Grace": 3}, spell__Cleric="Mend Wounds")
    assert refused(st, "raise-class", "Cleric", "--trait", "Restoring Grace") == [
        "Cleric 4 grants one new spell: choose it"]
    assert "already known" in refused(st, "raise-class", "Cleric", "--trait", "Restoring Grace",
                                      "--spell", "Mend Wounds")[0]
    # The spell's Path Skill (Ember Creed: Influence) must be trained too.
    assert refused(st, "raise-class", "Cleric", "--trait", "Restoring Grace",
                   "--spell", "Brand of Flame") == [
        "Brand of Flame needs its Path Skill Influence at 1 or higher (Influence is 0)"]


def test_non_caster_gets_no_spell():
    st = state(sp=100, vital__Strength=5, skill__Melee=5, class__Fighter=1, trait__Fighter__Parry=1)
    assert refused(st, "raise-class", "Fighter", "--trait", "Parry", "--spell", "Bless") == [
        "Fighter does not learn spells"]
    with pytest.raises(UsageError, match="does not learn spells"):
        ruleset().parse_action(["raise-class", "Fighter", "--trait", "Parry", "--spell", "Zap"])


def test_spell_and_trait_may_come_from_different_paths():
    st = state(sp=100, vital__Cognition=5, vital__Presence=2, skill__Medicine=5,
               skill__Influence=1, class__Cleric=1, **{"trait__Cleric__Restoring Grace": 1})
    st = act(st, "raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Brand of Flame")
    assert st.classes["Cleric"].spells == ["Brand of Flame"]


# ---------------------------------------------------------------- new Class
def test_new_class_needs_three_levels_across_core_skills():
    st = state(sp=5, vital__Cognition=2, vital__Presence=2, skill__Influence=1, skill__Medicine=1)
    reasons = refused(st, "enter-class", "Cleric", "--trait", "Kindled Judgement",
                      "--spell", "Brand of Flame", "--scene", "vigil")
    assert reasons == ["entering Cleric needs 3 total levels across its core Skills "
                       "(Medicine 1, Occult 0, Influence 1: 2)"]


def test_new_class_needs_two_core_skills_trained():
    st = state(sp=5, vital__Presence=3, skill__Influence=3)
    reasons = refused(st, "enter-class", "Cleric", "--trait", "Kindled Judgement",
                      "--spell", "Brand of Flame", "--scene", "vigil")
    assert reasons == ["entering Cleric needs 2 of its core Skills trained "
                       "(Medicine 0, Occult 0, Influence 3: 1 trained)"]


def test_new_class_needs_a_scene_and_1_sp():
    assert refused(sera(sp=0), "enter-class", "Cleric", "--trait", "Kindled Judgement",
                   "--spell", "Brand of Flame", "--scene", "  ") == [
        "needs 1 SP, 0 unspent",
        "entering Cleric needs an achievement or training scene"]


def test_new_class_needs_a_spell_for_casters_and_a_legal_trait():
    reasons = refused(sera(), "enter-class", "Cleric", "--trait", "Ward Against Shadow",
                      "--scene", "vigil")
    assert "Ward Against Shadow needs its Path Skill Occult at 1 or higher (Occult is 0)" in reasons
    assert "Cleric 1 grants one new spell: choose it" in reasons


def test_cannot_enter_a_class_twice_or_raise_one_not_held():
    st = act(sera(sp=5), "enter-class", "Cleric", "--trait", "Kindled Judgement",
             "--spell", "Brand of Flame", "--scene", "vigil")
    assert "already has Cleric" in refused(st, "enter-class", "Cleric", "--trait", "Zeal",
                                           "--spell", "Purging Light", "--scene", "again")[0]
    assert "enter the Class first" in refused(sera(sp=5), "raise-class", "Cleric",
                                              "--trait", "Zeal", "--spell", "Purging Light")[0]


def test_classes_keep_levels_ranks_and_uses_separate():
    st = act(sera(sp=5), "enter-class", "Cleric", "--trait", "Kindled Judgement",
             "--spell", "Brand of Flame", "--scene", "vigil")
    st = act(st, "use-trait", "Fighter", "Parry")
    d = derived(st)
    assert d["classes"]["Fighter"]["traits"]["Parry"]["uses_left"] == 0
    assert d["classes"]["Cleric"]["traits"]["Kindled Judgement"]["uses_left"] == 1


def test_rangers_and_rogues_cannot_buy_an_equivalent_trait_through_another_class():
    st = state(sp=5, vital__Agility=3, vital__Endurance=3, vital__Presence=2,
               skill__Stealth=1, skill__Acrobatics=1, skill__Finesse=1, class__Rogue=1,
               trait__Rogue__Ambush=1, skill__Athletics=2, skill__Survival=1)
    reasons = refused(st, "enter-class", "Ranger", "--trait", "Ambush Strike", "--scene", "hunt")
    assert len(reasons) == 1 and "mechanically equivalent to Ambush (Rogue)" in reasons[0]
    st = act(st, "enter-class", "Ranger", "--trait", "Quarry", "--scene", "hunt")
    assert st.level("Ranger") == 1


def test_equivalence_rule_also_in_baseline():
    rs = ruleset()
    b = baseline(class__Rogue=1, trait__Rogue__Ambush=1, class__Ranger=1,
                 **{"trait__Ranger__Ambush Strike": 1})
    assert any("mechanically equivalent" in r for r in rs.validate_baseline(b))


# ---------------------------------------------------------------- Training Exchange
def test_training_exchange_reduces_skill_and_class_by_one():
    st = state(sp=100, vital__Strength=5, skill__Melee=3, class__Fighter=2, trait__Fighter__Parry=2)
    assert act(st, "raise-skill", "Melee", "--exchange").spent == 3     # 4 - 1
    assert act(st, "raise-class", "Fighter", "--trait", "Parry", "--exchange").spent == 2  # 3 - 1


def test_training_exchange_never_below_1():
    st = state(sp=100, vital__Agility=2)
    assert act(st, "raise-skill", "Stealth", "--exchange").spent == 1


def test_training_exchange_never_for_a_core_vital():
    rs = ruleset()
    st = state(sp=100)
    assert refused(st, "raise-vital", "Strength", "--exchange") == [
        "a Training Exchange never reduces a Core Vital increase"]
    assert rs.check(st, {"action": "raise-vital", "name": "Strength", "exchange": True}) == [
        "a Training Exchange never reduces a Core Vital increase"]


def test_training_exchange_affordability_uses_discounted_cost():
    st = state(sp=3, vital__Agility=5, skill__Stealth=3)
    assert refused(st, "raise-skill", "Stealth") == ["needs 4 SP, 3 unspent"]
    assert act(st, "raise-skill", "Stealth", "--exchange").unspent == 0


# ---------------------------------------------------------------- VIT
def test_vital_increase_without_new_threshold_keeps_vit():
    st = state(sp=100, vit=1)
    before = (st.vit_current, st.vit_max)
    st = act(st, "raise-vital", "Strength")   # total 7: still below the next threshold
    assert (st.vit_current, st.vit_max) == before


def test_max_vit_follows_vitality_table():
    rs = ruleset()
    for total, expected in [(6, 1), (8, 2), (17, 5), (20, 6), (32, 10), (60, 10)]:
        assert rs.d.max_vit_for(total) == expected


# ---------------------------------------------------------------- trait uses (seed 001)
def fighter3(**extra):
    return state(sp=100, vital__Strength=5, skill__Melee=4, class__Fighter=3,
                 trait__Fighter__Parry=3, **extra)


def test_one_use_per_rank_between_rests():
    st = fighter3()
    for _ in range(3):
        st = act(st, "use-trait", "Fighter", "Parry")
    assert refused(st, "use-trait", "Fighter", "Parry") == [
        "Parry has no uses left (3 of 3 spent); a Rest restores them"]
    st = act(st, "rest")
    assert derived(st)["classes"]["Fighter"]["traits"]["Parry"]["uses_left"] == 3


def test_new_rank_adds_one_use_and_spent_stay_spent():
    st = fighter3()
    st = act(st, "use-trait", "Fighter", "Parry")
    st = act(st, "use-trait", "Fighter", "Parry")
    st = act(st, "raise-class", "Fighter", "--trait", "Parry")
    t = derived(st)["classes"]["Fighter"]["traits"]["Parry"]
    assert (t["rank"], t["uses_left"]) == (4, 2)


def test_path_skill_at_0_makes_traits_unusable_but_keeps_ranks():
    rs = ruleset()
    b = baseline(vital__Strength=3, skill__Athletics=0, skill__Melee=0, vital__Endurance=3,
                 skill__Ranged=3, vital__Perception=3, class__Fighter=2, trait__Fighter__Parry=2,
                 sp=5)
    assert rs.validate_baseline(b) == []          # training lost: ranks kept
    st = rs.initial_state(b)
    d = derived(st)["classes"]["Fighter"]["traits"]["Parry"]
    assert d["rank"] == 2 and d["usable"] is False
    assert "Path Skill Melee is 0" in refused(st, "use-trait", "Fighter", "Parry")[0]
    st = act(st, "raise-skill", "Melee")         # training returns
    assert act(st, "use-trait", "Fighter", "Parry")


def test_restoring_training_does_not_restore_spent_uses():
    rs = ruleset()
    b = baseline(vital__Strength=3, skill__Melee=1, class__Fighter=2, trait__Fighter__Parry=2,
                 sp=10)
    st = act(rs.initial_state(b), "use-trait", "Fighter", "Parry")
    # (Skills do not fall by ledger action; a lowered Skill comes only from an import.)
    assert derived(st)["classes"]["Fighter"]["traits"]["Parry"]["uses_left"] == 1


# ---------------------------------------------------------------- baselines
@pytest.mark.parametrize("sets, fragment", [
    (dict(vital__Strength=11), "Strength must be from 1 to 10"),
    (dict(skill__Melee=2), "Melee 2 is above its Linked Vital (Strength is 1)"),
    (dict(class__Fighter=2, trait__Fighter__Parry=1), "must add up to its level (2)"),
    (dict(class__Fighter=1), "must add up to its level (1)"),
    (dict(class__Fighter=11, trait__Fighter__Parry=11), "Fighter level must be from 1 to 10"),
    (dict(sp=-1), "unspent SP must be 0 or more"),
    (dict(vit=99), "current VIT must be from 0"),
    (dict(wounded=99), "Wounded AD must be from 0"),
    (dict(trait__Fighter__Parry=1), "Fighter level must be from 1 to 10 (it is 0)"),
])
def test_illegal_baselines_are_refused_with_reasons(sets, fragment):
    reasons = ruleset().validate_baseline(baseline(**sets))
    assert any(fragment in r for r in reasons), reasons


def test_later_set_replaces_earlier_and_spells_add_up():
    b = baseline(vital__Strength=[3, 5])
    assert b["vitals"]["Strength"] == 5
    b = baseline(class__Cleric=2, spell__Cleric=["Bless", "Mend Wounds"])
    assert b["classes"]["Cleric"]["spells"] == ["Bless", "Mend Wounds"]


def test_unknown_names_are_usage_errors_listing_valid_names():
    rs = ruleset()
    for key in ("vital.Luck", "skill.Cooking", "class.Bard", "trait.Fighter.Dance",
                "spell.Cleric=Lightning", "trait.Bard.Parry", "nonsense"):
        k, _, v = key.partition("=")
        with pytest.raises(UsageError, match="valid"):
            rs.baseline_from_sets([(k, v or "1")], rng=None)


def test_names_match_case_insensitively():
    b = baseline(VITAL__strength=4, skill__MELEE=2)
    assert b["vitals"]["Strength"] == 4 and b["skills"]["Melee"] == 2


@pytest.mark.parametrize("sp", [1, 5])
def test_an_entry_written_at_another_level_is_refused_for_that_alone(sp):
    """A logged step says the level it reached ("Raised Stealth to 1"); taken again at a
    state where Stealth is already 1 (a copy merged twice), the reason is that it would
    make Stealth 2, whatever raising to 2 would need (with 1 SP left it said "needs 2 SP")."""
    from builder.rules.base import reason_code
    from builder.rules.engine import perform

    rs = ruleset()
    st = state(sp=sp + 1, vital__Agility=3)
    logged, after = perform(rs, st, rs.parse_action(["raise-skill", "Stealth"]))
    assert logged.value("target") == 1 and after.skills["Stealth"] == 1
    reasons = rs.check(after, logged)
    assert reasons == ["the entry says Stealth 1, but it would become 2"]
    assert reason_code(reasons[0]) == "entry.target-mismatch"
    assert rs.check(st, logged) == []                       # at its own level: allowed
