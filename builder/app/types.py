"""The types the adapters (the command line, the window) name, from one place.

The rule engine and storage define them; an adapter imports them from here, so it
reaches neither package except through the application layer.  Each name is the
very object it re-exports (``except UsageError`` catches the rule engine's)."""
from __future__ import annotations

from builder.rules.base import (
    SESSION_MISSING,
    Action,
    ActionHelp,
    Option,
    Plan,
    PlanStep,
    Reason,
    Refusal,
    Ruleset,
    UsageError,
    action_parser,
    reason_code,
)
from builder.storage.files import CharacterFile, FileProblem
from builder.storage.jsonio import one_line

__all__ = ["SESSION_MISSING", "Action", "ActionHelp", "CharacterFile", "FileProblem", "Option",
           "Plan", "PlanStep",
           "Reason", "Refusal", "Ruleset", "UsageError", "action_parser", "one_line",
           "reason_code"]
