"""The reading and rules commands start like small programs: show, check,
options, plan, do and undo never import Qt (only export-pdf and the window do), and
a valid file is read without importing jsonschema (the compiled validators say
"valid"; builder/storage/validation.py).  export-pdf imports QtGui, never QtWidgets,
nor a PDF library (builder/render/outline.py finishes the PDF itself)."""
from __future__ import annotations

import subprocess
import sys

from tests.helpers import ok

SCRIPT = r"""
import contextlib, io, sys
from builder.cli import run

path = sys.argv[1]
for argv in (["show", path], ["show", path, "--json"], ["check", path], ["options", path],
             ["plan", path, "class:Cleric=4"], ["do", path, "rest"], ["undo", path],
             ["rulesets"]):
    with contextlib.redirect_stdout(io.StringIO()):
        code = run(argv)
    assert code == 0, (argv, code)
    qt = sorted(name for name in sys.modules if name.startswith(("PySide6", "shiboken6")))
    assert not qt, (argv, qt[:5])
    assert "jsonschema" not in sys.modules, argv
print("no Qt")
"""


def test_show_check_options_plan_do_never_import_qt(tmp_path):
    path = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", path, "--set", "sp=16", "--set",
       "vital.Cognition=3", "--set", "skill.Medicine=3", "--set", "class.Cleric=3",
       "--set", "trait.Cleric.Restoring Grace=3")
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(path)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no Qt"


EXPORT = r"""
import contextlib, io, sys
from builder.cli import run

with contextlib.redirect_stdout(io.StringIO()):
    code = run(["export-pdf", sys.argv[1], "-o", sys.argv[2]])
assert code == 0, code
assert "PySide6.QtGui" in sys.modules
assert "PySide6.QtWidgets" not in sys.modules
assert "pypdf" not in sys.modules  # no PDF library
# Nothing on the way generates dataclass methods at import (builder/rules/records.py),
# nor imports datetime for the PDF's date (builder/render/outline.py).
assert "dataclasses" not in sys.modules and "datetime" not in sys.modules
assert "decimal" not in sys.modules  # the compiled validators name no Decimal
assert "hashlib" not in sys.modules  # no digest is made: OpenSSL is never started
print("QtGui only")
"""


def test_export_pdf_never_imports_qt_widgets(tmp_path):
    path = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", path, "--set", "sp=16")
    pdf = tmp_path / "senna.pdf"
    done = subprocess.run([sys.executable, "-c", EXPORT, str(path), str(pdf)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "QtGui only"
    assert pdf.read_bytes().startswith(b"%PDF-")


NO_ENUMS = r"""
import contextlib, io, sys
from builder.cli import run

for argv in (sys.argv[1:-1], sys.argv[1:-1] + ["--blank"], sys.argv[1:-1] + ["--layout", "compact"]):
    with contextlib.redirect_stdout(io.StringIO()):
        code = run(["export-pdf", *argv, "-o", sys.argv[-1]])
    assert code == 0, (argv, code)
print("Qt namespace built" if "Qt" in sys.modules["PySide6.QtCore"].__dict__ else "no Qt enums")
"""


def test_export_pdf_never_builds_the_qt_namespace(tmp_path):
    """PySide builds the 93 enums of the ``Qt`` namespace (~14 ms) the first time one is
    looked up or a call with a Qt enum overload (setPen, setBrush, fillRect...) is made;
    the sheet painter makes none (builder/render/paint.py): a party of every
    ruleset, played and blank and compact, exported in a fresh process."""
    from tests.rulesets.ability_bonuses.samples import BOB
    from tests.rulesets.story_points.samples import SENNA
    from tests.rulesets.vogelfrei.samples import GRETA
    from tests.sheet_samples import make_files

    files = make_files(tmp_path, (SENNA, GRETA, BOB))
    pdf = tmp_path / "party.pdf"
    done = subprocess.run([sys.executable, "-c", NO_ENUMS, *map(str, files), str(pdf)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no Qt enums"
    assert pdf.read_bytes().startswith(b"%PDF-")
