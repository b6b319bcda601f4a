"""Examples that ship with the program, installed into the user's folders on request.

``point-buy`` is a small rule system written as data (four attributes, skills bought
with points, paths with prerequisites): installing it puts a copy in the user's rule
systems folder (``<data folder>/rulesets/systems``), where every command and the window
find it and a game master can edit it.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.app.outcome import Outcome

#: Every example: its name and what it is.
EXAMPLES = {
    "point-buy": "a small rule system written as data: four attributes, skills bought "
                 "with points, paths with prerequisites",
}


def target(name: str) -> Path:
    """Where the example ``name`` is installed."""
    from builder.storage.data_systems import systems_dir

    return systems_dir() / f"{name}.json"


def install(name: str, *, force: bool = False) -> Outcome:
    """Copy the example ``name`` into the user's rule systems folder; ``lines``: where.
    A copy there that was changed is kept unless ``force`` (UsageError saying so); an
    unchanged copy is left as it is."""
    from builder.app.outcome import FileChange, Outcome
    from builder.resources import resource_path
    from builder.rules.base import UsageError, match_name
    from builder.storage.atomic import write_bytes_atomic

    name = match_name(name, EXAMPLES, "example")
    data = resource_path("examples", f"{name}.json").read_bytes()
    path = target(name)
    try:
        before: bytes | None = path.read_bytes()
    except FileNotFoundError:
        before = None
    if before == data:
        return Outcome(f"{name} is installed", (), written=False, lines=(str(path),))
    if before is not None and not force:
        raise UsageError(f"{path} exists and differs from the example (edited?); "
                         "--force replaces it")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, data)
    return Outcome(f"Installed the {name} example", (FileChange.of(path, before, data),),
                   lines=(str(path),))
