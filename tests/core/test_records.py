"""builder/rules/records.py: the record classes that replace @dataclass on the way of
every command behave as the dataclasses did (equality, repr, hash, frozen)."""
from __future__ import annotations

import pytest

from builder.rules.records import FrozenRecord, Record


class Point(Record):
    _fields = ("x", "y")

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class Other(Record):
    _fields = ("x", "y")

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class Key(FrozenRecord):
    _fields = ("name", "level")
    _repr_fields = ("name", "level", "note")

    def __init__(self, name: str, level: int, note: str = "") -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "note", note)


def test_equal_by_fields_of_the_same_class_only():
    assert Point(1, 2) == Point(1, 2) and Point(1, 2) != Point(1, 3)
    assert Point(1, 2) != Other(1, 2)
    assert Point(1, 2).__eq__((1, 2)) is NotImplemented
    assert repr(Point(1, [2])) == "Point(x=1, y=[2])"


def test_a_mutable_record_is_unhashable_a_frozen_one_hashed_by_its_compared_fields():
    with pytest.raises(TypeError):
        hash(Point(1))
    assert hash(Key("a", 1, "x")) == hash(Key("a", 1, "y")) and Key("a", 1, "x") == Key("a", 1)
    assert {Key("a", 1): "found"}[Key("a", 1)] == "found"
    assert repr(Key("a", 1, "x")) == "Key(name='a', level=1, note='x')"


def test_a_frozen_record_cannot_change():
    key = Key("a", 1)
    with pytest.raises(AttributeError):
        key.level = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del key.name
    assert key.level == 1


def test_the_rules_records_keep_their_dataclass_behaviour():
    from builder.rules.base import Action, Ask, Option
    from builder.rules.engine import Problem
    from builder.rules.vocabulary import Edge

    action = Action("raise-skill", {"name": "Medicine"})
    assert action == {"action": "raise-skill", "name": "Medicine"}
    with pytest.raises(AttributeError):
        action.kind = "x"  # type: ignore[misc]
    with pytest.raises(ValueError):
        Action("")
    assert Action("rest").args == {}
    option = Option("skill", "Medicine", 4, 2, ["too poor"], ["raise-skill", "Medicine"],
                    (Ask("--exchange", switch=True),))
    assert option.words == ("raise-skill", "Medicine") and option.reasons == ("too poor",)
    assert not option.allowed and option["kind"] == "skill"
    assert "_json" not in repr(option) and repr(option).startswith("Option(kind='skill'")
    assert {Edge("a", "b", "value"), Edge("a", "b", "value", None, "")} == {Edge("a", "b", "value")}
    assert Problem(0, ["x"]) == Problem(0, ["x"], None) != Problem(1, ["x"])
