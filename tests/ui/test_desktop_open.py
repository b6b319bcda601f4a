"""A file or folder handed to the desktop's own program (builder/ui/desktop.py): where
the desktop has none, the player reads so and where the file is."""
from __future__ import annotations

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from builder.ui import printing


def _shown_boxes(window):
    from PySide6.QtWidgets import QMessageBox

    return [box for box in window.findChildren(QMessageBox) if box.isVisible()]


@pytest.mark.parametrize("button", ["Open", "Show in Folder"])
def test_open_with_no_program_for_it_says_where_the_pdf_is(qtbot, tmp_path, monkeypatch,
                                                            button):
    """A desktop with no PDF viewer (or no file manager): Open says so and names the
    file's place, instead of nothing happening."""
    from PySide6.QtGui import QDesktopServices

    asked = []
    monkeypatch.setattr(QDesktopServices, "openUrl",
                        lambda url: asked.append(url.toLocalFile()) or False)
    pdf = tmp_path / "senna.pdf"
    pdf.write_bytes(b"%PDF-1.4")
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    box = printing.offer_open(window, [pdf])
    qtbot.mouseClick(next(b for b in box.buttons() if b.text() == button),
                     Qt.MouseButton.LeftButton)
    opened = pdf if button == "Open" else tmp_path
    qtbot.waitUntil(lambda: bool(_shown_boxes(window)))
    assert asked == [str(opened)]
    [said] = _shown_boxes(window)
    assert said.text() == (f"No program on this computer opens {opened.name}. The "
                           f"{'file' if button == 'Open' else 'folder'} is at:\n{opened}")


def test_open_with_a_program_for_it_shows_nothing_more(qtbot, tmp_path, monkeypatch):
    from PySide6.QtGui import QDesktopServices

    asked = []
    monkeypatch.setattr(QDesktopServices, "openUrl",
                        lambda url: asked.append(url.toLocalFile()) or True)
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    box = printing.offer_open(window, [tmp_path / "senna.pdf"])
    qtbot.mouseClick(next(b for b in box.buttons() if b.text() == "Open"),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(asked))
    assert asked == [str(tmp_path / "senna.pdf")]
    assert _shown_boxes(window) == []


def test_open_data_folder_with_no_file_manager_names_the_folder(window, qtbot, monkeypatch):
    from PySide6.QtGui import QDesktopServices

    from builder.app import queries

    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    window.show()
    window.action("data_folder").trigger()
    folder = queries.characters_folder()
    [said] = _shown_boxes(window)
    assert said.text() == (f"No program on this computer opens {folder.name}. The folder "
                           f"is at:\n{folder}")
