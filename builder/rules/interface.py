"""What a rule system is to the rest of the program: the methods every rule system
provides (:class:`RuleSystem`), where the parts of its folder live
(:class:`RuleSystemParts`) and what it supports (:class:`Capabilities`).

A caller that asks "does this rule system do X" reads ``ruleset.capabilities``; a caller
that needs one of its parts (its sheet, its editor, its chain page...) reads
``ruleset.parts`` and imports the part only then.  Neither ever tests a rule system's id.
:class:`builder.rules.base.Ruleset` is the shared implementation a rule system's class
derives from; it fills both records in for every subclass.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.rules.base import Action, ActionEntry, Option, Plan
    from builder.rules.party_terms import ExchangeTerms, MilestoneAwards


class RuleSystemParts(FrozenRecord):
    """The parts of a rule system's folder, named as strings and imported only when used
    (None: the shared default).

    ``data_file``, ``data_schema``, ``character_schema``: "package:path" of its data, of
    the JSON Schema of that data and of a character's baseline and ledger.
    ``sheet_module``: the module of its printed sheet (``SECTIONS``, ``build``).
    ``editor``, ``creation_form``, ``chain_page``: "module:attr" of its window parts (an
    editor ``(doc, parent)``, a creation form ``(ruleset, parent)``, a chain page
    ``(doc, parent)`` the generic editor shows as its *Advancement chain* page).
    ``dialogs``: name -> "module:attr" of further window parts asked for by name."""

    __slots__ = ("data_file", "data_schema", "character_schema", "sheet_module", "editor",
                 "creation_form", "chain_page", "dialogs")
    _fields = __slots__
    data_file: str | None
    data_schema: str | None
    character_schema: str | None
    sheet_module: str | None
    editor: str | None
    creation_form: str | None
    chain_page: str | None
    dialogs: Mapping[str, str]

    def __init__(self, data_file: str | None = None, data_schema: str | None = None,
                 character_schema: str | None = None, sheet_module: str | None = None,
                 editor: str | None = None, creation_form: str | None = None,
                 chain_page: str | None = None,
                 dialogs: Mapping[str, str] | None = None) -> None:
        given = {"data_file": data_file, "data_schema": data_schema,
                 "character_schema": character_schema, "sheet_module": sheet_module,
                 "editor": editor, "creation_form": creation_form, "chain_page": chain_page,
                 "dialogs": MappingProxyType(dict(dialogs or {}))}
        for name, value in given.items():
            object.__setattr__(self, name, value)

    def __hash__(self) -> int:
        return hash((*self._values()[:-1], tuple(sorted(self.dialogs.items()))))

    def replaced(self, **changes: Any) -> RuleSystemParts:
        """These parts with some of them declared anew."""
        return RuleSystemParts(**{**{name: getattr(self, name) for name in self._fields},
                                  **changes})


#: The names of :class:`RuleSystemParts`' fields (a class may still declare each as a
#: class attribute of its own: the base folds them into its ``parts``).
PART_NAMES = RuleSystemParts._fields


class Capabilities(FrozenRecord):
    """What a rule system supports, for callers that offer or hide something by it.

    ``planner``: ``plan`` finds a way to a target.  ``chain``: ``chain_graph`` draws its
    advancement chain.  ``balance``: ``balance`` gives spendable points.
    ``training_exchange``: two characters raise together (``exchange_actions``).
    ``story_milestones``: Story Checkpoints and Milestones, awarded to a party.
    ``party_xp``: a session's XP shared among a party (``party_xp``' rules)."""

    __slots__ = ("planner", "chain", "balance", "training_exchange", "story_milestones",
                 "party_xp")
    _fields = __slots__
    planner: bool
    chain: bool
    balance: bool
    training_exchange: bool
    story_milestones: bool
    party_xp: bool

    def __init__(self, planner: bool = False, chain: bool = False, balance: bool = False,
                 training_exchange: bool = False, story_milestones: bool = False,
                 party_xp: bool = False) -> None:
        given = {"planner": planner, "chain": chain, "balance": balance,
                 "training_exchange": training_exchange,
                 "story_milestones": story_milestones, "party_xp": party_xp}
        for name, value in given.items():
            object.__setattr__(self, name, value)


@runtime_checkable
class RuleSystem(Protocol):
    """The methods and facts every rule system provides (a plugin's class included).

    A state is whatever the rule system replays a ledger into; the core never looks
    inside it.  Refusals are reasons (``check``); bad input raises ``UsageError``."""

    id: str
    title: str
    summary_text: str
    data: dict[str, Any]
    #: What its points are called for people ("SP", "XP"); "" when they have no name
    #: (the shared window then says "points" where it needs a word, or none).
    balance_label: str
    #: The points' name in full ("Story Points"); "" to say ``balance_label``.
    balance_name: str
    #: How the status bar shows its balance ("XP: {}"); "" for the window's own words.
    balance_format: str
    #: An extra key the ledger rows of ``show --json`` repeat the balance under; None:
    #: none.
    balance_row_key: str | None

    @property
    def parts(self) -> RuleSystemParts: ...

    @property
    def capabilities(self) -> Capabilities: ...

    # -- data
    def public_data(self) -> dict[str, Any]: ...

    def milestone_awards(self) -> MilestoneAwards | None: ...

    def exchange_terms(self) -> ExchangeTerms | None: ...

    # -- creation
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]: ...

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]: ...

    def initial_state(self, baseline: dict[str, Any]) -> Any: ...

    # -- actions
    def parse_action(self, args: Sequence[str]) -> Action: ...

    def resolve(self, state: Any, action: ActionEntry, rng: random.Random) -> Action: ...

    def check(self, state: Any, action: ActionEntry) -> list[str]: ...

    def apply(self, state: Any, action: ActionEntry) -> Any: ...

    def advance(self, state: Any, action: ActionEntry) -> Any: ...

    def describe(self, action: ActionEntry) -> str: ...

    def action_cost(self, before: Any, action: ActionEntry) -> int: ...

    # -- views of the state
    def derive(self, state: Any, name: str) -> Mapping[str, Any]: ...

    def options(self, state: Any) -> list[Option]: ...

    def plan(self, state: Any, target: str) -> Plan: ...

    def headline(self, state: Any) -> dict[str, Any]: ...

    def balance(self, state: Any) -> int | None: ...

    def show_text(self, derived: dict[str, Any]) -> str: ...
