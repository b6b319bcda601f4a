"""``library``: the library's file operations, as the window's Library tab has them.

library list [--paths] [--json]       the characters in the library, by name
library import FILE...                copy character files into the library (all or none)
library duplicate FILE [--name NAME]  a copy in the library ("NAME (copy)" by default)
library rename FILE NAME              a new name inside the file (the file keeps its path)
library trash FILE...                 move files to the recoverable trash (all or none)
library restore [ITEM...] [--json]    no ITEM: list the trash; else put ITEMs back
library add FOLDER                    add a folder (Syncthing, Dropbox, git) to the library
library remove-folder FOLDER          take an added folder off the list (files stay)
library folders [--json]              the library's folders, the data folder first

Each is one application-layer operation (:mod:`builder.app.library`,
:func:`builder.app.characters.rename`), the one the window runs.  Every command
prints what it wrote, one file per line.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from builder.app.outcome import Outcome
    from builder.cli import Parser


def _print_lines(outcome: Outcome) -> int:
    from builder.cli_output import out

    for line in outcome.lines:
        out(line)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from builder.app import library, lookup
    from builder.cli_commands.sync import restore_own
    from builder.cli_output import columns, out, padded, print_json

    restore_own()          # entries this device wrote that a shared folder lost
    entries = library.scan()
    if args.json:
        print_json([{"path": str(e.path), "name": e.name, "ruleset": e.ruleset_id,
                     "headline": dict(e.headline), "modified": e.modified_iso,
                     "problem": e.problem} for e in entries])
        return 0
    if not entries:
        from builder.app.queries import characters_folder

        out(f"no characters in the library yet ({characters_folder()}); "
            "character-builder new RULESET NAME creates one there")
        return 0
    words = lookup.handles(entries)
    # the names' column fits the names, up to 40 characters: a longer name moves its own
    # row's figures along, not every row's
    width = min(40, max(24, *(columns(words[e.path]) + 1 for e in entries)))
    for e in entries:
        figures = ", ".join(f"{label} {value}" for label, value in e.headline.items())
        line = f"{padded(words[e.path], width)} {e.ruleset_id:<16} {figures}"
        if e.problem:
            line += f"  ({e.problem})"
        if args.paths:
            line += f"  {e.path}"
        out(line.rstrip())
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from builder.app import library

    return _print_lines(library.import_files(args.files))


def cmd_duplicate(args: argparse.Namespace) -> int:
    from builder.app import library

    return _print_lines(library.duplicate(args.file, args.name))


def cmd_rename(args: argparse.Namespace) -> int:
    from builder.app import characters

    return _print_lines(characters.rename(args.file, args.name))


def cmd_trash(args: argparse.Namespace) -> int:
    from builder.app import library
    from builder.cli_output import err

    outcome = library.trash(args.files)
    _print_lines(outcome)
    for note in outcome.notes:
        err(f"note: {note} (library restore)")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from builder.app import library
    from builder.cli_output import out, print_json

    if not args.items:
        items = library.trash_items()
        if args.json:
            print_json([{"trashed": str(i.trashed), "original": str(i.original),
                         "name": library.trashed_name(i)} for i in items])
        elif not items:
            from builder.app.queries import trash_folder

            out(f"the trash is empty ({trash_folder()})")
        else:
            for item in items:
                name = library.trashed_name(item)
                renamed = "" if name.casefold() == item.original.stem.casefold() else f"{name}, "
                out(f"{item.trashed.name}  ({renamed}from {item.original})")
        return 0
    return _print_lines(library.restore([library.find_trashed(w) for w in args.items]))


def cmd_add(args: argparse.Namespace) -> int:
    from builder.app import library

    return _print_lines(library.add_folder(args.folder))


def cmd_remove_folder(args: argparse.Namespace) -> int:
    from builder.app import library

    return _print_lines(library.remove_folder(args.folder))


def cmd_folders(args: argparse.Namespace) -> int:
    from builder.app import library
    from builder.app.queries import characters_folder
    from builder.cli_output import out, print_json

    default, added = characters_folder(), library.folders()
    if args.json:
        print_json({"default": str(default), "added": [str(f) for f in added]})
        return 0
    out(f"{default}  (the data folder)")
    for folder in added:
        out(str(folder) if folder.is_dir() else f"{folder}  (not found now)")
    return 0


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    p = subparsers.add_parser("library", help="list, import, duplicate, rename, trash and "
                                              "restore characters")
    sub = p.add_subparsers(dest="library_command", metavar="ACTION", required=True,
                           parser_class=type(p))

    q = sub.add_parser("list", help="the characters in the library, by the names every "
                                    "command takes for FILE")
    q.add_argument("--paths", action="store_true", help="also print each one's file")
    q.add_argument("--json", action="store_true", help="print JSON instead of text")
    q.set_defaults(func=cmd_list)

    q = sub.add_parser("import", help="copy character files into the library (all or none)")
    q.add_argument("files", nargs="+", metavar="FILE", help="a character file")
    q.set_defaults(func=cmd_import)

    q = sub.add_parser("duplicate", help="a copy of a character in the library")
    q.add_argument("file", help="a character file")
    q.add_argument("--name", default=None, help="the copy's name (default: NAME (copy))")
    q.set_defaults(func=cmd_duplicate)

    q = sub.add_parser("rename", help="give a character a new name (the file keeps its path)")
    q.add_argument("file", help="a character file")
    q.add_argument("name", help="the new name")
    q.set_defaults(func=cmd_rename)

    q = sub.add_parser("trash", help="move files to the recoverable trash (all or none)")
    q.add_argument("files", nargs="+", metavar="FILE", help="a character or campaign file")
    q.set_defaults(func=cmd_trash)

    q = sub.add_parser("restore", help="list the trash, or put files back from it")
    q.add_argument("items", nargs="*", metavar="ITEM",
                   help="a file as the listing names it, or the path it had")
    q.add_argument("--json", action="store_true", help="print the listing as JSON")
    q.set_defaults(func=cmd_restore)

    q = sub.add_parser("add", help="add a folder (a Syncthing, Dropbox or git folder) to "
                                   "the library")
    q.add_argument("folder", metavar="FOLDER", help="a folder of character files")
    q.set_defaults(func=cmd_add)

    q = sub.add_parser("remove-folder", help="take an added folder off the library's list "
                                             "(its files stay)")
    q.add_argument("folder", metavar="FOLDER", help="a folder library folders lists")
    q.set_defaults(func=cmd_remove_folder)

    q = sub.add_parser("folders", help="the library's folders, the data folder first")
    q.add_argument("--json", action="store_true", help="print JSON instead of text")
    q.set_defaults(func=cmd_folders)
