"""A stand-in for a file manager on the tests' X server: one small window that, pressed
and dragged, carries the files named on its command line as file URLs (XDND), the way
a file manager's drag does.  ``python file_source.py X Y FILE...``: the window at (X, Y).
"""
from __future__ import annotations

import sys

from PySide6.QtCore import QMimeData, Qt, QUrl
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QApplication, QLabel


class Source(QLabel):
    def __init__(self, files: list[str]):
        super().__init__("files to drag")
        self.files = files

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(path) for path in self.files])
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.CopyAction)


def main() -> None:
    app = QApplication(sys.argv[:1])
    x, y, *files = sys.argv[1:]
    source = Source(files)
    source.setWindowTitle("file source")
    source.setGeometry(int(x), int(y), 160, 80)
    source.show()
    app.exec()


if __name__ == "__main__":
    main()
