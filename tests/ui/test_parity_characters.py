"""One character's changes and the library's operations through the command line and
through the window: one application-layer function each (builder.app.characters,
builder.app.library), so the same outcome and the same files on disk; the guards
(newer-format read-only, the member guard, all or nothing, nothing written on a
refusal) are the same."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.app import library
from builder.rules.base import UsageError
from builder.storage.paths import characters_dir, trash_dir
from tests.helpers import cli, file_bytes, ok, undone_bytes
from tests.ui.conftest import SENNA, make_character


def doc(path) -> dict:
    """The file without its time stamps and new ids (a ledger entry's "at", "id" and
    "seq", "created" and the "id" a copy gets), and without the entries undo withdrew."""
    data = json.loads(Path(path).read_text())
    data.pop("created", None)
    data.pop("withdrawn", None)
    data.pop("id", None)
    for entry in data.get("ledger", []):
        entry.pop("at", None)
        entry.pop("id", None)
        entry.pop("seq", None)
    return data


def conflict(editor, path) -> None:
    """The file changes behind the open tab: the tab holds a version not on disk."""
    theirs = json.loads(Path(path).read_text())
    theirs["notes"] = "edited elsewhere"
    Path(path).write_text(json.dumps(theirs, indent=2))
    assert editor.doc.check_disk()


@pytest.fixture
def senna(isolated_data) -> Path:
    return make_character("Senna", *SENNA)


def test_an_action_writes_the_same_entry_through_both(window, senna):
    start = file_bytes(senna)
    ok("do", senna, "raise-vital", "Agility")
    by_cli = doc(senna)
    senna.write_bytes(start)
    editor = window.documents.open_path(senna)
    assert editor.doc.apply_words(["raise-vital", "Agility"])
    assert doc(senna) == by_cli
    assert by_cli["ledger"][-1]["action"] == "raise-vital"


def test_a_refused_action_gives_the_same_reasons_and_writes_nothing(window, senna, qtbot):
    start = file_bytes(senna)
    result = cli("do", senna, "raise-skill", "Medicine")     # Medicine 4 needs Cognition 4
    assert result.code == 1 and file_bytes(senna) == start
    editor = window.documents.open_path(senna)
    with qtbot.waitSignal(editor.doc.refused) as refused:
        assert not editor.doc.apply_words(["raise-skill", "Medicine"])
    assert refused.args[0] == result.err.strip().splitlines()
    assert file_bytes(senna) == start and editor.doc.undo_stack.count() == 0


def test_a_newer_format_file_is_read_only_through_both(window, senna, qtbot):
    data = json.loads(senna.read_text())
    data["format"] = 99
    senna.write_text(json.dumps(data, indent=2))
    start = file_bytes(senna)
    for command in (("do", senna, "rest"), ("undo", senna),
                    ("library", "rename", senna, "Other")):
        result = cli(*command)
        assert result.code == 2 and "newer" in result.err and file_bytes(senna) == start
    editor = window.documents.open_path(senna)
    with qtbot.waitSignal(editor.doc.refused) as refused:
        assert not editor.doc.apply_words(["rest"])
    assert refused.args[0] == [result.err.strip()]
    assert not editor.doc.rename("Other")
    assert file_bytes(senna) == start


def test_undo_and_redo_through_both(window, senna):
    start = file_bytes(senna)
    ok("do", senna, "raise-vital", "Agility")
    after = doc(senna)
    assert ok("undo", senna).out.strip() == "undone: Raised Agility to 2"
    assert undone_bytes(senna) == start
    assert cli("undo", senna).code == 1                     # nothing to undo

    editor = window.documents.open_path(senna)
    assert editor.doc.apply_words(["raise-vital", "Agility"])
    window.action("undo").trigger()
    assert undone_bytes(senna) == start
    window.action("redo").trigger()                               # the entry again, as logged
    assert doc(senna) == after


def test_the_tabs_own_conflict_refuses_a_new_action_until_it_is_settled(window, senna, qtbot):
    editor = window.documents.open_path(senna)
    conflict(editor, senna)
    theirs = file_bytes(senna)
    with qtbot.waitSignal(editor.doc.refused) as refused:
        assert not editor.doc.apply_words(["rest"])
    assert "reload it" in refused.args[0][0] and file_bytes(senna) == theirs
    ok("do", senna, "rest")                                 # the command line has no tab


def test_rename_writes_the_same_file_through_both(window, senna):
    start = file_bytes(senna)
    assert ok("library", "rename", senna, " Senna Vale ").out == "renamed: Senna -> Senna Vale\n"
    by_cli = file_bytes(senna)
    senna.write_bytes(start)
    window.library.rename_path(senna, "Senna Vale")                 # not open: the library stack
    assert file_bytes(senna) == by_cli
    window.action("undo").trigger()
    assert undone_bytes(senna) == start
    senna.write_bytes(start)
    editor = window.documents.open_path(senna)
    window.library.rename_path(senna, "Senna Vale")                 # open: its own undo stack
    assert file_bytes(senna) == by_cli and editor.doc.name == "Senna Vale"
    assert cli("library", "rename", senna, "  ").code == 2  # a name is needed
    assert file_bytes(senna) == by_cli


def test_duplicate_makes_the_same_copy_through_both(window, senna):
    by_cli = Path(ok("library", "duplicate", senna).out.strip())
    window.library_model.refresh()
    window.library_page.select_path(str(senna))
    window.action("duplicate").trigger()
    copies = sorted(characters_dir().glob("Senna-copy*.json"))
    assert len(copies) == 2 and by_cli in copies
    by_window = next(p for p in copies if p != by_cli)
    assert doc(by_window) == doc(by_cli) and doc(by_cli)["name"] == "Senna (copy)"
    named = Path(ok("library", "duplicate", senna, "--name", "Twin").out.strip())
    assert named.name == "Twin.json" and doc(named)["name"] == "Twin"


def test_trash_and_restore_through_both(window, senna):
    start = file_bytes(senna)
    line = ok("library", "trash", senna).out.strip()
    assert line.startswith(f"trashed: {senna} -> ") and not senna.exists()
    listing = ok("library", "restore", "--json").json()
    assert listing == [{"trashed": line.split(" -> ")[1], "original": str(senna.resolve()),
                        "name": "Senna"}]
    assert ok("library", "restore", senna).out.strip() == str(senna.resolve())
    assert file_bytes(senna) == start and list(trash_dir().iterdir()) == []

    window.library_model.refresh()
    window.library_page.select_path(str(senna))
    window.action("trash").trigger()
    assert not senna.exists() and len(ok("library", "restore", "--json").json()) == 1
    (item,) = library.trash_items()
    assert window.library.restore_items([item]) == [senna.resolve()]
    assert file_bytes(senna) == start
    window.action("undo").trigger()                               # the restore, undone
    assert not senna.exists()
    assert cli("library", "restore", "nothing-like-it").code == 2


def test_trash_asks_the_member_guard_and_is_all_or_nothing(window, senna):
    nyra = make_character("Nyra", "sp=2")
    editor = window.documents.open_path(nyra)
    conflict(editor, nyra)
    before = {p: file_bytes(p) for p in (senna, nyra)}
    window.documents.show_library()
    window.library_model.refresh()
    window.library_page.view.selectAll()
    assert sorted(window.library_page.selected_paths()) == sorted([str(senna), str(nyra)])
    window.action("trash").trigger()
    assert {p: file_bytes(p) for p in (senna, nyra)} == before   # neither moved
    assert "Nyra" in window.statusBar().currentMessage()
    assert window.documents.editor_for_path(nyra) is editor
    # the command line has no open tab: both go, and a missing one moves none
    assert cli("library", "trash", senna, senna.with_name("nobody.json")).code == 2
    assert senna.exists()
    ok("library", "trash", senna, nyra)
    assert not senna.exists() and not nyra.exists()


def test_import_copies_the_same_bytes_all_or_nothing_through_both(window, senna, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    source = outside / "nyra.json"                 # a character the library does not hold
    ok("new", "story-points", "Nyra", "-o", source, "--set", "sp=3")
    bad = outside / "bad.json"
    bad.write_text("[]")
    result = cli("library", "import", source, bad)
    assert result.code == 2 and "bad.json" in result.err
    assert window.library.import_paths([str(source), str(bad)]) == []
    assert sorted(p.name for p in characters_dir().glob("*.json")) == ["Senna.json"]
    (by_cli,) = [Path(line) for line in ok("library", "import", source).out.split()]
    (by_window,) = window.library.import_paths([str(source)])
    # the second import, of a character the library holds now, is one of its own alike
    assert json.loads(file_bytes(by_cli))["id"] == json.loads(file_bytes(source))["id"]
    assert json.loads(file_bytes(by_window))["id"] != json.loads(file_bytes(source))["id"]
    (again,) = [Path(line) for line in ok("library", "import", source).out.split()]
    assert [{k: v for k, v in json.loads(file_bytes(p)).items() if k != "id"}
            for p in (by_window, again)] == \
        [{k: v for k, v in json.loads(file_bytes(source)).items() if k != "id"}] * 2
    assert file_bytes(by_cli) == file_bytes(source)
    window.action("undo").trigger()                               # the import, undone
    assert not by_window.exists() and by_cli.exists()


def test_save_a_copy_writes_the_same_bytes_and_never_onto_the_file_itself(window, senna,
                                                                          tmp_path):
    target = tmp_path / "out" / "senna-copy.json"
    window.library.save_copy_to(str(senna), str(target))
    assert file_bytes(target) == file_bytes(senna)
    assert library.save_copy(senna, target).changes[0].before is not None   # replaced
    start = file_bytes(senna)
    with pytest.raises(UsageError, match="the character file itself"):
        library.save_copy(senna, senna)
    assert file_bytes(senna) == start


def test_library_steps_undo_and_redo_and_close_the_tabs_of_files_they_remove(window, senna):
    start = file_bytes(senna)
    editor = window.documents.open_path(senna)
    window.documents.show_library()
    window.library_model.refresh()
    window.library_page.select_path(str(senna))
    window.action("trash").trigger()
    # an open character: asked first
    next(b for b in window.library.trash_question.buttons() if b.text() == "Move to Trash").click()
    assert not senna.exists() and window.documents.editor_for_path(senna) is None   # its tab closed
    assert editor.isHidden() or editor not in window.documents.editors()
    window.action("undo").trigger()
    assert undone_bytes(senna) == start
    window.action("redo").trigger()
    assert not senna.exists()
    window.action("undo").trigger()
    assert undone_bytes(senna) == start


def test_undo_of_a_duplicate_asks_the_member_guard(window, senna, qtbot):
    window.library_model.refresh()
    window.library_page.select_path(str(senna))
    window.action("duplicate").trigger()
    (copy,) = characters_dir().glob("Senna-copy*.json")
    editor = window.documents.open_path(copy)
    conflict(editor, copy)
    theirs = file_bytes(copy)
    window.documents.show_library()
    window.action("undo").trigger()                      # would move the copy to the trash
    assert file_bytes(copy) == theirs and window.documents.editor_for_path(copy) is editor
    qtbot.waitUntil(lambda: "Senna (copy)" in window.statusBar().currentMessage())
