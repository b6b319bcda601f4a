"""The main window's actions are data bound to its controllers' slots (the campaign
tab's parts hold the tab itself, so the type checker reads the real widget)."""
from __future__ import annotations

from operator import attrgetter

from builder.ui.main_window import MainWindow
from builder.ui.window_actions import ACTIONS, CAMPAIGN_MENU, MENUS


def test_every_action_is_built_once_by_id_and_calls_a_controllers_slot(qtbot):
    window = MainWindow(restore=False)
    qtbot.addWidget(window)
    ids = [spec.id for spec in ACTIONS]
    assert len(ids) == len(set(ids))
    assert set(window.actions_controller.by_id) == set(ids) | {"undo", "redo"}
    for spec in ACTIONS:
        assert window.action(spec.id).text() == spec.text
        assert callable(attrgetter(spec.slot)(window)), spec.slot
    # the window restates no action as an attribute of its own
    assert not [name for name in vars(window) if name.startswith("act_")]
    # every menu item names a built action (or a placeholder), every filled menu is kept
    named = [item for _title, _attribute, items in MENUS for item in items or ()]
    assert {i for i in named if i.isidentifier()} | set(CAMPAIGN_MENU) <= set(ids) | {"undo", "redo"}
    for _title, attribute, _items in MENUS:
        if attribute is not None:
            assert getattr(window.actions_controller, attribute) is not None
