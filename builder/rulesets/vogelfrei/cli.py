"""``xp`` and ``campaign xp``: a Vogelfrei session's XP (defeated enemies + treasure,
shared out), counted alone or awarded to a campaign's surviving members.

    character-builder xp 3 3* L2 <1 [--treasure N | --treasure KIND=N ...]
                         [--survivors N] [--part NAME=FRACTION ...] [--not-secure] [--json]
    character-builder campaign xp FILE HD... [--treasure N] --session S
                         [--survivor CHARFILE]... [--share CHARFILE=FRACTION]...

An enemy may be named, ``orc-chief=3*``: the same name counts once (an enemy
that surrenders or flees and fights again counts once per session).
The arithmetic lives in rules/xp.py; the folder declares this module as its
command and its campaign sub-command (``COMMANDS``, ``CAMPAIGN_COMMANDS`` in its
``__init__``), and the command line learns them from the registry.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.app.types import UsageError

if TYPE_CHECKING:
    import argparse

    from builder.cli import Parser


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    p = subparsers.add_parser("xp", help="Vogelfrei: XP for a session's enemies and treasure")
    p.add_argument("hd", nargs="*", metavar="HD",
                   help="each defeated enemy's Hit Dice: 3, 3* (special abilities), "
                        "L2 (a level 2 classed character), <1; NAME=HD counts a named enemy once")
    p.add_argument("--treasure", action="append", default=[], metavar="N|KIND=N",
                   help="silver pieces of treasure brought back to a secure location")
    p.add_argument("--survivors", type=int, default=1, metavar="N",
                   help="surviving participants sharing the XP (default 1)")
    p.add_argument("--part", action="append", default=[], metavar="NAME=FRACTION",
                   help="a surviving participant and the part of the adventure they were "
                        "present for (1, 1/2, 0.25); gives partial shares")
    p.add_argument("--not-secure", action="store_true",
                   help="the treasure is not back at a secure location yet")
    p.add_argument("--kinds", action="store_true", help="list the treasure kinds and stop")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_xp)


def register_campaign(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """``campaign xp``, beside the campaign's shared sub-commands."""
    p = subparsers.add_parser("xp", help="Vogelfrei: share a session's XP among the survivors")
    p.add_argument("file", help="a campaign file")
    p.add_argument("hit_dice", nargs="*", metavar="HD",
                   help="one per defeated enemy: 3, 3*, L2, <1 (ID=HD counts a returning "
                        "enemy once)")
    p.add_argument("--treasure", type=int, default=0, metavar="N",
                   help="silver pieces of treasure brought back to safety")
    p.add_argument("--session", required=True, metavar="S", help="the session the XP is awarded in")
    p.add_argument("--survivor", action="append", default=[], metavar="CHARFILE",
                   help="a member who shares (default: every member)")
    p.add_argument("--share", action="append", default=[], metavar="CHARFILE=FRACTION",
                   help="a member present for part of the adventure (1/2, 0.5)")
    p.set_defaults(func=cmd_campaign_xp)


#: What ``campaign xp`` adds when the session's XP comes to nothing for anyone.
NOTHING_AWARDED = ("nothing was awarded: the enemies and the treasure come to 0 XP "
                   "for every survivor")


def cmd_campaign_xp(args: argparse.Namespace) -> int:
    """Each member's share, all or nothing (``app.campaigns.award_xp``)."""
    from builder.app import campaigns
    from builder.cli_output import out

    outcome = campaigns.award_xp(args.file, campaigns.XpAward(
        enemies=tuple(args.hit_dice), session=args.session, treasure=args.treasure,
        survivors=tuple(args.survivor), shares=tuple(args.share)))
    for line in outcome.lines:
        out(line)
    if not (outcome.award and any(share.xp for share in outcome.award.shares)):
        # the entry is still logged (the exit code and the file stay what they were);
        # the last line says in plain words that it gave nobody anything
        out(NOTHING_AWARDED)
    return 0


def cmd_xp(args: argparse.Namespace) -> int:
    """The arithmetic is the ruleset's party XP capability (``Ruleset.party_xp``)."""
    from builder.cli_output import out, print_json
    from builder.app.queries import ruleset as load_ruleset

    ruleset = load_ruleset("vogelfrei")
    party, data = ruleset.party_xp, ruleset.data
    if party is None:
        raise UsageError(f"the {ruleset.title} rule system shares no party XP")
    counts = dict(data.get("treasure_counts", {}))
    does_not = dict(data.get("treasure_does_not_count", {}))
    if args.kinds:
        if args.json:
            print_json({"counts": counts, "does_not_count": does_not})
        else:
            out("treasure that counts for XP:")
            for key, text in counts.items():
                out(f"  {key:<16} {text}")
            out("wealth that does not count for XP:")
            for key, text in does_not.items():
                out(f"  {key:<16} {text}")
        return 0
    parts = {}
    for text in args.part:
        name, sep, value = text.rpartition("=")
        if not sep:
            raise UsageError(f"--part needs NAME=FRACTION, not '{text}'")
        parts[name.strip()] = value.strip()
    tally = party.tally(data, args.hd, args.treasure, not args.not_secure, parts,
                        treasure_label="--treasure")
    total = tally.total
    result: dict[str, Any] = {"enemies": tally.enemy_xp, "treasure": tally.treasure_xp,
                              "total": total}
    if args.part:
        shares = tally.shares_dict()
        result["survivors"] = len(parts)
        result["shares"] = shares
        result["share"] = max(shares.values())
    else:
        result["survivors"] = args.survivors
        result["share"] = party.equal_share(total, args.survivors)
    enemies = tally.enemies_json()
    result["counted"] = enemies["counted"]
    result["repeated"] = enemies["repeated"]
    if args.json:
        print_json(result)
        return 0
    for row in tally.counted:
        out(f"enemy {row.enemy:<12} HD {row.hd:<4} {row.xp:>6} XP")
    for row in tally.repeated:
        out(f"enemy {row.enemy:<12} HD {row.hd:<4}      0 XP (already counted this session)")
    out(f"enemies  {tally.enemy_xp}")
    out(f"treasure {tally.treasure_xp}")
    out(f"total    {total}")
    if args.part:
        for name, share in tally.shares:
            out(f"  {name}: {share}")
    else:
        survivors = result["survivors"]
        out(f"share    {result['share']} each ({survivors} "
            f"survivor{'' if survivors == 1 else 's'})")
    if not result["share"]:
        out("nothing to award: the enemies and the treasure come to 0 XP "
            + ("in all" if not total else "for each survivor"))
    return 0
