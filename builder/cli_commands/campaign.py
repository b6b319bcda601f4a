"""``campaign`` and ``pool``: run the table from a campaign file.

campaign new NAME [-o FILE] --ruleset RULESET [--member CHARFILE]...
campaign add FILE CHARFILE          campaign remove FILE CHARFILE
campaign show FILE [--json]         campaign list [--json]
campaign set FILE KEY=VALUE...      (the pool's universe settings)
campaign award FILE ACTION [ARGS]   (``do ACTION ARGS`` for every member, all or nothing)
campaign exchange FILE CHARFILE_A "ACTION_A" CHARFILE_B "ACTION_B"
and the sub-commands a rule system declares (``CAMPAIGN_COMMANDS`` in its folder):
campaign xp FILE HD... [--treasure N] --session S [--survivor CHARFILE]... [--share CHARFILE=F]...

pool start FILE --players N [--peril N] [--fortune N] [--name TEXT]
pool spend FILE fortune|peril --check ID --by WHO --for USE [--after-roll] [--gm-allows]
                                [--nemesis NAME] [--on OWNER] [--table-agrees]
pool react FILE --check ID --by WHO --talent NAME [--spend fortune|peril]
pool earn FILE fortune|peril --reason TEXT [--points N]
pool nemesis FILE NAME (--points N | --shared)
pool show FILE [--json]
"""
from __future__ import annotations

import argparse
import shlex
from typing import TYPE_CHECKING, Any, Sequence

from builder.app.types import UsageError

if TYPE_CHECKING:
    from builder.app.outcome import Outcome
    from builder.cli import Parser


def _out(text: str = "") -> None:
    from builder.cli_output import out

    out(text)


def _json(value: Any) -> None:
    from builder.cli_output import print_json

    print_json(value)


# -- campaign -------------------------------------------------------------------------
def _print(outcome: Outcome) -> int:
    for line in outcome.lines:
        _out(line)
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from builder.app import campaigns

    return _print(campaigns.create(campaigns.NewCampaign(
        name=args.name, ruleset=args.ruleset, members=tuple(args.member),
        output=Path(args.output) if args.output else None, force=args.force)))


def cmd_add(args: argparse.Namespace) -> int:
    from builder.app import campaigns

    return _print(campaigns.add_members(args.file, [args.charfile]))


def cmd_remove(args: argparse.Namespace) -> int:
    from builder.app import campaigns

    return _print(campaigns.remove_member(args.file, args.charfile))


def cmd_show(args: argparse.Namespace) -> int:
    from builder.app.queries import campaign_view
    from builder.cli_output import padded

    shown = campaign_view(args.file)
    if args.json:
        _json(shown)
        return 0
    _out(f"{shown['name']}  ({shown['ruleset']})")
    _out("members:")
    for row in shown["member_details"]:
        _out(f"  {padded(row.get('name', '?'), 20)} {row['path']}"
             + (f"  ! {row['problem']}" if row.get("problem") else ""))
    if not shown["member_details"]:
        _out("  (none)")
    _out(f"sessions: {len(shown['sessions'])}")
    pool = shown["pool"]
    if pool["session"]:
        _out(f"pool (session {pool['session']}): Fortune {pool['fortune']}, "
             f"Peril {pool['peril']}")
    for entry in shown["ledger"]:
        _out(f"  {entry['entry']:>3}. {entry['text']}")
    for problem in shown["problems"]:
        for reason in problem["reasons"]:
            _out(f"  ! ledger entry {problem['entry']}: {reason}")
    _notes(shown.get("suspended", []))
    return 0


def _notes(suspended: Sequence[str]) -> None:
    """The entries a merge suspended, on stderr as ``show`` says them of a character."""
    from builder.cli_output import err

    for note in suspended:
        err(f"note: {note}")


def cmd_list(args: argparse.Namespace) -> int:
    from builder.app import campaigns
    from builder.cli_commands.sync import restore_own
    from builder.cli_output import padded

    restore_own()          # entries this device wrote that a shared folder lost
    rows = campaigns.library_campaigns()
    if args.json:
        _json([{"file": str(r.file), "problem": r.problem} if r.problem is not None else
               {"file": str(r.file), "name": r.name, "ruleset": r.ruleset,
                "members": r.members, "sessions": r.sessions} for r in rows])
    elif not rows:
        _out(f"no campaigns in the library yet ({campaigns.library_folder()}); "
             "character-builder campaign new NAME --ruleset RULESET creates one there")
    else:
        for row in rows:
            if row.problem is not None:
                _out(f"! {row.problem}")
            else:
                _out(f"{padded(row.name, 24)} {row.ruleset:<14} {row.members} member(s), "
                     f"{row.sessions} session(s)  {row.file}")
    return 0


def cmd_set(args: argparse.Namespace) -> int:
    from builder.app import campaigns

    return _print(campaigns.set_pool_settings(args.file, args.pairs))


def cmd_award(args: argparse.Namespace) -> int:
    from builder.app import campaigns

    return _print(campaigns.award(args.file, [args.action, *args.args]))


def _words(text: str, what: str) -> list[str]:
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise UsageError(f"{what}: {exc}") from None
    if not words:
        raise UsageError(f"{what} is empty")
    return words


def cmd_exchange(args: argparse.Namespace) -> int:
    from builder.app import campaigns

    return _print(campaigns.exchange(args.file, args.charfile_a,
                                     _words(args.action_a, "ACTION_A"), args.charfile_b,
                                     _words(args.action_b, "ACTION_B")))


# -- pool ------------------------------------------------------------------------------
#: The command line names its own command where the rules say "start a session first".
CLI_NO_SESSION = "no session has started: start one with pool start"


def _pool_do(path: str, action: dict[str, Any]) -> int:
    from builder.app import campaigns
    from builder.app.types import SESSION_MISSING, Reason, Refusal, reason_code

    try:
        return _print(campaigns.pool_act(path, action))
    except Refusal as refusal:
        raise Refusal([Reason(CLI_NO_SESSION, SESSION_MISSING)
                       if reason_code(r) == SESSION_MISSING else r
                       for r in refusal.reasons]) from None


def cmd_pool_start(args: argparse.Namespace) -> int:
    from builder.app import pool as fp

    return _pool_do(args.file, fp.start_action(args.players, peril=args.peril,
                                               fortune=args.fortune, name=args.name or ""))


def cmd_pool_spend(args: argparse.Namespace) -> int:
    from builder.app import pool as fp

    return _pool_do(args.file, fp.spend_action(
        args.side, args.use, check=args.check, by=args.by, after_roll=args.after_roll,
        gm_allows=args.gm_allows, nemesis=args.nemesis, on=args.on,
        table_agrees=args.table_agrees))


def cmd_pool_react(args: argparse.Namespace) -> int:
    from builder.app import pool as fp

    return _pool_do(args.file, fp.react_action(check=args.check, by=args.by,
                                               talent=args.talent, spend=args.spend))


def cmd_pool_earn(args: argparse.Namespace) -> int:
    from builder.app import pool as fp

    return _pool_do(args.file, fp.earn_action(args.side, args.reason, args.points))


def cmd_pool_nemesis(args: argparse.Namespace) -> int:
    from builder.app import pool as fp

    if args.shared == (args.points is not None):
        raise UsageError("pool nemesis needs exactly one of --points N or --shared")
    return _pool_do(args.file, fp.nemesis_action(args.name, None if args.shared
                                                 else args.points))


def cmd_pool_show(args: argparse.Namespace) -> int:
    from builder.app.queries import pool_view

    pool = pool_view(args.file)
    shown = pool.view
    if args.json:
        _json(shown)
        return 0
    if not shown["session"]:
        _out(f"{pool.name}: no session has started (pool start)")
        _notes(pool.suspended)
        return 0
    title = f"{pool.name}, session {shown['session']}"
    if shown["session_name"]:
        title += f" ({shown['session_name']})"
    _out(title)
    _out(f"  Fortune {shown['fortune']}    Peril {shown['peril']}")
    for name, points in shown["nemesis"].items():
        _out(f"  {name} (private Nemesis pool) {points}")
    for row in shown["log"]:
        _out(f"  - {row['text']}")
    for index, reasons in pool.problems:
        for reason in reasons:
            _out(f"  ! ledger entry {index + 1}: {reason}")
    _notes(pool.suspended)
    return 0


# -- registration -------------------------------------------------------------------------
def _side(text: str) -> str:
    folded = text.strip().casefold()
    if folded not in ("fortune", "peril"):
        raise argparse.ArgumentTypeError(f"'{text}' is not fortune or peril")
    return folded


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """``campaign`` and ``pool``, each with its sub-commands."""
    _register_campaign(subparsers)
    _register_pool(subparsers)


def _register_campaign(subparsers: argparse._SubParsersAction[Parser]) -> None:
    from builder.app.pool import NAME as POOL_NAME

    parser_class = subparsers._parser_class  # noqa: SLF001 - the CLI's raising parser
    camp = subparsers.add_parser("campaign", help="a group of characters and its sessions")
    sub = camp.add_subparsers(dest="campaign_command", parser_class=parser_class,
                              required=True, metavar="COMMAND")

    p = sub.add_parser("new", help="create a campaign file")
    p.add_argument("name", help="the campaign's name")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="where to write it (default: the library's campaigns folder)")
    p.add_argument("--force", action="store_true", help="replace an existing FILE")
    p.add_argument("--ruleset", required=True, help="the members' ruleset id")
    p.add_argument("--member", action="append", default=[], metavar="CHARFILE",
                   help="a member's character file (repeatable)")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("add", help="add a character file to a campaign")
    p.add_argument("file", help="a campaign file")
    p.add_argument("charfile", help="the character file to add")
    p.set_defaults(func=cmd_add)

    p = sub.add_parser("remove", help="remove a character file from a campaign")
    p.add_argument("file", help="a campaign file")
    p.add_argument("charfile", help="the character file to remove")
    p.set_defaults(func=cmd_remove)

    p = sub.add_parser("show", help="print a campaign")
    p.add_argument("file", help="a campaign file")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("list", help="list the campaigns in the library")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("set", help=f"set the universe settings of the {POOL_NAME}")
    p.add_argument("file", help="a campaign file")
    p.add_argument("pairs", nargs="+", metavar="KEY=VALUE",
                   help="a pool setting (character-builder help pool-settings lists them)")
    p.set_defaults(func=cmd_set)

    p = sub.add_parser("award", help="apply one action to every member, all or nothing")
    p.add_argument("file", help="a campaign file")
    p.add_argument("action", help="an action of the members' ruleset (as for do)")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the action's arguments"
                   ).required = False          # (some actions take none)
    p.set_defaults(func=cmd_award)

    p = sub.add_parser("exchange", help="a Training Exchange between two members")
    p.add_argument("file", help="a campaign file")
    p.add_argument("charfile_a", help="the first member's character file")
    p.add_argument("action_a", help="the first member's increase, quoted (\"raise-skill Acrobatics\")")
    p.add_argument("charfile_b", help="the second member's character file")
    p.add_argument("action_b", help="the second member's increase, quoted")
    p.set_defaults(func=cmd_exchange)

    # a rule system's own sub-commands (Vogelfrei's ``xp``), declared in its folder
    from importlib import import_module

    from builder.app.queries import campaign_commands

    for module in dict.fromkeys(campaign_commands().values()):
        import_module(module).register_campaign(sub)


def _register_pool(subparsers: argparse._SubParsersAction[Parser]) -> None:
    from builder.app.pool import NAME as POOL_NAME

    parser_class = subparsers._parser_class  # noqa: SLF001 - the CLI's raising parser
    pool = subparsers.add_parser("pool", help=f"the Fortune/Peril {POOL_NAME}")
    psub = pool.add_subparsers(dest="pool_command", parser_class=parser_class,
                               required=True, metavar="COMMAND")

    p = psub.add_parser("start", help="start a new session with a fresh pool")
    p.add_argument("file", help="a campaign file")
    p.add_argument("--players", type=int, required=True, help="how many players sit at the table")
    p.add_argument("--peril", type=int, default=None, help="the Peril side's size for this session")
    p.add_argument("--fortune", type=int, default=None, help="the Fortune side's size for this session")
    p.add_argument("--name", default=None, help="a name for the session")
    p.set_defaults(func=cmd_pool_start)

    p = psub.add_parser("spend", help="spend a Fortune or Peril Point")
    p.add_argument("file", help="a campaign file")
    p.add_argument("side", type=_side, metavar="fortune|peril",
                   help="which side of the pool the point comes from")
    p.add_argument("--check", required=True, metavar="ID", help="the check the point is spent on")
    p.add_argument("--by", required=True, metavar="WHO", help="who spends it (a player's name, or GM)")
    p.add_argument("--for", dest="use", required=True, type=str.lower,
                   choices=["upgrade", "breakthrough", "detail", "calamity", "complication"],
                   help="what the point buys")
    p.add_argument("--after-roll", action="store_true", help="the spend comes after the roll")
    p.add_argument("--gm-allows", action="store_true", help="the GM allows another spend on this check")
    p.add_argument("--nemesis", default=None, metavar="NAME", help="a Nemesis spends from its private pool")
    p.add_argument("--on", default=None, metavar="OWNER",
                   help="whose check it is (default: the spender's own)")
    p.add_argument("--table-agrees", action="store_true",
                   help="the table agrees to a spend on another player's check")
    p.set_defaults(func=cmd_pool_spend)

    p = psub.add_parser("react", help="a reactive talent trigger answering a GM Peril spend")
    p.add_argument("file", help="a campaign file")
    p.add_argument("--check", required=True, metavar="ID", help="the check the GM spent Peril on")
    p.add_argument("--by", required=True, metavar="WHO", help="the character whose talent triggers")
    p.add_argument("--talent", required=True, metavar="NAME", help="the reactive talent")
    p.add_argument("--spend", type=_side, default=None, metavar="fortune|peril",
                   help="the side the reaction spends from")
    p.set_defaults(func=cmd_pool_react)

    p = psub.add_parser("earn", help="points a rule awards to one side")
    p.add_argument("file", help="a campaign file")
    p.add_argument("side", type=_side, metavar="fortune|peril", help="the side that earns the points")
    p.add_argument("--reason", required=True, help="the rule that awards them")
    p.add_argument("--points", type=int, default=1, help="how many points (default 1)")
    p.set_defaults(func=cmd_pool_earn)

    p = psub.add_parser("nemesis", help="give a Nemesis a private pool")
    p.add_argument("file", help="a campaign file")
    p.add_argument("name", help="the Nemesis's name")
    p.add_argument("--points", type=int, default=None, help="the size of its private pool")
    p.add_argument("--shared", action="store_true",
                   help="the Nemesis spends from the GM's shared pool again")
    p.set_defaults(func=cmd_pool_nemesis)

    p = psub.add_parser("show", help="print the pool and the session log")
    p.add_argument("file", help="a campaign file")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_pool_show)
