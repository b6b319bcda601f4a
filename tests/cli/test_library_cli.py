"""``library import|duplicate|rename|trash|restore``: what each prints, its exit codes,
and all or nothing (the window's side is tests/ui/test_parity_characters.py)."""
from __future__ import annotations

import json
from pathlib import Path

from builder.storage.paths import characters_dir, trash_dir
from tests.helpers import cli, file_bytes, ok


def new(tmp_path, name: str) -> Path:
    path = tmp_path / f"{name.lower()}.json"
    ok("new", "story-points", name, "-o", path, "--set", "sp=4")
    return path


def test_the_library_commands_are_listed_in_the_help():
    from builder.cli import build_parser

    assert "library" in build_parser().format_help()
    result = cli("library")
    assert result.code == 2 and "ACTION" in result.err       # which one is needed


def test_import_prints_each_new_file_and_a_broken_one_imports_none(tmp_path):
    senna, nyra = new(tmp_path, "Senna"), new(tmp_path, "Nyra")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    result = cli("library", "import", senna, broken, nyra)
    assert result.code == 2 and result.err.count("\n") == 1 and "broken.json" in result.err
    assert not characters_dir().exists() or list(characters_dir().iterdir()) == []
    lines = ok("library", "import", senna, nyra).out.splitlines()
    assert [Path(line).name for line in lines] == ["Senna.json", "Nyra.json"]
    assert [file_bytes(line) for line in lines] == [file_bytes(senna), file_bytes(nyra)]


def test_rename_keeps_the_path_and_refuses_a_newer_file(tmp_path):
    senna = new(tmp_path, "Senna")
    assert ok("library", "rename", senna, "Senna Vale").out == "renamed: Senna -> Senna Vale\n"
    assert json.loads(senna.read_text())["name"] == "Senna Vale"
    assert cli("library", "rename", tmp_path / "missing.json", "X").code == 2


def test_trash_is_all_or_nothing_and_restore_lists_then_brings_back(tmp_path):
    senna, nyra = new(tmp_path, "Senna"), new(tmp_path, "Nyra")
    data = file_bytes(senna)
    result = cli("library", "trash", senna, tmp_path / "missing.json", nyra)
    assert result.code == 2 and senna.exists() and nyra.exists()
    assert ok("library", "restore").out == f"the trash is empty ({trash_dir()})\n"
    assert ok("library", "restore", "--json").json() == []
    ok("library", "trash", senna, nyra)
    listing = ok("library", "restore").out.splitlines()
    (line,) = [line for line in listing if line.endswith(f"(from {senna.resolve()})")]
    assert len(listing) == 2
    trashed_name = line.split("  ")[0]
    senna.write_bytes(b"a new file at the old place")
    (restored,) = ok("library", "restore", trashed_name).out.split()
    assert Path(restored) != senna.resolve() and file_bytes(restored) == data
    assert file_bytes(senna) == b"a new file at the old place"
    assert cli("library", "restore", trashed_name).code == 2    # no longer in the trash


def test_list_shows_every_character_with_its_figures_and_problems(tmp_path):
    assert ok("library", "list", "--json").json() == []
    ok("library", "import", new(tmp_path, "Senna"))
    (characters_dir() / "broken.json").write_text("{")
    rows = ok("library", "list", "--json").json()
    assert [(r["name"], r["ruleset"], r["problem"] is None) for r in rows] == [
        ("Senna", "story-points", True), ("broken", "", False)]
    assert rows[0]["headline"]["Unspent SP"] == 4
    assert set(rows[0]) == {"path", "name", "ruleset", "headline", "modified", "problem"}
    text = ok("library", "list").out.splitlines()
    assert text[0].startswith("Senna ") and "Unspent SP 4" in text[0]
    assert text[1].startswith("broken ") and "not a readable character file" in text[1]


def test_trashing_a_campaign_member_says_the_campaign_will_miss_it(tmp_path):
    senna, nyra = new(tmp_path, "Senna"), new(tmp_path, "Nyra")
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points", "--member", senna)
    lone = ok("library", "trash", nyra)
    assert lone.err == ""                                    # in no campaign: nothing to say
    trashed = ok("library", "trash", senna)
    assert trashed.err == ("note: senna.json is a member of the campaign Iron Coast, which "
                           "lists it as missing until it is back from the trash "
                           "(library restore)\n")
    assert "no such file" in ok("campaign", "show", "Iron Coast").out   # as the note said
