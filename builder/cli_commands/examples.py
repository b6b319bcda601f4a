"""``install-example``: put an example that ships with the program into the user's
folders (:mod:`builder.app.examples`).

    character-builder install-example              list the examples
    character-builder install-example NAME [--force]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from builder.cli import Parser


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    p = subparsers.add_parser("install-example",
                              help="install an example rule system written as data into "
                                   "your rule systems folder")
    p.add_argument("name", nargs="?", metavar="NAME",
                   help="the example (without NAME: the list of examples)")
    p.add_argument("--force", action="store_true",
                   help="replace a copy you changed")
    p.set_defaults(func=cmd_install_example)


def cmd_install_example(args: argparse.Namespace) -> int:
    from builder.app import examples
    from builder.cli_output import out

    if args.name is None:
        for name, text in examples.EXAMPLES.items():
            out(f"{name:<12} {text}")
        return 0
    for line in examples.install(args.name, force=args.force).lines:
        out(line)
    return 0
