"""Small Vogelfrei widgets the editor, its dialogs and the creation form share: a die
face, a row of dice, the XP track, a Wounds/Stamina row; the save titles and sign.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (QColor, QFont, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent,
                           QStandardItem)
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy,
                               QSpinBox, QVBoxLayout, QWidget)

if TYPE_CHECKING:
    from .editor import VogelfreiEditor


SAVE_TITLES = {"paralyze": "Paralyze", "poison": "Poison", "breath": "Breath",
               "device": "Device", "magic": "Magic"}
_D6_FACES = "⚀⚁⚂⚃⚄⚅"


def sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def die_size(text: object) -> int:
    """'1d4' -> 4 (the core writes dice as '1dN')."""
    try:
        return int(str(text).lower().split("d", 1)[1])
    except (IndexError, ValueError):
        return 0


def reasons_html(reasons: Sequence[str]) -> str:
    return "\n".join(f"• {r}" for r in reasons)


# -- small widgets ------------------------------------------------------------------------
class DieFace(QLabel):
    """One die result, drawn as a framed number (d6 results also as pips in the tooltip)."""

    def __init__(self, parent: QWidget | None = None, size: int = 30) -> None:
        super().__init__(parent)
        self.setObjectName("dieFace")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFixedSize(size, size)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.setFont(font)
        self.setStyleSheet("QLabel#dieFace { border: 2px solid palette(mid); border-radius: 6px;"
                           " background: palette(base); }")
        self.value: int | None = None
        self.sides = 6
        self.set_value(None)

    def set_value(self, value: int | None, sides: int = 6) -> None:
        self.value, self.sides = value, sides
        self.setText("?" if value is None else str(value))
        pip = f" {_D6_FACES[value - 1]}" if value and sides == 6 and 1 <= value <= 6 else ""
        text = f"d{sides}: not rolled" if value is None else f"d{sides}: {value}{pip}"
        self.setToolTip(text)
        self.setAccessibleName(text)


class DiceRow(QWidget):
    """A row of die faces (e.g. 3d6 for an ability, 2d6 for the class)."""

    def __init__(self, parent: QWidget | None = None, size: int = 26) -> None:
        super().__init__(parent)
        self._size = size
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(3)
        self.faces: list[DieFace] = []
        self.layout_.addStretch(1)

    def set_dice(self, dice: Iterable[int] | None, sides: int = 6) -> None:
        dice = list(dice or [])
        while len(self.faces) > len(dice):
            face = self.faces.pop()
            self.layout_.removeWidget(face)
            face.deleteLater()
        while len(self.faces) < len(dice):
            face = DieFace(self, self._size)
            self.layout_.insertWidget(len(self.faces), face)
            self.faces.append(face)
        for face, value in zip(self.faces, dice):
            face.set_value(value, sides)

    def values(self) -> list[int | None]:
        return [f.value for f in self.faces]


class XpTrack(QWidget):
    """The class's XP table as a track: one equal segment per level, filled up to
    the character's XP, the current level marked, the session cap as a red tick."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("xpTrack")
        self.setMinimumHeight(64)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.thresholds: list[int] = []
        self.xp = 0
        self.level = 1
        self.cap: int | None = None

    def sizeHint(self) -> QSize:
        return QSize(360, 64)

    def set_values(self, thresholds: list[int], xp: int, level: int, cap: int | None) -> None:
        self.thresholds, self.xp, self.level, self.cap = list(thresholds), xp, level, cap
        nxt = thresholds[level] if level < len(thresholds) else None
        text = f"XP {xp}, level {level}" + (f", next level at {nxt}" if nxt is not None
                                             else ", top of the table")
        self.setAccessibleName("XP track: " + text)
        self.setToolTip(text + (f"\nSession cap: {cap} (XP above it in one award is lost)"
                                if cap is not None else ""))
        self.update()

    def position(self, xp: int) -> float | None:
        """0..1 along the track for an XP figure (segments are equal per level)."""
        t = self.thresholds
        if len(t) < 2:
            return None
        n = len(t)
        if xp >= t[-1]:
            return 1.0 if xp > t[-1] else (n - 1) / n
        for i in range(n - 1):
            if t[i] <= xp < t[i + 1]:
                return (i + (xp - t[i]) / max(1, t[i + 1] - t[i])) / n
        return 0.0

    def paintEvent(self, _event: QPaintEvent) -> None:
        if not self.thresholds:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        n = len(self.thresholds)
        left, right = 6.0, float(self.width() - 6)
        width = right - left
        bar = QRectF(left, 18, width, 14)
        p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        p.setBrush(pal.color(QPalette.ColorRole.Base))
        p.drawRoundedRect(bar, 4, 4)
        pos = self.position(self.xp) or 0.0
        fill = QRectF(bar.left(), bar.top(), width * pos, bar.height())
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(pal.color(QPalette.ColorRole.Highlight))
        p.drawRoundedRect(fill, 4, 4)
        seg = width / n
        small = QFont(self.font())
        small.setPointSizeF(small.pointSizeF() * 0.85)
        p.setFont(small)
        text_pen = QPen(pal.color(QPalette.ColorRole.WindowText))
        for i, xp in enumerate(self.thresholds):
            x = left + seg * i
            current = i + 1 == self.level
            if i:
                p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
                p.drawLine(int(x), int(bar.top()), int(x), int(bar.bottom()))
            label = QRectF(x, 0, seg, 16)
            font = QFont(small)
            font.setBold(current)
            p.setFont(font)
            p.setPen(text_pen)
            p.drawText(label, int(Qt.AlignmentFlag.AlignCenter),
                       ("▶ " if current else "") + f"Level {i + 1}")
            p.setFont(small)
            p.drawText(QRectF(x - seg / 2, 42, seg, 16), int(Qt.AlignmentFlag.AlignCenter),
                       f"{xp}" if i else "0")
        if self.cap is not None:
            cpos = self.position(self.cap)
            if cpos is not None:
                x = left + width * cpos
                p.setPen(QPen(QColor(192, 57, 43), 2))
                p.drawLine(int(x), int(bar.top()) - 3, int(x), int(bar.bottom()) + 3)
        # the character's own marker
        x = left + width * pos
        p.setPen(QPen(pal.color(QPalette.ColorRole.WindowText), 1))
        p.setBrush(pal.color(QPalette.ColorRole.WindowText))
        p.drawPolygon([QPointF(x - 5, bar.bottom() + 8), QPointF(x + 5, bar.bottom() + 8),
                       QPointF(x, bar.bottom() + 1)])
        p.end()


class PoolRow(QWidget):
    """Wounds or Stamina: current / max as a bar, an amount, Damage and Heal."""

    def __init__(self, editor: VogelfreiEditor, pool: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor, self.pool = editor, pool
        title = pool.capitalize()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(f"<b>{title}</b>", self)
        self.label.setMinimumWidth(64)
        self.bar = QProgressBar(self)
        self.bar.setObjectName(f"{pool}Bar")
        self.bar.setAccessibleName(title)
        self.bar.setFormat("%v / %m")
        self.bar.setMinimumWidth(110)
        self.amount = QSpinBox(self)
        self.amount.setObjectName(f"{pool}Amount")
        self.amount.setRange(1, 999)
        self.amount.setAccessibleName(f"{title} to lose or regain")
        self.damage = QPushButton("Damage", self)
        self.damage.setObjectName(f"{pool}Damage")
        self.damage.setToolTip(f"Lose this much {title} (damage-{pool})")
        self.heal = QPushButton("Heal", self)
        self.heal.setObjectName(f"{pool}Heal")
        self.heal.setToolTip(f"Regain this much {title}, never above the maximum (heal-{pool})")
        self.damage.clicked.connect(lambda: editor.take_words(
            [f"damage-{pool}", str(self.amount.value())]))
        self.heal.clicked.connect(lambda: editor.take_words(
            [f"heal-{pool}", str(self.amount.value())]))
        # The amount and the buttons sit beside the bar where the pane has the room,
        # and under it in a narrow pane (a 2x screen), so the sheet never scrolls sideways.
        self.controls = QWidget(self)
        controls = QHBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)
        controls.addStretch(1)
        for widget in (self.amount, self.damage, self.heal):
            widget.setParent(self.controls)
            controls.addWidget(widget)
        top = QHBoxLayout()
        top.addWidget(self.label)
        top.addWidget(self.bar, 1)
        top.addWidget(self.controls)
        self.below = QHBoxLayout()
        layout.addLayout(top)
        layout.addLayout(self.below)
        self._top = top

    def _one_row_width(self) -> int:
        spacing = max(0, self._top.spacing())
        return (self.label.minimumSizeHint().width() + self.bar.minimumWidth()
                + self.controls.sizeHint().width() + 2 * spacing)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """As narrow as the two-row form: the bar's row, the buttons under it."""
        hint = super().minimumSizeHint()
        two_rows = max(self.label.minimumSizeHint().width() + self.bar.minimumWidth(),
                       self.controls.sizeHint().width())
        return QSize(two_rows, hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        one_row = event.size().width() >= self._one_row_width()
        if one_row != (self._top.indexOf(self.controls) >= 0):
            (self.below if one_row else self._top).removeWidget(self.controls)
            (self._top if one_row else self.below).addWidget(self.controls)

    @property
    def two_rows(self) -> bool:
        """Are the amount and the buttons under the bar (a narrow pane)?"""
        return self.below.indexOf(self.controls) >= 0

    def set_values(self, current: int, maximum: int, note: str = "") -> None:
        self.bar.setRange(0, max(1, maximum))
        self.bar.setValue(current)
        self.bar.setFormat(f"{current} / {maximum}")
        self.bar.setToolTip(note)
        self.bar.setAccessibleDescription(f"{current} of {maximum}. {note}")
        self.heal.setEnabled(current < maximum)
        self.damage.setEnabled(current > 0)


def table_item(text: object, bold: bool = False, tip: str | None = None,
               right: bool = False) -> QStandardItem:
    item = QStandardItem("" if text is None else str(text))
    item.setEditable(False)
    if bold:
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    if tip:
        item.setToolTip(tip)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item
