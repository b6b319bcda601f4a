"""Tiny Points: a small point-buy rule system written as a plugin (Python code, not
data): three attributes bought with points, each level costs its own number, a
Champion title for anyone with two attributes at 3.  It declares planning.

Registered only by its distribution's entry point (``character_builder.rulesets``:
``tiny-points = tiny_points:ruleset_class``); everything it needs is in this folder.
"""
from __future__ import annotations

import json
from pathlib import Path


def ruleset_class():
    from tiny_points.ruleset import TinyPoints

    return TinyPoints


def data() -> dict:
    return json.loads((Path(__file__).with_name("tiny-points.json")).read_text("utf-8"))
