"""``tiny-prices``: what each level of an attribute costs in Tiny Points.

    character-builder tiny-prices [ATTRIBUTE] [--json]

The plugin's own command-line verb: its package declares this module
(``COMMANDS`` in ``__init__.py``) and the command line registers it from there, as it
does a built-in rule system's.
"""
from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("tiny-prices", help="Tiny Points: what each level costs")
    p.add_argument("attribute", nargs="?", metavar="ATTRIBUTE",
                   help="one attribute (default: every one)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_prices)


def cmd_prices(args: argparse.Namespace) -> int:
    from builder.app.queries import ruleset as load_ruleset
    from builder.app.types import match_name
    from builder.cli_output import out, print_json
    from tiny_points.ruleset import TinyState

    ruleset = load_ruleset("tiny-points")
    names = ruleset.attributes
    if args.attribute is not None:
        names = [match_name(args.attribute, names, "attribute")]
    prices = {name: {str(level + 1): ruleset.cost(TinyState({name: level}),
                                                   {"action": "raise", "name": name})
                     for level in range(1, ruleset.limit)}
              for name in names}
    if args.json:
        print_json(prices)
        return 0
    for name, levels in prices.items():
        out(f"{name}: " + ", ".join(f"{level} for {cost} TP" for level, cost in levels.items())
            + f" (total {sum(levels.values())})")
    return 0
