"""Names for files: the library is the default place.

Wherever a person names a character or campaign file (the command line's FILE, a name
typed in the window), an existing path is that file; anything else is looked up in the
library by the character's or campaign's name, or by its file name with or without
``.json`` (case does not matter).  One match is the file; none or several is a
``UsageError`` whose one line lists the near names.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

from builder.rules.base import UsageError
from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.storage.library import LibraryEntry

CHARACTER = "character"
CAMPAIGN = "campaign"
BOTH = (CHARACTER, CAMPAIGN)


class Named(FrozenRecord):
    """One file of the library: its kind, its name and where it is."""

    _fields = ("kind", "name", "path")
    __slots__ = _fields
    kind: str
    name: str
    path: Path

    def __init__(self, kind: str, name: str, path: Path) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "path", path)


def library_files(kinds: Sequence[str] = BOTH,
                  characters: Sequence[LibraryEntry] | None = None) -> list[Named]:
    """Every character (the library's index, or ``characters`` when the caller has
    scanned it) and campaign in the library, by name."""
    found: list[Named] = []
    if CHARACTER in kinds:
        if characters is None:
            from builder.app.library import scan

            characters = scan()
        found += [Named(CHARACTER, entry.name, entry.path) for entry in characters]
    if CAMPAIGN in kinds:
        from builder.storage import campaigns
        from builder.storage.files import FileProblem
        from builder.storage.folders import list_campaigns

        for path in list_campaigns():
            try:
                name = campaigns.load_campaign(path).name or path.stem
            except FileProblem:
                name = path.stem
            found.append(Named(CAMPAIGN, name, path))
    return found


def _key(word: str) -> str:
    return word.strip().casefold()


def _words_for(item: Named) -> tuple[str, ...]:
    """What names ``item``: its name, its file's stem and its file name."""
    return (_key(item.name), _key(item.path.stem), _key(item.path.name))


def _matches(word: str, items: Iterable[Named]) -> list[Named]:
    wanted = _key(word)
    return [item for item in items if wanted in _words_for(item)]


def namesakes(path: Path | str, name: str) -> list[Path]:
    """The library's other characters named ``name`` (in any case) whose files bear the
    name as ``new`` writes it (Senna.json, Senna-2.json, senna.json...): the word a
    command takes for each is then its file name.  The folder's file names are listed
    and only those few files read, whatever the library's size."""
    import json
    import re

    from builder.storage.files import safe_file_stem

    path = Path(path)
    pattern = re.compile(re.escape(safe_file_stem(name)) + r"(-\d+)?\.json", re.IGNORECASE)
    try:
        with os.scandir(path.parent) as entries:
            files = sorted(Path(e.path) for e in entries if pattern.fullmatch(e.name))
    except OSError:
        return []
    found = []
    for other in files:
        try:
            doc = json.loads(other.read_bytes())
        except (OSError, ValueError, RecursionError):
            continue
        if other != path and isinstance(doc, dict) and _key(str(doc.get("name"))) == _key(name):
            found.append(other)
    return found


def looks_like_a_path(word: str) -> bool:
    """A word with a folder in it, or ending in ``.json`` given as a path."""
    return os.sep in word or (os.altsep is not None and os.altsep in word)


def handle(item: Named, items: Sequence[Named]) -> str:
    """The shortest word that names ``item`` alone among ``items``: its name, else its
    file's stem, else its file name, else its full path.  A name with a folder in it
    ("../Sen/na") is read as a path by :func:`resolve`, so it is never the word."""
    for word in (item.name, item.path.stem, item.path.name):
        found = _matches(word, items)
        if word.strip() and not looks_like_a_path(word) and len(found) == 1 \
                and found[0] is item:
            return word
    return str(item.path)


def handles(characters: Sequence[LibraryEntry]) -> dict[Path, str]:
    """For each of the library's ``characters`` (as scanned), the word every command
    takes for it (:func:`handle`, among the library's characters and campaigns)."""
    items = library_files(BOTH, characters)
    return {item.path: handle(item, items) for item in items if item.kind == CHARACTER}


class NearNames(UsageError):
    """No library file of that name, but some named nearly so (``near``)."""

    def __init__(self, message: str, near: tuple[str, ...]) -> None:
        super().__init__(message)
        self.near = near


def resolve(word: str | Path, kinds: Sequence[str] = BOTH) -> Path:
    """The file ``word`` names: an existing path as it is; otherwise the one library
    file of one of ``kinds`` named so.  A word with a folder in it that does not exist
    is returned as it is (reading it says "no such file")."""
    text = str(word)
    path = Path(text)
    if not text.strip() or path.exists() or looks_like_a_path(text):
        return path
    items = library_files(kinds)
    found = _matches(text, items)
    distinct = {item.path for item in found}
    if len(distinct) == 1:
        return found[0].path
    what = " or ".join(kinds)
    if found:
        several = " or ".join(kind + "s" for kind in kinds)
        listed = ", ".join(f"{item.name} ({item.path})" for item in found)
        files = " or ".join(sorted({item.path.name for item in found}))
        raise UsageError(f"'{text}' names several {several} in the library: {listed}; "
                         f"give the file name of the one you mean ({files}) or its path")
    import difflib

    names = sorted({item.name for item in items} | {item.path.stem for item in items})
    near = difflib.get_close_matches(text, names, n=5, cutoff=0.6)
    near += [n for n in names if _key(text) in _key(n) and n not in near][:5 - len(near)]
    near = _one_word_each(near, items)
    if near:
        raise NearNames(f"'{text}': no such file, and no {what} of that name in the library; "
                        f"near names: {', '.join(near)}", tuple(near))
    if text.casefold().endswith(".json"):
        return path                          # a file name: "no such file", as always
    from builder.storage import paths

    lists = " and ".join(("library list" if kind == CHARACTER else "campaign list")
                         for kind in kinds)
    raise UsageError(f"'{text}': no such file, and no {what} of that name in the library "
                     f"({paths.data_dir()}); {lists} "
                     f"{'shows' if len(kinds) == 1 else 'show'} the names")


def _one_word_each(words: Sequence[str], items: Sequence[Named]) -> list[str]:
    """``words`` (near names, best first) with no two for one file: a campaign "Iron
    Coast" in Iron-Coast.json is suggested once, not as both."""
    seen: set[Path] = set()
    kept = []
    for word in words:
        paths = {item.path for item in _matches(word, items)}
        if not paths or not paths <= seen:
            kept.append(word)
        seen |= paths
    return kept
