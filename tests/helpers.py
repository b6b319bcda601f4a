"""Helpers for driving the CLI in-process, as the acceptance scenarios do."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


def cli(*argv) -> Result:
    from builder.cli import run

    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        code = run([str(a) for a in argv])
    return Result(code, stdout.getvalue(), stderr.getvalue())


def ok(*argv) -> Result:
    result = cli(*argv)
    assert result.code == 0, f"{argv} -> {result.code}\n{result.err}"
    return result


def qt_importable() -> bool:
    """Sheets are painted by Qt: the core run without Qt prints none."""
    try:
        import PySide6  # noqa: F401
    except ImportError:
        return False
    return True


def file_bytes(path) -> bytes:
    return Path(path).read_bytes()


def undone_bytes(path) -> bytes:
    """A file's bytes as they would be without the entries undo withdrew (an undo keeps
    the entry it takes back in ``withdrawn``, so a merge does not bring it back)."""
    from builder.storage import jsonio

    doc = json.loads(Path(path).read_bytes())
    doc.pop("withdrawn", None)
    return jsonio.encode(doc)


def outline(reader) -> list[tuple[int, str, int]]:
    """A PDF's bookmarks as (level, title, page index), read with pypdf's ``reader``."""
    result = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                result.append((level, item.title, reader.get_destination_page_number(item)))
    walk(reader.outline, 0)
    return result
