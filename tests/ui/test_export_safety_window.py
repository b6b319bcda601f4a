"""Safe exports from the window: the same naming and overwriting as export-pdf, a
read-only PDF refused, a full disk leaves the previous PDFs (builder/sheets/output.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.sheets import output
from tests.cli.test_export_safety import fill_disk_after, snapshot, temporaries
from tests.helpers import ok
from tests.sheet_samples import make_story_points_files


@pytest.fixture
def party(tmp_path, qapp):
    folder = tmp_path / "chars"
    folder.mkdir()
    return make_story_points_files(folder)


def test_cli_and_window_name_and_overwrite_alike(party, tmp_path, qtbot):
    from builder.ui import printing

    cli_folder, ui_folder = tmp_path / "cli", tmp_path / "ui"
    for folder in (cli_folder, ui_folder):
        folder.mkdir()
        (folder / "Senna-Vail.pdf").write_bytes(b"old")
    written = ok("export-pdf", *party, "-o", cli_folder).out.split()
    ui_written = printing.export_characters(None, party, ui_folder, one_file=False)
    assert [Path(p).name for p in written] == [p.name for p in ui_written] == [
        "Senna-Vail.pdf", "Graynor-Ashdown.pdf"]
    for folder in (cli_folder, ui_folder):  # the old PDF is replaced, no "-2" copy
        assert sorted(p.name for p in folder.iterdir()) == ["Graynor-Ashdown.pdf",
                                                             "Senna-Vail.pdf"]
        assert len(PdfReader(str(folder / "Senna-Vail.pdf")).pages) >= 1


def test_window_export_refuses_a_read_only_pdf(party, tmp_path, qtbot, monkeypatch):
    from builder.ui import printing

    shown = []
    monkeypatch.setattr(printing, "_show_error", lambda parent, text: shown.append(text))
    out = tmp_path / "party.pdf"
    out.write_bytes(b"%PDF-1.4 old\n%%EOF\n")
    out.chmod(0o444)
    assert printing.export_characters(None, party, out, one_file=True) is None
    assert out.read_bytes() == b"%PDF-1.4 old\n%%EOF\n" and "read-only" in shown[0]


def test_window_export_on_a_full_disk_keeps_the_old_pdfs(party, tmp_path, qtbot, monkeypatch):
    from builder.ui import printing

    monkeypatch.setattr(printing, "_show_error", lambda parent, text: None)
    folder = tmp_path / "sheets"
    assert printing.export_characters(None, party, folder, one_file=False)
    before = snapshot(folder)
    fill_disk_after(monkeypatch, 100)
    assert printing.export_characters(None, party, folder, one_file=False) is None
    assert snapshot(folder) == before and temporaries(tmp_path) == []
    assert output.live_temporaries() == []
