"""The headless commands, over rules + storage (+ sheets).

Exit codes (a contract other tools rely on):
  0  done
  1  refused by the rules: each reason on its own line on stderr; files untouched
  2  bad usage, or a file that cannot be read or written: one line naming it

Extra commands (export-pdf, xp, campaign, pool...) live in modules under
builder/cli_commands/; each defines ``register(subparsers)``; the one command table is
builder.cli_commands.COMMANDS.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, NoReturn, Sequence

from builder import __version__, cli_commands
from builder.cli_output import (  # noqa: F401 (re-exported)
    EXIT_INTERRUPTED,
    INTERRUPTED,
    OutputFailed,
    discard_output,
    err,
    flush_output,
    missing_package_line,
    open_character,
    os_error_line,
    out,
    output_failed_line,
    print_json,
    write,
)
from builder.app.types import Refusal, UsageError

if TYPE_CHECKING:
    from builder.app.types import Option

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


class CliUsage(Exception):
    """Raised by the argument parser instead of exiting."""


class Parser(argparse.ArgumentParser):
    #: This parser's sub-commands by name (``add_subparsers`` records them; none until
    #: then), for :func:`mistyped_command_hint`.
    subcommands: Mapping[str, argparse.ArgumentParser] = MappingProxyType({})

    def error(self, message: str) -> NoReturn:
        raise CliUsage(f"{self.prog}: {message}")

    def add_subparsers(self, **kwargs: Any) -> Any:
        action = super().add_subparsers(**kwargs)
        self.subcommands = action.choices
        return action


def mistyped_command_hint(argv: Sequence[str], parser: Parser) -> str:
    """``; did you mean 'show'?`` when the command line's command, or a sub-command after
    it (``campaign lsit``), is no name there but close to some; else "".  The commands are
    the command table's and the rule systems' (:func:`builder.cli_commands.all_commands`,
    asked only for a word that is none of the table's); a command's sub-commands are
    those of its parser in ``parser`` (built for ``argv``).  A word after an option is
    left alone: an option first is argparse's to answer (``--version``, ``-h``)."""
    if not argv or argv[0].startswith("-"):
        return ""
    if not cli_commands.is_command(argv[0]):
        return cli_commands.did_you_mean(argv[0], cli_commands.all_commands())
    for command, word in zip(argv, argv[1:]):
        child = parser.subcommands.get(command)
        if not isinstance(child, Parser) or not child.subcommands or word.startswith("-"):
            return ""
        if word not in child.subcommands:
            return cli_commands.did_you_mean(word, list(child.subcommands))
        parser = child
    return ""


# -- core commands -------------------------------------------------------------
def cmd_rulesets(args: argparse.Namespace) -> int:
    from builder.app.queries import rule_systems

    rows = [row.to_json() for row in rule_systems()]
    if args.json:
        print_json(rows)
    else:
        for row in rows:
            out(f"{row['id']:<18} {row['title']}" + ("" if row["source"] == "built-in"
                                                    else f"  (override: {row['source']})"))
    return EXIT_OK


def cmd_data(args: argparse.Namespace) -> int:
    from builder.app import queries

    data = queries.ruleset(args.ruleset).public_data()
    if args.json:
        print_json(data)
    else:
        out(queries.data_text(data))
    return EXIT_OK


def _parse_sets(pairs: Sequence[str]) -> list[tuple[str, str]]:
    from builder.app.characters import parse_sets

    return parse_sets(pairs)


def cmd_new(args: argparse.Namespace) -> int:
    from builder.app import characters, queries

    ruleset = queries.ruleset(args.ruleset)
    characters.require_name(args.name)
    output = Path(args.output) if args.output else None
    if output is not None and args.output.endswith(("/", os.sep)) and not output.is_dir():
        # "-o NEWFOLDER/" names a folder (an existing one takes the character's file)
        raise UsageError(f"{args.output}: no such folder (create it first, or give the "
                         "file's name)")
    sets = _parse_sets(args.set)
    outcome = characters.create(characters.NewCharacter(
        ruleset=ruleset, name=args.name, sets=sets,
        randomize=bool(args.random), seed=args.seed, output=output, force=args.force))
    for line in outcome.lines:
        out(line)
    path = outcome.paths[0]
    # to create it again: -o's file is replaced with --force; in the library a new
    # character is a new file, and this one goes to the trash
    again = ("(and --force to replace the file)" if args.output
             else f"and move this one to the trash (library trash {path.name})")
    for note in outcome.notes:
        err(f"note: {note} {again}")
    if args.output is None:
        _namesakes_note(outcome.paths[0], args.name)
    return EXIT_OK


def _namesakes_note(path: Path, name: str) -> None:
    """A new library character named like others: one line on stderr saying which words
    tell them apart (their file names), before a command meets "names several"."""
    from builder.app import lookup

    others = lookup.namesakes(path, name)
    if others:
        err(f"note: the library already holds a character of this name "
            f"({', '.join(p.name for p in others)}); commands tell them apart by file "
            f"name: this one is {path.name}")


def cmd_show(args: argparse.Namespace) -> int:
    from builder.app.queries import suspended_notes

    cf = open_character(args.file)
    if cf.read_only:
        err(f"note: {cf.read_only}")
    derived = cf.derived(ledger_rows=args.json or cf.ruleset.show_text_prints_ledger)
    suspended = suspended_notes(args.file, cf.doc)      # after a merge
    if args.json:
        print_json({**derived, "suspended": suspended} if suspended else derived)
    else:
        out(cf.ruleset.show_text(derived))
        if cf.replay.problems:
            err(f"note: {args.file} has ledger problems; run check")
        for note in suspended:
            err(f"note: {note}")
    return EXIT_OK


OPTIONS_LEGEND = ("x: the rules refuse it now, for the reasons indented below it; "
                  "unmarked: do FILE can take it now")


def _plural(kind: str) -> str:
    if kind.endswith("y") and kind[-2:-1] not in tuple("aeiou"):
        return kind[:-1] + "ies"
    return kind + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s")


def _option_tail(target: object, cost: object) -> str:
    """``-> TARGET  cost N``, leaving out what the option does not have."""
    tail = "" if target is None or target == "" else f" -> {target}"
    return tail + ("" if cost is None else f"  cost {cost}")


def options_lines(options: Sequence[Option]) -> list[str]:
    """``options`` in words: a legend, one line per option, and the refused options of
    one kind that share their reasons in one line that counts them."""
    groups: dict[tuple[str, tuple[str, ...]], list[Option]] = {}
    for o in options:
        if not o.allowed:
            groups.setdefault((o.kind, o.reasons), []).append(o)
    lines = [OPTIONS_LEGEND]
    shown: set[tuple[str, tuple[str, ...]]] = set()
    for o in options:
        key = (o.kind, o.reasons)
        group = groups.get(key, [o]) if not o.allowed else [o]
        if len(group) == 1:
            mark = "  " if o.allowed else "x "
            lines.append(f"{mark}{o.kind:<9} {o.name:<22}{_option_tail(o.target, o.cost)}".rstrip())
        elif key in shown:
            continue
        else:
            shown.add(key)
            names = [g.name for g in group]
            listed = ", ".join(names if len(names) <= 8 else names[:3])
            if len(names) > 8:
                listed += f" and {len(names) - 3} more (options --json lists them)"
            targets = {g.target for g in group}
            costs = {g.cost for g in group}
            tail = _option_tail(targets.pop() if len(targets) == 1 else None,
                                costs.pop() if len(costs) == 1 else None)
            lines.append(f"x {o.kind:<9} {len(names)} {_plural(o.kind)}: {listed}{tail}")
        lines.extend(f"      {reason}" for reason in o.reasons)
    return lines


def cmd_options(args: argparse.Namespace) -> int:
    cf = open_character(args.file)
    options = cf.options()
    if args.json:
        print_json([o.to_json() for o in options])
    else:
        for line in options_lines(options):
            out(line)
    return EXIT_OK


def identity_parser() -> argparse.ArgumentParser:
    """``do FILE set-identity KEY VALUE``: the same in every rule system."""
    from builder.app.types import action_parser

    parser = action_parser(SET_IDENTITY, "Set who the character is (any rule system); an "
                                         "empty VALUE removes it.")
    from builder.app.identity import KEYS

    parser.add_argument("key", metavar="KEY",
                        help=f"{', '.join(KEYS[:-1])} or {KEYS[-1]}")
    parser.add_argument("value", metavar="VALUE",
                        help="the text; for portrait, an image file (PNG, JPEG, GIF or "
                             "BMP), copied into the data folder")
    return parser


#: The action every rule system has, handled by builder.app.identity.
SET_IDENTITY = "set-identity"


def cmd_set_identity(args: argparse.Namespace) -> int:
    from builder.app import identity
    from builder.app.types import ActionHelp

    try:
        parsed = identity_parser().parse_args(args.args)
    except ActionHelp as shown:
        write(shown.text)
        return EXIT_OK
    for line in identity.set_identity(args.file, {parsed.key: parsed.value}).lines:
        out(line)
    return EXIT_OK


def cmd_do(args: argparse.Namespace) -> int:
    from builder.app import characters
    from builder.app.types import ActionHelp

    if args.action == SET_IDENTITY:
        return cmd_set_identity(args)
    words = [args.action, *args.args]
    if "--help" in words or "-h" in words:
        # do FILE ACTION --help: the action's help, from the file's ruleset (also for a
        # file this version only reads); nothing is written.
        try:
            open_character(args.file).ruleset.parse_action(words)
        except ActionHelp as shown:
            write(shown.text)
            return EXIT_OK
    # Under the file's lock, on what the file holds now (builder.app.characters.act).
    for line in characters.act(args.file, words, seed=args.seed).lines:
        out(line)
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    from builder.app.queries import document_kind

    if document_kind(args.file) == "campaign":
        from builder.app import campaigns

        outcome = campaigns.undo(args.file, latest=True)   # a ruling too
    else:
        from builder.app import characters

        outcome = characters.undo(args.file, latest=True)   # a ruling too
    for line in outcome.lines:
        out(line)
    return EXIT_OK


def cmd_plan(args: argparse.Namespace) -> int:
    from builder.app import queries

    cf = open_character(args.file)
    plan = queries.plan(cf, args.target)
    if args.json:
        print_json(plan.to_json())
    else:
        running = 0
        unit = cf.ruleset.balance_label or "points"
        for step in plan.steps:
            running += step.cost
            out(f"{step.kind:<9} {step.name:<20} -> {step.target:<3} "
                f"{step.cost:>3} {unit}  (total {running})")
        out(f"total {plan.total_cost}; "
            + ("affordable now" if plan.affordable else "not affordable yet"))
        for line in plan.missing:
            out(f"  {line}")
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from builder.app.queries import suspended_notes

    cf = open_character(args.file)
    problems = cf.replay.problems
    suspended = suspended_notes(args.file, cf.doc)     # kept, not applied: no problem
    if args.json:
        report = {"file": args.file, "legal": not problems,
                  "problems": [p.to_json() for p in problems]}
        if suspended:
            report["suspended"] = suspended
        print_json(report)
    else:
        if not problems:
            out(f"{args.file}: no problems")
        for problem in problems:
            for line in problem.lines():
                out(line)
        for note in suspended:
            out(f"{args.file}: {note}")
    return EXIT_OK if not problems else EXIT_REFUSED


def cmd_help(args: argparse.Namespace) -> int:
    from builder.cli_commands.help import help_text

    write(help_text(list(args.words), build_parser, cli_commands.all_commands()))
    return EXIT_OK


# -- parser ---------------------------------------------------------------------
WINDOW_AND_EXIT_CODES = """\
the window:
  character-builder [FILE ...] [--no-restore] [--quit-when-ready] [--screenshot PNG]
                    [Qt options: -style NAME, -platform NAME, -reverse, ...]
  With no COMMAND, opens the main window (the library, and FILE in tabs; FILE may be
  the name of a character or campaign in the library).
  --no-restore skips last session's tabs; --quit-when-ready exits 0 once the window
  is painted with FILE and the restored tabs open (2 if a FILE cannot be opened);
  --screenshot PNG saves a picture of the ready window and exits. Qt's own options
  reach Qt; any other option is a usage error (exit 2).

exit codes:
  0  done
  1  refused by the rules (each reason on its own line on stderr; files untouched)
  2  bad usage, or a file that cannot be read or written (one line naming it)

COMMAND --help (or help COMMAND) describes each command; help alone lists the topics;
`new RULESET --help` lists its --set keys,
`do FILE --help` the actions of FILE's ruleset, `do FILE ACTION --help` an action's
arguments.
"""


class _NewHelp(argparse.Action):
    """``new [RULESET] --help``: the usual help, then that ruleset's --set keys."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0,
                         help="show this help (after RULESET: also its --set keys) and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from builder.app.queries import rule_system_ids, ruleset_class

        parser.print_help()
        wanted = getattr(namespace, "ruleset", None)
        for rid in ([wanted] if wanted else rule_system_ids()):
            try:
                cls = ruleset_class(rid)
            except UsageError as problem:
                out(f"\n{problem}")
                continue
            out(f"\n--set keys for {cls.id}:")
            for key in cls.set_keys or ("(none)",):
                out(f"  {key}")
        parser.exit(0)


#: What every action's usage line starts with (builder.app.types.action_parser).
ACTION_PROG = "character-builder do FILE "


class _DoHelp(argparse.Action):
    """``do FILE --help``: the usual help, then the actions of FILE's ruleset."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0,
                         help="show this help (after FILE: the actions of its ruleset) and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        parser.print_help()
        path = getattr(namespace, "file", None)
        if path:
            from builder.app.types import ActionHelp, FileProblem

            try:
                from builder.app.lookup import resolve

                ruleset = open_character(str(resolve(path))).ruleset
            except (FileProblem, UsageError) as problem:
                err(str(problem))
                parser.exit(EXIT_USAGE)
            out(f"\nactions of {ruleset.id} (do FILE ACTION --help for one):")
            for name in ruleset.actions:
                try:
                    ruleset.parse_action([name.split()[0], "--help"])
                    usage = name
                except ActionHelp as shown:
                    usage = " ".join(shown.text.strip().split("\n\n")[0].split())
                    usage = usage.removeprefix("usage: ").removeprefix(ACTION_PROG)
                except UsageError:
                    usage = name
                out(f"  {usage}")
            try:
                identity_parser().parse_args(["--help"])
            except ActionHelp as shown:
                usage = " ".join(shown.text.strip().split("\n\n")[0].split())
                out(f"  {usage.removeprefix('usage: ').removeprefix(ACTION_PROG)}"
                    "  (every rule system)")
        parser.exit(0)


def build_parser(command: str | None = None) -> Parser:
    """The command line's parser: every command, or (``command``, a name of
    :data:`COMMANDS`) only that one, which parses its words exactly as the whole
    parser does and costs a fraction of it (argparse builds a parser per command and
    sub-command; docs/dev/performance.md has what that costs).  Built once per process
    for a command and the rule systems' commands known then: parsing leaves a parser as
    it was, and a process that runs many commands (the tests, a fuzzing run) builds each
    parser once."""
    return _parser(command, tuple(dict.fromkeys(
        cli_commands.rule_system_commands(command).values())))


#: The help of the options several commands share.
JSON_HELP = "print JSON instead of text"
FILE_HELP = "a character file, or the name of a character in the library"


def _add_starting_commands(sub: argparse._SubParsersAction[Parser],
                           wanted: Callable[[str], bool]) -> None:
    """``rulesets``, ``data`` and ``new``: what a player starts from."""
    if wanted("rulesets"):
        p = sub.add_parser("rulesets", help="list the rule systems")
        p.add_argument("--json", action="store_true", help=JSON_HELP)
        p.set_defaults(func=cmd_rulesets)

    if wanted("data"):
        p = sub.add_parser("data", help="print a ruleset's effective data")
        p.add_argument("ruleset", help="a ruleset id (character-builder rulesets lists them)")
        p.add_argument("--json", action="store_true", help=JSON_HELP)
        p.set_defaults(func=cmd_data)

    if wanted("new"):
        p = sub.add_parser("new", help="create a character", add_help=False)
        p.add_argument("-h", "--help", action=_NewHelp)
        p.add_argument("ruleset", help="a ruleset id (character-builder rulesets lists them)")
        p.add_argument("name", help="the character's name")
        p.add_argument("-o", "--output", metavar="FILE",
                       help="where to write it (a folder: a file named after NAME in it); "
                            "default: the library")
        p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                       help="a starting value (repeatable; new RULESET --help lists the keys)")
        p.add_argument("--random", action="store_true", help="roll what the ruleset rolls")
        p.add_argument("--seed", type=int, default=None, help="seed the dice (implies --random)")
        p.add_argument("--force", action="store_true", help="replace an existing FILE")
        p.set_defaults(func=cmd_new)


def _add_character_commands(sub: argparse._SubParsersAction[Parser],
                            wanted: Callable[[str], bool]) -> None:
    """``show``, ``options``, ``check``, ``do``, ``undo`` and ``plan``: one file's."""
    for name, func, helptext in (("show", cmd_show, "print the derived state"),
                                 ("options", cmd_options, "list every possible next increase"),
                                 ("check", cmd_check, "list every problem in a file")):
        if not wanted(name):
            continue
        p = sub.add_parser(name, help=helptext)
        p.add_argument("file", metavar="FILE", help=FILE_HELP)
        p.add_argument("--json", action="store_true", help=JSON_HELP)
        p.set_defaults(func=func)

    if wanted("do"):
        p = sub.add_parser("do", help="apply one action and save", add_help=False,
                           usage="%(prog)s FILE ACTION [ARG ...]\n"
                                 "       %(prog)s FILE --help\n"
                                 "       %(prog)s FILE ACTION --help")
        p.add_argument("-h", "--help", action=_DoHelp)
        p.add_argument("file", metavar="FILE", help=FILE_HELP)
        p.add_argument("action", metavar="ACTION",
                       help="an action of the file's ruleset (do FILE --help lists them)")
        p.add_argument("args", nargs=argparse.REMAINDER, metavar="ARG",
                       help="the action's arguments (do FILE ACTION --help shows them)"
                       ).required = False      # (some actions take none)
        p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
        p.set_defaults(func=cmd_do)

    if wanted("undo"):
        p = sub.add_parser("undo", help="remove the last ledger entry")
        p.add_argument("file", metavar="FILE", help="a character or campaign file, or the name "
                                                    "of one in the library")
        p.set_defaults(func=cmd_undo)

    if wanted("plan"):
        p = sub.add_parser("plan", help="cheapest legal path to a target")
        p.add_argument("file", metavar="FILE", help=FILE_HELP)
        p.add_argument("target", help="vital:NAME=N, skill:NAME=N or class:NAME=N")
        p.add_argument("--json", action="store_true", help=JSON_HELP)
        p.set_defaults(func=cmd_plan)


@lru_cache(maxsize=None)
def _parser(command: str | None, rule_system_modules: tuple[str, ...]) -> Parser:
    def wanted(name: str) -> bool:
        return command is None or command == name

    parser = Parser(prog="character-builder",
                    description="Create and advance tabletop RPG characters.",
                    epilog=WINDOW_AND_EXIT_CODES,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    _add_starting_commands(sub, wanted)
    _add_character_commands(sub, wanted)
    if wanted("help"):
        p = sub.add_parser("help", help="a command's help, or a topic (help alone lists them)")
        p.add_argument("words", nargs="*", metavar="COMMAND|TOPIC",
                       help="a command (and its sub-command), or a topic")
        p.set_defaults(func=cmd_help)

    for module_name in SUBCOMMAND_MODULES:
        if command is not None and COMMANDS.get(command) != module_name:
            continue
        register: Callable[[argparse._SubParsersAction[Parser]], None] | None = (
            importlib.import_module(module_name).register)
        if register:
            register(sub)
    for module_name in rule_system_modules:
        importlib.import_module(module_name).register(sub)
    return parser


#: The command table (builder.cli_commands.COMMANDS), and the modules it names.
COMMANDS = cli_commands.COMMANDS
SUBCOMMAND_MODULES = cli_commands.command_modules()


#: Set (to anything) to let an unexpected exception through with its traceback
#: (tests and fuzzing do, to find the bug); users get one line instead.
DEBUG_ENV = "CHARACTER_BUILDER_DEBUG"


def undecodable_argument(argv: Sequence[str]) -> str | None:
    """A usage line for the first argument that is not valid text (a byte that is
    not UTF-8 reaches sys.argv as a lone surrogate), else None."""
    from builder.app.types import one_line

    for index, word in enumerate(argv, 1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            shown = word.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return (f"character-builder: argument {index} is not valid text (not UTF-8): "
                    f"'{one_line(shown, 200)}'")
    return None


def run(argv: Sequence[str]) -> int:
    from builder.app.types import FileProblem
    from builder.resources import InstallationIncomplete

    argv = list(argv)
    problem = undecodable_argument(argv)
    if problem:
        err(problem)
        return EXIT_USAGE
    from builder.app.queries import report_warnings_to

    # A homebrew override that is ignored says so once, whichever command used it.
    report_warnings_to(lambda warning: err(f"warning: {warning}"))
    try:
        from builder.app.recovery import finish_interrupted

        for line in finish_interrupted():      # a killed change is finished first
            err(f"note: {line}")
        parser = build_parser(argv[0] if argv and cli_commands.is_command(argv[0]) else None)
        try:
            args = parser.parse_args(argv)
        except CliUsage as problem:      # a mistyped command: argparse's line, and the near
            raise CliUsage(f"{problem}{mistyped_command_hint(argv, parser)}") from None
        if not getattr(args, "func", None):
            parser.print_help()
            return EXIT_USAGE
        resolve_names(args)
        code: int = args.func(args)
        flush_output()
        return code
    except Refusal as refusal:
        for reason in refusal.reasons:
            err(reason)
        return EXIT_REFUSED
    except (UsageError, CliUsage, FileProblem, InstallationIncomplete) as problem:
        err(str(problem))
        return EXIT_USAGE
    except KeyboardInterrupt:
        err(INTERRUPTED)
        return EXIT_INTERRUPTED
    except OutputFailed as failed:
        discard_output()
        err(output_failed_line(failed.cause, failed.done))
        return EXIT_USAGE
    except BrokenPipeError as closed:       # written around out(), straight to the stream
        discard_output()
        err(output_failed_line(closed))
        return EXIT_USAGE
    except ModuleNotFoundError as missing:
        if not missing.name or missing.name.split(".")[0] == "builder":
            return _internal_error(argv, missing)
        err(missing_package_line(missing.name))
        return EXIT_USAGE
    except OSError as refused:
        # The system refused a file or folder (unreadable, full, read-only): the
        # user's situation, never a bug.
        if refused.errno is None:
            return _internal_error(argv, refused)
        err(os_error_line(refused))
        return EXIT_USAGE
    except Exception as exc:  # noqa: BLE001 - the last guard: no traceback for users
        return _internal_error(argv, exc)
    finally:
        report_warnings_to(None)


#: Arguments that name a file to read or change, and the kinds of library file a name
#: there may stand for (a path that exists is always that file).
_CHARACTER_ARGUMENTS = ("charfile", "charfile_a", "charfile_b", "member", "survivor")
_FILE_ARGUMENTS = ("file", "files", *_CHARACTER_ARGUMENTS)
#: Commands whose FILE may be a character or a campaign (the others': a character, or for
#: campaign and pool a campaign).
_EITHER_KIND = ("undo", "export-pdf", "merge", "verify", "conflicts", "resolve", "sync")


def resolve_names(args: argparse.Namespace) -> None:
    """Replace every name of a library character or campaign in ``args`` by its path
    (:func:`builder.app.lookup.resolve`)."""
    import os

    given = [getattr(args, dest, None) for dest in _FILE_ARGUMENTS]
    words = [w for v in given if v for w in (v if isinstance(v, list) else [v])]
    if all(os.path.exists(word) for word in words):
        return                       # only paths: nothing to look up (the usual case)
    from builder.app import lookup

    if args.command in ("campaign", "pool"):
        file_kinds: tuple[str, ...] = (lookup.CAMPAIGN,)
    elif args.command in _EITHER_KIND or getattr(args, "library_command", None) == "trash":
        file_kinds = lookup.BOTH
    else:
        file_kinds = (lookup.CHARACTER,)
    for dest in _FILE_ARGUMENTS:
        value = getattr(args, dest, None)
        if not value:
            continue
        kinds = (lookup.CHARACTER,) if dest in _CHARACTER_ARGUMENTS else file_kinds
        if isinstance(value, list):
            setattr(args, dest, [str(lookup.resolve(v, kinds)) for v in value])
        else:
            setattr(args, dest, str(lookup.resolve(value, kinds)))


def _internal_error(argv: Sequence[str], exc: BaseException) -> int:
    """A bug: its traceback into a crash file, one line naming it (or, with
    :data:`DEBUG_ENV` set, the exception itself)."""
    import os

    if os.environ.get(DEBUG_ENV):
        raise exc
    from builder.app.crash import summary, write_report

    where = "character-builder " + " ".join(argv[:2])
    report = write_report(type(exc), exc, exc.__traceback__, where=where.strip())
    details = (f"details in {report}" if report is not None
               else f"set {DEBUG_ENV}=1 for the details")
    err(f"character-builder: internal error ({summary(exc)}); {details}; please report it")
    return EXIT_USAGE


def end_process(code: int) -> None:
    """End this process now with ``code``, the command done: what ``sys.exit(code)``
    does, without tearing Python down (every module, and Qt's objects after an
    export), which takes a command's time (docs/dev/performance.md) and does nothing a
    finished command needs.
    Only for the program itself (builder/__main__.py), never for a caller of
    :func:`run`.

    The exit handlers still run and both streams are flushed first; when another
    thread is still running or a stream cannot be flushed (a closed pipe), this
    returns and the caller exits the usual way, so Python reports and exits as it
    always did.  Every file a command writes is complete (written, synced and
    renamed) before it returns, so nothing is left for the teardown to finish."""
    import os

    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    import atexit

    atexit._run_exitfuncs()
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    return run(sys.argv[1:] if argv is None else argv)
