"""``export-pdf`` as a player runs it: a separate process, no display, no Qt settings."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

from tests.sheet_samples import make_story_points_files

ROOT = Path(__file__).resolve().parents[2]


def test_export_pdf_runs_headless_without_a_display(tmp_path, isolated_data):
    senna, graynor = make_story_points_files(tmp_path)
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = tmp_path / "sheets"
    result = subprocess.run([sys.executable, "-m", "builder", "export-pdf", str(senna),
                             str(graynor), "-o", f"{out}/", "--paper", "letter"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no Qt warnings either
    assert result.stdout.splitlines() == [str(out / "Senna-Vail.pdf"),
                                          str(out / "Graynor-Ashdown.pdf")]
    reader = PdfReader(str(out / "Graynor-Ashdown.pdf"))
    # one Letter page (the ledger fits beside the character, the notes after it)
    assert [round(float(p.mediabox.height)) for p in reader.pages] == [792]
