"""A path no file is at the end of (a symbolic-link loop) given to the window is refused
in one line like any unreadable file: no exception, no tab."""
from __future__ import annotations


def test_a_symbolic_link_loop_is_refused_in_one_line(window, tmp_path):
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    one.symlink_to(two)
    two.symlink_to(one)
    tabs = window.tabs.count()
    assert window.documents.editor_for_path(one) is None
    assert window.documents.open_file(str(one)) is None
    assert window.tabs.count() == tabs
    said = window.statusBar().currentMessage()
    assert "symbolic link loop" in said and said.count("\n") == 0, said
