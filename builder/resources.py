"""Where the built-in resources (ruleset data, schemas, icons) live.

The resources folder sits beside the package at the top of the repository
(the project is installed editable, see README).  Nothing here imports Qt.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)


@lru_cache(maxsize=None)
def load_json_resource(*parts: str):
    with resource_path(*parts).open(encoding="utf-8") as fh:
        return json.load(fh)
