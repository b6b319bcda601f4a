"""Ability Bonuses' data for the shared tests, which read it by the rule system's id
(``tests.rule_systems.sample("ability-bonuses", NAME)``): a plain module of constants,
no Qt.  Every built-in rule system's tests folder has one, with the same names; what
each is for: docs/dev/adding-a-rule-system.md."""
from __future__ import annotations

# -- a base character: tests/core/test_schema_fast_path.py, tests/core/test_fuzz.py and
#    the fuzz campaign (tests/fuzzing.py) ----------------------------------------------
#: ``new``'s arguments besides ``--seed 3``.
BASE_ARGS = []
#: The action the base character takes before its file is validated.
SCHEMA_ACTION = ["set-age", "mature"]
#: The actions the base character takes before it is mutated.
FUZZ_STEPS = [["modify", "DEX", "+1", "--name", "Haste"], ["set-age", "mature"]]
#: The action tried on each mutated file (whatever the file holds).
FUZZ_ACTION = ("do", "modify", "MIG", "+1", "--name", "Fuzz")
#: The plan tried on each mutated file in the fuzz campaign.
FUZZ_PLAN = ("plan", "skill:Melee=1")
#: The fuzz campaign's base character: ``new``'s ``--set`` pairs, the actions it takes.
FUZZ_BASE = ([], [["set-age", "mature"], ["modify", "MIG", "1", "--name", "E"]])

# -- tests/core/test_state_machines.py -------------------------------------------------
#: ``new``'s arguments for the machine's character.
MACHINE_NEW = ["--seed", "5"]
#: The words the machine tries, legal and illegal ones.
MACHINE_WORDS = [
    ["modify", "DEX", "+1", "--name", "Haste"], ["modify", "MIG", "-2", "--name", "Curse"],
    ["unmodify", "--name", "Haste"], ["unmodify", "--name", "Nothing"],
    ["set-age", "mature"], ["set-age", "off"], ["set-age", "ancient"],
    ["modify", "XYZ", "+1", "--name", "x"], ["modify", "DEX", "lots", "--name", "y"]]

# -- tests/core/test_growth.py ---------------------------------------------------------
#: The baseline's (key, value) pairs.
GROWTH_SETS = []


def growth_cycle(i: int) -> list[list[str]]:
    """The words of the ``i``-th round of a growing ledger."""
    return [["modify", "MIG", "1", "--name", f"E{i}"], ["set-age", ["young", "mature"][i % 2]]]


# -- tests/core/test_baseline_typos.py -------------------------------------------------
#: A rich baseline's (key, value) pairs, each place of which is then changed.
RICH_BASELINE = [("age", "mature")]

# -- tests/core/test_action_kinds.py ---------------------------------------------------
#: A walk of every verb: the snapshot character it starts from
#: (tests/core/cli_snapshots/characters) and words that take each verb in turn.
WALK = ("ab-busy.json", [
    ["modify", "MIG", "1", "--name", "Bless"], ["unmodify", "--name", "bless"],
    ["set-age", "old"]])

# -- tests/ui/test_folder_as_plugin.py -------------------------------------------------
#: (``new``'s arguments, an action, an override change (key, value), what the copy's
#: schema says of it, naming the path of the bad value).
PLUGIN_COPY = (["--random", "--seed", "7"], ["modify", "mig", "2", "--name", "Giant Strength"],
               ("effect_dc_base", -3), "effect_dc_base: -3 is less than the minimum")


# -- tests/ui/test_refused_files_window.py ---------------------------------------------
def _score_out_of_range(doc: dict) -> None:
    doc["baseline"]["abilities"]["MIG"] = 99


#: (``new``'s arguments, what breaks the new file so that ``check`` refuses it).
REFUSED = ([], _score_out_of_range)

# -- sample characters: tests/sheet_samples.py (the sheet tests, benchmarks, pictures) --
BOB = [
    ["new", "ability-bonuses", "Bob Vell", "--random", "--seed", "7", "--set", "age=roll"],
    ["do", "modify", "MIG", "2", "--name", "Giant Strength"],
]

#: The played sample characters (each a script: ``new``, then ``do``s).
PLAYED = (BOB,)
#: A character as ``new`` makes it (nothing played yet).
FRESH = ["new", "ability-bonuses", "Fresh Bonuses", "--random", "--seed", "3"]
#: The pages of each sample character's full sheet (by file stem), on A4 and Letter.
SHEET_PAGES = {"bob": 1, "fresh-bonuses": 1}


def derived() -> dict:
    """The ``show --json`` shape of a character (the Abilities Card), written by hand."""
    return {
        "ruleset": "ability-bonuses", "name": "Tamsin Reed",
        "abilities": {"MIG": 3, "DEX": 1, "CHA": 0, "FOC": 2, "SKL": 1, "SPD": 0},
        "skilled": {"MIG": 4, "DEX": 2, "CHA": 1, "FOC": 3, "SPD": 1},
        "body_def": 4, "mind_def": 2, "martial_dc": 14, "spell_dc": 13,
        "age": "adult",
        "age_category": {"id": "adult", "name": "Adult", "approximate_age": "20-39",
                         "modifiers": {"SPD": 0}},
        "aging": True, "method": "random",
        "allocation": {"MIG": 3, "DEX": 1, "CHA": 0, "FOC": 2},
        "base": {"MIG": 3, "DEX": 1, "CHA": 0, "FOC": 2},
        "rolls": [1, 4, 2], "roll_abilities": ["MIG", "FOC", "DEX"], "age_roll": 3,
        "modifiers": [{"name": "Blessing of the Grove", "ability": "FOC", "value": 1}],
        "ledger": [{"n": 1, "action": "add-modifier", "text": "Blessing of the Grove FOC +1",
                    "at": "2026-11-30T05:00:00+00:00", "cost": 0, "balance_after": None}],
        "notes": "Carries her mother's compass.",
        "problems": [],
    }
