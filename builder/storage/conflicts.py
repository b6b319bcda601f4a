"""Files sync engines leave in a shared folder, known by their names.

* Conflict copies: a sync engine that cannot merge keeps the losing version beside the
  file under another name.  Each is data to merge into the file it is a copy of, never
  a second character, never written to:

  - Syncthing: ``NAME.sync-conflict-YYYYMMDD-HHMMSS-XXXXXXX.ext`` (only the last
    extension is split off; the device part may be empty, and older versions wrote
    none);
  - Dropbox: ``NAME (USER's conflicted copy DATE).ext`` (and its translations that
    keep the English words);
  - Nextcloud: ``NAME (conflicted copy DATE TIME).ext``;
  - ownCloud: ``NAME_conflict-DATE-TIME.ext``.

* Temporary files of a sync engine still copying a file in (``.syncthing.NAME.tmp``,
  ``~syncthing~NAME.tmp``): never read, never listed.
"""
from __future__ import annotations

import re
from pathlib import Path

_COPIES = (
    re.compile(r"^(?P<stem>.+)\.sync-conflict-\d{8}-\d{6}(?:-[0-9A-Za-z]{0,7})?"
               r"(?P<ext>\.[^.]*)?$"),
    re.compile(r"^(?P<stem>.+?) \([^()]*conflicted copy[^()]*\)(?P<ext>\.[^.]*)?$"),
    re.compile(r"^(?P<stem>.+)_conflict-\d{8}-\d{6}(?P<ext>\.[^.]*)?$"),
)
_TEMPORARIES = (re.compile(r"^\.syncthing\..+\.tmp$"), re.compile(r"^~syncthing~.+\.tmp$"))


def original_name(name: str) -> str | None:
    """The name of the file ``name`` is a sync engine's conflict copy of (None: it is
    no conflict copy)."""
    for pattern in _COPIES:
        match = pattern.match(name)
        if match:
            return match["stem"] + (match["ext"] or "")
    return None


def is_conflict_copy(name: str) -> bool:
    return original_name(name) is not None


def is_sync_temporary(name: str) -> bool:
    return any(p.match(name) for p in _TEMPORARIES)


def is_data_file(name: str) -> bool:
    """Is a file of this name one to list as a character or campaign (a ``.json`` file
    that is no sync engine's conflict copy or temporary file)?"""
    return name.endswith(".json") and not is_conflict_copy(name) \
        and not is_sync_temporary(name)


def conflict_copies(folder: Path) -> list[Path]:
    """The conflict copies of ``.json`` files in ``folder``, by name."""
    try:
        names = sorted(p.name for p in folder.iterdir())
    except OSError:
        return []
    return [folder / n for n in names if (original_name(n) or "").endswith(".json")]


def refuse_conflict_copy(target: Path) -> str | None:
    """Why nothing is ever written to ``target`` (None: it may be)."""
    if is_conflict_copy(target.name):
        return (f"{target}: a sync engine's conflict copy is never written to; "
                f"sync intake merges it into {original_name(target.name)}")
    return None
