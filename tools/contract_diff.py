"""Differential check of the command-line contract between two checkouts.

    python tools/contract_diff.py OLD_CHECKOUT [--new NEW_CHECKOUT] [-k WORD] [--jobs N]
                                  [--report FILE]

Runs one long list of CLI scenarios against OLD_CHECKOUT's and NEW_CHECKOUT's (default:
this checkout) ``.venv/bin/character-builder``, each scenario in fresh temporary
XDG_DATA_HOME / XDG_CONFIG_HOME / XDG_CACHE_HOME / HOME folders and working folder, with
QT_QPA_PLATFORM=offscreen, and compares per step the exit code, stdout, stderr and which
files the step changed, and at the end of the scenario the files left (JSON compared as data,
PDFs by page count and extracted text, anything else byte for byte). Only timestamps, the
temporary folder's path and random ids are normalised. Exits 0 when nothing differs, 1
otherwise. A developer tool: no test depends on it or on the old checkout.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------- scenarios

SP = "story-points"
VF = "vogelfrei"
AB = "ability-bonuses"
RULESETS = (AB, SP, VF)

AB_SETS = ["--set", "MIG=3", "--set", "DEX=2", "--set", "CHA=1", "--set", "FOC=0"]
VF_SETS = ["--set", "class=warrior", "--set", "career=mercenary", "--set", "Strength=12",
           "--set", "toughness=13", "--set", "Agility=10", "--set", "Intelligence=9",
           "--set", "Willpower=8", "--set", "Leadership=11", "--set", "wounds_roll=5",
           "--set", "stamina_roll=3", "--seed", "9"]  # the seed: the Status money roll
SP_SETS = ["--set", "sp=30", "--set", "vital.Cognition=3", "--set", "skill.Medicine=2",
           "--set", "class.Cleric=1", "--set", "trait.Cleric.Restoring Grace=1",
           "--set", "spell.Cleric=Mend Wounds"]

MAKE = {
    SP: ["new", SP, "Senna", "-o", "c.json", *SP_SETS],
    VF: ["new", VF, "Merc", "-o", "c.json", *VF_SETS],
    AB: ["new", AB, "Ann", "-o", "c.json", *AB_SETS],
}

# actions per ruleset: (words, ...) run one by one on c.json after MAKE
ACTIONS = {
    SP: [
        ["raise-vital", "Strength"], ["raise-vital", "strength"], ["raise-vital", "Nope"],
        ["raise-vital"], ["raise-vital", "Cognition", "--exchange"],
        ["raise-skill", "Medicine"], ["raise-skill", "medicine"], ["raise-skill", "Cooking"],
        ["raise-skill", "Athletics", "--exchange"],
        ["raise-class", "Cleric"], ["raise-class", "Cleric", "--trait", "Juggling"],
        ["raise-class", "Cleric", "--trait", "Parry", "--spell", "Mend Wounds"],
        ["raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Mend Wounds"],
        ["raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Nope"],
        ["raise-class", "Fighter", "--trait", "Breach", "--exchange"],
        ["enter-class", "Ranger", "--trait", "Quarry", "--scene", "tracked the wolf"],
        ["enter-class", "Ranger", "--trait", "Nope", "--scene", "x"],
        ["enter-class", "Ranger", "--trait", "Quarry"],
        ["use-trait", "Cleric", "Restoring Grace"], ["use-trait", "Fighter", "Parry"],
        ["use-trait", "Cleric", "Nope"],
        ["rest"], ["rest", "extra"],
        ["award-checkpoint", "The Bell", "Crypt found"],
        ["award-checkpoint", "The Bell", "Crypt found"],
        ["award-checkpoint", "The Bell", "門"],
        ["resolve-milestone", "The Bell"], ["resolve-milestone", "The Bell"],
        ["resolve-milestone", "Nope"],
        ["set-active", "no"], ["set-active", "maybe"], ["set-active", "yes"],
        ["fly"], ["raise", "Strength"], [],
    ],
    VF: [
        ["award-xp", "2000", "--session", "1"], ["award-xp", "5000", "--session", "1"],
        ["award-xp", "-5", "--session", "1"], ["award-xp", "abc", "--session", "1"],
        ["award-xp", "10"], ["award-xp", "1.5", "--session", "1"],
        ["level-up", "--session", "1", "--roll", "2"], ["level-up", "--session", "1"],
        ["level-up", "--session", "2", "--roll", "99"],
        ["award-xp", "4000", "--session", "2"], ["level-up", "--session", "2", "--roll", "3"],
        ["change-career", "Cleric", "Priest", "--session", "9", "--roll", "2"],
        ["change-career", "cleric", "priest", "--session", "9", "--roll", "2"],
        ["change-career", "Astronaut", "X", "--session", "9"],
        ["damage-stamina", "2"], ["damage-stamina", "-2"], ["damage-stamina", "x"],
        ["damage-wounds", "4"], ["damage-wounds", "400"],
        ["heal-stamina", "5"], ["heal-wounds", "2"], ["heal-wounds", "0"],
        ["buy", "Staff"], ["buy", "Staff", "--market", "rural"], ["buy", "Torch", "--qty", "2"],
        ["buy", "Torch", "--qty", "0"], ["buy", "Wams"], ["buy", "shield"], ["buy", "Nope"],
        ["buy", "Plate Armour"], ["buy", "Staff", "--market", "moon"],
        ["wear", "wams"], ["wear", "Shield"], ["wear", "Nope"], ["remove", "Wams"],
        ["remove", "Nope"],
        ["gain", "Bow, Short"], ["gain", "Wams", "--qty", "2"], ["drop", "Wams"],
        ["drop", "Nope"], ["gain-money", "1gp 20sp 4bp"], ["gain-money", "12gp"],
        ["gain-money", "lots"], ["spend-money", "7bp"], ["spend-money", "9999gp"],
        ["fly"], [],
    ],
    AB: [
        ["modify", "mig", "2", "--name", "Giant Strength"],
        ["modify", "CHA", "1", "--name", "Bless"], ["modify", "SKL", "-1", "--name", "T"],
        ["modify", "Speed", "1", "--name", "Haste"], ["modify", "MIG", "x", "--name", "X"],
        ["modify", "MIG", "1"], ["modify", "MIG", "1.5", "--name", "F"],
        ["unmodify", "--name", "giant strength"], ["unmodify", "--name", "Curse"],
        ["set-age", "young"], ["set-age", "Young"], ["set-age", "mature"],
        ["set-age", "ancient"], ["set-age", "off"], ["set-age", "old"],
        ["fly"], [],
    ],
}

PLANS = {
    SP: ["class:Cleric=4", "class:Cleric=11", "skill:Medicine=4", "vital:Cognition=5",
         "skill:Cooking=1", "Body", "Body=9", "class:Cleric=x", "vital:Nope=2",
         "class:Fighter=2", "skill:Melee=1"],
    VF: ["skill:Melee=1", "level=3"],
    AB: ["skill:Melee=1"],
}


@dataclass
class Scenario:
    name: str
    steps: list[Any]
    random: bool = False  # outputs depend on unseeded dice: compare exit codes only


def scenarios() -> list[Scenario]:
    out: list[Scenario] = []

    def add(name: str, *steps: Any, random: bool = False) -> None:
        out.append(Scenario(name, list(steps), random))

    # help and listings -------------------------------------------------------------
    add("help", ["--help"], ["-h"], ["--version"], ["help"], ["--nope"], ["nope"],
        ["-style", "Fusion", "--help"])
    for cmd in ("rulesets", "data", "new", "show", "options", "check", "do", "undo", "redo",
                "plan", "campaign", "pool", "export-pdf", "xp", "library"):
        add(f"help-{cmd}", [cmd, "--help"], [cmd], [cmd, "--nope"])
    for sub in ("new", "add", "remove", "show", "list", "set", "award", "exchange", "xp",
                "undo"):
        add(f"help-campaign-{sub}", ["campaign", sub, "--help"], ["campaign", sub])
    for sub in ("start", "spend", "react", "earn", "nemesis", "show"):
        add(f"help-pool-{sub}", ["pool", sub, "--help"], ["pool", sub])
    add("rulesets", ["rulesets"], ["rulesets", "--json"], ["rulesets", "extra"])
    for rid in RULESETS:
        add(f"data-{rid}", ["data", rid], ["data", rid, "--json"], ["data", rid.upper()])
        add(f"new-help-{rid}", ["new", rid, "--help"], ["new", rid, "X", "--help"])
    add("data-bad", ["data", "nope"], ["data", "--json", "nope"], ["data"])

    # new ---------------------------------------------------------------------------
    for rid in RULESETS:
        add(f"new-{rid}-plain", ["new", rid, "Plain", "-o", "p.json"], ["show", "p.json"])
        add(f"new-{rid}-make", MAKE[rid], ["show", "c.json"], ["show", "c.json", "--json"],
            ["check", "c.json"], ["check", "c.json", "--json"], ["options", "c.json"],
            ["options", "c.json", "--json"], ["do", "c.json", "--help"])
        for seed in ("1", "7", "11", "42"):
            add(f"new-{rid}-seed{seed}", ["new", rid, "S", "-o", "s.json", "--seed", seed],
                ["show", "s.json", "--json"], ["options", "s.json", "--json"])
        add(f"new-{rid}-seed-random", ["new", rid, "S", "-o", "s.json", "--random",
                                       "--seed", "5"], ["show", "s.json"])
        add(f"new-{rid}-random", ["new", rid, "R", "-o", "r.json", "--random"],
            ["check", "r.json"], random=True)
        add(f"new-{rid}-library", ["new", rid, "Lib Char", "--seed", "3"],
            ["new", rid, "Lib Char", "--seed", "3"], ["new", rid, "Lib Char", "--seed", "4",
                                                      "--force"])
        add(f"new-{rid}-exists", ["new", rid, "A", "-o", "a.json", "--seed", "1"],
            ["new", rid, "B", "-o", "a.json", "--seed", "2"],
            ["new", rid, "B", "-o", "a.json", "--seed", "2", "--force"], ["show", "a.json"])
        add(f"new-{rid}-folder", ["new", rid, "In Folder", "-o", ".", "--seed", "1"],
            ["new", rid, "Nested", "-o", "sub/deeper/x.json", "--seed", "1"])
        add(f"new-{rid}-badseed", ["new", rid, "X", "-o", "x.json", "--seed", "abc"],
            ["new", rid, "X", "-o", "x.json", "--seed", "-1"],
            ["new", rid, "X", "-o", "x.json", "--seed", "99999999999999999999999"])
        add(f"new-{rid}-badset", ["new", rid, "X", "-o", "x.json", "--set", "novalue"],
            ["new", rid, "X", "-o", "x.json", "--set", "zzz=1"],
            ["new", rid, "X", "-o", "x.json", "--set", "=1"], ["new", rid, "", "-o", "x.json"],
            ["new", rid, "X", "-o", "x.json", "--seed", "1", "--nope"])
        add(f"new-{rid}-names", ["new", rid, "Ünïcødé 門", "-o", "u.json", "--seed", "1"],
            ["new", rid, "a/b", "--seed", "1"], ["new", rid, "  ", "--seed", "1"],
            ["new", rid, "Line\nBreak", "-o", "l.json", "--seed", "1"], ["show", "u.json"])
    add("new-unknown", ["new", "bad-system", "X"], ["new", "point-buy", "Ann", "--set", "a=1"],
        ["new"], ["new", SP])
    add("new-sp-sets", ["new", SP, "A", "-o", "a.json", "--set", "class.Fighter=2",
                        "--set", "trait.Fighter.Breach=1", "--set", "sp=4"],
        ["new", SP, "B", "-o", "b.json", "--set", "vital.Strength=3", "--set",
         "skill.Melee=3"], ["new", SP, "C", "-o", "c2.json", "--set", "sp=1", "--set",
                            "active=no", "--set", "vit=5", "--set", "wounded=1"],
        ["new", SP, "D", "-o", "d.json", "--set", "skill.Cooking=1"],
        ["new", SP, "E", "-o", "e.json", "--set", "sp=-1"],
        ["new", SP, "F", "-o", "f.json", "--set", "sp=x"],
        ["new", SP, "G", "-o", "g.json", "--set", "vital.Strength=99"],
        ["new", SP, "H", "-o", "h.json", "--set", "trait.Cleric.Nope=1"],
        ["new", SP, "I", "-o", "i.json", "--set", "active=maybe"],
        ["new", SP, "J", "-o", "j.json", "--seed", "2"],
        ["show", "a.json", "--json"], ["show", "c2.json", "--json"])
    add("new-vf-sets", ["new", VF, "W", "-o", "w.json", "--set", "class=Warrior", "--seed", "1"],
        ["new", VF, "X", "-o", "x.json", *VF_SETS, "--set", "class=astronaut"],
        ["new", VF, "Y", "-o", "y.json", *VF_SETS, "--set", "career=priest"],
        ["new", VF, "Z", "-o", "z.json", *VF_SETS, "--set", "swap=Strength,Agility"],
        ["new", VF, "O", "-o", "o.json", *VF_SETS, "--set", "level=3", "--set", "xp=5000",
         "--set", "wounds=7", "--set", "stamina=4"],
        ["new", VF, "M", "-o", "m.json", *VF_SETS, "--set", "money=1gp 20sp 4bp"],
        ["new", VF, "N", "-o", "n.json", *VF_SETS, "--set", "money=lots"],
        ["new", VF, "Q", "-o", "q.json", *VF_SETS, "--set", "alignment=Chaos"],
        ["new", VF, "R", "-o", "r.json", *VF_SETS, "--set", "alignment=Evil"],
        ["new", VF, "S", "-o", "s.json", *VF_SETS, "--set", "wood_elf=yes"],
        ["new", VF, "T", "-o", "t.json", *VF_SETS, "--set", "reroll_unsuitable=yes"],
        ["new", VF, "U", "-o", "u.json", *VF_SETS, "--set", "ws=3", "--set", "bs=2"],
        ["new", VF, "V", "-o", "v.json", *VF_SETS, "--set", "status=Gold"],
        ["new", VF, "V2", "-o", "v2.json", *VF_SETS, "--set", "money_dice=1,2,3"],
        ["new", VF, "Miss", "-o", "miss.json", "--set", "class=warrior"],
        ["new", VF, "Big", "-o", "big.json", *VF_SETS, "--set", "Strength=99"],
        ["show", "o.json", "--json"], ["show", "m.json", "--json"])
    add("new-ab-sets", ["new", AB, "A", "-o", "a.json", *AB_SETS, "--set", "age=young"],
        ["new", AB, "B", "-o", "b.json", *AB_SETS, "--set", "age=old"],
        ["new", AB, "C", "-o", "c2.json", "--random", "--seed", "3", "--set", "age=roll"],
        ["new", AB, "D", "-o", "d.json", "--set", "MIG=3", "--set", "DEX=3", "--set", "CHA=1",
         "--set", "FOC=0"],
        ["new", AB, "E", "-o", "e.json", "--set", "MIG=3"],
        ["new", AB, "F", "-o", "f.json", *AB_SETS, "--set", "age=ancient"],
        ["new", AB, "G", "-o", "g.json", *AB_SETS, "--set", "Speed=1"],
        ["show", "a.json", "--json"], ["show", "c2.json", "--json"])

    # do: every action kind, valid and refused, in order on one file -------------------
    for rid in RULESETS:
        steps: list[Any] = [MAKE[rid]]
        for words in ACTIONS[rid]:
            steps.append(["do", "c.json", *words])
        steps += [["show", "c.json"], ["show", "c.json", "--json"], ["check", "c.json"],
                  ["options", "c.json", "--json"]]
        add(f"do-{rid}-all", *steps)
        for words in ACTIONS[rid]:
            if words:
                add(f"do-{rid}-help-{words[0]}", MAKE[rid],
                    ["do", "c.json", words[0], "--help"])
        add(f"do-{rid}-json", MAKE[rid], ["do", "c.json", *ACTIONS[rid][0], "--json"],
            ["do", "c.json", "--json", *ACTIONS[rid][0]])
        # undo / redo
        add(f"undo-{rid}", MAKE[rid], ["undo", "c.json"], ["do", "c.json", *ACTIONS[rid][0]],
            ["do", "c.json", *ACTIONS[rid][1]], ["undo", "c.json"], ["show", "c.json", "--json"],
            ["redo", "c.json"], ["show", "c.json", "--json"], ["undo", "c.json"],
            ["undo", "c.json"], ["undo", "c.json"], ["redo", "c.json"], ["redo", "c.json"])
        for target in PLANS[rid]:
            add(f"plan-{rid}-{target}", MAKE[rid], ["plan", "c.json", target],
                ["plan", "c.json", target, "--json"])
    add("do-sp-senna", ["new", SP, "Senna", "-o", "s.json", "--set", "sp=16"],
        ["do", "s.json", "raise-class", "Cleric", "--trait", "Restoring Grace",
         "--spell", "Mend Wounds"], ["do", "s.json", "raise-vital", "Cognition"],
        ["do", "s.json", "raise-skill", "Medicine"], ["options", "s.json"],
        ["options", "s.json", "--json"], ["plan", "s.json", "class:Cleric=4"],
        ["plan", "s.json", "class:Cleric=4", "--json"], ["show", "s.json"])

    # files: missing, malformed, wrong kind -----------------------------------------
    file_cmds = [["show", "F"], ["show", "F", "--json"], ["check", "F"], ["check", "F", "--json"],
                 ["options", "F"], ["options", "F", "--json"], ["do", "F", "rest"],
                 ["do", "F", "--help"], ["undo", "F"], ["redo", "F"],
                 ["plan", "F", "skill:Melee=1"], ["export-pdf", "F", "-o", "out.pdf"],
                 ["campaign", "show", "F"], ["campaign", "add", "F", "F"],
                 ["pool", "show", "F"], ["pool", "start", "F", "--players", "2"]]

    def with_file(name: str) -> list[list[str]]:
        return [[w if w != "F" else name for w in cmd] for cmd in file_cmds]

    add("missing-file", *with_file("missing.json"))
    add("malformed-json", ("write", "bad.json", b"{not json"), *with_file("bad.json"))
    add("empty-file", ("write", "empty.json", b""), *with_file("empty.json"))
    add("json-list", ("write", "list.json", b"[1, 2]"), *with_file("list.json"))
    add("not-utf8-file", ("write", "latin.json", b'{"name": "\xe9"}'), *with_file("latin.json"))
    add("directory", ("mkdir", "dir.json"), *with_file("dir.json"))
    add("bom-file", MAKE[SP], ("bom", "c.json"), ["show", "c.json"], ["do", "c.json", "rest"])
    for rid in RULESETS:
        add(f"newer-format-{rid}", MAKE[rid], ("set_format", "c.json", 99),
            *with_file("c.json"))
        add(f"format-1-{rid}", MAKE[rid], ("set_format", "c.json", 1), ["show", "c.json"],
            ["show", "c.json", "--json"], ["check", "c.json"], ["options", "c.json", "--json"],
            ["do", "c.json", *ACTIONS[rid][0]], ["show", "c.json", "--json"])
        add(f"readonly-{rid}", MAKE[rid], ("chmod", "c.json", 0o444),
            ["do", "c.json", *ACTIONS[rid][0]], ["undo", "c.json"], ["show", "c.json"])
        add(f"readonly-dir-{rid}", ("mkdir", "ro"), ["new", rid, "X", "-o", "ro/x.json",
                                                     "--seed", "1"],
            ("chmod", "ro", 0o555), ["do", "ro/x.json", *ACTIONS[rid][0]],
            ["new", rid, "Y", "-o", "ro/y.json", "--seed", "1"], ("chmod", "ro", 0o755))
        add(f"unknown-ruleset-file-{rid}", MAKE[rid], ("set_key", "c.json", "ruleset", "nope"),
            ["show", "c.json"], ["do", "c.json", "rest"])
    add("non-utf8-args", [b"show", b"\xff.json"], [b"new", SP.encode(), b"N\xffme", b"-o",
                                                   b"n.json"],
        [b"new", SP.encode(), b"Name", b"-o", b"\xfe.json"],
        MAKE[SP], [b"do", b"c.json", b"raise-skill", b"Med\xffcine"],
        [b"xp", b"\xff"], [b"data", b"\xff"])

    # corpus of odd files (the pre-session corpus) ------------------------------------
    for kind in ("characters", "campaigns"):
        for src in sorted((OLD_ROOT / "tests" / "corpus" / kind).glob("*.json")):
            if kind == "characters":
                cmds = [["show", "x.json"], ["show", "x.json", "--json"], ["check", "x.json"],
                        ["check", "x.json", "--json"], ["options", "x.json", "--json"],
                        ["do", "x.json", "rest"], ["do", "x.json", "--help"],
                        ["undo", "x.json"], ["export-pdf", "x.json", "-o", "x.pdf"]]
            else:
                cmds = [["campaign", "show", "x.json"], ["campaign", "show", "x.json", "--json"],
                        ["pool", "show", "x.json", "--json"],
                        ["pool", "start", "x.json", "--players", "2"],
                        ["campaign", "award", "x.json", "rest"], ["undo", "x.json"]]
            add(f"corpus-{kind}-{src.stem}", ("corpus", f"{kind}/{src.name}", "x.json"), *cmds)
    for src in sorted((OLD_ROOT / "tests" / "corpus" / "overrides").glob("*.json")):
        rid = src.stem.split("--")[0]
        add(f"override-{src.stem}", ["new", rid, "C", "-o", "c.json", "--seed", "1"],
            ("override", f"overrides/{src.name}", rid), ["rulesets"],
            ["data", rid, "--json"], ["show", "c.json"], ["check", "c.json"],
            ["options", "c.json"], ["new", rid, "D", "-o", "d.json", "--seed", "2"])
    add("override-layer", ["new", SP, "C", "-o", "c.json"],
        ("override_text", SP, json.dumps({"extends": SP, "title": "Sea SP",
                                          "skills": [{"name": "Sailing", "vital": "Agility"}]})),
        ["rulesets"], ["rulesets", "--json"], ["data", SP, "--json"], ["show", "c.json"])

    # campaigns ----------------------------------------------------------------------
    party = [["new", SP, "Nyra", "-o", "party/nyra.json", "--set", "sp=5"],
             ["new", SP, "Joss", "-o", "party/joss.json", "--set", "sp=5"],
             ["campaign", "new", "Iron Coast", "-o", "camp.json", "--ruleset", SP,
              "--member", "party/nyra.json"]]
    add("campaign-sp", *party, ["campaign", "add", "camp.json", "party/joss.json"],
        ["campaign", "add", "camp.json", "party/joss.json"],
        ["campaign", "add", "camp.json", "party/nobody.json"],
        ["campaign", "show", "camp.json"], ["campaign", "show", "camp.json", "--json"],
        ["campaign", "award", "camp.json", "award-checkpoint", "Fort", "Gate"],
        ["campaign", "award", "camp.json", "resolve-milestone", "Fort"],
        ["campaign", "award", "camp.json", "raise-vital", "Strength"],
        ["campaign", "award", "camp.json", "fly-away"],
        ["campaign", "award", "camp.json", "rest"],
        ["campaign", "award", "camp.json", "--help"],
        ["campaign", "exchange", "camp.json", "party/nyra.json", "raise-skill Acrobatics",
         "party/joss.json", "raise-vital Agility"],
        ["campaign", "exchange", "camp.json", "party/nyra.json", "rest", "party/joss.json",
         "rest"],
        ["campaign", "exchange", "camp.json", "party/nyra.json", "raise-skill Acrobatics",
         "party/nyra.json", "raise-skill Athletics"],
        ["campaign", "show", "camp.json", "--json"], ["show", "party/nyra.json", "--json"],
        ["undo", "camp.json"], ["campaign", "undo", "camp.json"],
        ["campaign", "show", "camp.json", "--json"],
        ["campaign", "remove", "camp.json", "party/joss.json"],
        ["campaign", "remove", "camp.json", "party/joss.json"],
        ["campaign", "set", "camp.json", "fortune_per_player=2", "peril_per_player=1"],
        ["campaign", "set", "camp.json", "refresh=weekly"],
        ["campaign", "set", "camp.json", "nope=1"], ["campaign", "set", "camp.json", "x"],
        ["campaign", "show", "camp.json", "--json"])
    add("campaign-new-bad", ["campaign", "new", "X", "-o", "x.json", "--ruleset", "nope"],
        ["campaign", "new", "X", "-o", "x.json"],
        ["campaign", "new", "X", "-o", "x.json", "--ruleset", SP, "--member", "none.json"],
        ["campaign", "new", "X", "-o", "x.json", "--ruleset", SP],
        ["campaign", "new", "X", "-o", "x.json", "--ruleset", SP],
        ["campaign", "new", "X", "-o", "x.json", "--ruleset", VF, "--force"],
        ["new", VF, "M", "-o", "m.json", *VF_SETS], ["campaign", "add", "x.json", "m.json"],
        ["campaign", "new", "Lib Camp", "--ruleset", AB], ["campaign", "list"],
        ["campaign", "list", "--json"])
    vf_party = [["new", VF, "Ulf", "-o", "ulf.json", *VF_SETS],
                ["new", VF, "Ida", "-o", "ida.json", "--seed", "5", "--set", "class=Warrior"],
                ["campaign", "new", "Raid", "-o", "raid.json", "--ruleset", VF,
                 "--member", "ulf.json", "--member", "ida.json"]]
    add("campaign-vf-xp", *vf_party,
        ["campaign", "xp", "raid.json", "3", "--treasure", "300", "--session", "1"],
        ["campaign", "xp", "raid.json", "3*", "L2", "--session", "1", "--survivor", "ulf.json"],
        ["campaign", "xp", "raid.json", "bandit=2", "bandit=2", "wolf=1", "--session", "2"],
        ["campaign", "xp", "raid.json", "--treasure", "100000", "--session", "3"],
        ["campaign", "xp", "raid.json", "--treasure", "90", "--session", "1",
         "--share", "ida.json=1/2"],
        ["campaign", "xp", "raid.json", "--treasure", "90", "--session", "1",
         "--share", "ida.json=x"],
        ["campaign", "xp", "raid.json", "zz", "--session", "1"],
        ["campaign", "xp", "raid.json", "3"],
        ["campaign", "xp", "raid.json", "3", "--session", "1", "--survivor", "nobody.json"],
        ["campaign", "show", "raid.json"], ["campaign", "show", "raid.json", "--json"],
        ["show", "ulf.json", "--json"], ["undo", "raid.json"], ["show", "ulf.json", "--json"],
        ["campaign", "award", "raid.json", "award-xp", "100", "--session", "4"],
        ["campaign", "award", "raid.json", "damage-stamina", "1"],
        ["show", "ida.json", "--json"])
    add("campaign-sp-xp", *party, ["campaign", "xp", "camp.json", "3", "--session", "1"])
    add("campaign-ab", ["new", AB, "A", "-o", "a.json", *AB_SETS],
        ["campaign", "new", "AB", "-o", "ab.json", "--ruleset", AB, "--member", "a.json"],
        ["campaign", "award", "ab.json", "modify", "MIG", "1", "--name", "Bless"],
        ["campaign", "award", "ab.json", "set-age", "ancient"],
        ["campaign", "show", "ab.json", "--json"], ["show", "a.json", "--json"])

    # pool -----------------------------------------------------------------------------
    add("pool", *party, ["pool", "show", "camp.json"], ["pool", "show", "camp.json", "--json"],
        ["pool", "spend", "camp.json", "fortune", "--check", "1", "--by", "Nyra",
         "--for", "upgrade"],
        ["pool", "start", "camp.json", "--players", "0"],
        ["pool", "start", "camp.json", "--players", "x"],
        ["pool", "start", "camp.json", "--players", "1", "--peril", "0"],
        ["pool", "start", "camp.json", "--players", "2", "--name", "Harbour night"],
        ["pool", "show", "camp.json"], ["pool", "show", "camp.json", "--json"],
        ["pool", "spend", "camp.json", "fortune", "--check", "1", "--by", "Nyra",
         "--for", "upgrade"],
        ["pool", "spend", "camp.json", "fortune", "--check", "1", "--by", "Nyra",
         "--for", "detail"],
        ["pool", "spend", "camp.json", "fortune", "--check", "1", "--by", "Nyra",
         "--for", "detail", "--gm-allows"],
        ["pool", "spend", "camp.json", "fortune", "--check", "1", "--by", "Nyra",
         "--for", "upgrade", "--after-roll"],
        ["pool", "spend", "camp.json", "fortune", "--check", "3", "--by", "Joss",
         "--on", "Nyra", "--for", "upgrade"],
        ["pool", "spend", "camp.json", "fortune", "--check", "3", "--by", "Joss",
         "--on", "Nyra", "--for", "upgrade", "--table-agrees"],
        ["pool", "spend", "camp.json", "peril", "--check", "2", "--by", "Nyra",
         "--for", "calamity"],
        ["pool", "spend", "camp.json", "peril", "--check", "7", "--by", "GM",
         "--for", "calamity"],
        ["pool", "spend", "camp.json", "peril", "--check", "8", "--by", "GM",
         "--for", "complication"],
        ["pool", "spend", "camp.json", "sideways", "--check", "1", "--by", "GM",
         "--for", "upgrade"],
        ["pool", "spend", "camp.json", "peril", "--check", "1", "--by", "GM",
         "--for", "upgrade"],
        ["pool", "react", "camp.json", "--check", "7", "--by", "Nyra", "--talent",
         "Peril Turner"],
        ["pool", "react", "camp.json", "--check", "7", "--by", "Nyra", "--talent",
         "Peril Turner", "--spend", "fortune"],
        ["pool", "earn", "camp.json", "fortune", "--reason", "heroic act"],
        ["pool", "earn", "camp.json", "peril", "--reason", "dramatic failure", "--points", "2"],
        ["pool", "earn", "camp.json", "fortune", "--reason", " "],
        ["pool", "earn", "camp.json", "fortune", "--reason", "x", "--points", "-3"],
        ["pool", "nemesis", "camp.json", "Vex", "--points", "2"],
        ["pool", "nemesis", "camp.json", "Vex"],
        ["pool", "spend", "camp.json", "peril", "--check", "9", "--by", "GM", "--nemesis",
         "Vex", "--for", "complication"],
        ["pool", "spend", "camp.json", "peril", "--check", "9", "--by", "GM", "--nemesis",
         "Rask", "--for", "complication"],
        ["pool", "nemesis", "camp.json", "Vex", "--shared"],
        ["pool", "show", "camp.json"], ["pool", "show", "camp.json", "--json"],
        ["undo", "camp.json"], ["pool", "show", "camp.json", "--json"],
        ["campaign", "set", "camp.json", "fortune_per_player=2", "peril_per_player=1"],
        ["pool", "start", "camp.json", "--players", "3", "--fortune", "4", "--peril", "5"],
        ["pool", "show", "camp.json", "--json"])
    add("pool-vf", *vf_party, ["pool", "start", "raid.json", "--players", "2"],
        ["pool", "show", "raid.json"])

    # xp -------------------------------------------------------------------------------
    xp_cases = [[], ["--kinds"], ["--kinds", "--json"], ["3"], ["3", "--json"], ["3*", "L2", "<1"],
                ["3", "--treasure", "300"], ["--treasure", "300", "--survivors", "3"],
                ["--treasure", "wilds=300", "--treasure", "theft=50"],
                ["--treasure", "wilds=300", "--treasure", "theft=50", "--json"],
                ["--treasure", "nope=1"], ["--treasure", "-5"], ["--treasure", "x"],
                ["bandit=2", "bandit=2", "wolf=1", "--json"], ["3", "--survivors", "0"],
                ["3", "--survivors", "x"], ["3", "--part", "Ann=1/2", "--part", "Bob=1"],
                ["3", "--part", "Ann=1/2", "--part", "Bob=1", "--json"],
                ["3", "--part", "Ann=2"], ["3", "--part", "Ann"], ["3", "--not-secure",
                                                                   "--treasure", "300"],
                ["zz"], ["-3"], ["L0"], ["1000000000000000000000"], ["3", "--nope"]]
    for i, case in enumerate(xp_cases):
        add(f"xp-{i}", ["xp", *case])

    # export-pdf -----------------------------------------------------------------------
    three = [MAKE[SP], ["new", VF, "Merc", "-o", "v.json", *VF_SETS],
             ["new", AB, "Ann", "-o", "a.json", *AB_SETS]]
    add("pdf-one", *three, ["export-pdf", "c.json", "-o", "out.pdf"])
    add("pdf-letter", *three, ["export-pdf", "c.json", "-o", "out.pdf", "--paper", "letter"])
    add("pdf-three", *three, ["export-pdf", "c.json", "v.json", "a.json", "-o", "all.pdf"])
    add("pdf-duplex", *three, ["export-pdf", "c.json", "v.json", "a.json", "-o", "d.pdf",
                               "--duplex"])
    add("pdf-folder", *three, ["export-pdf", "c.json", "v.json", "a.json", "-o", "sheets"])
    add("pdf-folder-exists", *three, ("mkdir", "out"),
        ["export-pdf", "c.json", "v.json", "-o", "out"])
    add("pdf-newfolder", *three, ["export-pdf", "c.json", "v.json", "-o", "new/sheets/"])
    add("pdf-blank", *three, ["export-pdf", "c.json", "v.json", "a.json", "--blank", "-o",
                              "blank"])
    for rid, f in ((SP, "c.json"), (VF, "v.json"), (AB, "a.json")):
        add(f"pdf-compact-{rid}", *three, ["export-pdf", f, "-o", "x.pdf", "--layout",
                                           "compact"])
        add(f"pdf-sections-{rid}", *three,
            ["export-pdf", f, "-o", "x.pdf", "--sections", "nope"],
            ["export-pdf", f, "-o", "y.pdf", "--sections", "who"],
            ["export-pdf", f, "-o", "z.pdf", "--sections", "vitals,skills,ledger"],
            ["export-pdf", f, "-o", "w.pdf", "--sections", ""])
    add("pdf-bad", *three, ["export-pdf", "c.json"], ["export-pdf", "-o", "x.pdf"],
        ["export-pdf", "c.json", "-o", "x.pdf", "--layout", "tiny"],
        ["export-pdf", "c.json", "-o", "x.pdf", "--paper", "a3"],
        ["export-pdf", "c.json", "missing.json", "-o", "x.pdf"],
        ["export-pdf", "c.json", "-o", "x.txt"],
        ("mkdir", "ro"), ("chmod", "ro", 0o555), ["export-pdf", "c.json", "-o", "ro/x.pdf"],
        ("chmod", "ro", 0o755))

    # library --------------------------------------------------------------------------
    add("library", ["new", SP, "Lib One", "--seed", "1"], ["new", VF, "Lib Two", "--seed", "1"],
        ["library", "list"], ["library", "list", "--json"], ["campaign", "list"],
        ["campaign", "list", "--json"])
    return out


# --------------------------------------------------------------------------- running

OLD_ROOT = HERE  # set from the command line


@dataclass
class StepResult:
    label: str
    code: int | None = None
    out: str = ""
    err: str = ""
    changed: list[str] = field(default_factory=list)


@dataclass
class RunResult:
    steps: list[StepResult]
    files: dict[str, Any]


TS = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def normalise(text: str, root: str) -> str:
    text = text.replace(root, "<ROOT>")
    text = TS.sub("<TIME>", text)
    return UUID.sub("<UUID>", text)


def norm_data(value: Any, root: str) -> Any:
    if isinstance(value, str):
        return normalise(value, root)
    if isinstance(value, list):
        return [norm_data(v, root) for v in value]
    if isinstance(value, dict):
        return {normalise(k, root): norm_data(v, root) for k, v in value.items()}
    return value


def snapshot_hashes(dirs: list[Path]) -> dict[str, str]:
    out = {}
    for base in dirs:
        for p in sorted(base.rglob("*")):
            if p.is_file() and not p.name.endswith(".lock"):
                try:
                    out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
                except OSError:
                    out[str(p)] = "<unreadable>"
    return out


def pdf_summary(path: Path) -> Any:
    """Page count and the words printed (as a sorted list: a layout change moves words, a
    lost or changed figure shows as a word missing and one added)."""
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True)
    pages = re.search(r"Pages:\s+(\d+)", info.stdout)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True,
                          text=True, errors="replace").stdout
    return {"pages": int(pages.group(1)) if pages else None, "words": sorted(text.split())}


def file_content(path: Path, root: str) -> Any:
    data = path.read_bytes()
    if path.suffix == ".pdf":
        return {"pdf": pdf_summary(path)}
    if path.suffix == ".json":
        try:
            return {"json": norm_data(json.loads(data), root)}
        except (ValueError, UnicodeDecodeError, RecursionError):
            pass
    return {"bytes": hashlib.sha256(data).hexdigest()}


def run_scenario(exe: Path, sc: Scenario) -> RunResult:
    tmp = Path(tempfile.mkdtemp(prefix="cdiff-"))
    root = str(tmp)
    work, data, config, cache, home = (tmp / n for n in ("work", "data", "config", "cache",
                                                         "home"))
    for d in (work, data, config, cache, home):
        d.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "CHARACTER_BUILDER", "VIRTUAL_ENV"))}
    env.update(XDG_DATA_HOME=str(data), XDG_CONFIG_HOME=str(config), XDG_CACHE_HOME=str(cache),
               HOME=str(home), QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               PYTHONDONTWRITEBYTECODE="1", COLUMNS="100")
    watched = [work, data, config]
    results: list[StepResult] = []
    try:
        for step in sc.steps:
            if isinstance(step, tuple):
                results.append(apply_setup(step, work, data))
                continue
            before = snapshot_hashes(watched)
            args = [os.fsencode(str(exe))] + [a if isinstance(a, bytes) else a.encode()
                                              for a in step]
            label = " ".join(a.decode(errors="backslashreplace") if isinstance(a, bytes) else a
                             for a in step)
            try:
                proc = subprocess.run(args, cwd=work, env=env, capture_output=True,
                                      timeout=180)
                code, out, err = (proc.returncode, proc.stdout.decode(errors="replace"),
                                  proc.stderr.decode(errors="replace"))
            except subprocess.TimeoutExpired:
                code, out, err = -999, "", "TIMEOUT"
            after = snapshot_hashes(watched)
            changed = sorted(normalise(k, root) for k in set(before) | set(after)
                             if before.get(k) != after.get(k))
            results.append(StepResult(label, code, normalise(out, root), normalise(err, root),
                                      changed))
        files = {}
        for base in watched:
            for p in sorted(base.rglob("*")):
                if p.is_file() and not p.name.endswith(".lock"):
                    try:
                        files[normalise(str(p), root)] = file_content(p, root)
                    except OSError as exc:
                        files[normalise(str(p), root)] = {"error": str(exc)}
        return RunResult(results, files)
    finally:
        for p in tmp.rglob("*"):
            if p.is_dir():
                os.chmod(p, 0o755)
        shutil.rmtree(tmp, ignore_errors=True)


def apply_setup(step: tuple, work: Path, data: Path) -> StepResult:
    kind = step[0]
    if kind == "write":
        (work / step[1]).write_bytes(step[2])
    elif kind == "mkdir":
        (work / step[1]).mkdir(parents=True, exist_ok=True)
    elif kind == "chmod":
        os.chmod(work / step[1], step[2])
    elif kind == "corpus":
        shutil.copyfile(OLD_ROOT / "tests" / "corpus" / step[1], work / step[2])
    elif kind in ("override", "override_text"):
        folder = data / "character-builder" / "rulesets"
        folder.mkdir(parents=True, exist_ok=True)
        if kind == "override":
            shutil.copyfile(OLD_ROOT / "tests" / "corpus" / step[1], folder / f"{step[2]}.json")
        else:
            (folder / f"{step[1]}.json").write_text(step[2])
    elif kind == "bom":
        p = work / step[1]
        p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes())
    elif kind in ("set_format", "set_key"):
        p = work / step[1]
        doc = json.loads(p.read_text())
        if kind == "set_format":
            key = "format" if "format" in doc else "format_version" if "format_version" in doc \
                else "version"
            doc[key] = step[2]
        else:
            doc[step[2]] = step[3]
        p.write_text(json.dumps(doc, indent=1))
    else:
        raise ValueError(kind)
    return StepResult(f"<setup {kind} {step[1]}>")


# --------------------------------------------------------------------------- comparing

def json_diff(old: Any, new: Any, path: str = "$") -> list[tuple[str, str, Any, Any]]:
    """(path, kind, old, new) for each difference; kind is added / removed / changed."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for k in old:
            if k not in new:
                out.append((f"{path}.{k}", "removed", old[k], None))
            else:
                out += json_diff(old[k], new[k], f"{path}.{k}")
        for k in new:
            if k not in old:
                out.append((f"{path}.{k}", "added", None, new[k]))
        return out
    if isinstance(old, list) and isinstance(new, list):
        out = []
        for i, (a, b) in enumerate(zip(old, new)):
            out += json_diff(a, b, f"{path}[{i}]")
        for i in range(len(new), len(old)):
            out.append((f"{path}[{i}]", "removed", old[i], None))
        for i in range(len(old), len(new)):
            out.append((f"{path}[{i}]", "added", None, new[i]))
        return out
    if isinstance(old, float) and isinstance(new, float) and old != old and new != new:
        return []  # NaN read back as NaN
    if old != new or type(old) is not type(new):
        return [(path, "changed", old, new)]
    return []


def short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) < 160 else text[:157] + "..."


def text_diff(old: str, new: str) -> list[str]:
    return [ln for ln in difflib.unified_diff(old.splitlines(), new.splitlines(), "old", "new",
                                             n=0, lineterm="")
            if not ln.startswith(("---", "+++", "@@"))]


def try_json(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


CHOICES = re.compile(r"\(choose from ([^)]*)\)")


def same_or_more_choices(old: str, new: str) -> tuple[str, str]:
    """argparse's "(choose from ...)" lists: a choice added is an addition, not a change."""
    a, b = CHOICES.findall(old), CHOICES.findall(new)
    if len(a) == len(b) and all(set(x.split(", ")) <= set(y.split(", ")) for x, y in zip(a, b)):
        return CHOICES.sub("(choose from ...)", old), CHOICES.sub("(choose from ...)", new)
    return old, new


def compare(sc: Scenario, old: RunResult, new: RunResult) -> list[str]:
    notes: list[str] = []
    for i, (a, b) in enumerate(zip(old.steps, new.steps)):
        if a.code is None:
            continue
        a.err, b.err = same_or_more_choices(a.err, b.err)
        where = f"step {i} `{a.label}`"
        if "Traceback" in b.err:
            notes.append(f"REGRESSION? {where}: traceback on stderr:\n    "
                         + "\n    ".join(b.err.splitlines()[-6:]))
        if a.code != b.code:
            notes.append(f"{where}: exit {a.code} -> {b.code}\n    old err: {a.err.strip()[:300]}"
                         f"\n    new err: {b.err.strip()[:300]}")
        if sc.random:
            continue
        ja, jb = try_json(a.out), try_json(b.out)
        if ja is not None and jb is not None:
            for path, kind, x, y in json_diff(ja, jb):
                notes.append(f"{where}: stdout JSON {kind} {path}: {short(x)} -> {short(y)}")
        elif a.out != b.out:
            diff = text_diff(a.out, b.out)
            notes.append(f"{where}: stdout differs:\n    " + "\n    ".join(diff[:40]))
        if a.err != b.err:
            diff = text_diff(a.err, b.err)
            notes.append(f"{where}: stderr differs:\n    " + "\n    ".join(diff[:20]))
        if a.changed != b.changed:
            notes.append(f"{where}: files changed {a.changed} -> {b.changed}")
    if sc.random:
        if sorted(old.files) != sorted(new.files):
            notes.append(f"files left: {sorted(old.files)} -> {sorted(new.files)}")
        return notes
    for name in sorted(set(old.files) | set(new.files)):
        fa, fb = old.files.get(name), new.files.get(name)
        if fa is None or fb is None:
            notes.append(f"file {name}: {'missing in old' if fa is None else 'missing in new'}")
            continue
        if "json" in fa and "json" in fb:
            for path, kind, x, y in json_diff(fa["json"], fb["json"]):
                if (path == "$.format" and isinstance(x, int) and isinstance(y, int)
                        and y > x):
                    continue  # a newer format version written: intended, old files still read
                notes.append(f"file {name}: JSON {kind} {path}: {short(x)} -> {short(y)}")
        elif "pdf" in fa and "pdf" in fb:
            if fa["pdf"]["pages"] != fb["pdf"]["pages"]:
                notes.append(f"file {name}: PDF pages {fa['pdf']['pages']} -> "
                             f"{fb['pdf']['pages']}")
            lost = Counter(fa["pdf"]["words"]) - Counter(fb["pdf"]["words"])
            gained = Counter(fb["pdf"]["words"]) - Counter(fa["pdf"]["words"])
            if lost or gained:
                notes.append(f"file {name}: PDF words lost {short(sorted(lost.elements()))}, "
                             f"gained {short(sorted(gained.elements()))}")
        elif fa != fb:
            notes.append(f"file {name}: content differs ({list(fa)} -> {list(fb)})")
    return notes


def main(argv: list[str] | None = None) -> int:
    global OLD_ROOT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the old checkout (with .venv)")
    parser.add_argument("--new", type=Path, default=HERE, help="the new checkout (with .venv)")
    parser.add_argument("-k", default="",
                        help="only scenarios whose name contains one of these (comma-separated)")
    parser.add_argument("--start", default="",
                        help="skip the scenarios before the first whose name starts so")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--report", type=Path, help="also write the report to this file")
    parser.add_argument("--list", action="store_true", help="list the scenarios and stop")
    args = parser.parse_args(argv)
    OLD_ROOT = args.old.resolve()
    exes = [p.resolve() / ".venv" / "bin" / "character-builder" for p in (args.old, args.new)]
    words = args.k.split(",")
    chosen = [sc for sc in scenarios() if any(w in sc.name for w in words)]
    if args.start:
        first = next(i for i, sc in enumerate(chosen) if sc.name.startswith(args.start))
        chosen = chosen[first:]
    if args.list:
        for sc in chosen:
            print(sc.name, len(sc.steps))
        return 0

    def one(sc: Scenario) -> tuple[Scenario, list[str]]:
        try:
            return sc, compare(sc, run_scenario(exes[0], sc), run_scenario(exes[1], sc))
        except Exception as exc:  # noqa: BLE001 - a broken scenario is reported, the rest run
            return sc, [f"the scenario itself failed: {exc!r}"]

    lines: list[str] = []
    differing = 0
    steps = sum(sum(1 for s in sc.steps if not isinstance(s, tuple)) for sc in chosen)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for sc, notes in pool.map(one, chosen):
            if notes:
                differing += 1
                lines.append(f"## {sc.name}")
                lines += [f"- {n}" for n in notes]
                print("\n".join(lines[-len(notes) - 1:]), flush=True)
    summary = (f"{len(chosen)} scenarios ({steps} commands): {differing} with differences")
    lines.append(summary)
    print(summary)
    if args.report:
        args.report.write_text("\n".join(lines) + "\n")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
