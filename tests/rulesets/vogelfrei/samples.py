"""Vogelfrei's data for the shared tests, which read it by the rule system's id
(``tests.rule_systems.sample("vogelfrei", NAME)``): a plain module of constants, no Qt.
Every built-in rule system's tests folder has one, with the same names; what each is
for: docs/dev/adding-a-rule-system.md."""
from __future__ import annotations

# -- a base character: tests/core/test_schema_fast_path.py, tests/core/test_fuzz.py and
#    the fuzz campaign (tests/fuzzing.py) ----------------------------------------------
#: ``new``'s arguments besides ``--seed 3``.
BASE_ARGS = []
#: The action the base character takes before its file is validated.
SCHEMA_ACTION = ["award-xp", "50", "--session", "1"]
#: The actions the base character takes before it is mutated.
FUZZ_STEPS = [["award-xp", "50", "--session", "1"], ["damage-stamina", "1"]]
#: The action tried on each mutated file (whatever the file holds).
FUZZ_ACTION = ("do", "award-xp", "100", "--session", "9")
#: The plan tried on each mutated file in the fuzz campaign.
FUZZ_PLAN = ("plan", "skill:Melee=1")
#: The fuzz campaign's base character: ``new``'s ``--set`` pairs, the actions it takes.
FUZZ_BASE = (["class=Warrior", "career=Mercenary"],
             [["award-xp", "50", "--session", "1"], ["gain-money", "3bp"]])

# -- tests/core/test_state_machines.py -------------------------------------------------
#: ``new``'s arguments for the machine's character.
MACHINE_NEW = ["--seed", "5"]
#: The words the machine tries, legal and illegal ones.
MACHINE_WORDS = [
    ["award-xp", "500", "--session", "1"], ["award-xp", "5000", "--session", "2"],
    ["level-up", "--session", "2"], ["damage-stamina", "1"], ["heal-stamina", "1"],
    ["damage-wounds", "2"], ["heal-wounds", "9"], ["award-xp", "-5", "--session", "1"],
    ["level-up", "--session", ""], ["gain-money", "5gp"], ["spend-money", "999gp"],
    ["gain", "Rope"], ["drop", "Rope"]]

# -- tests/core/test_growth.py ---------------------------------------------------------
#: The baseline's (key, value) pairs.
GROWTH_SETS = [("class", "Warrior"), ("career", "Mercenary")]


def growth_cycle(i: int) -> list[list[str]]:
    """The words of the ``i``-th round of a growing ledger."""
    return [["award-xp", "40", "--session", f"S{i}"], ["gain-money", "3bp"],
            ["damage-stamina", "1"], ["heal-stamina", "1"]]


# -- tests/core/test_baseline_typos.py -------------------------------------------------
#: A rich baseline's (key, value) pairs, each place of which is then changed.
RICH_BASELINE = [("class", "Cleric")]

# -- tests/core/test_action_kinds.py ---------------------------------------------------
#: A walk of every verb: the snapshot character it starts from
#: (tests/core/cli_snapshots/characters) and words that take each verb in turn.
WALK = ("vf-busy.json", [
    ["award-xp", "3000", "--session", "s1"], ["level-up", "--session", "s1"],
    ["award-xp", "9000", "--session", "s3"],
    ["change-career", "Warrior", "Soldier", "--session", "s3"],
    ["gain-money", "50gp"], ["buy", "Dart", "--qty", "2"], ["drop", "Dart"],
    ["spend-money", "1gp 2sp"], ["gain", "Shield"], ["wear", "Shield"],
    ["remove", "Shield"], ["damage-wounds", "3"], ["heal-wounds", "1"],
    ["damage-stamina", "2"], ["heal-stamina", "9"]])

# -- tests/ui/test_folder_as_plugin.py -------------------------------------------------
#: (``new``'s arguments, an action, an override change (key, value), what the copy's
#: schema says of it, naming the path of the bad value).
PLUGIN_COPY = (["--seed", "7"], ["award-xp", "100", "--session", "1"],
               ("max_level", 0), "max_level: 0 is less than the minimum of 1")


# -- tests/ui/test_refused_files_window.py ---------------------------------------------
def _unknown_career(doc: dict) -> None:
    doc["baseline"]["career"] = "Astronaut"


#: (``new``'s arguments, what breaks the new file so that ``check`` refuses it).
REFUSED = (["--set", "class=Warrior", "--set", "career=Mercenary"], _unknown_career)

# -- sample characters: tests/sheet_samples.py (the sheet tests, benchmarks, pictures) --
GRETA = [
    ["new", "vogelfrei", "Greta Hollerin", "--set", "class=Warrior", "--set", "career=Mercenary",
     "--set", "Strength=12", "--set", "Toughness=13", "--set", "Agility=10",
     "--set", "Intelligence=9", "--set", "Willpower=8", "--set", "Leadership=11",
     "--set", "wounds_roll=5", "--set", "stamina_roll=3"],
    ["do", "award-xp", "2100", "--session", "1"],
    ["do", "level-up", "--session", "1", "--roll", "4"],
    ["do", "damage-stamina", "2"],
]

#: A fresh Vogelfrei character that has bought its starting gear (nothing played yet).
KASPAR = [
    ["new", "vogelfrei", "Kaspar Neu", "--seed", "3", "--set", "status=Silver"],
    ["do", "buy", "Wams"], ["do", "buy", "Backpack"], ["do", "buy", "Rope, 50'"],
    ["do", "buy", "Torch"], ["do", "buy", "Bedroll"], ["do", "buy", "Waterskin"],
    ["do", "buy", "Weapon (Minor)"], ["do", "buy", "--qty", "3", "Rations (Standard/Day)"],
    ["do", "wear", "Wams"],
]

#: The played sample characters (each a script: ``new``, then ``do``s).
PLAYED = (GRETA, KASPAR)
#: A character as ``new`` makes it (nothing played yet).
FRESH = ["new", "vogelfrei", "Fresh Vogelfrei", "--seed", "3"]
#: The pages of each sample character's full sheet (by file stem), on A4 and Letter.
SHEET_PAGES = {"greta": 2, "kaspar": 2, "fresh-vogelfrei": 2}
