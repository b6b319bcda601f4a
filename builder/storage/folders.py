"""The folders added to the library beside the data folder.

An added folder holds character files (its own ``*.json`` files) and, in a
``campaigns`` folder inside it, campaigns.  The list is a settings file
(:func:`builder.storage.paths.library_folders_file`); adding or removing a folder
never touches the files in it.
"""
from __future__ import annotations

import json
from pathlib import Path

from builder.storage.paths import campaigns_dir, library_folders_file


def extra_folders() -> list[Path]:
    """The added folders, in the order they were added (an unreadable settings file
    counts as none)."""
    try:
        listed = json.loads(library_folders_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    folders = listed.get("folders") if isinstance(listed, dict) else None
    if not isinstance(folders, list):
        return []
    return [Path(f) for f in folders if isinstance(f, str) and f]


def save_extra_folders(folders: list[Path]) -> None:
    from builder.storage.atomic import write_bytes_atomic

    target = library_folders_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(target, json.dumps({"folders": [str(f) for f in folders]},
                                          indent=2).encode("utf-8"))


def campaign_folders() -> list[Path]:
    """The folders the library's campaigns are in: the data folder's, then
    ``campaigns`` inside each folder added to the library (existing or not)."""
    return [campaigns_dir(), *(f / "campaigns" for f in extra_folders())]


def list_campaigns() -> list[Path]:
    """The campaigns of the data folder, then those in ``campaigns`` inside each folder
    added to the library (a sync engine's copy of one beside it is not listed)."""
    from builder.storage.conflicts import copies_in, is_data_file

    found: list[Path] = []
    for folder in campaign_folders():
        if folder.is_dir():
            here = sorted(p for p in folder.glob("*.json")
                          if p.is_file() and is_data_file(p.name) and p not in found)
            copies = copies_in(folder)      # copies of a campaign beside them: not listed
            found += [p for p in here if p.name not in copies]
    return found
