"""A command line that starts with a command builds only that command's parser
(builder/cli.py, build_parser(command)): it must know every command and parse each
one's words, help and mistakes exactly as the whole parser does."""
from __future__ import annotations

import argparse

import pytest

from builder.cli import COMMANDS, CliUsage, build_parser


def _commands(parser) -> dict[str, argparse.ArgumentParser]:
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_every_command_is_known_and_builds_alone():
    from builder.cli_commands import all_commands, rule_system_commands

    assert set(_commands(build_parser())) == set(all_commands())
    table = {**COMMANDS, **rule_system_commands()}
    for command in table:
        assert list(_commands(build_parser(command))) == [
            name for name in _commands(build_parser()) if name == command
            or table[name] is not None and table[name] == table[command]]


def test_every_command_is_one_for_the_entry_point():
    """``character-builder COMMAND`` goes straight to the command line (without looking
    at the window's arguments) for every command."""
    from builder.__main__ import CLI_COMMANDS, _is_command
    from builder.cli_commands import all_commands

    assert set(COMMANDS) <= CLI_COMMANDS
    assert all(map(_is_command, all_commands()))


def _outcome(parser, argv, capsys):
    try:
        namespace = vars(parser.parse_args(argv))
    except CliUsage as problem:
        return ("usage", str(problem))
    except SystemExit as stop:  # --help
        return ("exit", stop.code, capsys.readouterr().out)
    return ("parsed", {k: getattr(v, "__name__", v) for k, v in namespace.items()})


@pytest.mark.parametrize("argv", [
    ["show", "a.json"], ["show", "a.json", "--json"], ["show"], ["show", "a", "b"],
    ["show", "--help"], ["check", "a.json", "--jsno"], ["options", "a.json", "--json"],
    ["plan", "a.json", "skill:Medicine=5"], ["plan", "a.json"],
    ["do", "a.json", "raise-skill", "Insight", "--seed", "3"], ["undo", "a.json"],
    ["rulesets", "--json"], ["data"], ["new", "story-points", "Ann", "--set", "sp=3"],
    ["export-pdf", "a.json", "-o", "a.pdf", "--paper", "LETTER", "--duplex"],
    ["export-pdf", "a.json"], ["export-pdf", "a.json", "-o", "x", "--layout", "tiny"],
    ["export-pdf", "--help"], ["campaign", "show", "c.json"], ["pool", "show", "c.json"],
    ["campaign"], ["library", "list"], ["xp", "--help"],
])
def test_one_commands_parser_does_what_the_whole_one_does(argv, capsys):
    assert _outcome(build_parser(argv[0]), argv, capsys) == \
        _outcome(build_parser(), argv, capsys)
