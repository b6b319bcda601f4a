"""The trait pickers of the Story Point dialogs (the Class advance picker and the
Training Exchange): the rules core's legal trait choices of a Class advance, and the
blocked ones with the core's reasons."""
from __future__ import annotations

from typing import Any, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem

#: The reasons a blocked choice cannot be taken (list of str; absent: it can).
ReasonsRole = Qt.ItemDataRole.UserRole + 1


def fill_trait_choices(traits: QListWidget, choices: Mapping[str, Any]) -> None:
    """The core's legal trait choices, then the blocked ones greyed with their reasons."""
    for trait in choices.get("traits", []):
        item = QListWidgetItem(trait)
        item.setData(Qt.ItemDataRole.UserRole, trait)
        traits.addItem(item)
    for trait, why in (choices.get("blocked_traits") or {}).items():
        # reachable with the arrow keys (its reasons then show in the details line), but
        # not choosable: said by the ✗ and italics, its text as readable as the others
        item = QListWidgetItem(f"✗ {trait} — not possible")
        item.setData(Qt.ItemDataRole.UserRole, trait)
        item.setData(ReasonsRole, list(why))
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = item.font()
        font.setItalic(True)
        item.setFont(font)
        item.setToolTip("\n".join(why))
        traits.addItem(item)
    if choices.get("traits"):
        traits.setCurrentRow(0)


def choosable(item: QListWidgetItem | None) -> bool:
    """Can the player pick this choice (not one the rules block)?"""
    return item is not None and bool(item.flags() & Qt.ItemFlag.ItemIsSelectable)


def details_line(traits: QListWidget) -> QLabel:
    """A line under ``traits`` saying what the current choice does or why it is blocked
    (the keyboard's way to read what a hover shows)."""
    label = QLabel(traits.parentWidget())
    label.setObjectName("choiceDetails")
    label.setWordWrap(True)
    # room for a reason or two without the dialog changing height as the keys move
    label.setMinimumHeight(3 * label.fontMetrics().lineSpacing())
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def follow(item: QListWidgetItem | None, _previous: QListWidgetItem | None = None) -> None:
        if item is None:
            label.setText("")
            return
        trait = item.data(Qt.ItemDataRole.UserRole)
        why = item.data(ReasonsRole)
        label.setText(f"{trait}: not possible now: {'; '.join(why)}" if why
                      else f"{trait} takes the new rank")
        label.setAccessibleName(label.text())

    traits.currentItemChanged.connect(follow)
    follow(traits.currentItem())
    return label
