"""Story Point creation: a baseline from ``new``'s ``--set`` pairs, every reason a
baseline is illegal, and the state a baseline stands for."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from builder.rules.base import Reason, UsageError, parse_int, parse_yes_no
from . import checks, codes
from .state import ClassState, SPState

if TYPE_CHECKING:
    from .ruleset import StoryPoints


SET_KEYS = ("sp=N", "vital.NAME=N", "skill.NAME=N", "class.NAME=N", "trait.CLASS.TRAIT=N",
            "spell.CLASS=SPELL", "active=yes|no", "vit=N", "wounded=N")


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default

def baseline_from_sets(rules: StoryPoints, sets: Sequence[tuple[str, str]], *,
                       rng: random.Random, randomize: bool = False) -> dict[str, Any]:
    d = rules.d
    baseline: dict[str, Any] = {
        "sp": 0, "active": True,
        "vitals": {v: d.vital_min for v in d.vitals},
        "skills": {s: 0 for s in d.skills},
        "classes": {}, "vit": None, "wounded": 0,
    }
    classes: dict[str, dict[str, Any]] = {}

    def cls_entry(name: str) -> dict[str, Any]:
        return classes.setdefault(name, {"level": 0, "traits": {}, "spells": []})

    for raw_key, value in sets:
        head, _, rest = raw_key.partition(".")
        head = head.strip().casefold()
        if head == "sp" and not rest:
            baseline["sp"] = parse_int(value, "sp")
        elif head == "active" and not rest:
            baseline["active"] = parse_yes_no(value, "active")
        elif head == "vit" and not rest:
            baseline["vit"] = parse_int(value, "vit")
        elif head == "wounded" and not rest:
            baseline["wounded"] = parse_int(value, "wounded")
        elif head == "vital" and rest:
            baseline["vitals"][rules.vital_name(rest)] = parse_int(value, raw_key)
        elif head == "skill" and rest:
            baseline["skills"][rules.skill_name(rest)] = parse_int(value, raw_key)
        elif head == "class" and rest:
            cls_entry(rules.class_name(rest))["level"] = parse_int(value, raw_key)
        elif head == "trait" and "." in rest:
            class_part, _, trait_part = rest.partition(".")
            class_name = rules.class_name(class_part)
            trait = rules.trait_name(class_name, trait_part)
            cls_entry(class_name)["traits"][trait] = parse_int(value, raw_key)
        elif head == "spell" and rest:
            class_name = rules.class_name(rest)
            spell = rules.spell_name(class_name, value)
            spells = cls_entry(class_name)["spells"]
            if spell not in spells:
                spells.append(spell)
        else:
            raise UsageError(f"unknown --set key '{raw_key}' for story-points; valid keys: "
                             + ", ".join(SET_KEYS))
    for name, entry in classes.items():
        entry["traits"] = {t: r for t, r in entry["traits"].items() if r != 0}
        if entry["level"] != 0 or entry["traits"] or entry["spells"]:
            baseline["classes"][name] = entry
    return baseline


def validate_baseline(rules: StoryPoints, baseline: dict[str, Any]) -> list[str]:
    reasons: list[str] = []
    try:
        sp = baseline.get("sp", 0)
        if not isinstance(sp, int) or sp < 0:
            reasons.append(Reason(f"unspent SP must be 0 or more (it is {sp})",
                                  codes.BASELINE_OUT_OF_RANGE))
        reasons += _value_reasons(rules, baseline)
        held: dict[str, dict[str, Any]] = baseline.get("classes", {})
        for cname, entry in held.items():
            reasons += _class_reasons(rules, cname, entry)
        # Rangers and Rogues: no second mechanically equivalent trait.
        seen: set[tuple[tuple[str, str], tuple[str, str], str]] = set()
        for cname, entry in held.items():
            for trait in entry.get("traits", {}):
                clash = checks.equivalent_clash_in(rules, held, cname, trait)
                if clash and (min(clash, (cname, trait)), max(clash, (cname, trait)),
                              "") not in seen:
                    seen.add((min(clash, (cname, trait)), max(clash, (cname, trait)), ""))
                    reasons.append(checks.equivalence_reason(cname, trait, clash))
        state = initial_state(rules, baseline)
        vit = baseline.get("vit")
        if vit is not None and (not isinstance(vit, int) or not 0 <= vit <= state.vit_max):
            reasons.append(Reason(f"current VIT must be from 0 to maximum VIT {state.vit_max} "
                                  f"(it is {vit})", codes.BASELINE_OUT_OF_RANGE))
        wounded = baseline.get("wounded", 0)
        if not isinstance(wounded, int) or not 0 <= wounded <= state.vit_max:
            reasons.append(Reason(f"Wounded AD must be from 0 to {state.vit_max}, the dice body "
                                  f"(it is {wounded})", codes.BASELINE_OUT_OF_RANGE))
        if not isinstance(baseline.get("active", True), bool):
            reasons.append(Reason("active must be true or false", codes.ACTIVE_NOT_BOOL))
    except (AttributeError, TypeError) as exc:
        reasons.append(Reason(f"malformed baseline: {exc}", codes.BASELINE_MALFORMED))
    return reasons


def _value_reasons(rules: StoryPoints, baseline: dict[str, Any]) -> list[str]:
    """Why the baseline's Core Vitals and Skills are illegal."""
    d = rules.d
    reasons: list[str] = []
    vitals = baseline.get("vitals", {})
    skills = baseline.get("skills", {})
    for name in vitals:
        if name not in d.vitals:
            reasons.append(Reason(f"'{name}' is not a Core Vital of this ruleset",
                                  codes.UNKNOWN_NAME))
    for name in skills:
        if name not in d.skills:
            reasons.append(Reason(f"'{name}' is not a Skill of this ruleset", codes.UNKNOWN_NAME))
    for name in d.vitals:
        score = vitals.get(name, d.vital_min)
        if not isinstance(score, int) or not d.vital_min <= score <= d.vital_max:
            reasons.append(Reason(f"{name} must be from {d.vital_min} to {d.vital_max} "
                                  f"(it is {score})", codes.BASELINE_OUT_OF_RANGE))
    for name, vital in d.skills.items():
        level = skills.get(name, 0)
        if not isinstance(level, int) or not 0 <= level <= d.skill_max:
            reasons.append(Reason(f"{name} must be from 0 to {d.skill_max} (it is {level})",
                                  codes.BASELINE_OUT_OF_RANGE))
            continue
        vscore = vitals.get(vital, d.vital_min)
        if isinstance(vscore, int) and level > vscore:
            reasons.append(Reason(f"{name} {level} is above its Linked Vital "
                                  f"({vital} is {vscore})", codes.SKILL_NEEDS_VITAL))
    return reasons


def _class_reasons(rules: StoryPoints, cname: str, entry: dict[str, Any]) -> list[str]:
    """Why one Class of the baseline is illegal (its level, trait ranks and spells)."""
    d = rules.d
    reasons: list[str] = []
    if cname not in d.classes:
        reasons.append(Reason(f"'{cname}' is not a Class of this ruleset", codes.UNKNOWN_NAME))
        return reasons
    info = d.classes[cname]
    level = entry.get("level", 0)
    traits = entry.get("traits", {})
    spells = entry.get("spells", [])
    if not isinstance(level, int) or not 1 <= level <= d.class_max:
        reasons.append(Reason(f"{cname} level must be from 1 to {d.class_max} "
                              f"(it is {level})", codes.BASELINE_OUT_OF_RANGE))
        return reasons
    total = 0
    for trait, rank in traits.items():
        if trait not in info.traits:
            reasons.append(Reason(f"{trait} is not a {cname} trait", codes.TRAIT_NOT_OF_CLASS))
            continue
        if not isinstance(rank, int) or rank < 1:
            reasons.append(Reason(f"{trait} rank must be 1 or more (it is {rank})",
                                  codes.BASELINE_OUT_OF_RANGE))
            continue
        if rank > level:
            reasons.append(Reason(f"{trait} rank {rank} is above its Class ceiling "
                                  f"({cname} is {level})", codes.TRAIT_RANK_ABOVE_CLASS))
        total += rank
    if total != level:
        reasons.append(Reason(f"{cname} {level} has {total} trait rank"
                              f"{'' if total == 1 else 's'} assigned; its trait ranks "
                              f"must add up to its level ({level})", codes.BASELINE_RANKS_TOTAL))
    if spells and not info.casts_spells:
        reasons.append(Reason(f"{cname} does not learn spells", codes.NO_SPELLS))
    else:
        for spell in spells:
            if spell not in info.spells:
                reasons.append(Reason(f"{spell} is not a {cname} spell",
                                      codes.SPELL_NOT_OF_CLASS))
        if len(set(spells)) != len(spells):
            reasons.append(Reason(f"{cname} lists a spell twice", codes.SPELL_KNOWN))
        if len(spells) > level:
            reasons.append(Reason(f"{cname} {level} knows {len(spells)} spells; "
                                  f"a level grants one, so at most {level}",
                                  codes.BASELINE_SPELLS_OVER_LEVEL))
    return reasons


def initial_state(rules: StoryPoints, baseline: dict[str, Any]) -> SPState:
    d = rules.d
    vitals = {v: _int(baseline.get("vitals", {}).get(v), d.vital_min) for v in d.vitals}
    skills = {s: _int(baseline.get("skills", {}).get(s), 0) for s in d.skills}
    classes = {}
    for cname, entry in (baseline.get("classes") or {}).items():
        if cname in d.classes and _int(entry.get("level"), 0) > 0:
            # A trait or spell this Class does not have (a typo) is
            # validate_baseline's to report; the state shows the Class without it.
            known = d.classes[cname]
            classes[cname] = ClassState(
                _int(entry.get("level"), 0),
                {t: _int(r, 0) for t, r in (entry.get("traits") or {}).items()
                 if _int(r, 0) > 0 and t in known.traits},
                [s for s in (entry.get("spells") or []) if s in known.spells])
    vit_max = d.max_vit_for(sum(vitals.values()))
    vit = baseline.get("vit")
    vit_current = vit_max if vit is None else _int(vit, vit_max)
    sp = _int(baseline.get("sp"), 0)
    return SPState(unspent=sp, earned=sp, spent=0,
                   active=bool(baseline.get("active", True)),
                   vitals=vitals, skills=skills, classes=classes, uses_spent={},
                   vit_current=vit_current, vit_max=vit_max,
                   wounded=_int(baseline.get("wounded"), 0),
                   checkpoints={}, resolved=set(), labels={})
