"""The program's source files parsed (and their nodes listed) once per test process: several tests read the
code's shape (imports, sizes, how reasons and actions are read), and parsing is most
of their time.  The trees are shared, so a test only reads them."""
from __future__ import annotations

import ast
import gc
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def parse(path: Path) -> ast.Module:
    """The syntax tree of the Python file at ``path`` (never to be changed)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # The trees live as long as the process and hold millions of objects: frozen, the
    # collector's full passes after this test skip them instead of walking them all.
    gc.freeze()
    return tree


@lru_cache(maxsize=None)
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of :func:`parse`'s tree of ``path``, in ``ast.walk``'s order (made once:
    each test that reads the code's shape looks at every node of every file)."""
    found = tuple(ast.walk(parse(path)))
    gc.freeze()
    return found
