"""The record base (:mod:`builder.rules.records`) for the adapters' own records: the
window and the command line reach the rule engine only through the application layer,
and this module imports nothing else (the window loads it as it starts)."""
from __future__ import annotations

from builder.rules.records import FrozenRecord, Record

__all__ = ["FrozenRecord", "Record"]
