"""Size limits everywhere in ``builder/``: no class over 400 lines and no function over
80, so objects are split by what they are responsible for.  The generated validators
are left out, and so are the functions that lay out a form: a window's widgets or a
command's arguments placed one by one read best in one piece.  Those are listed by name
below; the list only shrinks.  (The window's modules also keep under 600 lines:
tests/core/test_window_sizes.py.)"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from tests.source_trees import nodes

ROOT = Path(__file__).resolve().parents[2]
MAX_CLASS_LINES = 400
MAX_FUNCTION_LINES = 80

#: Functions that build a form (widgets, or an argument parser's options) line by line.
FORM_BUILDING = {
    "builder/cli.py:_parser",
    "builder/cli_commands/campaign.py:register",
    "builder/rulesets/story_points/ui/creation.py:__init__",
    "builder/rulesets/story_points/ui/editor.py:__init__",
    "builder/rulesets/vogelfrei/ui/creation.py:__init__",
    "builder/rulesets/vogelfrei/ui/editor.py:__init__",
    "builder/rulesets/vogelfrei/ui/party_xp.py:__init__",
    "builder/rulesets/vogelfrei/ui/possessions.py:__init__",
    "builder/rulesets/vogelfrei/ui/sheet_part.py:_build_sheet",
    "builder/ui/campaign_view.py:_build",
    "builder/ui/chain/page.py:__init__",
    "builder/ui/main_window.py:__init__",
    "builder/ui/pool_view.py:_build",
}


def _modules() -> list[Path]:
    return sorted(p for p in (ROOT / "builder").rglob("*.py")
                  if "compiled_schemas" not in p.parts)


@lru_cache(maxsize=1)
def _too_long() -> dict[str, int]:
    found = {}
    for path in _modules():
        for node in nodes(path):
            lines = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
            limit = (MAX_CLASS_LINES if isinstance(node, ast.ClassDef) else MAX_FUNCTION_LINES
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None)
            if limit is not None and lines > limit:
                found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = lines
    return found


def test_every_package_is_counted():
    counted = {p.relative_to(ROOT).parts[1] for p in _modules()}
    assert {"rules", "storage", "app", "sheets", "render", "ui", "rulesets",
            "cli_commands"} <= counted


def test_no_class_over_400_lines_and_no_function_over_80():
    too_long = {where: lines for where, lines in _too_long().items()
                if where not in FORM_BUILDING}
    assert too_long == {}


def test_the_form_building_list_only_names_long_forms():
    """A form that became short (or went) leaves the list."""
    assert sorted(FORM_BUILDING - set(_too_long())) == []
