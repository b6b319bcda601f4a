"""A recorded picture of what the story-points and ability-bonuses rules say.

The rules moved from hand-written Python onto the typed rule vocabulary
(:mod:`builder.rules.vocabulary`); this snapshot was recorded *before* that move
and proves nothing a player or a script reads changed: every option (target,
cost, reasons with their codes), every check of a broad set of actions (the
refusals ``do`` prints), the chain's blocking edges and the plans, over every
sample character, the valid corpus characters, characters built from many
baselines and the states of seeded random walks through the legal options;
plus the command line itself (``options --json``, ``plan``, ``do`` refusals
on stderr, byte for byte) on the sample and corpus files.

Regenerate (only when a rule is *meant* to change, and say so in the commit)::

    python -m tests.core.rules_snapshot --write
"""
from __future__ import annotations

import gzip
import io
import json
import random
import shutil
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = Path(__file__).resolve().parent / "data" / "rules_snapshot.json.gz"
SAMPLES = ROOT / "builder" / "data" / "samples"
CORPUS = ROOT / "tests" / "corpus" / "characters"


def _reasons(reasons) -> list:
    return [[str(r), getattr(r, "code", "rule")] for r in reasons]


def _jsonable(value):
    return json.loads(json.dumps(value, default=str))


def _options(ruleset, state) -> list:
    found = []
    for o in ruleset.options(state):
        entry = _jsonable({k: v for k, v in o.to_json().items() if k != "reasons"})
        entry["reasons"] = _reasons(o.reasons)
        for key in ("blocked_traits", "blocked_spells"):
            blocked = (o.extra.get("choices") or {}).get(key)
            if blocked:
                entry["choices"][key] = {n: _reasons(rs) for n, rs in blocked.items()}
        found.append(entry)
    return found


# -- story points ----------------------------------------------------------------------

def sp_actions(rs, state) -> list[dict]:
    """A broad set of actions: every raise and entry, each trait and spell choice,
    with and without a Training Exchange, uses, awards."""
    d = rs.d
    actions: list[dict] = []
    for vital in d.vitals:
        actions.append({"action": "raise-vital", "name": vital})
        actions.append({"action": "raise-vital", "name": vital, "exchange": True})
    for skill in d.skills:
        actions.append({"action": "raise-skill", "name": skill})
        actions.append({"action": "raise-skill", "name": skill, "exchange": True})
    for cname, info in d.classes.items():
        spells = list(info.spells) or [None]
        for verb in ("raise-class", "enter-class"):
            for trait in info.traits:
                for spell in (spells[0], None) if info.casts_spells else (None,):
                    action = {"action": verb, "name": cname, "trait": trait}
                    if spell:
                        action["spell"] = spell
                    if verb == "enter-class":
                        action["scene"] = "a scene"
                    actions.append(action)
            first = next(iter(info.traits))
            for spell in info.spells:
                action = {"action": verb, "name": cname, "trait": first, "spell": spell}
                if verb == "enter-class":
                    action["scene"] = "a scene"
                actions.append(action)
        # a trait of another Class, an exchange, a missing scene
        actions.append({"action": "raise-class", "name": cname, "trait": next(iter(info.traits)),
                        "exchange": True})
        actions.append({"action": "enter-class", "name": cname,
                        "trait": next(iter(info.traits)), "scene": ""})
        for trait in info.traits:
            actions.append({"action": "use-trait", "class": cname, "trait": trait})
    actions += [{"action": "rest"}, {"action": "set-active", "active": False},
                {"action": "set-active", "active": True},
                {"action": "award-checkpoint", "milestone": "M", "checkpoint": "C"},
                {"action": "resolve-milestone", "milestone": "M"}]
    return actions


def sp_record(rs, state) -> dict:
    from builder.rulesets.story_points.rules.chain import build_chain

    checks = []
    for action in sp_actions(rs, state):
        resolved = rs.resolve(state, dict(action), random.Random(0))
        checks.append([action, _reasons(rs.check(state, resolved)), rs.cost(state, action)])
    chain = build_chain(rs, state)
    return {
        "options": _options(rs, state),
        "checks": checks,
        "chain": {
            "nodes": [[n.id, n.allowed, n.cost, n.target, list(map(str, n.reasons)), n.held,
                       n.usable] for n in chain.nodes.values()],
            "edges": [[e.source, e.target, e.kind, e.blocking] for e in chain.edges],
            "order": chain.order,
        },
    }


def sp_plans(rs, state) -> dict:
    from builder.rules.base import RulesError

    targets = [f"skill:{s}={min(10, state.skills[s] + 2)}" for s in list(rs.d.skills)[:5]]
    targets += [f"class:{c}={min(10, state.level(c) + 1)}" for c in rs.d.classes]
    targets += [f"vital:{v}={min(10, state.vitals[v] + 1)}" for v in list(rs.d.vitals)[:2]]
    plans = {}
    for target in targets:
        try:
            plans[target] = _jsonable(rs.plan(state, target).to_json())
        except RulesError as exc:
            plans[target] = ["refused", str(exc)]
    return plans


SP_BASELINES = [
    {},
    {"sp": "100"},
    {"sp": "40", "active": "no"},
    {"sp": "30", "vital.Agility": "3", "skill.Acrobatics": "2", "skill.Stealth": "1"},
    {"sp": "60", "vital.Strength": "4", "vital.Perception": "3", "skill.Melee": "3",
     "skill.Ranged": "1", "class.Fighter": "2", "trait.Fighter.Parry": "2"},
    {"sp": "80", "vital.Cognition": "3", "vital.Presence": "3", "skill.Medicine": "3",
     "skill.Influence": "1", "skill.Occult": "0", "class.Cleric": "3",
     "trait.Cleric.Restoring Grace": "3", "spell.Cleric": "Mend Wounds"},
    {"sp": "50", "vital.Agility": "4", "vital.Endurance": "3", "skill.Stealth": "3",
     "skill.Acrobatics": "2", "skill.Athletics": "2", "skill.Survival": "1",
     "class.Rogue": "2", "trait.Rogue.Ambush": "1", "trait.Rogue.Tumble": "1"},
    {"sp": "5", "vital.Strength": "10", "skill.Melee": "10", "class.Fighter": "10",
     "trait.Fighter.Parry": "10"},
    {"sp": "20", "vital.Cognition": "2", "vital.Perception": "2", "vital.Presence": "2",
     "skill.Occult": "1", "skill.Observation": "1", "skill.Performance": "1"},
]


def _sp_states(rs, strict: bool = True):
    from builder.rules.engine import perform
    from builder.storage.files import load_character

    states = []
    for path in [SAMPLES / "Senna-Vale.json", CORPUS / "sp-valid.json"]:
        states.append((path.name, load_character(path).state))
    for index, sets in enumerate(SP_BASELINES):
        baseline = rs.baseline_from_sets(list(sets.items()), rng=random.Random(0))
        if not strict and rs.validate_baseline(baseline):
            continue
        assert rs.validate_baseline(baseline) == [], (sets, rs.validate_baseline(baseline))
        states.append((f"baseline-{index}", rs.initial_state(baseline)))
    walked = []
    for name, start in states:
        rng = random.Random(name)
        state = start
        for step in range(12):
            candidates = [a for a in sp_actions(rs, state)
                          if a["action"] not in ("set-active",)]
            rng.shuffle(candidates)
            for action in candidates:
                try:
                    _, state = perform(rs, state, action, random.Random(0))
                except Exception:  # refused: try the next one
                    continue
                break
            if step % 4 == 3:
                walked.append((f"{name}+walk{step}", state))
    return states + walked


# -- ability bonuses ---------------------------------------------------------------------

def ab_actions(rs, state) -> list[dict]:
    actions = [{"action": "set-age", "age": c["id"]} for c in rs.age_categories]
    actions.append({"action": "set-age", "age": None})
    actions.append({"action": "set-age", "age": "ancient"})
    for ability in ("MIG", "DEX", "SKL", "SPD", "XXX"):
        actions.append({"action": "modify", "ability": ability, "value": 1, "name": "Bless"})
    actions.append({"action": "modify", "ability": "MIG", "value": 0, "name": "Zero"})
    actions.append({"action": "modify", "ability": "MIG", "value": 1, "name": " "})
    actions.append({"action": "unmodify", "name": "Bless"})
    actions.append({"action": "unmodify", "name": "Nothing"})
    actions.append({"action": "jump"})
    return actions


def ab_record(rs, state) -> dict:
    checks = [[a, _reasons(rs.check(state, a))] for a in ab_actions(rs, state)]
    return {"options": _options(rs, state), "checks": checks}


def _ab_states(rs):
    from builder.rules.engine import perform
    from builder.storage.files import load_character

    states = [(p.name, load_character(p).state)
              for p in (SAMPLES / "Ann-Coldwater.json", CORPUS / "ab-valid.json")]
    for age in (None, "young", "old"):
        baseline = rs.chosen_baseline({"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}, age=age)
        state = rs.initial_state(baseline)
        states.append((f"chosen-{age}", state))
        _, state = perform(rs, state, {"action": "modify", "ability": "MIG", "value": 1,
                                       "name": "Bless"})
        states.append((f"chosen-{age}+bless", state))
    return states


# -- the command line ----------------------------------------------------------------

def _cli(*argv) -> list:
    from builder.cli import run

    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        code = run([str(a) for a in argv])
    return [code, stdout.getvalue(), stderr.getvalue()]


CLI_DO = [
    ["raise-vital", "Strength"], ["raise-vital", "Cognition", "--exchange"],
    ["raise-skill", "Medicine"], ["raise-skill", "Melee"], ["raise-skill", "Occult", "--exchange"],
    ["raise-skill", "Acrobatics"],
    ["raise-class", "Cleric", "--trait", "Restoring Grace", "--spell", "Bless"],
    ["raise-class", "Cleric", "--trait", "Zeal"],
    ["raise-class", "Fighter", "--trait", "Parry"],
    ["raise-class", "Cleric", "--trait", "Parry", "--spell", "Bless", "--exchange"],
    ["enter-class", "Fighter", "--trait", "Parry", "--scene", "a duel"],
    ["enter-class", "Rogue", "--trait", "Ambush", "--scene", "a theft"],
    ["enter-class", "Mage", "--trait", "Far Sight", "--spell", "Scry", "--scene", "study"],
    ["use-trait", "Cleric", "Zeal"], ["use-trait", "Cleric", "Restoring Grace"],
    ["set-age", "old"], ["set-age", "off"], ["unmodify", "--name", "Nothing"],
    ["modify", "MIG", "1", "--name", "Bless"], ["raise-vital", "Strength", "--exchange"],
]


def cli_record() -> dict:
    found: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for source in [SAMPLES / "Senna-Vale.json", SAMPLES / "Ann-Coldwater.json",
                       CORPUS / "sp-valid.json", CORPUS / "ab-valid.json"]:
            path = Path(tmp) / source.name
            shutil.copy(source, path)
            entry = {"options": _cli("options", path), "options-json": _cli("options", path,
                                                                            "--json"),
                     "plan": [_cli("plan", path, target, "--json") for target in
                              ("class:Cleric=5", "skill:Medicine=6", "class:Fighter=1", "class:Rogue=2")],
                     "do": []}
            for words in CLI_DO:
                before = path.read_bytes()
                result = _cli("do", path, *words)
                if result[0] == 0:
                    shutil.copy(source, path)      # taken: start the next from the file
                    result[1] = "(taken)"          # its line carries no rule wording
                else:
                    result.append(path.read_bytes() == before)
                entry["do"].append([words, result])
            found[source.name] = entry
    return found


OVERRIDE = {"extends": "story-points",
            "costs": {"vital_per_score": 3, "skill_per_level": 2, "class_per_level": 2,
                      "new_class": 2, "training_exchange_discount": 2,
                      "training_exchange_floor": 2},
            "new_class": {"core_skill_levels_total": 4, "core_skills_trained": 3},
            "limits": {"skill_max": 6, "vital_max": 7, "class_max": 5}}


def override_record() -> dict:
    """The same records under a homebrew override of every number the rules read."""
    import os

    from builder.storage import rulesets

    folder = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "story-points.json"
    path.write_text(json.dumps(OVERRIDE))
    rulesets.forget_loaded()
    try:
        sp = rulesets.load_ruleset("story-points")
        assert sp.d.vital_cost == 3, "the override was not read"
        states = _sp_states(sp, strict=False)
        return {name: sp_record(sp, state) for name, state in states[::3]}
    finally:
        path.unlink()
        rulesets.forget_loaded()


def record() -> dict:
    from builder.storage.rulesets import load_ruleset

    sp = load_ruleset("story-points")
    ab = load_ruleset("ability-bonuses")
    sp_states = _sp_states(sp)
    return {
        "story-points": {name: sp_record(sp, state) for name, state in sp_states},
        "story-points-plans": {name: sp_plans(sp, state) for name, state in sp_states[:6]},
        "ability-bonuses": {name: ab_record(ab, state) for name, state in _ab_states(ab)},
        "cli": cli_record(),
        "story-points-override": override_record(),
    }


def load() -> dict:
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as handle:
        return json.load(handle)


def write() -> None:
    SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record(), sort_keys=True, ensure_ascii=False, indent=0)
    with gzip.GzipFile(SNAPSHOT, "wb", mtime=0) as handle:
        handle.write(text.encode("utf-8"))


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        import os

        os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp())
        write()
        print(f"wrote {SNAPSHOT}")
    else:
        print(__doc__)
