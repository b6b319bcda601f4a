"""Characters for the sheet tests, the sheet benchmark and the sheet pictures.

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

#: Pages of the full sheet of every sample character (tests/ui/test_sheet_paper.py keeps them).
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


# -- stress characters: what a long campaign and the world's names make of a sheet ---------
#: Names in several scripts (and a name beyond U+FFFF), for the text layer and the footer.
WORLD_NAMES = {
    "cjk": "山田 花子",
    "arabic": "ليلى الحسيني",
    "hebrew": "נועה בת־שבע לוי",
    "emoji": "Kit 🦊 Fennec",
    "accents": "Zoë Ångström-Ñúñez",
}
#: One word of 300 characters (a player's name pasted without spaces).
LONG_WORD = ("Pneumonoultramicroscopicsilicovolcanoconiosis" * 7)[:300]

_STORY_CLASSES = [("Fighter", "Parry", None), ("Ranger", "Trailblazer", None),
                  ("Rogue", "Ambush", None), ("Primant", "Spirit Call", "Call Spirits"),
                  ("Cleric", "Restoring Grace", "Mend Wounds"), ("Mage", "Spell Focus", "Firebolt")]
_SECOND_SPELLS = {"Primant": "Spirit Ward", "Cleric": "Bless", "Mage": "Frost Ray"}
_STORY_SKILLS = ["Melee", "Ranged", "Athletics", "Beastcraft", "Survival", "Acrobatics", "Stealth",
                 "Finesse", "Influence", "Insight", "Medicine", "Occult", "Observation",
                 "Performance"]
_VITALS = ["Strength", "Agility", "Endurance", "Cognition", "Perception", "Presence"]


def _veteran_new(name: str) -> list[str]:
    sets = ["sp=900"] + [f"vital.{v}=3" for v in _VITALS]
    sets += [f"skill.{s}=2" for s in _STORY_SKILLS]
    for cls, trait, spell in _STORY_CLASSES:
        sets += [f"class.{cls}=1", f"trait.{cls}.{trait}=1"]
        if spell:
            sets += [f"spell.{cls}={spell}"]
    words = ["new", "story-points", name]
    for pair in sets:
        words += ["--set", pair]
    return words


def _veteran_actions() -> list[list[str]]:
    """261 ledger entries: 20 milestones of three checkpoints each, resolved; 96 uses
    and rests (rows that change nothing lasting); raises of vitals, skills, classes."""
    actions: list[list[str]] = []
    for m in range(1, 21):
        milestone = f"The {m}th Seal of the Drowned Bell"
        actions += [["award-checkpoint", milestone, f"clue {k} found"] for k in (1, 2, 3)]
        actions.append(["resolve-milestone", milestone])
    for i in range(48):
        cls, trait, _spell = _STORY_CLASSES[i % 6]
        actions += [["use-trait", cls, trait], ["rest"]]
    for cls, trait, _spell in _STORY_CLASSES:
        second = _SECOND_SPELLS.get(cls)
        actions.append(["raise-class", cls, "--trait", trait]
                       + (["--spell", second] if second else []))
    for _round in range(4):
        actions += [["raise-vital", v] for v in _VITALS]
        actions += [["raise-skill", s] for s in _STORY_SKILLS]
    return actions[:261]


#: Vogelfrei: a level-6 Warrior carrying 43 kinds of gear, and a level-6 Magic-User.
_GEAR = ["Wams", "Buckler", "Staff", "Whip", "Weighted Net", "Weapon (Small)", "Weapon (Minor)",
         "Spear", "Dart", "Sling", "Arrow", "Sling Bullet", "Backpack", "Pouch", "Quiver",
         "Sack", "Saddlebag", "Rations (Standard/Day)", "Rations (Iron/Day)", "Air Bladder",
         "Bedroll", "Block and Tackle", "Book (Blank)", "Caltrop", "Candle", "Chalk",
         "Clothing (Winter Travel)", "Cooking Pots", "Crowbar", "Fishing Gear",
         "Flask of Lamp Oil", "Grappling Hook", "Holy Symbol (Wood)", "Lantern",
         "Manacles", "Map (Local)", "Mirror (Steel)", "Rope, 50'", "Shovel",
         "Spike (Iron)", "Tinderbox", "Waterskin", "Whistle"]


def _vogelfrei_new(name: str, cls: str, career: str) -> list[str]:
    return ["new", "vogelfrei", name, "--set", f"class={cls}", "--set", f"career={career}",
            "--set", "Strength=12", "--set", "Toughness=13", "--set", "Agility=10",
            "--set", "Intelligence=14", "--set", "Willpower=8", "--set", "Leadership=11",
            "--set", "wounds=31", "--set", "stamina=14", "--set", "level=6",
            "--set", "xp=70000", "--set", "status=Silver"]


_STRESS: dict[tuple[str, str], bytes] = {}


def make_stress_characters(folder: Path) -> dict[str, Path]:
    """The characters a sheet must survive, made by the rules as `new` and `do` make them
    (``new`` through the command line in-process; the many actions on the open file by
    the same rule code `do` runs, and one write: a few tenths of a second rather than
    the seconds of 261 separate commands), cached per process like :func:`make_files`:

    ``veteran``: Story Points, 261 ledger entries, 6 classes, 20 resolved milestones,
    a player name that is one 300-character word; ``warrior``: Vogelfrei level 6 with
    43 kinds of gear; ``magic-user``: Vogelfrei level 6 with spells; one fresh Story Point
    character per name in :data:`WORLD_NAMES` (``cjk``, ``arabic``, ``hebrew``,
    ``emoji``, ``accents``), and ``classless`` (no class)."""
    folder = Path(folder)
    result = {}
    for stem, build in _STRESS_BUILDERS.items():
        path = folder / f"{stem}.json"
        key = (stem, str(folder))
        cached = next((data for (s, _f), data in _STRESS.items() if s == stem), None)
        if cached is not None:
            path.write_bytes(cached)
        else:
            build(path)
            _STRESS[key] = path.read_bytes()
        result[stem] = path
    return result


def _new(words: list[str], path: Path) -> None:
    import contextlib
    import io

    from builder.cli import run

    with contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()) as err:
        if run(words + ["-o", str(path), "--force"]) != 0:
            raise RuntimeError(f"{words}: {err.getvalue()}")


def _play(path: Path, actions: list[list[str]], **identity: str) -> None:
    from builder.storage.files import load_character

    cf = load_character(path)
    for words in actions:
        cf.do(cf.ruleset.parse_action(words), None)
    cf.doc.update(identity)
    cf.save()


def _veteran(path: Path) -> None:
    _new(_veteran_new("Aurelia Marchetti-Vandersloot"), path)
    _play(path, _veteran_actions(), player=LONG_WORD,
          notes="Sworn to the Drowned Bell. " * 12)


def _warrior(path: Path) -> None:
    _new(_vogelfrei_new("Greta Steinhauer-Wolkenbruch", "Warrior", "Mercenary"), path)
    _play(path, [["gain", item] for item in _GEAR] + [["wear", "Wams"]])


def _magic_user(path: Path) -> None:
    _new(_vogelfrei_new("Ottilie Sternwarte", "Magic-User", "Wizard"), path)
    _play(path, [["gain", "Backpack"], ["gain", "Staff"]])


def _world(name: str):
    def build(path: Path) -> None:
        _new(["new", "story-points", name, "--set", "sp=10", "--set", "class.Cleric=1",
              "--set", "vital.Cognition=2", "--set", "skill.Medicine=2", "--set", "skill.Occult=1",
              "--set", "trait.Cleric.Restoring Grace=1"], path)
    return build


def _classless(path: Path) -> None:
    _new(["new", "story-points", "Nobody Yet", "--set", "sp=5"], path)


_STRESS_BUILDERS = {"veteran": _veteran, "warrior": _warrior, "magic-user": _magic_user,
                    "classless": _classless,
                    **{stem: _world(name) for stem, name in WORLD_NAMES.items()}}
