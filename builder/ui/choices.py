"""Shared widgets for choosing among the rules core's choices (used by a rule
system's dialogs and by the shared ones, e.g. the Training Exchange)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem


def fill_trait_choices(traits: QListWidget, choices: dict) -> None:
    """The core's legal trait choices, then the blocked ones greyed with their reasons."""
    for trait in choices.get("traits", []):
        item = QListWidgetItem(trait)
        item.setData(Qt.ItemDataRole.UserRole, trait)
        traits.addItem(item)
    for trait, why in (choices.get("blocked_traits") or {}).items():
        item = QListWidgetItem(f"{trait} — not possible")
        item.setData(Qt.ItemDataRole.UserRole, trait)
        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        item.setToolTip("\n".join(why))
        traits.addItem(item)
    if choices.get("traits"):
        traits.setCurrentRow(0)
