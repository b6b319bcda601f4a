"""The window opens every file of the regression corpus (tests/corpus/characters) as
the commands read it: a file that does not validate is refused with one line
(FileProblem, shown in a message box by the window), any other opens in its editor."""
from __future__ import annotations

import shutil

import pytest

from builder.storage.files import FileProblem
from builder.ui.document import CharacterDocument
from builder.ui.views import create_editor
from tests.core.test_corpus import CORPUS


@pytest.mark.parametrize("source", sorted((CORPUS / "characters").glob("*.json")),
                         ids=lambda p: p.stem)
def test_the_window_opens_or_refuses_each_corpus_file(source, tmp_path, qtbot):
    target = tmp_path / "input.json"
    shutil.copyfile(source, target)
    try:
        doc = CharacterDocument.open(target)
    except FileProblem as problem:
        assert len(str(problem).splitlines()) == 1
        return
    editor = create_editor(doc)
    qtbot.addWidget(editor)
    editor.refresh()
    doc.stop_watching()
    assert target.read_bytes() == source.read_bytes()
