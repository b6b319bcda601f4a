"""Entry point: ``character-builder`` and ``python -m builder``.

No arguments (or a character file, a library character's name, or GUI flags) opens the
main window; a command name runs the headless CLI.
"""
from __future__ import annotations

import gc
import sys

from builder.cli_commands import COMMANDS

#: What starts the command line rather than the window: every command, and --version.
CLI_COMMANDS = {*COMMANDS, "--version"}


def _is_command(word: str) -> bool:
    """A command of the table, or a rule system's own (asked of the registry only for a
    word that is neither an option nor a .json file: the window's start pays nothing)."""
    if word in CLI_COMMANDS:
        return True
    if word.startswith("-") or word.lower().endswith(".json"):
        return False
    from builder.cli_commands import is_command

    return is_command(word)


def _file_words(argv: list[str]) -> list[int]:
    """Where the window's command line has the files to open (not options, not the values
    of --screenshot or of Qt's own options)."""
    from builder.ui.app import qt_option

    found, skip = [], False
    for index, word in enumerate(argv):
        if skip:
            skip = False
        elif word == "--screenshot":
            skip = True          # its value is a PNG path, not a file to open
        elif option := qt_option(word):
            skip = option[1]            # -style fusion: "fusion" is Qt's, not a file
        elif not word.startswith("-"):
            found.append(index)
    return found


def _is_cli(argv: list[str]) -> bool:
    """The window takes no arguments, flags, or files to open; anything else is the CLI
    (so a mistyped command is a usage error, never a window)."""
    if not argv:
        return False
    if _is_command(argv[0]) or argv[0] in ("-h", "--help"):
        return True
    if argv[0].startswith("-"):
        return False
    import os

    words = [argv[i] for i in _file_words(argv)]
    looks_like_files = all(w.lower().endswith(".json") or os.path.exists(w) for w in words)
    return not looks_like_files


def _named_in_library(argv: list[str]) -> list[str] | None:
    """``argv`` with each file word that names a library character or campaign
    (``character-builder Senna``) replaced by its path, for the window; None when a word
    names none (then it is a mistyped command, for the command line to say so)."""
    if not argv or argv[0].startswith("-") or _is_command(argv[0]):
        return None
    from builder.app.lookup import NearNames, resolve
    from builder.app.types import UsageError

    result = list(argv)
    for index in _file_words(argv):
        try:
            path = resolve(argv[index])
        except NearNames as problem:
            _not_named.append(str(problem))
            return None
        except UsageError:
            return None
        if not path.exists():
            return None
        result[index] = str(path)
    return result


#: Why the last word given to open in the window named no library file, when the
#: library has names near it (the resolver's one line).
_not_named: list[str] = []


def _like_a_command(word: str) -> bool:
    """A word close to a command's name (a mistyped command, for the command line to answer
    with the commands and the near ones) rather than to a character's."""
    from builder.cli_commands import near_commands

    return bool(near_commands(word, list(CLI_COMMANDS)))


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        # Ctrl+C while Python is still loading the command or the window, before their own
        # guard: the guard's word and exit code, never a traceback.
        from builder.cli_output import EXIT_INTERRUPTED, INTERRUPTED

        sys.stderr.write(INTERRUPTED + "\n")
        return EXIT_INTERRUPTED
    except ModuleNotFoundError as missing:
        # A Python without the program's dependencies (python3 -m builder outside its
        # virtual environment): one line naming the package, never a traceback.
        if not missing.name or missing.name.split(".")[0] == "builder":
            raise
        from builder.cli_output import missing_package_line

        sys.stderr.write(missing_package_line(missing.name) + "\n")
        return 2


def _main(argv: list[str] | None) -> int:
    program = argv is None  # the program itself (character-builder, python -m builder)
    argv = list(sys.argv[1:] if argv is None else argv)
    named = _named_in_library(argv) if _is_cli(argv) else None
    if named is not None:
        argv = named                      # character-builder Senna: Senna's file, in the window
    elif _is_cli(argv) and _not_named and len(argv) == 1 and not _like_a_command(argv[0]):
        sys.stderr.write(_not_named[-1] + "\n")  # character-builder Sena: near names, not commands
        return 2
    elif _is_cli(argv):
        if program:
            # A command is a short process that ends without teardown: reference
            # counting frees what it drops, and the cyclic collector's passes over the
            # modules it loads would only cost time (docs/dev/performance.md).
            gc.disable()
        from builder.cli import end_process, run

        code = run(argv)
        if program:
            end_process(code)  # no teardown (see there); returns when one is needed
        return code
    from builder.ui.app import run_gui

    return run_gui(argv)


if __name__ == "__main__":
    sys.exit(main())
