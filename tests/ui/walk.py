"""Walk every page and dialog of the window engineer's part of the app and check
each visible widget: labels and buttons show their whole text (nothing clipped),
and every interactive widget has an accessible name (what a screen reader says:
its own name, its text, or the label it is the buddy of).

Run as a module (``python -m tests.ui.walk``) it checks the same under the
environment it is started in (the 2x test starts it with QT_SCALE_FACTOR=2) and
prints one line per problem.
"""
from __future__ import annotations

import random

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox,
                               QApplication, QCheckBox, QComboBox, QGraphicsView, QHeaderView,
                               QLabel, QLineEdit, QPlainTextEdit, QPushButton, QRadioButton,
                               QTabBar, QTextEdit, QWidget)

INTERACTIVE = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox, QAbstractItemView,
               QTextEdit, QPlainTextEdit, QGraphicsView)


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
        elif isinstance(widget, QComboBox) and widget.currentText():
            fm = widget.fontMetrics()
            room = widget.style().subControlRect(
                widget.style().ComplexControl.CC_ComboBox, _combo_option(widget),
                widget.style().SubControl.SC_ComboBoxEditField, widget).width()
            if fm.horizontalAdvance(widget.currentText()) > room + 1:
                problems.append(f"{_where(top, widget)} '{widget.currentText()}' is cut "
                                f"({room} px for {fm.horizontalAdvance(widget.currentText())})")
    return problems


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


def pages_and_dialogs(window, settle):
    """Open every page and dialog one after the other (``settle()`` lets Qt lay them
    out) and yield each top-level widget while it shows it."""
    from builder.app.characters import create_from_baseline
    from builder.storage import library
    from builder.storage.rulesets import load_ruleset
    from builder.ui.chain.view import PlanChoicesDialog
    from builder.ui.dialogs.about import AboutDialog
    from builder.ui.dialogs.award import AwardDialog
    from builder.ui.dialogs.new_character import NewCharacterDialog
    from builder.ui.views.generic import GenericEditor
    from builder.rulesets.story_points.ui.editor import ClassAdvanceDialog

    window.resize(1180, 760)
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
    editor = window.open_path(path)
    settle()
    yield window                               # story-points: the Sheet page
    editor.show_chain()
    settle()
    yield window                               # story-points: the chain
    editor.chain_page.select_node("class:Cleric")
    editor.chain_page.target_spin.setValue(5)
    steps = editor.chain_page.affordable_steps()
    plan = PlanChoicesDialog(editor.doc, steps, editor.chain_page)
    editor.show_sheet()
    ann = [p for p in library.scan_library() if p.name == "Ann"][0]
    window.open_path(ann.path)
    settle()
    yield window                               # ability-bonuses editor
    generic = GenericEditor(editor.doc)
    generic.setObjectName("genericEditor")
    generic.resize(1100, 700)
    dialogs: list[QWidget] = [plan, generic]
    options = {(o["kind"], o["name"]): o for o in editor.doc.options()}
    dialogs.append(ClassAdvanceDialog(options[("class", "Cleric")], window))
    new_class = next(o for (kind, _n), o in options.items() if kind == "new-class")
    dialogs.append(ClassAdvanceDialog(new_class, window))
    dialogs.append(AwardDialog([editor.doc], editor.doc, window))
    dialogs.append(AboutDialog(window))
    from builder.ui.printing import SheetOptionsDialog

    dialogs.append(SheetOptionsDialog(window, "story-points", editor.doc.derived()))
    for ruleset in (None, "story-points", "ability-bonuses"):
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


def check_all(window, settle) -> list[str]:
    problems: list[str] = []
    seen = set()
    for top in pages_and_dialogs(window, settle):
        found = clipped(top) + unnamed(top)
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
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      os.path.join(folder, "config"))
    window = MainWindow(restore=False)

    def settle():
        for _ in range(3):
            app.processEvents()

    problems = check_all(window, settle)
    for problem in problems:
        print(problem)
    for editor in window.editors():
        editor.doc.stop_watching()
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
