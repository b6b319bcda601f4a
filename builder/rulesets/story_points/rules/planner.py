"""The planner: the cheapest legal sequence of increases to reach a target.

Costs are separable: every increase is paid once, and raising a value further
than needed never makes anything cheaper.  So the cheapest plan is the cheapest
*set of final levels* that satisfies the target's requirements, bought in a
legal order (Core Vitals, then Skills, then the Class steps).  For a Class the
requirement sets are enumerated exactly: which core Skill carries the new
level, the levels that satisfy the entry rule (both read from the Class's
advancement records), which Path's Skill makes a trait (and, for casters, enough
new spells) choosable.  Prices are the records' own.  What stays code: the
search itself: a Skill's requirement raises the Vitals its records ask for as
thresholds (its Linked Vital at the target, or what a homebrew record says), and
the candidate levels of a Class are its core Skills', so a record of another
shape (a total, a count, one of several) is planned only as far as these
candidates reach; every plan is checked step by step by the rules before it is
offered.  A brute-force search over
every legal action sequence proves this optimal in tests/core.
"""
from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from builder.rules import vocabulary as vocab
from builder.rules.base import (Action, Plan, PlanStep, Reason, Refusal, UsageError,
                                match_name)
from . import checks, codes

if TYPE_CHECKING:
    from builder.rulesets.story_points.rules.ruleset import StoryPoints
    from builder.rulesets.story_points.rules.state import SPState

#: One step of a plan: kind, name, target and cost (a Class step adds its choices).
Step = dict[str, Any]

TARGET = re.compile(r"^\s*(vital|skill|class)\s*:\s*(.+?)\s*=\s*(-?\d+)\s*$", re.IGNORECASE)


def parse_target(ruleset: StoryPoints, text: str) -> tuple[str, str, int]:
    m = TARGET.match(text or "")
    if not m:
        raise UsageError(f"target '{text}' must look like vital:NAME=N, skill:NAME=N or "
                         "class:NAME=N")
    kind, name, level = m.group(1).lower(), m.group(2), int(m.group(3))
    d = ruleset.d
    if kind == "vital":
        name = match_name(name, d.vitals, "Core Vital")
    elif kind == "skill":
        name = match_name(name, d.skills, "Skill")
    else:
        name = match_name(name, d.classes, "Class")
    return kind, name, level


def _requirement_cost(ruleset: StoryPoints, state: SPState, vitals_req: dict[str, int],
                      skills_req: dict[str, int]) -> tuple[int, list[Step], list[str]]:
    """(cost, steps, reasons) to raise every listed value to at least its level."""
    d = ruleset.d
    need_v = dict(vitals_req)
    for skill, level in skills_req.items():
        for vital, needed in value_needs(d.requires("skill", skill), level):
            if vital in d.vitals:
                need_v[vital] = max(need_v.get(vital, 0), needed)
    steps: list[Step] = []
    cost = 0
    reasons: list[str] = []
    for vital in d.vitals:
        want = need_v.get(vital, 0)
        have = state.vitals[vital]
        if want > have:
            if want > d.vital_max:
                reasons.append(Reason(f"{vital} cannot reach {want}: the maximum is "
                                      f"{d.vital_max}", codes.AT_MAXIMUM))
                continue
            if not state.active:
                reasons.append(Reason(f"{vital} {have + 1} needs the character to be Active",
                                      codes.NOT_ACTIVE))
                continue
            for t in range(have + 1, want + 1):
                price = d.price("vital", vital, t)
                steps.append({"kind": "vital", "name": vital, "target": t, "cost": price})
                cost += price
    for skill in d.skills:
        want = skills_req.get(skill, 0)
        have = state.skills[skill]
        if want > have:
            if want > d.skill_max:
                reasons.append(Reason(f"{skill} cannot reach {want}: the maximum is "
                                      f"{d.skill_max}", codes.AT_MAXIMUM))
                continue
            for t in range(have + 1, want + 1):
                price = d.price("skill", skill, t)
                steps.append({"kind": "skill", "name": skill, "target": t, "cost": price})
                cost += price
    return cost, steps, reasons


def value_needs(requires: vocab.Requires, target: int) -> list[tuple[str, int]]:
    """(value, level) that prerequisites written as thresholds ask of other values for
    ``target`` (and so for every level below it): ``at-least`` and ``at-least-target``,
    also inside ``all-of``.  Other shapes (a total, a count, one of several) are left to
    the rules' check of each planned step."""
    found: list[tuple[str, int]] = []
    for record in vocab.as_list(requires):
        if target < record.get("from", 0):
            continue
        kind = record["type"]
        if kind == "at-least":
            found.append((record["value"], record["level"]))
        elif kind == "at-least-target":
            found.append((record["value"], target + record.get("offset", 0)))
        elif kind == "all-of":
            found += value_needs(record["of"], target)
    return found


def _merge(*reqs: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for req in reqs:
        for k, v in req.items():
            out[k] = max(out.get(k, 0), v)
    return out


def _class_candidates(ruleset: StoryPoints, state: SPState, name: str, target: int,
                      budget: _Budget) -> Iterator[dict[str, int]]:
    """Every requirement set (skill -> level) that makes Class ``name`` reach ``target``."""
    d = ruleset.d
    info = d.classes[name]
    current = state.level(name)
    entering = current == 0
    core = list(info.core_skills)
    levels = []
    for skill in core:
        have = state.skills[skill]
        wanted = {have} | {x for x in (1, 2, 3, target) if have < x <= d.skill_max}
        levels.append(sorted(wanted))
    held = state.classes.get(name)
    # Paths whose Skill would make a trait choosable (ignoring equivalence clashes).
    trait_paths = []
    for pname in info.paths:
        path = d.paths[pname]
        if any((held and held.traits.get(t, 0) > 0)
               or not checks.equivalent_clash(ruleset, state, name, t) for t in path.traits):
            trait_paths.append(path)
    spells_needed = target - current if info.casts_spells else 0
    known = set(held.spells) if held else set()
    spell_sets = _spell_skill_sets(ruleset, info.paths, known, spells_needed,
                                   _Budget(budget.target, MAX_SPELL_SETS))
    seen: set[frozenset[tuple[str, int]]] = set()
    for combo_levels in itertools.product(*levels):
        core_req = {s: lv for s, lv in zip(core, combo_levels)}
        # the Class's own advancement records decide (one core Skill at the level,
        # the entry totals): only the core Skills' levels vary here
        facts = ruleset.facts(state, **core_req)
        if target > max(current, 1) and not vocab.met(d.requires("class", name), facts,
                                                       name, target):
            continue
        if entering and not vocab.met(d.requires("new_class", name), facts, name, 1):
            continue
        for tpath in trait_paths:
            for skills in spell_sets:
                req = _merge(core_req, {tpath.skill: 1}, {skill: 1 for skill in skills})
                key = frozenset(req.items())
                if key not in seen:      # many paths share a Skill: each set is tried once
                    seen.add(key)
                    budget.spend()
                    yield req


class _Budget:
    """How much searching a plan may do before it gives up (a homebrew Class of many
    Paths would otherwise be searched for ever)."""

    def __init__(self, target: str, most: int) -> None:
        self.target, self.left = target, most
        self.most = most

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise Refusal([Reason(f"the plan for {self.target} needs a search of more than "
                                  f"{self.most} steps; plan a nearer target first",
                                  codes.PLAN_TOO_LARGE)])


#: The most requirement sets a plan weighs before it gives up.
MAX_TRIES = 20_000
#: The most sets of spell Paths' Skills a plan looks at before it gives up.
MAX_SPELL_SETS = 100_000


def _spell_skill_sets(ruleset: StoryPoints, paths: Sequence[str], known: set[str],
                      needed: int, budget: _Budget) -> list[tuple[str, ...]]:
    """The smallest sets of Path Skills whose Paths offer ``needed`` spells not yet
    known (a set with a smaller one inside it is left out: it only costs more)."""
    if not needed:
        return [()]
    fresh: dict[str, int] = {}
    for pname in paths:
        path = ruleset.d.paths[pname]
        count = sum(1 for spell in path.spells if spell not in known)
        if count:
            fresh[path.skill] = fresh.get(path.skill, 0) + count
    found: list[tuple[str, ...]] = []
    for size in range(1, len(fresh) + 1):
        for skills in itertools.combinations(fresh, size):
            budget.spend()
            if sum(fresh[s] for s in skills) >= needed and not any(
                    set(smaller) <= set(skills) for smaller in found):
                found.append(skills)
    return found


def plan(ruleset: StoryPoints, state: SPState, target_text: str) -> Plan:
    d = ruleset.d
    kind, name, level = parse_target(ruleset, target_text)
    maximum = {"vital": d.vital_max, "skill": d.skill_max, "class": d.class_max}[kind]
    if level > maximum:
        raise Refusal([Reason(f"{name} {level} is above the maximum {maximum}",
                              codes.AT_MAXIMUM)])
    if level < 1:
        raise Refusal([Reason(f"{name} {level} is not a level anything rises to",
                              codes.PLAN_TARGET_INVALID)])
    if kind == "vital":
        cost, steps, reasons = _requirement_cost(ruleset, state, {name: level}, {})
        if reasons:
            raise Refusal(reasons)
        _suggest_choices(ruleset, state, steps)     # every step legal in turn
    elif kind == "skill":
        cost, steps, reasons = _requirement_cost(ruleset, state, {}, {name: level})
        if reasons:
            raise Refusal(reasons)
        _suggest_choices(ruleset, state, steps)     # every step legal in turn
    else:
        best = None
        last_reasons: list[str] = []
        current = state.level(name)
        if level <= current:
            cost, steps = 0, []
        else:
            budget = _Budget(target_text.strip(), MAX_TRIES)
            for req in _class_candidates(ruleset, state, name, level, budget):
                c, s, r = _requirement_cost(ruleset, state, {}, req)
                if r:
                    last_reasons = r
                    continue
                if best is None or c < best[0]:
                    best = (c, s)
            if best is None:
                raise Refusal(last_reasons or
                              [Reason(f"no legal path reaches {name} {level} from here",
                                      codes.PLAN_NO_PATH)])
            cost, steps = best
            steps = list(steps)
            if current == 0:
                price = d.price("new_class", name, 1)
                steps.append({"kind": "new-class", "name": name, "target": 1, "cost": price})
                cost += price
            for t in range(max(current, 1) + 1, level + 1):
                price = d.price("class", name, t)
                steps.append({"kind": "class", "name": name, "target": t, "cost": price})
                cost += price
            _suggest_choices(ruleset, state, steps)
    affordable = cost <= state.unspent
    missing = [] if affordable else [f"needs {cost} SP, {state.unspent} unspent "
                                     f"({cost - state.unspent} more)"]
    return Plan(kind, name, level, cost, affordable, state.unspent, missing,
                (PlanStep.from_json(step) for step in steps))


def _suggest_choices(ruleset: StoryPoints, state: SPState, steps: list[Step]) -> None:
    """Walk the plan (ignoring SP) and suggest a legal trait/spell for each Class step.

    Prefers the trait that already has the most ranks (the player can pick another).
    """
    sim = state.copy()
    sim.unspent = 10 ** 9
    for step in steps:
        kind = step["kind"]
        if kind == "vital":
            action = Action("raise-vital", {"name": step["name"]})
        elif kind == "skill":
            action = Action("raise-skill", {"name": step["name"]})
        else:
            level_after = sim.level(step["name"]) + 1
            choices = ruleset.eligible_choices(sim, step["name"], level_after)
            held = sim.classes.get(step["name"])
            traits = sorted(choices["traits"],
                            key=lambda t: -(held.traits.get(t, 0) if held else 0))
            if not traits:
                raise Refusal([Reason(f"no legal trait choice for {step['name']} "
                                      f"{level_after}", codes.NO_TRAIT_CHOICE)])
            step["trait"] = traits[0]
            step["choices"] = {"traits": traits, "spells": list(choices["spells"])}
            args: dict[str, Any] = {"name": step["name"], "trait": traits[0],
                                    "scene": "(planned)"}
            if ruleset.d.classes[step["name"]].casts_spells:
                if not choices["spells"]:
                    raise Refusal([Reason(f"no legal new spell for {step['name']} "
                                          f"{level_after}", codes.NO_SPELL_CHOICE)])
                step["spell"] = choices["spells"][0]
                args["spell"] = choices["spells"][0]
            action = Action("raise-class" if kind == "class" else "enter-class", args)
        reasons = ruleset.check(sim, action)
        if reasons:  # the plan must be legal step by step
            raise Refusal(reasons)
        sim = ruleset.apply(sim, action)
