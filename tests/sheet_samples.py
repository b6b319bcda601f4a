"""Characters for the sheet tests, the sheet benchmark and the README picture.

``story_points()`` is a hand-written derived state (the ``show --json`` shape,
``CharacterFile.derived()``); ``make_story_points_files()`` makes real
character files through the CLI.
"""
from __future__ import annotations

from pathlib import Path


def story_points(ledger_entries: int = 6) -> dict:
    derived = {
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
        derived["ledger"].append({"n": n, "action": "raise-skill",
                                  "text": f"Entry{n:03d} raised by one rank",
                                  "at": "2026-11-30T05:00:00+00:00",
                                  "cost": cost, "balance_after": sp_after, "sp_after": sp_after})
    return derived


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

BOB = [
    ["new", "ability-bonuses", "Bob Vell", "--random", "--seed", "7", "--set", "age=roll"],
    ["do", "modify", "MIG", "2", "--name", "Giant Strength"],
]


def make_ability_bonuses_file(folder: Path) -> Path:
    return make_files(folder, (BOB,))[0]


def make_story_points_files(folder: Path) -> list[Path]:
    """Real story-points characters made with the CLI (as a player would)."""
    return make_files(folder, (SENNA, GRAYNOR))


def make_vogelfrei_file(folder: Path) -> Path:
    return make_files(folder, (GRETA,))[0]


def make_files(folder: Path, scripts) -> list[Path]:
    """Each script's commands run through the CLI in ``folder``; a file per script.

    The commands give the same bytes every time but for the clock (the file says when
    it was made), so within one process the first run's bytes are written again for
    the same scripts instead of running them again (a tenth of a second per call, about
    thirty calls in the suite).  Not when the data folder holds a homebrew override
    (the rules, hence the files, may differ) or when a file is already there (the
    commands would refuse): those run the commands."""
    key = _made_key(folder, scripts)
    if key is not None and key in _MADE:
        paths = []
        for name, data in _MADE[key]:
            path = Path(folder) / name
            path.write_bytes(data)
            paths.append(path)
        return paths
    paths = _run_scripts(folder, scripts)
    if key is not None:
        _MADE[key] = [(path.name, path.read_bytes()) for path in paths]
    return paths


_MADE: dict[tuple, list[tuple[str, bytes]]] = {}


def _made_key(folder: Path, scripts) -> tuple | None:
    from builder.storage.paths import overrides_dir

    overrides = overrides_dir()
    if not Path(folder).is_dir() or (overrides.is_dir() and any(overrides.iterdir())):
        return None
    key = tuple(tuple(tuple(words) for words in script) for script in scripts)
    if any((Path(folder) / _file_name(script)).exists() for script in scripts):
        return None
    return key


def _file_name(script) -> str:
    return script[0][2].split()[0].lower() + ".json"


def _run_scripts(folder: Path, scripts) -> list[Path]:
    from builder.cli import run

    import contextlib
    import io

    paths = []
    for script in scripts:
        path = Path(folder) / _file_name(script)
        for words in script:
            if words[0] == "new":
                argv = words + ["-o", str(path)]
            else:
                argv = [words[0], str(path)] + words[1:]
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()) as err:
                code = run(argv)
            if code != 0:
                raise RuntimeError(f"{argv}: {err.getvalue()}")
        paths.append(path)
    return paths


def ability_bonuses() -> dict:
    """The ``show --json`` shape of an ability-bonuses character (the Abilities Card)."""
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


#: A character of each ruleset as `new` makes it (nothing played yet).
FRESH = [
    [["new", "story-points", "Fresh Story"]],
    [["new", "vogelfrei", "Fresh Vogelfrei", "--seed", "3"]],
    [["new", "ability-bonuses", "Fresh Bonuses", "--random", "--seed", "3"]],
]

#: Pages of the full sheet of every sample character (the README's table; a test keeps it).
SAMPLE_PAGES = {"senna": 1, "graynor": 1, "greta": 2, "kaspar": 2, "bob": 1,
                "fresh-story": 1, "fresh-vogelfrei": 2, "fresh-bonuses": 1}


def make_sample_characters(folder: Path) -> dict[str, Path]:
    """Every sample character: the played ones and a fresh one of each ruleset."""
    import contextlib
    import io

    from builder.cli import run

    played = make_files(folder, (SENNA, GRAYNOR, GRETA, KASPAR, BOB))
    result = {path.stem: path for path in played}
    for (words,) in FRESH:
        stem = words[2].lower().replace(" ", "-")
        path = Path(folder) / f"{stem}.json"
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()) as err:
            if run(words + ["-o", str(path)]) != 0:
                raise RuntimeError(f"{words}: {err.getvalue()}")
        result[stem] = path
    return result
