"""Every page and dialog: no clipped label or button text, every interactive
widget has an accessible name, no list scrolls sideways and no text speaks command
line; none larger than the screen, no table shrunk to its header, no page that
widens the window.  On the screens players have (1280x720 and 1366x768 at 1x,
1600x1000 at 2x), each in a process of its own: the offscreen screen's size and
QT_SCALE_FACTOR are read once, when Qt starts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QSpinBox, QWidget

from tests.ui import walk

ROOT = Path(__file__).resolve().parents[2]


def test_the_checks_catch_a_clipped_label_and_a_nameless_field(qtbot):
    top = QWidget()
    qtbot.addWidget(top)
    layout = QHBoxLayout(top)
    label = QLabel("A label far too long for the room it was given")
    label.setFixedWidth(40)
    spin = QSpinBox()
    spin.setObjectName("nameless")
    layout.addWidget(label)
    layout.addWidget(spin)
    top.show()
    assert any("A label far too long" in p for p in walk.clipped(top))
    assert any("nameless has no accessible name" in p for p in walk.unnamed(top))
    spin.setAccessibleName("Count")
    label.setFixedWidth(label.sizeHint().width())
    assert walk.clipped(top) == [] and walk.unnamed(top) == []


def test_the_checks_catch_two_buttons_on_one_alt_key_and_a_cut_hint(qtbot):
    from PySide6.QtWidgets import QLineEdit, QPushButton

    top = QWidget()
    qtbot.addWidget(top)
    layout = QHBoxLayout(top)
    first, second = QPushButton("&New", top), QPushButton("&Next && last", top)
    hint = QLineEdit(top)
    hint.setFixedWidth(60)
    for widget in (first, second, hint):
        layout.addWidget(widget)
    top.show()
    # set after the app's input policy has seen the field (it widens a field to its hint)
    hint.setPlaceholderText("a hint far too long for the room the field was given")
    assert walk.mnemonic("&Next && last") == "n" and walk.mnemonic("A && B") == ""
    assert walk.clashing_mnemonics(top) == ["QWidget: Alt+N is QPushButton '&New' and "
                                            "QPushButton '&Next && last'"]
    assert any("a hint far too long" in p for p in walk.clipped(top))
    second.setText("Ne&xt && last")
    assert walk.clashing_mnemonics(top) == []


def test_the_checks_catch_a_heading_cut_at_both_ends(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QTableView

    top = QWidget()
    qtbot.addWidget(top)
    table = QTableView(top)
    table.setObjectName("campaigns")
    model = QStandardItemModel(2, 2, table)
    model.setHorizontalHeaderLabels(["Campaign", "Current session"])
    table.setModel(model)
    QHBoxLayout(top).addWidget(table)
    top.show()
    header = table.horizontalHeader()
    header.setTextElideMode(Qt.TextElideMode.ElideNone)     # Qt's own: centred and cut
    header.resizeSection(1, 30)
    assert any("heading 'Current session' is cut" in p for p in walk.clipped(top))
    header.setTextElideMode(Qt.TextElideMode.ElideRight)    # the app's: "Curr…"
    assert walk.clipped(top) == []


def test_the_checks_catch_a_list_that_scrolls_sideways_and_command_line_words(qtbot):
    from PySide6.QtWidgets import QLineEdit, QListWidget

    top = QWidget()
    qtbot.addWidget(top)
    layout = QHBoxLayout(top)
    listing = QListWidget(top)
    listing.setObjectName("members")
    listing.addItem("a line of text far too long for the narrow list it was put in, " * 3)
    listing.setFixedWidth(120)
    field = QLineEdit(top)
    field.setObjectName("enemies")
    field.setAccessibleName("Enemies")
    field.setPlaceholderText("3 3* chief=4")
    field.setToolTip("NAME=HD counts once")
    layout.addWidget(listing)
    layout.addWidget(field)
    top.show()
    QApplication.processEvents()
    assert any("members scrolls sideways" in p for p in walk.sideways(top))
    assert walk.command_words(top) == ["QWidget: enemies speaks command line: "
                                       "'NAME=HD counts once'"]
    field.setToolTip("a name before the Hit Dice (chief=4) counts once; see --help")
    assert len(walk.command_words(top)) == 1                    # an option is command line
    field.setToolTip("a name before the Hit Dice (chief=4) counts once; long-winded")
    assert walk.command_words(top) == []
    listing.setWordWrap(True)
    listing.setResizeMode(listing.ResizeMode.Adjust)
    listing.setHorizontalScrollBarPolicy(listing.horizontalScrollBarPolicy().ScrollBarAlwaysOff)
    QApplication.processEvents()
    assert walk.sideways(top) == []


def test_the_checks_catch_a_scroll_area_that_is_a_nameless_tab_stop(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollArea

    top = QWidget()
    qtbot.addWidget(top)
    area = QScrollArea(top)
    area.setObjectName("sheet")
    area.setWidget(QLabel("a long sheet\n" * 40))
    QHBoxLayout(top).addWidget(area)
    top.show()
    assert walk.unnamed(top) == ["QWidget: sheet has no accessible name"]
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)              # no Tab stop: nothing to name
    assert walk.unnamed(top) == []
    area.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    area.setAccessibleName("Character sheet")
    assert walk.unnamed(top) == []


def test_the_checks_catch_a_dialog_larger_than_the_screen_and_a_table_shrunk(qtbot):
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QDialog, QTableView, QVBoxLayout

    from builder.ui.scrolling import scrolling

    dialog = QDialog()
    qtbot.addWidget(dialog)
    room = dialog.screen().availableGeometry()
    tall = QWidget()
    tall.setMinimumHeight(room.height() + 200)
    layout = QVBoxLayout(dialog)
    layout.addWidget(tall)
    table = QTableView(dialog)
    model = QStandardItemModel(12, 2, table)
    table.setModel(model)
    table.setFixedHeight(table.horizontalHeader().sizeHint().height() + 4)
    layout.addWidget(table)
    dialog.show()
    assert any("cannot shrink below" in p for p in walk.oversized(dialog))
    assert walk.cramped(dialog) and "fewer than 3" in walk.cramped(dialog)[0]
    # the app's way: the long part scrolls, the table keeps its rows, the dialog fits
    layout.removeWidget(tall)
    layout.insertWidget(0, scrolling(tall, "tallPage", dialog))
    table.setMinimumHeight(table.horizontalHeader().sizeHint().height() + 6 * 30)
    table.setMaximumHeight(16777215)
    dialog.hide()
    dialog.resize(room.width() + 300, room.height() + 300)
    dialog.show()                               # the input policy fits it to the screen
    QApplication.processEvents()
    assert walk.oversized(dialog) == [] and walk.cramped(dialog) == []


def test_the_checks_catch_a_dialog_narrower_than_its_title(qtbot):
    from PySide6.QtWidgets import QDialog

    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setObjectName("narrow")
    dialog.setWindowTitle("Award XP to every survivor of the raid")
    dialog.resize(160, 100)
    dialog.show()
    assert walk.untitled(dialog) and "narrower than its title" in walk.untitled(dialog)[0]
    dialog.resize(700, 100)
    assert walk.untitled(dialog) == []


def _walk(tmp_path, width: int, height: int, scale: int, *args: str) -> None:
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{
        "name": "Screen", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen}",
               QT_SCALE_FACTOR=str(scale), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "tests.ui.walk", *args], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_page_and_dialog_at_1x_on_1280x720(tmp_path):
    _walk(tmp_path, 1280, 720, 1)


def test_every_page_and_dialog_fits_1366x768(tmp_path):
    # the sizes alone: what fits 1280x720 at 1x fits here; a smaller walk for the suite
    _walk(tmp_path, 1366, 768, 1, "--geometry-only")


def test_every_page_and_dialog_at_2x_on_1600x1000(tmp_path):
    _walk(tmp_path, 1600, 1000, 2)


def test_an_ampersand_in_a_title_is_shown_not_taken_as_a_mnemonic(window, qtbot):
    from PySide6.QtGui import QAccessible

    from builder.ui.printing import SheetOptionsDialog

    dialog = SheetOptionsDialog(window, "story-points", None)
    qtbot.addWidget(dialog)
    dialog.show()
    box = dialog.section_boxes["vit"]
    name = QAccessible.queryAccessibleInterface(box).text(QAccessible.Text.Name)
    assert name == "Vitality & Dice"
