"""Characters for the sheet tests, the sheet benchmark and the sheet pictures.

Each rule system's own sample characters are in its tests folder's samples module
(``tests/rulesets/<id with - as _>/samples.py``, read by id through
:mod:`tests.rule_systems`): the scripts of its played characters (``PLAYED``, each a
``new`` and its ``do``s, as Story Points' ``SENNA``), the ``new`` words of a fresh one
(``FRESH``), the pages of each one's full sheet (``SHEET_PAGES``), and a hand-written
derived state (``derived()``: the ``show --json`` shape, ``CharacterFile.derived()``).
Here: making real character files of them through the CLI (:func:`make_files`,
:func:`make_sample_characters`), and the stress characters.
"""
from __future__ import annotations

from pathlib import Path

from tests.rule_systems import sample_map


def make_ability_bonuses_file(folder: Path) -> Path:
    from tests.rulesets.ability_bonuses.samples import BOB

    return make_files(folder, (BOB,))[0]


def make_story_points_files(folder: Path) -> list[Path]:
    """Real story-points characters made with the CLI (as a player would)."""
    from tests.rulesets.story_points.samples import GRAYNOR, SENNA

    return make_files(folder, (SENNA, GRAYNOR))


def make_vogelfrei_file(folder: Path) -> Path:
    from tests.rulesets.vogelfrei.samples import GRETA

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


#: A character of each built-in ruleset as `new` makes it (nothing played yet): the
#: ``FRESH`` words of each one's samples module, each a script of one command.
FRESH = [[words] for words in sample_map("FRESH").values()]

#: Pages of the full sheet of every sample character (tests/ui/test_sheet_paper.py keeps
#: them): the ``SHEET_PAGES`` of each rule system's samples module.
SAMPLE_PAGES = {stem: pages for each in sample_map("SHEET_PAGES").values()
                for stem, pages in each.items()}


def make_sample_characters(folder: Path) -> dict[str, Path]:
    """Every sample character: the played ones and a fresh one of each ruleset (each
    system's ``PLAYED`` and ``FRESH``)."""
    import contextlib
    import io

    from builder.cli import run

    played = make_files(folder, tuple(script for scripts in sample_map("PLAYED").values()
                                      for script in scripts))
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
