"""Paths as the window and the library compare and remember them."""
from __future__ import annotations

import os
from pathlib import Path


def real_path(path: str | Path) -> Path:
    """Where ``path`` finally leads: absolute, symbolic links followed as far as they
    go (the same key the file's lock is taken by).  Unlike ``Path.resolve`` it never
    raises: a symbolic-link loop, a name longer than the system allows or a NUL is a
    path like another here; reading the file is what says what is wrong with it."""
    from builder.storage.locking import real_target

    try:
        return real_target(path)
    except ValueError:           # a NUL in the name: no system call takes it
        return Path(os.path.abspath(path))
