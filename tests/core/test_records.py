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
    assert action == Action("raise-skill", {"name": "Medicine"})
    assert action != {"action": "raise-skill", "name": "Medicine"}  # a record, not a mapping
    with pytest.raises(AttributeError):
        action.kind = "x"  # type: ignore[misc]
    with pytest.raises(ValueError):
        Action("")
    assert Action("rest").args == {}
    option = Option("skill", "Medicine", 4, 2, ["too poor"], ["raise-skill", "Medicine"],
                    (Ask("--exchange", switch=True),))
    assert option.words == ("raise-skill", "Medicine") and option.reasons == ("too poor",)
    assert not option.allowed and option.kind == "skill"
    assert "_json" not in repr(option) and repr(option).startswith("Option(kind='skill'")
    assert {Edge("a", "b", "value"), Edge("a", "b", "value", None, "")} == {Edge("a", "b", "value")}
    assert Problem(0, ["x"]) == Problem(0, ["x"], None) != Problem(1, ["x"])


def test_every_record_names_its_init_arguments_as_its_fields():
    """A record lists its fields twice (``__init__`` and ``_fields``): a field added to
    one and not the other would silently drop out of equality, the hash and the repr
    (an argument kept out of equality on purpose is named in ``_repr_fields``)."""
    import importlib
    import inspect
    import pkgutil

    import builder
    from builder.rules.records import FrozenRecord, Record

    for info in pkgutil.walk_packages(builder.__path__, "builder."):
        if ".ui" in info.name or info.name.startswith("builder.render") \
                or info.name.endswith("__main__"):
            continue                  # the window and the painter: Qt, and no records
        importlib.import_module(info.name)
    seen, stack = [], list(Record.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls is FrozenRecord or cls.__module__.startswith("tests."):
            continue
        seen.append(cls)
        params = list(inspect.signature(cls.__init__).parameters)[1:]
        # the compared fields in __init__'s order; an argument left out of them is one
        # compared on purpose by nothing, and is named among the repr's fields instead
        assert cls._fields == tuple(p for p in params if p in cls._fields), cls
        assert set(params) == set(cls._fields) | set(cls._repr_fields or ()), cls
    assert len(seen) >= 25
