"""The Vogelfrei commands end to end: new, show, do, options, xp."""
import json

import pytest

from tests.helpers import cli, file_bytes, ok

BASE = {"class": "warrior", "career": "mercenary", "Strength": 12, "toughness": 13,
        "Agility": 10, "Intelligence": 9, "Willpower": 8, "Leadership": 11,
        "wounds_roll": 5, "stamina_roll": 3}


def hand(**changes):
    """--set arguments for the hand-entered Mercenary; a None value leaves a key out."""
    values = {**BASE, **changes}
    args = []
    for key, value in values.items():
        if value is not None:
            args += ["--set", f"{key}={value}"]
    return args


IMPORT = {"wounds_roll": None, "stamina_roll": None}
HAND = hand()


@pytest.fixture
def merc(tmp_path):
    path = tmp_path / "merc.json"
    ok("new", "vogelfrei", "Merc", "-o", path, *HAND)
    return path


def show(path):
    return ok("show", path, "--json").json()


def test_new_from_die_results_and_show_json(merc):
    d = show(merc)
    assert d["abilities"]["Toughness"] == {"score": 13, "modifier": 1}
    assert d["abilities"]["Willpower"] == {"score": 8, "modifier": -1}
    assert list(d["abilities"]) == ["Strength", "Toughness", "Agility", "Intelligence",
                                    "Willpower", "Leadership"]
    assert (d["class"], d["career"], d["level"], d["xp"]) == ("Warrior", "Mercenary", 1, 0)
    assert d["careers"] == [{"class": "Warrior", "career": "Mercenary", "levels": 1,
                             "advances": []}]
    assert d["next_level_xp"] == 2000
    assert d["wounds"] == {"current": 9, "max": 9}       # 5 -> minimum 8, +1 Toughness
    assert d["stamina"] == {"current": 3, "max": 3}
    assert d["saves"] == {"paralyze": 14, "poison": 12, "breath": 15, "device": 13, "magic": 16}
    assert d["status"] == "Silver"
    assert d["xp_lost"] == 0


def test_new_with_seed_rolls_everything_and_keeps_every_die(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ok("new", "vogelfrei", "Rolled", "-o", a, "--seed", "11")
    ok("new", "vogelfrei", "Rolled", "-o", b, "--seed", "11")
    da, db = json.loads(a.read_text()), json.loads(b.read_text())
    assert da["baseline"] == db["baseline"]
    base = da["baseline"]
    assert len(base["ability_rolls"]) == 6
    assert {"class_roll", "career_rolls", "wounds_roll", "stamina_roll"} <= set(base)
    d = show(a)
    assert d["ability_rolls"] == base["ability_rolls"]


def test_roll_outside_the_die_is_refused_and_nothing_written(tmp_path):
    path = tmp_path / "x.json"
    r = cli("new", "vogelfrei", "X", "-o", path, *hand(wounds_roll=9))
    assert r.code == 1 and "impossible on the Warrior d8" in r.err
    assert not path.exists()


def test_unknown_class_is_a_usage_error_listing_the_valid_ones(tmp_path):
    r = cli("new", "vogelfrei", "X", "-o", tmp_path / "x.json", *hand(**{"class": "astronaut"}))
    assert r.code == 2 and "Warrior" in r.err and "Townsman" in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_career_of_another_class_is_refused(tmp_path):
    r = cli("new", "vogelfrei", "X", "-o", tmp_path / "x.json", *hand(career="priest"))
    assert r.code == 1 and "Priest is not a Warrior career" in r.err


def test_import_an_existing_character(tmp_path):
    path = tmp_path / "old.json"
    ok("new", "vogelfrei", "Old", "-o", path,
       *hand(**IMPORT, level=3, xp=5000, wounds=12, stamina=8))
    d = show(path)
    assert (d["level"], d["xp"], d["next_level_xp"]) == (3, 5000, 8000)
    assert d["wounds"] == {"current": 12, "max": 12} and d["stamina"]["max"] == 8


def test_award_xp_session_cap_reported(merc):
    r = ok("do", merc, "award-xp", "5000", "--session", "1")
    assert "3000 gained, 2000 lost" in r.out
    d = show(merc)
    assert d["xp"] == 3000 and d["xp_lost"] == 2000


def test_level_up_rolls_and_logs_the_die(merc):
    ok("do", merc, "award-xp", "2000", "--session", "1")
    ok("do", merc, "level-up", "--session", "1")
    entry = json.loads(merc.read_text())["ledger"][-1]
    assert entry["action"] == "level-up" and 1 <= entry["roll"] <= 4
    d = show(merc)
    assert d["level"] == 2 and d["stamina"]["max"] == 3 + entry["roll"]
    assert d["wounds"] == {"current": 10, "max": 10}
    assert ok("check", merc).code == 0


def test_refused_actions_leave_the_file_byte_for_byte(merc):
    before = file_bytes(merc)
    r = cli("do", merc, "level-up", "--session", "1", "--roll", "2")
    assert r.code == 1 and "needs 2000 XP" in r.err
    ok("do", merc, "award-xp", "2000", "--session", "1")
    ok("do", merc, "level-up", "--session", "1", "--roll", "2")
    ok("do", merc, "award-xp", "4000", "--session", "1")
    before = file_bytes(merc)
    r = cli("do", merc, "level-up", "--session", "1", "--roll", "2")
    assert r.code == 1 and "one level per session" in r.err
    r = cli("do", merc, "level-up", "--session", "2", "--roll", "7")
    assert r.code == 1 and "impossible" in r.err
    assert file_bytes(merc) == before


def test_bad_action_words_are_usage_errors(merc):
    before = file_bytes(merc)
    for words in (["fly"], ["award-xp", "10"], ["award-xp", "ten", "--session", "1"],
                  ["change-career", "Astronaut", "Pilot", "--session", "1"]):
        r = cli("do", merc, *words)
        assert r.code == 2, words
    assert file_bytes(merc) == before


def test_mercenary_becomes_a_priest(tmp_path):
    path = tmp_path / "m.json"
    ok("new", "vogelfrei", "M", "-o", path,
       *hand(**IMPORT, level=3, xp=7000, wounds=11, stamina=8))
    r = cli("do", path, "change-career", "Cleric", "Priest", "--session", "9", "--roll", "2")
    assert r.code == 1 and "needs 8000 XP on the Warrior table" in r.err
    ok("do", path, "award-xp", "1000", "--session", "9")
    ok("do", path, "change-career", "cleric", "priest", "--session", "9", "--roll", "2")
    d = show(path)
    assert (d["class"], d["career"], d["level"]) == ("Cleric", "Priest", 4)
    assert [c["career"] for c in d["careers"]] == ["Mercenary", "Priest"]
    assert d["next_level_xp"] == 14000
    assert d["wounds"] == {"current": 11, "max": 11}
    assert d["stamina"] == {"current": 10, "max": 10}
    assert d["status"] == ""


def test_damage_and_heal(merc):
    ok("do", merc, "damage-wounds", "4")
    ok("do", merc, "damage-stamina", "2")
    assert show(merc)["wounds"] == {"current": 5, "max": 9}
    ok("do", merc, "heal-wounds", "2")
    ok("do", merc, "heal-stamina", "5")
    d = show(merc)
    assert d["wounds"] == {"current": 7, "max": 9} and d["stamina"] == {"current": 3, "max": 3}


def test_level_beyond_six_refused(tmp_path):
    path = tmp_path / "top.json"
    ok("new", "vogelfrei", "Top", "-o", path,
       *hand(**IMPORT, level=6, xp=90000, wounds=14, stamina=16))
    r = cli("do", path, "level-up", "--session", "1", "--roll", "1")
    assert r.code == 1 and "level 6 is the top of the Warrior table" in r.err
    assert show(path)["next_level_xp"] is None
    r = cli("new", "vogelfrei", "Top2", "-o", tmp_path / "t2.json",
            *hand(**IMPORT, level=7, wounds=14, stamina=16))
    assert r.code == 1 and "beyond" in r.err


def test_options_json(merc):
    ok("do", merc, "award-xp", "2500", "--session", "1")
    opts = ok("options", merc, "--json").json()
    assert opts[0]["kind"] == "level" and opts[0]["allowed"] is True
    assert any(o["kind"] == "career" and o["name"] == "Cleric Priest" for o in opts)


def test_show_text(merc):
    r = ok("show", merc)
    assert "Warrior Mercenary" in r.out and "Wounds 9/9" in r.out


# -- xp ---------------------------------------------------------------------------------------
def test_xp_json():
    d = ok("xp", "3", "3*", "L2", "<1", "--treasure", "1000", "--survivors", "3", "--json").json()
    assert d["enemies"] == 50 + 75 + 50 + 5
    assert d["treasure"] == 1000
    assert d["total"] == 1180
    assert d["share"] == 393


def test_xp_same_enemy_once():
    d = ok("xp", "chief=4", "chief=4", "goblin=1", "--json").json()
    assert d["enemies"] == 85 and len(d["repeated"]) == 1


def test_xp_partial_shares():
    d = ok("xp", "--treasure", "900", "--part", "Anna=1", "--part", "Bert=1/2", "--json").json()
    assert d["shares"] == {"Anna": 600, "Bert": 300}


def test_xp_text():
    r = ok("xp", "2", "--treasure", "100", "--survivors", "2")
    assert "total    125" in r.out and "62 each" in r.out


@pytest.mark.parametrize("kind", ["looted-coins", "reward", "sold-equipment", "used-magic-item",
                                  "tax", "theft", "trade"])
def test_xp_non_qualifying_treasure_refused(kind):
    r = cli("xp", "3", "--treasure", f"{kind}=100", "--json")
    assert r.code == 1 and "not treasure" in r.err and r.out == ""


def test_xp_kinds_lists_the_seed_kinds():
    d = ok("xp", "--kinds", "--json").json()
    assert len(d["does_not_count"]) == 7 and "Tax income" in d["does_not_count"].values()
    assert len(d["counts"]) == 2


def test_xp_treasure_written_with_thousands_commas_is_one_amount():
    """1,000 silver pieces are a thousand, as a price is written; a comma with a space
    after it still separates two items."""
    assert ok("xp", "--treasure", "1,000", "--json").json()["treasure"] == 1000
    assert ok("xp", "--treasure", "hoard=12,500", "--json").json()["treasure"] == 12500
    assert ok("xp", "--treasure", "100, 200", "--json").json()["treasure"] == 300


def test_xp_treasure_not_at_a_secure_location():
    r = cli("xp", "--treasure", "100", "--not-secure")
    assert r.code == 1 and "secure location" in r.err


@pytest.mark.parametrize("args", [["x"], ["0"], ["--survivors", "0"], ["--part", "A=3"],
                                  ["--treasure", "lots"]])
def test_xp_bad_usage(args):
    assert cli("xp", *args).code == 2


def test_homebrew_override_is_used_and_a_broken_one_ignored(tmp_path):
    from builder.resources import package_file
    from builder.storage.paths import overrides_dir

    builtin = package_file("builder.rulesets.vogelfrei:data/vogelfrei.json")
    data = json.loads(builtin.read_text(encoding="utf-8"))
    data["classes"]["Warrior"]["min_wounds"] = 10
    folder = overrides_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "vogelfrei.json").write_text(json.dumps(data), encoding="utf-8")
    ok("new", "vogelfrei", "H", "-o", tmp_path / "h.json", *hand())
    assert show(tmp_path / "h.json")["wounds"]["max"] == 11
    data["classes"]["Warrior"]["xp"] = [0, 5]
    (folder / "vogelfrei.json").write_text(json.dumps(data), encoding="utf-8")
    r = ok("xp", "3", "--json")
    assert "override ignored" in r.err and r.json()["enemies"] == 50


def test_import_with_less_xp_than_the_level_needs_is_refused(tmp_path):
    path = tmp_path / "w.json"
    result = cli("new", "vogelfrei", "W", "-o", path, "--set", "class=Warrior",
                 "--set", "career=Mercenary", "--set", "level=3", "--set", "xp=100",
                 "--set", "wounds=12", "--set", "stamina=8", "--seed", "1")
    assert result.code == 1 and "at least 4000 XP" in result.err
    assert not path.exists()


def test_xp_with_nothing_defeated_says_nothing_is_to_award():
    r = ok("xp")
    assert r.out.splitlines()[-1] == ("nothing to award: the enemies and the treasure come "
                                      "to 0 XP in all")
    r = ok("xp", "1", "--survivors", "40")             # 10 XP among 40: 0 each
    assert r.out.splitlines()[-1].endswith("0 XP for each survivor")
    assert "nothing" not in ok("xp", "1").out
    assert "share    10 each (1 survivor)" in ok("xp", "1").out.splitlines()
    assert "(40 survivors)" in r.out
