"""The story-points ruleset data, indexed for the rules (read-only after load)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Path:
    name: str
    class_name: str
    skill: str
    traits: tuple[str, ...]
    spells: tuple[str, ...]


@dataclass(frozen=True)
class ClassInfo:
    name: str
    core_skills: tuple[str, ...]
    casts_spells: bool
    paths: tuple[str, ...]
    traits: dict[str, Any] = field(hash=False, compare=False)   # trait -> path name
    spells: dict[str, Any] = field(hash=False, compare=False)   # spell -> path name


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


def validate_data(raw: Any) -> list[str]:
    """Semantic checks of a story-points data file (the schema checks the shape)."""
    problems: list[str] = []
    if not isinstance(raw, dict):
        return ["the data is not a JSON object"]
    for key in ("vitals", "skills", "classes", "paths"):
        if not isinstance(raw.get(key), list) or not raw.get(key):
            problems.append(f"'{key}' must be a non-empty list")
    if problems:
        return problems
    try:
        vitals = {v["name"] for v in raw["vitals"]}
        skills = {s["name"]: s["vital"] for s in raw["skills"]}
        classes = {c["name"]: c for c in raw["classes"]}
        for skill, vital in skills.items():
            if vital not in vitals:
                problems.append(f"Skill {skill}: Linked Vital '{vital}' is not a Core Vital")
        for name, c in classes.items():
            core = c.get("core_skills", [])
            if len(core) != 3:
                problems.append(f"Class {name}: needs exactly three core Skills")
            for skill in core:
                if skill not in skills:
                    problems.append(f"Class {name}: core Skill '{skill}' is not a Skill")
        seen_traits: dict[tuple[str, str], str] = {}
        for p in raw["paths"]:
            if p.get("class") not in classes:
                problems.append(f"Path {p.get('name')}: unknown Class '{p.get('class')}'")
            if p.get("skill") not in skills:
                problems.append(f"Path {p.get('name')}: unknown Path Skill '{p.get('skill')}'")
            for trait in p.get("traits", []) + p.get("spells", []):
                trait_key = (p.get("class"), trait)
                if trait_key in seen_traits:
                    problems.append(f"{trait} appears twice in Class {p.get('class')}")
                seen_traits[trait_key] = p.get("name")
            if p.get("spells") and not classes.get(p.get("class"), {}).get("casts_spells"):
                problems.append(f"Path {p.get('name')}: Class {p.get('class')} does not cast spells")
        for group in raw.get("equivalent_traits", []):
            for cls, trait in group.get("traits", []):
                if (cls, trait) not in seen_traits:
                    problems.append(f"equivalent traits: {cls} has no trait '{trait}'")
        limits = raw.get("limits", {})
        low, high = limits.get("vital_min", 1), limits.get("vital_max", 10)
        if isinstance(low, int) and isinstance(high, int) and high < low:
            problems.append(f"limits: vital_max {high} is below vital_min {low}")
        costs = raw.get("costs", {})
        floor = costs.get("training_exchange_floor", 1)
        if isinstance(floor, int) and floor < 1:
            problems.append("costs: a Training Exchange increase costs at least 1 SP "
                            f"(training_exchange_floor is {floor})")
    except (KeyError, TypeError, ValueError) as exc:
        problems.append(f"malformed entry: {exc}")
    return problems
