"""Story Points' data for the shared tests, which read it by the rule system's id
(``tests.rule_systems.sample("story-points", NAME)``): a plain module of constants, no
Qt.  Every built-in rule system's tests folder has one, with the same names; what each
is for: docs/dev/adding-a-rule-system.md."""
from __future__ import annotations

# -- a base character: tests/core/test_schema_fast_path.py, tests/core/test_fuzz.py and
#    the fuzz campaign (tests/fuzzing.py) ----------------------------------------------
#: ``new``'s arguments besides ``--seed 3`` (a new character has no SP to spend).
BASE_ARGS = ["--set", "sp=20"]
#: The action the base character takes before its file is validated.
SCHEMA_ACTION = ["raise-vital", "Strength"]
#: The actions the base character takes before it is mutated.
FUZZ_STEPS = [["raise-vital", "Strength"], ["raise-skill", "Melee"]]
#: The action tried on each mutated file (whatever the file holds).
FUZZ_ACTION = ("do", "raise-skill", "Melee")
#: The plan tried on each mutated file in the fuzz campaign.
FUZZ_PLAN = ("plan", "skill:Melee=1")
#: The fuzz campaign's base character: ``new``'s ``--set`` pairs, the actions it takes.
FUZZ_BASE = (["sp=20"], [["raise-vital", "Strength"], ["award-checkpoint", "M", "a"]])

# -- tests/core/test_state_machines.py -------------------------------------------------
#: ``new``'s arguments for the machine's character.
MACHINE_NEW = ["--set", "sp=12"]
#: The words the machine tries, legal and illegal ones.
MACHINE_WORDS = [
    ["raise-vital", "Strength"], ["raise-vital", "Agility"], ["raise-skill", "Melee"],
    ["raise-skill", "Athletics"], ["raise-class", "Fighter", "--trait", "Parry"],
    ["enter-class", "Ranger", "--trait", "Trailblazer", "--scene", "woods"],
    ["use-trait", "Fighter", "Parry"], ["rest"], ["award-checkpoint", "M", "C1"],
    ["award-checkpoint", "M", "C1"], ["resolve-milestone", "M"], ["set-active", "no"],
    ["raise-vital", "Nope"], ["raise-skill", "Melee", "--exchange"], ["fly"]]

# -- tests/core/test_growth.py ---------------------------------------------------------
#: The baseline's (key, value) pairs.
GROWTH_SETS = [("sp", "0")]


def growth_cycle(i: int) -> list[list[str]]:
    """The words of the ``i``-th round of a growing ledger."""
    return [["award-checkpoint", f"M{i}", "a"], ["award-checkpoint", f"M{i}", "b"],
            ["resolve-milestone", f"M{i}"], ["rest"]]


# -- tests/core/test_baseline_typos.py -------------------------------------------------
#: A rich baseline's (key, value) pairs, each place of which is then changed.
RICH_BASELINE = [("sp", "5"), ("vital.Cognition", "3"), ("skill.Medicine", "2"),
                 ("skill.Melee", "1"), ("class.Cleric", "2"),
                 ("trait.Cleric.Restoring Grace", "1"), ("trait.Cleric.Zeal", "1"),
                 ("spell.Cleric", "Mend Wounds"), ("spell.Cleric", "Bless"),
                 ("class.Fighter", "1"), ("trait.Fighter.Parry", "1"), ("vit", "2"),
                 ("wounded", "1")]

# -- tests/core/test_action_kinds.py ---------------------------------------------------
#: A walk of every verb: None, Story Points walks its verbs from a baseline of its own
#: (SP_WORDS in tests/rulesets/story_points/core/test_story_points_action_kinds.py).
WALK = None

# -- tests/ui/test_folder_as_plugin.py -------------------------------------------------
#: (``new``'s arguments, an action, an override change (key, value), what the copy's
#: schema says of it, naming the path of the bad value).
PLUGIN_COPY = (["--set", "sp=16", "--set", "vital.Cognition=3"], ["raise-vital", "Cognition"],
               ("costs", {"skill_per_level": -1}), "costs/skill_per_level: -1 is less")


# -- tests/ui/test_refused_files_window.py ---------------------------------------------
def _spell_its_class_lacks(doc: dict) -> None:
    doc["baseline"]["classes"]["Fighter"]["spells"] = ["Mend Wound"]


#: (``new``'s arguments, what breaks the new file so that ``check`` refuses it).
REFUSED = (["--set", "class.Fighter=1", "--set", "trait.Fighter.Parry=1"],
           _spell_its_class_lacks)

# -- sample characters: tests/sheet_samples.py (the sheet tests, benchmarks, pictures) --
SENNA = [
    ["new", "story-points", "Senna Vail", "--set", "sp=30", "--set", "vital.Cognition=3",
     "--set", "vital.Strength=2", "--set", "vital.Agility=3", "--set", "vital.Presence=2",
     "--set", "skill.Medicine=3", "--set", "skill.Acrobatics=2", "--set", "skill.Influence=1",
     "--set", "class.Cleric=3", "--set", "trait.Cleric.Restoring Grace=3",
     "--set", "vit=3", "--set", "wounded=1"],
    ["do", "raise-vital", "Cognition"],
    ["do", "raise-skill", "Medicine"],
    ["do", "raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Mend Wounds"],
    ["do", "award-checkpoint", "The Drowned Bell", "found the crypt"],
    ["do", "use-trait", "Cleric", "Restoring Grace"],
]

GRAYNOR = [
    ["new", "story-points", "Graynor Ashdown", "--set", "sp=12", "--set", "vital.Strength=3",
     "--set", "vital.Endurance=2", "--set", "vital.Agility=2", "--set", "skill.Melee=3",
     "--set", "skill.Athletics=2", "--set", "class.Fighter=1", "--set", "trait.Fighter.Parry=1",
     "--set", "vit=2", "--set", "wounded=0"],
    ["do", "raise-class", "Fighter", "--trait", "Parry"],
    ["do", "raise-class", "Fighter", "--trait", "Breach"],
    ["do", "award-checkpoint", "Siege of Harrowgate", "held the gate"],
    ["do", "resolve-milestone", "Siege of Harrowgate"],
]

#: The played sample characters (each a script: ``new``, then ``do``s).
PLAYED = (SENNA, GRAYNOR)
#: A character as ``new`` makes it (nothing played yet).
FRESH = ["new", "story-points", "Fresh Story"]
#: The pages of each sample character's full sheet (by file stem), on A4 and Letter.
SHEET_PAGES = {"senna": 1, "graynor": 1, "fresh-story": 1}


def derived(ledger_entries: int = 6) -> dict:
    """A hand-written derived state (the ``show --json`` shape, ``CharacterFile.derived()``)
    with ``ledger_entries`` entries."""
    state = {
        "ruleset": "story-points",
        "name": "Mira Thornwood",
        "sp": {"unspent": 7, "earned": 42, "spent": 35},
        "active": True,
        "vitals": {"Strength": 3, "Agility": 4, "Cognition": 5, "Presence": 2},
        "vitals_total": 14,
        "skills": {
            "Athletics": {"level": 2, "linked_vital": "Strength"},
            "Stealth": {"level": 3, "linked_vital": "Agility"},
            "Medicine": {"level": 4, "linked_vital": "Cognition"},
            "Occult": {"level": 1, "linked_vital": "Cognition"},
            "Influence": {"level": 6, "linked_vital": "Presence"},
        },
        "classes": {
            "Herbalist": {
                "level": 3,
                "core_skills": ["Medicine", "Occult"],
                "casts_spells": True,
                "traits": {
                    "Poultice": {"rank": 2, "uses_left": 1, "uses_spent": 1, "path": "Healer",
                                 "path_skill": "Medicine", "usable": True},
                    "Bitter Draught": {"rank": 1, "uses_left": 1, "uses_spent": 0,
                                       "path": "Poisoner", "path_skill": "Occult",
                                       "usable": True},
                },
                "spells": ["Mend Flesh", "Still Fever"],
                "unusable_spells": [],
            },
            "Scout": {
                "level": 2,
                "core_skills": ["Stealth", "Athletics"],
                "casts_spells": False,
                "traits": {
                    "Silent Step": {"rank": 1, "uses_left": 1, "uses_spent": 0,
                                    "path": "Shadow", "path_skill": "Stealth", "usable": True},
                    "Keen Eye": {"rank": 1, "uses_left": 1, "uses_spent": 0, "path": "Watcher",
                                 "path_skill": "Observation", "usable": False},
                },
                "spells": [],
                "unusable_spells": [],
            },
        },
        "vit": {"current": 5, "max": 7},
        "dice": {"ready": 4, "wounded": 3, "body": 7},
        "milestones": {"The Drowned Bell": {"checkpoints": ["found the crypt"],
                                            "resolved": False}},
        "ledger": [],
        "notes": "Owes the ferryman of Duskwater two silver.\nAfraid of deep water.",
        "problems": [],
    }
    sp_after = 42
    for n in range(1, ledger_entries + 1):
        cost = (n % 5) + 1
        sp_after -= cost
        state["ledger"].append({"n": n, "action": "raise-skill",
                                "text": f"Entry{n:03d} raised by one rank",
                                "at": "2026-11-30T05:00:00+00:00",
                                "cost": cost, "balance_after": sp_after, "sp_after": sp_after})
    return state
