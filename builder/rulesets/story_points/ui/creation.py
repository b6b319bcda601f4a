"""The story-points creation form: the baseline (unspent SP, Core Vitals, Skills,
Classes with trait ranks and spells) as ``--set`` pairs the core judges.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QGridLayout, QGroupBox, QLabel, QSpinBox,
                               QTabWidget, QVBoxLayout, QWidget)

from builder.ui.scrolling import scrolling

if TYPE_CHECKING:
    from ..rules.ruleset import StoryPoints


# -- creation form ----------------------------------------------------------------------------
class StoryPointsCreationForm(QWidget):
    """The baseline: unspent SP, Core Vitals, Skills, Classes with trait ranks and spells.

    It produces ``--set`` pairs and lets the core build and judge the baseline
    (``baseline_from_sets`` + ``validate_baseline``); the dialog shows the reasons.
    """

    changed = Signal()

    def __init__(self, ruleset: StoryPoints, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        data = ruleset.public_data()
        limits = data["limits"]
        self.spins: dict[str, QSpinBox] = {}
        self.spell_boxes: dict[str, list[QCheckBox]] = {}

        def spin(key: str, low: int, high: int, value: int, label: str) -> QSpinBox:
            box = QSpinBox(self)
            box.setRange(low, high)
            box.setValue(value)
            box.setAccessibleName(label)
            box.setObjectName(key)
            box.valueChanged.connect(self.changed)
            # every value box the same width, whatever the grid around it
            box.setFixedWidth(box.fontMetrics().horizontalAdvance("0000") + 48)
            self.spins[key] = box
            return box

        top = QFormLayout()
        top.addRow("Unspent &SP:", spin("sp", 0, 999, 0, "Unspent Story Points"))
        self.active = QCheckBox("Active", self)
        # the editor's words: a bare "Active" told a new player nothing
        self.active.setToolTip("Only an Active character can raise Core Vitals")
        self.active.setChecked(True)
        self.active.toggled.connect(self.changed)
        top.addRow("", self.active)

        vitals = QGroupBox("Core Vitals", self)
        grid = QGridLayout(vitals)
        for i, name in enumerate(data["vitals"]):
            grid.addWidget(QLabel(name, vitals), i, 0)
            grid.addWidget(spin(f"vital.{name}", limits["vital_min"], limits["vital"],
                                limits["vital_min"], name), i, 1)
        skills = QGroupBox("Skills (no higher than the Linked Vital)", self)
        grid = QGridLayout(skills)
        for i, (name, vital) in enumerate(data["skills"].items()):
            grid.addWidget(QLabel(f"{name} ({vital})", skills), i % 7, (i // 7) * 2)
            grid.addWidget(spin(f"skill.{name}", 0, limits["skill"], 0, f"{name}, linked to "
                                f"{vital}"), i % 7, (i // 7) * 2 + 1)
        classes_page = QWidget(self)
        clay = QVBoxLayout(classes_page)
        for cname, info in data["classes"].items():
            box = QGroupBox(f"{cname} (core Skills: {', '.join(info['core_skills'])})",
                            classes_page)
            grid = QGridLayout(box)
            grid.addWidget(QLabel("Level", box), 0, 0)
            grid.addWidget(spin(f"class.{cname}", 0, limits["class"], 0, f"{cname} level"), 0, 1)
            for j, (trait, path) in enumerate(info["traits"].items()):
                row, col = 1 + j // 3, (j % 3) * 2
                label = QLabel(trait, box)
                label.setToolTip(f"Path {path}")
                grid.addWidget(label, row, col)
                grid.addWidget(spin(f"trait.{cname}.{trait}", 0, limits["class"], 0,
                                    f"{cname} trait {trait} rank"), row, col + 1)
            if info["casts_spells"]:
                boxes = []
                spells = QGroupBox("Spells", box)
                sgrid = QGridLayout(spells)
                for j, (spell, path) in enumerate(info["spells"].items()):
                    check = QCheckBox(spell, spells)
                    check.setToolTip(f"Path {path}")
                    check.toggled.connect(self.changed)
                    sgrid.addWidget(check, j // 4, j % 4)
                    boxes.append(check)
                self.spell_boxes[cname] = boxes
                grid.addWidget(spells, 10, 0, 1, 6)
            clay.addWidget(box)
        clay.addStretch(1)
        # both pages scroll down only: the form is as wide as the widest Class (its third
        # column of traits was cut off behind a sideways scroll bar)
        scroll = scrolling(classes_page, "classesScroll", self)
        scroll.setAccessibleName("Classes, traits and spells")

        tabs = QTabWidget(self)
        first = QWidget(self)
        flay = QVBoxLayout(first)
        flay.addLayout(top)
        flay.addWidget(vitals)
        flay.addWidget(skills)
        flay.addStretch(1)
        # the Vitals and Skills scroll down too: on a small screen (or at 2x) the form
        # is taller than the room, and Create stays in sight below it
        first_scroll = scrolling(first, "vitalsScroll", self)
        first_scroll.setAccessibleName("Vitals and Skills")
        tabs.addTab(first_scroll, "Vitals and Skills")
        tabs.addTab(scroll, "Classes")
        # Tab goes from the page tabs into the page shown: the Classes page was made
        # first, so its fields came before the tabs in the focus chain, out of reach
        previous: QWidget = tabs
        for page in (first, classes_page):
            for field in page.findChildren(QWidget):
                if field.focusPolicy() & Qt.FocusPolicy.TabFocus:
                    QWidget.setTabOrder(previous, field)
                    previous = field
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(tabs)

    def set_value(self, key: str, value: int) -> None:
        self.spins[key].setValue(value)

    def sets(self) -> list[tuple[str, str]]:
        pairs = [("active", "yes" if self.active.isChecked() else "no")]
        for key, box in self.spins.items():
            if key == "sp" or key.startswith(("vital.", "skill.")) or box.value():
                pairs.append((key, str(box.value())))
        for cname, boxes in self.spell_boxes.items():
            pairs += [(f"spell.{cname}", b.text()) for b in boxes if b.isChecked()]
        return pairs

    def baseline(self) -> dict[str, Any]:
        return self.ruleset.baseline_from_sets(self.sets(), rng=random.Random(0))
