"""Tiny Points: a small point-buy rule system written as a plugin (Python code, not
data): three attributes bought with points, each level costs its own number, a
Champion title for anyone with two attributes at 3.  It declares planning.

Registered only by its distribution's entry point (``character_builder.rulesets``:
``tiny-points = tiny_points:ruleset_class``); everything it needs is in this folder,
laid out as a built-in rule system's folder (builder/rulesets/<id>/) is: the rules
(ruleset.py), its data (data/) and the data's JSON Schema (schema/), its sheet
(sheet.py), its command (cli.py, declared by ``COMMANDS`` here), its advancement chain
(chain.py) and the chain page that shows it (ui/chain_page.py).  The class declares
them (``parts``: ``data_file``, ``data_schema``, ``sheet_module``, ``chain_page``); it
declares no editor or creation form, so the window gives it the generic ones, with its
own chain page as the generic editor's *Advancement chain* page.
"""
from __future__ import annotations

#: Its own command-line verb (the module adds it with ``register(subparsers)``).
COMMANDS = {"tiny-prices": "tiny_points.cli"}


def ruleset_class():
    from tiny_points.ruleset import TinyPoints

    return TinyPoints
