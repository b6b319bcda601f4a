"""The command line's one command table.

:data:`COMMANDS` names every command and the module that adds it (``None``: one of
:mod:`builder.cli`'s own).  Each module defines ``register(subparsers)``; a command line
that starts with a command builds only the parsers of that command's module
(:func:`builder.cli.build_parser`) and imports nothing else, and the entry point
(:mod:`builder.__main__`) reads the table to tell a command from a file to open in the
window.  This module imports nothing, so reading the table costs the window's start
nothing.  A new command is one line here (and its module); a rule system's own commands
are not listed here: its Ruleset class declares them (``commands``), and
:func:`rule_system_commands` asks the registry only for a word that is not in the table.
"""
from __future__ import annotations

#: Every command, and the module that registers it (None: builder.cli itself).
COMMANDS: dict[str, str | None] = {
    "rulesets": None,
    "data": None,
    "new": None,
    "show": None,
    "options": None,
    "check": None,
    "do": None,
    "undo": None,
    "plan": None,
    "campaign": "builder.cli_commands.campaign",
    "pool": "builder.cli_commands.campaign",
    "export-pdf": "builder.cli_commands.export_pdf",
    "library": "builder.cli_commands.library",
    "install-example": "builder.cli_commands.examples",
    "help": None,
    **dict.fromkeys(("merge", "merge-driver", "setup", "verify", "conflicts", "resolve", "sync",
                     "repair", "doctor"), "builder.cli_commands.sync"),
}


def command_modules() -> tuple[str, ...]:
    """Every module that registers commands, each once, in the table's order."""
    return tuple(dict.fromkeys(module for module in COMMANDS.values() if module))


def rule_system_commands(command: str | None = None) -> dict[str, str]:
    """The rule systems' own commands (name -> the module that registers it); given
    ``command``, only that one (nothing when it is one of the table's)."""
    if command is not None and command in COMMANDS:
        return {}
    from builder.app.queries import ruleset_commands

    return {name: module for name, module in ruleset_commands(command).items()
            if name not in COMMANDS}


def is_command(word: str) -> bool:
    """Whether ``word`` names a command: the table's, or a rule system's."""
    return word in COMMANDS or bool(rule_system_commands(word))


def all_commands() -> list[str]:
    """Every command: the table's, then the rule systems'."""
    return [*COMMANDS, *rule_system_commands()]


def near_commands(word: str, names: list[str]) -> list[str]:
    """The names in ``names`` close to ``word``, a mistyped command (or sub-command):
    difflib's close matches, best first, the case of ``word`` aside.  The entry point asks
    it too, to tell a mistyped command from a mistyped character's name."""
    import difflib

    return difflib.get_close_matches(word.lower(), names, n=3, cutoff=0.6)


def did_you_mean(word: str, names: list[str]) -> str:
    """``; did you mean 'show'?`` (the close names, each quoted), or "" when no name is
    close to ``word``."""
    quoted = [f"'{name}'" for name in near_commands(word, names)]
    if not quoted:
        return ""
    listed = f"{', '.join(quoted[:-1])} or {quoted[-1]}" if len(quoted) > 1 else quoted[0]
    return f"; did you mean {listed}?"
