"""``help``'s words: the help of a command, or a topic that ships with the program
(the command itself is :mod:`builder.cli`'s, which builds the parsers).

    character-builder help                  every command, and the topics
    character-builder help COMMAND [SUB]    what COMMAND --help prints
    character-builder help TOPIC            a topic (pool-settings, folders)
"""
from __future__ import annotations

import argparse
from typing import Callable, Iterable

#: Topics printed from the package's data (builder/data/help/TOPIC.txt).
TEXT_TOPICS = ("pool-settings",)
#: Every topic, with its line in ``help``'s listing.
TOPICS = {
    "pool-settings": "the Fortune/Peril pool's settings (campaign set)",
    "folders": "where this program keeps characters, campaigns, rule systems and caches",
}


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """A command's sub-commands by name, as its parser (builder.cli.Parser) recorded them."""
    return dict(getattr(parser, "subcommands", {}))


def folders_text() -> str:
    from builder.app.queries import data_folder_variable, folders

    lines = [f"{folder.label:<26} {folder.path}" for folder in folders()]
    lines.append(f"(set {data_folder_variable()} to keep them all in one folder of your choice)")
    return "\n".join(lines)


def help_text(words: list[str], build_parser: Callable[[str | None], argparse.ArgumentParser],
              commands: Iterable[str]) -> str:
    """What ``help WORDS`` prints: every command and the topics, a command's help (from
    ``build_parser``), or a topic.  UsageError for a word that is neither."""
    from builder.app.types import UsageError

    if not words:
        listing = "".join(f"\n  {topic:<14} {line}" for topic, line in TOPICS.items())
        return (build_parser(None).format_help()
                + f"\nhelp topics (character-builder help TOPIC):{listing}\n")
    first = words[0]
    if first in TOPICS:
        if first in TEXT_TOPICS:
            from builder.resources import read_text_resource

            return read_text_resource("help", f"{first}.txt")
        return folders_text() + "\n"
    if first not in commands:
        from builder.cli_commands import did_you_mean

        raise UsageError(f"help: no command or topic '{first}'; commands: "
                         f"{', '.join(commands)}; topics: {', '.join(TOPICS)}"
                         + did_you_mean(first, [*commands, *TOPICS]))
    parser = _subparsers(build_parser(first))[first]
    for word in words[1:]:
        children = _subparsers(parser)
        if word not in children:
            from builder.cli_commands import did_you_mean

            raise UsageError(f"help: '{first}' has no '{word}'"
                             + (f"; it has: {', '.join(children)}" if children else "")
                             + did_you_mean(word, list(children)))
        parser = children[word]
    return parser.format_help()
