"""Finds the rule systems: every subpackage of builder.rules that defines
``RULESET_CLASS`` (a :class:`~builder.rules.base.Ruleset` subclass).

Modules are imported lazily, by id, so start-up pays only for what it uses.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

import builder.rules as _pkg


@lru_cache(maxsize=1)
def _module_names() -> dict[str, str]:
    """ruleset id -> module name, from the subpackages' ``RULESET_ID`` files.

    Each ruleset subpackage's ``__init__`` defines ``RULESET_ID``; importing a
    package __init__ is cheap (the heavy modules are imported on demand).
    """
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(_pkg.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{_pkg.__name__}.{info.name}")
        rid = getattr(module, "RULESET_ID", None)
        if rid:
            found[rid] = module.__name__
    return dict(sorted(found.items()))


def ruleset_ids() -> list[str]:
    return list(_module_names())


def ruleset_class(ruleset_id: str):
    from builder.rules.base import match_name

    rid = match_name(ruleset_id, _module_names(), "ruleset")
    module = importlib.import_module(_module_names()[rid])
    return module.ruleset_class()
