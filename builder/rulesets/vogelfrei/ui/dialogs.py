"""The Vogelfrei editor's dialogs: award XP, level up, change career.

Each builds CLI words, asks the core's ``check`` as you type (:func:`check_words`)
and shows its reasons; OK only when the core has none.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from builder.app.types import SESSION_MISSING, SESSION_TAKEN, Option, RulesError, reason_code
from builder.ui.input_policy import form_button
from .widgets import SAVE_TITLES, DieFace, die_size, reasons_html

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument


def check_words(doc: CharacterDocument, words: list[str]) -> list[str]:
    """The core's reasons against ``words`` for this character (empty: allowed)."""
    try:
        action = doc.parse(words)
    except RulesError as problem:
        return [str(problem)]
    if doc.read_only:
        return [doc.read_only]
    try:
        reasons: list[str] = doc.cf.refusal_reasons(action)
        return reasons
    except RulesError as problem:
        return [str(problem)]


def award_preview(doc: CharacterDocument, words: list[str]) -> tuple[int, int] | None:
    """(XP gained, XP lost to the session cap) if ``words`` (an award-xp) were taken:
    the core's own ``do`` path (``CharacterView.preview``), nothing written; None when
    it would be refused."""
    try:
        preview = doc.cf.preview(doc.parse(words), random.Random(0))
    except RulesError:
        return None
    if not preview.allowed:
        return None
    before, after = preview.before, preview.after
    return after["xp"] - before["xp"], after["xp_lost"] - before["xp_lost"]


# -- dialogs -------------------------------------------------------------------------------------
class _CheckedDialog(QDialog):
    """A dialog that builds action words, asks the core's check as you type and
    shows its reasons; OK only when the core has none.  ``chosen`` carries the words."""

    chosen = Signal(object)  # the action words (list of str)
    ok_text = "OK"

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.reasons_label = QLabel(self)
        self.reasons_label.setObjectName("reasonsLabel")
        self.reasons_label.setWordWrap(True)
        self.reasons_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton(self.ok_text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("okButton")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        """Open with the focus in the session field (its text selected, so typing
        replaces it), not on a button."""
        super().showEvent(event)
        session = getattr(self, "session", None)
        if session is not None:
            session.setFocus(Qt.FocusReason.OtherFocusReason)
            session.selectAll()

    def words(self) -> list[str]:  # pragma: no cover - subclasses
        return []

    def reasons(self) -> list[str]:
        session = getattr(self, "session", None)
        if session is not None and not session.text().strip():
            # Say the other reasons too (not enough XP...), checked with a stand-in session.
            words = list(self.words())
            if "--session" in words:
                at = words.index("--session") + 1
                if at < len(words):
                    words[at] = "(this session)"
                else:
                    words.append("(this session)")
            others = [r for r in check_words(self.doc, words)
                      if reason_code(r) not in (SESSION_MISSING, SESSION_TAKEN)]
            return ["name the session (XP and levels are counted per session)"] + others
        return check_words(self.doc, self.words())

    def ready_text(self) -> str:
        return "✔ The rules allow this."

    def validate(self, *_: object) -> bool:
        reasons = self.reasons()
        self.ok.setEnabled(not reasons)
        self.reasons_label.setText(self.ready_text() if not reasons else
                                   "Not possible yet:\n" + reasons_html(reasons))
        return not reasons

    def _accept(self) -> None:
        if not self.validate():
            return
        self.chosen.emit(self.words())
        self.accept()


class StaminaRoll(QWidget):
    """The Stamina roll: rolled here (the die is shown) or typed in from a real die.  A
    die rolled here is rolled once, as at the table: it stays in ``held`` (its sides ->
    the roll; the editor keeps one for each level reached, so a dialog cancelled and
    opened again, or a level undone and taken again, shows the same roll)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None,
                 rng: random.Random | None = None,
                 held: dict[int, int] | None = None) -> None:
        super().__init__(parent)
        self.rng = rng or random.Random()
        self.held = {} if held is None else held
        self.sides = 6
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.spin = QSpinBox(self)
        self.spin.setObjectName("staminaRoll")
        self.spin.setAccessibleName("Stamina roll (typed from your own die, or rolled here)")
        self.spin.setSpecialValueText("—")
        self.spin.setRange(0, 6)
        self.spin.valueChanged.connect(self._typed)
        self.face = DieFace(self, 34)
        self.roll_button = form_button(QPushButton("Roll", self))
        self.roll_button.setObjectName("rollStamina")
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.spin)
        layout.addWidget(QLabel("or", self))
        layout.addWidget(self.roll_button)
        layout.addWidget(self.face)
        layout.addStretch(1)

    def set_sides(self, sides: int) -> None:
        was_rolled = self.rolled()
        self.sides = max(1, sides)
        held = self.held.get(self.sides)
        if held is not None:
            self._show_rolled(held)
            return
        self.spin.setReadOnly(False)
        self.spin.setButtonSymbols(QSpinBox.ButtonSymbols.UpDownArrows)
        if was_rolled:
            self.spin.setValue(0)             # another die: the roll of the last is not its
        self.spin.setMaximum(max(self.sides, self.spin.value()))
        self.roll_button.setEnabled(True)
        self.roll_button.setText(f"Roll 1d{self.sides}")
        self.roll_button.setToolTip(f"Roll the d{self.sides} here")
        self.face.set_value(self.value(), self.sides)

    def roll(self) -> int:
        value = self.held.get(self.sides) or self.rng.randint(1, self.sides)
        self.held[self.sides] = value
        self._show_rolled(value)
        return value

    def rolled(self) -> bool:
        """The value is a die rolled here (kept, not typed)."""
        return self.spin.isReadOnly()

    def _show_rolled(self, value: int) -> None:
        self.spin.setMaximum(max(self.sides, value))
        self.spin.setValue(value)
        self.spin.setReadOnly(True)
        self.spin.setButtonSymbols(QSpinBox.ButtonSymbols.NoButtons)
        self.roll_button.setEnabled(False)
        self.roll_button.setText(f"Rolled 1d{self.sides}")
        self.roll_button.setToolTip("Rolled once, as at the table: the roll stays until a "
                                    "level is taken with it")
        self.face.set_value(value, self.sides)

    def _typed(self, value: int) -> None:
        self.face.set_value(value or None, self.sides)
        self.changed.emit()

    def value(self) -> int | None:
        return self.spin.value() or None


def _session_edit(parent: QWidget, default: object) -> QLineEdit:
    edit = QLineEdit(parent)
    edit.setObjectName("sessionEdit")
    edit.setAccessibleName("Session")
    edit.setPlaceholderText("the session's name or number")
    edit.setText("" if default is None else str(default))
    return edit


class LevelUpDialog(_CheckedDialog):
    """Level up at a secure location: the session and the Stamina roll."""

    ok_text = "&Level up"

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None,
                 rng: random.Random | None = None,
                 held: dict[int, int] | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("levelUpDialog")
        self.setWindowTitle("Level up")
        self.setMinimumWidth(440)
        d = doc.derived()
        self.derived = d
        target = d["level"] + 1
        head = QLabel(f"<b>Level {d['level']} → {target}</b> as {d['class']} "
                      f"{d['career']}".strip() + ", at a secure location.", self)
        head.setWordWrap(True)
        self.session = _session_edit(self, d["level_up"].get("session"))
        self.session.textChanged.connect(self.validate)
        self.stamina = StaminaRoll(self, rng, held)
        self.stamina.set_sides(die_size(d["stamina_die"]))
        self.stamina.changed.connect(self.validate)
        row = next((r for r in d.get("class_table", []) if r["level"] == target), None)
        gains = []
        if row:
            gains.append(f"Stamina {row['stamina']}")
            if row["wounds"]:
                gains.append(f"Wounds {row['wounds']}")
            if row.get("skill_points"):
                gains.append(f"skill points +{row['skill_points']}")
            if row.get("combat_skill_points"):
                gains.append(f"combat skill points +{row['combat_skill_points']}")
            gains.append("saves " + ", ".join(f"{SAVE_TITLES.get(k, k)} {v}"
                                              for k, v in row["saves"].items()))
        self.gains_label = QLabel("The class table gives: " + "; ".join(gains) if gains
                                  else "", self)
        self.gains_label.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Session:", self.session)
        form.addRow(f"Stamina roll (1d{self.stamina.sides}):", self.stamina)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addLayout(form)
        layout.addWidget(self.gains_label)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        self.validate()

    def words(self) -> list[str]:
        words = ["level-up", "--session", self.session.text()]
        if self.stamina.value() is not None:
            words += ["--roll", str(self.stamina.value())]
        return words

    def ready_text(self) -> str:
        return (f"✔ Level {self.derived['level'] + 1}: Stamina +{self.stamina.value()} "
                f"(session {self.session.text().strip()}).")


class ChangeCareerDialog(_CheckedDialog):
    """Change career: class and career (greyed with the core's reasons), session,
    the new class's Stamina roll."""

    ok_text = "&Change career"

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None,
                 rng: random.Random | None = None,
                 held: dict[int, int] | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("changeCareerDialog")
        self.setWindowTitle("Change career")
        self.setMinimumWidth(460)
        d = doc.derived()
        self.derived = d
        self.options: list[Option] = [o for o in doc.options() if o.kind == "career"]
        classes = []
        for o in self.options:
            if o.extra["class"] not in classes:
                classes.append(o.extra["class"])
        head = QLabel(f"<b>{d['class']} {d['career']}</b>".strip() + f", level {d['level']}: "
                      "a new career is the session's one level (at a secure location).", self)
        head.setWordWrap(True)
        self.class_combo = QComboBox(self)
        self.class_combo.setObjectName("classCombo")
        self.class_combo.setAccessibleName("Class")
        for cls in classes:
            opened = any(o.allowed for o in self.options if o.extra["class"] == cls)
            self.class_combo.addItem(cls if opened else f"{cls} (no career possible)", cls)
        self.careers = QListWidget(self)
        self.careers.setObjectName("careerList")
        self.careers.setAccessibleName("Career")
        self.careers.setMinimumHeight(120)
        self.why = QLabel(self)
        self.why.setObjectName("careerWhy")
        self.why.setWordWrap(True)
        self.session = _session_edit(self, d["level_up"].get("session"))
        self.stamina = StaminaRoll(self, rng, held)
        form = QFormLayout()
        form.addRow("C&lass:", self.class_combo)
        form.addRow("Ca&reer:", self.careers)
        form.addRow("", self.why)
        form.addRow("&Session:", self.session)
        self.stamina_label = QLabel("Stamina roll:", self)
        form.addRow(self.stamina_label, self.stamina)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addLayout(form)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        self.class_combo.currentIndexChanged.connect(self._class_changed)
        self.careers.currentItemChanged.connect(self._career_changed)
        self.session.textChanged.connect(self.validate)
        self.stamina.changed.connect(self.validate)
        self._class_changed()

    def current_class(self) -> str:
        return self.class_combo.currentData() or ""

    def current_career(self) -> str | None:
        item = self.careers.currentItem()
        career: str | None = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return career

    def select(self, cls: str, career: str | None = None) -> None:
        index = self.class_combo.findData(cls)
        if index >= 0:
            self.class_combo.setCurrentIndex(index)
        if career is not None:
            for row in range(self.careers.count()):
                if self.careers.item(row).data(Qt.ItemDataRole.UserRole) == career:
                    self.careers.setCurrentRow(row)

    def _class_changed(self, *_: object) -> None:
        cls = self.current_class()
        self.careers.clear()
        first = None
        for o in self.options:
            if o.extra["class"] != cls:
                continue
            career = o.extra["career"]
            item = QListWidgetItem(career if o.allowed else f"{career} — not possible")
            item.setData(Qt.ItemDataRole.UserRole, career)
            item.setData(Qt.ItemDataRole.UserRole + 1, o)
            if not o.allowed:
                item.setForeground(self.palette().color(QPalette.ColorGroup.Disabled,
                                                        QPalette.ColorRole.Text))
                item.setToolTip(reasons_html(o.reasons))
            self.careers.addItem(item)
            if first is None and o.allowed:
                first = self.careers.count() - 1
        self.careers.setCurrentRow(first if first is not None else 0)
        die = int(self.doc.ruleset.classes.get(cls, {}).get("stamina_die", 6)) if cls else 6
        self.stamina.set_sides(die)
        self.stamina_label.setText(f"Stamina roll (the {cls} 1d{die}):")
        self.validate()

    def _career_changed(self, *_: object) -> None:
        item = self.careers.currentItem()
        o: Option | None = item.data(Qt.ItemDataRole.UserRole + 1) if item is not None else None
        if o is None:
            self.why.setText("")
        elif o.allowed:
            self.why.setText(f"✓ {o.extra['class']} {o.extra['career']} is open")
        else:
            self.why.setText("✗ " + "; ".join(o.reasons))
        self.validate()

    def words(self) -> list[str]:
        words = ["change-career", self.current_class(), self.current_career() or "",
                 "--session", self.session.text()]
        if self.stamina.value() is not None:
            words += ["--roll", str(self.stamina.value())]
        return words

    def reasons(self) -> list[str]:
        if not self.current_class() or self.current_career() is None:
            return ["choose a class and a career"]
        return super().reasons()

    def ready_text(self) -> str:
        return (f"✔ {self.current_class()} {self.current_career()}: level "
                f"{self.derived['level'] + 1}, Stamina +{self.stamina.value()}.")


class AwardXpDialog(_CheckedDialog):
    """XP for one character, with its session; shows what the session cap keeps."""

    ok_text = "&Award"

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(doc, parent)
        self.setObjectName("awardXpDialog")
        self.setWindowTitle("Award XP")
        d = doc.derived()
        self.amount = QSpinBox(self)
        self.amount.setObjectName("xpAmount")
        self.amount.setAccessibleName("XP to award")
        self.amount.setRange(0, 10 ** 8)
        self.amount.setSingleStep(50)
        self.session = _session_edit(self, d["level_up"].get("session"))
        form = QFormLayout()
        form.addRow("&XP:", self.amount)
        form.addRow("&Session:", self.session)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{d['name']}: {d['xp']} XP, session cap {d['session_cap']}",
                                self))
        layout.addLayout(form)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.buttons)
        self.amount.valueChanged.connect(self.validate)
        self.session.textChanged.connect(self.validate)
        self.validate()

    def words(self) -> list[str]:
        return ["award-xp", str(self.amount.value()), "--session", self.session.text()]

    def reasons(self) -> list[str]:
        # 0 XP is nothing to award: Award stays grey
        nothing = [] if self.amount.value() else ["enter the XP the character earned"]
        return nothing + super().reasons()

    def prompt(self) -> str | None:
        """What to fill in next while the XP or the session is still empty, as one
        sentence (not "Not possible yet: • ..." before anything was typed), else None."""
        no_xp, no_session = not self.amount.value(), not self.session.text().strip()
        if no_xp and no_session:
            return "Enter the XP the character earned and the session it was earned in."
        if no_xp:
            return "Enter the XP the character earned."
        if no_session:
            return "Name the session the XP was earned in (XP and levels are counted " \
                   "per session)."
        return None

    def validate(self, *_: object) -> bool:
        prompt = self.prompt()
        if prompt is None:
            return super().validate()
        self.ok.setEnabled(False)
        self.reasons_label.setText(prompt)
        return False

    def preview(self) -> tuple[int, int] | None:
        """(gained, lost) as the core would apply this award."""
        return award_preview(self.doc, self.words())

    def ready_text(self) -> str:
        preview = self.preview()
        if not preview:
            return "✔"
        gained, lost = preview
        return f"✔ {gained} XP gained" + (f", {lost} lost to the session cap" if lost else "")
