"""``help`` prints a command's help or a topic that ships with the program; help never
points to a file an installed copy lacks; ``install-example`` installs the point-buy
rule system written as data into the user's rule systems folder."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import cli, ok


def test_help_alone_lists_the_commands_and_topics():
    from builder.cli import COMMANDS
    from builder.cli_commands.help import TOPICS

    text = ok("help").out
    assert all(command in text for command in COMMANDS)
    assert all(f"  {topic} " in text for topic in TOPICS)


def test_help_command_is_that_commands_help():
    assert ok("help", "campaign", "set").out.startswith("usage: character-builder campaign set")
    assert "help pool-settings" in ok("help", "campaign", "set").out
    result = cli("help", "bogus")
    assert result.code == 2 and "pool-settings" in result.err


def test_topics_print_from_the_package(isolated_data):
    from builder.rules.fortune_peril import DEFAULT_SETTINGS

    text = ok("help", "pool-settings").out
    assert all(key in text for key in DEFAULT_SETTINGS)
    assert str(isolated_data / "characters") in ok("help", "folders").out


def test_no_help_names_a_file_of_the_checkout(capsys):
    """Every command's help (and every topic) is free of paths like docs/x.md."""
    from builder.cli import build_parser
    from builder.cli_commands.help import TOPICS
    from tests.cli.test_help_and_window_args import _all_parsers

    texts = [parser.format_help() for _path, parser in _all_parsers(build_parser())]
    texts += [ok("help", topic).out for topic in TOPICS]
    pointing = [t for t in texts if re.search(r"\b(docs|README|tests|benchmarks)[/.]", t)]
    assert pointing == []


def test_install_example_puts_point_buy_where_the_program_finds_it(isolated_data):
    assert "point-buy" in ok("install-example").out
    (line,) = ok("install-example", "point-buy").out.splitlines()
    path = Path(line)
    assert path == isolated_data / "rulesets" / "systems" / "point-buy.json"
    assert "point-buy" in ok("rulesets").out
    assert ok("install-example", "point-buy").out == f"{path}\n"     # unchanged: left alone
    path.write_text(path.read_text().replace("Point-Buy Heroes", "My Heroes"))
    refused = cli("install-example", "point-buy")
    assert refused.code == 2 and "--force" in refused.err and "My Heroes" in path.read_text()
    ok("install-example", "point-buy", "--force")
    assert "My Heroes" not in path.read_text()
    assert cli("install-example", "nothing").code == 2


@pytest.mark.parametrize("name", ["point-buy"])
def test_the_example_ships_in_the_package(name):
    from builder.resources import resource_exists

    assert resource_exists("examples", f"{name}.json")
