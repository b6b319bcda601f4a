"""The rule systems, registered explicitly (never found by scanning packages,
which a frozen bundle cannot do).

Built-in rule systems (one folder each, :mod:`builder.rulesets`) are listed in
:data:`BUILTIN`, one line per system, their only registration (the Ruleset
class declares its folder's parts: sheet, editor, creation form, data,
schemas; see :func:`load_part`; the folder's ``__init__`` declares its
command-line verbs, ``COMMANDS``, and ``campaign`` sub-commands,
``CAMPAIGN_COMMANDS``: see :func:`ruleset_commands`, :func:`campaign_commands`); third-party
ones register through the Python
entry-point group :data:`ENTRY_POINT_GROUP` (``character_builder.rulesets``):
each entry point is named by the ruleset id and points at a zero-argument
callable returning the :class:`~builder.rules.base.Ruleset` subclass.  Modules are imported lazily, by
id, so start-up pays only for what it uses.

Rule systems defined by data alone (``<data folder>/rulesets/systems/ID.json``)
come from a *source* the storage layer adds (:func:`add_source`; the rules core
reads no folders): a callable given the ids already taken and returning
``{id: zero-argument callable returning the class}``.  An id a built-in or a
plugin already has is never replaced by a source.
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from builder.rules.base import Ruleset


class _Loadable(Protocol):
    """An entry point (or a source's entry): ``load()`` gives the class factory."""

    def load(self) -> Any: ...


#: What the registry holds for an id: "module:callable", or something to load.
_Target = str | _Loadable

ENTRY_POINT_GROUP = "character_builder.rulesets"

#: ruleset id -> "module:callable" returning the Ruleset subclass.
BUILTIN: dict[str, str] = {
    "ability-bonuses": "builder.rulesets.ability_bonuses:ruleset_class",
    "story-points": "builder.rulesets.story_points:ruleset_class",
    "vogelfrei": "builder.rulesets.vogelfrei:ruleset_class",
}


def _plugins() -> dict[str, _Target]:
    from importlib.metadata import entry_points

    try:
        found = entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # a broken installed distribution never stops the app
        return {}
    return {ep.name: ep for ep in found if ep.name not in BUILTIN}


def forget_plugins() -> None:
    """Forget the rule systems found so far: the next lookup scans the installed
    plugins again (after a plugin is installed or removed; the tests use it)."""
    _registry.cache_clear()


@lru_cache(maxsize=1)
def _registry() -> dict[str, _Target]:
    found: dict[str, _Target] = dict(BUILTIN)
    found.update(_plugins())
    return dict(sorted(found.items()))


class _SourceEntry:
    """A ruleset a source provides (``load()`` like an EntryPoint's)."""

    def __init__(self, label: str, factory: Callable[..., Any]):
        self.label = label
        self.factory = factory

    def load(self) -> Callable[..., Any]:
        return self.factory


#: (label, provider): provider(taken ids) -> {id: zero-argument callable -> class}.
_sources: list[tuple[str, Callable[..., Any]]] = []


def add_source(label: str, provider: Callable[..., Any]) -> None:
    """Add a source of rule systems (``label`` is what ``ruleset_source`` says for
    them, e.g. "data file").  Adding the same provider twice adds it once."""
    if all(existing is not provider for _label, existing in _sources):
        _sources.append((label, provider))


def _all() -> dict[str, _Target]:
    found = dict(_registry())
    for label, provider in _sources:
        try:
            extra = provider(frozenset(found))
        except Exception:  # a source never stops the app (it reports its own problems)
            continue
        for rid, factory in extra.items():
            found.setdefault(rid, _SourceEntry(label, factory))
    return dict(sorted(found.items()))


def ruleset_ids() -> list[str]:
    return list(_all())


def ruleset_source(ruleset_id: str) -> str:
    """"built-in", "plugin", or a source's label ("data file") for a registered id."""
    if ruleset_id in BUILTIN:
        return "built-in"
    entry = _all().get(ruleset_id)
    return entry.label if isinstance(entry, _SourceEntry) else "plugin"


def _load_target(target: _Target) -> Callable[[], type[Ruleset]]:
    if isinstance(target, str):
        module_name, _, attr = target.partition(":")
        factory: Callable[[], type[Ruleset]] = getattr(importlib.import_module(module_name),
                                                       attr)
        return factory
    loaded: Callable[[], type[Ruleset]] = target.load()  # an importlib.metadata.EntryPoint
    return loaded


def load_part(spec: str) -> Any:
    """What a lazy "module:attr" string names (a ruleset's declared ``editor``,
    ``creation_form``, ``dialogs``); a bare "module" names the module itself
    (``sheet_module``)."""
    module_name, _, attr = spec.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def ruleset_class(ruleset_id: str) -> type[Ruleset]:
    from builder.rules.base import match_name

    builtin = ruleset_id.strip().casefold()
    if builtin in BUILTIN:
        # A built-in id needs no look at the installed distributions' entry points
        # (importlib.metadata reads every one of them: a cost on every command).
        return _load_target(BUILTIN[builtin])()
    registry = _registry()
    if ruleset_id not in registry:
        registry = _all()
    rid = match_name(ruleset_id, registry, "ruleset")
    return _load_target(registry[rid])()


def _declared_commands(target: _Target, table: str = "COMMANDS") -> dict[str, str]:
    """The command-line verbs a registered rule system declares: ``COMMANDS`` (command
    name -> the module that adds it with ``register(subparsers)``), or the ``table``
    named, in the module its registration names, the folder's ``__init__.py`` beside
    ``ruleset_class``; read without importing its rules.  None for one whose module
    does not load."""
    module_name = target.partition(":")[0] if isinstance(target, str) \
        else str(getattr(target, "module", ""))
    try:
        declared = getattr(importlib.import_module(module_name), table, {})
    except Exception:  # a broken plugin never stops another command
        return {}
    return dict(declared)


def ruleset_commands(name: str | None = None) -> dict[str, str]:
    """Command name -> the module registering it (``register(subparsers)``), as the
    rule systems declare them (``COMMANDS`` beside ``ruleset_class``).  Given
    ``name``, only that command (or nothing): the built-in systems are asked first,
    the installed plugins only when none of them has it."""
    found: dict[str, str] = {}
    for builtin in BUILTIN.values():
        for command, module in _declared_commands(builtin).items():
            found.setdefault(command, module)
    if name is not None and name in found:
        return {name: found[name]}
    for rid, plugin in _registry().items():
        if rid not in BUILTIN:
            for command, module in _declared_commands(plugin).items():
                found.setdefault(command, module)
    if name is not None:
        return {name: found[name]} if name in found else {}
    return found


def campaign_commands() -> dict[str, str]:
    """The ``campaign`` sub-commands the built-in rule systems declare:
    ``CAMPAIGN_COMMANDS`` beside ``ruleset_class`` (sub-command name -> the module that
    adds it with ``register_campaign(subparsers)``).  The installed plugins are not
    read: every ``campaign`` command builds these, and reading the distributions' entry
    points would cost each one more than the command itself (a plugin's verbs are
    top-level, ``COMMANDS``)."""
    found: dict[str, str] = {}
    for target in BUILTIN.values():
        for command, module in _declared_commands(target, "CAMPAIGN_COMMANDS").items():
            found.setdefault(command, module)
    return found
