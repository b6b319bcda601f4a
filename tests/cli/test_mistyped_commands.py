"""A mistyped command or sub-command: argparse's one line (every name there is), ending
with the near names when some are close, exit 2, nothing on stdout."""
from __future__ import annotations

import subprocess
import sys

from tests.helpers import cli


def _program(tmp_path, *argv) -> subprocess.CompletedProcess[str]:
    """The program itself (``python -m builder``, as ``character-builder`` runs it)."""
    return subprocess.run([sys.executable, "-m", "builder", *argv], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


def _one_usage_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    return result.stderr.rstrip("\n")


def test_a_near_miss_names_the_command_meant(tmp_path):
    said = _one_usage_line(_program(tmp_path, "shwo", "x.json"))
    assert said.startswith("character-builder: argument COMMAND: invalid choice: 'shwo'")
    assert "'export-pdf'" in said                       # every command, as before
    assert said.endswith("; did you mean 'show'?")


def test_a_far_miss_lists_the_commands_and_suggests_nothing(tmp_path):
    said = _one_usage_line(_program(tmp_path, "zzzzqq", "x.json"))
    assert "invalid choice: 'zzzzqq'" in said and "'show'" in said
    assert "did you mean" not in said
    # a near miss with the same words gets the suggestion: only the distance differs
    assert _one_usage_line(_program(tmp_path, "chek", "x.json")).endswith(
        "; did you mean 'check'?")


def test_a_sub_command_near_miss_names_the_sub_command_meant(tmp_path):
    said = _one_usage_line(_program(tmp_path, "campaign", "lsit"))
    assert said.startswith("character-builder campaign: argument COMMAND: invalid choice: 'lsit'")
    assert said.endswith("; did you mean 'list'?")
    far = _one_usage_line(_program(tmp_path, "campaign", "zzzzqq"))
    assert "invalid choice: 'zzzzqq'" in far and "did you mean" not in far


def _with_sub_commands() -> dict[str, list[str]]:
    """Each command that has sub-commands, and theirs, as the parser has them."""
    from builder.cli import Parser, build_parser

    return {name: list(child.subcommands)
            for name, child in build_parser().subcommands.items()
            if isinstance(child, Parser) and child.subcommands}


def test_every_sub_command_near_miss_is_suggested():
    found = _with_sub_commands()
    assert {"campaign", "pool", "library", "setup", "sync"} <= set(found)
    for command, names in found.items():
        for name in names:
            mistyped = (name[0] + name[2] + name[1] + name[3:] if len(name) > 2   # swapped
                        else name + name[-1])                                      # doubled
            if mistyped in names:
                continue
            result = cli(command, mistyped, "x.json")
            assert (result.code, result.out) == (2, ""), result.err
            assert len(result.err.splitlines()) == 1
            assert f"invalid choice: '{mistyped}'" in result.err
            assert f"'{name}'" in result.err.split("; did you mean ", 1)[1], result.err


def test_a_mistyped_command_in_capitals_and_before_an_option_is_suggested():
    assert cli("SHOW", "x.json").err.rstrip().endswith("; did you mean 'show'?")
    assert cli("shwo", "--help").err.rstrip().endswith("; did you mean 'show'?")
    assert cli("library", "lsit", "--json").err.rstrip().endswith("; did you mean 'list'?")


def test_help_for_a_mistyped_command_topic_or_sub_command_names_the_one_meant():
    for words, meant in ((("shwo",), "show"), (("foldrs",), "folders"),
                         (("campaign", "lsit"), "list")):
        result = cli("help", *words)
        assert (result.code, result.out) == (2, ""), result.err
        assert len(result.err.splitlines()) == 1
        assert result.err.rstrip().endswith(f"; did you mean '{meant}'?"), result.err
    far = cli("help", "zzzzqq")
    assert far.code == 2 and "topics: pool-settings" in far.err and "did you mean" not in far.err
