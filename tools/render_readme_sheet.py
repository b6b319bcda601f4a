"""Renders the README picture of a printed sheet: docs/images/sheet-page1.png.

A real story-points character is made with the CLI (tests/sheet_samples.py),
exported with ``character-builder export-pdf`` and page 1 of the PDF is
rasterised with pdftoppm (poppler-utils).  Without pdftoppm the same page is
painted straight onto an image by the sheet renderer.

Run from the repository root:
    QT_QPA_PLATFORM=offscreen python tools/render_readme_sheet.py [OUT.png]
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DPI = 110


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "images" / "sheet-page1.png"
    os.environ.setdefault("CHARACTER_BUILDER_DATA", tempfile.mkdtemp(prefix="cb-readme-"))
    from builder.cli import run
    from tests.sheet_samples import make_story_points_files

    work = Path(tempfile.mkdtemp(prefix="cb-readme-"))
    senna = make_story_points_files(work)[0]
    pdf = work / "senna.pdf"
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        if run(["export-pdf", str(senna), "-o", str(pdf)]) != 0:
            return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-png",
                        "-singlefile", str(pdf), str(out.with_suffix(""))], check=True)
    else:
        from builder.sheets import build_sheet
        from builder.storage.files import load_character
        from builder.render.pdf import render_images

        image = render_images(build_sheet(load_character(senna).derived()), dpi=DPI)[0]
        if not image.save(str(out)):
            print(f"{out}: cannot be written", file=sys.stderr)
            return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
