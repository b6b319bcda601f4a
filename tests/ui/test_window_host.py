"""The window's parts are type-checked against one declared host
(:class:`builder.ui.window_host.WindowHost`): what it declares must be what the
window builds, or the checker reads a window that is not there."""
from __future__ import annotations

import inspect

from builder.ui.main_window import MainWindow
from builder.ui.window_actions import ACTIONS, MENUS
from builder.ui.window_host import WindowHost


def declared_attributes() -> set[str]:
    return set(WindowHost.__dict__.get("__annotations__", {}))


def test_every_window_action_and_filled_menu_is_declared_on_the_host():
    wanted = {f"act_{spec.id}" for spec in ACTIONS} | {"act_undo", "act_redo"}
    wanted |= {attribute for _title, attribute, _items in MENUS if attribute is not None}
    assert wanted - declared_attributes() == set()
    # and no action is declared that the window does not build
    declared_actions = {name for name in declared_attributes() if name.startswith("act_")}
    assert declared_actions - wanted == set()


def test_every_declared_attribute_is_built_by_the_window(qtbot):
    window = MainWindow(restore=False)
    qtbot.addWidget(window)
    missing = sorted(name for name in declared_attributes() if not hasattr(window, name))
    assert missing == []


def test_every_declared_method_is_defined_by_the_window_with_the_same_parameters():
    abstract = [name for name, value in vars(WindowHost).items()
                if getattr(value, "__isabstractmethod__", False)]
    assert abstract
    for name in abstract:
        defined = getattr(MainWindow, name)
        declared = inspect.signature(getattr(WindowHost, name))
        assert list(inspect.signature(defined).parameters) == list(declared.parameters), name
