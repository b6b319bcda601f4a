"""The table's paths, with real mouse and keyboard under X: take an increase, drag a
rank from the Sheet page's tray and on the chain, plan and apply, undo; each checked in
the file the command line reads back."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.e2e.conftest import cli, make

FIGHTER = ["--set", "sp=60", "--set", "vital.Strength=8", "--set", "skill.Melee=8",
           "--set", "class.Fighter=2", "--set", "trait.Fighter.Parry=2",
           "--set", "vital.Agility=3"]


def ledger(path) -> list:
    return json.loads(path.read_text())["ledger"]


def test_a_rank_dragged_from_the_sheet_tray_lands_on_its_trait(start):
    path = make(start.home, "story-points", "Fighter", *FIGHTER)
    app = start(path)
    chip = next(k for k in app.map() if k.startswith("widget:Rank token: Fighter"))
    app.drag(chip, "row:classesView:Parry")
    app.wait(lambda: len(ledger(path)) == 1, "the rank dropped on Parry")
    entry = ledger(path)[0]
    assert (entry["action"], entry["trait"]) == ("raise-class", "Parry")


def test_enter_on_a_selected_trait_raises_its_class(start):
    path = make(start.home, "story-points", "Fighter", *FIGHTER)
    app = start(path)
    for n in (1, 2):
        app.click("row:classesView:Parry")
        app.keys("Return")
        app.wait(lambda: len(ledger(path)) == n, f"Enter number {n}")
    assert [e["trait"] for e in ledger(path)] == ["Parry", "Parry"]


def test_an_increase_taken_by_keyboard_and_undone_with_ctrl_z(start):
    path = make(start.home, "story-points", "Fighter", *FIGHTER)
    app = start(path)
    app.click("widget:optionsView")
    app.click("widget:Filter increases")
    app.type("Agility")
    app.keys("Down", "Return")
    app.wait(lambda: len(ledger(path)) == 1, "the increase taken")
    assert ledger(path)[0]["action"] == "raise-vital"
    app.click("widget:optionsView")
    app.keys("ctrl+z")
    app.wait(lambda: ledger(path) == [], "Ctrl+Z to take it back")


def test_a_rank_dragged_on_the_chain_page(start):
    path = make(start.home, "story-points", "Fighter", *FIGHTER)
    app = start(path)
    app.keys("ctrl+3")
    app.wait(lambda: "widget:chainPage" in app.map(), "the chain page")
    chip = next(k for k in app.map() if k.startswith("widget:Rank token: Fighter"))
    app.click(chip)                    # armed: the lit traits scroll into view
    app.wait(lambda: "item:trait:Fighter.Parry" in app.map(), "Parry in view")
    app.click(chip)                    # disarmed again, to drag it instead
    app.drag(chip, "item:trait:Fighter.Parry")
    app.wait(lambda: len(ledger(path)) == 1, "the rank dropped on the Parry node")
    assert ledger(path)[0]["trait"] == "Parry"


def test_a_pool_spend_undone_and_a_party_award_in_the_campaign_tab(start):
    nyra = make(start.home, "story-points", "Nyra", "--set", "sp=20",
                "--set", "vital.Agility=4", "--set", "skill.Acrobatics=3")
    oskar = make(start.home, "story-points", "Oskar", "--set", "sp=10",
                 "--set", "vital.Agility=2")
    camp = Path(cli(start.home, "campaign", "new", "Iron Coast", "--ruleset", "story-points",
                    "--member", str(nyra), "--member", str(oskar)).splitlines()[-1])
    app = start(camp)
    app.click("widget:startSession")
    app.wait(lambda: len(ledger_of(camp)) == 1, "the session started")
    app.click("widget:Who spends")
    app.keys("ctrl+a")
    app.type("Nyra")
    app.click("widget:Check id")
    app.type("3")
    spend = next(k for k in app.map() if k.startswith("widget:spend-fortune-upgrade"))
    app.click(spend)
    app.wait(lambda: len(ledger_of(camp)) == 2, "the spend")
    app.keys("ctrl+z")
    app.wait(lambda: len(ledger_of(camp)) == 1, "Ctrl+Z to take the spend back")
    # the party award: one Story Checkpoint written to every member's file
    app.click("widget:Party award…")
    app.wait(lambda: "widget:partyCheckpoint" in app.map(), "the Party award dialog")
    app.click("widget:partyMilestone")
    app.type("Iron Coast")
    app.click("widget:partyCheckpoint")
    app.type("Harbour taken")
    app.settle()
    app.wait(lambda: "Every member can take it" in app.map().get("text:partyAwardReasons", ""),
             "the dry run for every member")
    app.click("widget:partyAwardOk")
    app.wait(lambda: all(ledger(p) for p in (nyra, oskar)), "the award in both files")
    for member in (nyra, oskar):
        assert [(e["action"], e["milestone"], e["checkpoint"]) for e in ledger(member)] == \
            [("award-checkpoint", "Iron Coast", "Harbour taken")]


def ledger_of(path) -> list:
    return json.loads(Path(path).read_text())["ledger"]


def test_ability_bonuses_created_with_chips_by_drag_and_by_keys(start):
    app = start()
    app.keys("ctrl+n")
    app.wait(lambda: "row:rulesetList:Ability Bonuses" in app.map(), "the New Character dialog")
    app.click("row:rulesetList:Ability Bonuses")
    app.wait(lambda: "widget:slot_MIG" in app.map(), "the chips form")
    app.click("widget:nameEdit")
    app.type("Ada")
    app.drag("widget:chip_3", "widget:slot_MIG")           # a chip by the mouse
    app.wait(lambda: "widget:chip_on_MIG" in app.map(), "+3 on MIG")
    app.click("widget:slot_DEX")                           # the rest by the keyboard
    app.keys("2", "1", "0")
    app.wait(lambda: "widget:chip_on_FOC" in app.map(), "every chip placed")
    app.click("widget:createButton")
    files = lambda: list((start.home / "data" / "characters").glob("*.json"))  # noqa: E731
    app.wait(lambda: len(files()) == 1, "the character written")
    written = json.loads(files()[0].read_text())
    assert written["name"] == "Ada"
    assert written["baseline"]["abilities"] == {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}


GRETA = ["--set", "class=Warrior", "--set", "career=Mercenary", "--set", "Strength=12",
         "--set", "Toughness=13", "--set", "Agility=10", "--set", "Intelligence=9",
         "--set", "Willpower=8", "--set", "Leadership=11", "--set", "wounds_roll=5",
         "--set", "stamina_roll=3", "--set", "money=2gp"]


def test_vogelfrei_award_level_up_and_a_purchase(start):
    path = make(start.home, "vogelfrei", "Greta", *GRETA)
    app = start(path)
    app.keys("ctrl+shift+a")
    app.wait(lambda: "widget:xpAmount" in app.map(), "the Award XP dialog")
    app.click("widget:xpAmount")
    app.keys("ctrl+a")
    app.type("2000")                            # the Warrior table's level 2
    app.click("widget:sessionEdit")
    app.type("1")
    app.keys("Return")
    app.wait(lambda: any(e["action"] == "award-xp" for e in ledger(path)), "the award")
    app.wait(lambda: "widget:awardXpDialog" not in app.map(), "the dialog closed")
    app.focus()
    # the level the award opened, taken from the "Level and career changes" page by
    # Enter on its row: the session offered, the Stamina die typed
    app.keys("ctrl+3")

    def level_row() -> str:
        return next((key for key in app.map() if key.startswith("row:optionsView:")
                     and "Warrior Mercenary → 2" in key), "")

    app.wait(level_row, "the level-up among the changes")
    app.click(level_row())
    app.keys("Return")
    app.wait(lambda: app.map().get("focus") == "sessionEdit", "the Level up dialog")
    app.click("widget:staminaRoll")
    app.keys("ctrl+a")
    app.type("4")
    app.wait(lambda: "Stamina +4" in app.map().get("text:reasonsLabel", ""), "the roll taken")
    app.keys("Return")
    app.wait(lambda: ledger(path)[-1]["action"] == "level-up", "the level gained")
    assert (ledger(path)[-1]["session"], ledger(path)[-1]["roll"]) == ("1", 4)
    shown = json.loads(cli(start.home, "show", str(path), "--json"))
    assert shown["level"] == 2
    app.wait(lambda: "widget:levelUpDialog" not in app.map(), "the dialog closed")
    app.focus()
    app.keys("ctrl+5")                          # Possessions, the focus in it
    app.wait(lambda: "widget:shopSearch" in app.map(), "the Possessions page")
    app.click("widget:shopSearch")
    app.type("wams")
    app.keys("Down", "Return")                  # the first match, bought
    app.wait(lambda: ledger(path)[-1]["action"] == "buy", "the purchase")
    assert "wams" in json.dumps(ledger(path)[-1]).lower()


def test_a_plan_applied_on_the_chain(start):
    path = make(start.home, "story-points", "Fighter", *FIGHTER)
    app = start(path)
    app.keys("ctrl+3")
    app.wait(lambda: "item:vital:Agility" in app.map(), "the chain page")
    app.click("item:vital:Agility")
    app.click("widget:Plan target level")
    app.keys("Up")                              # to 5: two steps from 3
    app.click("widget:Apply affordable steps")
    app.wait(lambda: len(ledger(path)) == 2, "the plan's two steps")
    assert [(e["action"], e["target"]) for e in ledger(path)] == \
        [("raise-vital", 4), ("raise-vital", 5)]


def test_export_a_sheet_to_pdf_from_the_keyboard(start):
    path = make(start.home, "story-points", "Fighter", *FIGHTER)
    app = start(path)
    app.keys("ctrl+e")
    app.wait(lambda: app.map().get("focus") == "fileNameEdit", "the Export PDF file dialog")
    app.keys("Return")                          # the offered name, in the last folder
    pdfs = lambda: list(start.home.rglob("*.pdf"))  # noqa: E731
    app.wait(lambda: len(pdfs()) == 1, "the PDF written", timeout=60)
    assert pdfs()[0].read_bytes().startswith(b"%PDF")
    assert pdfs()[0].stem == "Fighter"


def test_a_story_points_character_created_in_the_wizard_and_advanced(start):
    app = start()
    app.keys("ctrl+n")
    app.wait(lambda: "row:rulesetList:Story Point development" in app.map(), "the dialog")
    app.click("row:rulesetList:Story Point development")
    app.wait(lambda: "widget:sp" in app.map(), "the story-points form")
    app.click("widget:nameEdit")
    app.type("Senna")
    app.click("widget:sp")
    app.keys("ctrl+a")
    app.type("12")
    app.click("widget:vital.Cognition")
    app.keys("ctrl+a")
    app.type("3")
    app.click("widget:createButton")
    files = lambda: list((start.home / "data" / "characters").glob("*.json"))  # noqa: E731
    app.wait(lambda: len(files()) == 1, "the character written")
    written = json.loads(files()[0].read_text())
    assert written["name"] == "Senna"
    assert written["baseline"]["vitals"]["Cognition"] == 3
    # and advanced at once, by keyboard, in the tab it opened in
    app.click("widget:Filter increases")
    app.type("Skill: Medicine")
    app.keys("Down", "Return")
    app.wait(lambda: len(json.loads(files()[0].read_text())["ledger"]) == 1, "an increase")
    # the data folder was made after the start: a sync engine's conflict copy arriving
    # in it is taken in all the same
    copy = files()[0].with_name("Senna.sync-conflict-20261202-120000-ABCDEFG.json")
    shutil.copy(files()[0], copy)
    app.wait(lambda: not copy.exists(), "the conflict copy taken in")
    assert [path.name for path in files()] == ["Senna.json"]


def test_a_vogelfrei_character_rolled_in_the_wizard_gets_its_status_and_money(start):
    app = start()
    app.keys("ctrl+n")
    app.wait(lambda: "row:rulesetList:Vogelfrei" in app.map(), "the dialog")
    app.click("row:rulesetList:Vogelfrei")
    app.wait(lambda: "widget:rollAll" in app.map(), "the Vogelfrei form")
    app.click("widget:nameEdit")
    app.type("Hans")
    app.click("widget:rollAll")
    app.settle()
    if "the Status" in app.map().get("reasons", "") or \
            "widget:statusCombo" in app.map():  # a career without a Status: asked, in view
        assert app.map()["focus"] == "statusCombo"
        app.keys("Down")                        # the first Status, by keyboard
        app.settle()
        app.click("widget:rollMoney")
    app.click("widget:createButton")
    files = lambda: list((start.home / "data" / "characters").glob("*.json"))  # noqa: E731
    app.wait(lambda: len(files()) == 1, "the character written")
    baseline = json.loads(files()[0].read_text())["baseline"]
    assert baseline.get("money_dice"), "never silently without money"


def test_a_campaign_party_xp_award_writes_what_its_preview_said(start):
    greta = make(start.home, "vogelfrei", "Greta", *GRETA)
    hans = make(start.home, "vogelfrei", "Hans", *GRETA)
    for path, xp, session in ((greta, 1900, "1"), (greta, 10, "3"), (hans, 100, "3")):
        cli(start.home, "do", str(path), "award-xp", str(xp), "--session", session)
    camp = Path(cli(start.home, "campaign", "new", "Raid", "--ruleset", "vogelfrei",
                    "--member", str(greta), "--member", str(hans)).splitlines()[-1])
    before = {p: ledger(p) for p in (greta, hans)}
    app = start(camp)
    app.click("widget:XP award…")
    app.wait(lambda: "widget:treasureEdit" in app.map(), "the Party XP dialog")
    app.click("widget:treasureEdit")
    app.type("3000")
    app.click("widget:enemiesEdit")
    app.type("3 L2")

    def preview() -> dict:
        shown = app.map()
        return {name: shown.get(f"cells:participantsTable:{name}", [])
                for name in ("Greta", "Hans")}

    app.settle()                                # every key typed has been read
    app.wait(lambda: "Ready" in app.map().get("text:reasonsLabel", "")
             and "Enemies:" in app.map().get("text:xpSummary", "")
             and all(cells[-1] for cells in preview().values()), "the preview")
    said = preview()
    app.click("widget:okButton")
    app.wait(lambda: all(len(ledger(p)) == len(before[p]) + 1 for p in before), "the award")
    for name, path in (("Greta", greta), ("Hans", hans)):
        entry = ledger(path)[-1]
        assert entry["action"] == "award-xp"
        assert entry["session"] == "4", "the session after the members' latest"
        share, kept = said[name][2], said[name][3]
        assert share == f"{entry['xp']} XP", (name, said[name], entry)
        assert kept.startswith(f"{entry['gained']} XP"), (name, said[name], entry)
        if entry["lost"]:
            assert f"({entry['lost']} lost to the session cap)" in kept


def test_file_events_a_deleted_file_saved_again_a_moved_one_closed_a_bad_import(start):
    made = make(start.home, "story-points", "Fighter", *FIGHTER)
    table = start.home / "table"                # outside the library: the library's own
    table.mkdir()                               # sync intake has nothing to say here
    path = table / made.name
    made.rename(path)
    app = start(path)
    app.where("row:classesView:Parry")
    kept = path.read_bytes()
    path.unlink()                               # another program deletes it
    app.wait(lambda: "is gone" in app.map().get("text:missingBar", ""), "the missing bar")
    assert str(path) in app.map()["text:missingBar"]
    app.click("widget:Save again here")
    app.wait(path.exists, "the file written again")
    assert path.read_bytes() == kept
    app.wait(lambda: "widget:missingBar" not in app.map(), "the bar gone")
    app.click("row:classesView:Parry")
    app.keys("Return")
    app.wait(lambda: len(ledger(path)) == 1, "an increase in the file written again")
    path.rename(path.with_name("Elsewhere.json"))   # moved away by a sync engine
    app.wait(lambda: "is gone" in app.map().get("text:missingBar", ""), "the bar again")
    app.click("widget:Close")
    app.wait(lambda: "widget:classesView" not in app.map(), "the tab closed")
    assert not path.exists()
    # an import that fails stays said, on the Library, naming the file and why
    broken = start.home / "broken.json"
    broken.write_text("{ not json")
    app.focus()
    app.keys("ctrl+i")
    app.wait(lambda: app.map().get("focus") == "fileNameEdit", "the Import dialog")
    app.type(str(broken))
    app.keys("Return")
    app.wait(lambda: "broken.json" in app.map().get("text:noticeBar", ""), "the notice")
    assert "Nothing was imported" in app.map()["text:noticeBar"]


def test_files_dragged_from_another_program_a_character_imported_a_campaign_opened(start):
    elsewhere = start.home / "from-a-friend"
    elsewhere.mkdir()
    made = make(start.home, "story-points", "Nyra", "--set", "sp=20", "--set", "vital.Agility=4")
    character = elsewhere / "Nyra.json"
    character.write_bytes(made.read_bytes())
    made.unlink()                               # only the friend's copy remains
    camp = Path(cli(start.home, "campaign", "new", "Iron Coast", "--ruleset", "story-points",
                    "--member", str(character)).splitlines()[-1])
    app = start()
    imported = start.home / "data" / "characters" / "Nyra.json"
    app.drag_files([character, camp], "widget:tabs",
                   lambda: imported.exists() and "widget:campaignView" in app.map(),
                   "the character imported and the campaign's tab")
    assert json.loads(imported.read_text())["name"] == "Nyra"
    assert character.exists()                   # copied, not moved
