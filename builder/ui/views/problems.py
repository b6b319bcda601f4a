"""The tab of a character file the rules refuse and cannot make sense of: read-only,
its problems listed (the lines ``check`` prints), nothing to take or write.  A file
whose rule code can show it opens in its own editor, read-only with the same lines
in its bar (:func:`builder.app.documents.open_character`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from builder.ui.views.base import CharacterEditor

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument


class ProblemsEditor(CharacterEditor):
    """A read-only page: the file, why it cannot be shown, and every problem."""

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("problemsEditor")
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        self.problems = QPlainTextEdit(self)
        self.problems.setObjectName("problemsList")
        self.problems.setReadOnly(True)
        self.problems.setAccessibleName("Problems")
        layout = QVBoxLayout(self)
        for bar in self.message_bars():
            layout.addWidget(bar)
            bar.hide()
        layout.addWidget(self.heading)
        layout.addWidget(self.problems, 1)
        self.refresh()

    def lines(self) -> list[str]:
        from builder.app.documents import refused_lines

        return refused_lines(self.doc.cf)

    def refresh(self) -> None:
        lines = self.lines()
        if lines:
            self.heading.setText(f"{self.doc.path}: the rules refuse this file and cannot "
                                 "show it. It is open read-only; fix these problems (check "
                                 "lists the same) and open it again:")
        else:
            self.heading.setText(f"{self.doc.path}: the rules accept this file now; close "
                                 "this tab and open it again to edit it.")
        self.problems.setPlainText("\n".join(lines))
