"""Sharing a folder: merging copies of a file, git's merge driver, conflicts.

merge A B [C...] -o OUT        every entry of every copy in OUT (what the rules refuse
                               after the merge is suspended, never dropped)
merge-driver O A B [L [P]]     git's merge driver (setup git declares it): 0 merged,
                               1 merged with suspended entries recorded, 2 not merged
setup git [FOLDER]             .gitattributes and the clone's config for the driver
repair FILE                    a file git merged as text, rebuilt from git's versions
verify [PATH...]               every file replays and is canonical
conflicts [PATH...] [--json]   the suspended entries no ruling closed
resolve FILE ENTRY --revoke|--keep|--reopen
sync status [PATH...] [--json] conflict copies to take in, suspended entries (and
                               entries this device wrote that a file had lost,
                               merged back: see :func:`builder.app.sync.restore_own`)
sync intake [FOLDER...]        conflict copies merged into their files, then removed;
                               then what files lost of this device's entries

Each is one operation of :mod:`builder.app.sync`.  Exit codes as everywhere: 0 done,
1 a conflict or a problem the rules see, 2 bad input.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sys

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterable, Sequence
    from pathlib import Path

    from builder.cli import Parser


def _lines(lines: Iterable[str]) -> None:
    from builder.cli_output import out

    for line in lines:
        out(line)


def cmd_merge(args: argparse.Namespace) -> int:
    from builder.app import sync

    merged = sync.merge_files(args.files, args.output)
    _lines(merged.lines())
    return 1 if merged.result.open_conflicts else 0


def cmd_merge_driver(args: argparse.Namespace) -> int:
    from builder.app import sync

    code, lines = sync.merge_driver(args.base, args.ours, args.theirs, args.marker or "7",
                                    args.name or "")
    for line in lines:
        print(line, file=sys.stderr)
    return code


def cmd_repair(args: argparse.Namespace) -> int:
    from builder.app import sync

    merged = sync.repair(args.file)
    _lines(merged.lines())
    return 1 if merged.result.open_conflicts else 0


def cmd_setup(args: argparse.Namespace) -> int:
    from builder.app import sync

    _lines(sync.setup_git(args.folder, args.command))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from builder.app import sync

    failed = False
    for path, _ in _files(args.files):
        verdict = sync.verify(path)
        failed |= not verdict.ok
        _lines([f"{path}: ok"] if verdict.ok else [f"{path}: {p}" for p in verdict.problems])
    return 1 if failed else 0


def _files(paths: Sequence[str]) -> list[tuple[Path, bool]]:
    """The files named, and the data files in the folders named and in their campaigns
    folders (none named: the library's)."""
    from pathlib import Path

    from builder.app import sync

    found: list[tuple[Path, bool]] = []
    named = [Path(p) for p in paths]
    places = [place for path in named
              for place in (sync.named_folders([path]) if path.is_dir() else [path])]
    for path in dict.fromkeys(places if named else sync.named_folders(())):
        found.extend([(f, True) for f in sync.data_files(path)] if path.is_dir()
                     else [(path, False)])
    return found


def _conflicts(files: Iterable[tuple[Path, bool]],
               unreadable: list[str] | None = None) -> list[dict[str, Any]]:
    """The open conflicts of (file, quiet) pairs: a quiet one that cannot be read (a
    file found in a folder) has none, its problem added to ``unreadable``; one named on
    the command line is an error."""
    from builder.app import sync
    from builder.app.types import FileProblem

    rows: list[dict[str, Any]] = []
    for path, quiet in files:
        try:
            found = sync.open_conflicts(path)
        except FileProblem as problem:
            if not quiet:
                raise
            if unreadable is not None:
                unreadable.append(str(problem))
            continue
        for s, line in found:
            rows.append({"file": str(path), "entry": s.entry.get("id"),
                         "action": s.entry.get("action"), "at": s.entry.get("at", ""),
                         "device": s.entry.get("device_name", ""), "reasons": list(s.reasons),
                         "collides_with": s.collides_with, "text": line})
    return rows


def _say_unreadable(unreadable: list[str]) -> None:
    """Files in a folder that could not be read: their entries were not looked at."""
    from builder.cli_output import err

    for problem in unreadable:
        err(f"note: {problem}; its entries were not looked at")


def cmd_conflicts(args: argparse.Namespace) -> int:
    from builder.cli_output import out, print_json

    unreadable: list[str] = []
    rows = _conflicts(_files(args.files), unreadable)
    _say_unreadable(unreadable)
    if args.json:
        print_json(rows)
    else:
        for row in rows:
            out(f"{row['file']}: {row['text']}")
        if not rows:
            out("no conflicts")
    return 1 if rows else 0


def cmd_resolve(args: argparse.Namespace) -> int:
    from builder.app import sync

    ruling = sync.KEEP if args.keep else sync.REOPEN if args.reopen else sync.REVOKE
    merged = sync.resolve(args.file, args.entry, ruling)
    _lines(merged.lines())
    return 0


def _folders(paths: Sequence[str]) -> list[Path]:
    """The folders among ``paths`` (files may be named too), each with its campaigns
    folder (none named: the library's)."""
    from pathlib import Path

    from builder.app import sync

    folders = [p for p in paths if Path(p).is_dir()]
    return sync.named_folders(folders) if folders or not paths else []


def restore_own(said: bool = True) -> list[Any]:
    """Merge back what shared files lost of this device's entries (its device log);
    each file restored is one line on stderr (``said``)."""
    from builder.app import sync
    from builder.cli_output import err

    restored = sync.restore_own()
    if said:
        for item in restored:
            err(item.line())
    return restored


def cmd_sync_status(args: argparse.Namespace) -> int:
    from builder.app import sync
    from builder.cli_output import err, out, print_json

    restored = restore_own(said=False)
    files = _files(args.paths)
    copies = sync.conflict_copies(_folders(args.paths))
    unreadable: list[str] = []
    rows = _conflicts(files, unreadable)
    intakes = sync.recent_intakes()
    places = dict.fromkeys(_folders(args.paths) + [f.parent for f, _ in files])
    warnings = list(dict.fromkeys(w for w in map(sync.git_driver_missing, places) if w))
    if args.json:
        print_json({"files": [str(f) for f, _ in files],
                    "conflict_copies": [str(c) for c in copies], "suspended": rows,
                    "merged_in": intakes, "warnings": warnings,
                    "restored": [r.to_json() for r in restored], "unreadable": unreadable})
        return 0
    for warning in warnings:
        err(f"warning: {warning}")
    _say_unreadable(unreadable)
    out(f"{len(files)} {'file' if len(files) == 1 else 'files'}, "
        f"{len(copies)} conflict {'copy' if len(copies) == 1 else 'copies'} to take in, "
        f"{len(rows)} suspended {'entry' if len(rows) == 1 else 'entries'}")
    for item in restored:
        out(item.line())
    if intakes:
        out("conflict copies taken in on this device, oldest first:")
    for item in intakes:
        out(f"  {sync.intake_words(item)}")
    for copy in copies:
        out(f"{copy}: a conflict copy (sync intake merges it)")
    for row in rows:
        out(f"{row['file']}: {row['text']}")
    return 0


def cmd_sync_intake(args: argparse.Namespace) -> int:
    from builder.app import sync

    done = sync.take_in_all(sync.named_folders(args.folders))
    _lines(item.line() for item in done)
    _lines(item.line() for item in sync.restore_own())
    return 2 if any(item.merged is None for item in done) else 0


def cmd_doctor(args: argparse.Namespace) -> int:
    """What would make a shared folder go wrong: a .gitattributes naming the merge
    driver in a clone that lacks it.  Exit 1 when something is found."""
    from builder.app import sync
    from builder.cli_output import err, out

    places = dict.fromkeys(sync.named_folders(args.paths))
    warnings = list(dict.fromkeys(w for w in map(sync.git_driver_missing, places) if w))
    for warning in warnings:
        out(f"warning: {warning}")
    if not warnings:
        out("no problems found")
    left_out = None if args.paths else sync.work_tree_left_out(list(places))
    if left_out is not None:
        err(f"note: the library's folders were checked, not the git work tree here "
            f"({left_out}); character-builder doctor . checks it")
    return 1 if warnings else 0


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    p = subparsers.add_parser("doctor", help="check a shared folder's set-up (the git "
                                             "merge driver)")
    p.add_argument("paths", nargs="*", metavar="FOLDER",
                   help="a folder (default: the library's folders)")
    p.set_defaults(func=cmd_doctor)

    p = subparsers.add_parser("merge", help="merge copies of a character or campaign file")
    p.add_argument("files", nargs="+", metavar="FILE", help="a copy of the file")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="where the merge goes (an existing OUT is merged in too)")
    p.set_defaults(func=cmd_merge)

    p = subparsers.add_parser("merge-driver", help="git's merge driver for character and "
                                                   "campaign files (setup git declares it)")
    p.add_argument("base", metavar="O", help="the common ancestor (%%O; not needed)")
    p.add_argument("ours", metavar="A", help="our version, where the merge goes (%%A)")
    p.add_argument("theirs", metavar="B", help="their version (%%B)")
    p.add_argument("marker", metavar="L", nargs="?", help="conflict marker size (%%L)")
    p.add_argument("name", metavar="P", nargs="?", help="the path in the work tree (%%P)")
    p.set_defaults(func=cmd_merge_driver)

    p = subparsers.add_parser("repair", help="rebuild a file git merged as text (conflict "
                                             "markers) from the versions git keeps")
    p.add_argument("file", help="a conflicted character or campaign file in a git work tree")
    p.set_defaults(func=cmd_repair)

    p = subparsers.add_parser("setup", help="set a folder up for sharing (setup git)")
    sub = p.add_subparsers(dest="setup_command", metavar="WHAT", required=True,
                           parser_class=type(p))
    q = sub.add_parser("git", help="declare the merge driver in .gitattributes and in this "
                                   "clone's config")
    q.add_argument("folder", nargs="?", default=".", help="a folder in the git work tree")
    q.add_argument("--command", default="character-builder",
                   help="how git runs this program (default: character-builder)")
    q.set_defaults(func=cmd_setup)

    p = subparsers.add_parser("verify", help="check that files replay and are canonical")
    p.add_argument("files", nargs="*", metavar="PATH",
                   help="a character or campaign file, or a folder (default: the library)")
    p.set_defaults(func=cmd_verify)

    p = subparsers.add_parser("conflicts", help="the suspended entries of files")
    p.add_argument("files", nargs="*", metavar="PATH",
                   help="a character or campaign file, or a folder (default: the library)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_conflicts)

    p = subparsers.add_parser("resolve", help="settle a suspended entry with a ruling")
    p.add_argument("file", metavar="FILE", help="a character or campaign file")
    p.add_argument("entry", metavar="ENTRY", help="the entry's id (or its start)")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--revoke", action="store_true",
                     help="revoke the entry (kept in the file, no longer applied)")
    how.add_argument("--keep", action="store_true",
                     help="keep a suspended entry as the game master's ruling")
    how.add_argument("--reopen", action="store_true",
                     help="take back the entry's ruling (the ruling stays in the file)")
    p.set_defaults(func=cmd_resolve)

    p = subparsers.add_parser("sync", help="the state of shared files")
    sub = p.add_subparsers(dest="sync_command", metavar="WHAT", required=True,
                           parser_class=type(p))
    q = sub.add_parser("status", help="conflict copies to take in and suspended entries")
    q.add_argument("paths", nargs="*", metavar="PATH",
                   help="a character or campaign file, or a folder (default: the library)")
    q.add_argument("--json", action="store_true", help="print JSON instead of text")
    q.set_defaults(func=cmd_sync_status)

    q = sub.add_parser("intake", help="merge sync engines' conflict copies into their files")
    q.add_argument("folders", nargs="*", metavar="FOLDER",
                   help="a shared folder (default: the library's folders)")
    q.set_defaults(func=cmd_sync_intake)
