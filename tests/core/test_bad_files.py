"""One bad file never stops the program: the library lists it as unreadable with its
one-line reason, a command on a file the rules refuse answers with what `check` says
(exit 2, one line) instead of an internal error, and a full or read-only disk under
the trash is one line too."""
from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli, file_bytes, ok, qt_importable

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "characters"


@pytest.fixture
def library_with_bad_files():
    """A good character and, beside it, every kind of file that cannot be one."""
    from builder.storage.paths import characters_dir

    ok("new", "story-points", "Good", "--set", "sp=4")
    folder = characters_dir()
    for name in ("deep-nesting", "int-5000-digits", "duplicate-ledger-key",
                 "nesting-65-levels", "sp-trait-typo"):
        shutil.copyfile(CORPUS / f"{name}.json", folder / f"{name}.json")
    (folder / "spell-typo.json").write_text(json.dumps(spell_typo()))
    (folder / "not-utf8.json").write_bytes(b"\xff\xfe{}")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    return folder


def spell_typo() -> dict:
    """A Story Point character whose baseline lists a spell its class lacks."""
    doc = json.loads((CORPUS / "sp-valid.json").read_text())
    doc["baseline"]["classes"]["Ranger"]["spells"] = ["Mend Wound"]
    return doc


def test_library_list_names_every_unreadable_file_with_its_reason(library_with_bad_files):
    result = ok("library", "list", "--json")
    rows = {Path(row["path"]).stem: row for row in result.json()}
    assert rows["Good"]["problem"] is None
    assert "nested too deeply" in rows["deep-nesting"]["problem"]
    assert "too large" in rows["int-5000-digits"]["problem"]
    assert 'the key "ledger" is given twice' in rows["duplicate-ledger-key"]["problem"]
    assert rows["spell-typo"]["problem"]
    assert "not UTF-8" in rows["not-utf8"]["problem"]
    assert "symbolic link loop" in rows["loop"]["problem"]
    if "pipe" in rows or hasattr(os, "mkfifo"):
        assert "is a named pipe" in rows["pipe"]["problem"]
    text = ok("library", "list").out
    assert "Good" in text and "deep-nesting" in text


def test_the_windows_scan_reads_every_bad_file_without_raising(library_with_bad_files):
    from builder.app import library

    entries = library.open_scan().read_all()
    by_name = {e.path.stem: e for e in entries}
    assert by_name["Good"].problem is None
    assert all(by_name[n].problem for n in ("deep-nesting", "int-5000-digits",
                                             "duplicate-ledger-key", "spell-typo"))
    again = library.open_scan().read_all()                       # from the index too
    assert [(e.path, e.problem) for e in again] == [(e.path, e.problem) for e in entries]


def _rules_that_stumble(monkeypatch):
    """Rule code that cannot make sense of a spell its class lacks, as the Story Point
    rules once could not (KeyError): the last guard must still answer for it."""
    from builder.rulesets.story_points.rules.ruleset import StoryPoints

    def stumble(self, state, name):
        raise KeyError("Mend Wound")

    monkeypatch.setattr(StoryPoints, "derive", stumble)


@pytest.mark.parametrize("words", [("show",), ("show", "--json")], ids=" ".join)
def test_a_file_the_rules_refuse_is_answered_with_what_check_says(words, tmp_path, monkeypatch):
    target = tmp_path / "typo.json"
    target.write_text(json.dumps(spell_typo()))
    checked = cli("check", target)
    assert checked.code == 1
    first = checked.out.splitlines()[0]
    _rules_that_stumble(monkeypatch)
    result = cli(words[0], target, *words[1:])
    assert result.code == 2, result
    assert result.err.strip() == f"{target}: {first} (check lists every problem)"


def test_commands_whose_rule_code_makes_sense_of_it_still_answer(tmp_path):
    target = tmp_path / "typo.json"
    target.write_text(json.dumps(spell_typo()))
    assert "new-class" in ok("options", target).out
    assert "total" in ok("plan", target, "skill:Melee=1").out


def test_show_and_export_on_a_spell_its_class_lacks_leave_it_out_and_point_to_check(tmp_path):
    """The rules show the Class without the spell it lacks (as a trait it lacks), and the
    commands say that check lists the problem; nothing ends in an internal error."""
    target = tmp_path / "typo.json"
    target.write_text(json.dumps(spell_typo()))
    before = file_bytes(target)
    shown = ok("show", target)
    assert "Mend Wound" not in shown.out and "run check" in shown.err
    assert "Mend Wound" not in json.dumps(ok("show", target, "--json").json()["classes"])
    if qt_importable():                              # the core's run without Qt prints none
        ok("export-pdf", target, "-o", tmp_path / "out.pdf")
        assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")
    result = cli("do", target, "rest")
    assert result.code in (0, 1, 2) and "internal error" not in result.err, result
    if result.code:
        assert file_bytes(target) == before


def test_a_bug_on_a_file_the_rules_accept_is_still_an_internal_error(tmp_path, monkeypatch):
    """Only a file with problems gets check's answer: a real bug stays a bug."""
    from builder.rulesets.story_points.rules.ruleset import StoryPoints

    def broken(self, state, name):
        raise KeyError("boom")

    target = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", target)
    monkeypatch.setattr(StoryPoints, "derive", broken)
    with pytest.raises(KeyError):
        cli("show", target)                  # the suite lets the last guard's bug through


def test_a_portrait_name_longer_than_the_system_allows_is_no_crash(tmp_path):
    target = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", target)
    doc = json.loads(target.read_text())
    doc["portrait"] = "p" * 5000 + ".png"
    target.write_text(json.dumps(doc))
    shown = ok("show", target, "--json").json()
    assert "portrait" not in shown
    ok("check", target)


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EROFS])
def test_library_trash_on_a_full_or_read_only_disk_is_one_line(error, monkeypatch):
    from builder.storage import atomic

    path = Path(ok("new", "story-points", "Doomed").out.strip())
    before = file_bytes(path)

    def refuse(*args, **kwargs):
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr(atomic, "fill_temp", refuse)
    result = cli("library", "trash", path)
    assert result.code == 2 and len(result.err.splitlines()) == 1, result
    assert str(path) in result.err and os.strerror(error) in result.err
    assert file_bytes(path) == before


def test_library_trash_when_the_trash_folder_cannot_be_made_is_one_line():
    from builder.storage.paths import trash_dir

    path = Path(ok("new", "story-points", "Doomed").out.strip())
    trash_dir().parent.mkdir(parents=True, exist_ok=True)
    trash_dir().write_text("a file where the trash folder goes")
    result = cli("library", "trash", path)
    assert result.code == 2 and len(result.err.splitlines()) == 1, result
    assert "cannot be moved to the trash" in result.err
    assert path.is_file()
