"""The library is the default place: every FILE may be the name of a library character
or campaign; an existing path always wins; none or several matches is one line naming
the near ones; ``library list`` prints the names the other commands take."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.storage.paths import campaigns_dir, characters_dir
from tests.helpers import cli, ok


def new(name: str, *more) -> Path:
    return Path(ok("new", "story-points", name, *more).out.strip())


def test_a_name_stands_for_the_library_file_in_every_command():
    senna = new("Senna", "--set", "sp=8")
    assert senna.parent == characters_dir()
    assert ok("show", "Senna").out.startswith("Senna ")
    assert ok("show", "senna.json").out == ok("show", senna).out   # case and .json do not matter
    ok("do", "Senna", "raise-vital", "Agility")
    assert json.loads(senna.read_text())["ledger"][-1]["name"] == "Agility"
    assert "Agility" in ok("options", "Senna", "--json").out
    assert ok("check", "Senna").code == 0
    ok("undo", "Senna")
    assert json.loads(senna.read_text())["ledger"] == []
    assert "raise-vital" in ok("do", "Senna", "raise-vital", "--help").out


def test_an_existing_path_wins_over_a_name(tmp_path, monkeypatch):
    new("Senna")
    monkeypatch.chdir(tmp_path)
    ok("new", "story-points", "Local Senna", "-o", "Senna")       # a file named Senna here
    assert ok("show", "Senna").out.startswith("Local Senna ")


def test_no_match_lists_the_near_names_and_changes_nothing():
    new("Senna")
    new("Sean")
    result = cli("do", "Sena", "raise-vital", "Agility")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "'Sena'" in result.err and "near names: Senna, Sean" in result.err
    result = cli("show", "Zed")
    assert result.code == 2 and str(characters_dir().parent) in result.err
    assert "library list" in result.err
    assert cli("show", "/no/such/dir/zed.json").err == "/no/such/dir/zed.json: no such file\n"


def test_a_second_character_of_a_name_says_which_word_tells_them_apart():
    made = cli("new", "story-points", "Senna")
    assert made.code == 0 and made.err == ""                 # the first: no note
    first = Path(made.out.strip())
    again = cli("new", "story-points", "senna")
    assert again.code == 0 and again.err == (
        f"note: the library already holds a character of this name ({first.name}); "
        f"commands tell them apart by file name: this one is "
        f"{Path(again.out.strip()).name}\n")
    assert cli("new", "story-points", "Senna", "-o", first.parent.parent / "x.json").err == ""


def test_several_matches_are_listed_and_a_file_name_tells_them_apart():
    first, second = new("Senna"), new("Senna")
    result = cli("show", "Senna")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert str(first) in result.err and str(second) in result.err
    said = result.err.strip().split("; ")[-1]
    assert said == (f"give the file name of the one you mean "
                    f"({' or '.join(sorted([first.name, second.name]))}) or its path")
    for word in (first.name, second.name):                   # the words it offers work
        assert ok("show", word).out.startswith("Senna ")
    assert ok("show", second.stem).out.startswith("Senna ")
    names = [line.split()[0] for line in ok("library", "list").out.splitlines()]
    assert sorted(names) == sorted([first.name, second.stem])    # each a word show takes
    for word in names:
        assert ok("show", word).code == 0


def test_a_name_with_a_folder_in_it_is_listed_by_a_word_the_commands_take():
    """A character renamed "../Sen/na" (the window takes any name): commands read that
    word as a path, so the list gives its file's stem, which they take."""
    senna = new("Senna")
    ok("library", "rename", "Senna", "../Sen/na")
    (line,) = ok("library", "list").out.splitlines()
    word = line.split()[0]
    assert word == senna.stem
    assert ok("show", word).out.startswith("../Sen/na ")


def test_library_list_prints_names_paths_on_request_and_where_an_empty_library_is():
    result = ok("library", "list")
    assert str(characters_dir()) in result.out and "new RULESET NAME" in result.out
    assert ok("library", "list", "--json").json() == []
    senna = new("Senna", "--set", "sp=4")
    (line,) = ok("library", "list").out.splitlines()
    assert line.split()[:2] == ["Senna", "story-points"] and "Unspent SP 4" in line
    assert str(senna) not in line
    assert ok("library", "list", "--paths").out.rstrip().endswith(str(senna))


def test_names_in_wide_letters_keep_the_columns_of_the_list():
    """A terminal shows a CJK letter or an emoji two columns wide and an accent over a
    letter in none: the rule system's column starts in the same terminal column on
    every row."""
    from builder.cli_output import columns

    assert (columns("李"), columns("🐉"), columns("e\u0301"), columns("Café")) == (2, 2, 1, 4)
    for name in ("Bob", "Ærwyn 🐉 李", "Zoe\u0301", "李白" * 8):
        new(name)
    rows = ok("library", "list").out.splitlines()
    starts = {columns(row[:row.index("story-points")]) for row in rows}
    assert len(rows) == 4 and len(starts) == 1, rows
    for name in ("Plain", "李白 Raid"):
        ok("campaign", "new", name, "--ruleset", "story-points")
    rows = ok("campaign", "list").out.splitlines()
    assert len(rows) == 2 and len({columns(row[:row.index("story-points")]) for row in rows}) == 1


def test_one_long_name_does_not_widen_every_row_of_the_list():
    new("Senna")
    new("A" * 300)
    rows = ok("library", "list").out.splitlines()
    senna = next(row for row in rows if row.startswith("Senna"))
    assert senna.index("story-points") == 40 + 1
    long = next(row for row in rows if row.startswith("A"))
    assert long.split()[:2] == ["A" * 300, "story-points"]


def test_a_campaign_is_found_by_its_name(tmp_path):
    senna = new("Senna")
    campaign = campaigns_dir(create=True) / "coast.json"
    ok("campaign", "new", "The Coast", "--ruleset", "story-points", "-o", campaign)
    ok("campaign", "add", "the coast", "Senna")
    shown = ok("campaign", "show", "The Coast").out
    assert "Senna" in shown
    assert json.loads(campaign.read_text())["members"]
    assert ok("show", "Senna").code == 0 and senna.exists()


def test_a_mistyped_campaign_is_suggested_once_and_the_hint_names_campaign_list():
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points")   # Iron-Coast.json
    result = cli("pool", "show", "Iron Cost")
    assert result.code == 2 and result.err.rstrip().endswith("near names: Iron Coast")
    result = cli("pool", "show", "Zanzibar")
    assert result.code == 2 and result.err.rstrip().endswith("; campaign list shows the names")


def test_the_resolver_is_one_app_function():
    from builder.app import lookup
    from builder.rules.base import UsageError

    senna = new("Senna")
    assert lookup.resolve("SENNA") == senna
    with pytest.raises(UsageError, match="no campaign of that name"):
        lookup.resolve("Senna", (lookup.CAMPAIGN,))
    with pytest.raises(UsageError, match="near names: Senna"):
        lookup.resolve("Senn", (lookup.CHARACTER,))


def test_a_character_command_looks_for_characters_only():
    """A campaign and a character of one name: show means the character, campaign show the
    campaign, undo (which takes either) asks which."""
    senna = new("Iron Coast")
    ok("campaign", "new", "Iron Coast", "--ruleset", "story-points",
       "-o", campaigns_dir(create=True) / "iron-coast.json")
    assert ok("show", "Iron Coast").out.startswith("Iron Coast ")
    assert "Iron Coast" in ok("campaign", "show", "Iron Coast").out
    result = cli("undo", "Iron Coast")
    assert result.code == 2 and str(senna) in result.err and "iron-coast.json" in result.err


def test_a_mistyped_name_for_the_window_gets_the_near_names_and_a_mistyped_command_the_commands(
        capsys):
    """``character-builder Sena`` (to open Senna in the window) is answered like
    ``show Sena``; a word close to a command still gets the list of commands."""
    from builder.__main__ import main

    ok("new", "story-points", "Senna", "--set", "sp=3")
    capsys.readouterr()
    assert main(["Sena"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "near names: Senna" in said and "invalid choice" not in said
    assert main(["shw"]) == 2                                # argparse's usage error
    assert "invalid choice: 'shw'" in capsys.readouterr().err
