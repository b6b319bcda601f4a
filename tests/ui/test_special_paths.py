"""A path no file is at the end of (a symbolic-link loop) or one longer than the system
allows, given to any of the window's ways in (File > Open, a drop, Import, Add Folder,
an export target, Save a Copy, a portrait, a campaign and its members), is refused in
one line like any unreadable file: no exception, no tab."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from tests.helpers import ok
from tests.ui.conftest import SENNA, make_character


def _loop(folder: Path, name: str) -> Path:
    one, two = folder / name, folder / f"{name}.other"
    one.symlink_to(two)
    two.symlink_to(one)
    return one


def _long(folder: Path, name: str) -> Path:
    return folder / ("x" * 300 + name)        # NAME_MAX is 255


def _said(window) -> list[str]:
    """What the window says now: its status line, its notice bar and any message box."""
    lines = [window.statusBar().currentMessage()]
    bar = window.notice_bar
    if bar is not None and bar.isVisibleTo(window):
        lines += bar.label.text().splitlines()
    lines += [box.text() for box in window.findChildren(QMessageBox) if box.isVisible()]
    return [line for line in lines if line]


def _quiet(window) -> None:
    for box in window.findChildren(QMessageBox):
        box.close()
    window.statusBar().clearMessage()
    if window.notice_bar is not None:
        window.notice_bar.hide()


def test_every_way_in_refuses_a_loop_or_an_overlong_name_in_one_line(window, tmp_path):
    from builder.ui.identity_panel import IdentityFields

    senna = make_character("Senna", *SENNA)
    portrait = IdentityFields(window)
    before = senna.read_bytes()
    tabs = window.tabs.count()
    for kind, bad in (("loop", _loop), ("long", _long)):
        folder = tmp_path / kind
        folder.mkdir()
        ways = {
            "Open": lambda p: window.documents.open_file(str(p)),
            "drop": lambda p: window.library.take_dropped([str(p)]),
            "Import": lambda p: window.library.import_paths([str(p)]),
            "Open Campaign": lambda p: window.documents.open_campaign(str(p)),
            "Add Folder": lambda p: window.library.add_folder(str(p)),
            "Export PDF": lambda p: window.export.export_paths([str(senna)], p, one_file=True),
            "Export PDFs into": lambda p: window.export.export_paths([str(senna)], p, one_file=False),
        }
        for way, give in ways.items():
            _quiet(window)
            path = bad(folder, f"{way.replace(' ', '')}.json")
            give(path)                                   # no exception
            said = _said(window)
            mine = [line for line in said if path.name[-20:] in line]
            assert mine, (kind, way, said)
            if kind == "loop" and way == "Open":
                assert set(mine) == {f"{path}: is a symbolic link loop (it never reaches a file)"}
            assert all("Traceback" not in line and "Error" not in line for line in said), said
            assert window.tabs.count() == tabs, (kind, way)
        window.settings.add_recent(str(bad(folder, "recent.json")))    # remembered as given
        _quiet(window)
        copy = bad(folder, "copy.json")
        window.library.save_copy_to(str(senna), str(copy))        # never replaced
        if kind == "loop":
            assert f"{copy}: is a symbolic link loop (it never reaches a file)" in _said(window)
            assert copy.is_symlink()
        else:
            assert any("copy.json: " in line for line in _said(window)), _said(window)
        assert not portrait.use_image(str(bad(folder, "face.png")))
        assert portrait.error.text().count("\n") == 0 and "cannot be read" in portrait.error.text()
    assert senna.read_bytes() == before


def test_a_campaign_member_that_is_a_loop_leaves_its_tab_working(window, tmp_path):
    nyra = make_character("Nyra", "sp=20", "vital.Agility=4")
    camp = Path(ok("campaign", "new", "Iron Coast", "--ruleset", "story-points",
                   "--member", nyra).out.strip())
    loop = _loop(tmp_path, "Joss.json")
    data = json.loads(camp.read_text())
    data["members"].append(str(loop))
    camp.write_text(json.dumps(data))
    view = window.documents.open_campaign(camp)
    assert view is not None and window.documents.campaign_tab_for_path(camp) is view
    view.membership.open_add_dialog()                               # compares the members' paths
    assert view.dialog is not None
    view.dialog.reject()
    assert window.documents.member_blockers([loop, nyra]) == []
