"""Vogelfrei character creation: abilities, class and career, Wounds, Stamina,
skill points, saves, and the data tables behind them."""
import random

import pytest

from builder.rules.base import Refusal, UsageError
from builder.storage.rulesets import load_ruleset

ABILITIES = ["Strength", "Toughness", "Agility", "Intelligence", "Willpower", "Leadership"]


@pytest.fixture
def rs():
    return load_ruleset("vogelfrei")


def sets(**kw):
    base = {"Strength": 12, "Toughness": 10, "Agility": 11, "Intelligence": 10,
            "Willpower": 9, "Leadership": 10, "class": "Warrior", "career": "Mercenary",
            "wounds_roll": 5, "stamina_roll": 3}
    base.update(kw)
    return [(k, str(v)) for k, v in base.items() if v is not None]


def make(rs, **kw):
    baseline = rs.baseline_from_sets(sets(**kw), rng=random.Random(1))
    reasons = rs.validate_baseline(baseline)
    if reasons:
        raise Refusal(reasons)
    return baseline, rs.derive(rs.initial_state(baseline), "Test")


def test_data_file_is_valid(rs):
    assert type(rs).validate_data(rs.data) == []
    assert rs.data["abilities"] == ABILITIES


def test_broken_data_is_reported(rs):
    import copy

    bad = copy.deepcopy(rs.data)
    bad["classes"]["Warrior"]["saves"] = bad["classes"]["Warrior"]["saves"][:3]
    bad["class_roll"]["7"] = "Astronaut"
    problems = type(rs).validate_data(bad)
    assert any("Warrior" in p and "saves" in p for p in problems)
    assert any("Astronaut" in p for p in problems)


@pytest.mark.parametrize("score,mod", [(3, -3), (4, -2), (5, -2), (6, -1), (8, -1), (9, 0),
                                       (12, 0), (13, 1), (15, 1), (16, 2), (17, 2), (18, 3)])
def test_modifier_table(rs, score, mod):
    assert rs.modifier(score) == mod


def test_rolled_abilities_are_3d6_in_order_and_logged(rs):
    baseline = rs.baseline_from_sets([], rng=random.Random(7), randomize=True)
    assert list(baseline["ability_rolls"]) == ABILITIES
    for ability, dice in baseline["ability_rolls"].items():
        assert len(dice) == 3 and all(1 <= d <= 6 for d in dice)
        assert baseline["abilities"][ability] == sum(dice)
    # The dice are rolled in order: the first three draws of the rng are Strength's.
    rng = random.Random(7)
    assert baseline["ability_rolls"]["Strength"] == [rng.randint(1, 6) for _ in range(3)]
    assert baseline["ability_rolls"]["Toughness"] == [rng.randint(1, 6) for _ in range(3)]
    assert rs.validate_baseline(baseline) == []


def test_seeded_rolls_repeat(rs):
    one = rs.baseline_from_sets([], rng=random.Random(42), randomize=True)
    two = rs.baseline_from_sets([], rng=random.Random(42), randomize=True)
    assert one == two
    assert "class_roll" in one and "career_rolls" in one
    assert "wounds_roll" in one and "stamina_roll" in one


def test_hand_entered_abilities_are_kept(rs):
    baseline, d = make(rs, Strength=18, Leadership=3)
    assert d["abilities"]["Strength"] == {"score": 18, "modifier": 3}
    assert d["abilities"]["Leadership"] == {"score": 3, "modifier": -3}
    assert "ability_rolls" not in baseline


@pytest.mark.parametrize("score", [2, 19, 0])
def test_impossible_scores_are_refused(rs, score):
    with pytest.raises(Refusal) as info:
        make(rs, Agility=score)
    assert info.value.reasons[0].startswith(f"Agility {score} is impossible: 3d6 gives 3 to 18")


@pytest.mark.parametrize("score, possible", [(2, False), (3, True), (18, True), (19, False)])
def test_the_scores_3d6_gives_are_the_possible_ones(rs, score, possible):
    assert rs.possible_score(score) is possible


def test_one_swap_of_two_scores(rs):
    baseline, d = make(rs, Strength=16, Agility=7, swap="agility,strength")
    assert baseline["abilities"]["Strength"] == 16      # as rolled
    assert d["abilities"]["Strength"]["score"] == 7
    assert d["abilities"]["Agility"]["score"] == 16
    with pytest.raises(UsageError):
        make(rs, swap="Strength")
    with pytest.raises(Refusal):
        make(rs, swap="Strength,Strength")


def test_unsuitable_character_offers_a_reroll(rs):
    _, d = make(rs, Strength=5, Toughness=5, Agility=10)
    assert d["suitability"] == {"modifier_sum": -4, "suitable": False, "reroll_offered": True}
    _, d = make(rs)
    assert d["suitability"]["suitable"] is True and d["suitability"]["reroll_offered"] is False


def test_reroll_unsuitable_rolls_again_and_keeps_the_discarded_dice(rs):
    for seed in range(200):
        plain = rs.baseline_from_sets([], rng=random.Random(seed), randomize=True)
        if sum(rs.modifier(s) for s in plain["abilities"].values()) < 0:
            break
    else:
        pytest.skip("no unsuitable roll found")
    again = rs.baseline_from_sets([("reroll_unsuitable", "yes")], rng=random.Random(seed),
                                  randomize=True)
    assert again["discarded_rolls"][0] == plain["ability_rolls"]
    assert sum(rs.modifier(s) for s in again["abilities"].values()) >= 0


def test_class_rolled_on_2d6(rs):
    for seed in range(60):
        b = rs.baseline_from_sets([], rng=random.Random(seed), randomize=True)
        expected = rs.data["class_roll"][str(sum(b["class_roll"]))]
        assert b["class"] == expected
        assert b["career"] in rs.classes[b["class"]]["careers"]


def test_roll_of_12_is_a_wood_elf_when_the_table_allows_it(rs):
    class Twelve(random.Random):
        calls = 0

        def randint(self, a, b):
            self.calls += 1
            return 6 if self.calls <= 20 else 1   # 18 ability dice, then 2d6 for the class
    b = rs.baseline_from_sets([("wood_elf", "yes")], rng=Twelve(), randomize=True)
    assert b["class_roll"] == [6, 6] and b["class"] == "Wood Elf"
    b = rs.baseline_from_sets([], rng=Twelve(), randomize=True)
    assert b["class"] == "High Elf"


def test_career_rolled_on_the_class_d6_table_blank_rolls_again(rs):
    class Seq(random.Random):
        def __init__(self, values):
            super().__init__(0)
            self.values = list(values)

        def randint(self, a, b):
            return self.values.pop(0) if self.values else 1
    b = rs.baseline_from_sets([("class", "Warrior")], rng=Seq([3] * 18 + [4]), randomize=True)
    assert b["career"] == "Knight" and b["career_rolls"] == [4]
    # Cleric has three careers: a 5 is blank and rolled again.
    b = rs.baseline_from_sets([("class", "cleric")], rng=Seq([3] * 18 + [5, 6, 2]),
                              randomize=True)
    assert b["career_rolls"] == [5, 6, 2] and b["career"] == "Zealot"


def test_class_and_career_names_match_case_insensitively(rs):
    _, d = make(rs, **{"class": "magic-user", "career": "BRIGHT WIZARD", "wounds_roll": 2,
                       "stamina_roll": 1})
    assert d["class"] == "Magic-User" and d["career"] == "Bright Wizard"


def test_unknown_names_list_the_valid_ones(rs):
    with pytest.raises(UsageError) as info:
        make(rs, **{"class": "Astronaut"})
    assert "Warrior" in str(info.value) and "Magic-User" in str(info.value)
    with pytest.raises(UsageError) as info:
        make(rs, career="Pilot")
    assert "Mercenary" in str(info.value)
    with pytest.raises(UsageError):
        rs.baseline_from_sets([("Charisma", "10")], rng=random.Random(1))


def test_a_career_belongs_to_its_class(rs):
    with pytest.raises(Refusal) as info:
        make(rs, career="Priest")
    assert "Priest is not a Warrior career" in info.value.reasons[0]
    assert "Cleric" in info.value.reasons[0]


def test_status_and_traits_of_the_career(rs):
    _, d = make(rs, career="Knight")
    assert d["status"] == "Gold"
    assert any("squire" in t for t in d["traits"])
    _, d = make(rs, career="Pit Fighter")
    assert d["status"] == "Brass"
    _, d = make(rs, **{"class": "Rogue", "career": "Thief", "wounds_roll": 1})
    assert d["status"] == ""


@pytest.mark.parametrize("cls,career,roll,tough,expected", [
    ("Warrior", "Mercenary", 3, 10, 8),     # raised to the minimum 8
    ("Warrior", "Mercenary", 3, 13, 9),     # then Toughness +1
    ("Warrior", "Mercenary", 8, 18, 11),
    ("Dwarf", "Miner", 9, 6, 8),            # 9 - 1
    ("Ranger", "Sailor", 4, 10, 6),         # class page minimum 6 (summary table says 4)
    ("Townsman", "Beggar", 3, 10, 3),       # class page minimum 3 (summary table says 4)
    ("Academic", "Barber", 1, 3, 1),        # 3 - 3 = 0: a character keeps at least 1 Wound
])
def test_starting_wounds(rs, cls, career, roll, tough, expected):
    _, d = make(rs, **{"class": cls, "career": career, "wounds_roll": roll, "Toughness": tough,
                       "stamina_roll": 1})
    assert d["wounds"] == {"current": expected, "max": expected}


def test_summary_and_class_page_disagree_class_page_wins(rs):
    assert rs.data["summary_min_wounds"]["Ranger"] == 4
    assert rs.classes["Ranger"]["min_wounds"] == 6
    assert rs.data["summary_min_wounds"]["Townsman"] == 4
    assert rs.classes["Townsman"]["min_wounds"] == 3


def test_starting_stamina_is_the_die_without_toughness(rs):
    _, d = make(rs, Toughness=18, stamina_roll=2)
    assert d["stamina"] == {"current": 2, "max": 2}
    assert d["stamina_die"] == "1d4"


@pytest.mark.parametrize("key,value,cls,career", [
    ("wounds_roll", 9, "Warrior", "Mercenary"), ("wounds_roll", 0, "Warrior", "Mercenary"),
    ("stamina_roll", 5, "Warrior", "Mercenary"), ("stamina_roll", 3, "Academic", "Barber"),
    ("wounds_roll", 11, "Dwarf", "Miner"),
])
def test_a_result_outside_the_die_is_refused(rs, key, value, cls, career):
    kw = {"class": cls, "career": career, "wounds_roll": 1, "stamina_roll": 1, key: value}
    with pytest.raises(Refusal) as info:
        make(rs, **kw)
    assert "impossible" in info.value.reasons[0]


@pytest.mark.parametrize("cls,dice", [
    ("Warrior", (8, 4)), ("Ranger", (8, 4)), ("Dwarf", (10, 4)), ("Cleric", (6, 3)),
    ("Rogue", (6, 3)), ("Halfling", (6, 3)), ("High Elf", (6, 3)), ("Wood Elf", (6, 3)),
    ("Magic-User", (6, 2)), ("Academic", (6, 2)), ("Peasant", (6, 2)), ("Townsman", (6, 2)),
])
def test_class_dice(rs, cls, dice):
    c = rs.classes[cls]
    assert (c["wounds_die"], c["stamina_die"]) == dice


def test_skill_points_and_combat_skill_points(rs):
    _, d = make(rs)
    assert d["combat_skill_points"] == 2 and d["starting_ws_bs"] == {"WS": 1, "BS": 1}
    assert d["skill_points"] == 0
    _, d = make(rs, **{"class": "Ranger", "career": "Sailor", "wounds_roll": 1})
    assert d["skill_points"] == 4 and d["combat_skill_points"] == 0
    _, d = make(rs, **{"class": "Townsman", "career": "Scion", "wounds_roll": 1, "stamina_roll": 1})
    assert d["skill_points"] == 2


def test_saves_from_the_class_table_by_level(rs):
    _, d = make(rs)
    assert d["saves"] == {"paralyze": 14, "poison": 12, "breath": 15, "device": 13, "magic": 16}
    _, d = make(rs, level=4, xp=8000, wounds=12, stamina=10, wounds_roll=None, stamina_roll=None)
    assert d["saves"] == {"paralyze": 12, "poison": 10, "breath": 13, "device": 11, "magic": 14}
    _, d = make(rs, **{"class": "Halfling", "career": "Scout", "level": 6, "xp": 32000,
                       "wounds": 9, "stamina": 12, "wounds_roll": None, "stamina_roll": None})
    assert d["saves"] == {"paralyze": 4, "poison": 2, "breath": 4, "device": 3, "magic": 6}


def test_import_an_existing_character(rs):
    baseline, d = make(rs, level=3, xp=4500, wounds=11, stamina=9, wounds_roll=None,
                       stamina_roll=None)
    assert d["level"] == 3 and d["xp"] == 4500 and d["next_level_xp"] == 8000
    assert d["wounds"] == {"current": 11, "max": 11}
    assert d["stamina"] == {"current": 9, "max": 9}
    assert d["careers"][0]["levels"] == 3


def test_import_needs_maxima_and_refuses_beyond_the_table(rs):
    with pytest.raises(UsageError):
        make(rs, level=3, wounds_roll=None)
    with pytest.raises(Refusal) as info:
        make(rs, level=7, wounds=10, stamina=10, wounds_roll=None, stamina_roll=None)
    assert "beyond" in info.value.reasons[0] and "6" in info.value.reasons[0]


def test_missing_values_without_dice_are_a_usage_error(rs):
    with pytest.raises(UsageError) as info:
        rs.baseline_from_sets([("class", "Warrior")], rng=random.Random(1))
    assert "Strength" in str(info.value) and "--seed" in str(info.value)


def test_phoenix_has_no_careers(rs):
    _, d = make(rs, **{"class": "Phoenix", "career": None, "wounds_roll": 4})
    assert d["career"] == "" and d["status"] == "" and d["gifts"] == 1
    assert d["wounds"]["max"] == 4
    with pytest.raises(Refusal):
        make(rs, **{"class": "Phoenix", "career": "Mercenary"})


def test_derive_carries_the_class_table_for_a_sheet(rs):
    _, d = make(rs)
    table = d["class_table"]
    assert [r["xp"] for r in table] == [0, 2000, 4000, 8000, 16000, 32000]
    assert table[0]["wounds"] == "1d8 (min 8)" and table[1]["wounds"] == "+1"
    assert table[0]["stamina"] == "1d4" and table[5]["stamina"] == "+1d4"
    assert table[3]["saves"]["magic"] == 14


@pytest.mark.parametrize("path,value,where,words", [
    # what only the tables together say: the ruleset's own check
    (("modifiers",), [{"min": 3, "max": 10, "modifier": 0}], "modifiers", "every score"),
    (("classes", "Rogue", "xp"), [0, 10], "classes/Rogue/xp", "rising list"),
    (("classes", "Rogue", "career_roll"), ["Pilot"], "classes/Rogue/career_roll/0",
     "unknown career Pilot"),
    (("class_roll", "7"), "Astronaut", "class_roll/7", "unknown class Astronaut"),
    (("starting_money", "Gold", "coin"), "doubloon", "starting_money/Gold/coin", "not a coin"),
    # the shape, the types and the bounds: the JSON Schema
    (("classes", "Rogue", "careers", "Thief"), "thief", "classes/Rogue/careers/Thief", "object"),
    (("class_roll",), {"2": "Dwarf"}, "class_roll", "'3' is a required property"),
    (("enemy_xp",), [{"hd": "x", "xp": 5}], "enemy_xp/0/hd", "integer"),
    (("abilities",), "Strength", "abilities", "array"),
    (("abilities",), ["Strength", "Agility"], "abilities", "Toughness"),
    (("classes", "Warrior", "wounds_die"), 0, "classes/Warrior/wounds_die", "minimum"),
    # semantic nonsense: a negative award, an empty class list, an empty coin list,
    # a seventh career on a d6, a level cap below 1
    (("enemy_xp",), [{"hd": 1, "xp": -5}], "enemy_xp/0/xp", "minimum"),
    (("classes",), {}, "classes", ""),
    (("coins",), {}, "coins", ""),
    (("classes", "Rogue", "career_roll"), ["Thief"] * 7, "classes/Rogue/career_roll", "long"),
    (("max_level",), 0, "max_level", "minimum"),
])
def test_data_problems_name_the_path_of_the_bad_value(rs, path, value, where, words):
    """Every problem of a data file (built-in or homebrew) starts with the path of the
    bad value, whether the schema or the ruleset's own check finds it."""
    import copy

    from builder.storage.rulesets import validate_ruleset_data

    bad = copy.deepcopy(rs.data)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    problems = validate_ruleset_data(type(rs), bad)
    assert any(p.startswith(where + ": ") and words in p for p in problems), problems
    assert type(rs).validate_data([]) == ["the data is not a JSON object"]


def test_the_built_in_tables_match_their_schema(rs):
    """vogelfrei.json, and vogelfrei-equipment.json against the schema's equipment part."""
    from builder.resources import load_package_json
    from builder.storage.rulesets import validate_ruleset_data
    from builder.storage.validation import load_schema, schema_errors

    assert validate_ruleset_data(type(rs), rs.data) == []
    schema = load_schema(type(rs).parts.data_schema)
    equipment = {"$ref": "#/$defs/equipment", "$defs": schema["$defs"]}
    assert schema_errors(equipment, load_package_json(
        "builder.rulesets.vogelfrei:data/vogelfrei-equipment.json")) == []
