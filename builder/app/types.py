"""The types the adapters (the command line, the window) name, from one place.

The rule engine and storage define most of them; an adapter imports them from here, so
it reaches neither package except through the application layer.  Each name is the
very object it re-exports (``except UsageError`` catches the rule engine's).  A
character file is named as the application layer's read-only
:class:`~builder.app.views.CharacterView`, a campaign file as its
:class:`~builder.app.views.CampaignView` and a member's share of a party award as its
:class:`~builder.app.views.ShareView`: storage's ``CharacterFile`` and
``CampaignFile``, whose methods change the file, are not here.  A ledger entry an
operation's outcome carries (``Outcome.entry``, ``Outcome.entries``) is an
:class:`Envelope`: its id, verb, time and device read as fields, the JSON object itself
as its ``entry``; an adapter hands it back to the operation that undoes it."""
from __future__ import annotations

from builder.rules.base import (
    AT_MAXIMUM,
    SESSION_MISSING,
    SESSION_TAKEN,
    Action,
    ActionEntry,
    ActionHelp,
    Option,
    Plan,
    PlanStep,
    Reason,
    Refusal,
    Ruleset,
    RulesError,
    UsageError,
    action_parser,
    has_code,
    match_name,
    read_action,
    reason_code,
)
from builder.rules.entry_ids import Envelope
from builder.app.views import CampaignView, CharacterView, ShareView
from builder.storage.files import ChangedOnDisk, FileProblem
from builder.storage.jsonio import one_line

__all__ = ["AT_MAXIMUM", "SESSION_MISSING", "SESSION_TAKEN", "Action", "ActionEntry",
           "ActionHelp", "CampaignView", "ChangedOnDisk", "CharacterView", "Envelope",
           "FileProblem", "Option", "Plan", "PlanStep", "Reason", "Refusal", "Ruleset", "RulesError",
           "ShareView", "UsageError", "action_parser", "has_code", "match_name", "one_line",
           "read_action", "reason_code"]
