"""Where the built-in resources (ruleset data, schemas, icons) live.

They are package data: the shared ones under ``builder/data``, a rule system's
own in its folder (``builder/rulesets/<id>/data`` and ``schema``, named by
"package:path" strings the ruleset declares, see :func:`package_file`).  They are read with
:mod:`importlib.resources`, so a wheel, an sdist, pipx and a frozen bundle all
carry them.  A built-in file that is missing anyway raises
:class:`InstallationIncomplete` (one clear line, exit 2), never a traceback.
Nothing here imports Qt.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.abc import Traversable

_ON_DISK = Path(__file__).resolve().parent / "data"


class InstallationIncomplete(Exception):
    """A file that ships with the application is missing."""


def data_root() -> "Traversable":
    # A wheel, an editable install and a one-folder bundle all have the files on disk:
    # read them by path, so that no command imports importlib.resources (docs/dev/performance.md);
    # anything else (a zip import) goes through importlib.resources.
    if _ON_DISK.is_dir():
        return _ON_DISK
    from importlib import resources

    return resources.files("builder") / "data"


def resource_path(*parts: str) -> "Traversable":
    """The built-in file ``builder/data/<parts>`` (a Traversable; on a normal
    install or a one-folder bundle it is a real path)."""
    return data_root().joinpath(*parts)


def resource_exists(*parts: str) -> bool:
    return resource_path(*parts).is_file()


def read_text_resource(*parts: str) -> str:
    target = resource_path(*parts)
    try:
        return target.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError) as exc:
        raise InstallationIncomplete(
            f"installation incomplete: built-in file data/{'/'.join(parts)} is missing"
            " (reinstall character-builder)"
        ) from exc


@lru_cache(maxsize=None)
def load_json_resource(*parts: str) -> Any:  # parsed JSON
    return json.loads(read_text_resource(*parts))


def package_file(spec: str) -> "Traversable":
    """The file a "package:path" string names (``"builder.rulesets.vogelfrei:data/vogelfrei.json"``),
    inside that package's folder; a real path on a normal install or a one-folder bundle."""
    import importlib

    package, _, relative = spec.partition(":")
    module = importlib.import_module(package)
    parts = [part for part in relative.split("/") if part]
    where = getattr(module, "__file__", None)
    if where:
        folder = Path(where).resolve().parent
        if folder.is_dir():
            return folder.joinpath(*parts)
    from importlib import resources

    return resources.files(package).joinpath(*parts)


@lru_cache(maxsize=None)
def load_package_json(spec: str) -> Any:  # parsed JSON
    """The parsed JSON file a "package:path" string names (InstallationIncomplete if missing)."""
    try:
        text = package_file(spec).read_text(encoding="utf-8")
    except (ImportError, OSError) as exc:
        raise InstallationIncomplete(
            f"installation incomplete: built-in file {spec.replace(':', '/')} is missing"
            " (reinstall character-builder)"
        ) from exc
    return json.loads(text)
