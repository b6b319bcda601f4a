"""export-pdf on files of the regression corpus (tests/corpus/): it reads through the
same validator as every command, so a file gives a sheet, or one line and no PDF."""
from __future__ import annotations

import shutil

import pytest

from tests.core.test_corpus import CORPUS
from tests.helpers import cli


EXPORTED = ["sp-valid", "ab-valid", "vf-valid", "sp-trait-typo", "sp-name-with-newline",
            "sp-skill-bool", "vf-class-list", "deep-nesting", "ab-set-age-without-age"]


@pytest.mark.parametrize("stem", EXPORTED)
def test_export_pdf_on_corpus_files(stem, tmp_path):
    """export-pdf reads through the same validator: a sheet, or one line and no PDF."""
    source = CORPUS / "characters" / f"{stem}.json"
    target = tmp_path / "input.json"
    shutil.copyfile(source, target)
    pdf = tmp_path / "out.pdf"
    result = cli("export-pdf", target, "-o", pdf)
    assert result.code in (0, 2), result
    if result.code == 0:
        assert pdf.read_bytes().startswith(b"%PDF")
    else:
        assert len(result.err.strip().splitlines()) == 1 and not pdf.exists()
    assert target.read_bytes() == source.read_bytes()
