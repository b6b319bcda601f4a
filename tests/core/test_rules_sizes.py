"""Size limits for the rules: no class over 400 lines and no function over 80 in
``builder/rules`` and every rule-system folder's ``rules/``, so a rule system stays a
short manifest over its modules (baseline, checks, derived view, actions).  Counted as
tests/core/test_window_sizes.py counts the window's code."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_CLASS_LINES = 400
MAX_FUNCTION_LINES = 80


def _rules_modules() -> list[Path]:
    files = list((ROOT / "builder" / "rules").rglob("*.py"))
    files += (ROOT / "builder" / "rulesets").glob("*/rules/**/*.py")
    return sorted(files)


def test_no_rules_class_or_function_is_too_long():
    too_long = {}
    for path in _rules_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            lines = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
            limit = (MAX_CLASS_LINES if isinstance(node, ast.ClassDef) else MAX_FUNCTION_LINES
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None)
            if limit is not None and lines > limit:
                too_long[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = lines
    assert "builder/rulesets/story_points/rules/ruleset.py" in {
        p.relative_to(ROOT).as_posix() for p in _rules_modules()}
    assert too_long == {}
