"""Who the character is: player, appearance, background, notes and a portrait (no Qt here).

The same for every ruleset, handled once: four optional top-level keys of the
character file, beside ``name`` and ``notes``:

* ``player``, ``appearance``, ``background``: text;
* ``portrait``: an image copied into the data folder's ``portraits/`` (named by its
  content's hash, so the same picture is stored once) and kept as that relative
  path, so the character file stays portable with its data folder.

``new --set player=Ada --set portrait=face.png`` (any ruleset) goes through
:func:`split_identity` before the ruleset sees the other pairs.  Files without these
keys read as before (nothing is missing: every key is optional).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from builder.rules.base import UsageError
from builder.storage.files import (  # noqa: F401  (identity_of, portrait_file: the API)
    FileProblem, identity_of, portrait_file)
from builder.storage.formats import IDENTITY_TEXT_KEYS

TEXT_KEYS = IDENTITY_TEXT_KEYS
IDENTITY_KEYS = TEXT_KEYS + ("portrait",)
MAX_TEXT = 20_000
MAX_PORTRAIT_BYTES = 10 * 1024 * 1024
PORTRAITS = "portraits"
#: Image formats by their first bytes: what Qt reads everywhere without plugins.
_MAGIC = ((b"\x89PNG\r\n\x1a\n", ".png"), (b"\xff\xd8\xff", ".jpg"), (b"GIF87a", ".gif"),
          (b"GIF89a", ".gif"), (b"BM", ".bmp"))


def split_identity(pairs: Sequence[tuple[str, str]]) -> tuple[dict[str, Any], list[Any]]:
    """``--set`` pairs -> (the identity keys given, the pairs left for the ruleset).
    Keys match case-insensitively; a later pair replaces an earlier one."""
    identity: dict[str, str] = {}
    rest = []
    for key, value in pairs:
        folded = key.strip().casefold()
        if folded in IDENTITY_KEYS:
            identity[folded] = value
        else:
            rest.append((key, value))
    return identity, rest


def apply_identity(doc: dict[str, Any], identity: dict[str, Any]) -> None:
    """Write the given identity keys into a character document (portraits copied into
    the data folder).  UsageError for text too long; FileProblem for a portrait that
    cannot be read or is not an image."""
    for key in TEXT_KEYS:
        if key in identity:
            text = str(identity[key]).strip()
            if len(text) > MAX_TEXT:
                raise UsageError(f"--set {key}: at most {MAX_TEXT} characters")
            if text:
                doc[key] = text
            else:
                doc.pop(key, None)
    if "portrait" in identity:
        source = str(identity["portrait"]).strip()
        if source:
            doc["portrait"] = store_portrait(Path(source))
        else:
            doc.pop("portrait", None)


def store_portrait(source: Path) -> str:
    """Copy an image into ``portraits/`` of the data folder; its path relative to it."""
    from builder.storage.atomic import write_bytes_atomic
    from builder.storage.paths import data_dir
    from builder.storage.reading import Unreadable, read_regular

    try:
        size = source.stat().st_size
        if size > MAX_PORTRAIT_BYTES:
            raise FileProblem(f"{source}: a portrait is at most "
                              f"{MAX_PORTRAIT_BYTES // (1024 * 1024)} MB")
        data = read_regular(source, MAX_PORTRAIT_BYTES, "picture")
    except Unreadable as why:
        raise FileProblem(f"{source}: {why}") from None
    except FileProblem:
        raise
    except (OSError, ValueError) as exc:
        raise FileProblem(f"{source}: cannot be read "
                          f"({getattr(exc, 'strerror', None) or exc})") from None
    suffix = next((ext for magic, ext in _MAGIC if data.startswith(magic)), None)
    if suffix is None:
        raise FileProblem(f"{source}: not a PNG, JPEG, GIF or BMP image")
    import hashlib  # when a digest is made (docs/dev/performance.md, hashlib)

    name = f"{hashlib.sha256(data).hexdigest()[:16]}{suffix}"
    target = data_dir() / PORTRAITS / name
    if not target.exists():
        try:
            write_bytes_atomic(target, data)
        except OSError as exc:
            raise FileProblem(f"{target}: cannot be written ({exc.strerror or exc})") \
                from None
    return f"{PORTRAITS}/{name}"
