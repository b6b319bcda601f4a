"""Size limits for the window's code (no file in the window package over
about 600 lines, no class over about 400), so no module grows back into a tangle.

How it counts: a module's size is its number of lines (``len(text.splitlines())``,
docstrings, comments and blank lines included); a class's size is the lines from its
``class`` statement to its last line (``end_lineno - lineno + 1``, its decorators
not counted), for every class, nested ones too.  A class's mixins are separate
classes, each counted on its own.  The window's code is every module under
``builder/ui/`` and every rule-system folder's ``ui/``.

A part that outgrows a limit is split into the parts a reader expects (see how the
editors split into ``sheet_part``, ``dialogs``, ``widgets`` …), not listed here.
"""
from __future__ import annotations

import ast
from pathlib import Path
from tests.source_trees import nodes

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 400


def _window_modules() -> list[Path]:
    files = list((ROOT / "builder" / "ui").rglob("*.py"))
    files += (ROOT / "builder" / "rulesets").glob("*/ui/**/*.py")
    return sorted(files)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_window_package_is_found():
    names = {_rel(p) for p in _window_modules()}
    assert "builder/ui/main_window.py" in names
    assert "builder/rulesets/vogelfrei/ui/editor.py" in names


def test_no_window_module_is_over_600_lines():
    too_long = {}
    for path in _window_modules():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_MODULE_LINES:
            too_long[_rel(path)] = lines
    assert too_long == {}


def test_no_window_class_is_over_400_lines():
    too_long = {}
    for path in _window_modules():
        for node in nodes(path):
            if isinstance(node, ast.ClassDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    too_long[f"{_rel(path)}:{node.name}"] = lines
    assert too_long == {}
