"""The headless commands, over rules + storage (+ sheets).

Exit codes (a contract other tools rely on):
  0  done
  1  refused by the rules: each reason on its own line on stderr; files untouched
  2  bad usage, or a file that cannot be read or written: one line naming it

Extra commands (export-pdf, xp, campaign, pool...) live in modules under
builder/cli_commands/; each defines ``register(subparsers)`` and is found by name.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Callable, Sequence

from builder import __version__
from builder.cli_output import err, open_character, out, print_json  # noqa: F401 (re-exported)
from builder.rules.base import Refusal, UsageError

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


class CliUsage(Exception):
    """Raised by the argument parser instead of exiting."""


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise CliUsage(f"{self.prog}: {message}")


# -- core commands -------------------------------------------------------------
def cmd_rulesets(args) -> int:
    from builder.storage.rulesets import load_ruleset_full
    from builder.rules.registry import ruleset_ids

    rows = []
    for rid in ruleset_ids():
        loaded = load_ruleset_full(rid)
        rows.append({"id": rid, "title": loaded.ruleset.title,
                     "summary": loaded.ruleset.summary_text, "source": loaded.source})
    if args.json:
        print_json(rows)
    else:
        for row in rows:
            out(f"{row['id']:<18} {row['title']}" + ("" if row["source"] == "built-in"
                                                    else f"  (override: {row['source']})"))
    return EXIT_OK


def cmd_data(args) -> int:
    from builder.storage.rulesets import load_ruleset_full

    loaded = load_ruleset_full(args.ruleset)
    data = loaded.ruleset.public_data()
    if args.json:
        print_json(data)
    else:
        from builder.rules.base import _generic_text

        out(_generic_text(data))
    return EXIT_OK


def _parse_sets(pairs: Sequence[str]) -> list[tuple[str, str]]:
    from builder.app.characters import parse_sets

    return parse_sets(pairs)


def cmd_new(args) -> int:
    from builder.app import characters
    from builder.storage.rulesets import load_ruleset_full

    loaded = load_ruleset_full(args.ruleset)
    if not args.name.strip():
        raise UsageError("a character needs a name")
    outcome = characters.create(characters.NewCharacter(
        ruleset=loaded.ruleset, name=args.name, sets=_parse_sets(args.set),
        randomize=bool(args.random), seed=args.seed,
        output=Path(args.output) if args.output else None, force=args.force))
    for line in outcome.lines:
        out(line)
    return EXIT_OK


def cmd_show(args) -> int:
    cf = open_character(args.file)
    if cf.read_only:
        err(f"note: {cf.read_only}")
    derived = cf.derived()
    if args.json:
        print_json(derived)
    else:
        out(cf.ruleset.show_text(derived))
        if cf.replay.problems:
            err(f"note: {args.file} has ledger problems; run check")
    return EXIT_OK


def cmd_options(args) -> int:
    cf = open_character(args.file)
    options = cf.options()
    if args.json:
        print_json([o.to_json() for o in options])
    else:
        for o in options:
            mark = "  " if o["allowed"] else "x "
            line = f"{mark}{o['kind']:<9} {o['name']:<22} -> {o['target']}  cost {o['cost']}"
            out(line)
            for reason in o["reasons"]:
                out(f"      {reason}")
    return EXIT_OK


def cmd_do(args) -> int:
    from builder.app import characters
    from builder.rules.base import ActionHelp

    words = [args.action, *args.args]
    if "--help" in words or "-h" in words:
        # do FILE ACTION --help: the action's help, from the file's ruleset (also for a
        # file this version only reads); nothing is written.
        try:
            open_character(args.file).ruleset.parse_action(words)
        except ActionHelp as shown:
            sys.stdout.write(shown.text)
            return EXIT_OK
    # Under the file's lock, on what the file holds now (builder.app.characters.act).
    for line in characters.act(args.file, words, seed=args.seed).lines:
        out(line)
    return EXIT_OK


def cmd_undo(args) -> int:
    from builder.storage import documents

    if documents.peek_kind(args.file) == "campaign":
        from builder.app import campaigns

        outcome = campaigns.undo(args.file)
    else:
        from builder.app import characters

        outcome = characters.undo(args.file)
    for line in outcome.lines:
        out(line)
    return EXIT_OK


def cmd_plan(args) -> int:
    cf = open_character(args.file)
    result = cf.ruleset.plan(cf.state, args.target)
    if args.json:
        print_json(result)
    else:
        running = 0
        unit = cf.ruleset.balance_label or "SP"
        for step in result["steps"]:
            running += step["cost"]
            out(f"{step['kind']:<9} {step['name']:<20} -> {step['target']:<3} "
                f"{step['cost']:>3} {unit}  (total {running})")
        out(f"total {result['total_cost']}; "
            + ("affordable now" if result["affordable"] else "not affordable yet"))
        for line in result.get("missing", []) or []:
            out(f"  {line}")
    return EXIT_OK


def cmd_check(args) -> int:
    cf = open_character(args.file)
    problems = cf.replay.problems
    if args.json:
        print_json({"file": args.file, "legal": not problems,
                    "problems": [p.to_json() for p in problems]})
    else:
        if not problems:
            out(f"{args.file}: no problems")
        for problem in problems:
            for line in problem.lines():
                out(line)
    return EXIT_OK if not problems else EXIT_REFUSED


# -- parser ---------------------------------------------------------------------
WINDOW_AND_EXIT_CODES = """\
the window:
  character-builder [FILE ...] [--no-restore] [--quit-when-ready] [--screenshot PNG]
                    [Qt options: -style NAME, -platform NAME, -reverse, ...]
  With no COMMAND, opens the main window (the library, and FILE in tabs).
  --no-restore skips last session's tabs; --quit-when-ready exits 0 once the window
  is painted with FILE and the restored tabs open (2 if a FILE cannot be opened);
  --screenshot PNG saves a picture of the ready window and exits. Qt's own options
  reach Qt; any other option is a usage error (exit 2).

exit codes:
  0  done
  1  refused by the rules (each reason on its own line on stderr; files untouched)
  2  bad usage, or a file that cannot be read or written (one line naming it)

COMMAND --help describes each command; `new RULESET --help` lists its --set keys,
`do FILE --help` the actions of FILE's ruleset, `do FILE ACTION --help` an action's
arguments.
"""


class _NewHelp(argparse.Action):
    """``new [RULESET] --help``: the usual help, then that ruleset's --set keys."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0,
                         help="show this help (after RULESET: also its --set keys) and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from builder.rules.registry import ruleset_class, ruleset_ids

        parser.print_help()
        wanted = getattr(namespace, "ruleset", None)
        for rid in ([wanted] if wanted else ruleset_ids()):
            try:
                cls = ruleset_class(rid)
            except UsageError as problem:
                out(f"\n{problem}")
                continue
            out(f"\n--set keys for {cls.id}:")
            for key in cls.set_keys or ("(none)",):
                out(f"  {key}")
        parser.exit(0)


class _DoHelp(argparse.Action):
    """``do FILE --help``: the usual help, then the actions of FILE's ruleset."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0,
                         help="show this help (after FILE: the actions of its ruleset) and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        path = getattr(namespace, "file", None)
        if path:
            from builder.rules.base import ActionHelp
            from builder.storage.files import FileProblem

            try:
                ruleset = open_character(path).ruleset
            except (FileProblem, UsageError) as problem:
                err(str(problem))
                parser.exit(EXIT_USAGE)
            out(f"\nactions of {ruleset.id} (do FILE ACTION --help for one):")
            for name in ruleset.actions:
                try:
                    ruleset.parse_action([name, "--help"])
                    usage = name
                except ActionHelp as shown:
                    usage = shown.text.strip().splitlines()[0].removeprefix("usage: ")
                except UsageError:
                    usage = name
                out(f"  {usage}")
        parser.exit(0)


def build_parser(command: str | None = None) -> Parser:
    """The command line's parser: every command, or (``command``, a name of
    :data:`COMMANDS`) only that one, which parses its words exactly as the whole
    parser does and costs a fraction of it (argparse builds a parser per command and
    sub-command, 40 of them: about a fifth of a short command's time)."""
    def wanted(name: str) -> bool:
        return command is None or command == name

    parser = Parser(prog="character-builder",
                    description="Create and advance tabletop RPG characters.",
                    epilog=WINDOW_AND_EXIT_CODES,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    json_help = "print JSON instead of text"
    if wanted("rulesets"):
        p = sub.add_parser("rulesets", help="list the rule systems")
        p.add_argument("--json", action="store_true", help=json_help)
        p.set_defaults(func=cmd_rulesets)

    if wanted("data"):
        p = sub.add_parser("data", help="print a ruleset's effective data")
        p.add_argument("ruleset", help="a ruleset id (character-builder rulesets lists them)")
        p.add_argument("--json", action="store_true", help=json_help)
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

    for name, func, helptext in (("show", cmd_show, "print the derived state"),
                                 ("options", cmd_options, "list every possible next increase"),
                                 ("check", cmd_check, "list every problem in a file")):
        if not wanted(name):
            continue
        p = sub.add_parser(name, help=helptext)
        p.add_argument("file", help="a character file")
        p.add_argument("--json", action="store_true", help=json_help)
        p.set_defaults(func=func)

    if wanted("do"):
        p = sub.add_parser("do", help="apply one action and save", add_help=False)
        p.add_argument("-h", "--help", action=_DoHelp)
        p.add_argument("file", help="a character file")
        p.add_argument("action", help="an action of the file's ruleset (do FILE --help lists them)")
        p.add_argument("args", nargs=argparse.REMAINDER,
                       help="the action's arguments (do FILE ACTION --help shows them)")
        p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
        p.set_defaults(func=cmd_do)

    if wanted("undo"):
        p = sub.add_parser("undo", help="remove the last ledger entry")
        p.add_argument("file", help="a character or campaign file")
        p.set_defaults(func=cmd_undo)

    if wanted("plan"):
        p = sub.add_parser("plan", help="cheapest legal path to a target")
        p.add_argument("file", help="a character file")
        p.add_argument("target", help="vital:NAME=N, skill:NAME=N or class:NAME=N")
        p.add_argument("--json", action="store_true", help=json_help)
        p.set_defaults(func=cmd_plan)

    for module_name in SUBCOMMAND_MODULES:
        if command is not None and COMMANDS.get(command) != module_name:
            continue
        register: Callable | None = importlib.import_module(module_name).register
        if register:
            register(sub)
    return parser


#: Modules that add subcommands (each defines ``register(subparsers)``), listed
#: explicitly so wheels and frozen bundles see every one of them.
SUBCOMMAND_MODULES = (
    "builder.cli_commands.campaign",
    "builder.cli_commands.export_pdf",
    "builder.cli_commands.library",
    "builder.cli_commands.vogelfrei",
)

#: Every command, and the module that registers it (None: this one).  A command
#: line that starts with one of these builds only its parser (build_parser); any
#: other (no command, --help, --version, a mistyped command) builds them all.
COMMANDS: dict[str, str | None] = {
    "rulesets": None, "data": None, "new": None, "show": None, "options": None,
    "check": None, "do": None, "undo": None, "plan": None,
    "campaign": "builder.cli_commands.campaign", "pool": "builder.cli_commands.campaign",
    "export-pdf": "builder.cli_commands.export_pdf",
    "library": "builder.cli_commands.library", "xp": "builder.cli_commands.vogelfrei",
}


#: Set (to anything) to let an unexpected exception through with its traceback
#: (tests and fuzzing do, to find the bug); users get one line instead.
DEBUG_ENV = "CHARACTER_BUILDER_DEBUG"


def undecodable_argument(argv: Sequence[str]) -> str | None:
    """A usage line for the first argument that is not valid text (a byte that is
    not UTF-8 reaches sys.argv as a lone surrogate), else None."""
    from builder.storage.jsonio import one_line

    for index, word in enumerate(argv, 1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            shown = word.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return (f"character-builder: argument {index} is not valid text (not UTF-8): "
                    f"'{one_line(shown, 200)}'")
    return None


def run(argv: Sequence[str]) -> int:
    import os

    from builder.resources import InstallationIncomplete
    from builder.storage.files import FileProblem

    argv = list(argv)
    problem = undecodable_argument(argv)
    if problem:
        err(problem)
        return EXIT_USAGE
    from builder.storage.rulesets import report_warnings_to

    # A homebrew override that is ignored says so once, whichever command used it.
    report_warnings_to(lambda warning: err(f"warning: {warning}"))
    try:
        from builder.app.recovery import finish_interrupted

        for line in finish_interrupted():      # a killed change is finished first
            err(f"note: {line}")
        parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return EXIT_USAGE
        return args.func(args)
    except Refusal as refusal:
        for reason in refusal.reasons:
            err(reason)
        return EXIT_REFUSED
    except (UsageError, CliUsage, FileProblem, InstallationIncomplete) as problem:
        err(str(problem))
        return EXIT_USAGE
    except KeyboardInterrupt:
        err("interrupted")
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # noqa: BLE001 - the last guard: no traceback for users
        if os.environ.get(DEBUG_ENV):
            raise
        err(f"character-builder: internal error ({type(exc).__name__}: {exc}); please "
            f"report it (set {DEBUG_ENV}=1 for the details)")
        return EXIT_USAGE
    finally:
        report_warnings_to(None)


def end_process(code: int) -> None:
    """End this process now with ``code``, the command done: what ``sys.exit(code)``
    does, without tearing Python down (every module, and Qt's objects after an
    export), which costs a command 7-16 ms and does nothing a finished command needs.
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
