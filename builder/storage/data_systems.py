"""Finds the rule systems defined by data alone: ``<data folder>/rulesets/systems/ID.json``.

Each file is read strictly (:mod:`builder.storage.jsonio`), checked against
``rule-system.schema.json`` and the data checks of
:mod:`builder.rules.data_system`, and registered under its id (the file's name
without ``.json`` must be that id).  A file that cannot be used never stops the
app: every command that lists or uses rule systems says so once on stderr (the
window lists it in Help > Rule Systems) and the system is left out.  An id a
built-in or plugin rule system has is left out too.

Importing :mod:`builder.storage.rulesets` adds this source to the registry;
:mod:`builder.storage.rule_systems` lists every system with its source.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from builder.rules.records import FrozenRecord
from builder.storage.jsonio import one_line

SOURCE_LABEL = "data file"
#: A rule-system file larger than this is left out before it is parsed.
MAX_SYSTEM_BYTES = 5 * 1024 * 1024


def systems_dir() -> Path:
    from builder.storage.paths import overrides_dir

    return overrides_dir() / "systems"


class Found(FrozenRecord):
    _fields = ("classes", "files", "warnings")
    __slots__ = _fields
    classes: dict[str, Any]      # id -> Ruleset class
    files: dict[str, Any]        # id -> path
    warnings: tuple[Any, ...]    # one line each

    def __init__(self, classes: dict[str, Any], files: dict[str, Any],
                 warnings: tuple[Any, ...]) -> None:
        object.__setattr__(self, "classes", classes)
        object.__setattr__(self, "files", files)
        object.__setattr__(self, "warnings", warnings)


def _listing(folder: Path) -> tuple[Any, ...]:
    try:
        entries = sorted(p for p in folder.iterdir() if p.suffix == ".json")
    except OSError:
        return ()
    stamps = []
    for path in entries:
        try:
            st = path.stat()
        except OSError:
            continue
        stamps.append((path.name, st.st_mtime_ns, st.st_size))
    return tuple(stamps)


def scan() -> Found:
    """Every usable data rule system in the folder (cached until a file changes)."""
    folder = systems_dir()
    return _scan(str(folder), _listing(folder))


@lru_cache(maxsize=8)
def _scan(folder: str, listing: tuple[Any, ...]) -> Found:
    from builder.rules.data_system import make_class
    from builder.storage import jsonio

    classes, files, warnings = {}, {}, []
    for name, _mtime, size in listing:
        path = Path(folder) / name
        problems: list[str] = []
        data: Any = None
        if size > MAX_SYSTEM_BYTES:
            problems = [f"it is too large ({size} bytes; at most {MAX_SYSTEM_BYTES})"]
        else:
            from builder.storage.reading import Unreadable, read_regular

            try:
                data = jsonio.loads(read_regular(path, MAX_SYSTEM_BYTES, "rule system file"))
            except Unreadable as why:
                problems = [str(why)]
            except jsonio.JsonProblem as problem:
                problems = [str(problem)]
        if not problems:
            try:
                problems = _data_problems(data)
            except (ArithmeticError, LookupError, TypeError, ValueError,
                    RecursionError) as exc:
                problems = [f"malformed ({type(exc).__name__}: {exc})"]
        if not problems and data["id"] != path.stem:
            problems = [f"its id '{data['id']}' is not its file name '{path.stem}'"]
        if problems:
            warnings.append(one_line(f"{path}: rule system left out: "
                                     + "; ".join(problems[:5]), 1000))
            continue
        classes[data["id"]] = make_class(data, str(path))
        files[data["id"]] = str(path)
    return Found(classes, files, tuple(warnings))


def provider(taken: frozenset[Any]) -> dict[str, Any]:
    """The registry source: {id: factory} for every usable file whose id is free."""
    found = scan()
    result = {}
    warnings = list(found.warnings)
    for rid, cls in found.classes.items():
        if rid in taken:
            warnings.append(one_line(f"{found.files[rid]}: rule system left out: the id "
                                     f"'{rid}' is taken by a built-in or plugin rule "
                                     "system", 1000))
            continue
        result[rid] = (lambda c=cls: c)
    if _reporter is not None:
        _reporter(warnings)
    return result


def warnings() -> list[str]:
    """Why files in the folder are left out (for Help > Rule Systems)."""
    from builder.rules.registry import ruleset_ids, ruleset_source

    found = scan()
    lines = list(found.warnings)
    for rid, path in found.files.items():
        if rid in ruleset_ids() and ruleset_source(rid) != SOURCE_LABEL:
            lines.append(one_line(f"{path}: rule system left out: the id '{rid}' is taken "
                                  "by a built-in or plugin rule system", 1000))
    return lines


_reporter: Callable[[list[str]], None] | None = None


def register(report: Callable[[list[str]], None]) -> None:
    """Add this source to the registry; ``report(lines)`` receives the warnings (the
    storage.rulesets warning handler: once per command on stderr)."""
    global _reporter
    from builder.rules.registry import add_source

    _reporter = report
    add_source(SOURCE_LABEL, provider)


def _data_problems(data: dict[str, Any]) -> list[str]:
    """:meth:`DataRuleset.validate_data`, with the schema's verdict from the compiled
    validator when it has one and accepts the file (jsonschema, which follows each
    ``$ref`` of a large file one by one, then decides only a file it refuses)."""
    from builder.rules.data_system.checks import SCHEMA, data_problems
    from builder.storage.validation import is_valid_fast, load_schema

    return data_problems(data, schema_checked=is_valid_fast(load_schema(SCHEMA), data))
