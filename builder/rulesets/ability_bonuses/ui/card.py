"""The Abilities Card: every ability, the Skilled Bonuses, Defenses, Effect DCs
and the age category, shown live from a derived dict (``Ruleset.derive`` or
``AbilityBonuses.preview``)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

ABILITIES = ("MIG", "DEX", "CHA", "FOC", "SKL", "SPD")
SKILLED = ("MIG", "DEX", "CHA", "FOC", "SPD")
DASH = "–"


def signed(value: int | None) -> str:
    return DASH if value is None else f"{value:+d}"


def plain(value: object) -> str:
    return DASH if value is None else str(value)


class AbilitiesCard(QGroupBox):
    """Read-only card; ``set_derived`` refreshes every figure at once."""

    def __init__(self, ability_names: dict[str, str] | None = None,
                 parent: QWidget | None = None):
        super().__init__("Abilities Card", parent)
        self.setObjectName("abilitiesCard")
        names = ability_names or {}
        self._labels: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        grid = QGridLayout()
        layout.addLayout(grid)

        def value_label(key: str) -> QLabel:
            label = QLabel(DASH)
            label.setObjectName(f"card_{key}")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            font = label.font()
            font.setBold(True)
            label.setFont(font)
            self._labels[key] = label
            return label

        grid.addWidget(QLabel("Ability"), 0, 0)
        grid.addWidget(QLabel("Bonus"), 1, 0)
        grid.addWidget(QLabel("Skilled (+SKL)"), 2, 0)
        for column, key in enumerate(ABILITIES, start=1):
            head = QLabel(key)
            head.setToolTip(names.get(key, key))
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(head, 0, column)
            grid.addWidget(value_label(f"ability_{key}"), 1, column)
            if key in SKILLED:
                grid.addWidget(value_label(f"skilled_{key}"), 2, column)
        rows = QGridLayout()
        layout.addLayout(rows)
        for row, (key, text) in enumerate((("body_def", "BODY DEF (MIG + DEX)"),
                                           ("mind_def", "MIND DEF (CHA + FOC)"),
                                           ("martial_dc", "MARTIAL DC (8 + best of MIG+, DEX+)"),
                                           ("spell_dc", "SPELL DC (8 + best of CHA+, FOC+)"),
                                           ("age", "Age category"))):
            rows.addWidget(QLabel(text), row, 0)
            rows.addWidget(value_label(key), row, 1)
        self._effects = QLabel("")
        self._effects.setObjectName("card_effects")
        self._effects.setWordWrap(True)
        layout.addWidget(self._effects)

    def label(self, key: str) -> QLabel:
        """The label of one figure: ``ability_MIG``, ``skilled_SPD``, ``martial_dc``, ``age``."""
        return self._labels[key]

    def texts(self) -> dict[str, str]:
        return {key: label.text() for key, label in self._labels.items()}

    def set_derived(self, derived: dict[str, Any] | None) -> None:
        derived = derived or {}
        abilities = derived.get("abilities") or {}
        skilled = derived.get("skilled") or {}
        for key in ABILITIES:
            self._labels[f"ability_{key}"].setText(signed(abilities.get(key)))
        for key in SKILLED:
            self._labels[f"skilled_{key}"].setText(signed(skilled.get(key)))
        for key in ("body_def", "mind_def"):
            self._labels[key].setText(signed(derived.get(key)))
        for key in ("martial_dc", "spell_dc"):
            self._labels[key].setText(plain(derived.get(key)))
        category = derived.get("age_category")
        if category:
            mods = category.get("modifiers", {})
            changes = ", ".join(f"{k} {v:+d}" for k, v in mods.items() if v)
            self._labels["age"].setText(
                f"{category['name']} (about {category['approximate_age']} human years"
                + (f"; {changes}" if changes else "") + ")")
        else:
            self._labels["age"].setText("Aging rule off")
        effects = derived.get("modifiers") or []
        self._effects.setText("Effects: " + ", ".join(
            f"{m['name']} ({m['ability']} {m['value']:+d})" for m in effects) if effects else "")
