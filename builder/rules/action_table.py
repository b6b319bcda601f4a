"""A ruleset's actions by their verbs: the table a rule system's ruleset holds
(``ruleset.action_table``), one :class:`~builder.rules.base.ActionKind` of each verb made
for that ruleset.

The shared ruleset (:class:`builder.rules.base.Ruleset`) answers ``parse_action``,
``resolve``, ``check``, ``apply``, ``advance``, ``describe`` and ``action_cost`` by
looking the action's verb up here; a rule system without kinds (a plugin) holds an empty
table and implements those methods itself.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.rules.base import ActionKind, Ruleset


class ActionTable:
    """verb -> the kind that handles it, for one ruleset: each kind made once, with the
    ruleset as its :attr:`~builder.rules.base.ActionKind.rules` (for its data)."""

    def __init__(self, rules: Ruleset, kinds: Iterable[type[ActionKind[Any, Any]]]) -> None:
        self.kinds: Mapping[str, ActionKind[Any, Any]] = {kind.verb: kind(rules)
                                                          for kind in kinds}

    def kind_of(self, verb: object) -> ActionKind[Any, Any] | None:
        """The kind that handles ``verb``; None when the ruleset has no such action
        (or ``verb`` is no string: a malformed ledger entry)."""
        return self.kinds.get(verb) if isinstance(verb, str) else None
