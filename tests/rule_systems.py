"""The rule systems the tests go over, read from the program, never typed.

A test meaning "every built-in rule system" uses :data:`BUILTIN_IDS`, so a rule system
added by its one line in ``builder.rules.registry.BUILTIN`` is tested without a line
here.  What a shared test needs of each system (its new arguments, its actions, its
sample characters) is in that system's own tests folder, in a plain module of constants,
``tests/rulesets/<id with - as _>/samples.py``; a shipped system written as data (no
folder of its own) has its module in ``tests/data_systems/<id with - as _>.py``.  A test
reads a name with :func:`sample`, which fails naming the file and the name when a
system's module lacks it, and checks with :func:`samples_lacking` that every system's
module defines what it needs (docs/dev/adding-a-rule-system.md lists the names).
"""
from __future__ import annotations

import importlib
from collections.abc import Collection
from types import ModuleType
from typing import Any

from builder.app.examples import EXAMPLES
from builder.rules.registry import BUILTIN

#: Every built-in rule system's id, sorted as the program lists them.
BUILTIN_IDS: tuple[str, ...] = tuple(sorted(BUILTIN))

#: The rule systems written as data that ship with the program (``install-example``).
DATA_IDS: tuple[str, ...] = tuple(sorted(EXAMPLES))

#: Every rule system that ships: the built-in ones, then those written as data.
SHIPPED_IDS: tuple[str, ...] = BUILTIN_IDS + DATA_IDS


def _samples_module(ruleset_id: str) -> str:
    folder = ruleset_id.replace("-", "_")
    if ruleset_id in DATA_IDS:
        return f"tests.data_systems.{folder}"
    return f"tests.rulesets.{folder}.samples"


def samples_file(ruleset_id: str) -> str:
    """The file of a shipped rule system's test data, from the repository's root."""
    return _samples_module(ruleset_id).replace(".", "/") + ".py"


def samples(ruleset_id: str) -> ModuleType | None:
    """The module of a shipped rule system's test data (None while it has none)."""
    name = _samples_module(ruleset_id)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not (name + ".").startswith(exc.name + "."):
            raise          # the module is there but imports something missing
        return None


def sample(ruleset_id: str, name: str) -> Any:
    """``name`` of the rule system's test data; a test of a system whose module lacks it
    fails naming the file and the name."""
    module = samples(ruleset_id)
    if module is None or not hasattr(module, name):
        raise AssertionError(f"{samples_file(ruleset_id)} defines no {name} "
                             "(docs/dev/adding-a-rule-system.md says what it holds)")
    return getattr(module, name)


def sample_map(name: str, ids: Collection[str] = BUILTIN_IDS) -> dict[str, Any]:
    """``{id: its name}`` for each rule system of ``ids`` whose test data defines ``name``
    (the others are left out: :func:`samples_lacking` names them)."""
    found = {}
    for rid in ids:
        module = samples(rid)
        if module is not None and hasattr(module, name):
            found[rid] = getattr(module, name)
    return found


def samples_lacking(*names: str, ids: Collection[str] = BUILTIN_IDS) -> list[str]:
    """``"FILE: NAME"`` for each of ``names`` that the test data of a rule system of
    ``ids`` (by default every built-in one) does not define; empty when none is missing."""
    lacking = []
    for rid in ids:
        module = samples(rid)
        lacking += [f"{samples_file(rid)}: {name}" for name in names
                    if module is None or not hasattr(module, name)]
    return lacking


def install_data_systems() -> None:
    """Install each rule system written as data that ships into the data folder the
    test uses, as ``install-example`` does."""
    from builder.app.examples import install

    for rid in DATA_IDS:
        install(rid)


def data_problems(ruleset_id: str, path: tuple, value: object) -> list[str]:
    """The problems the JSON Schema and then the ruleset's own check find in a built-in
    system's data with the value at ``path`` (its keys and indexes) replaced by
    ``value``; each starts with the path of the bad value."""
    import copy

    from builder.rules.registry import ruleset_class
    from builder.storage.rulesets import _read_builtin, validate_ruleset_data

    data = copy.deepcopy(_read_builtin(ruleset_id))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return validate_ruleset_data(ruleset_class(ruleset_id), data)
