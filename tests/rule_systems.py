"""The rule systems the tests go over, read from the program, never typed.

A test meaning "every built-in rule system" uses :data:`BUILTIN_IDS`, so a rule system
added by its one line in ``builder.rules.registry.BUILTIN`` is tested without a line
here; a test that keeps a system's own values (its new arguments, its actions) in a
dict keyed by id checks with :func:`missing_from` that the dict leaves none out.
"""
from __future__ import annotations

from collections.abc import Collection

from builder.app.examples import EXAMPLES
from builder.rules.registry import BUILTIN

#: Every built-in rule system's id, sorted as the program lists them.
BUILTIN_IDS: tuple[str, ...] = tuple(sorted(BUILTIN))

#: The rule systems written as data that ship with the program (``install-example``).
DATA_IDS: tuple[str, ...] = tuple(sorted(EXAMPLES))

#: Every rule system that ships: the built-in ones, then those written as data.
SHIPPED_IDS: tuple[str, ...] = BUILTIN_IDS + DATA_IDS


def missing_from(ids: Collection[str], expected: Collection[str] = BUILTIN_IDS) -> list[str]:
    """The ids of ``expected`` (by default every built-in system) that ``ids`` lacks."""
    return [rid for rid in expected if rid not in ids]


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
