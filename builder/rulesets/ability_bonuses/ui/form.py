"""The ability-bonuses creation form: four chips (+3, +2, +1, +0) dragged onto
MIG, DEX, CHA and FOC, a Roll button for the random allocation, the optional
Aging rule, and the live Abilities Card.

Keyboard: focus an ability (Tab) and press a bonus digit (3, 2, 1, 0) to put
that chip there, Delete/Backspace to take its chip off; focus a chip and press
M, D, C or F to put it on that ability.  Dropping (or typing) a chip onto an
ability that already has one swaps them: the displaced chip goes where the
dropped one came from (the other ability, or the pool).
"""
from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import (QDrag, QDragLeaveEvent, QDragMoveEvent, QDropEvent, QKeyEvent,
                           QMouseEvent)
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QFrame, QHBoxLayout, QLabel,
                               QListWidget, QPushButton, QVBoxLayout, QWidget)

from builder.app.types import Refusal
from builder.ui.input_policy import form_button
from .card import AbilitiesCard

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from ..rules.ruleset import AbilityBonuses

CHIP_MIME = "application/x-character-builder-bonus-chip"
PRIMARY = ("MIG", "DEX", "CHA", "FOC")

# The chip keeps its own colours (dark text on a light violet: 15:1 on any palette);
# every other colour is derived from the palette (builder.ui.theme).
CHIP_STYLE = ("QLabel { border: 2px solid #6a5acd; border-radius: 14px; padding: 4px 10px;"
              " background: #e8e4ff; color: #20124d; font-weight: bold; }"
              "QLabel:focus { border-color: %(focus)s; border-width: 3px; }")


def chip_style() -> str:
    from builder.ui import theme

    # the focus ring sits on the chip's own light violet
    from PySide6.QtGui import QColor

    return CHIP_STYLE % {"focus": theme.css(theme.accent("focus", QColor("#e8e4ff"),
                                                         theme.MARK_CONTRAST))}


def slot_style(state: str = "") -> str:
    """An ability box: dashed at rest, lit while a chip is dragged ("target"), more
    so under the pointer ("hover")."""
    from PySide6.QtGui import QPalette

    from builder.ui import theme

    pal = theme.palette()
    window = pal.color(QPalette.ColorRole.Window)
    rest = theme.readable(pal.color(QPalette.ColorRole.Mid), window, theme.MARK_CONTRAST)
    ok = theme.accent("ok", window, theme.MARK_CONTRAST)
    focus = theme.accent("focus", window, theme.MARK_CONTRAST)
    if state == "hover":
        border = f"3px solid {theme.css(ok)}"
    elif state == "target":
        border = f"2px solid {theme.css(ok)}"
    else:
        border = f"2px dashed {theme.css(rest)}"
    return (f"AbilitySlot {{ border: {border}; border-radius: 6px; }}"
            f"AbilitySlot:focus {{ border: 3px solid {theme.css(focus)}; }}")


def muted_text_style() -> str:
    from PySide6.QtGui import QPalette

    from builder.ui import theme

    pal = theme.palette()
    colour = theme.readable(pal.color(QPalette.ColorRole.PlaceholderText),
                            pal.color(QPalette.ColorRole.Window))
    return f"color: {theme.css(colour)};"


def chip_mime_data(value: int) -> QMimeData:
    """The drag payload of one chip."""
    mime = QMimeData()
    mime.setData(CHIP_MIME, json.dumps({"value": value}).encode("utf-8"))
    mime.setText(f"{value:+d}")
    return mime


def chip_value(mime: QMimeData) -> int | None:
    """The bonus a drag carries, or None when it is not one of our chips."""
    if mime is None or not mime.hasFormat(CHIP_MIME):
        return None
    try:
        value = json.loads(bytes(mime.data(CHIP_MIME).data()).decode("utf-8"))["value"]
    except (ValueError, KeyError, TypeError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class BonusChip(QLabel):
    """One draggable bonus chip, in the pool (``ability`` None) or on an ability."""

    def __init__(self, form: "AbilityBonusesForm", value: int, ability: str | None = None):
        super().__init__(f"{value:+d}")
        self.form = form
        self.value = value
        self.ability = ability
        self._press: QPoint | None = None
        self.setObjectName(f"chip_{value}" if ability is None else f"chip_on_{ability}")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet(chip_style())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setMinimumWidth(48)
        self._update_tip()

    def set_value(self, value: int) -> None:
        self.value = value
        self.setText(f"{value:+d}")
        self._update_tip()

    def _update_tip(self) -> None:
        self.setToolTip(f"{self.value:+d}: drag onto an ability, or focus and press "
                        "M, D, C or F")
        self.setAccessibleName(f"bonus chip {self.value:+d}")

    def mime_data(self) -> QMimeData:
        return chip_mime_data(self.value)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - self._press).manhattanLength() \
                < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(self.mime_data())
        drag.setPixmap(self.grab())
        drag.setHotSpot(event.position().toPoint())
        self.form.set_dragging(True)       # every ability box lights up as a target
        try:
            drag.exec(Qt.DropAction.MoveAction)
        finally:
            self.form.set_dragging(False)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self._press = None
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        text = event.text().upper()
        for ability in PRIMARY:
            if text and ability.startswith(text):
                self.form.place(self.value, ability)
                self.form.slot(ability).setFocus()
                return
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.ability:
            self.form.unassign(self.ability)
            return
        super().keyPressEvent(event)


class _DropTarget(QFrame):
    """A frame that accepts bonus chips."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)

    def dragEnterEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        if chip_value(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    dragMoveEvent = dragEnterEvent

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        value = chip_value(event.mimeData())
        if value is None:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.chip_dropped(value)

    def chip_dropped(self, value: int) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class AbilitySlot(_DropTarget):
    """MIG, DEX, CHA or FOC: holds at most one chip."""

    def __init__(self, form: "AbilityBonusesForm", ability: str, name: str, description: str):
        super().__init__()
        self.form = form
        self.ability = ability
        self.setObjectName(f"slot_{ability}")
        self.setStyleSheet(slot_style())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(110, 90)
        self.setToolTip(f"{name}: {description}\nDrop a chip here, or press "
                        + ", ".join(str(b) for b in form.bonuses if 0 <= b <= 9)
                        + "; Delete clears")
        self.setAccessibleName(f"{name} ({ability})")
        layout = QVBoxLayout(self)
        title = QLabel(f"<b>{ability}</b><br>{name}")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(title)
        self.chip = BonusChip(form, 0, ability)
        self.chip.hide()
        self.placeholder = QLabel("drop a chip")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setStyleSheet(muted_text_style())
        layout.addWidget(self.chip, alignment=Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.placeholder)

    def show_value(self, value: int | None) -> None:
        if value is None:
            self.chip.hide()
            self.placeholder.show()
        else:
            self.chip.set_value(value)
            self.chip.show()
            self.placeholder.hide()

    def chip_dropped(self, value: int) -> None:
        self.set_state("")
        self.form.place(value, self.ability)
        # the focus stays with the chip (a dragged chip leaves the pool: Qt's focus
        # would go on to the next button), so Enter is the dialog's, a digit this box's
        self.setFocus(Qt.FocusReason.MouseFocusReason)

    def set_state(self, state: str) -> None:
        """"" at rest, "target" while a chip is dragged, "hover" under the pointer."""
        if getattr(self, "state", None) != state:
            self.state = state
            self.setStyleSheet(slot_style(state))

    def dragEnterEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        super().dragEnterEvent(event)
        if event.isAccepted():
            self.set_state("hover")

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:  # noqa: N802
        self.set_state("target" if self.form.dragging else "")
        super().dragLeaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.form.unassign(self.ability)
            return
        text = event.text()
        if text.isdigit():
            value = int(text)
            if value in self.form.bonuses:
                self.form.place(value, self.ability)
                # on to the next ability: the next digit is for it, not a replacement
                order = list(PRIMARY)
                following = order[order.index(self.ability) + 1:] if self.ability in order \
                    else []
                if following:
                    self.form.slot(following[0]).setFocus(Qt.FocusReason.TabFocusReason)
                return
        super().keyPressEvent(event)


class ChipPool(_DropTarget):
    """The chips not yet placed; dropping a placed chip here takes it off."""

    def __init__(self, form: "AbilityBonusesForm"):
        super().__init__()
        self.form = form
        self.setObjectName("chipPool")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.addWidget(QLabel("Bonuses:"))
        self.chips: dict[int, BonusChip] = {}
        for value in form.bonuses:
            chip = BonusChip(form, value)
            self.chips[value] = chip
            layout.addWidget(chip)
        self.empty_label = QLabel("all placed (drag one back here to take it off)")
        self.empty_label.setStyleSheet(muted_text_style())
        self.empty_label.hide()
        layout.addWidget(self.empty_label)
        layout.addStretch(1)

    def chip_dropped(self, value: int) -> None:
        ability = self.form.ability_holding(value)
        if ability is not None:
            self.form.unassign(ability)
            self.chips[value].setFocus(Qt.FocusReason.MouseFocusReason)


class AbilityBonusesForm(QWidget):
    """Creation form.  ``baseline()`` is the baseline to save (Refusal until
    every chip is placed); ``changed`` fires on every change."""

    changed = Signal()

    def __init__(self, ruleset: AbilityBonuses, parent: QWidget | None = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        self.bonuses: list[int] = list(ruleset.bonuses)
        self.rng = rng or random.Random()
        self._assigned: dict[str, int | None] = {k: None for k in PRIMARY}
        self._rolls: list[int] = []
        self._age_roll: int | None = None
        self.setObjectName("abilityBonusesForm")

        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.pool = ChipPool(self)
        top.addWidget(self.pool, 1)
        # Enter never rolls nor clears (Enter is the dialog's Create): form buttons
        self.roll_button = form_button(QPushButton("Roll (d4)"))
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setToolTip("Random allocation: roll a d4 three times, rerolling "
                                    "repeats (1 MIG, 2 DEX, 3 CHA, 4 FOC)")
        self.roll_button.clicked.connect(self.ask_to_roll)
        top.addWidget(self.roll_button)
        self.clear_button = form_button(QPushButton("Clear"))
        self.clear_button.clicked.connect(self.clear)
        top.addWidget(self.clear_button)
        layout.addLayout(top)

        slots_row = QHBoxLayout()
        self._slots: dict[str, AbilitySlot] = {}
        info = {a["abbrev"]: a for a in ruleset.data["abilities"]}
        for ability in PRIMARY:
            slot = AbilitySlot(self, ability, info[ability]["name"],
                               info[ability].get("description", ""))
            self._slots[ability] = slot
            slots_row.addWidget(slot)
        layout.addLayout(slots_row)

        self.status = QLabel("")
        self.status.setObjectName("allocationStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.roll_log = QListWidget()
        self.roll_log.setObjectName("rollLog")
        self.roll_log.setMaximumHeight(120)
        self.roll_log.hide()
        layout.addWidget(self.roll_log)

        aging = QHBoxLayout()
        self.aging_box = QCheckBox("Optional rule: Aging")
        self.aging_box.setObjectName("agingBox")
        self.aging_box.toggled.connect(self._aging_toggled)
        aging.addWidget(self.aging_box)
        self.age_combo = QComboBox()
        self.age_combo.setObjectName("ageCombo")
        self.age_combo.setAccessibleName("Age category")
        for category in ruleset.age_categories:
            self.age_combo.addItem(f"{category['name']} (about {category['approximate_age']})",
                                   category["id"])
        mature = self.age_combo.findData("mature")
        self.age_combo.setCurrentIndex(max(mature, 0))
        self.age_combo.setEnabled(False)
        self.age_combo.currentIndexChanged.connect(self._age_chosen)
        aging.addWidget(self.age_combo)
        self.age_roll_button = form_button(QPushButton(f"Roll d{ruleset.age_die}"))
        self.age_roll_button.setObjectName("ageRollButton")
        self.age_roll_button.clicked.connect(self.roll_age)
        aging.addWidget(self.age_roll_button)
        self.age_roll_label = QLabel("")
        self.age_roll_label.setObjectName("ageRollLabel")
        aging.addWidget(self.age_roll_label, 1)
        layout.addLayout(aging)

        self.card = AbilitiesCard(ruleset.ability_names)
        layout.addWidget(self.card)
        self._refresh()

    # -- dragging -----------------------------------------------------------
    dragging = False

    def set_dragging(self, on: bool) -> None:
        """While a chip is dragged every ability box is lit as a place it can go."""
        self.dragging = on
        for slot in self._slots.values():
            slot.set_state("target" if on else "")

    # -- the model ----------------------------------------------------------
    def slot(self, ability: str) -> AbilitySlot:
        return self._slots[ability]

    def assignment(self) -> dict[str, int | None]:
        return dict(self._assigned)

    def ability_holding(self, value: int) -> str | None:
        for ability, held in self._assigned.items():
            if held == value:
                return ability
        return None

    def place(self, value: int, ability: str) -> None:
        """Put the chip ``value`` on ``ability``; a chip already there swaps
        to where ``value`` came from (another ability, or the pool)."""
        if value not in self.bonuses or ability not in self._assigned:
            return
        source = self.ability_holding(value)
        if source == ability:
            return
        displaced = self._assigned[ability]
        self._assigned[ability] = value
        if source is not None:
            self._assigned[source] = displaced
        self._chosen_by_hand()

    def unassign(self, ability: str) -> None:
        if self._assigned.get(ability) is None:
            return
        self._assigned[ability] = None
        self._chosen_by_hand()

    def clear(self) -> None:
        self._assigned = {k: None for k in PRIMARY}
        self._chosen_by_hand()

    def set_allocation(self, values: dict[str, int]) -> None:
        """Chosen values, e.g. to edit a baseline again."""
        self._assigned = {k: values.get(k) for k in PRIMARY}
        self._chosen_by_hand()

    def _chosen_by_hand(self) -> None:
        # A hand-made change after a roll makes the allocation a chosen one:
        # the recorded rolls would no longer give these bonuses.
        if self._rolls:
            self._rolls = []
            self.roll_log.addItem("Changed by hand: the allocation is now chosen, "
                                  "not rolled.")
        self._refresh()

    #: "Replace the bonuses you placed with a roll?", while it is asked
    replace_question: QMessageBox | None = None

    def ask_to_roll(self) -> None:
        """Roll (d4) pressed: over bonuses all placed by hand, the player is asked first
        (the roll would throw the allocation away); otherwise it rolls at once."""
        if not self.is_complete() or self._rolls:
            self.roll()
            return
        if self.replace_question is not None:
            return                                  # already asked
        from builder.ui.dialogs.new_character import ask_first

        def answered(replace: bool) -> None:
            self.replace_question = None
            if replace:
                self.roll()

        self.replace_question = ask_first(
            self, "replaceAllocationQuestion",
            ("Roll (d4)", "Replace the bonuses you placed with a random allocation?"),
            ("&Roll", "&Keep Mine"), answered)

    def roll(self) -> list[int]:
        """The random allocation; every d4 result and reroll is listed."""
        baseline = self.ruleset.random_baseline(self.rng)
        self._assigned = {k: baseline["abilities"][k] for k in PRIMARY}
        self._rolls = list(baseline["rolls"])
        self.roll_log.clear()
        self.roll_log.show()
        for line in self.roll_lines(self._rolls):
            self.roll_log.addItem(line)
        self._refresh()
        return list(self._rolls)

    def rolled(self) -> bool:
        """The d4 allocation or the aging die was rolled here (and not changed by hand
        since): closing the New Character dialog asks before they are thrown away."""
        return bool(self._rolls) or self._age_roll is not None

    def roll_lines(self, rolls: list[int]) -> list[str]:
        faces = self.ruleset.die_faces
        seen: list[str] = []
        lines = []
        for index, roll in enumerate(rolls, start=1):
            ability = faces[roll - 1]
            if ability in seen:
                lines.append(f"Roll {index}: d4 = {roll} ({ability}) again: reroll")
            else:
                seen.append(ability)
                lines.append(f"Roll {index}: d4 = {roll} ({ability}) gets "
                             f"{self.bonuses[len(seen) - 1]:+d}")
        for ability in faces:
            if ability not in seen:
                lines.append(f"{ability} gets the remaining {self.bonuses[-1]:+d}")
        return lines

    # -- aging ----------------------------------------------------------------
    def _aging_toggled(self, on: bool) -> None:
        self.age_combo.setEnabled(on)
        if not on:
            self._age_roll = None
            self.age_roll_label.setText("")
        self._refresh()

    def _age_chosen(self, _index: int) -> None:
        if self._age_roll is not None and \
                self.ruleset.age_for_roll(self._age_roll) != self.age_combo.currentData():
            self._age_roll = None
            self.age_roll_label.setText("chosen")
        self._refresh()

    def roll_age(self) -> int:
        age, roll = self.ruleset.roll_age(self.rng)
        self.aging_box.setChecked(True)
        self._age_roll = None  # set after the combo moves, so it is not dropped
        self.age_combo.setCurrentIndex(self.age_combo.findData(age))
        self._age_roll = roll
        self.age_roll_label.setText(f"d{self.ruleset.age_die} = {roll}: "
                                    f"{self.ruleset.age_name(age)}")
        self._refresh()
        return roll

    def set_age(self, age: str | None) -> None:
        """None switches the Aging rule off."""
        if age is None:
            self.aging_box.setChecked(False)
            return
        self.aging_box.setChecked(True)
        self.age_combo.setCurrentIndex(self.age_combo.findData(age))

    def age(self) -> str | None:
        return self.age_combo.currentData() if self.aging_box.isChecked() else None

    # -- results --------------------------------------------------------------
    def is_complete(self) -> bool:
        return all(v is not None for v in self._assigned.values())

    def rolls(self) -> list[int]:
        return list(self._rolls)

    def baseline(self) -> dict[str, Any]:
        """The baseline to save.  Raises Refusal (with the reason) while a chip
        is still unplaced, as every creation form of the New Character dialog."""
        if not self.is_complete():
            raise Refusal(self._missing())
        age = self.age()
        age_roll = self._age_roll if age is not None else None
        if self._rolls:
            return {"method": "random", "abilities": dict(self._assigned),
                    "rolls": list(self._rolls), "age": age, "age_roll": age_roll}
        placed = {k: v for k, v in self._assigned.items() if v is not None}  # every one
        return self.ruleset.chosen_baseline(placed, age=age, age_roll=age_roll)

    def _missing(self) -> list[str]:
        missing = [f"{v:+d}" for v in self.bonuses if self.ability_holding(v) is None]
        return [f"Place {', '.join(missing)} on an ability (drag, or focus an ability "
                "and press the digit), or Roll."]

    def problems(self) -> list[str]:
        """Every reason the form cannot be saved yet (empty: ready)."""
        if not self.is_complete():
            return self._missing()
        return self.ruleset.validate_baseline(self.baseline())

    def _refresh(self) -> None:
        for ability, slot in self._slots.items():
            slot.show_value(self._assigned[ability])
        for value, chip in self.pool.chips.items():
            chip.setVisible(self.ability_holding(value) is None)
        self.pool.empty_label.setVisible(self.is_complete())
        problems = self.problems()
        if problems:
            self.status.setText("\n".join(problems))
        elif self._rolls:
            self.status.setText("Rolled: " + ", ".join(map(str, self._rolls)))
        else:
            self.status.setText("Chosen.")
        self.card.set_derived(self.ruleset.preview(self._assigned, self.age()))
        self.changed.emit()
