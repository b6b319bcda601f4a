"""The Fortune/Peril pool's actions, made from what the table says (a session started,
a point spent or earned, a talent's reaction, a Nemesis pool): the records
:func:`builder.app.campaigns.pool_act` applies to a campaign's ledger; ``NAME``: what
the pool is called."""
from __future__ import annotations

from builder.rules.fortune_peril import (
    NAME,
    earn_action,
    nemesis_action,
    react_action,
    spend_action,
    start_action,
)

__all__ = ["NAME", "earn_action", "nemesis_action", "react_action", "spend_action", "start_action"]
