"""Size limits everywhere in ``builder/``: no class over 400 lines and no function over
80, so objects are split by what they are responsible for.  The generated validators
are left out, and so are the functions that lay out a form: a window's widgets placed
one by one read best in one piece.  Those are listed by name
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

#: Functions that build a form (its widgets) line by line,
#: by qualified name (a class's method is named with its class: another method of the
#: same name elsewhere in the file is not exempt).
FORM_BUILDING = {
    "builder/rulesets/story_points/ui/creation.py:StoryPointsCreationForm.__init__",
    "builder/rulesets/story_points/ui/editor.py:StoryPointsEditor.__init__",
    "builder/rulesets/vogelfrei/ui/creation.py:VogelfreiCreationForm.__init__",
    "builder/rulesets/vogelfrei/ui/editor.py:VogelfreiEditor.__init__",
    "builder/rulesets/vogelfrei/ui/party_xp.py:PartyXpDialog.__init__",
    "builder/rulesets/vogelfrei/ui/possessions.py:PossessionsPage.__init__",
    "builder/rulesets/vogelfrei/ui/sheet_part.py:SheetPart._build_sheet",
    "builder/ui/campaign_tab.py:CampaignTab._build",
    "builder/ui/pool_view.py:PoolView._build",
}


def _modules() -> list[Path]:
    return sorted(p for p in (ROOT / "builder").rglob("*.py")
                  if "compiled_schemas" not in p.parts)


def _qualified(tree: ast.AST) -> dict[ast.AST, str]:
    """Each class and function of ``tree`` with its qualified name (``Class.method``,
    ``function.inner``): two methods of one name in two classes are two entries."""
    names: dict[ast.AST, str] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                names[child] = prefix + child.name
                visit(child, names[child] + ".")
            else:
                visit(child, prefix)
    visit(tree, "")
    return names


def _lines(node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A class's or function's lines, from its first decorator (as long as it reads)."""
    start = min([d.lineno for d in node.decorator_list] + [node.lineno])
    return (node.end_lineno or node.lineno) - start + 1


@lru_cache(maxsize=1)
def _too_long() -> dict[str, int]:
    found = {}
    for path in _modules():
        tree = next(iter(nodes(path)))                   # the module itself comes first
        for node, name in _qualified(tree).items():
            assert isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            lines = _lines(node)
            limit = MAX_CLASS_LINES if isinstance(node, ast.ClassDef) else MAX_FUNCTION_LINES
            if lines > limit:
                found[f"{path.relative_to(ROOT).as_posix()}:{name}"] = lines
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


def test_sizes_are_counted_by_qualified_name_from_the_first_decorator():
    """An exemption names one function: a method of the same name in another class of
    the same file is measured on its own; a decorator's lines count."""
    tree = ast.parse("class A:\n    def __init__(self):\n        pass\n"
                     "class B:\n    @property\n    def __init__(self):\n        def inner():\n"
                     "            pass\n")
    names = sorted(_qualified(tree).values())
    assert names == ["A", "A.__init__", "B", "B.__init__", "B.__init__.inner"]
    decorated = next(n for n, q in _qualified(tree).items() if q == "B.__init__")
    assert isinstance(decorated, ast.FunctionDef) and _lines(decorated) == 4   # lines 5-8
