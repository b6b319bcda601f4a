"""The Vogelfrei editor: abilities, Wounds and Stamina, saves, XP with its track,
the class table, careers, the ledger; dialogs to award XP, level up, change career.

Everything shown comes from the rules core: ``CharacterFile.derived()`` (the
``show --json`` dict) and ``CharacterFile.options()`` (level-up and every
career change, with ``allowed`` and ``reasons``).  Every change is CLI words
parsed by the ruleset (``parse_action``) and applied through the document
(``doc.apply_words``: the rules core, the undo stack, autosave).  The dialogs
ask the core's ``check`` as you type and show its reasons; nothing here
re-implements a rule.

The parts: :mod:`.sheet_part` (the sheet, the class table, the careers taken),
:mod:`.advance` (the level and career changes page), :mod:`.possessions` (money, shop,
gear), :mod:`.dialogs` (award XP, level up, change career) and :mod:`.widgets` (dice,
the XP track, the Wounds/Stamina rows); this module is the header, the side tabs, the
Character menu and how a change is applied.
"""
from __future__ import annotations

<<<<<<< HEAD
import random
from typing import Any, Mapping

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QAction, QBrush, QColor, QFont, QPainter, QPalette, QPen,
                           QStandardItem, QStandardItemModel)
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QFrame, QGridLayout, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QProgressBar, QPushButton, QScrollArea, QSizePolicy, QSpinBox,
                               QSplitter, QTableView, QTabWidget, QTreeWidget, QTreeWidgetItem,
=======
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLabel, QPushButton, QSplitter, QTabWidget,
>>>>>>> main
                               QVBoxLayout, QWidget)

from builder.ui.views.base import CharacterEditor, LedgerView
from builder.rulesets.vogelfrei.ui.advance import AdvancePanel
from builder.rulesets.vogelfrei.ui.dialogs import AwardXpDialog, ChangeCareerDialog, LevelUpDialog
from builder.rulesets.vogelfrei.ui.possessions import PossessionsPage
from builder.rulesets.vogelfrei.ui.sheet_part import SheetPart
from builder.rulesets.vogelfrei.ui.widgets import reasons_html


<<<<<<< HEAD
def sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def die_size(text) -> int:
    """'1d4' -> 4 (the core writes dice as '1dN')."""
    try:
        return int(str(text).lower().split("d", 1)[1])
    except (IndexError, ValueError):
        return 0


def check_words(doc, words: list[str]) -> list[str]:
    """The core's reasons against ``words`` for this character (empty: allowed)."""
    try:
        action = doc.parse(words)
    except RulesError as problem:
        return [str(problem)]
    if doc.read_only:
        return [doc.read_only]
    try:
        return doc.cf.refusal_reasons(action)
    except RulesError as problem:
        return [str(problem)]


def award_preview(doc, words: list[str]) -> tuple[int, int] | None:
    """(XP gained, XP lost to the session cap) if ``words`` (an award-xp) were taken:
    the core's own ``do`` path (``CharacterFile.preview``), nothing written; None when
    it would be refused."""
    try:
        preview = doc.cf.preview(doc.parse(words), random.Random(0))
    except RulesError:
        return None
    if not preview.allowed:
        return None
    before, after = preview.before, preview.after
    return after["xp"] - before["xp"], after["xp_lost"] - before["xp_lost"]


def reasons_html(reasons: list[str]) -> str:
    return "\n".join(f"• {r}" for r in reasons)


# -- small widgets ------------------------------------------------------------------------
class DieFace(QLabel):
    """One die result, drawn as a framed number (d6 results also as pips in the tooltip)."""

    def __init__(self, parent=None, size: int = 30):
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

    def __init__(self, parent=None, size: int = 26):
        super().__init__(parent)
        self._size = size
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(3)
        self.faces: list[DieFace] = []
        self.layout_.addStretch(1)

    def set_dice(self, dice, sides: int = 6) -> None:
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

    def values(self) -> list[int]:
        return [f.value for f in self.faces]


class XpTrack(QWidget):
    """The class's XP table as a track: one equal segment per level, filled up to
    the character's XP, the current level marked, the session cap as a red tick."""

    def __init__(self, parent=None):
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

    def paintEvent(self, _event) -> None:
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

    def __init__(self, editor, pool: str, parent=None):
        super().__init__(parent)
        self.editor, self.pool = editor, pool
        title = pool.capitalize()
        layout = QHBoxLayout(self)
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
        layout.addWidget(self.label)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.amount)
        layout.addWidget(self.damage)
        layout.addWidget(self.heal)

    def set_values(self, current: int, maximum: int, note: str = "") -> None:
        self.bar.setRange(0, max(1, maximum))
        self.bar.setValue(current)
        self.bar.setFormat(f"{current} / {maximum}")
        self.bar.setToolTip(note)
        self.bar.setAccessibleDescription(f"{current} of {maximum}. {note}")
        self.heal.setEnabled(current < maximum)
        self.damage.setEnabled(current > 0)


def _item(text, bold=False, tip=None, right=False) -> QStandardItem:
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


def option_text(option: dict) -> str:
    """A level-up or career change and what the core says about it (XP is not spent,
    so no cost is named)."""
    reasons = option.get("reasons") or []
    title = option_title(option)
    if option.get("allowed", not reasons):
        where = f" in session {option['session']}" if option.get("session") else ""
        return f"{title}: possible now{where}, at a secure location."
    return f"{title} is not possible yet:\n" + reasons_html(reasons)


class AdvanceModel(OptionsModel):
    """The core's options with Vogelfrei wording in the tooltips (no cost)."""

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if (section == 0 and orientation == Qt.Orientation.Horizontal
                and role == Qt.ItemDataRole.DisplayRole):
            return "Next level or career"
        return super().headerData(section, orientation, role)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            option = self.option(index.row())
            return option_text(option) if option is not None else None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            option = self.option(index.row())
            if option is not None:
                state = "possible" if option.get("allowed") else "not possible"
                return f"{option_title(option)}, {state}"
        return super().data(index, role)


class AdvancePanel(OptionsPanel):
    """OptionsPanel for level-up and career changes: no cost column, XP wording."""

    def __init__(self, parent=None):
        super().__init__(parent, unit="XP")
        self.model = AdvanceModel(self, unit="XP")
        self.proxy.setSourceModel(self.model)
        self.model.modelReset.connect(self._update_details)
        self.model.dataChanged.connect(self._update_details)
        self.view.hideColumn(COL_COST)
        self.view.setAccessibleName("Level-up and career changes")
        self.search.setPlaceholderText("Filter careers…")
        self.search.setAccessibleName("Filter careers")
        self.only_allowed.setText("Only what is possible now")
        self.take_button.setText("&Take…")
        self.take_button.setToolTip("Level up or change to the selected career "
                                    "(asks for the session and the Stamina roll)")
        self._update_details()

    def _update_details(self, *_):
        option = self.current_option()
        if option is None:
            self.details.setPlainText("Select the level-up or a career to see what it needs.")
            self.take_button.setEnabled(False)
            return
        self.details.setPlainText(option_text(option))
        self.take_button.setEnabled(bool(option.get("allowed")))


# -- the editor ------------------------------------------------------------------------------
class VogelfreiEditor(CharacterEditor):
=======
class VogelfreiEditor(SheetPart, CharacterEditor):
>>>>>>> main
    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.setObjectName("vogelfreiEditor")
        self._dialog = None
        self.rng = doc.rng

        # header
        self.title_label = QLabel(self)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.title_label.setFont(font)
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("summaryLabel")
        self.award_button = QPushButton("Award &XP…", self)
        self.award_button.setObjectName("awardXpButton")
        self.award_button.setToolTip("XP for this character, with the session it was earned in")
        self.award_button.clicked.connect(self.award_xp)
        self.party_button = QPushButton("&Party XP…", self)
        self.party_button.setObjectName("partyXpButton")
        self.party_button.setToolTip("A session's XP from enemies and treasure, shared among "
                                     "the open Vogelfrei characters")
        self.party_button.clicked.connect(self.party_xp)
        self.level_button = QPushButton("&Level up…", self)
        self.level_button.setObjectName("levelUpButton")
        self.level_button.clicked.connect(self.level_up)
        self.career_button = QPushButton("Change ca&reer…", self)
        self.career_button.setObjectName("changeCareerButton")
        self.career_button.clicked.connect(lambda: self.change_career())
        header = QHBoxLayout()
        header.addWidget(self.title_label)
        header.addSpacing(12)
        header.addWidget(self.summary_label, 1)
        for button in (self.award_button, self.party_button, self.level_button,
                       self.career_button):
            header.addWidget(button)

        scroll = self._build_sheet(doc)
        table_page = self._build_class_table()


        self.options_panel = AdvancePanel(self)
        self.options_panel.takeRequested.connect(self.take_option)

        self.ledger = LedgerView(self, unit="XP")

        self.side_tabs = QTabWidget(self)
        self.side_tabs.setObjectName("sideTabs")
        self.side_tabs.addTab(table_page, "Class table")
        careers_page = QWidget(self)
        clay = QVBoxLayout(careers_page)
        clay.addWidget(self.career_box)
        clay.addWidget(self.careers_tree, 1)
        self.side_tabs.addTab(careers_page, "Career, traits, skills")
        self.side_tabs.addTab(self.options_panel, "Level and career changes")
        self.side_tabs.addTab(self.ledger, "Ledger")
        self.possessions = PossessionsPage(self, self)
        self.side_tabs.addTab(self.possessions, "Possessions")

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("vogelfreiSplitter")
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([560, 620])

        layout = QVBoxLayout(self)
        for bar in self.message_bars():
            layout.addWidget(bar)
        layout.addLayout(header)
        layout.addWidget(self.splitter, 1)

        # the Character menu (the main window asks menu_actions())
        def act(text, slot, shortcut=None):
            action = QAction(text, self)
            action.triggered.connect(slot)
            if shortcut:
                action.setShortcut(shortcut)
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.addAction(action)
            return action

        self.act_award = act("&Award XP…", self.award_xp, "Ctrl+Shift+A")
        self.act_party = act("&Party XP for a session…", self.party_xp, "Ctrl+Shift+X")
        self.act_level = act("&Level up…", self.level_up)
        self.act_career = act("Change &career…", lambda: self.change_career())
        titles = ("the &Class table", "Ca&reer, traits, skills", "Level and career c&hanges",
                  "the Le&dger", "&Possessions")
        self.act_tabs = [act(f"Show {title}",
                             lambda _=False, i=i: self.side_tabs.setCurrentIndex(i),
                             f"Ctrl+{i + 1}")
                         for i, title in enumerate(titles)]
        self.refresh()

    def menu_actions(self) -> list[QAction]:
        return [self.act_award, self.act_party, self.act_level, self.act_career, *self.act_tabs]

    def splitters(self) -> dict:
        return {"main": self.splitter}

    # -- reading the core ----------------------------------------------------------------
    def level_option(self) -> dict | None:
        return next((o for o in self.doc.options() if o.get("kind") == "level"), None)

    def refresh(self) -> None:
        d = self.doc.derived()
        options = self.doc.options()
        self.title_label.setText(d["name"])
        career = f"{d['class']} {d['career']}".strip()
        status = f" · status {d['status']}" if d.get("status") else ""
        alignment = f" · {d['alignment']}" if d.get("alignment") else ""
        self.summary_label.setText(f"Level {d['level']} {career}{status}{alignment}")

        self._fill_sheet(d)
        level = self.level_option()
        reasons = (level or {}).get("reasons") or []
        allowed = bool(level and level.get("allowed"))
        session = d["level_up"].get("session")
        if allowed:
            where = f" in session {session}" if session else ""
            self.level_reason.setText(f"✓ Level {d['level'] + 1} can be gained{where}, "
                                      "at a secure location.")
        else:
            self.level_reason.setText("✗ " + "; ".join(reasons))
        self.level_button.setEnabled(allowed and not self.doc.read_only)
        self.act_level.setEnabled(self.level_button.isEnabled())
        self.level_button.setToolTip("Gain the next level at a secure location"
                                     if allowed else reasons_html(reasons))
        any_career = any(o.get("kind") == "career" and o.get("allowed") for o in options)
        self.career_button.setEnabled(any_career and not self.doc.read_only)
        self.act_career.setEnabled(self.career_button.isEnabled())
        self.career_button.setToolTip(
            "Change career at a secure location (the session's one level)" if any_career
            else reasons_html(reasons or ["no career change is possible now"]))
        for button in (self.award_button, self.party_button, self.act_award, self.act_party):
            button.setEnabled(not self.doc.read_only)
        self._fill_saves_and_career(d)


        self._fill_possessions(d)
        self._fill_table(d)
        self._fill_careers(d)
        self.options_panel.set_options(options)
        self.ledger.set_character(self.doc.cf)

    # -- changes -----------------------------------------------------------------------------
    def take_words(self, words: list[str]) -> bool:
        ok = self.doc.apply_words(words)
        if ok:
            self.refusal_bar.hide()
            self.status.emit("Done: " + self.doc.ruleset.describe(self.doc.cf.ledger[-1]))
        return ok

    def _open(self, dialog) -> QDialog:
        dialog.chosen.connect(self.take_words)
        dialog.open()
        self._dialog = dialog
        return dialog

    def take_option(self, option: dict) -> None:
        if not option.get("allowed"):
            self.show_refusal(option.get("reasons") or ["not possible now"])
            return
        if option.get("kind") == "level":
            self.level_up()
        elif option.get("kind") == "career":
            self.change_career(option.get("class"), option.get("career"))

    def award_xp(self) -> QDialog:
        return self._open(AwardXpDialog(self.doc, self))

    def level_up(self) -> QDialog:
        return self._open(LevelUpDialog(self.doc, self, rng=self.rng))

    def change_career(self, cls: str | None = None, career: str | None = None) -> QDialog:
        dialog = ChangeCareerDialog(self.doc, self, rng=self.rng)
        if cls:
            dialog.select(cls, career)
        return self._open(dialog)

    def party_xp(self) -> QDialog:
        from builder.rulesets.vogelfrei.ui.party_xp import PartyXpDialog

        window = self.window()
        docs = [doc for doc in getattr(window, "open_documents", lambda: [self.doc])()
                if doc.ruleset.id == self.doc.ruleset.id]
        dialog = PartyXpDialog(docs or [self.doc], self.doc, self)
        dialog.reported.connect(self.status.emit)   # what was gained (and lost to the cap)
        dialog.open()
        self._dialog = dialog
        return dialog
<<<<<<< HEAD


# -- dialogs -------------------------------------------------------------------------------------
class _CheckedDialog(QDialog):
    """A dialog that builds action words, asks the core's check as you type and
    shows its reasons; OK only when the core has none.  ``chosen`` carries the words."""

    chosen = Signal(list)
    ok_text = "OK"

    def __init__(self, doc, parent=None):
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

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
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

    def validate(self, *_) -> bool:
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
    """The Stamina roll: rolled here (the die is shown) or typed in from a real die."""

    changed = Signal()

    def __init__(self, parent=None, rng: random.Random | None = None):
        super().__init__(parent)
        self.rng = rng or random.Random()
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
        self.roll_button = QPushButton("Roll", self)
        self.roll_button.setObjectName("rollStamina")
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.spin)
        layout.addWidget(QLabel("or", self))
        layout.addWidget(self.roll_button)
        layout.addWidget(self.face)
        layout.addStretch(1)

    def set_sides(self, sides: int) -> None:
        self.sides = max(1, sides)
        self.spin.setMaximum(max(self.sides, self.spin.value()))
        self.roll_button.setText(f"Roll 1d{self.sides}")
        self.roll_button.setToolTip(f"Roll the d{self.sides} here")
        self.face.set_value(self.value(), self.sides)

    def roll(self) -> int:
        value = self.rng.randint(1, self.sides)
        self.spin.setValue(value)
        self.face.set_value(value, self.sides)
        return value

    def _typed(self, value: int) -> None:
        self.face.set_value(value or None, self.sides)
        self.changed.emit()

    def value(self) -> int | None:
        return self.spin.value() or None


def _session_edit(parent, default) -> QLineEdit:
    edit = QLineEdit(parent)
    edit.setObjectName("sessionEdit")
    edit.setAccessibleName("Session")
    edit.setPlaceholderText("the session's name or number")
    edit.setText("" if default is None else str(default))
    return edit


class LevelUpDialog(_CheckedDialog):
    """Level up at a secure location: the session and the Stamina roll."""

    ok_text = "&Level up"

    def __init__(self, doc, parent=None, rng: random.Random | None = None):
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
        self.stamina = StaminaRoll(self, rng)
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

    def __init__(self, doc, parent=None, rng: random.Random | None = None):
        super().__init__(doc, parent)
        self.setObjectName("changeCareerDialog")
        self.setWindowTitle("Change career")
        self.setMinimumWidth(460)
        d = doc.derived()
        self.derived = d
        self.options = [o for o in doc.options() if o.get("kind") == "career"]
        classes = []
        for o in self.options:
            if o["class"] not in classes:
                classes.append(o["class"])
        head = QLabel(f"<b>{d['class']} {d['career']}</b>".strip() + f", level {d['level']}: "
                      "a new career is the session's one level (at a secure location).", self)
        head.setWordWrap(True)
        self.class_combo = QComboBox(self)
        self.class_combo.setObjectName("classCombo")
        self.class_combo.setAccessibleName("Class")
        for cls in classes:
            opened = any(o["allowed"] for o in self.options if o["class"] == cls)
            self.class_combo.addItem(cls if opened else f"{cls} (no career possible)", cls)
        self.careers = QListWidget(self)
        self.careers.setObjectName("careerList")
        self.careers.setAccessibleName("Career")
        self.careers.setMinimumHeight(120)
        self.why = QLabel(self)
        self.why.setObjectName("careerWhy")
        self.why.setWordWrap(True)
        self.session = _session_edit(self, d["level_up"].get("session"))
        self.stamina = StaminaRoll(self, rng)
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
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def select(self, cls: str, career: str | None = None) -> None:
        index = self.class_combo.findData(cls)
        if index >= 0:
            self.class_combo.setCurrentIndex(index)
        if career is not None:
            for row in range(self.careers.count()):
                if self.careers.item(row).data(Qt.ItemDataRole.UserRole) == career:
                    self.careers.setCurrentRow(row)

    def _class_changed(self, *_):
        cls = self.current_class()
        self.careers.clear()
        first = None
        for o in self.options:
            if o["class"] != cls:
                continue
            item = QListWidgetItem(o["career"] if o["allowed"] else
                                   f"{o['career']} — not possible")
            item.setData(Qt.ItemDataRole.UserRole, o["career"])
            item.setData(Qt.ItemDataRole.UserRole + 1, o)
            if not o["allowed"]:
                item.setForeground(self.palette().color(QPalette.ColorGroup.Disabled,
                                                        QPalette.ColorRole.Text))
                item.setToolTip(reasons_html(o["reasons"]))
            self.careers.addItem(item)
            if first is None and o["allowed"]:
                first = self.careers.count() - 1
        self.careers.setCurrentRow(first if first is not None else 0)
        die = int(self.doc.ruleset.classes.get(cls, {}).get("stamina_die", 6)) if cls else 6
        self.stamina.set_sides(die)
        self.stamina_label.setText(f"Stamina roll (the {cls} 1d{die}):")
        self.validate()

    def _career_changed(self, *_):
        item = self.careers.currentItem()
        o = item.data(Qt.ItemDataRole.UserRole + 1) if item is not None else None
        if o is None:
            self.why.setText("")
        elif o["allowed"]:
            self.why.setText(f"✓ {o['class']} {o['career']} is open")
        else:
            self.why.setText("✗ " + "; ".join(o["reasons"]))
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

    def __init__(self, doc, parent=None):
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

    def preview(self) -> tuple[int, int] | None:
        """(gained, lost) as the core would apply this award."""
        return award_preview(self.doc, self.words())

    def ready_text(self) -> str:
        preview = self.preview()
        if not preview:
            return "✔"
        gained, lost = preview
        return f"✔ {gained} XP gained" + (f", {lost} lost to the session cap" if lost else "")


# -- possessions -------------------------------------------------------------------------------
_MARKS = {"none": "not encumbering", "oversize": "oversize", "normal": ""}


def _price_text(ruleset, item: dict, market: str) -> str:
    value = item.get(market)
    if value is None:
        return "–"
    return ruleset.money_text(value) + ("+" if item.get("at_least") else "")


def _item_details(item: dict) -> str:
    bits = []
    if "armour_rating" in item:
        bits.append(f"Armour Rating {item['armour_rating']}")
    shield = item.get("shield")
    if shield:
        bits += [f"+{v} {k} AC" for k, v in (("Melee", shield.get("melee")),
                                              ("Ranged", shield.get("ranged"))) if v]
    if item.get("damage"):
        bits.append(f"damage {item['damage']}")
    if item.get("length"):
        bits.append(f"length {item['length']}")
    if item.get("range"):
        bits.append(f"range {item['range']}")
    if item.get("requirement"):
        bits.append(item["requirement"])
    if item.get("consumed"):
        bits.append("paid, not carried")
    if item.get("carried") is False:
        bits.append("not carried")
    return ", ".join(bits)


class PossessionsPage(QWidget):
    """Money, the shop (every equipment table, searchable) and the gear with Wear /
    Remove.  Every change is action words through the editor (the core, undo, autosave);
    the prices, refusals and what is left come from the core's resolve / check."""

    def __init__(self, editor, parent=None):
        super().__init__(parent)
        self.setObjectName("possessionsPage")
        self.editor = editor
        self.doc = editor.doc
        ruleset = self.doc.ruleset
        catalogue = ruleset.catalogue
        layout = QVBoxLayout(self)

        # money
        money_row = QHBoxLayout()
        self.money_label = QLabel(self)
        self.money_label.setObjectName("moneyLabel")
        self.amount_edit = QLineEdit(self)
        self.amount_edit.setObjectName("amountEdit")
        self.amount_edit.setPlaceholderText("e.g. 1gp 20sp 4bp")
        self.amount_edit.setAccessibleName("Amount of money")
        self.gain_money_button = QPushButton("Gain", self)
        self.gain_money_button.setObjectName("gainMoneyButton")
        self.spend_money_button = QPushButton("Spend", self)
        self.spend_money_button.setObjectName("spendMoneyButton")
        self.gain_money_button.clicked.connect(lambda: self._money("gain-money"))
        self.spend_money_button.clicked.connect(lambda: self._money("spend-money"))
        money_row.addWidget(self.money_label, 1)
        money_row.addWidget(self.amount_edit)
        money_row.addWidget(self.gain_money_button)
        money_row.addWidget(self.spend_money_button)
        layout.addLayout(money_row)

        split = QSplitter(Qt.Orientation.Vertical, self)
        split.setObjectName("possessionsSplitter")

        # the shop
        shop = QGroupBox("Shop: every equipment table", self)
        shop_layout = QVBoxLayout(shop)
        filters = QHBoxLayout()
        self.search_edit = QLineEdit(shop)
        self.search_edit.setObjectName("shopSearch")
        self.search_edit.setPlaceholderText("Search items…")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setAccessibleName("Search the equipment tables")
        self.category_combo = QComboBox(shop)
        self.category_combo.setObjectName("shopCategory")
        self.category_combo.setAccessibleName("Category")
        self.category_combo.addItem("All categories", "")
        for category in catalogue.categories:
            self.category_combo.addItem(category, category)
        self.market_combo = QComboBox(shop)
        self.market_combo.setObjectName("shopMarket")
        self.market_combo.setAccessibleName("Market")
        self.market_combo.addItem("Usual price", None)
        self.market_combo.addItem("City price", "city")
        self.market_combo.addItem("Rural price", "rural")
        filters.addWidget(self.search_edit, 1)
        filters.addWidget(self.category_combo)
        filters.addWidget(self.market_combo)
        shop_layout.addLayout(filters)
        self.shop_model = QStandardItemModel(self)
        self.shop_model.setHorizontalHeaderLabels(["Item", "Category", "City", "Rural",
                                                   "Encumbrance", "Details"])
        for item in catalogue.items:
            mark = _MARKS.get(item.get("encumbrance", "normal"), "")
            cells = [_item(item["name"]), _item(item["category"]),
                     _item(_price_text(ruleset, item, "city"), right=True,
                           tip="not sold in a City" if item.get("city") is None else None),
                     _item(_price_text(ruleset, item, "rural"), right=True,
                           tip="not sold in Rural places" if item.get("rural") is None
                           else None),
                     _item(mark), _item(_item_details(item))]
            cells[0].setData(item["name"], Qt.ItemDataRole.UserRole)
            self.shop_model.appendRow(cells)
        self.shop_view = QTableView(shop)
        self.shop_view.setObjectName("shopTable")
        self.shop_view.setAccessibleName("Equipment for sale")
        self.shop_view.setModel(self.shop_model)
        self.shop_view.verticalHeader().hide()
        self.shop_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.shop_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.shop_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.shop_view.horizontalHeader()
        for col in range(5):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        shop_layout.addWidget(self.shop_view, 1)
        buy_row = QHBoxLayout()
        self.qty_spin = QSpinBox(shop)
        self.qty_spin.setObjectName("buyQty")
        self.qty_spin.setAccessibleName("Quantity")
        self.qty_spin.setRange(1, 9999)
        self.qty_spin.setPrefix("× ")
        self.buy_button = QPushButton("&Buy", shop)
        self.buy_button.setObjectName("buyButton")
        self.gain_button = QPushButton("Gain (found or given)", shop)
        self.gain_button.setObjectName("gainItemButton")
        self.buy_note = QLabel(shop)
        self.buy_note.setObjectName("buyNote")
        self.buy_note.setWordWrap(True)
        # a common (matchlock) firearm may have another lock and a rifled barrel
        options = catalogue.firearm_options
        self.lock_combo = QComboBox(shop)
        self.lock_combo.setObjectName("lockCombo")
        self.lock_combo.setAccessibleName("Lock type")
        self.lock_combo.addItem(options.get("applies_to_lock", "Matchlock"), "")
        for lock in options.get("locks") or {}:
            self.lock_combo.addItem(lock, lock)
        self.rifled_check = QCheckBox(", ".join(options.get("extras") or {}) or "Rifled", shop)
        self.rifled_check.setObjectName("rifledCheck")
        for widget in (self.lock_combo, self.rifled_check):
            buy_row.addWidget(widget)
            widget.hide()
        self.lock_combo.currentIndexChanged.connect(self._update_buy)
        self.rifled_check.toggled.connect(self._update_buy)
        buy_row.addWidget(self.qty_spin)
        buy_row.addWidget(self.buy_button)
        buy_row.addWidget(self.gain_button)
        buy_row.addWidget(self.buy_note, 1)
        shop_layout.addLayout(buy_row)
        split.addWidget(shop)

        # the gear
        held = QGroupBox("Gear", self)
        held_layout = QVBoxLayout(held)
        self.gear_model = QStandardItemModel(self)
        self.gear_view = QTableView(held)
        self.gear_view.setObjectName("gearTable")
        self.gear_view.setAccessibleName("Gear carried and worn")
        self.gear_view.setModel(self.gear_model)
        self.gear_view.verticalHeader().hide()
        self.gear_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.gear_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.gear_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        held_layout.addWidget(self.gear_view, 1)
        gear_row = QHBoxLayout()
        self.wear_button = QPushButton("&Wear", held)
        self.wear_button.setObjectName("wearButton")
        self.remove_button = QPushButton("&Take off", held)
        self.remove_button.setObjectName("removeButton")
        self.drop_qty = QSpinBox(held)
        self.drop_qty.setObjectName("dropQty")
        self.drop_qty.setAccessibleName("How many to drop")
        self.drop_qty.setRange(1, 9999)
        self.drop_qty.setPrefix("× ")
        self.drop_button = QPushButton("&Drop", held)
        self.drop_button.setObjectName("dropButton")
        self.gear_note = QLabel(held)
        self.gear_note.setObjectName("gearNote")
        self.gear_note.setWordWrap(True)
        for widget in (self.wear_button, self.remove_button, self.drop_qty, self.drop_button):
            gear_row.addWidget(widget)
        gear_row.addWidget(self.gear_note, 1)
        held_layout.addLayout(gear_row)
        split.addWidget(held)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout.addWidget(split, 1)

        self.search_edit.textChanged.connect(self._filter)
        self.category_combo.currentIndexChanged.connect(self._filter)
        self.market_combo.currentIndexChanged.connect(self._update_buy)
        self.qty_spin.valueChanged.connect(self._update_buy)
        self.shop_view.selectionModel().selectionChanged.connect(self._update_buy)
        self.shop_view.doubleClicked.connect(lambda *_: self.buy())
        self.buy_button.clicked.connect(self.buy)
        self.gain_button.clicked.connect(self.gain)
        self.gear_view.selectionModel().selectionChanged.connect(self._update_gear_buttons)
        self.wear_button.clicked.connect(lambda: self._gear_action("wear"))
        self.remove_button.clicked.connect(lambda: self._gear_action("remove"))
        self.drop_button.clicked.connect(self.drop)
        self.amount_edit.returnPressed.connect(lambda: self._money("gain-money"))

    # -- reading -------------------------------------------------------------------------
    def selected_item(self) -> str | None:
        rows = self.shop_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.shop_model.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole)

    def selected_gear(self) -> dict | None:
        rows = self.gear_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.gear_model.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole)

    def select_item(self, name: str) -> None:
        for row in range(self.shop_model.rowCount()):
            if self.shop_model.item(row, 0).data(Qt.ItemDataRole.UserRole) == name:
                self.shop_view.selectRow(row)
                return

    def item_name(self) -> str | None:
        """The selected item, with the chosen lock and rifling for a common firearm."""
        name = self.selected_item()
        if name is None:
            return None
        catalogue = self.doc.ruleset.catalogue
        item = catalogue.find(name) or {}
        options = catalogue.firearm_options
        lockable = bool(options) and item.get("lock") == options.get("applies_to_lock",
                                                                     "Matchlock")
        self.lock_combo.setVisible(lockable)
        self.rifled_check.setVisible(lockable and bool(options.get("extras")))
        if not lockable:
            return name
        parts = [self.lock_combo.currentData()] if self.lock_combo.currentData() else []
        if self.rifled_check.isChecked():
            parts += list(options.get("extras") or {})
        return f"{name} ({', '.join(parts)})" if parts else name

    def buy_words(self) -> list[str] | None:
        name = self.item_name()
        if name is None:
            return None
        words = ["buy", name, "--qty", str(self.qty_spin.value())]
        if self.market_combo.currentData():
            words += ["--market", self.market_combo.currentData()]
        return words

    def preview(self, words: list[str]) -> tuple[Mapping[str, Any] | None, list[str]]:
        """(the action as the core would log it, the core's reasons against it)."""
        try:
            preview = self.doc.cf.preview(self.doc.parse(words), random.Random(0))
        except RulesError as problem:
            return None, [str(problem)]
        if self.doc.read_only:
            return preview.action, [self.doc.read_only]
        return preview.action, list(preview.reasons)

    # -- showing -------------------------------------------------------------------------
    def refresh(self, d: dict) -> None:
        roll = d.get("money_roll")
        text = f"<b>Money: {d['money']['text']}</b>"
        if roll:
            text += (f" &nbsp;(started with {roll['formula']}: "
                     f"{' '.join(map(str, roll['dice']))})")
        prices = ("the cheaper of City and Rural (a new character)" if d.get("prices")
                  == "creation" else "City (in play)")
        self.money_label.setText(text + f"<br>Usual price: {prices}")
        self.market_combo.setItemText(0, "Usual price (cheaper)" if d.get("prices") == "creation"
                                      else "Usual price (City)")
        keep = (self.selected_gear() or {}).get("item")
        model = self.gear_model
        model.clear()
        model.setHorizontalHeaderLabels(["Item", "Qty", "Category", "Worn", "Encumbrance"])
        for line in d.get("gear", []):
            cells = [_item(line["item"], bold=line["worn"]), _item(line["qty"], right=True),
                     _item(line["category"]), _item("worn" if line["worn"] else ""),
                     _item(_MARKS.get(line["encumbrance"], ""))]
            cells[0].setData(dict(line), Qt.ItemDataRole.UserRole)
            model.appendRow(cells)
            if line["item"] == keep:
                self.gear_view.selectRow(model.rowCount() - 1)
        header = self.gear_view.horizontalHeader()
        for col in range(5):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        weapons = d.get("weapons") or []
        self.gear_note.setText("; ".join(
            f"{w['item']}: " + (w["note"] or "usable") for w in weapons) if weapons
            else "Armour, shields and bucklers can be worn: one armour and one shield.")
        read_only = bool(self.doc.read_only)
        for widget in (self.gain_money_button, self.spend_money_button, self.amount_edit):
            widget.setEnabled(not read_only)
        self._update_buy()
        self._update_gear_buttons()

    def _filter(self, *_) -> None:
        text = self.search_edit.text().strip().casefold()
        category = self.category_combo.currentData()
        for row in range(self.shop_model.rowCount()):
            name = self.shop_model.item(row, 0).text().casefold()
            details = self.shop_model.item(row, 5).text().casefold()
            shown = ((not text or text in name or text in details)
                     and (not category or self.shop_model.item(row, 1).text() == category))
            self.shop_view.setRowHidden(row, not shown)

    def _update_buy(self, *_) -> None:
        words = self.buy_words()
        read_only = bool(self.doc.read_only)
        if words is None:
            self.buy_note.setText("Choose an item to buy.")
            self.buy_button.setEnabled(False)
            self.gain_button.setEnabled(False)
            return
        action, reasons = self.preview(words)
        self.gain_button.setEnabled(not read_only)
        self.buy_button.setEnabled(not reasons and not read_only)
        if reasons or action is None:
            self.buy_note.setText("✗ " + "; ".join(reasons))
            return
        money = self.doc.cf.state["money"]
        cost = action.get("cost_bp", 0)
        text = self.doc.ruleset.money_text
        self.buy_note.setText(f"{text(cost)} at the {action.get('market', 'city').capitalize()}"
                              f" price; {text(money - cost)} left")

    def _update_gear_buttons(self, *_) -> None:
        line = self.selected_gear()
        read_only = bool(self.doc.read_only)
        for button, kind in ((self.wear_button, "wear"), (self.remove_button, "remove")):
            reasons = (check_words(self.doc, [kind, line["item"]]) if line
                       else ["choose an item of the gear"])
            button.setEnabled(not reasons and not read_only)
            button.setToolTip(reasons_html(reasons) if reasons else
                              f"{'Put on' if kind == 'wear' else 'Take off'} {line['item']}")
        self.drop_button.setEnabled(bool(line) and not read_only)
        if line:
            self.drop_qty.setMaximum(max(1, line["qty"]))

    # -- changing ------------------------------------------------------------------------
    def buy(self) -> bool:
        words = self.buy_words()
        return bool(words) and self.editor.take_words(words)

    def gain(self) -> bool:
        name = self.item_name()
        return bool(name) and self.editor.take_words(["gain", name, "--qty",
                                                      str(self.qty_spin.value())])

    def drop(self) -> bool:
        line = self.selected_gear()
        return bool(line) and self.editor.take_words(["drop", line["item"], "--qty",
                                                      str(self.drop_qty.value())])

    def _gear_action(self, kind: str) -> bool:
        line = self.selected_gear()
        return bool(line) and self.editor.take_words([kind, line["item"]])

    def _money(self, kind: str) -> bool:
        amount = self.amount_edit.text().strip()
        if not amount:
            return False
        ok = self.editor.take_words([kind, *amount.split()])
        if ok:
            self.amount_edit.clear()
        return ok
=======
>>>>>>> main
