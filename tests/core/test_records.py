"""builder/rules/records.py: the one record idiom of the program behaves as frozen,
slotted dataclasses do (equality, repr, hash, frozen, no ``__dict__``, copies and
pickles), and no module uses dataclasses beside it."""
from __future__ import annotations

import ast
import copy
import pickle
from collections.abc import Mapping
from pathlib import Path

import pytest

from builder.rules.records import FrozenRecord, Record
from tests.source_trees import nodes


class Point(Record):
    _fields = ("x", "y")
    __slots__ = _fields

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class Other(Record):
    _fields = ("x", "y")
    __slots__ = _fields

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class Key(FrozenRecord):
    _fields = ("name", "level")
    _repr_fields = ("name", "level", "note")
    __slots__ = _repr_fields

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
        # slotted: every class of its line declares its slots, so no instance has a __dict__
        assert all("__slots__" in vars(c) for c in cls.__mro__[:-1]), cls
        # read by attribute only: no record is a mapping, nor answers a key
        assert not issubclass(cls, Mapping) and not hasattr(cls, "__getitem__"), cls
        params = list(inspect.signature(cls.__init__).parameters)[1:]
        # the compared fields in __init__'s order; an argument left out of them is one
        # compared on purpose by nothing, and is named among the repr's fields instead
        assert cls._fields == tuple(p for p in params if p in cls._fields), cls
        assert set(params) == set(cls._fields) | set(cls._repr_fields or ()), cls
    assert len(seen) >= 25


def test_records_copy_deepcopy_and_pickle_field_for_field():
    """A frozen record refuses assignment, so the copy machinery's slot by slot restore
    goes through the base: every slot comes back as it was (what ``__init__`` derived
    too), a deep copy shares nothing mutable, and a pickle reads back equal."""
    from builder.rules.base import Action, Ask, Option
    from builder.rulesets.story_points.rules.data import ClassInfo

    action = Action("raise-skill", {"name": "Medicine", "tags": ["a"]})
    option = Option("skill", "Medicine", 4, 2, ["too poor"], ["raise-skill", "Medicine"],
                    (Ask("--exchange", switch=True),), {"linked_vital": "Mind"})
    info = ClassInfo("Mage", ("Lore",), True, ("Fire",), {"Spark": "Fire"}, {})
    for record in (action, option, info, Key("a", 1, "x"), Point(1, [2])):
        assert not hasattr(record, "__dict__")
        for twin in (copy.copy(record), copy.deepcopy(record),
                     pickle.loads(pickle.dumps(record))):
            assert type(twin) is type(record) and twin is not record
            assert twin == record and twin._state() == record._state()
    assert copy.deepcopy(info).traits == {"Spark": "Fire"} == copy.copy(info).traits
    deep = copy.deepcopy(action)
    assert deep.args["tags"] == ["a"] and deep.args["tags"] is not action.args["tags"]
    assert copy.copy(action).args["tags"] is action.args["tags"]
    with pytest.raises(TypeError):
        deep.args["name"] = "x"  # type: ignore[index]  # still read-only
    assert copy.deepcopy(option).to_json() == option.to_json()
    point = Point(1, [2])
    twins = copy.deepcopy([point, point])
    assert twins[0] is twins[1] and twins[0].y is not point.y


def test_one_record_idiom_in_the_whole_program():
    """No module of the program imports dataclasses (the record base is the one idiom:
    docs/dev/performance.md, "Records"), and every record class, the window's too,
    declares its slots."""
    root = Path(__file__).resolve().parents[2] / "builder"
    importing, unslotted = [], []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "dataclasses" not in text and "Record" not in text:
            continue
        for node in nodes(path):
            if isinstance(node, ast.Import) and any(a.name == "dataclasses" for a in node.names) \
                    or isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
                importing.append(path.relative_to(root).as_posix())
            if isinstance(node, ast.ClassDef) \
                    and {getattr(b, "id", "") for b in node.bases} & {"Record", "FrozenRecord"} \
                    and not any(isinstance(st, ast.Assign) and any(
                        getattr(t, "id", "") == "__slots__" for t in st.targets)
                        for st in node.body):
                unslotted.append(f"{path.relative_to(root).as_posix()}: {node.name}")
    assert importing == [] and unslotted == []
