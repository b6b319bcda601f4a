"""The main window's actions are data bound to its controllers' slots, and the campaign
tab's parts are type-checked against a declared host
(:class:`builder.ui.campaign_host.CampaignHost`): what a host declares must be what its
widget builds, or the checker reads a window that is not there."""
from __future__ import annotations

import inspect
from operator import attrgetter

from builder.ui.campaign_host import CampaignHost
from builder.ui.main_window import MainWindow
from builder.ui.window_actions import ACTIONS, CAMPAIGN_MENU, MENUS


def declared_attributes(host: type) -> set[str]:
    return set(host.__dict__.get("__annotations__", {}))


def declared_methods(host: type) -> list[str]:
    return [name for name, value in vars(host).items()
            if getattr(value, "__isabstractmethod__", False)
            or getattr(getattr(value, "fget", None), "__isabstractmethod__", False)]


def assert_defined_alike(host: type, widget_class: type) -> None:
    """Every method the host declares is defined by the widget with the same
    parameters (a property as a property)."""
    names = declared_methods(host)
    assert names
    for name in names:
        declared, defined = vars(host)[name], inspect.getattr_static(widget_class, name)
        if isinstance(declared, property):
            assert isinstance(defined, property), name
            continue
        assert (list(inspect.signature(defined).parameters)
                == list(inspect.signature(declared).parameters)), name


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


def test_the_campaign_tab_builds_and_defines_what_its_host_declares(qtbot, tmp_path):
    from builder.ui.campaign_view import CampaignView

    view = CampaignView(tmp_path / "no such campaign.json")   # unreadable: still built
    qtbot.addWidget(view)
    missing = sorted(name for name in declared_attributes(CampaignHost)
                     if not hasattr(view, name))
    assert missing == []
    assert_defined_alike(CampaignHost, CampaignView)
