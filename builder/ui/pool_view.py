"""The Fortune/Peril pool for the table: a self-contained widget over a campaign file.

Large counters readable from across a room, a full-screen mode (F11, Esc
leaves it), a button for each spend with who and which check, every rule check
shown with its reasons before a click (a refused button is greyed and says
why), reactions, earned points, the session log and undo.  All the rules are
builder.rules.fortune_peril, read through builder.app.pool; every change is one
application-layer operation (:func:`builder.app.campaigns.pool_act`, :func:`builder.app.campaigns.pool_undo`,
as the ``pool`` commands and ``undo CAMPAIGN``), written at once (the file is
re-read before each change, so the command line can be used alongside the
window).  Undo goes through the member guard like the campaign tab's: it refuses,
writing nothing, to take back a party entry from a member whose open tab holds
an unsaved change.  What a change wrote goes out on the "files changed"
broadcast.

Run alone: ``python -m builder.ui.pool_view CAMPAIGN.json``.
"""
from __future__ import annotations

import sys
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QCheckBox, QComboBox, QFrame,
                               QGridLayout, QHBoxLayout, QLabel, QLineEdit, QListView,
                               QListWidget, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from builder.app import pool as fp
from builder.app.pool import NAME as POOL_NAME
from builder.app.rows import campaign_again, member_names, pool_replay
from builder.ui import theme
from builder.ui.focus import keep_focus_off_text, tab_chain
from builder.app.types import UsageError

if TYPE_CHECKING:
    from pathlib import Path

    from builder.app.outcome import Guard, Outcome
    from builder.app.types import CampaignView, Envelope
    from builder.ui.broadcast import FilesChanged

#: What the pane calls the fields an entry needs (the command line names its options).
FIELD_WORDS = {"check": "the check id", "by": "who spends", "talent": "the talent",
               "reason": "the reason"}

#: (side, use, button text)
SPENDS = [
    ("fortune", "upgrade", "Upgrade\nAbility → Mastery"),
    ("fortune", "breakthrough", "Breakthrough\n(after the roll)"),
    ("fortune", "detail", "Narrative detail\n(GM approves)"),
    ("peril", "upgrade", "Upgrade\nTrial → Crisis"),
    ("peril", "calamity", "Calamity\n(after the roll)"),
    ("peril", "complication", "Complication"),
]

COUNTER_POINTS = 72
#: Shown (in the ordinary text colour) instead of reasons until the user has done something.
HINT = ("Choose who spends and the check; a greyed button says why when you point at it.")
NO_SESSION_HINT = "No session has started yet: start one to spend points."
COUNTER_POINTS_FULL = 160


def _key(view: PoolView, keys: str, button: QPushButton) -> None:
    """``keys`` press ``button`` wherever the focus is in ``view`` (each spend has one);
    while it is greyed, they say why in the message line, as the refusal of something
    pressed (a keyboard user sees no tooltip)."""
    def press() -> None:
        if button.isEnabled():
            button.animateClick()
            return
        if not view.controls.isEnabled():
            return            # a campaign that cannot be changed: the message line says why
        view.message.setText(f"{button.accessibleName()} is not possible now: "
                             + "; ".join(view.refused.get(button) or []))
        view.message.setStyleSheet(f"color: {_hue('error')};")

    key = QShortcut(QKeySequence(keys), view)
    key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    key.activated.connect(press)


def _forget_undone(view: "PoolView") -> None:
    """The entry the pool's last message describes was undone (in the pool, in the
    campaign tab, or on the command line): its line goes with it."""
    ledger = view.campaign.ledger if view.campaign is not None else []
    if view._described is not None and (not ledger or ledger[-1] != view._described.entry):
        view._described = None
        view.message.clear()


def _hue(name: str) -> str:
    """The theme's colour ``name`` made readable (WCAG AA) on the window's background."""
    from PySide6.QtGui import QPalette

    background = theme.palette().color(QPalette.ColorRole.Window)
    return theme.css(theme.accent(name, background))


class PlayersSpin(QSpinBox):
    """How many players a new session starts with (1 Fortune Point each).  Until the
    first session, or a number set by hand, it follows the campaign's members: a fixed
    "4" beside a party of two gave them Fortune Points they do not have."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setRange(1, 20)
        self.setValue(4)
        self.setPrefix("players: ")
        self.by_hand = False
        self._following = False
        self.valueChanged.connect(self._changed)

    def _changed(self, *_: object) -> None:
        if not self._following:
            self.by_hand = True

    def follow(self, last_session: int, members: int) -> None:
        """The last session's players, else (unless set by hand) the members."""
        value = last_session or (members if not self.by_hand else 0)
        if value:
            self._following = True
            try:
                self.setValue(value)
            finally:
                self._following = False


def _counter(name: str, colour: str) -> tuple[QFrame, QLabel]:
    """A big counter for the table: its frame and the label holding the number."""
    frame = QFrame()
    frame.setFrameShape(QFrame.Shape.StyledPanel)
    frame.setStyleSheet(f"QFrame {{ border: 3px solid {colour}; border-radius: 12px; }}"
                        f"QLabel {{ border: none; color: {colour}; }}")
    layout = QVBoxLayout(frame)
    caption = QLabel(name)
    caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
    font = QFont()
    font.setPointSize(28)
    font.setBold(True)
    caption.setFont(font)
    number = QLabel("0")
    number.setAlignment(Qt.AlignmentFlag.AlignCenter)
    number.setAccessibleName(f"{name} Points")
    number.setObjectName(f"{name.lower()}Counter")
    font = QFont()
    font.setPointSize(COUNTER_POINTS)
    font.setBold(True)
    number.setFont(font)
    layout.addWidget(caption)
    layout.addWidget(number, 1)
    return frame, number


class PoolView(QWidget):
    """The pool of one campaign file.  ``changed`` is emitted after every write."""

    changed = Signal()

    def __init__(self, path: Path | str, parent: QWidget | None = None,
                 member_guard: Guard | None = None, broadcast: FilesChanged | None = None):
        from builder.ui.operations import FilesChanged

        super().__init__(parent)
        self.path = str(path)
        self.campaign: CampaignView | None = None
        self.member_guard = member_guard
        self.broadcast = broadcast if broadcast is not None else FilesChanged(self)
        self.setObjectName("poolView")
        #: False until the user has entered or chosen something (or acted): until then
        #: the reasons line shows a neutral hint, not every greyed button's reason.
        self.touched = False
        #: The ledger entry the message line describes (cleared when it is undone).
        self._described: Envelope | None = None
        self._build()
        self.reload()

    # -- layout ---------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        head = QHBoxLayout()
        self.title = QLabel()
        title_font = QFont()
        title_font.setPointSize(18)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.title.setWordWrap(True)    # a narrow pane: the session name wraps
        head.addWidget(self.title, 1)
        # The table's first step, first in the head and in the Tab order: a session
        # started with as many players as the spin box beside it says.
        self.start_button = QPushButton("&Start a session")     # Alt+S
        self.start_button.setObjectName("startSession")
        self.start_button.clicked.connect(self.start_session)
        self.players = PlayersSpin()
        head.addWidget(self.start_button)
        head.addWidget(self.players)
        self.full_button = QPushButton("Full screen")
        self.full_button.setCheckable(True)
        self.full_button.setToolTip("Show the pool full screen for the table (F11; Esc leaves)")
        self.full_button.toggled.connect(self.set_full_screen)
        head.addWidget(self.full_button)
        outer.addLayout(head)

        counters = QHBoxLayout()
        self.fortune_counter = _counter("Fortune", _hue("ok"))
        self.peril_counter = _counter("Peril", _hue("error"))
        counters.addWidget(self.fortune_counter[0], 1)
        counters.addWidget(self.peril_counter[0], 1)
        outer.addLayout(counters, 3)
        self.nemesis_label = QLabel()
        self.nemesis_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        nem_font = QFont()
        nem_font.setPointSize(20)
        self.nemesis_label.setFont(nem_font)
        outer.addWidget(self.nemesis_label)

        self.controls = QWidget()
        controls = QVBoxLayout(self.controls)
        controls.setContentsMargins(0, 0, 0, 0)

        who = self.who_grid = QGridLayout()
        self.by = QComboBox()
        self.by.setEditable(True)
        self.by.setToolTip("Who spends: GM, a player's name (free text)")
        self.check_id = QLineEdit()
        self.check_id.setPlaceholderText("check id, e.g. 7")
        self.after_roll = QCheckBox("after the roll")
        self.gm_allows = QCheckBox("GM allows an extra spend")
        self.nemesis = QLineEdit()
        self.nemesis.setPlaceholderText("Nemesis (Peril)")
        self.on = QLineEdit()
        self.on.setPlaceholderText("whose check")
        self.on.setToolTip("Whose check the point is spent on, if not the spender's")
        self.table_agrees = QCheckBox("table agrees")
        who.addWidget(QLabel("Who"), 0, 0)
        who.addWidget(self.by, 0, 1)
        who.addWidget(QLabel("Check"), 0, 2)
        who.addWidget(self.check_id, 0, 3)
        who.addWidget(self.after_roll, 0, 4)
        who.addWidget(self.gm_allows, 0, 5)
        who.addWidget(QLabel("Nemesis"), 1, 0)
        who.addWidget(self.nemesis, 1, 1)
        who.addWidget(QLabel("On"), 1, 2)
        who.addWidget(self.on, 1, 3)
        who.addWidget(self.table_agrees, 1, 4)
        controls.addLayout(who)

        spends = self.spends_grid = QGridLayout()
        self.spend_buttons: dict[tuple[str, str], QPushButton] = {}
        #: The reasons each greyed button is greyed (what its key says).
        self.refused: dict[QPushButton, list[str]] = {}
        for index, (side, use, text) in enumerate(SPENDS):
            button = QPushButton(f"{fp.side_name(side)}: {text}  ·  Alt+{index + 1}")
            button.setAccessibleName(f"{fp.side_name(side)}: {' '.join(text.splitlines())}")
            button.setMinimumHeight(56)
            button.setObjectName(f"spend-{side}-{use}")
            button.clicked.connect(lambda _=False, s=side, u=use: self.spend(s, u))
            _key(self, f"Alt+{index + 1}", button)
            spends.addWidget(button, 0 if side == "fortune" else 1, index % 3)
            self.spend_buttons[(side, use)] = button
        controls.addLayout(spends)

        row = QHBoxLayout()
        self.talent = QLineEdit()
        self.talent.setPlaceholderText("talent, e.g. Peril Turner")
        self.react_spend = QComboBox()
        self.react_spend.addItems(["no point", "fortune", "peril"])
        self.react_button = QPushButton("React to the GM's Peril spend")
        self.react_button.clicked.connect(self.react)
        row.addWidget(self.talent, 1)
        row.addWidget(self.react_spend)
        row.addWidget(self.react_button)
        controls.addLayout(row)

        row = QHBoxLayout()
        self.earn_side = QComboBox()
        self.earn_side.addItems(["fortune", "peril"])
        self.earn_reason = QLineEdit()
        self.earn_reason.setPlaceholderText("which rule earned it")
        self.earn_button = QPushButton("Earn a point")
        self.earn_button.clicked.connect(self.earn)
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self.undo)
        for widget in (self.earn_side, self.earn_reason, self.earn_button, self.undo_button):
            row.addWidget(widget, 1 if widget is self.earn_reason else 0)
        controls.addLayout(row)

        self.reasons = QLabel()
        self.reasons.setWordWrap(True)
        self.reasons.setObjectName("reasons")
        controls.addWidget(self.reasons)
        self.message = QLabel()
        self.message.setWordWrap(True)
        controls.addWidget(self.message)
        self.log = QListWidget()
        self.log.setAccessibleName("Session log")
        # a spend's line is long ("Nyra spent a Fortune Point on check 3: upgrade ..."):
        # it wraps to the pane instead of running off its right edge
        self.log.setWordWrap(True)
        self.log.setResizeMode(QListView.ResizeMode.Adjust)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        controls.addWidget(self.log, 2)
        outer.addWidget(self.controls, 4)

        for widget in (self.check_id, self.nemesis, self.on, self.talent, self.earn_reason):
            widget.textChanged.connect(self._input_changed)
        self.by.currentTextChanged.connect(self._input_changed)
        for box in (self.after_roll, self.gm_allows, self.table_agrees):
            box.toggled.connect(self._input_changed)
        self.react_spend.currentIndexChanged.connect(self._input_changed)
        tab_chain(self.tab_stops())
        QShortcut(QKeySequence(Qt.Key.Key_F11), self).activated.connect(self.full_button.toggle)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self).activated.connect(
            lambda: self.full_button.setChecked(False))

    def tab_stops(self) -> list[QWidget]:
        """The pool's controls in their Tab order: Start a session first, then the
        head, then top to bottom, left to right."""
        return [self.start_button, self.players, self.full_button, self.by, self.check_id,
                self.after_roll, self.gm_allows, self.nemesis, self.on, self.table_agrees,
                *self.spend_buttons.values(), self.talent, self.react_spend,
                self.react_button, self.earn_side, self.earn_reason, self.earn_button,
                self.undo_button, self.log]

    # -- state ------------------------------------------------------------------------
    @property
    def fortune_label(self) -> QLabel:
        return self.fortune_counter[1]

    @property
    def peril_label(self) -> QLabel:
        return self.peril_counter[1]

    def reload(self, known: CampaignView | None = None) -> None:
        """Read the campaign again (``known``: this file as read elsewhere)."""
        from builder.app.types import FileProblem

        try:
            self.campaign = campaign_again(self.path, self.campaign, known)
        except FileProblem as problem:
            self.campaign = None
            self.message.setText(str(problem))
        self.refresh()

    def _pool(self) -> fp.Pool:
        """The pool after the loaded campaign's ledger (replayed once per reading)."""
        assert self.campaign is not None
        return pool_replay(self.campaign).state

    def refresh(self) -> None:
        if self.campaign is None:
            self.title.setText(self.path)
            self.controls.setEnabled(False)
            return
        self.controls.setEnabled(not self.campaign.read_only)
        if self.campaign.read_only:
            self.message.setText(self.campaign.read_only)
        state = self._pool()
        title = self.campaign.name
        if state.session:
            title += f" — session {state.session}"
            if state.session_name:
                title += f" ({state.session_name})"
        else:
            title += " — no session started"
        self.title.setText(title)
        self.fortune_label.setText(str(state.fortune))
        self.peril_label.setText(str(state.peril))
        nemeses = [f"{v[0]}: {v[1]}" for v in
                   sorted(state.nemesis.values(), key=lambda v: v[0].casefold())]
        self.nemesis_label.setText(("Private Nemesis pools — " + ", ".join(nemeses))
                                   if nemeses else "")
        current = self.by.currentText()
        self.by.blockSignals(True)
        self.by.clear()
        self.by.addItems([fp.GM] + self._member_names())
        self.by.setEditText(current)
        self.by.blockSignals(False)
        self.players.follow(state.players, len(self.campaign.members))
        self.log.clear()
        for entry in state.log:
            self.log.addItem(fp.describe(entry))
        self.log.scrollToBottom()
        self.undo_button.setEnabled(bool(self.campaign.ledger))
        _forget_undone(self)
        if self.campaign.ledger:
            from builder.app.campaign_words import entry_text

            self.undo_button.setToolTip("Undo: " + entry_text(self.campaign,
                                                              self.campaign.ledger[-1]))
        self.update_checks()

    def _member_names(self) -> list[str]:
        return member_names(self.campaign) if self.campaign is not None else []

    # -- rule checks before a click ---------------------------------------------------
    def _spend_action(self, side: str, use: str) -> dict[str, Any]:
        return fp.spend_action(side, use, check=self.check_id.text(),
                               by=self.by.currentText(), after_roll=self.after_roll.isChecked(),
                               gm_allows=self.gm_allows.isChecked(),
                               nemesis=self.nemesis.text().strip() or None,
                               on=self.on.text().strip() or None,
                               table_agrees=self.table_agrees.isChecked())

    def _react_action(self) -> dict[str, Any]:
        spend = self.react_spend.currentText()
        return fp.react_action(check=self.check_id.text(), by=self.by.currentText(),
                               talent=self.talent.text(),
                               spend=spend if spend in fp.SIDES else None)

    def _reasons(self, build: Callable[[], dict[str, Any]]) -> list[str]:
        if self.campaign is None:
            return ["no campaign file"]
        if not self._pool().session:
            return ["no session has started: start one first"]
        try:
            action = build()
        except fp.BlankField as blank:
            return [f"{FIELD_WORDS.get(blank.field, blank.field)} cannot be empty"]
        except UsageError as problem:
            return [str(problem)]
        return fp.check(self._pool(), action)

    def _input_changed(self, *_args: object) -> None:
        self.touched = True
        self.update_checks()

    def update_checks(self) -> None:
        """Grey each refused button with its reasons as tooltip; below the buttons, each
        distinct reason once, naming the buttons it greys, in the ordinary text colour
        under "Not possible now:" (they explain, they are no error: red is kept for a
        refusal of something pressed); a neutral hint instead until the user has typed."""
        greyed: dict[str, list[str]] = {}      # reason -> the buttons it greys, in order
        labels: list[tuple[str, QPushButton, Callable[[], dict[str, Any]]]] = [
            (f"{fp.side_name(side)} {use}", button, partial(self._spend_action, side, use))
            for (side, use), button in self.spend_buttons.items()]
        labels.append(("Reaction", self.react_button, self._react_action))
        # the reaction's reasons join the list only once the user is on a reaction (a
        # talent typed): "the talent cannot be empty" was noise under every spend
        reacting = bool(self.talent.text().strip())
        if not reacting:
            self._mark(self.react_button, self._reasons(self._react_action))
            labels = labels[:-1]
        for label, button, build in labels:
            reasons = self._reasons(build)
            self._mark(button, reasons)
            for reason in reasons:
                greyed.setdefault(reason, []).append(label)
        self._mark(self.earn_button, self._reasons(
            lambda: fp.earn_action(self.earn_side.currentText(), self.earn_reason.text())))
        if not self.touched:
            session = self.campaign is not None and self._pool().session
            self._show_reasons(HINT if session else NO_SESSION_HINT)
            return
        lines = []
        for reason, which in greyed.items():
            reason = reason[:1].upper() + reason[1:]       # each line a sentence
            if len(which) == len(labels):
                lines.append(reason)
            else:
                lines.append(f"{reason} ({', '.join(which)})")
        self._show_reasons("Not possible now:\n" + "\n".join(lines) if lines else HINT)

    def _show_reasons(self, text: str) -> None:
        self.reasons.setText(text)

    def _mark(self, button: QPushButton, reasons: list[str]) -> None:
        button.setEnabled(not reasons)
        button.setToolTip("\n".join(reasons) if reasons else "")
        self.refused[button] = reasons

    # -- changes ------------------------------------------------------------------------
    def _do(self, build: Callable[[], dict[str, Any]]) -> bool:
        from builder.app import campaigns
        from builder.ui.operations import Failure, run

        def op() -> Outcome:
            return campaigns.pool_act(self.path, build())

        def undo() -> Outcome:
            return campaigns.pool_undo(self.path, guard=self.member_guard,
                                       expected=outcome.entry if outcome else None)

        outcome: Outcome | None = None
        pressed = QApplication.focusWidget()
        result = run(op, None)
        if isinstance(result, Failure):
            self.message.setText(("Refused: " if result.code == "rules" else "")
                                 + "; ".join(result.reasons))
            self.message.setStyleSheet(f"color: {_hue('error')};")   # what was pressed failed
            self.reload()
            return False
        outcome = result
        self.message.setText(result.summary)
        self.message.setStyleSheet("")
        self._described = result.entry
        self.reload()
        keep_focus_off_text(self, pressed, self.log)   # the log shows the new entry
        self.broadcast.announce(result, undo)
        self.changed.emit()
        return True

    def spend(self, side: str, use: str) -> bool:
        return self._do(lambda: self._spend_action(side, use))

    def react(self) -> bool:
        return self._do(self._react_action)

    def earn(self) -> bool:
        return self._do(lambda: fp.earn_action(self.earn_side.currentText(),
                                               self.earn_reason.text()))

    def start_session(self) -> bool:
        return self._do(lambda: fp.start_action(self.players.value()))

    def undo(self) -> bool:
        """The campaign's undo (:func:`builder.app.campaigns.pool_undo`), with the
        member guard."""
        from builder.app import campaigns
        from builder.ui.operations import Failure, run

        result = run(lambda: campaigns.pool_undo(self.path, guard=self.member_guard), None)
        if isinstance(result, Failure):
            self.message.setText("Cannot undo: " + "; ".join(result.reasons))
            return False
        self._described = None
        self.message.setText(result.summary)
        self.reload()
        self.broadcast.announce(result)
        self.changed.emit()
        return True

    # -- the table display ----------------------------------------------------------------
    def set_full_screen(self, on: bool) -> None:
        """Full screen: the counters grow and the controls stay (the GM runs the table)."""
        window = self.window()
        size = COUNTER_POINTS_FULL if on else COUNTER_POINTS
        for label in (self.fortune_label, self.peril_label):
            font = label.font()
            font.setPointSize(size)
            label.setFont(font)
        if self.full_button.isChecked() != on:
            self.full_button.setChecked(on)
        if on:
            window.showFullScreen()
        else:
            window.showNormal()


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        sys.stderr.write("usage: python -m builder.ui.pool_view CAMPAIGN.json\n")
        return 2
    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = PoolView(argv[0])
    view.setWindowTitle(f"{POOL_NAME} — {argv[0]}")
    view.resize(1100, 800)
    view.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
