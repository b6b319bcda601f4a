"""Finishing the multi-file changes a killed process left half-made.

Every command calls :func:`finish_interrupted` before it starts and the window
when it opens: each unfinished change found in the journal
(:mod:`builder.storage.journal`) is completed, or taken back where another
program changed one of its files since, so a party award is on every member or
on none.  With nothing to finish it costs one listing of an absent folder.
"""
from __future__ import annotations

import os


def finish_interrupted() -> tuple[str, ...]:
    """One line for each interrupted change finished (or still waiting); empty when
    there was none."""
    from builder.storage.paths import journal_dir

    try:
        names = os.listdir(journal_dir())
    except OSError:
        return ()
    if not any(name.endswith(".json") for name in names):
        return ()
    from builder.storage.journal import recover

    done, problems = recover()
    return tuple(result.line() for result in done) + tuple(problems)
