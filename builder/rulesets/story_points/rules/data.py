"""The story-points ruleset data, indexed for the rules (read-only after load)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from builder.rules import vocabulary as vocab
from builder.rules.records import FrozenRecord

#: The kinds of increase ``advancement`` gives records for (each: cost, requires).
STEP_KINDS = ("vital", "skill", "class", "new_class", "trait", "spell")


class Path(FrozenRecord):
    _fields = ("name", "class_name", "skill", "traits", "spells")
    __slots__ = _fields
    name: str
    class_name: str
    skill: str
    traits: tuple[str, ...]
    spells: tuple[str, ...]

    def __init__(self, name: str, class_name: str, skill: str, traits: tuple[str, ...],
                 spells: tuple[str, ...]) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "class_name", class_name)
        object.__setattr__(self, "skill", skill)
        object.__setattr__(self, "traits", traits)
        object.__setattr__(self, "spells", spells)


class ClassInfo(FrozenRecord):
    """Compared and hashed without ``traits`` and ``spells`` (dicts)."""

    _fields = ("name", "core_skills", "casts_spells", "paths")
    __slots__ = _fields + ("traits", "spells")
    _repr_fields = ("name", "core_skills", "casts_spells", "paths", "traits", "spells")
    name: str
    core_skills: tuple[str, ...]
    casts_spells: bool
    paths: tuple[str, ...]
    traits: dict[str, Any]   # trait -> path name
    spells: dict[str, Any]   # spell -> path name

    def __init__(self, name: str, core_skills: tuple[str, ...], casts_spells: bool,
                 paths: tuple[str, ...], traits: dict[str, Any],
                 spells: dict[str, Any]) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "core_skills", core_skills)
        object.__setattr__(self, "casts_spells", casts_spells)
        object.__setattr__(self, "paths", paths)
        object.__setattr__(self, "traits", traits)
        object.__setattr__(self, "spells", spells)


class SPData:
    """Typed, indexed view of builder/rulesets/story_points/data/story-points.json."""

    def __init__(self, raw: dict[str, Any]):
        self.raw = raw
        limits = raw.get("limits", {})
        self.vital_max = int(limits.get("vital_max", 10))
        self.vital_min = int(limits.get("vital_min", 1))
        self.skill_max = int(limits.get("skill_max", 10))
        self.class_max = int(limits.get("class_max", 10))
        self.vit_max = int(limits.get("vit_max", 10))
        costs = raw.get("costs", {})
        self.vital_cost = int(costs.get("vital_per_score", 2))
        self.skill_cost = int(costs.get("skill_per_level", 1))
        self.class_cost = int(costs.get("class_per_level", 1))
        self.new_class_cost = int(costs.get("new_class", 1))
        self.exchange_discount = int(costs.get("training_exchange_discount", 1))
        self.exchange_floor = int(costs.get("training_exchange_floor", 1))
        awards = raw.get("awards", {})
        self.checkpoint_award = int(awards.get("checkpoint", 2))
        self.milestone_award = int(awards.get("milestone", 3))
        entry = raw.get("new_class", {})
        self.entry_total = int(entry.get("core_skill_levels_total", 3))
        self.entry_trained = int(entry.get("core_skills_trained", 2))

        self.vitals: list[str] = [v["name"] for v in raw["vitals"]]
        self.skills: dict[str, str] = {s["name"]: s["vital"] for s in raw["skills"]}
        self.paths: dict[str, Path] = {}
        for p in raw["paths"]:
            self.paths[p["name"]] = Path(p["name"], p["class"], p["skill"],
                                         tuple(p.get("traits", [])), tuple(p.get("spells", [])))
        self.classes: dict[str, ClassInfo] = {}
        for c in raw["classes"]:
            paths = tuple(p.name for p in self.paths.values() if p.class_name == c["name"])
            traits = {t: p for p in paths for t in self.paths[p].traits}
            spells = {s: p for p in paths for s in self.paths[p].spells}
            self.classes[c["name"]] = ClassInfo(c["name"], tuple(c["core_skills"]),
                                                bool(c.get("casts_spells", False)),
                                                paths, traits, spells)
        self.equivalence_classes = set(raw.get("equivalence_rule_classes", []))
        # (class, trait) -> (group name, [(class, trait), ...])
        self.equivalents: dict[tuple[str, str], tuple[str, list[tuple[str, str]]]] = {}
        for group in raw.get("equivalent_traits", []):
            members = [(c, t) for c, t in group["traits"]]
            for member in members:
                self.equivalents[member] = (group.get("name", ""), members)
        self.vitality = sorted((int(row["vitals_total"]), int(row["max_vit"]))
                               for row in raw.get("vitality", []))
        self._bind_advancement()

    # -- the typed records of each increase (``advancement``) ----------------------
    def entries(self, kind: str) -> dict[Any, dict[str, Any]]:
        """Every entry an advancement record of ``kind`` is bound to: its key (a name,
        or (Class, trait) / (Class, spell)) -> the fields ``{"entry": ...}`` reads."""
        if kind == "vital":
            return {v: {"name": v} for v in self.vitals}
        if kind == "skill":
            return {s: {"name": s, "vital": v} for s, v in self.skills.items()}
        if kind in ("class", "new_class"):
            return {c.name: {"name": c.name, "core_skills": list(c.core_skills),
                             "casts_spells": c.casts_spells} for c in self.classes.values()}
        found: dict[Any, dict[str, Any]] = {}
        for c in self.classes.values():
            for name, pname in (c.traits if kind == "trait" else c.spells).items():
                path = self.paths[pname]
                found[(c.name, name)] = {"name": name, "class": c.name, "path": pname,
                                         "path_skill": path.skill}
        return found

    def _bind_advancement(self) -> None:
        records = advancement_records(self.raw)
        #: kind -> entry key -> {"cost": record or None, "requires": [records]}
        self.steps: dict[str, dict[Any, dict[str, Any]]] = {}
        for kind in STEP_KINDS:
            step = records[kind]
            self.steps[kind] = {}
            for key, entry in self.entries(kind).items():
                requires = vocab.bind(step.get("requires", []), self.raw, entry)
                self.steps[kind][key] = {"cost": vocab.bind(step.get("cost"), self.raw, entry),
                                         "requires": requires,
                                         "met": vocab.checker(requires)}
        exchange = vocab.bind(records["training_exchange"], self.raw)
        self.exchange_by = int(exchange.get("by", self.exchange_discount))
        self.exchange_min = int(exchange.get("floor", self.exchange_floor))

    def requires(self, kind: str, key: str | tuple[str, str]) -> list[Any]:
        found: list[Any] = self.steps[kind][key]["requires"]
        return found

    def unmet(self, kind: str, key: str | tuple[str, str], facts: vocab.Facts, subject: str,
              target: int) -> list[str]:
        """The reasons the records of ``kind`` for ``key`` give (none: met)."""
        step = self.steps[kind][key]
        if step["met"](facts, target):
            return []
        return list(vocab.unmet(step["requires"], facts, subject, target))

    def price(self, kind: str, key: str | tuple[str, str], target: int,
              exchange: bool = False) -> int:
        """What the increase of ``kind`` of ``key`` to ``target`` costs (with a
        Training Exchange's discount when ``exchange``)."""
        step = self.steps[kind].get(key)
        if step is None or step["cost"] is None:
            return 0
        record = step["cost"]
        if exchange:
            record = vocab.reduced(record, self.exchange_by, self.exchange_min)
        return vocab.cost(record, target) or 0

    def max_vit_for(self, vitals_total: int) -> int:
        value = 0
        for threshold, vit in self.vitality:
            if vitals_total >= threshold:
                value = vit
        return min(value, self.vit_max)

    def trait_path(self, class_name: str, trait: str) -> Path:
        return self.paths[self.classes[class_name].traits[trait]]

    def spell_path(self, class_name: str, spell: str) -> Path:
        return self.paths[self.classes[class_name].spells[spell]]


@lru_cache(maxsize=1)
def _builtin_advancement() -> str:
    import json

    from builder.resources import load_package_json

    folder = __name__.rsplit(".", 2)[0]      # the rule system's folder, wherever it is
    return json.dumps(load_package_json(f"{folder}:data/story-points.json")["advancement"])


def advancement_records(raw: dict[str, Any]) -> dict[str, Any]:
    """The ``advancement`` records of ``raw``, each kind it leaves out the built-in
    one (a whole-file override written before the records existed keeps working)."""
    import json

    builtin = json.loads(_builtin_advancement())
    found = raw.get("advancement")
    own: dict[str, Any] = found if isinstance(found, dict) else {}
    return {kind: own.get(kind, builtin[kind])
            for kind in (*STEP_KINDS, "training_exchange")}


def advancement_problems(raw: dict[str, Any]) -> list[str]:
    """Every record of ``advancement`` against the vocabulary's schema, and every
    reference it makes to the data or to the entries it is bound to."""
    problems: list[str] = []
    records = advancement_records(raw)
    for kind in STEP_KINDS:
        where = f"advancement/{kind}"
        if "cost" in records[kind]:
            problems += vocab.record_problems(records[kind]["cost"], "cost", f"{where}/cost")
        problems += vocab.record_problems(records[kind].get("requires", []), "requires",
                                          f"{where}/requires")
    for key in ("by", "floor"):
        value = records["training_exchange"].get(key)
        if value is not None:
            problems += vocab.record_problems({"type": "flat", "amount": value}, "cost",
                                              f"advancement/training_exchange/{key}")
    if problems:
        return problems
    try:
        data = SPData(raw)
    except vocab.ReferenceProblem as problem:
        return [f"advancement: {problem}"]
    for kind in STEP_KINDS:
        known = set(data.vitals) | set(data.skills) | set(data.classes)
        for key, step in data.steps[kind].items():
            for name in vocab.names_used(step["requires"]) - known:
                problems.append(f"advancement/{kind}: {key if isinstance(key, str) else key[1]} "
                                f"needs '{name}', which is no Vital, Skill or Class")
    return problems[:10]


def validate_data(data: Any) -> list[str]:
    """What the names must agree on, which the JSON Schema (checked first, see the
    ruleset's ``data_schema``: every key, type and bound) cannot say; each problem
    starts with the path of the bad value, as the schema's do."""
    if not isinstance(data, dict):
        return ["the data is not a JSON object"]
    problems: list[str] = []
    try:
        vitals = {v["name"] for v in data["vitals"]}
        skills = {s["name"]: s["vital"] for s in data["skills"]}
        classes = {c["name"]: c for c in data["classes"]}
        for i, skill in enumerate(data["skills"]):
            if skill["vital"] not in vitals:
                problems.append(f"skills/{i}/vital: Skill {skill['name']}'s Linked Vital "
                                f"'{skill['vital']}' is not a Core Vital")
        for i, c in enumerate(data["classes"]):
            for j, skill in enumerate(c["core_skills"]):
                if skill not in skills:
                    problems.append(f"classes/{i}/core_skills/{j}: Class {c['name']}'s core "
                                    f"Skill '{skill}' is not a Skill")
        seen_traits: dict[tuple[str, str], str] = {}
        for i, p in enumerate(data["paths"]):
            if p["class"] not in classes:
                problems.append(f"paths/{i}/class: Path {p['name']}: unknown Class '{p['class']}'")
            if p["skill"] not in skills:
                problems.append(f"paths/{i}/skill: Path {p['name']}: unknown Path Skill "
                                f"'{p['skill']}'")
            for group in ("traits", "spells"):
                for j, trait in enumerate(p.get(group, [])):
                    key = (p["class"], trait)
                    if key in seen_traits:
                        problems.append(f"paths/{i}/{group}/{j}: {trait} appears twice in "
                                        f"Class {p['class']}")
                    seen_traits[key] = p["name"]
            if p.get("spells") and not classes.get(p["class"], {}).get("casts_spells"):
                problems.append(f"paths/{i}/spells: Path {p['name']}: Class {p['class']} does "
                                "not cast spells")
        for i, group in enumerate(data.get("equivalent_traits", [])):
            for j, (cls, trait) in enumerate(group["traits"]):
                if (cls, trait) not in seen_traits:
                    problems.append(f"equivalent_traits/{i}/traits/{j}: {cls} has no trait "
                                    f"'{trait}'")
    except (KeyError, TypeError, ValueError) as exc:
        problems.append(f"the data is malformed ({exc}); check it against its schema")
    if not problems:
        problems += advancement_problems(data)
    return problems
