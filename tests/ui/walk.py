"""Walk every page and dialog of the window engineer's part of the app and check
each visible widget: labels and buttons show their whole text (nothing clipped),
every interactive widget has an accessible name (what a screen reader says:
its own name, its text, or the label it is the buddy of), no list or table
scrolls sideways, and no text speaks command line ("--session", "NAME=HD").

It also checks that no window or dialog is larger than its screen's available
area (or cannot shrink to it), that no list or table with rows is shrunk below a
few of them, and that no page widens the window.

Run as a module (``python -m tests.ui.walk``) it checks the same under the
environment it is started in (the tests start it on offscreen screens of the
sizes players have, at 1x and at QT_SCALE_FACTOR=2) and prints one line per
problem; ``--geometry-only`` checks the sizes alone, ``--skip=NAME`` leaves a
check out.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox,
                               QApplication, QCheckBox, QComboBox, QGraphicsView, QHeaderView,
                               QLabel, QLineEdit, QPlainTextEdit, QPushButton, QRadioButton,
                               QScrollArea, QTabBar, QTableView, QTextEdit, QTreeView,
                               QWidget)

from tests.rule_systems import BUILTIN_IDS

INTERACTIVE = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox, QAbstractItemView,
               QTextEdit, QPlainTextEdit, QGraphicsView, QScrollArea)


def _inside_compound(widget: QWidget) -> bool:
    """Parts of another widget (a spin box's line edit, a tab bar's scroll arrows...)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QAbstractSpinBox, QComboBox, QTabBar, QHeaderView)):
            return True
        if isinstance(parent, QAbstractItemView) and not isinstance(widget, QAbstractButton):
            return True
        parent = parent.parentWidget()
    return False


def _shown(top: QWidget):
    for widget in top.findChildren(QWidget):
        if widget.window() is top and widget.isVisible() and widget.width() > 0 \
                and not _inside_compound(widget):
            yield widget


def _where(top: QWidget, widget: QWidget) -> str:
    name = widget.objectName() or type(widget).__name__
    return f"{top.objectName() or type(top).__name__}: {name}"


def clipped(top: QWidget) -> list[str]:
    """Labels and buttons whose text does not fit their size."""
    problems = []
    for widget in _shown(top):
        if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
            if widget.wordWrap():
                need = widget.heightForWidth(widget.width())
                if need > widget.height() + 1:
                    problems.append(f"{_where(top, widget)} '{widget.text()[:40]}' needs "
                                    f"{need} px height, has {widget.height()}")
            elif widget.minimumSizeHint().width() > widget.width() + 1:
                problems.append(f"{_where(top, widget)} '{widget.text()[:40]}' needs "
                                f"{widget.minimumSizeHint().width()} px, has {widget.width()}")
        elif isinstance(widget, (QPushButton, QCheckBox, QRadioButton)) and widget.text():
            if widget.sizeHint().width() > widget.width() + 1:
                problems.append(f"{_where(top, widget)} '{widget.text()}' needs "
                                f"{widget.sizeHint().width()} px, has {widget.width()}")
        elif isinstance(widget, QLineEdit) and widget.placeholderText() and not widget.text():
            # the hint shown in an empty field (a spin box's or combo's own is not one)
            room = widget.width() - 12
            need = widget.fontMetrics().horizontalAdvance(widget.placeholderText())
            if need > room:
                problems.append(f"{_where(top, widget)} hint '{widget.placeholderText()}' is "
                                f"cut ({room} px for {need})")
        elif isinstance(widget, (QTableView, QTreeView)):
            header = widget.header() if isinstance(widget, QTreeView) \
                else widget.horizontalHeader()
            if header.isVisible():
                problems += _cut_headings(top, header)
        elif isinstance(widget, QComboBox) and widget.currentText():
            fm = widget.fontMetrics()
            room = widget.style().subControlRect(
                widget.style().ComplexControl.CC_ComboBox, _combo_option(widget),
                widget.style().SubControl.SC_ComboBoxEditField, widget).width()
            if fm.horizontalAdvance(widget.currentText()) > room + 1:
                problems.append(f"{_where(top, widget)} '{widget.currentText()}' is cut "
                                f"({room} px for {fm.horizontalAdvance(widget.currentText())})")
    return problems


def _cut_headings(top: QWidget, header: QHeaderView) -> list[str]:
    """A table's column headings that neither fit their column nor end in "…" (Qt
    centres a heading and cuts both its ends: ":urrent sessio")."""
    model = header.model()
    if model is None or header.textElideMode() != Qt.TextElideMode.ElideNone:
        return []
    margin = 2 * header.style().pixelMetric(header.style().PixelMetric.PM_HeaderMargin,
                                            None, header)
    problems = []
    for section in range(header.count()):
        text = str(model.headerData(section, Qt.Orientation.Horizontal) or "")
        size = header.sectionSize(section)
        if not text or header.isSectionHidden(section) or not size:
            continue
        need = header.fontMetrics().horizontalAdvance(text) + margin
        if need > size + 1:
            problems.append(f"{_where(top, header.parentWidget())} heading '{text}' is cut "
                            f"({size} px for {need})")
    return problems


def sideways(top: QWidget) -> list[str]:
    """Lists and tables that scroll sideways: at the size they open with, their rows
    should fit (wrapped or elided text, columns that share the width)."""
    problems = []
    for widget in _shown(top):
        if isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView) \
                and widget.model() is not None and widget.model().rowCount() \
                and widget.horizontalScrollBar().maximum() > 0:
            problems.append(f"{_where(top, widget)} scrolls sideways "
                            f"({widget.horizontalScrollBar().maximum()} px)")
    return problems


#: Command-line syntax a player should never meet in the window: an option
#: ("--session") or a placeholder word ("NAME=HD", "KIND=N").
_COMMAND_SYNTAX = re.compile(r"(?<![\w-])--[a-z]|\b[A-Z]{2,}=[A-Z]")


def command_words(top: QWidget) -> list[str]:
    """Labels, hints and tooltips of the shown widgets that speak command line."""
    problems = []
    for widget in [top, *_shown(top)]:
        texts = [widget.toolTip(), widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        if isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        for text in texts:
            if text and _COMMAND_SYNTAX.search(text):
                problems.append(f"{_where(top, widget)} speaks command line: '{text[:60]}'")
    return problems


def oversized(top: QWidget) -> list[str]:
    """A window or dialog larger than its screen's available area (or one that cannot
    shrink to it: its layout's minimum is larger), its frame included where the
    platform draws one."""
    screen = top.screen() or QApplication.primaryScreen()
    if screen is None:
        return []
    room = screen.availableGeometry()
    frame = top.frameGeometry()
    problems = []
    for what, size in (("is", frame.size()), ("cannot shrink below", top.minimumSizeHint())):
        if size.width() > room.width() or size.height() > room.height():
            problems.append(f"{_where(top, top).split(':')[0]} {what} {size.width()}x"
                            f"{size.height()} on a screen of {room.width()}x{room.height()}")
    return problems


def cramped(top: QWidget, rows: int = 3) -> list[str]:
    """Lists and tables with rows to show that have room for fewer than ``rows`` of
    them (or all of them, when they have fewer): a table shrunk to its header."""
    problems = []
    for widget in _shown(top):
        if not isinstance(widget, QAbstractItemView) or isinstance(widget, QHeaderView) \
                or widget.model() is None or not widget.model().rowCount():
            continue
        row = widget.sizeHintForRow(0)
        if row <= 0:
            continue
        want = min(rows, widget.model().rowCount()) * row
        if widget.viewport().height() < want:
            problems.append(f"{_where(top, widget)} shows {widget.viewport().height()} px "
                            f"of rows, fewer than {min(rows, widget.model().rowCount())}")
    return problems


#: Room a window manager's title bar takes beside the title: its icon and buttons.
TITLE_BAR_BUTTONS = 160


def untitled(top: QWidget) -> list[str]:
    """A dialog narrower than its title (in the title bar's bold font) and the title
    bar's buttons: a window manager cuts the title short."""
    from PySide6.QtGui import QFont, QFontMetrics
    from PySide6.QtWidgets import QDialog

    if not isinstance(top, QDialog) or not top.windowTitle():
        return []
    font = QFont(top.font())
    font.setBold(True)
    need = QFontMetrics(font).horizontalAdvance(top.windowTitle()) + TITLE_BAR_BUTTONS
    if top.width() < need:
        return [f"{top.objectName() or type(top).__name__} is {top.width()} px wide, "
                f"narrower than its title {top.windowTitle()!r} ({need} px with the buttons)"]
    return []


def _combo_option(combo: QComboBox):
    from PySide6.QtWidgets import QStyleOptionComboBox

    option = QStyleOptionComboBox()
    option.initFrom(combo)
    option.editable = combo.isEditable()
    return option


def unnamed(top: QWidget) -> list[str]:
    """Interactive widgets a screen reader would have no name for."""
    problems = []
    buddies = {label.buddy() for label in top.findChildren(QLabel) if label.buddy() is not None}
    for widget in _shown(top):
        if not isinstance(widget, INTERACTIVE) or isinstance(widget, QHeaderView):
            continue
        if not widget.focusPolicy() and not isinstance(widget, QAbstractButton):
            continue
        if isinstance(widget, QScrollArea) and not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            continue                    # a Tab stop of its own (scrolled with the keys)
        if isinstance(widget, QAbstractButton):
            # a button is named by its text (or its own name, for an icon button)
            interface = QAccessible.queryAccessibleInterface(widget)
            name = interface.text(QAccessible.Text.Name) if interface is not None else ""
        else:
            # an input is named by its own name or by the label it is the buddy of
            # (a combo's current text or a field's content is not a name)
            name = widget.accessibleName() or (widget in buddies and "label")
        if not (name or "").strip():
            problems.append(f"{_where(top, widget)} has no accessible name")
    return problems


def mnemonic(text: str) -> str:
    """The letter Alt presses in ``text`` ("&New" -> "n"; "&&" is a plain ampersand)."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].lower()
            i += 1
        i += 1
    return ""


def clashing_mnemonics(top: QWidget) -> list[str]:
    """Alt+letter keys two shown things of one window answer to: Qt then only moves
    the focus between them and presses neither (the menu bar's titles count too)."""
    from PySide6.QtWidgets import QGroupBox, QMainWindow

    owners: dict[str, list[str]] = {}

    def add(text: str, who: str) -> None:
        letter = mnemonic(text)
        if letter:
            owners.setdefault(letter, []).append(f"{who} '{text}'")

    if isinstance(top, QMainWindow):
        for action in top.menuBar().actions():
            add(action.text(), "menu")
    for widget in _shown(top):
        if isinstance(widget, QAbstractButton):
            add(widget.text(), widget.objectName() or type(widget).__name__)
        elif isinstance(widget, QLabel) and widget.buddy() is not None:
            add(widget.text(), widget.objectName() or "label")
        elif isinstance(widget, QGroupBox) and widget.isCheckable():
            add(widget.title(), widget.objectName() or "group")
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                if widget.isTabVisible(i):
                    add(widget.tabText(i), widget.objectName() or "tab")
    return [f"{top.objectName() or type(top).__name__}: Alt+{letter.upper()} is "
            + " and ".join(who) for letter, who in sorted(owners.items()) if len(who) > 1]


def chain_labels(top: QWidget) -> list[str]:
    """A drawn chain's words cut, elided unsaid or below the readable size
    (:mod:`tests.ui.chain_checks`)."""
    from tests.ui.chain_checks import label_problems, visible_chain_views

    return [f"{_where(top, view)}: {problem}" for view in visible_chain_views(top)
            for problem in label_problems(view)]


# -- every page and dialog -------------------------------------------------------------------
def _character(name: str, *sets: str):
    from builder.app.characters import create_from_baseline
    from builder.storage.rulesets import load_ruleset

    ruleset = load_ruleset("story-points")
    pairs = [tuple(s.split("=", 1)) for s in sets]
    return create_from_baseline(ruleset, name, ruleset.baseline_from_sets(
        pairs, rng=random.Random(0)))


CLERIC = ("sp=100", "vital.Cognition=6", "vital.Presence=3", "skill.Medicine=6",
          "skill.Influence=3", "class.Cleric=3", "trait.Cleric.Restoring Grace=3")
#: Every Core Vital and Skill at 3 with SP to spare: every Class can be entered (a rank
#: token for each, on the sheet and on the chain page).
EVERY_CLASS = ("sp=400", *(f"vital.{v}=3" for v in (
    "Strength", "Agility", "Endurance", "Cognition", "Perception", "Presence")),
    *(f"skill.{s}=3" for s in (
        "Acrobatics", "Athletics", "Beastcraft", "Finesse", "Influence", "Insight",
        "Medicine", "Melee", "Observation", "Occult", "Performance", "Ranged", "Stealth",
        "Survival")))


def pages_and_dialogs(window, settle):
    """Open every page and dialog one after the other (``settle()`` lets Qt lay them
    out) and yield each top-level widget while it shows it."""
    from builder.app.characters import create_from_baseline
    from builder.storage import library
    from builder.storage.rulesets import load_ruleset
    from builder.rulesets.story_points.ui.chain_plan import PlanChoicesDialog
    from builder.ui.dialogs.about import AboutDialog
    from builder.rulesets.story_points.ui.award import AwardDialog
    from builder.ui.dialogs.new_character import NewCharacterDialog
    from builder.ui.views.generic import GenericEditor
    from builder.rulesets.story_points.ui.dialogs import ClassAdvanceDialog

    window.resize(1180, 760)
    window.settings.fit_to_screen()                     # as the window does at its first start
    window.show()
    settle()
    yield window                               # the Library page (empty: first start)
    path = _character("Senna", *CLERIC)
    ab = load_ruleset("ability-bonuses")
    create_from_baseline(ab, "Ann", ab.chosen_baseline(
        {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0}))
    window.library_model.refresh()
    settle()
    yield window                               # the Library with characters
    editor = window.documents.open_path(path)
    settle()
    yield window                               # story-points: the Sheet page
    editor.show_chain()
    settle()
    yield window                               # story-points: the chain
    every = window.documents.open_path(_character("Every", *EVERY_CLASS))
    settle()
    yield window                               # ... six rank tokens on the sheet
    every.show_chain()
    settle()
    yield window                               # ... and on the chain
    window.tabs.setCurrentWidget(editor)
    editor.chain_page.select_node("class:Cleric")
    editor.chain_page.plan.target_spin.setValue(5)
    steps = editor.chain_page.plan.affordable_steps()
    plan = PlanChoicesDialog(editor.doc, steps, editor.chain_page)
    editor.show_sheet()
    ann = [p for p in library.scan_library() if p.name == "Ann"][0]
    window.documents.open_path(ann.path)
    settle()
    yield window                               # ability-bonuses editor
    generic = GenericEditor(editor.doc)
    generic.setObjectName("genericEditor")
    generic.resize(1100, 700)
    dialogs: list[QWidget] = [plan, generic]
    options = {(o.kind, o.name): o for o in editor.doc.options()}
    dialogs.append(ClassAdvanceDialog(options[("class", "Cleric")], window))
    new_class = next(o for (kind, _n), o in options.items() if kind == "new-class")
    dialogs.append(ClassAdvanceDialog(new_class, window))
    dialogs.append(AwardDialog([editor.doc], editor.doc, window))
    dialogs.append(AboutDialog(window))
    from builder.ui.printing import SheetOptionsDialog

    dialogs.append(SheetOptionsDialog(window, "story-points", editor.doc.derived()))
    # Vogelfrei: the editor's pages, its dialogs and the creation wizard; a campaign tab
    from tests.helpers import ok

    from builder.rulesets.vogelfrei.ui.party_xp import PartyXpDialog
    from builder.rulesets.vogelfrei.ui.dialogs import AwardXpDialog, ChangeCareerDialog, LevelUpDialog

    greta = Path(ok("new", "vogelfrei", "Greta", "--seed", "3").out.strip())
    ok("do", str(greta), "award-xp", "2000", "--session", "1")
    camp = Path(ok("campaign", "new", "Raid", "--ruleset", "vogelfrei",
                   "--member", str(greta)).out.strip())
    vf = window.documents.open_path(greta)
    for page in range(vf.side_tabs.count()):
        vf.side_tabs.setCurrentIndex(page)
        settle()
        yield window
    view = window.documents.open_campaign(camp)
    settle()
    yield window                               # a campaign: members, ledger, the pool
    view.pool_view.start_button.click()        # ... and with a session started
    settle()
    yield window
    view.party.open_xp_dialog()                      # the campaign's XP award
    view.dialog.close()
    dialogs.append(view.dialog)
    ok("new", "vogelfrei", "Ottokar von Hohenstaufen-Wittelsbach", "--seed", "4")
    window.library_model.refresh()
    settle()
    view.membership.open_add_dialog()                     # Add members, with one to add
    view.dialog.close()
    dialogs.append(view.dialog)
    window.action("new_campaign").trigger()          # New Campaign, with its member list
    window.campaigns.new_campaign_dialog.close()
    window.campaigns.new_campaign_dialog.ruleset_combo.setCurrentIndex(
        window.campaigns.new_campaign_dialog.ruleset_combo.findData("vogelfrei"))
    dialogs.append(window.campaigns.new_campaign_dialog)
    window.tabs.setCurrentWidget(vf)
    dialogs += [AwardXpDialog(vf.doc, vf), LevelUpDialog(vf.doc, vf, rng=random.Random(1)),
                ChangeCareerDialog(vf.doc, vf, rng=random.Random(1)),
                PartyXpDialog([vf.doc], vf.doc, window)]
    for ruleset in (None, *BUILTIN_IDS):
        dialog = NewCharacterDialog(window)
        if ruleset:
            dialog.choose_ruleset(ruleset)
            dialog.setObjectName(f"newCharacterDialog[{ruleset}]")
        dialogs.append(dialog)
    for dialog in dialogs:
        dialog.show()
        settle()
        yield dialog
        dialog.close()


def check_all(window, settle, geometry_only: bool = False,
              skip: tuple[str, ...] = ()) -> list[str]:
    """Every problem of every page and dialog; ``geometry_only``: only what is larger
    than the screen, a table shrunk to its header and a page that widens the window;
    ``skip``: the names of checks left out (``"sideways"``)."""
    problems: list[str] = []
    seen = set()
    first_width = None
    for top in pages_and_dialogs(window, settle):
        found = oversized(top) + cramped(top)
        if top is window:
            first_width = first_width or window.width()
            if window.width() > first_width:
                found.append(f"a page widened the window from {first_width} to "
                             f"{window.width()} px")
        if not geometry_only:
            for check in (clipped, unnamed, clashing_mnemonics, sideways, command_words,
                          chain_labels, untitled):
                if check.__name__ not in skip:
                    found += check(top)
        for problem in found:
            if problem not in seen:
                seen.add(problem)
                problems.append(problem)
    return problems


def main() -> int:
    import os
    import tempfile

    folder = tempfile.mkdtemp()
    os.environ["CHARACTER_BUILDER_DATA"] = os.path.join(folder, "data")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
    app = QApplication.instance() or QApplication([])
    from PySide6.QtCore import QSettings

    from builder.ui.main_window import MainWindow
    from builder.ui.settings import init_application_names

    init_application_names()
    from builder.ui import input_policy

    input_policy.install(app)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      os.path.join(folder, "config"))
    window = MainWindow(restore=False)

    def settle():
        for _ in range(3):
            app.processEvents()

    import sys

    skip = tuple(arg.split("=", 1)[1] for arg in sys.argv if arg.startswith("--skip="))
    problems = check_all(window, settle, geometry_only="--geometry-only" in sys.argv,
                         skip=skip)
    for problem in problems:
        print(problem)
    for editor in window.documents.editors():
        editor.doc.stop_watching()
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
