"""Who the character is: player, appearance, background, notes and portrait, the same in every
rule system (``do FILE set-identity KEY VALUE`` on the command line; the editor's "Who"
page and Edit > Who Is This Character… in the window).

One operation, :func:`set_identity`, with the guards every one-character change has
(:mod:`builder.app.characters`: a read-only file, the member guard, a file changed
behind an open copy) and the identity's own, checked before anything changes: a known
key, text of at most :data:`MAX_TEXT` characters, a portrait that is an image.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Mapping

from builder.app.characters import Target, _change, _file_change
from builder.app.outcome import Guard, Outcome
from builder.app.views import CharacterView
from builder.rules.base import UsageError, match_name
from builder.storage.files import CharacterFile
from builder.storage.identity import IDENTITY_KEYS, MAX_TEXT, PORTRAITS, TEXT_KEYS

KEYS = IDENTITY_KEYS
_STORED = re.compile(rf"{PORTRAITS}/[0-9a-f]{{16}}\.(png|jpg|gif|bmp)")


def identity(cf: CharacterView) -> dict[str, str]:
    """The identity keys the character file holds now (portrait: its stored path)."""
    return {key: cf.doc[key] for key in KEYS if isinstance(cf.doc.get(key), str) and cf.doc[key]}


def portrait_path(value: str) -> Path | None:
    """The file of a stored portrait (a value :func:`identity` gives) in the data
    folder, when there is one to show."""
    from builder.storage.files import portrait_file

    return portrait_file({"portrait": value}) if value else None


def store_image(path: Path) -> str:
    """Copy the image at ``path`` into the data folder's portraits: the value the file
    keeps for it (FileProblem when it is no image the program can use)."""
    from builder.storage.identity import store_portrait

    return store_portrait(path)


def _portrait(value: str, current: str | None) -> str:
    """A portrait value as the file keeps it: a stored portrait (as :func:`identity`
    gives it) stays; anything else is an image file, copied into the data folder."""
    from builder.storage.paths import data_dir

    if value == current or (_STORED.fullmatch(value) and (data_dir() / value).is_file()):
        return value
    return store_image(Path(value).expanduser())


def _checked(values: Mapping[str, str], current: Mapping[str, str]) -> dict[str, str]:
    """``values`` with canonical keys, text stripped and the portrait stored; UsageError
    for an unknown key or a text too long, FileProblem for a portrait that is no image."""
    result: dict[str, str] = {}
    for given, value in values.items():
        key = match_name(given, KEYS, "identity key")
        text = str(value or "").strip()
        if key in TEXT_KEYS and len(text) > MAX_TEXT:
            raise UsageError(f"{key}: at most {MAX_TEXT} characters")
        result[key] = _portrait(text, current.get(key)) if key == "portrait" and text else text
    return result


def set_identity(target: Target, values: Mapping[str, str], *,
                 guard: Guard | None = None) -> Outcome:
    """Set the identity keys in ``values`` (an empty value removes the key; keys not
    given stay as they are).  ``lines``: each key set, as ``KEY: VALUE``."""
    def change(cf: CharacterFile) -> dict[str, str]:
        new = _checked(values, identity(cf))
        for key, value in new.items():
            if value:
                cf.doc[key] = value
            else:
                cf.doc.pop(key, None)
        return new

    cf, new, before = _change(target, guard, change)
    lines = tuple(f"{key}: {value}" if value else f"{key}: (none)" for key, value in new.items())
    return Outcome(f"Changed who {cf.name} is", _file_change(cf, before) if cf.raw != before
                   else (), lines=lines)
