"""Loads a ruleset's effective data: the built-in file, or the user's override.

An override (homebrew) is data, never code: it is parsed, validated, and used
only when valid; a broken override is reported and the built-in data is used.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from builder.resources import load_package_json
from builder.rules.base import Ruleset
from builder.rules.records import Record
from builder.rules.registry import ruleset_class, ruleset_ids
from builder.storage import jsonio
from builder.storage.jsonio import one_line
from builder.storage.paths import overrides_dir
from builder.storage import data_systems


class LoadedRuleset(Record):
    _fields = ("ruleset", "source", "warnings")
    __slots__ = _fields
    ruleset: Ruleset
    source: str
    warnings: list[str]

    def __init__(self, ruleset: Ruleset, source: str, warnings: list[str] | None = None) -> None:
        self.ruleset = ruleset
        self.source = source
        self.warnings = [] if warnings is None else warnings


def _read_builtin(ruleset_id: str) -> dict[str, Any]:
    # A plugin ruleset brings its own data (``builtin_data()``) or declares its file
    # (``parts.data_file``, "package:path"), as the built-in ones do (builder/rulesets/<id>/data/).
    cls = ruleset_class(ruleset_id)
    provided = getattr(cls, "builtin_data", None)
    if callable(provided):
        data = provided()
    elif cls.parts.data_file:
        data = load_package_json(cls.parts.data_file)
    else:
        data = {}
    # A fresh copy: rulesets may keep (and must not share) the parsed data.
    fresh: dict[str, Any] = json.loads(json.dumps(data))
    return fresh


#: An override larger than this is refused before it is read (the built-in files are
#: well under 100 KB; a 100 MB file would cost seconds and hundreds of MB per command).
MAX_OVERRIDE_BYTES = 5 * 1024 * 1024

_warning_handler: Callable[[str], None] | None = None
_reported: set[str] = set()


def report_warnings_to(handler: Callable[[str], None] | None) -> None:
    """Send every "override ignored" warning to ``handler`` once (the CLI prints it
    on stderr once per command; the window lists it in Help > Rule Systems).
    Installing a handler starts afresh: each warning is reported again, once."""
    global _warning_handler
    _warning_handler = handler
    _reported.clear()


def _report(warnings: list[str]) -> None:
    for warning in warnings:
        if _warning_handler is not None and warning not in _reported:
            _reported.add(warning)
            _warning_handler(warning)


def load_ruleset_full(ruleset_id: str) -> LoadedRuleset:
    cls = ruleset_class(ruleset_id)
    rid = cls.id
    override = overrides_dir() / f"{rid}.json"
    stamp = None
    try:
        if override.is_file():
            st = override.stat()
            stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    # Without an override the path plays no part: one load for every data folder.
    loaded = _load(rid, str(override) if stamp is not None else "", stamp, cls)
    _report(loaded.warnings)
    return loaded


def forget_loaded() -> None:
    """Forget every loaded rule system: the next load reads its data and the user's
    override again (after the data folder or a plugin changed; the tests use it)."""
    _load.cache_clear()


@lru_cache(maxsize=32)
def _load(rid: str, override_path: str, stamp: tuple[int, int] | None,
          cls: type[Ruleset] | None = None) -> LoadedRuleset:
    """The effective data: a valid override, else the built-in data (with a warning
    that says, in one line, why the override was ignored).  Whatever the override
    holds, this never raises: an override never breaks the app.  ``cls`` is in the
    cache key: a data-file rule system's class changes when its file does."""
    cls = cls or ruleset_class(rid)
    builtin = _read_builtin(rid)
    warnings: list[str] = []
    if stamp is not None:
        data, problems = _read_override(cls, Path(override_path), stamp[1], builtin)
        if not problems:
            try:
                ruleset = cls(data)
            except (ArithmeticError, AttributeError, LookupError, TypeError,
                    ValueError) as exc:
                problems = [f"the rules cannot use it ({type(exc).__name__}: {exc})"]
            else:
                title = data.get("title")
                if isinstance(title, str) and title.strip():
                    ruleset.title = title.strip()       # a homebrew may rename its system
                return LoadedRuleset(ruleset, override_path, warnings)
        warnings.append(one_line(
            f"{override_path}: homebrew override ignored, built-in {rid} data used: "
            + "; ".join(problems[:5]), 1000))
    return LoadedRuleset(cls(builtin), "built-in", warnings)


def _read_override(cls: type[Ruleset], path: Path, size: int, builtin: dict[str, Any]
                   ) -> tuple[Any, list[str]]:
    """(the effective data the override gives, why it cannot be used: empty when it can).

    A layer (``"extends"``, see :mod:`builder.storage.layering`) is applied over the
    built-in data; a whole file may also be in the shape ``data RULESET --json``
    prints (the ruleset's ``data_from_public``).  Either way the result is validated
    as a whole data file."""
    from builder.storage import layering

    if size > MAX_OVERRIDE_BYTES:
        return None, [f"it is too large ({size} bytes; at most {MAX_OVERRIDE_BYTES})"]
    from builder.storage.reading import Unreadable, read_regular

    try:
        data = jsonio.loads(read_regular(path, MAX_OVERRIDE_BYTES, "rule system file"))
    except Unreadable as why:
        return None, [str(why)]
    except jsonio.JsonProblem as problem:
        return None, [str(problem)]
    try:
        if layering.is_layer(data):
            data = layering.apply_layer(builtin, data, cls.id)
        data = cls.data_from_public(data)
        return data, validate_ruleset_data(cls, data)
    except layering.LayerProblem as problem:
        return None, [str(problem)]
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError,
            RecursionError) as exc:
        return data, [f"malformed ({type(exc).__name__}: {exc})"]


def validate_ruleset_data(cls: type[Ruleset], data: Any) -> list[str]:
    """Schema check (when the ruleset declares a ``parts.data_schema``), then the ruleset's own."""
    if cls.parts.data_schema:
        from builder.storage.validation import load_schema, schema_errors

        problems = schema_errors(load_schema(cls.parts.data_schema), data)
        if problems:
            return problems
    return cls.validate_data(data)


data_systems.register(_report)  # rule systems defined by data files (rulesets/systems/)


def load_ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset_full(ruleset_id).ruleset


def all_rulesets() -> list[Ruleset]:
    return [load_ruleset(rid) for rid in ruleset_ids()]


def ruleset_sources() -> list[dict[str, Any]]:
    """Every rule system with where its data comes from and why an override was
    ignored, for a Help > Rule Systems view: ``{"id", "title", "source",
    "warnings"}`` (``source`` is "built-in" or the override's path).  Never raises
    for a broken override (see _load)."""
    rows = []
    for rid in ruleset_ids():
        loaded = load_ruleset_full(rid)
        rows.append({"id": rid, "title": loaded.ruleset.title, "source": loaded.source,
                     "warnings": list(loaded.warnings)})
    return rows
