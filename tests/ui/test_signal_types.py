"""Qt signals in the window carry ``object`` (or a typed class), never a ``dict`` or
``list`` signature: PySide converts such an argument, and a record that is a Mapping but
not a dict (the core's Option) arrived as an empty dict, or not at all."""
from __future__ import annotations

import re
from pathlib import Path

import builder

ROOT = Path(builder.__file__).resolve().parent
CONVERTING = re.compile(r"Signal\([^)]*\b(dict|list|tuple|set)\b")


def test_no_window_signal_converts_its_arguments():
    files = [*ROOT.glob("ui/**/*.py"), *ROOT.glob("rulesets/*/ui/**/*.py")]
    assert len(files) > 20
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in files
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if CONVERTING.search(line.split("#", 1)[0])]
    assert found == []
