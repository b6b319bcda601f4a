"""The rule vocabulary (builder/rules/vocabulary.py): costs and prerequisites as
typed JSON records, checked against an independent evaluator (hypothesis)."""
from __future__ import annotations

import json
from functools import lru_cache

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from builder.resources import load_json_resource
from builder.rules import vocabulary as vocab
from builder.rules.base import reason_code

VALUES = ["Body", "Mind", "Grace"]
PATHS = ["Knight", "Witch"]
CODES = {vocab.VALUE_TOO_LOW, vocab.PATH_NOT_HELD, vocab.NONE_OF}


@lru_cache(maxsize=None)
def _validator(definition: str):
    schema = load_json_resource("schema", "rule-system.schema.json")
    return jsonschema.Draft202012Validator({"$defs": schema["$defs"],
                                            "$ref": f"#/$defs/{definition}"})


def _valid(definition: str, record) -> bool:
    return _validator(definition).is_valid(record)


levels = st.integers(min_value=0, max_value=6)
froms = st.one_of(st.just({}), st.builds(lambda f: {"from": f}, st.integers(0, 6)))
leaves = st.one_of(
    st.builds(lambda v, n, f: {"type": "at-least", "value": v, "level": n, **f},
              st.sampled_from(VALUES), levels, froms),
    st.builds(lambda v, o, f: {"type": "at-least-target", "value": v, "offset": o, **f},
              st.sampled_from(VALUES), st.integers(-2, 2), froms),
    st.builds(lambda p, f: {"type": "holds", "path": p, **f}, st.sampled_from(PATHS), froms),
)
prerequisites = st.recursive(
    leaves,
    lambda inner: st.builds(lambda t, of, f: {"type": t, "of": of, **f},
                            st.sampled_from(["all-of", "any-of"]),
                            st.lists(inner, min_size=1, max_size=3), froms),
    max_leaves=8)
requires = st.one_of(prerequisites, st.lists(prerequisites, max_size=3))
facts_strategy = st.builds(
    lambda lv, held: vocab.Facts(dict(zip(VALUES, lv)), frozenset(held)),
    st.lists(levels, min_size=3, max_size=3), st.sets(st.sampled_from(PATHS)))


def oracle(record, facts, target) -> bool:
    """What a prerequisite means, written independently of the module."""
    if isinstance(record, list):
        return all(oracle(r, facts, target) for r in record)
    if target < record.get("from", 0):
        return True
    kind = record["type"]
    if kind == "at-least":
        return facts.levels[record["value"]] >= record["level"]
    if kind == "at-least-target":
        return facts.levels[record["value"]] >= target + record.get("offset", 0)
    if kind == "holds":
        return record["path"] in facts.held
    results = [oracle(r, facts, target) for r in record["of"]]
    return all(results) if kind == "all-of" else any(results)


@settings(max_examples=150, deadline=None)
@given(requires, facts_strategy, levels)
def test_prerequisites_mean_what_they_say(record, facts, target):
    reasons = vocab.unmet(record, facts, "Fencing", target)
    assert (not reasons) == oracle(record, facts, target)
    assert all(reason_code(r) in CODES for r in reasons)
    assert all(r.startswith(f"Fencing {target} needs " if target else "Fencing needs ")
               for r in reasons)
    assert _valid("requires", record)


@settings(max_examples=100, deadline=None)
@given(requires, facts_strategy, levels, st.sampled_from(VALUES + PATHS))
def test_more_never_unmeets(record, facts, target, grow):
    """Prerequisites are monotone: a higher value or one more path never turns a met
    prerequisite into an unmet one (the planner relies on it)."""
    if not vocab.met(record, facts, "Fencing", target):
        return
    levels_after = dict(facts.levels)
    held = set(facts.held)
    if grow in VALUES:
        levels_after[grow] += 1
    else:
        held.add(grow)
    assert vocab.met(record, vocab.Facts(levels_after, frozenset(held)), "Fencing", target)


@settings(max_examples=100, deadline=None)
@given(requires, facts_strategy, levels)
def test_a_blocking_value_is_named_with_its_level(record, facts, target):
    for reason in vocab.unmet(record, facts, "Fencing", target):
        if reason_code(reason) == vocab.VALUE_TOO_LOW:
            name = reason.split(" needs ")[1].split(" ")[0]
            assert f"({name} is {facts.levels[name]})" in reason


@settings(max_examples=100, deadline=None)
@given(requires)
def test_edges_name_every_value_and_path_mentioned(record):
    text = json.dumps(record)
    mentioned = {n for n in VALUES + PATHS if f'"{n}"' in text}
    edges = vocab.edges(record, "Fencing")
    assert {e.source for e in edges} == mentioned
    assert all(e.target == "Fencing" for e in edges)
    assert all((e.kind == "path") == (e.source in PATHS) for e in edges)
    assert len(edges) == len(set(edges))


costs = st.one_of(
    st.builds(lambda a: {"type": "flat", "amount": a}, st.integers(0, 50)),
    st.builds(lambda a, p: {"type": "per-level", "amount": a, "plus": p},
              st.integers(0, 50), st.integers(0, 50)),
    st.builds(lambda t: {"type": "table", "costs": {str(k): v for k, v in t.items()}},
              st.dictionaries(st.integers(0, 9), st.integers(0, 50), min_size=1)),
)


@settings(max_examples=150, deadline=None)
@given(costs, st.integers(0, 9))
def test_costs(record, target):
    price = vocab.cost(record, target)
    kind = record["type"]
    if kind == "flat":
        assert price == record["amount"]
    elif kind == "per-level":
        assert price == record["amount"] * target + record["plus"]
        assert vocab.cost(record, target + 1) >= price
    else:
        assert price == record["costs"].get(str(target))
    reasons = vocab.cost_reasons(record, "Lore", target)
    assert bool(reasons) == (price is None)
    assert all(reason_code(r) == vocab.COST_NO_ENTRY for r in reasons)
    assert _valid("cost", record)


def test_the_schema_refuses_nonsense_with_its_place():
    assert not _valid("cost", {"type": "flat", "amount": -1})
    assert not _valid("cost", {"type": "table", "costs": {"one": 2}})
    assert not _valid("cost", {"type": "per-level", "amount": 1, "times": 2})
    assert not _valid("prerequisite", {"type": "any-of", "of": []})
    assert not _valid("prerequisite", {"type": "at-least", "value": "Body"})
    assert not _valid("prerequisite", {"type": "holds", "value": "Knight"})


def test_points():
    assert vocab.afford_reasons(3, 3, "CP") == []
    (short,) = vocab.afford_reasons(4, 3, "CP")
    assert short == "needs 4 CP, 3 unspent" and short.code == vocab.POINTS_SHORT


# -- the additions the Story Point rules needed (totals, counts, flags, references,
#    wording, discounts) ---------------------------------------------------------------

FLAGS = ["active", "rested"]
many = st.lists(st.sampled_from(VALUES), min_size=1, max_size=3, unique=True)
more_leaves = st.one_of(
    leaves,
    st.builds(lambda vs, n: {"type": "total-at-least", "values": vs, "level": n},
              many, st.integers(0, 12)),
    st.builds(lambda vs, k, n: {"type": "count-at-least", "values": vs, "count": k,
                                "level": n}, many, st.integers(0, 3), levels),
    st.builds(lambda vs, k, o: {"type": "count-at-least", "values": vs, "count": k,
                                "offset": o}, many, st.integers(0, 3), st.integers(-2, 2)),
    st.builds(lambda f: {"type": "flag", "flag": f}, st.sampled_from(FLAGS)),
)
more_requires = st.lists(st.recursive(
    more_leaves,
    lambda inner: st.builds(lambda t, of: {"type": t, "of": of},
                            st.sampled_from(["all-of", "any-of"]),
                            st.lists(inner, min_size=1, max_size=3)),
    max_leaves=6), max_size=3)
more_facts = st.builds(
    lambda lv, held, flags: vocab.Facts(dict(zip(VALUES, lv)), frozenset(held),
                                        frozenset(flags)),
    st.lists(levels, min_size=3, max_size=3), st.sets(st.sampled_from(PATHS)),
    st.sets(st.sampled_from(FLAGS)))


def more_oracle(record, facts, target) -> bool:
    if isinstance(record, list):
        return all(more_oracle(r, facts, target) for r in record)
    kind = record["type"]
    if kind == "total-at-least":
        return sum(facts.levels[v] for v in record["values"]) >= record["level"]
    if kind == "count-at-least":
        needed = record["level"] if "level" in record else target + record["offset"]
        return sum(1 for v in record["values"] if facts.levels[v] >= needed) >= record["count"]
    if kind == "flag":
        return record["flag"] in facts.flags
    if kind in ("all-of", "any-of"):
        results = [more_oracle(r, facts, target) for r in record["of"]]
        return all(results) if kind == "all-of" else any(results)
    return oracle(record, facts, target)


@settings(max_examples=150, deadline=None)
@given(more_requires, more_facts, levels)
def test_totals_counts_and_flags_mean_what_they_say(record, facts, target):
    reasons = vocab.unmet(record, facts, "Fencing", target)
    assert (not reasons) == more_oracle(record, facts, target)
    assert vocab.met(record, facts, "Fencing", target) == (not reasons)
    assert _valid("requires", record)
    blocking = vocab.blocking_edges(record, facts, "Fencing", target)
    assert set(blocking) <= set(vocab.edges(record, "Fencing"))
    if not reasons:
        assert blocking == []


@settings(max_examples=100, deadline=None)
@given(more_requires, more_facts, levels, st.sampled_from(VALUES + PATHS + FLAGS))
def test_more_never_unmeets_totals_counts_and_flags(record, facts, target, grow):
    if not vocab.met(record, facts, "Fencing", target):
        return
    levels_after, held, flags = dict(facts.levels), set(facts.held), set(facts.flags)
    if grow in VALUES:
        levels_after[grow] += 1
    elif grow in PATHS:
        held.add(grow)
    else:
        flags.add(grow)
    assert vocab.met(record, vocab.Facts(levels_after, frozenset(held), frozenset(flags)),
                     "Fencing", target)


def test_totals_and_counts_name_every_value_with_its_level():
    facts = vocab.Facts({"Body": 1, "Mind": 0, "Grace": 2})
    total = {"type": "total-at-least", "values": ["Body", "Mind"], "level": 3}
    (why,) = vocab.unmet(total, facts, "Knight", 0)
    assert why == "Knight needs a total of 3 across Body, Mind (Body 1, Mind 0: 1)"
    assert why.code == vocab.TOTAL_TOO_LOW
    count = {"type": "count-at-least", "values": ["Body", "Mind", "Grace"], "count": 2,
             "offset": 0}
    (why,) = vocab.unmet(count, facts, "Lore", 2)
    assert why == "Lore 2 needs 2 of Body, Mind, Grace at 2 (Body is 1, Mind is 0, Grace is 2)"
    assert why.code == vocab.TOO_FEW
    assert vocab.unmet(count, facts, "Lore", 1) == []
    edges = vocab.edges(count, "Lore")
    assert [(e.source, e.level, e.code) for e in edges] == [
        ("Body", None, vocab.TOO_FEW), ("Mind", None, vocab.TOO_FEW),
        ("Grace", None, vocab.TOO_FEW)]
    assert vocab.edges({"type": "flag", "flag": "active"}, "Lore") == []


def test_a_record_words_its_reason_and_carries_its_code():
    record = {"type": "at-least", "value": "Body", "level": 3, "code": "knight.body",
              "say": "{subject} wants {value} {level}, not {have}"}
    (why,) = vocab.unmet(record, vocab.Facts({"Body": 1}), "Knight", 0)
    assert why == "Knight wants Body 3, not 1" and why.code == "knight.body"
    assert vocab.edges(record, "Knight")[0].code == "knight.body"
    assert vocab.record_problems(record, "requires", "x") == []
    bad = dict(record, say="{subject} wants {count}")
    (problem,) = vocab.record_problems(bad, "requires", "paths/Knight/requires")
    assert problem.startswith("paths/Knight/requires/say: no field count for at-least")
    (problem,) = vocab.record_problems([record, dict(record, say="{0}")], "requires", "r")
    assert problem.startswith("r/1/say: no field 0")
    assert vocab.record_problems(dict(record, code="Not A Code"), "requires", "r")


def test_references_read_the_data_and_the_entry():
    data = {"costs": {"per": 3}}
    skill = {"name": "Lore", "vital": "Mind", "core": ["Body", "Mind"]}
    record = [{"type": "at-least-target", "value": {"entry": "vital"}},
              {"type": "total-at-least", "values": {"entry": "core"},
               "level": {"data": "costs/per"}},
              {"type": "any-of", "of": [{"type": "at-least", "value": "Grace",
                                         "level": {"data": "costs/missing", "default": 2}}]}]
    assert vocab.bind(record, data, skill) == [
        {"type": "at-least-target", "value": "Mind"},
        {"type": "total-at-least", "values": ["Body", "Mind"], "level": 3},
        {"type": "any-of", "of": [{"type": "at-least", "value": "Grace", "level": 2}]}]
    cost = {"type": "reduced", "cost": {"type": "per-level", "amount": {"data": "costs/per"}},
            "by": 1, "floor": 1}
    assert vocab.bind(cost, data) == {"type": "reduced", "cost": {"type": "per-level",
                                                                  "amount": 3},
                                      "by": 1, "floor": 1}
    assert _valid("requires", record) and _valid("cost", cost)
    for broken in ({"type": "holds", "path": {"entry": "class"}},
                   {"type": "at-least", "value": "Body", "level": {"data": "costs"}},
                   {"type": "at-least", "value": "Body", "level": {"data": "nothing/here"}}):
        try:
            vocab.bind(broken, data, skill)
        except vocab.ReferenceProblem:
            continue
        raise AssertionError(f"{broken} was bound")


@settings(max_examples=100, deadline=None)
@given(costs, st.integers(0, 9), st.integers(0, 5), st.integers(0, 5))
def test_a_discount_never_goes_below_its_floor(record, target, by, floor):
    price = vocab.cost(record, target)
    discounted = vocab.cost(vocab.reduced(record, by, floor), target)
    if price is None:
        assert discounted is None
    else:
        assert discounted == max(floor, price - by)
        assert _valid("cost", vocab.reduced(record, by, floor))


@settings(max_examples=150, deadline=None)
@given(more_requires, more_facts, levels)
def test_the_made_checker_agrees_with_the_reasons(record, facts, target):
    """vocab.checker (made once, asked often) says "met" exactly when there is no reason."""
    assert vocab.checker(record)(facts, target) == (not vocab.unmet(record, facts, "F", target))


@settings(max_examples=100, deadline=None)
@given(requires, facts_strategy, levels)
def test_the_made_checker_honours_from(record, facts, target):
    assert vocab.checker(record)(facts, target) == oracle(record, facts, target)


@pytest.mark.parametrize("say", ["{subject:>100000000}", "{what.__class__}", "{values[0]}",
                                 "{what!r}", "{subject:.3}", "{}", "needs { what"])
def test_a_template_is_plain_substitution_and_nothing_else(say):
    """A width, a precision, a conversion, an attribute or an index in a template is
    refused with its place; one that reached the rules anyway is never interpreted."""
    record = {"type": "at-least", "value": "Body", "level": 3, "say": say}
    (problem,) = vocab.record_problems(record, "requires", "paths/Knight/requires")
    assert problem.startswith("paths/Knight/requires/say: "), problem
    (why,) = vocab.unmet(record, vocab.Facts({"Body": 1}), "Knight", 0)
    assert why == say        # kept as written, never formatted


def test_a_template_fills_plain_fields_and_writes_braces():
    record = {"type": "at-least", "value": "Body", "level": 3,
              "say": "{{{subject}}} wants {value} {level} ({have}), not {{ {nothing} }}"}
    (why,) = vocab.unmet(record, vocab.Facts({"Body": 1}), "Knight", 0)
    assert why == "{Knight} wants Body 3 (1), not { {nothing} }"


def test_the_schema_and_the_rules_read_a_template_alike():
    from builder.rules import templates

    schema = load_json_resource("schema", "rule-system.schema.json")
    assert schema["$defs"]["say"]["pattern"] == templates.PATTERN
