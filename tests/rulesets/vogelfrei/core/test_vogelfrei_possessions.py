"""Vogelfrei steps 3 and 4: alignment, Status, starting money, buying and wearing
equipment, Armour Class, encumbrance and movement, weapon usability."""
import random

import pytest

from builder.rules.base import Refusal, UsageError
from builder.rules.engine import perform, replay
from builder.rulesets.vogelfrei.rules import possessions as gear
from builder.storage.rulesets import load_ruleset

SCORES = {"Strength": "12", "Toughness": "10", "Agility": "10", "Intelligence": "10",
          "Willpower": "10", "Leadership": "10"}


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("vogelfrei")


def make(rs, cls="Warrior", career="Mercenary", seed=1, **sets):
    """A character's baseline (die results by hand, money rolled from ``seed``)."""
    values = {**SCORES, "class": cls, "career": career, "wounds_roll": "1", "stamina_roll": "1",
              **{k: str(v) for k, v in sets.items()}}
    return rs.baseline_from_sets(list(values.items()), rng=random.Random(seed))


def state_of(rs, baseline, *actions):
    assert rs.validate_baseline(baseline) == []
    state = rs.initial_state(baseline)
    for words in actions:
        _, state = perform(rs, state, rs.parse_action(words), random.Random(0))
    return state


def derived(rs, baseline, *actions):
    return rs.derive(state_of(rs, baseline, *actions), "X")


def refused(rs, state, words) -> list[str]:
    with pytest.raises(Refusal) as caught:
        perform(rs, state, rs.parse_action(words), random.Random(0))
    return caught.value.reasons


# -- money ------------------------------------------------------------------------------
@pytest.mark.parametrize("text,bp", [("12gp", 7200), ("35sp", 420), ("7bp", 7),
                                     ("1gp 20sp 4bp", 844), ("1 GP, 20 sp", 840),
                                     ("0bp", 0)])
def test_amounts_are_read_in_the_three_coins(text, bp):
    assert gear.parse_amount(text) == bp


@pytest.mark.parametrize("text", ["12", "gp", "1gp20", "twelve gp", "", "3 gc"])
def test_an_amount_without_its_coin_is_a_usage_error(text):
    with pytest.raises(UsageError):
        gear.parse_amount(text)


def test_the_rate_is_the_rules_rate_and_money_is_shown_in_the_fewest_coins(rs):
    # Starting Possessions: 1 Gold Piece = 50 Silver Pieces = 600 Brass Pieces
    assert rs.coins == {"gp": 600, "sp": 12, "bp": 1}
    assert gear.money_text(844) == "1 gp 20 sp 4 bp"
    assert gear.money_text(600) == "1 gp"
    assert gear.money_text(0) == "0 bp"
    assert gear.coins_of(1199) == {"gp": 1, "sp": 49, "bp": 11}


# -- alignment ----------------------------------------------------------------------------
@pytest.mark.parametrize("cls,career,forced", [("Cleric", "Priest", "Order"),
                                               ("Magic-User", "Wizard", "Chaos"),
                                               ("High Elf", "Wizard", "Chaos"),
                                               ("Wood Elf", "Hunter", "Chaos"),
                                               ("Warrior", "Mercenary", "Neutrality"),
                                               ("Dwarf", "Miner", "Neutrality")])
def test_unset_alignment_is_the_class_s_or_neutrality(rs, cls, career, forced):
    d = derived(rs, make(rs, cls, career))
    assert d["alignment"] == forced
    assert (d["alignment_rule"] is None) == (forced == "Neutrality")


def test_a_free_character_chooses_case_insensitively(rs):
    assert derived(rs, make(rs, alignment="chaos"))["alignment"] == "Chaos"
    assert make(rs, alignment="ORDER")["alignment"] == "Order"


def test_a_conflicting_alignment_is_refused_with_the_rule(rs):
    reasons = rs.validate_baseline(make(rs, "Cleric", "Priest", alignment="Chaos"))
    assert any("divine powers" in r and "Order" in r for r in reasons)
    reasons = rs.validate_baseline(make(rs, "Magic-User", "Wizard", alignment="Order"))
    assert any("Magic-Users must be Chaotic" in r for r in reasons)
    reasons = rs.validate_baseline(make(rs, "Wood Elf", "Hunter", alignment="Neutrality"))
    assert any("Elves must be Chaotic" in r for r in reasons)
    assert rs.validate_baseline(make(rs, "Cleric", "Priest", alignment="order")) == []


def test_an_unknown_alignment_is_a_usage_error(rs):
    with pytest.raises(UsageError):
        make(rs, alignment="Evil")


def test_becoming_a_cleric_makes_the_character_orderly(rs):
    state = state_of(rs, make(rs), ["award-xp", "2000", "--session", "1"],
                     ["change-career", "Cleric", "Priest", "--session", "1", "--roll", "2"])
    assert rs.derive(state, "X")["alignment"] == "Order"


# -- Status and starting money -----------------------------------------------------------------
@pytest.mark.parametrize("cls,career,status,count,die_bp", [
    ("Warrior", "Pit Fighter", "Brass", 10, 10),        # 10d6 x 10 bp
    ("Warrior", "Mercenary", "Silver", 2, 120),         # 2d6 x 10 sp
    ("Warrior", "Knight", "Gold", 1, 600)])             # 1d6 gp
def test_money_is_rolled_by_status_every_die_kept(rs, cls, career, status, count, die_bp):
    for seed in range(20):
        d = derived(rs, make(rs, cls, career, seed=seed))
        roll = d["money_roll"]
        assert d["status"] == status
        assert len(roll["dice"]) == count and all(1 <= x <= 6 for x in roll["dice"])
        assert roll["total_bp"] == sum(roll["dice"]) * die_bp == d["money"]["bp"]
        assert count * die_bp <= d["money"]["bp"] <= 6 * count * die_bp


def test_money_formulas(rs):
    assert derived(rs, make(rs, "Warrior", "Soldier"))["money_roll"]["formula"] == "10d6x10 bp"
    assert derived(rs, make(rs))["money_roll"]["formula"] == "2d6x10 sp"
    assert derived(rs, make(rs, "Warrior", "Knight"))["money_roll"]["formula"] == "1d6 gp"


def test_a_character_above_level_one_rolls_once_per_level(rs):
    # "a fourth level character of Silver Status would begin with 8d6x10 sp"
    values = {**SCORES, "class": "Warrior", "career": "Mercenary", "level": "4",
              "xp": "8000", "wounds": "12", "stamina": "9"}
    base = rs.baseline_from_sets(list(values.items()), rng=random.Random(3))
    roll = derived(rs, base)["money_roll"]
    assert roll["formula"] == "8d6x10 sp" and len(roll["dice"]) == 8


def test_the_wrong_number_of_money_dice_is_refused(rs):
    reasons = rs.validate_baseline(make(rs, money_dice="3,4,5"))
    assert any("rolls 2d6x10 sp: 2 dice, not 3" in r for r in reasons)
    reasons = rs.validate_baseline(make(rs, money_dice="3,7"))
    assert any("impossible on a d6" in r for r in reasons)
    assert derived(rs, make(rs, money_dice="3,4"))["money"]["bp"] == 7 * 120


def test_a_career_without_status_gets_no_money_and_a_note(rs):
    d = derived(rs, make(rs, "Rogue", "Thief"))
    assert d["status"] == "" and d["money"] == {"bp": 0, "text": "0 bp",
                                               "coins": {"gp": 0, "sp": 0, "bp": 0}}
    assert d["money_roll"] is None
    assert "Status unknown" in d["status_note"]
    assert "Status unknown" in rs.show_text(d)


def test_a_status_supplies_the_blank_career_s(rs):
    d = derived(rs, make(rs, "Rogue", "Thief", status="brass"))
    assert d["status"] == "Brass" and len(d["money_roll"]["dice"]) == 10
    assert d["status_note"] is None


def test_a_status_against_the_career_s_is_refused(rs):
    reasons = rs.validate_baseline(make(rs, status="Gold"))
    assert any("Mercenary career's Status is Silver" in r for r in reasons)
    assert rs.validate_baseline(make(rs, status="Silver")) == []


def test_imported_money(rs):
    d = derived(rs, make(rs, money="1gp 20sp 4bp"))
    assert d["money"]["bp"] == 844 and d["money"]["text"] == "1 gp 20 sp 4 bp"
    assert d["money_roll"] is None and d["status_note"] is None
    assert "money_dice" not in make(rs, "Rogue", "Thief", money="5sp")


def test_an_old_file_without_the_new_keys_still_loads(rs):
    base = make(rs)
    for key in ("alignment", "money_dice"):
        base.pop(key)
    d = derived(rs, base)
    assert d["alignment"] == "Neutrality" and d["money"]["bp"] == 0 and d["gear"] == []


# -- buying ---------------------------------------------------------------------------------
RICH = 50 * 600


def rich(rs, cls="Warrior", career="Mercenary", **sets):
    return make(rs, cls, career, money="50gp", **sets)   # 50 coins: no item yet


def test_a_new_character_pays_the_cheaper_price(rs):
    state = state_of(rs, rich(rs), ["buy", "staff"])      # City 5 sp, Rural 3 sp
    assert state["money"] == RICH - 36
    assert state["gear"] == [{"item": "Staff", "qty": 1}]
    state = state_of(rs, rich(rs), ["buy", "Book (Blank)"])   # City 5 sp, Rural 10 sp
    assert state["money"] == RICH - 60
    state = state_of(rs, rich(rs), ["buy", "Chain"])      # City only
    assert state["money"] == RICH - 1200


def test_in_play_the_city_price_applies_unless_rural_is_asked(rs):
    award = ["award-xp", "10", "--session", "1"]
    state = state_of(rs, rich(rs), award, ["buy", "Staff"])
    assert state["money"] == RICH - 60
    state = state_of(rs, rich(rs), award, ["buy", "Staff", "--market", "rural"])
    assert state["money"] == RICH - 36
    state = state_of(rs, rich(rs), ["buy", "Staff", "--market", "city"])
    assert state["money"] == RICH - 60


def test_quantity_multiplies_the_price(rs):
    state = state_of(rs, rich(rs), ["buy", "Torch", "--qty", "2"],
                     ["buy", "torch", "--qty", "3"])
    assert state["gear"] == [{"item": "Torch", "qty": 5}]
    assert state["money"] == RICH - 5


def test_buy_refusals(rs):
    state = state_of(rs, rich(rs))
    reasons = refused(rs, state, ["buy", "Jack Chain", "--market", "rural"])
    assert "not sold at the Rural market" in reasons[0] and "20 sp at the City" in reasons[0]
    award = ["award-xp", "10", "--session", "1"]
    reasons = refused(rs, state_of(rs, rich(rs), award), ["buy", "Barn"])
    assert "not sold at the City market" in reasons[0]
    reasons = refused(rs, state, ["buy", "Rock"])
    assert "sold at neither market" in reasons[0]
    assert "City" not in reasons[0] and "Rural" not in reasons[0]   # cheaper of both: neither
    reasons = refused(rs, state, ["buy", "Horse"])
    assert "no item 'Horse'" in reasons[0] and '"Horse, Riding"' in reasons[0]
    poor = state_of(rs, make(rs, money="10sp"))
    reasons = refused(rs, poor, ["buy", "Chain"])
    assert "not enough money" in reasons[0] and "1 gp 40 sp missing" in reasons[0]
    assert "1 Chain at the City price costs 2 gp" in reasons[0]
    reasons = refused(rs, poor, ["buy", "Chain", "--qty", "2"])
    assert "2 Chain at the City price cost 4 gp" in reasons[0]
    assert poor["money"] == 120 and poor["gear"] == []


def test_bad_buy_words_are_usage_errors(rs):
    for words in (["buy"], ["buy", "Torch", "--qty", "0"], ["buy", "Torch", "--qty", "x"],
                  ["buy", "Torch", "--market", "moon"], ["gain-money", "12"],
                  ["gain-money", "0gp"], ["spend-money", "0bp"], ["spend-money", "0gp 0sp"]):
        with pytest.raises(UsageError):
            rs.parse_action(words)


def test_services_and_meals_are_paid_but_not_carried(rs):
    state = state_of(rs, rich(rs), ["buy", "Meal (Standard)"], ["buy", "Inn (Poor)"])
    assert state["gear"] == [] and state["money"] == RICH - 3 - 5


def test_items_are_named_as_in_the_tables(rs):
    cat = rs.catalogue
    assert cat.find("book (blank)")["name"] == "Book (Blank)"
    assert cat.find("Weapon (Great)")["damage"] == "d10"
    assert cat.find("Staff (2H)")["name"] == "Staff"
    assert cat.find("rope")["name"] == "Rope, 50'"
    assert {c for c in cat.categories} == {i["category"] for i in cat.items}
    assert len(cat.categories) == 11


def test_table_marks(rs):
    cat = rs.catalogue
    assert gear.encumbrance_mark(cat.find("Backpack")) == "none"        # italic
    assert gear.encumbrance_mark(cat.find("Shield")) == "oversize"      # bold italic
    assert gear.encumbrance_mark(cat.find("Ladder, 10'")) == "oversize"
    assert gear.encumbrance_mark(cat.find("Torch")) == "normal"
    assert gear.encumbrance_mark(cat.find("Weapon (Great)")) == "oversize"  # two-handed
    assert gear.encumbrance_mark(cat.find("Mule")) == "none"            # not carried
    assert cat.find("Chain")["city"] == 1200 and cat.find("Chain")["rural"] is None


# -- gain, drop, money ----------------------------------------------------------------------
def test_gain_drop_and_money(rs):
    state = state_of(rs, make(rs, money="1sp"), ["gain", "Lantern", "--qty", "2"],
                     ["drop", "lantern"], ["gain-money", "1gp 20sp 4bp"],
                     ["spend-money", "7bp"])
    assert state["gear"] == [{"item": "Lantern", "qty": 1}]
    assert state["money"] == 12 + 844 - 7
    assert "only 1 held" in refused(rs, state, ["drop", "Lantern", "--qty", "2"])[0]
    assert "none held" in refused(rs, state, ["drop", "Torch"])[0]
    reasons = refused(rs, state, ["spend-money", "2gp"])
    assert "not enough money" in reasons[0] and "missing" in reasons[0]
    assert "no item" in refused(rs, state, ["gain", "Dragon"])[0]


# -- wearing, Armour Class ----------------------------------------------------------------------
def test_armour_class_sums(rs):
    base = rich(rs, Agility=14)                      # Agility +1, Warrior WS 1
    d = derived(rs, base)
    assert d["ac"] == {"melee": 8 + 1 + 1, "ranged": 11 + 1}
    d = derived(rs, base, ["buy", "Chain"], ["buy", "Shield"], ["wear", "Chain"],
                ["wear", "Shield"])
    assert d["ac"] == {"melee": 8 + 1 + 1 + 4 + 2, "ranged": 11 + 1 + 4 + 3}
    assert [g["worn"] for g in d["gear"]] == [True, True]
    d = derived(rs, base, ["buy", "Buckler"], ["wear", "Buckler"])
    assert d["ac"] == {"melee": 8 + 1 + 1 + 2, "ranged": 11 + 1}


def test_the_combat_actions_example_hans(rs):
    # Weapon Skill 2, Agility Bonus +2, Light Armour (AR 2): 8 + 2 + 2 + 2 = 14
    d = derived(rs, rich(rs, Agility=16, ws=2), ["buy", "Wams"], ["wear", "Wams"])
    assert d["ws"] == 2 and d["ac"]["melee"] == 14


def test_one_armour_and_one_shield_another_armour_replaces(rs):
    state = state_of(rs, rich(rs), ["buy", "Chain"], ["buy", "Wams"], ["buy", "Shield"],
                     ["buy", "Buckler"], ["wear", "Chain"], ["wear", "Shield"])
    logged, after = perform(rs, state, rs.parse_action(["wear", "Wams"]))
    assert logged.value("replaces") == "Chain"
    assert rs.describe(logged) == "Put on Wams (took off Chain)"
    assert after["worn"] == {"armour": "Wams", "shield": "Shield"}
    _, after = perform(rs, after, rs.parse_action(["wear", "Buckler"]))
    assert after["worn"] == {"armour": "Wams", "shield": "Buckler"}
    _, after = perform(rs, after, rs.parse_action(["remove", "Wams"]))
    assert after["worn"] == {"armour": None, "shield": "Buckler"}
    assert "not worn" in refused(rs, after, ["remove", "Chain"])[0]
    _, after = perform(rs, after, rs.parse_action(["drop", "Buckler"]))
    assert after["worn"]["shield"] is None


def test_wear_refusals(rs):
    state = state_of(rs, rich(rs), ["buy", "Torch"])
    assert "only those are worn" in refused(rs, state, ["wear", "Torch"])[0]
    assert "buy or gain it first" in refused(rs, state, ["wear", "Chain"])[0]
    mage = state_of(rs, rich(rs, "Magic-User", "Wizard"), ["buy", "Wams"], ["buy", "Buckler"])
    assert "Magic-User cannot wear armour or use shields" in refused(rs, mage, ["wear", "Wams"])[0]
    assert refused(rs, mage, ["wear", "Buckler"])


# -- encumbrance and movement -----------------------------------------------------------------
@pytest.mark.parametrize("darts,points,level,row", [
    (4, 0, "Unencumbered", (24, 120, 40, 120)),
    (5, 1, "Unencumbered", (24, 120, 40, 120)),
    (10, 2, "Lightly Encumbered", (18, 90, 30, 90)),
    (15, 3, "Heavily Encumbered", (12, 60, 20, 60)),
    (20, 4, "Severely Encumbered", (6, 30, 10, 30)),
    (25, 5, "Overencumbered", (0, 0, 0, 0))])
def test_every_five_items_is_a_point_and_movement_follows_the_table(rs, darts, points,
                                                                   level, row):
    # every weapon is an item of its own
    e = derived(rs, rich(rs), ["gain", "Dart", "--qty", str(darts)])["encumbrance"]
    assert (e["points"], e["level"]) == (points, level)
    assert (e["miles_per_day"], e["turn_ft"], e["combat_ft"], e["running_ft"]) == row


def test_worn_armour_is_not_an_item_but_metal_and_heavy_armour_add(rs):
    e = derived(rs, rich(rs), ["buy", "Wams"], ["wear", "Wams"])["encumbrance"]
    assert e["points"] == 0 and e["items"] == 0
    e = derived(rs, rich(rs), ["buy", "Chain"], ["wear", "Chain"])["encumbrance"]
    assert e["points"] == 1                                     # metal
    e = derived(rs, rich(rs), ["gain", "Full-plate"], ["wear", "Full-plate"])["encumbrance"]
    assert e["points"] == 3                                     # metal +1, three-quarter+ +2
    e = derived(rs, rich(rs), ["buy", "Chain"])["encumbrance"]
    assert e["points"] == 0 and e["items"] == 1                 # carried, not worn


def test_oversize_items_count_separately_and_unencumbering_ones_not_at_all(rs):
    e = derived(rs, rich(rs), ["buy", "Polearm"], ["buy", "Shield"], ["buy", "Backpack"],
                ["gain", "Torch", "--qty", "4"], ["gain", "Rope"], ["gain", "Crowbar"],
                ["gain", "Lantern"], ["gain", "Waterskin"])["encumbrance"]
    assert e["oversize_items"] == 2 and e["items"] == 5 and e["points"] == 3
    e = derived(rs, rich(rs), ["buy", "Caltrop", "--qty", "20"], ["gain", "Torch", "--qty", "6"],
                ["gain", "Spike (Iron)", "--qty", "12"])["encumbrance"]
    assert e["items"] == 2                                      # things of one type: one item
    e = derived(rs, rich(rs), ["gain", "Weapon (Minor)", "--qty", "3"],
                ["gain", "Wams", "--qty", "2"])["encumbrance"]
    assert e["items"] == 5                                      # weapons and armour each count


def test_miles_on_foot_take_the_toughness_modifier(rs):
    e = derived(rs, rich(rs, Toughness=16))["encumbrance"]
    assert (e["miles_per_day"], e["miles_per_day_on_foot"]) == (24, 26)
    e = derived(rs, rich(rs, Toughness=4), ["gain", "Dart", "--qty", "25"])["encumbrance"]
    assert (e["miles_per_day"], e["miles_per_day_on_foot"]) == (0, 0)


def test_a_hundred_coins_are_one_item(rs):
    e = derived(rs, make(rs, money="100gp"))["encumbrance"]     # 100 gold coins
    assert e["coin_items"] == 1 and e["items"] == 1
    e = derived(rs, make(rs, money="99gp 49sp 11bp"))["encumbrance"]
    assert e["coin_items"] == 1                                 # 159 coins
    e = derived(rs, make(rs, money="1199bp"))["encumbrance"]
    assert e["coin_items"] == 0                                 # 1 gp 49 sp 11 bp: 61 coins


# -- weapons -----------------------------------------------------------------------------------
def test_weapon_skills_by_class_and_career(rs):
    ws_bs = lambda d: (d["ws"], d["bs"])  # noqa: E731
    assert ws_bs(derived(rs, make(rs))) == (1, 1)
    assert ws_bs(derived(rs, make(rs, "Magic-User", "Wizard"))) == (0, 0)
    assert ws_bs(derived(rs, make(rs, "Peasant", "Hunter"))) == (0, 1)
    assert ws_bs(derived(rs, make(rs, "Ranger", "Bounty Hunter"))) == (1, 1)
    values = {**SCORES, "class": "Academic", "career": "Engineer", "level": "3",
              "xp": "3000", "wounds": "5", "stamina": "4"}
    base = rs.baseline_from_sets(list(values.items()), rng=random.Random(0))
    assert ws_bs(derived(rs, base)) == (0, 2)                  # +1 BS at levels 1 and 3


def test_weapon_usability(rs):
    buys = [["gain", name] for name in ("Rapier", "Weapon (Small)", "Bow, Short",
                                        "Crossbow, Light", "Pistol", "Pepperbox")]
    mage = {w["item"]: w for w in derived(rs, rich(rs, "Magic-User", "Wizard"), *buys)["weapons"]}
    assert mage["Rapier"]["usable"] and mage["Rapier"]["improvised"]
    assert "Improvised" in mage["Rapier"]["note"]
    assert mage["Weapon (Small)"]["usable"] and not mage["Weapon (Small)"]["improvised"]
    assert not mage["Bow, Short"]["usable"] and "Ballistic Skill" in mage["Bow, Short"]["note"]
    assert mage["Crossbow, Light"]["usable"]
    assert mage["Pistol"]["usable"]                             # a matchlock: Untrained
    assert not mage["Pepperbox"]["usable"]                      # engineering: Trained
    # "treats the weapon as an Improvised": the Improvised row's d3 and length 0
    assert mage["Rapier"]["damage"] == "d3" and mage["Rapier"]["length"] == "0"
    assert (mage["Rapier"]["own_damage"], mage["Rapier"]["own_length"]) == ("d8", "4")
    assert mage["Weapon (Small)"]["damage"] == "d6" and mage["Weapon (Small)"]["length"] == "2"
    assert mage["Bow, Short"]["range"] == "50'/300'/450'"
    warrior = derived(rs, rich(rs), *buys)["weapons"]
    assert all(w["usable"] and not w["improvised"] for w in warrior)
    trained = {w["item"]: w for w in warrior}
    assert trained["Rapier"]["damage"] == "d8" and trained["Rapier"]["length"] == "4"
    assert "own_damage" not in trained["Rapier"]


# -- the ledger in plain words ---------------------------------------------------------------------
def test_every_entry_is_described_in_plain_words(rs):
    state = state_of(rs, rich(rs))
    logged, _ = perform(rs, state, rs.parse_action(["buy", "Torch", "--qty", "2"]))
    assert rs.describe(logged) == "Bought 2 Torch for 2 bp (city price)"
    assert rs.describe({"action": "award-xp", "xp": 3000, "session": "1", "gained": 3000,
                        "lost": 0}) == "Awarded 3000 XP (session 1)"
    assert rs.describe({"action": "award-xp", "xp": 2000, "session": "1", "gained": 1500,
                        "lost": 500}) == \
        "Awarded 2000 XP (session 1): 1500 gained, 500 lost to the session cap"
    assert rs.describe({"action": "gain-money", "bp": 844}) == "Gained 1 gp 20 sp 4 bp"
    assert rs.describe({"action": "spend-money", "bp": 420}) == "Spent 35 sp"
    assert rs.describe({"action": "drop", "item": "Torch", "qty": 1}) == "Dropped 1 Torch"
    assert rs.describe({"action": "remove", "item": "Chain"}) == "Took off Chain"
    assert rs.describe({"action": "damage-wounds", "amount": 2}) == "Lost 2 Wounds"
    assert rs.describe({"action": "heal-stamina", "amount": 1}) == "Recovered 1 Stamina"
    assert rs.describe({"action": "level-up", "session": "2", "roll": 3}) == \
        "Gained a level (session 2); Stamina roll 3"


def test_a_hand_edited_ledger_replays_with_its_problems(rs):
    base = make(rs, money="1sp")
    ledger = [{"action": "buy", "item": "Chain", "qty": 1, "market": "city", "cost_bp": 1200},
              {"action": "gain", "item": "Torch", "qty": "x"},
              {"action": "wear", "item": "Nothing"}]
    result = replay(rs, base, ledger)
    assert [p.entry for p in result.problems] == [0, 1, 2]
    assert result.state["money"] == 12 and result.state["gear"] == []


def test_options_offer_wear_and_remove(rs):
    state = state_of(rs, rich(rs), ["buy", "Chain"], ["buy", "Shield"], ["wear", "Shield"])
    kinds = {(o.kind, o.name): o.allowed for o in rs.options(state)
             if o.kind in ("wear", "remove")}
    assert kinds == {("wear", "Chain"): True, ("remove", "Shield"): True}


def test_lock_types_and_rifling_multiply_the_firearm_price(rs):
    cat = rs.catalogue
    # Firearms, Custom Firearm: "a rifled wheellock musket would cost 60sp x 7 x 2 = 840sp"
    musket = cat.find("Musket (Wheellock, Rifled)")
    assert musket["city"] == 840 * 12 and musket["rural"] is None
    assert cat.find("musket (rifled, wheellock)")["name"] == "Musket (Wheellock, Rifled)"
    assert cat.find("Pistol (Flintlock)")["city"] == 2 * 30 * 12
    assert cat.find("Pistol (Flintlock)")["requirement"] == "Trained"
    assert cat.find("Arquebus (Rifled)")["requirement"] == "Untrained"   # still a matchlock
    assert cat.find("Pepperbox (Flintlock)") is None         # engineering: no lock options
    assert cat.find("Musket (Wheellock, Flintlock)") is None  # one lock
    mage = derived(rs, rich(rs, "Magic-User", "Wizard"), ["gain", "pistol (flintlock)"],
                   ["gain", "Pistol"])
    usable = {w["item"]: w["usable"] for w in mage["weapons"]}
    assert usable == {"Pistol (Flintlock)": False, "Pistol": True}
    state = state_of(rs, make(rs, money="2gp"), ["buy", "Pistol (Flintlock)"])
    assert state["money"] == 1200 - 720 and state["gear"][0]["item"] == "Pistol (Flintlock)"


def test_the_career_change_into_a_cleric_is_described_with_the_new_alignment(rs):
    state = state_of(rs, make(rs), ["award-xp", "2000", "--session", "1"])
    logged, _ = perform(rs, state, rs.parse_action(["change-career", "Cleric", "Priest",
                                                    "--session", "1", "--roll", "2"]))
    assert rs.describe(logged).endswith("; now of Order")


def test_a_homebrew_equipment_table_is_checked(rs):
    import copy

    from builder.storage.rulesets import validate_ruleset_data

    data = copy.deepcopy(rs.data)
    data["equipment"] = {"items": [{"name": "Torch", "city": "cheap"}]}
    assert any(p.startswith("equipment/items/0/city: ")
               for p in validate_ruleset_data(type(rs), data))
    data["equipment"] = {"categories": ["Misc"], "items": [
        {"name": "Torch", "category": "Misc", "city": 2, "rural": None}]}
    assert validate_ruleset_data(type(rs), data) == []
    homebrew = type(rs)(data)
    assert homebrew.catalogue.find("torch")["city"] == 2 and homebrew.catalogue.find("Rope") is None
    data["starting_money"]["Brass"] = {"dice": 0, "die": 6, "coin": "bp"}
    assert any(p.startswith("starting_money/Brass/dice: ")
               for p in validate_ruleset_data(type(rs), data))


def test_the_soldier_reduces_encumbrance_and_the_phoenix_has_its_own_defence(rs):
    # Soldier: "Soldiers reduce their Encumbrance by 1"
    ten = ["gain", "Dart", "--qty", "10"]
    assert derived(rs, rich(rs, "Warrior", "Soldier"), ten)["encumbrance"]["points"] == 1
    assert derived(rs, rich(rs, "Warrior", "Soldier"))["encumbrance"]["points"] == 0
    assert derived(rs, rich(rs), ten)["encumbrance"]["points"] == 2
    # Phoenix: +2 to melee AC, no armour, cannot wield weapons
    phoenix = rich(rs, "Phoenix", "")
    d = derived(rs, phoenix, ["gain", "Staff"])
    assert d["ac"] == {"melee": 8 + 0 + 0 + 2, "ranged": 11}
    assert d["weapons"][0]["usable"] is False and "Phoenix" in d["weapons"][0]["note"]
    state = state_of(rs, phoenix, ["gain", "Wams"])
    assert "Phoenix cannot wear armour" in refused(rs, state, ["wear", "Wams"])[0]


def test_random_possession_sequences_replay_to_the_same_state(rs):
    """Any mix of possession actions is either refused with reasons or applied; the
    ledger replays to the same state and every state derives."""
    names = ["Torch", "Chain", "Wams", "Shield", "Buckler", "Staff", "Bow, Short", "Meal (Fancy)",
             "Pistol (Flintlock)", "Full-plate", "Rock", "Nothing At All"]
    for seed in range(6):
        rng = random.Random(seed)
        cls, career = rng.choice([("Warrior", "Mercenary"), ("Magic-User", "Wizard"),
                                  ("Rogue", "Thief")])
        base = make(rs, cls, career, money=f"{rng.randint(0, 30)}gp")
        state = rs.initial_state(base)
        ledger = []
        for _ in range(40):
            kind = rng.choice(["buy", "gain", "drop", "wear", "remove", "gain-money",
                               "spend-money", "award-xp"])
            if kind in ("gain-money", "spend-money"):
                words = [kind, f"{rng.randint(0, 40)}sp"]
            elif kind == "award-xp":
                words = [kind, "10", "--session", str(rng.randint(1, 3))]
            else:
                words = [kind, rng.choice(names)]
                if kind in ("buy", "gain", "drop"):
                    words += ["--qty", str(rng.randint(1, 3))]
                if kind == "buy" and rng.random() < 0.3:
                    words += ["--market", rng.choice(["city", "rural"])]
            try:
                logged, state = perform(rs, state, rs.parse_action(words), rng)
            except Refusal as refusal:
                assert refusal.reasons and all(refusal.reasons)
                continue
            ledger.append(logged)
            assert state["money"] >= 0 and all(g["qty"] > 0 for g in state["gear"])
            d = rs.derive(state, "X")
            assert d["money"]["bp"] == state["money"]
            assert set(d["worn"].values()) - {None} <= {g["item"] for g in d["gear"]}
        result = replay(rs, base, ledger)
        assert not result.problems and result.state == state


def test_a_quiver_and_its_arrows_are_one_item(rs):
    """Containers: "A quiver plus the arrows or bolts it carries (20 maximum) count as
    one item together for encumbrance purposes."""
    enc = lambda *acts: derived(rs, rich(rs), *acts)["encumbrance"]["items"]  # noqa: E731
    assert enc(["gain", "Arrow", "--qty", "20"]) == 1
    assert enc(["gain", "Quiver"], ["gain", "Arrow", "--qty", "20"]) == 1
    assert enc(["gain", "Quiver"], ["gain", "Bolt", "--qty", "12"]) == 1
    # more than 20: the rest are arrows outside the quiver, one more item
    assert enc(["gain", "Quiver"], ["gain", "Arrow", "--qty", "21"]) == 2
    assert enc(["gain", "Quiver", "--qty", "2"], ["gain", "Arrow", "--qty", "40"]) == 1
    # arrows and bolts share the quiver's 20
    assert enc(["gain", "Quiver"], ["gain", "Arrow", "--qty", "15"],
               ["gain", "Bolt", "--qty", "10"]) == 2
    assert enc(["gain", "Quiver"], ["gain", "Rope, 50'"]) == 2


def test_hand_marked_table_names_in_and_out(rs):
    """The tables print the hands mark ("Staff (2H)", "Spear (1/2H)", and for the Weapon
    row "Great (2H)"): both that name and the plain one are accepted, and show prints
    the table's own name."""
    cat = rs.catalogue
    assert cat.find("Weapon (Great (2H))")["name"] == "Weapon (Great)"
    assert cat.find("weapon (medium (1/2h))")["name"] == "Weapon (Medium)"
    assert cat.find("Spear (1/2H)")["name"] == cat.find("Spear")["name"] == "Spear"
    d = derived(rs, rich(rs), ["buy", "Staff"], ["gain", "Spear (1/2H)"],
                ["gain", "Weapon (Great (2H))"], ["gain", "Torch"], ["gain", "Book (Blank)"])
    assert [g["item"] for g in d["gear"]] == ["Staff (2H)", "Spear (1/2H)", "Weapon (Great (2H))",
                                              "Torch", "Book (Blank)"]
    assert [w["item"] for w in d["weapons"]] == ["Staff (2H)", "Spear (1/2H)",
                                                 "Weapon (Great (2H))"]
    state = state_of(rs, rich(rs), ["gain", "Weapon (Great (2H))"], ["drop", "Weapon (Great)"],
                     ["gain", "Staff (2H)", "--qty", "2"], ["drop", "staff"])
    assert state["gear"] == [{"item": "Staff", "qty": 1}]


def test_a_sack_full_of_stuff_is_oversize(rs):
    """Time and Movement: "Carried sacks full of stuff count as an oversize item"; the
    decision: a bought Sack is empty (italic, none), `Sack (Full)` is one oversize item."""
    empty = derived(rs, rich(rs), ["buy", "Sack"])
    assert empty["gear"][0]["encumbrance"] == "none" and empty["encumbrance"]["points"] == 0
    full = derived(rs, rich(rs), ["buy", "Sack"], ["drop", "Sack"], ["gain", "Sack (Full)"])
    assert full["gear"] == [{"item": "Sack (Full)", "qty": 1, "category": "Containers",
                             "worn": False, "encumbrance": "oversize"}]
    assert full["encumbrance"]["oversize_items"] == 1 and full["encumbrance"]["points"] == 1
    assert "neither market" in refused(rs, state_of(rs, rich(rs)), ["buy", "Sack (Full)"])[0]
