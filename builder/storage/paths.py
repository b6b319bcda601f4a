"""Every folder the application uses, bound in this one module.

``CHARACTER_BUILDER_DATA`` overrides the user data folder (tests and portable
installs use it); otherwise platformdirs' user data folder for the app.  Caches
go to platformdirs' user cache folder (:func:`cache_dir`).
"""
from __future__ import annotations

import os
from pathlib import Path

APP_DIR_NAME = "character-builder"
ENV_DATA = "CHARACTER_BUILDER_DATA"


def data_dir() -> Path:
    override = os.environ.get(ENV_DATA)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


def cache_dir() -> Path:
    """Caches (the library index): the platform's user cache folder (platformdirs:
    ``~/.cache/character-builder`` on Linux, ``~/Library/Caches/character-builder`` on
    macOS, ``%LOCALAPPDATA%\\character-builder\\Cache`` on Windows); with
    ``CHARACTER_BUILDER_DATA`` set, ``cache/`` inside that folder, so tests and portable
    installs keep everything in one place.  Losing it costs time, never data."""
    return _user_folder("cache")


def characters_dir(create: bool = False) -> Path:
    path = data_dir() / "characters"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def campaigns_dir(create: bool = False) -> Path:
    path = data_dir() / "campaigns"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def trash_dir(create: bool = False) -> Path:
    path = data_dir() / "trash"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def overrides_dir() -> Path:
    """Homebrew: an edited copy of a ruleset file here replaces the built-in one."""
    return data_dir() / "rulesets"


def state_dir() -> Path:
    """The user's state folder: crash reports and the journal of unfinished multi-file
    changes (platformdirs: ``~/.local/state/character-builder`` on Linux); with
    ``CHARACTER_BUILDER_DATA`` set, ``state/`` inside that folder."""
    return _user_folder("state")


def crash_dir(create: bool = False) -> Path:
    """Where a bug's details are written (:mod:`builder.app.crash`)."""
    path = state_dir() / "crashes"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def journal_dir() -> Path:
    """Records of unfinished multi-file changes (:mod:`builder.storage.journal`)."""
    return state_dir() / "journal"


def locks_dir(create: bool = False) -> Path:
    """Where the write locks of characters and campaigns live: ``locks/`` in the user's
    cache folder (:func:`cache_dir`), never beside the files themselves, so a data
    folder that a sync engine or git carries holds nothing but data.  Private to the
    user (0700)."""
    path = cache_dir() / "locks"
    if create:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def lock_file(target: Path | str) -> Path:
    """The lock file of the file ``target`` names: keyed by its resolved path (symbolic
    links followed, made absolute), so every name of one file shares one lock.  The
    file's own name leads, for a person looking in the folder; a hash of the whole
    path makes it unique."""
    import hashlib
    import re

    resolved = os.path.realpath(os.path.abspath(target))
    digest = hashlib.sha256(os.fsencode(resolved)).hexdigest()[:32]
    readable = re.sub(r"[^\w.-]+", "_", os.path.basename(resolved), flags=re.ASCII)[:40]
    return locks_dir() / f"{readable}-{digest}.lock"


def config_dir() -> Path:
    """The user's settings folder (platformdirs: ``~/.config/character-builder`` on
    Linux); with ``CHARACTER_BUILDER_DATA`` set, ``config/`` inside that folder."""
    return _user_folder("config")


def library_folders_file() -> Path:
    """The list of folders added to the library beside the data folder (a Syncthing,
    Dropbox or git folder): a small JSON settings file in :func:`config_dir`."""
    return config_dir() / "library-folders.json"


def _user_folder(kind: str) -> Path:
    """The user's ``kind`` folder (cache, state, config) as platformdirs finds it; with
    ``CHARACTER_BUILDER_DATA`` set, ``kind/`` inside that folder."""
    override = os.environ.get(ENV_DATA)
    if override:
        return Path(override) / kind
    import platformdirs

    find = getattr(platformdirs, f"user_{kind}_dir")
    return Path(find(APP_DIR_NAME, appauthor=False))
