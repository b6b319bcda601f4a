"""Input that behaves (the wheel, Tab through tables) and the theme (System / Light /
Dark, remembered; the app's own colours readable on both)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QPalette, QWheelEvent
from PySide6.QtWidgets import (QApplication, QComboBox, QScrollArea, QSpinBox, QTableView,
                               QVBoxLayout, QWidget)


def wheel(widget, steps: int = 1) -> None:
    pos = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(pos, widget.mapToGlobal(pos), QPoint(0, 0), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_wheel_changes_a_spin_box_or_combo_only_when_it_has_the_focus(window, qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    spin, combo, other = QSpinBox(), QComboBox(), QSpinBox()
    combo.addItems(["a", "b", "c"])
    combo.setCurrentIndex(1)
    for widget in (spin, combo, other):
        layout.addWidget(widget)
    holder.show()
    qtbot.waitExposed(holder)
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus   # the wheel gives no focus
    other.setFocus()
    wheel(spin)
    wheel(combo)
    assert spin.value() == 0 and combo.currentIndex() == 1
    spin.setFocus()
    holder.activateWindow()
    qtbot.waitUntil(spin.hasFocus)
    wheel(spin)
    assert spin.value() == 1


def test_an_unfocused_spin_box_passes_the_wheel_to_the_scroll_area(window, qtbot):
    area = QScrollArea()
    qtbot.addWidget(area)
    page = QWidget()
    layout = QVBoxLayout(page)
    spins = [QSpinBox() for _ in range(40)]
    for spin in spins:
        layout.addWidget(spin)
    area.setWidget(page)
    area.resize(200, 200)
    area.show()
    qtbot.waitExposed(area)
    wheel(spins[0], -3)
    assert spins[0].value() == 0
    assert area.verticalScrollBar().value() > 0


def test_tables_are_one_tab_stop(window, qtbot):
    table = QTableView()
    qtbot.addWidget(table)
    table.show()
    assert not table.tabKeyNavigation()
    views = window.findChildren(QTableView)
    assert views and not any(view.tabKeyNavigation() for view in views if view.isVisible())


def test_theme_is_chosen_in_the_view_menu_and_remembered(window, qtbot):
    from builder.ui import theme
    from builder.ui.main_window import MainWindow

    try:
        window.actions_controller.theme_actions["dark"].trigger()
        assert theme.is_dark(QApplication.palette())
        assert theme.saved_choice() == "dark"
        again = MainWindow(restore=False)
        qtbot.addWidget(again)
        assert again.actions_controller.theme_actions["dark"].isChecked()
        window.actions_controller.theme_actions["light"].trigger()
        assert not theme.is_dark(QApplication.palette())
        assert theme.saved_choice() == "light"
    finally:
        theme.choose("system")
    assert theme.saved_choice() == "system"


def test_the_apps_own_colours_reach_wcag_aa_on_light_and_dark(qapp):
    """Every accent drawn as text or a mark, on the backgrounds it is drawn on, in both
    palettes (4.5:1 for text, 3:1 for lines and marks)."""
    from builder.ui import theme
    from builder.ui.chain import scene

    for pal in (theme.light_palette(), theme.dark_palette()):
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Window):
            background = pal.color(role)
            for name in theme.HUES:
                text = theme.accent(name, background, theme.TEXT_CONTRAST, pal)
                assert theme.contrast(text, background) >= theme.TEXT_CONTRAST, (name, role)
        # the chain's node fills and their text, every kind and state
        for fill, text in scene.node_colour_pairs(pal):
            assert theme.contrast(fill, text) >= theme.TEXT_CONTRAST, (fill.name(), text.name())
        for colour, background in scene.mark_colour_pairs(pal):
            assert theme.contrast(colour, background) >= theme.MARK_CONTRAST, \
                (colour.name(), background.name())


def test_a_selected_row_stands_out_from_the_rows_and_its_text_reads(qapp):
    """The selection (a library row) against both row colours 3:1 and its text on it
    4.5:1, with the window focused and not (Active, Inactive), in the dark palette and in
    the light one once fitted (Qt's own light selection has its white text at 3.6:1).  A
    platform's dark palette with a faint selection (a grey a shade off the rows) is
    fitted by the theme."""
    from builder.ui import theme

    roles, groups = QPalette.ColorRole, QPalette.ColorGroup

    def selection(pal, group):
        highlight = pal.color(group, roles.Highlight)
        rows = [theme.contrast(highlight, pal.color(group, role))
                for role in (roles.Base, roles.AlternateBase)]
        return min(rows), theme.contrast(highlight, pal.color(group, roles.HighlightedText))

    light = theme.light_palette()
    assert selection(light, groups.Active)[1] < theme.TEXT_CONTRAST   # Qt's own: 3.6:1
    assert theme.fit_selection(light)
    for group in (groups.Active, groups.Inactive):
        for pal in (theme.dark_palette(), light):
            rows, text = selection(pal, group)
            assert rows >= theme.MARK_CONTRAST and text >= theme.TEXT_CONTRAST, \
                (group, rows, text)
    assert not theme.fit_selection(theme.dark_palette())     # already fits: left alone
    faint = theme.dark_palette()
    faint.setColor(groups.Inactive, roles.Highlight, QColor("#3a3a3a"))
    faint.setColor(groups.Active, roles.Highlight, QColor("#2f4a6b"))
    assert selection(faint, groups.Inactive)[0] < 1.5
    hue = faint.color(groups.Active, roles.Highlight).hslHue()
    assert theme.fit_selection(faint)
    for group in (groups.Active, groups.Inactive):
        rows, text = selection(faint, group)
        assert rows >= theme.MARK_CONTRAST and text >= theme.TEXT_CONTRAST, (group, rows, text)
    assert abs(faint.color(groups.Active, roles.Highlight).hslHue() - hue) <= 2


def test_the_theme_fits_a_platform_dark_palettes_faint_selection(qapp):
    """A platform that switches to dark itself keeps its palette, but a faint selection
    in it is fitted when the theme is applied."""
    from builder.ui import theme

    roles = QPalette.ColorRole
    platform = theme.dark_palette()
    platform.setColor(roles.Highlight, QColor("#333333"))
    manager = theme.manager(qapp)
    try:
        qapp.setPalette(platform)
        qapp.setProperty(theme.OWN_PALETTE, False)      # as the platform's own
        manager.apply("dark")
        pal = qapp.palette()
        assert pal.color(roles.Window) == platform.color(roles.Window)   # kept
        highlight = pal.color(roles.Highlight)
        assert theme.contrast(highlight, pal.color(roles.AlternateBase)) >= theme.MARK_CONTRAST
        assert theme.contrast(highlight, pal.color(roles.HighlightedText)) >= theme.TEXT_CONTRAST
    finally:
        theme.choose("system")


def test_readable_keeps_the_hue_and_reaches_the_ratio():
    from builder.ui import theme

    red = QColor("#c0392b")
    dark = QColor("#1f1f1f")
    lighter = theme.readable(red, dark)
    assert theme.contrast(lighter, dark) >= 4.5
    assert abs(lighter.hslHueF() - red.hslHueF()) < 0.02
    assert theme.contrast(QColor("white"), QColor("black")) == 21.0


def test_no_hard_coded_colour_outside_the_theme_and_its_derived_hues():
    """A colour written as a literal cannot follow the scheme: only the theme's hue table and
    palettes (theme_choice.py: the start paints in them without the theme module),
    the chain's kind hues (mixed into the palette) and the chips' self-contained
    background/text pair may hold one."""
    import re
    from pathlib import Path

    import builder.ui

    allowed = {"theme.py", "theme_choice.py", "chain/colours.py", "ability_bonuses/form.py"}
    root = Path(builder.ui.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        if rel in allowed:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"#[0-9a-fA-F]{6}\b", line):
                offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []


def test_a_text_field_is_as_wide_as_its_hint(window, qtbot):
    from PySide6.QtWidgets import QLineEdit

    edit = QLineEdit()
    qtbot.addWidget(edit)
    edit.setPlaceholderText("the session's name or number")
    edit.setMaximumWidth(10_000)
    edit.show()
    need = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    assert edit.minimumWidth() >= need and edit.width() >= need


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_unchecked_box_stands_out_from_the_window(window, qtbot, scheme):
    """In the dark theme an unchecked box was #1f1f1f on the #2b2b2b window, its frame
    a shade darker still: nearly invisible (the pool's 'after the roll', 'Active')."""
    from PySide6.QtGui import QColor, QImage
    from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton

    from builder.ui import theme

    theme.choose(scheme)
    box = QCheckBox("after the roll")
    qtbot.addWidget(box)
    box.resize(box.sizeHint())
    image = QImage(box.size(), QImage.Format.Format_RGB32)
    window_colour = box.palette().color(QPalette.ColorRole.Window)
    image.fill(window_colour)
    box.render(image)
    option = QStyleOptionButton()
    option.initFrom(box)
    rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    edge = [QColor(image.pixel(x, rect.center().y()))
            for x in range(rect.left(), rect.left() + 3)]
    assert max(theme.contrast(c, window_colour) for c in edge) >= theme.MARK_CONTRAST
    theme.choose("system")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_selected_refused_increase_stays_readable(window, qtbot, scheme):
    """A greyed row, once selected, was pale grey text on a mid-grey selection (light)."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    from builder.ui import theme
    from builder.ui.models.options_model import AllowedRole
    from tests.ui.conftest import SENNA, make_character

    theme.choose(scheme)
    editor = window.documents.open_path(make_character("Senna", *SENNA))
    view = editor.options_panel.view
    model = view.model()
    row = next(r for r in range(model.rowCount())
               if model.index(r, 0).data(AllowedRole) is False)
    option = QStyleOptionViewItem()
    option.initFrom(view)
    view.itemDelegate().initStyleOption(option, model.index(row, 0))
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        text = option.palette.color(group, QPalette.ColorRole.HighlightedText)
        ground = option.palette.color(group, QPalette.ColorRole.Highlight)
        assert theme.contrast(text, ground) >= theme.TEXT_CONTRAST, (scheme, group)
    theme.choose("system")


def test_the_input_rules_reach_widgets_made_before_they_were_installed(qapp, qtbot):
    """The main window installs the rules after its first paint: what was already
    there (the library table, a text box) gets what its polish would have given it."""
    from PySide6.QtWidgets import QPlainTextEdit, QSpinBox, QTableView, QVBoxLayout, QWidget

    from builder.ui import input_policy

    before = qapp.findChild(input_policy.InputPolicy, "inputPolicy")
    before.setParent(None)
    try:
        page = QWidget()
        qtbot.addWidget(page)
        table, text, spin = QTableView(page), QPlainTextEdit(page), QSpinBox(page)
        spin.setFocusPolicy(Qt.FocusPolicy.WheelFocus)
        layout = QVBoxLayout(page)
        for widget in (table, text, spin):
            layout.addWidget(widget)
        page.show()
        qtbot.waitExposed(page)
        assert table.tabKeyNavigation() and not text.tabChangesFocus()  # Qt's defaults
        input_policy.install(qapp)
        assert not table.tabKeyNavigation()
        assert text.tabChangesFocus()
        assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus
    finally:
        input_policy.install(qapp)
        before.deleteLater()


def test_only_the_widgets_the_input_rules_act_on_pass_their_events_to_python(qapp, qtbot):
    """The policy watches text fields, spin and combo boxes and windows; a label's or a
    button's events never pass through Python (an application-wide filter wrapped every
    event of every widget, about a tenth of the window tests' time)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QPushButton, QVBoxLayout

    from builder.ui import input_policy

    seen = []

    class Counting(input_policy.InputPolicy):
        def eventFilter(self, obj, event):  # noqa: N802 - Qt API
            seen.append(obj)
            return super().eventFilter(obj, event)

    before = qapp.findChild(input_policy.InputPolicy, "inputPolicy")
    before.setParent(None)
    counting = Counting(qapp)
    counting.setObjectName("inputPolicy")
    try:
        dialog = QDialog()
        qtbot.addWidget(dialog)
        label, button = QLabel("Name", dialog), QPushButton("OK", dialog)
        field = QLineEdit(dialog)
        layout = QVBoxLayout(dialog)
        for widget in (label, button, field):
            layout.addWidget(widget)
        dialog.show()
        qtbot.waitExposed(dialog)
        for widget in (label, button, field):
            QApplication.sendEvent(widget, QEvent(QEvent.Type.Enter))
            widget.update()
        QApplication.processEvents()
        assert field in seen and dialog in seen
        assert label not in seen and button not in seen
    finally:
        counting.setParent(None)
        before.setParent(qapp)
        counting.deleteLater()


def test_the_main_window_installs_the_input_rules_after_its_first_paint(qapp, qtbot):
    from builder.ui import input_policy
    from builder.ui.main_window import MainWindow

    before = qapp.findChild(input_policy.InputPolicy, "inputPolicy")
    before.setParent(None)
    try:
        win = MainWindow(restore=False)
        qtbot.addWidget(win)
        assert qapp.findChild(input_policy.InputPolicy, "inputPolicy") is None
        win.show()
        qtbot.waitUntil(lambda: qapp.findChild(input_policy.InputPolicy, "inputPolicy")
                        is not None)
        assert not win.library_page.view.tabKeyNavigation()
    finally:
        input_policy.install(qapp)
        before.deleteLater()


def test_a_dialogs_field_keeps_its_ctrl_keys_and_its_actions_are_not_walked(qapp, qtbot):
    """Only the main window's shortcuts win over a text field.  A dialog's field keeps
    its keys, and the filter leaves a dialog's own actions alone: walking a
    QFileDialog's private actions on Ctrl+A in Export PDF's file name crashed the app
    under X11."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
    from PySide6.QtWidgets import QDialog, QLineEdit, QVBoxLayout

    from builder.ui.input_policy import _window_key

    dialog = QDialog()
    qtbot.addWidget(dialog)
    field = QLineEdit(dialog)
    QVBoxLayout(dialog).addWidget(field)
    action = QAction("Export", dialog)
    action.setShortcut(QKeySequence("Ctrl+E"))
    dialog.addAction(action)
    walked = []
    original = QDialog.findChildren

    def spy(self, *args, **kwargs):
        walked.append(args)
        return original(self, *args, **kwargs)

    dialog.findChildren = spy.__get__(dialog)       # what the old filter walked
    for key in (Qt.Key.Key_E, Qt.Key.Key_A):
        event = QKeyEvent(QEvent.Type.ShortcutOverride, key, Qt.KeyboardModifier.ControlModifier)
        assert not _window_key(field, event)
    assert walked == []
