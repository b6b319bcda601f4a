"""The planner: cheapest legal sequences, proven optimal against brute force."""
from __future__ import annotations

import hashlib
import heapq
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.rules.base import Action, Refusal, UsageError
from builder.rulesets.story_points.rules.ruleset import StoryPoints
from tests.rulesets.story_points.core.sp_helpers import act, ruleset, state

# A small homebrew ruleset: few enough values for an exhaustive search.
SMALL = {
    "vitals": [{"name": "Body"}, {"name": "Mind"}],
    "skills": [{"name": "Fight", "vital": "Body"}, {"name": "Run", "vital": "Body"},
               {"name": "Lore", "vital": "Mind"}, {"name": "Pray", "vital": "Mind"}],
    "classes": [
        {"name": "Guard", "core_skills": ["Fight", "Run", "Lore"], "casts_spells": False},
        {"name": "Monk", "core_skills": ["Run", "Lore", "Pray"], "casts_spells": True},
    ],
    "paths": [
        {"name": "Shield", "class": "Guard", "skill": "Fight", "traits": ["Block", "Bash"]},
        {"name": "Watch", "class": "Guard", "skill": "Pray", "traits": ["Vigil"]},
        {"name": "Stillness", "class": "Monk", "skill": "Lore", "traits": ["Calm"],
         "spells": ["Hush", "Glow"]},
        {"name": "Motion", "class": "Monk", "skill": "Run", "traits": ["Dash"],
         "spells": ["Leap", "Flow", "Spin"]},
    ],
    "limits": {"vital_max": 5, "skill_max": 5, "class_max": 5, "vit_max": 10, "vital_min": 1},
    "vitality": [{"vitals_total": 0, "max_vit": 1}],
}


TARGETS = ["class:Guard=3", "class:Monk=2", "skill:Lore=3", "vital:Mind=3", "class:Monk=1",
           "class:Guard=2"]


def reached(target: str):
    kind, rest = target.split(":")
    name, level = rest.split("=")

    def done(s):
        if kind == "class":
            return s.level(name) >= int(level)
        if kind == "skill":
            return s.skills[name] >= int(level)
        return s.vitals[name] >= int(level)

    return done


class Expansions:
    """What the search learnt about the states of one ruleset, shared by every search
    over it: the legal actions (with their costs) out of a state, and the state each
    leads to.  The search treats states with one signature as one (see ``sig``), so a
    state expanded by the search from one start is never checked again by the search
    from another: every rs.check runs once per signature, whatever the number of starts."""

    def __init__(self) -> None:
        self.moves: dict[object, list[tuple[int, Action]]] = {}
        self.state: dict[object, object] = {}   # the state the moves were asked for
        self.after: dict[tuple[object, int], object] = {}


def brute_force(rs, start, targets, known: Expansions | None = None) -> dict[str, int | None]:
    """Uniform-cost search over every legal action sequence (SP unlimited): the
    cheapest cost of reaching each target, from one search (None: unreachable)."""
    d = rs.d
    known = Expansions() if known is None else known
    begin = start.copy()
    begin.unspent = 10 ** 6
    goals = {t: reached(t) for t in targets}
    best: dict[str, int | None] = {t: None for t in targets}

    def sig(s):
        # Traits of one Path (and spells of one Path) are interchangeable for the
        # rules of SMALL (same Path Skill, no equivalents): states that differ only
        # by which of them was taken cost the same from here on, so they are one.
        classes = []
        for c, cs in sorted(s.classes.items()):
            ranks: dict[str, list[int]] = {}
            for trait, rank in cs.traits.items():
                if rank:
                    ranks.setdefault(d.trait_path(c, trait).name, []).append(rank)
            spells: dict[str, int] = {}
            for spell in cs.spells:
                name = d.spell_path(c, spell).name
                spells[name] = spells.get(name, 0) + 1
            classes.append((c, cs.level, tuple(sorted((p, tuple(sorted(r)))
                                                      for p, r in ranks.items())),
                            tuple(sorted(spells.items()))))
        return (tuple(s.vitals.values()), tuple(s.skills.values()), tuple(classes))

    def one_of_each(names, kind):
        """One name of each kind: the rest of a kind lead to states with one signature."""
        kinds = {}
        for name in names:
            kinds.setdefault(kind(name), name)
        return list(kinds.values())

    def moves(s):
        """The legal actions out of s and their costs, asked of the rules themselves
        (of the traits, and of the spells, that ``sig`` holds interchangeable, one)."""
        actions = [Action("raise-vital", {"name": v}) for v in d.vitals]
        actions += [Action("raise-skill", {"name": k}) for k in d.skills]
        for cname, info in d.classes.items():
            verb = "raise-class" if s.level(cname) else "enter-class"
            held = s.classes.get(cname)
            traits = one_of_each(info.traits, lambda t: (
                d.trait_path(cname, t).name, held.traits.get(t, 0) if held else 0))
            spells = one_of_each(info.spells, lambda sp: (
                d.spell_path(cname, sp).name, bool(held) and sp in held.spells)) \
                if info.casts_spells else [None]
            for trait in traits:
                for spell in spells:
                    args = {"name": cname, "trait": trait, "scene": "x"}
                    if spell:
                        args["spell"] = spell
                    actions.append(Action(verb, args))
        return [(rs.cost(s, a), a) for a in actions if not rs.check(s, a)]

    # A queued entry is (cost, tie-break, signature of the state moved from, index of
    # the move still to make): a move is made only when its entry is popped, so the many
    # entries still queued when the search ends are never built.  A move is always made
    # from the very state it was found legal in.
    counter = 0
    queue: list = [(0, counter, None, -1)]
    seen = {}
    while queue and any(v is None for v in best.values()):
        cost, _, parent, index = heapq.heappop(queue)
        if parent is None:
            s = begin
        else:
            s = known.after.get((parent, index))
            if s is None:
                s = known.after[parent, index] = rs.apply(known.state[parent],
                                                          known.moves[parent][index][1])
        for target, done in goals.items():
            if best[target] is None and done(s):
                best[target] = cost      # the first time popped is the cheapest
        key = sig(s)
        if key in seen and seen[key] <= cost:
            continue
        seen[key] = cost
        if key not in known.moves:
            known.moves[key] = moves(s)
            known.state[key] = s
        for index, (step, _) in enumerate(known.moves[key]):
            counter += 1
            heapq.heappush(queue, (cost + step, counter, key, index))
    return best


def small_state(rs, vitals, skills, guard):
    b = {"sp": 0, "active": True, "vitals": dict(zip(rs.d.vitals, vitals)),
         "skills": {}, "classes": {}, "vit": None, "wounded": 0}
    for (name, vital), level in zip(rs.d.skills.items(), skills):
        b["skills"][name] = min(level, b["vitals"][vital])
    if guard:
        b["classes"]["Guard"] = {"level": guard, "traits": {"Vigil": guard}, "spells": []}
    assert rs.validate_baseline(b) == [], rs.validate_baseline(b)
    return rs.initial_state(b)


# The brute force's answers are a function of its inputs (the start, SMALL, TARGETS)
# and of the code it runs: the rules and this file.  They are kept in pytest's cache
# (.pytest_cache, `--cache-clear` empties it) under a digest of every file they can
# depend on, so a run after no change to those files checks the planner against the
# same optima without searching again (see docs/dev/performance.md); any change to the
# shared rules, the story-points rules or data, storage or this file searches afresh.
# (Its sheet and window parts are not read: the brute force imports neither.)
_BRUTE_FORCE_SOURCES = ("builder/__init__.py", "builder/resources.py", "builder/rules",
                        "builder/rulesets/__init__.py", "builder/rulesets/story_points/__init__.py",
                        "builder/rulesets/story_points/rules", "builder/rulesets/story_points/data",
                        "builder/storage")


@lru_cache(maxsize=1)
def _brute_force_digest() -> str:
    root = Path(__file__).resolve().parents[4]
    files = [Path(__file__).resolve()]
    for name in _BRUTE_FORCE_SOURCES:
        path = root / name
        files += sorted(p for p in path.rglob("*") if p.is_file()
                        and "__pycache__" not in p.parts) if path.is_dir() else [path]
    digest = hashlib.sha256(sys.version.encode())
    for path in files:
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


# Every example's search is over SMALL: what one learnt of its states serves the next.
_SMALL_EXPANSIONS = Expansions()


def cached_brute_force(cache, rs, start, key: str) -> dict[str, int | None]:
    """brute_force(rs, start, TARGETS), from pytest's cache when the sources are unchanged."""
    digest = _brute_force_digest()
    kept = cache.get("planner/brute-force", None) if cache is not None else None
    if not isinstance(kept, dict) or kept.get("digest") != digest:
        kept = {"digest": digest, "optima": {}}
    if key not in kept["optima"]:
        kept["optima"][key] = brute_force(rs, start, TARGETS, _SMALL_EXPANSIONS)
        if cache is not None:
            cache.set("planner/brute-force", kept)
    return kept["optima"][key]


# One search per start answers every target (six checks per example), so a few
# examples keep the power of many single-target ones; the number of examples comes
# from the hypothesis profile (tests/conftest.py: "ci" is derandomized).
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(vitals=st.tuples(st.integers(1, 3), st.integers(1, 3)),
       skills=st.tuples(*[st.integers(0, 2)] * 4),
       guard=st.integers(0, 2))
def test_planner_matches_brute_force(pytestconfig, vitals, skills, guard):
    rs = StoryPoints(SMALL)
    start = small_state(rs, vitals, skills, guard)
    optimum = cached_brute_force(getattr(pytestconfig, "cache", None), rs, start,
                                 repr((vitals, skills, guard)))
    for target in TARGETS:
        check_plan(rs, start, target, optimum[target])


def check_plan(rs, start, target, optimum):
    done = reached(target)
    try:
        result = rs.plan(start, target)
    except Refusal:
        assert optimum is None, target
        return
    assert result.total_cost == optimum, target
    # The steps are legal applied one by one, and reach the target.
    s = start.copy()
    s.unspent = 10 ** 6
    for step in result.steps:
        if step.kind == "vital":
            a = {"action": "raise-vital", "name": step.name}
        elif step.kind == "skill":
            a = {"action": "raise-skill", "name": step.name}
        else:
            a = {"action": "enter-class" if step.kind == "new-class" else "raise-class",
                 "name": step.name, "trait": step.extra["trait"], "scene": "x"}
            if step.extra.get("spell"):
                a["spell"] = step.extra["spell"]
        assert rs.check(s, a) == []
        assert rs.cost(s, a) == step.cost
        s = rs.apply(s, a)
    assert done(s)
    assert sum(step.cost for step in result.steps) == result.total_cost


def test_plan_reports_what_is_missing_when_unaffordable():
    st_ = state(sp=10, vital__Cognition=3, skill__Medicine=3, class__Cleric=3,
                **{"trait__Cleric__Restoring Grace": 3})
    plan = ruleset().plan(st_, "class:Cleric=4")
    assert plan.total_cost == 16 and plan.affordable is False
    assert plan.missing == ("needs 16 SP, 10 unspent (6 more)",)


def test_plan_skips_prerequisites_already_met():
    st_ = state(sp=10, vital__Cognition=4, skill__Medicine=4, class__Cleric=3,
                **{"trait__Cleric__Restoring Grace": 3})
    plan = ruleset().plan(st_, "class:Cleric=4")
    assert [(s.kind, s.cost) for s in plan.steps] == [("class", 4)]


def test_plan_to_a_new_class_includes_entry():
    st_ = state(sp=0, vital__Strength=2, skill__Melee=2, class__Fighter=1, trait__Fighter__Parry=1)
    plan = ruleset().plan(st_, "class:Cleric=1")
    kinds = [s.kind for s in plan.steps]
    assert kinds[-1] == "new-class" and plan.total_cost == sum(s.cost for s in plan.steps)


def test_plan_above_10_is_refused():
    with pytest.raises(Refusal, match="above the maximum 10"):
        ruleset().plan(state(), "skill:Melee=11")


def test_plan_vital_needs_active():
    with pytest.raises(Refusal, match="Active"):
        ruleset().plan(state(active="no"), "skill:Melee=3")


def test_plan_target_syntax_and_names():
    rs = ruleset()
    with pytest.raises(UsageError):
        rs.plan(state(), "melee=3")
    with pytest.raises(UsageError, match="valid"):
        rs.plan(state(), "skill:Cooking=3")


def test_plan_already_reached_is_empty():
    plan = ruleset().plan(state(vital__Strength=4), "vital:Strength=3")
    assert plan.steps == () and plan.total_cost == 0 and plan.affordable


def test_plan_then_apply_spends_exactly_the_total():
    st_ = state(sp=40, vital__Agility=2)
    plan = ruleset().plan(st_, "skill:Stealth=4")
    s = st_
    for step in plan.steps:
        verb = "raise-vital" if step.kind == "vital" else "raise-skill"
        s = act(s, verb, step.name)
    assert s.skills["Stealth"] == 4 and s.spent == plan.total_cost == (3 * 2 + 4 * 2) + 10


def _many_spell_paths(count: int) -> StoryPoints:
    """The built-in data with ``count`` more Cleric Paths of one spell each."""
    from builder.storage.rulesets import load_ruleset

    data = load_ruleset("story-points").data
    paths = list(data["paths"])
    skills = [s["name"] for s in data["skills"]]
    paths += [{"name": f"Extra {i}", "class": "Cleric", "skill": skills[i % len(skills)],
               "traits": [], "spells": [f"Spell {i}"]} for i in range(count)]
    return StoryPoints({**data, "paths": paths})


def test_a_plan_over_many_spell_paths_answers_or_gives_up(monkeypatch):
    """A homebrew Class of many spell Paths: the plan weighs a bounded number of
    requirement sets (it searched every subset of the Paths, for ever)."""
    import random

    from builder.rulesets.story_points.rules import codes, planner

    rs = _many_spell_paths(22)
    start = rs.initial_state(rs.baseline_from_sets([("sp", "0")], rng=random.Random(0)))
    assert rs.plan(start, "class:Cleric=2").total_cost > 0
    monkeypatch.setattr(planner, "MAX_TRIES", 200)
    with pytest.raises(Refusal) as refused:
        rs.plan(start, "class:Cleric=10")
    assert [r.code for r in refused.value.reasons] == [codes.PLAN_TOO_LARGE]
