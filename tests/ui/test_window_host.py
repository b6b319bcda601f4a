"""The window's parts are type-checked against declared hosts
(:class:`builder.ui.window_host.WindowHost`, :class:`builder.ui.campaign_host.CampaignHost`):
what a host declares must be what its widget builds, or the checker reads a window that
is not there."""
from __future__ import annotations

import inspect

from builder.ui.campaign_host import CampaignHost
from builder.ui.main_window import MainWindow
from builder.ui.window_actions import ACTIONS, MENUS
from builder.ui.window_host import WindowHost


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


def test_every_window_action_and_filled_menu_is_declared_on_the_host():
    wanted = {f"act_{spec.id}" for spec in ACTIONS} | {"act_undo", "act_redo"}
    wanted |= {attribute for _title, attribute, _items in MENUS if attribute is not None}
    assert wanted - declared_attributes(WindowHost) == set()
    # and no action is declared that the window does not build
    declared_actions = {name for name in declared_attributes(WindowHost)
                        if name.startswith("act_")}
    assert declared_actions - wanted == set()


def test_every_declared_attribute_is_built_by_the_window(qtbot):
    window = MainWindow(restore=False)
    qtbot.addWidget(window)
    missing = sorted(name for name in declared_attributes(WindowHost)
                     if not hasattr(window, name))
    assert missing == []


def test_every_declared_method_is_defined_by_the_window_with_the_same_parameters():
    assert_defined_alike(WindowHost, MainWindow)


def test_the_campaign_tab_builds_and_defines_what_its_host_declares(qtbot, tmp_path):
    from builder.ui.campaign_view import CampaignView

    view = CampaignView(tmp_path / "no such campaign.json")   # unreadable: still built
    qtbot.addWidget(view)
    missing = sorted(name for name in declared_attributes(CampaignHost)
                     if not hasattr(view, name))
    assert missing == []
    assert_defined_alike(CampaignHost, CampaignView)
