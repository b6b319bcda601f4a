"""In-play controls of an ability-bonuses character: add and remove named
effects, change the age category.  The panel never changes a file itself: it
emits ``actionRequested(Action)`` with the ledger action (the same typed
:class:`~builder.rules.base.Action` ``parse_action`` gives), and the window performs it through
``CharacterDocument.apply`` so undo, saving and refusals work as for every ruleset.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from builder.app.types import Action

if TYPE_CHECKING:
    from ..rules.ruleset import AbilityBonuses

ABILITIES = ("MIG", "DEX", "CHA", "FOC", "SKL", "SPD")


class AbilityEffectsPanel(QWidget):
    actionRequested = Signal(object)  # noqa: N815 - Qt naming (an Action)

    def __init__(self, ruleset: AbilityBonuses, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        self.setObjectName("abilityEffectsPanel")
        layout = QVBoxLayout(self)

        effects = QGroupBox("Effects")
        effects_layout = QVBoxLayout(effects)
        self.effects_list = QListWidget()
        self.effects_list.setObjectName("effectsList")
        self.effects_list.setAccessibleName("Effects on the abilities")
        effects_layout.addWidget(self.effects_list)
        self.remove_button = QPushButton("&Remove effect", self)
        self.remove_button.setObjectName("removeEffect")
        self.remove_button.clicked.connect(self._remove)
        effects_layout.addWidget(self.remove_button)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("effectName")
        self.name_edit.setPlaceholderText("e.g. Giant Strength")
        self.ability_combo = QComboBox()
        self.ability_combo.setObjectName("effectAbility")
        for key in ABILITIES:
            self.ability_combo.addItem(f"{key} ({ruleset.ability_names.get(key, key)})", key)
        self.value_spin = QSpinBox()
        self.value_spin.setObjectName("effectValue")
        self.value_spin.setRange(-20, 20)
        self.value_spin.setValue(1)
        form.addRow("&Name:", self.name_edit)
        form.addRow("A&bility:", self.ability_combo)
        form.addRow("&Modifier:", self.value_spin)
        effects_layout.addLayout(form)
        self.add_button = QPushButton("A&dd effect", self)
        self.add_button.setObjectName("addEffect")
        self.add_button.clicked.connect(self._add)
        effects_layout.addWidget(self.add_button)
        layout.addWidget(effects)

        aging = QGroupBox("Age category (optional Aging rule)")
        aging_layout = QHBoxLayout(aging)
        self.age_combo = QComboBox()
        self.age_combo.setObjectName("playAgeCombo")
        self.age_combo.setAccessibleName("Age category")
        self.age_combo.addItem("Aging rule off", None)
        for category in ruleset.age_categories:
            self.age_combo.addItem(f"{category['name']} (about {category['approximate_age']})",
                                   category["id"])
        aging_layout.addWidget(self.age_combo, 1)
        self.age_button = QPushButton("Change a&ge", self)
        self.age_button.setObjectName("changeAge")
        self.age_button.clicked.connect(self._set_age)
        aging_layout.addWidget(self.age_button)
        layout.addWidget(aging)
        layout.addStretch(1)
        self._age: str | None = None
        self._update_buttons()
        self.name_edit.textChanged.connect(self._update_buttons)
        self.effects_list.currentRowChanged.connect(self._update_buttons)
        self.age_combo.currentIndexChanged.connect(self._update_buttons)

    def set_derived(self, derived: dict[str, Any]) -> None:
        """Show a character's effects and age (``CharacterView.derived()``)."""
        self.effects_list.clear()
        for modifier in derived.get("modifiers", []):
            item = QListWidgetItem(f"{modifier['name']}: {modifier['ability']} "
                                   f"{modifier['value']:+d}")
            item.setData(Qt.ItemDataRole.UserRole, modifier["name"])
            self.effects_list.addItem(item)
        self._age = derived.get("age")
        self.age_combo.setCurrentIndex(max(self.age_combo.findData(self._age), 0))
        self._update_buttons()

    def _update_buttons(self, *_args: object) -> None:
        self.add_button.setEnabled(bool(self.name_edit.text().strip()))
        self.remove_button.setEnabled(self.effects_list.currentItem() is not None)
        self.age_button.setEnabled(self.age_combo.currentData() != self._age)

    def _add(self) -> None:
        name = self.name_edit.text().strip()
        if not name:
            return
        self.actionRequested.emit(Action("modify", {"ability": self.ability_combo.currentData(),
                                                    "value": self.value_spin.value(),
                                                    "name": name}))

    def _remove(self) -> None:
        item = self.effects_list.currentItem()
        if item is not None:
            name = item.data(Qt.ItemDataRole.UserRole)
            self.actionRequested.emit(Action("unmodify", {"name": name}))

    def _set_age(self) -> None:
        self.actionRequested.emit(Action("set-age", {"age": self.age_combo.currentData()}))
