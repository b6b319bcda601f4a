"""Size limits for the sheet descriptions and their renderer: no class over 400 lines and
no function over 80 in ``builder/sheets/`` and ``builder/render/``, so the renderer stays
split by what each part does (style and measures, blocks, layout, painting, the PDF).

How it counts: a class's or function's size is the lines from its ``class`` or ``def``
statement to its last line (``end_lineno - lineno + 1``, decorators not counted), for
every class and function, nested ones and methods too.  A function that outgrows the
limit is split into the steps a reader expects, not listed here.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("builder/sheets", "builder/render")
MAX_CLASS_LINES = 400
MAX_FUNCTION_LINES = 80


def _modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def _sizes(kinds: tuple[type, ...]) -> dict[str, int]:
    sizes = {}
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, kinds):
                name = f"{path.relative_to(ROOT).as_posix()}:{node.name}:{node.lineno}"
                sizes[name] = node.end_lineno - node.lineno + 1
    return sizes


def test_the_packages_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in _modules()}
    assert {"builder/render/pdf.py", "builder/render/layout.py", "builder/render/paint.py",
            "builder/sheets/model.py"} <= names


def test_the_counts_see_long_functions_and_classes():
    """The counting itself: the largest function and class are found and sized."""
    functions = _sizes((ast.FunctionDef, ast.AsyncFunctionDef))
    classes = _sizes((ast.ClassDef,))
    assert max(functions.values()) > 40 and max(classes.values()) > 100


def test_no_class_is_over_400_lines():
    too_long = {name: size for name, size in _sizes((ast.ClassDef,)).items()
                if size > MAX_CLASS_LINES}
    assert too_long == {}


def test_no_function_is_over_80_lines():
    too_long = {name: size
                for name, size in _sizes((ast.FunctionDef, ast.AsyncFunctionDef)).items()
                if size > MAX_FUNCTION_LINES}
    assert too_long == {}
