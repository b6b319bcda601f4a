"""The Story Point derived view: what ``show`` prints (as ``show --json`` and as text),
the library's headline and the balance (unspent SP); and the data as ``data story-points
--json`` prints it (names as keys) and back into the data file's shape."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from .data import advancement_records
from .state import SPState

if TYPE_CHECKING:
    from .ruleset import StoryPoints


# -- the ``show --json`` shape (CharacterFile.derived adds the ledger, notes, identity) --
class SPBalance(TypedDict):
    unspent: int
    earned: int
    spent: int


class SkillView(TypedDict):
    level: int
    linked_vital: str


class TraitView(TypedDict):
    rank: int
    uses_left: int
    uses_spent: int
    path: str
    path_skill: str
    usable: bool


class ClassView(TypedDict):
    level: int
    core_skills: list[str]
    casts_spells: bool
    traits: dict[str, TraitView]
    spells: list[str]
    unusable_spells: list[str]


class MilestoneView(TypedDict):
    checkpoints: list[str]
    played: list[str]
    resolved: bool


class VitView(TypedDict):
    current: int
    max: int


class DiceView(TypedDict):
    ready: int
    wounded: int
    body: int


class SPDerived(TypedDict):
    """A story-points character as ``show --json`` prints it (before the ledger rows,
    notes and identity every ruleset's derived view gets)."""

    ruleset: str
    name: str
    sp: SPBalance
    active: bool
    vitals: dict[str, int]
    vitals_total: int
    skills: dict[str, SkillView]
    classes: dict[str, ClassView]
    vit: VitView
    dice: DiceView
    milestones: dict[str, MilestoneView]

def derive(rules: StoryPoints, state: SPState, name: str) -> SPDerived:
    d = rules.d
    classes: dict[str, ClassView] = {}
    for cname, cls in state.classes.items():
        info = d.classes[cname]
        traits: dict[str, TraitView] = {}
        for trait, rank in cls.traits.items():
            path = d.trait_path(cname, trait)
            spent = state.uses_spent.get((cname, trait), 0)
            traits[trait] = {"rank": rank, "uses_left": max(0, rank - spent),
                             "uses_spent": spent, "path": path.name,
                             "path_skill": path.skill,
                             "usable": state.skills[path.skill] >= 1}
        classes[cname] = {
            "level": cls.level,
            "core_skills": list(info.core_skills),
            "casts_spells": info.casts_spells,
            "traits": traits,
            "spells": list(cls.spells),
            "unusable_spells": [s for s in cls.spells
                                if state.skills[d.spell_path(cname, s).skill] < 1],
        }
    return {
        "ruleset": rules.id,
        "name": name,
        "sp": {"unspent": state.unspent, "earned": state.earned, "spent": state.spent},
        "active": state.active,
        "vitals": dict(state.vitals),
        "vitals_total": state.vitals_total,
        "skills": {s: {"level": lv, "linked_vital": d.skills[s]}
                   for s, lv in state.skills.items()},
        "classes": classes,
        "vit": {"current": state.vit_current, "max": state.vit_max},
        "dice": {"ready": max(0, state.vit_max - state.wounded), "wounded": state.wounded,
                 "body": state.vit_max},
        "milestones": _milestones(state),
    }


def _milestones(state: SPState) -> dict[str, MilestoneView]:
    """Every milestone played, in play order (labels are recorded as first written,
    and a dict keeps that order), with its checkpoints."""
    played: list[str] = []                    # milestone keys
    in_order: dict[str, list[str]] = {}       # milestone key -> checkpoint keys
    for label_key in state.labels:
        m, _, c = label_key.partition("\x00")
        if c:
            in_order.setdefault(m, []).append(c)
        else:
            played.append(m)
    milestones: dict[str, MilestoneView] = {}
    for m in played + sorted((set(state.checkpoints) | state.resolved) - set(played)):
        if m not in state.checkpoints and m not in state.resolved:
            continue
        reached = state.checkpoints.get(m, set())
        milestones[state.labels.get(m, m)] = {
            "checkpoints": sorted(state.labels.get(m + "\x00" + c, c) for c in reached),
            # the same checkpoints in the order they were reached
            "played": [state.labels[m + "\x00" + c] for c in in_order.get(m, [])
                       if c in reached],
            "resolved": m in state.resolved,
        }
    return milestones


def show_text(rules: StoryPoints, derived: dict[str, Any]) -> str:
    lines = [f"{derived['name']} ({rules.title})",
             f"SP: {derived['sp']['unspent']} unspent, {derived['sp']['earned']} earned, "
             f"{derived['sp']['spent']} spent" + ("" if derived["active"] else "  [not Active]"),
             f"VIT {derived['vit']['current']}/{derived['vit']['max']}; "
             f"AD ready {derived['dice']['ready']}, wounded {derived['dice']['wounded']}",
             "Core Vitals: " + ", ".join(f"{k} {v}" for k, v in derived["vitals"].items()),
             "Skills: " + (", ".join(f"{k} {v['level']}" for k, v in derived["skills"].items()
                                     if v["level"]) or "none")]
    for cname, c in derived["classes"].items():
        traits = ", ".join(f"{t} {v['rank']} ({v['uses_left']} left"
                           + ("" if v["usable"] else ", unusable") + ")"
                           for t, v in c["traits"].items()) or "no traits"
        lines.append(f"{cname} {c['level']}: {traits}")
        if c["spells"]:
            lines.append(f"  spells: {', '.join(c['spells'])}")
    return "\n".join(lines)


def headline(rules: StoryPoints, state: SPState) -> dict[str, Any]:
    classes = ", ".join(f"{c} {cs.level}" for c, cs in state.classes.items()) or "-"
    return {"Unspent SP": state.unspent, "Classes": classes}


def balance(rules: StoryPoints, state: SPState) -> int:
    return state.unspent


def public_data(rules: StoryPoints) -> dict[str, Any]:
    d = rules.d
    return {
        "id": rules.id,
        "title": rules.title,
        "vitals": list(d.vitals),
        "skills": dict(d.skills),
        "classes": {
            name: {
                "core_skills": list(c.core_skills),
                "casts_spells": c.casts_spells,
                "traits": dict(c.traits),
                "spells": dict(c.spells),
            }
            for name, c in d.classes.items()
        },
        "paths": {p.name: {"skill": p.skill, "class": p.class_name,
                           "traits": list(p.traits), "spells": list(p.spells)}
                  for p in d.paths.values()},
        "equivalent_traits": rules.data.get("equivalent_traits", []),
        "equivalence_rule_classes": sorted(d.equivalence_classes),
        "vitality": [{"vitals_total": t, "max_vit": v} for t, v in d.vitality],
        "limits": {"vital": d.vital_max, "skill": d.skill_max, "class": d.class_max,
                   "vit": d.vit_max, "vital_min": d.vital_min,
                   # the data file's own names, so this output is an override as is
                   "vital_max": d.vital_max, "skill_max": d.skill_max,
                   "class_max": d.class_max, "vit_max": d.vit_max},
        "costs": {"vital": f"target x {d.vital_cost}", "skill": f"target x {d.skill_cost}",
                  "class": f"target x {d.class_cost}", "new_class": d.new_class_cost,
                  "vital_per_score": d.vital_cost, "skill_per_level": d.skill_cost,
                  "class_per_level": d.class_cost,
                  "training_exchange_discount": d.exchange_discount,
                  "training_exchange_floor": d.exchange_floor},
        "awards": {"checkpoint": d.checkpoint_award, "milestone": d.milestone_award},
        "new_class": {"core_skill_levels_total": d.entry_total,
                      "core_skills_trained": d.entry_trained},
        # what each increase costs and needs, as the rule vocabulary's records
        "advancement": advancement_records(rules.data),
    }


def data_from_public(data: Any) -> Any:
    """``data story-points --json`` output (names as keys, Vitals as a list of names)
    back into the data file's shape; anything else unchanged (the schema judges it)."""
    if not (isinstance(data, dict) and isinstance(data.get("skills"), dict)
            and isinstance(data.get("classes"), dict)):
        return data
    try:
        raw = {k: v for k, v in data.items()
               if k not in ("vitals", "skills", "classes", "paths")}
        vitals = data.get("vitals", [])
        raw["vitals"] = [{"name": v} if isinstance(v, str) else v for v in vitals]
        raw["skills"] = [{"name": n, "vital": v} for n, v in data["skills"].items()]
        raw["classes"] = [{"name": n, "core_skills": c.get("core_skills"),
                           "casts_spells": c.get("casts_spells", False)}
                          for n, c in data["classes"].items()]
        paths = data.get("paths", {})
        raw["paths"] = [{"name": n, **{k: p[k] for k in ("class", "skill", "traits",
                                                          "spells") if k in p}}
                        for n, p in paths.items()] if isinstance(paths, dict) else paths
        limits = data.get("limits")
        if isinstance(limits, dict):
            raw["limits"] = {key: limits[key] for key in
                             ("vital_min", "vital_max", "skill_max", "class_max", "vit_max")
                             if key in limits}
        costs = data.get("costs")
        if isinstance(costs, dict):
            raw["costs"] = {key: costs[key] for key in
                            ("vital_per_score", "skill_per_level", "class_per_level",
                             "new_class", "training_exchange_discount",
                             "training_exchange_floor") if key in costs}
        return raw
    except (AttributeError, TypeError):
        return data
