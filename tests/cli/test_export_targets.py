"""Where ``export-pdf -o OUT`` writes: a ``.pdf`` name is one file, an existing folder
or a name ending in ``/`` is a folder (only that folder is made, never its parents),
anything else is refused; a campaign file prints its members; a killed export's
temporaries are removed by the next export into the folder."""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.sheets import output
from tests.cli import test_export_safety as safety
from tests.helpers import cli, ok, outline

party = safety.party  # the fixture: Senna and Graynor
stopped_export = safety.stopped_export


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("out", ["out.txt", "sheets", "party.PDF.bak", "notes."])
def test_an_out_that_is_neither_a_pdf_nor_a_folder_is_refused(party, tmp_path, out):
    before = listing(tmp_path)
    result = cli("export-pdf", *party, "-o", tmp_path / out)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "end a new folder's name with /" in result.err
    assert result.out == ""
    assert listing(tmp_path) == before  # nothing made


def test_a_pdf_in_a_missing_folder_is_refused_and_no_folder_is_made(party, tmp_path):
    result = cli("export-pdf", party[0], "-o", tmp_path / "missing" / "x.pdf")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "missing: no such folder" in result.err
    assert not (tmp_path / "missing").exists()


def test_only_the_folder_named_is_made_never_its_parents(party, tmp_path):
    result = cli("export-pdf", party[0], "-o", f"{tmp_path / 'a' / 'b'}/")
    assert result.code == 2 and "no such folder" in result.err
    assert not (tmp_path / "a").exists()
    result = ok("export-pdf", *party, "-o", f"{tmp_path / 'a'}/")
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        "Graynor-Ashdown.pdf", "Senna-Vail.pdf"]
    assert result.out.splitlines() == [str(tmp_path / "a" / "Senna-Vail.pdf"),
                                       str(tmp_path / "a" / "Graynor-Ashdown.pdf")]


def test_an_existing_folder_is_a_folder_even_when_named_like_a_pdf(party, tmp_path):
    folder = tmp_path / "odd.pdf"
    folder.mkdir()
    ok("export-pdf", party[0], "-o", folder)
    assert [p.name for p in folder.iterdir()] == ["Senna-Vail.pdf"]


def test_a_campaign_prints_its_members_sheets(party, tmp_path):
    camp = tmp_path / "chars" / "coast.json"
    ok("campaign", "new", "Iron Coast", "-o", camp, "--ruleset", "story-points",
       "--member", party[1], "--member", party[0])
    out = tmp_path / "coast.pdf"
    ok("export-pdf", camp, "-o", out)
    characters = [title for level, title, _page in outline(PdfReader(str(out))) if level == 0]
    assert characters == ["Graynor Ashdown", "Senna Vail"]  # the campaign's order
    # A member named on its own as well (`export-pdf *.json`) is printed once.
    folder = tmp_path / "sheets"
    ok("export-pdf", *party, camp, "-o", f"{folder}/")
    assert sorted(p.name for p in folder.iterdir()) == ["Graynor-Ashdown.pdf",
                                                        "Senna-Vail.pdf"]


def test_a_campaign_without_members_is_refused(party, tmp_path):
    camp = tmp_path / "empty.json"
    ok("campaign", "new", "Empty", "-o", camp, "--ruleset", "story-points")
    result = cli("export-pdf", camp, "-o", tmp_path / "x.pdf")
    assert result.code == 2 and "has no members" in result.err
    assert not (tmp_path / "x.pdf").exists()


def _leftover(folder: Path, stem: str = "Senna-Vail") -> Path:
    path = folder / f".{stem}.pdf.k1ll3d{output.TEMP_SUFFIX}"
    path.write_bytes(b"%PDF-1.4 half a sheet")
    return path


def test_the_next_export_into_a_folder_removes_a_killed_exports_temporaries(party, tmp_path):
    folder = tmp_path / "sheets"
    folder.mkdir()
    stale = [_leftover(folder), _leftover(folder, "Someone-Else")]
    keep = folder / ".notes.txt"  # not an export's temporary
    keep.write_text("mine")
    ok("export-pdf", party[0], "-o", folder / "one.pdf")
    assert not any(p.exists() for p in stale)
    assert sorted(p.name for p in folder.iterdir()) == [".notes.txt", "one.pdf"]


def test_a_temporary_a_living_export_holds_is_left_alone(party, tmp_path):
    import fcntl

    folder = tmp_path / "sheets"
    folder.mkdir()
    held = _leftover(folder)
    fd = os.open(held, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as the writing export holds it
        ok("export-pdf", party[0], "-o", f"{folder}/")
        assert held.exists()
    finally:
        os.close(fd)
    ok("export-pdf", party[0], "-o", f"{folder}/")
    assert not held.exists()


def test_a_kill_9_mid_export_leaves_a_temporary_the_next_export_removes(party, tmp_path):
    folder = tmp_path / "sheets"
    _code, temp = stopped_export([str(party[0]), "-o", f"{folder}/"], signal.SIGKILL)
    assert temp.exists() and temp.parent == folder  # nothing can clean up after a kill -9
    ok("export-pdf", party[1], "-o", f"{folder}/")
    assert sorted(p.name for p in folder.iterdir()) == ["Graynor-Ashdown.pdf"]


def test_a_kill_9_mid_export_leaves_a_temporary_the_next_write_there_removes(party, tmp_path):
    """Any command that writes in the folder removes it, not only the next export."""
    folder = tmp_path / "sheets"
    _code, temp = stopped_export([str(party[0]), "-o", f"{folder}/"], signal.SIGKILL)
    assert temp.exists()
    ok("new", "story-points", "Quill", "-o", folder / "quill.json", "--set", "sp=3")
    assert sorted(p.name for p in folder.iterdir()) == ["quill.json"]
