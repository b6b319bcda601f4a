"""The Vogelfrei possessions on the command line: alignment, Status and money at
creation, buy / gain / drop / money / wear / remove, and the new show keys."""
import json

import pytest

from tests.helpers import cli, file_bytes, ok

HAND = ["--set", "Strength=12", "--set", "Toughness=13", "--set", "Agility=14",
        "--set", "Intelligence=9", "--set", "Willpower=8", "--set", "Leadership=11",
        "--set", "wounds_roll=5", "--set", "stamina_roll=2"]


def new(tmp_path, *sets, cls="Warrior", career="Mercenary", name="x"):
    path = tmp_path / f"{name}.json"
    r = cli("new", "vogelfrei", name, "-o", path, "--set", f"class={cls}",
            "--set", f"career={career}", *HAND, *sets)
    return path, r


def show(path):
    return ok("show", path, "--json").json()


@pytest.fixture
def merc(tmp_path):
    path, r = new(tmp_path, "--set", "money=3gp", name="merc")
    assert r.code == 0, r.err
    return path


def test_new_rolls_money_by_status_and_shows_every_new_key(tmp_path):
    path, r = new(tmp_path)
    assert r.code == 0, r.err
    d = show(path)
    roll = d["money_roll"]
    assert roll["formula"] == "2d6x10 sp" and len(roll["dice"]) == 2
    assert d["money"]["bp"] == roll["total_bp"] == sum(roll["dice"]) * 120
    assert set(d["money"]) >= {"bp", "text"}
    assert d["alignment"] == "Neutrality" and d["status"] == "Silver"
    assert d["gear"] == [] and d["weapons"] == []
    assert d["ac"] == {"melee": 8 + 1 + 1, "ranged": 11 + 1}     # Agility 14, WS 1
    assert d["encumbrance"]["points"] == 0
    assert {k: d["encumbrance"][k] for k in ("level", "miles_per_day", "turn_ft", "combat_ft",
                                              "running_ft")} == {
        "level": "Unencumbered", "miles_per_day": 24, "turn_ft": 120, "combat_ft": 40,
        "running_ft": 120}
    assert (d["ws"], d["bs"]) == (1, 1)
    baseline = json.loads(path.read_text())["baseline"]
    assert baseline["money_dice"] == roll["dice"] and baseline["alignment"] == "Neutrality"


def test_a_seeded_character_rolls_money_last_and_repeatably(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ok("new", "vogelfrei", "A", "-o", a, "--seed", "5", "--set", "class=Warrior",
       "--set", "career=Knight")
    ok("new", "vogelfrei", "B", "-o", b, "--seed", "5", "--set", "class=Warrior",
       "--set", "career=Knight")
    assert json.loads(a.read_text())["baseline"] == json.loads(b.read_text())["baseline"]
    assert show(a)["money_roll"]["formula"] == "1d6 gp"


def test_alignment_refusals_and_choices(tmp_path):
    path, r = new(tmp_path, "--set", "alignment=Chaos", cls="Cleric", career="Priest")
    assert r.code == 1 and "divine powers" in r.err and not path.exists()
    path, r = new(tmp_path, cls="Magic-User", career="Wizard", name="mage")
    assert r.code == 0 and show(path)["alignment"] == "Chaos"
    path, r = new(tmp_path, "--set", "alignment=order", name="o")
    assert r.code == 0 and show(path)["alignment"] == "Order"
    path, r = new(tmp_path, "--set", "alignment=Evil", name="e")
    assert r.code == 2 and "Order" in r.err and len(r.err.strip().splitlines()) == 1


def test_a_blank_status_gives_no_money_unless_supplied(tmp_path):
    path, r = new(tmp_path, cls="Rogue", career="Thief")
    assert r.code == 0
    d = show(path)
    assert d["money"]["bp"] == 0 and d["money_roll"] is None and d["status"] == ""
    assert "Status unknown" in ok("show", path).out
    path, r = new(tmp_path, "--set", "status=Gold", cls="Rogue", career="Thief", name="g")
    d = show(path)
    assert d["status"] == "Gold" and d["money_roll"]["formula"] == "1d6 gp"
    path, r = new(tmp_path, "--set", "status=Gold", name="clash")
    assert r.code == 1 and "Status is Silver" in r.err


def test_imported_money(tmp_path):
    path, r = new(tmp_path, "--set", "money=1gp 20sp 4bp")
    d = show(path)
    assert d["money"] == {"bp": 844, "text": "1 gp 20 sp 4 bp",
                          "coins": {"gp": 1, "sp": 20, "bp": 4}}
    assert d["money_roll"] is None
    path, r = new(tmp_path, "--set", "money=12", name="bad")
    assert r.code == 2 and not path.exists()


def test_buy_wear_and_show(merc):
    r = ok("do", merc, "buy", "Torch", "--qty", "2")
    assert r.out.strip() == "Bought 2 Torch for 2 bp (city price)"
    ok("do", merc, "buy", "Wams")                    # City 15 sp, Rural 20 sp: 15 sp
    ok("do", merc, "buy", "shield")
    ok("do", merc, "wear", "wams")
    ok("do", merc, "wear", "Shield")
    ok("do", merc, "buy", "Weapon (Small)")
    d = show(merc)
    assert d["money"]["bp"] == 1800 - 2 - 180 - 180 - 120
    assert d["gear"][0] == {"item": "Torch", "qty": 2, "category": "Miscellaneous",
                            "worn": False, "encumbrance": "normal"}
    assert [g["worn"] for g in d["gear"]] == [False, True, True, False]
    assert d["gear"][2]["encumbrance"] == "oversize"
    assert d["ac"] == {"melee": 8 + 1 + 1 + 2 + 2, "ranged": 11 + 1 + 2 + 3}
    assert d["weapons"] == [{"item": "Weapon (Small)", "damage": "d6", "kind": "melee",
                             "requirement": "Untrained", "length": "2", "usable": True,
                             "improvised": False, "note": ""}]
    assert d["encumbrance"]["points"] == 1                        # the shield
    assert "Wams (worn)" in ok("show", merc).out


def test_refusals_leave_the_file_byte_identical(merc):
    ok("do", merc, "award-xp", "10", "--session", "1")
    before = file_bytes(merc)
    for words, text in ((["buy", "Half-armour"], "missing"),
                        (["buy", "Jack Chain", "--market", "rural"], "not sold at the Rural"),
                        (["buy", "Barn"], "not sold at the City"),
                        (["buy", "Rope of Climbing"], "did you mean"),
                        (["drop", "Torch"], "none held"),
                        (["wear", "Chain"], "buy or gain it first"),
                        (["spend-money", "4gp"], "missing"),
                        (["remove", "Shield"], "not worn")):
        r = cli("do", merc, *words)
        assert r.code == 1 and text in r.err, (words, r.err)
        assert file_bytes(merc) == before
    for words in (["buy"], ["buy", "Torch", "--qty", "0"], ["buy", "Torch", "--market", "x"],
                  ["gain-money", "ten"], ["gain-money", "0gp"], ["spend-money", "0bp"]):
        r = cli("do", merc, *words)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1, (words, r.err)
        assert file_bytes(merc) == before
        assert file_bytes(merc) == before


def test_prices_after_the_first_xp_award(merc):
    ok("do", merc, "buy", "Staff")                                # rural 3 sp
    assert show(merc)["money"]["bp"] == 1800 - 36
    ok("do", merc, "award-xp", "10", "--session", "1")
    ok("do", merc, "buy", "Staff")                                # city 5 sp
    assert show(merc)["money"]["bp"] == 1800 - 36 - 60
    ok("do", merc, "buy", "Staff", "--market", "rural")
    assert show(merc)["money"]["bp"] == 1800 - 36 - 60 - 36


def test_gain_drop_money_and_the_magic_user(tmp_path):
    path, _ = new(tmp_path, cls="Magic-User", career="Wizard")
    ok("do", path, "gain", "Wams")
    ok("do", path, "gain", "Bow, Short")
    ok("do", path, "gain-money", "1gp 20sp 4bp")
    assert ok("do", path, "spend-money", "7bp").out.strip() == "Spent 7 bp"
    before = file_bytes(path)
    r = cli("do", path, "wear", "Wams")
    assert r.code == 1 and "Magic-User" in r.err and file_bytes(path) == before
    d = show(path)
    assert d["money"]["bp"] == 837 and (d["ws"], d["bs"]) == (0, 0)
    assert d["weapons"][0]["usable"] is False
    ok("do", path, "drop", "Wams")
    assert [g["item"] for g in show(path)["gear"]] == ["Bow, Short"]


def test_options_list_wear_and_remove(merc):
    ok("do", merc, "buy", "Wams")
    r = ok("options", merc, "--json").json()
    assert any(o["kind"] == "wear" and o["name"] == "Wams" and o["allowed"] for o in r)
    assert ok("check", merc).code == 0


def test_the_new_fields_and_entries_match_the_file_format(merc, tmp_path):
    for words in (["buy", "Wams"], ["wear", "Wams"], ["gain", "Torch", "--qty", "2"],
                  ["drop", "Torch"], ["gain-money", "1sp"], ["spend-money", "1bp"],
                  ["remove", "Wams"]):
        ok("do", merc, *words)
    assert ok("check", merc).code == 0
    doc = json.loads(merc.read_text())
    doc["ledger"].append({"action": "gain", "item": "Torch", "qty": "two"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    r = cli("show", bad)
    assert r.code == 2 and "qty" in r.err and len(r.err.strip().splitlines()) == 1


def test_data_json_includes_the_equipment_tables():
    d = ok("data", "vogelfrei", "--json").json()
    names = {i["name"] for i in d["equipment"]["items"]}
    assert {"Torch", "Chain", "Book (Blank)", "Weapon (Great)"} <= names
    assert d["starting_money"]["Silver"] == {"dice": 2, "die": 6, "times": 10, "coin": "sp"}


def test_new_help_lists_every_set_key(capsys):
    """`new vogelfrei --help` names every key that --set accepts."""
    import re

    from builder.cli import run
    from builder.rulesets.vogelfrei.rules.ruleset import SET_KEYS
    with pytest.raises(SystemExit) as stop:
        run(["new", "vogelfrei", "--help"])
    assert stop.value.code == 0
    listed = capsys.readouterr().out.split("--set keys for vogelfrei:", 1)[1]
    assert "Strength" in listed
    for key in SET_KEYS:
        assert re.search(rf"\b{key}=", listed), key
