"""The Fortune/Peril pool's actions, made from what the table says (a session started,
a point spent or earned, a talent's reaction, a Nemesis pool): the records
:func:`builder.app.campaigns.pool_act` applies to a campaign's ledger; ``NAME``: what
the pool is called; the pool's view as the window shows it (``Pool``, ``describe``,
``side_name``, ``check``: what the rules would refuse)."""
from __future__ import annotations

from builder.rules.fortune_peril import (
    GM,
    NAME,
    SIDES,
    BlankField,
    Pool,
    check,
    describe,
    earn_action,
    nemesis_action,
    react_action,
    side_name,
    spend_action,
    start_action,
)

__all__ = ["GM", "NAME", "SIDES", "BlankField", "Pool", "check", "describe", "earn_action", "nemesis_action",
           "react_action", "side_name", "spend_action", "start_action"]
