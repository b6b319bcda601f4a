"""Entry point: ``character-builder`` and ``python -m builder``.

No arguments (or a character file, or GUI flags) opens the main window;
a command name runs the headless CLI.
"""
from __future__ import annotations

import sys

from builder.cli_commands import COMMANDS

#: What starts the command line rather than the window: every command, and --version.
CLI_COMMANDS = {*COMMANDS, "--version"}


def _is_cli(argv: list[str]) -> bool:
    """The window takes no arguments, flags, or files to open; anything else is the CLI
    (so a mistyped command is a usage error, never a window)."""
    if not argv:
        return False
    if argv[0] in CLI_COMMANDS or argv[0] in ("-h", "--help"):
        return True
    if argv[0].startswith("-"):
        return False
    import os

    from builder.ui.app import qt_option

    words, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word == "--screenshot":
            skip = True          # its value is a PNG path, not a file to open
        elif option := qt_option(word):
            skip = option[1]            # -style fusion: "fusion" is Qt's, not a file
        elif not word.startswith("-"):
            words.append(word)
    looks_like_files = all(w.lower().endswith(".json") or os.path.exists(w) for w in words)
    return not looks_like_files


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
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
    if _is_cli(argv):
        from builder.cli import end_process, run

        code = run(argv)
        if program:
            end_process(code)  # no teardown (see there); returns when one is needed
        return code
    from builder.ui.app import run_gui

    return run_gui(argv)


if __name__ == "__main__":
    sys.exit(main())
