"""A Vogelfrei career without a Status rolls no starting money: ``new`` says so in one
line on stderr, with how to roll it; creation is otherwise unchanged."""
from __future__ import annotations

from pathlib import Path

from tests.helpers import ok


def test_a_blank_status_says_no_money_was_rolled_and_how_to_roll_it(tmp_path):
    seen = set()
    for seed in (1, 2):
        path = tmp_path / f"h{seed}.json"
        result = ok("new", "vogelfrei", "Hans", "--seed", seed, "-o", path)
        assert result.out.strip() == str(path)
        blank = bool(ok("show", path, "--json").json()["status_note"])
        seen.add(blank)
        if blank:
            (line,) = result.err.splitlines()
            assert "no starting money was rolled" in line and "--set status=" in line
            again = tmp_path / "again.json"
            redo = ok("new", "vogelfrei", "Hans", "--seed", seed, "-o", again, "--force",
                      "--set", "status=Silver")
            assert redo.err == ""
            assert ok("show", again, "--json").json()["money"]["bp"] > 0
            paid = ok("new", "vogelfrei", "Hans", "--seed", seed, "-o", again, "--force",
                      "--set", "money=12gp")            # money given: nothing to roll
            assert paid.err == ""
        else:
            assert result.err == ""
    assert seen == {True, False}          # both kinds of career were met


def test_in_the_library_the_note_says_to_trash_the_character_not_to_force(tmp_path):
    """Without -o the character is a new library file each time (--force replaces
    nothing there): the note says to move this one to the trash instead."""
    for seed in range(1, 30):
        result = ok("new", "vogelfrei", f"Hans{seed}", "--seed", seed)
        if result.err:
            name = Path(result.out.strip()).name
            (line,) = result.err.splitlines()
            assert "--force" not in line
            assert line.endswith(f"and move this one to the trash (library trash {name})")
            ok("library", "trash", name)
            return
    raise AssertionError("no career without a Status in 29 seeds")


def test_other_rule_systems_say_nothing(tmp_path):
    assert ok("new", "story-points", "Senna", "-o", tmp_path / "s.json").err == ""
