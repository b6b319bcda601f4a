"""Ctrl+C while Python is still loading the command (before the command's own guard):
the same one word and exit code as later, never a traceback."""
from __future__ import annotations

import subprocess
import sys

import pytest

#: The program (as the installed script runs it), with Ctrl+C arriving while it loads
#: MODULE: an import hook raises KeyboardInterrupt there, as Python does on SIGINT.
PROGRAM = """
import sys
WHERE = sys.argv.pop(1)
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == WHERE:
            raise KeyboardInterrupt
        return None
sys.meta_path.insert(0, CtrlC())
from builder.__main__ import main
sys.exit(main())
"""


@pytest.mark.parametrize("module, argv", [
    ("builder.cli", ["show", "x.json"]),                  # loading the command line
    ("builder.app.queries", ["show", "x.json"]),          # ... its first look-ups
    ("builder.ui.app", []),                               # loading the window
])
def test_ctrl_c_while_loading_says_interrupted_and_exits_130(tmp_path, module, argv):
    done = subprocess.run([sys.executable, "-c", PROGRAM, module, *argv], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen",
                               "CHARACTER_BUILDER_DATA": str(tmp_path / "data"),
                               "HOME": str(tmp_path)})
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "interrupted\n")
