"""The records and errors of the rules, and the shared base of a rule system's class
(:class:`Ruleset`, implementing :class:`builder.rules.interface.RuleSystem`).

A character is a *baseline* (its values at creation or import) plus an
append-only *ledger* of actions.  The state is always what replaying the ledger
over the baseline gives (see :mod:`builder.rules.engine`).  Rulesets are pure:
``apply`` never mutates the state it is given.

Refusals carry reasons a player reads ("Medicine 4 needs Cognition 4
(Cognition is 3)").  Bad input that is not a rules matter (unknown names,
malformed arguments) raises :class:`UsageError`.
"""
from __future__ import annotations

import argparse
import copy
import random
from abc import ABC, abstractmethod
from functools import cached_property
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, TypeAlias, TypeVar

from builder.rules.action_table import ActionTable
from builder.rules.entry_ids import META_KEYS
from builder.rules.interface import PART_NAMES, Capabilities, RuleSystemParts
from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.rules.interface import RuleSystem
    from builder.rules.party import PartyXpRules
    from builder.rules.party_terms import ExchangeTerms, MilestoneAwards


class Reason(str):
    """A reason the rules give, as the player reads it, carrying a stable ``code``.

    A ``str`` (every caller that prints, joins or compares reasons keeps
    working); code that *decides* something from a reason reads ``.code``
    (or :func:`reason_code`), never the wording, so rewording a message changes
    no behaviour.  Codes are short dotted names (``"at-maximum"``,
    ``"skill.needs-vital"``); a plain ``str`` reason has the code ``"rule"``.
    """

    code: str

    def __new__(cls, text: str, code: str = "rule") -> "Reason":
        reason = super().__new__(cls, text)
        reason.code = code
        return reason

    def __reduce__(self) -> tuple[type[Reason], tuple[str, str]]:  # kept by copy / pickle
        return (Reason, (str(self), self.code))


#: The code of a reason that carries none (a plain ``str``).
GENERIC_CODE = "rule"
#: A value is at its maximum and cannot rise (any ruleset).
AT_MAXIMUM = "at-maximum"
#: Not enough points to pay for the step ("needs 4 SP, 2 unspent").
POINTS_SHORT = "points.short"
#: The rule system has no action of that verb (a hand-edited ledger).
UNKNOWN_ACTION = "action.unknown"
#: The action names something the rule system does not have ("'Jugling' is not a Skill").
UNKNOWN_NAME = "name.unknown"
#: A logged increase says it reached another level than replaying it reaches.
TARGET_MISMATCH = "entry.target-mismatch"
#: The action needs a session (a ruleset that counts per session).
SESSION_MISSING = "session.missing"
#: Something that happens once per session already happened in it.
SESSION_TAKEN = "session.taken"


def reason_code(reason: str) -> str:
    """The stable code of a reason (``"rule"`` for a plain string)."""
    return getattr(reason, "code", GENERIC_CODE)


def has_code(reasons: Iterable[str], *codes: str) -> bool:
    """True when any of ``reasons`` carries one of ``codes``."""
    wanted = set(codes)
    return any(reason_code(r) in wanted for r in reasons)


class RulesError(Exception):
    """Base of everything the rules core raises on purpose."""


class Refusal(RulesError):
    """The rules refuse an action or a baseline.  ``reasons`` is never empty; each
    keeps its :class:`Reason` code when it has one."""

    def __init__(self, reasons: Iterable[str]):
        self.reasons = [r if isinstance(r, str) else str(r) for r in reasons] \
            or ["refused by the rules"]
        super().__init__("; ".join(self.reasons))


class UsageError(RulesError):
    """Malformed input: an unknown name, a missing argument, a bad number."""


#: Why a character's name is refused: it is empty, or only spaces.
NAME_NEEDED = "a character needs a name"


def kept_name(name: str) -> str | None:
    """``name`` as a character or a campaign keeps it (without the spaces around it), or
    None when nothing is left: the one rule for a name, each layer raising its own error
    with :data:`NAME_NEEDED` (a campaign's: :data:`builder.rules.campaign.NAME_NEEDED`)."""
    return name.strip() or None


class _Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of exiting."""

    #: What an error starts with (the action's name), where ``prog`` is the usage line's.
    error_prefix: str | None = None

    def error(self, message: str) -> NoReturn:  # noqa: D401 - argparse API
        raise UsageError(f"{self.error_prefix or self.prog}: {message}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise UsageError(message.strip() if message else
                         f"{self.error_prefix or self.prog}: bad arguments")


class ActionHelp(UsageError):
    """``do FILE ACTION --help``: ``text`` is the action's help (printed by the CLI with
    exit 0; anywhere else it is an ordinary usage error)."""

    def __init__(self, text: str):
        self.text = text
        super().__init__(text.strip().splitlines()[0] if text.strip() else "help")


class _HelpAction(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show this action's arguments")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> NoReturn:
        raise ActionHelp(parser.format_help())


def action_parser(prog: str, description: str = "") -> argparse.ArgumentParser:
    """An argparse parser for one ``do`` action that raises UsageError (and
    :class:`ActionHelp` for ``--help``)."""
    verb = prog.removeprefix("do ").strip()
    parser = _Parser(prog=f"character-builder do FILE {verb}", description=description,
                     add_help=False)
    parser.error_prefix = prog
    parser.add_argument("-h", "--help", action=_HelpAction)
    return parser


def match_name(name: str, valid: Iterable[str], what: str) -> str:
    """Return the canonical spelling of ``name`` among ``valid`` (case-insensitive).

    Raises UsageError listing the valid names when there is no match.
    """
    valid = list(valid)
    folded = name.strip().casefold()
    for candidate in valid:
        if candidate.casefold() == folded:
            return candidate
    listing = ", ".join(valid) if valid else "(none)"
    raise UsageError(f"unknown {what} '{name}'; valid: {listing}")


def parse_int(text: str | int, what: str) -> int:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        raise UsageError(f"{what} must be a whole number, not '{text}'") from None


def parse_yes_no(text: str | bool, what: str) -> bool:
    folded = str(text).strip().casefold()
    if folded in ("yes", "y", "true", "1", "on"):
        return True
    if folded in ("no", "n", "false", "0", "off"):
        return False
    raise UsageError(f"{what} must be yes or no, not '{text}'")


class Action(FrozenRecord):
    """One action, as :meth:`Ruleset.parse_action` makes it from ``do`` words.

    ``kind`` is the verb (``"raise-skill"``); ``args`` its arguments in the order
    the ledger records them (``{"name": "Medicine", "exchange": True}``).
    :meth:`to_json` is the ledger entry (without its time) and the JSON the command
    line prints; the ruleset's :meth:`Ruleset.resolve` fills in what chance decides
    (:meth:`with_args`).  A ledger entry read from a file becomes one through
    :meth:`from_json` (:func:`read_action`), where it enters the rules.
    """

    _fields = ("kind", "args")
    __slots__ = _fields
    kind: str
    args: Mapping[str, Any]

    def __init__(self, kind: str, args: Mapping[str, Any] | None = None) -> None:
        if not isinstance(kind, str) or not kind:
            raise ValueError("an action needs a kind (its verb)")
        args = {} if args is None else args
        if "action" in args:
            raise ValueError("an action's args never hold 'action' (that is its kind)")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", MappingProxyType(dict(args)))

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> Action:
        """The action a JSON object stands for (a ledger entry's ``at`` is dropped)."""
        kind = entry.get("action")
        if not isinstance(kind, str) or not kind:
            raise UsageError("an action needs an 'action' (its verb)")
        return cls(kind, {k: v for k, v in entry.items() if k != "action" and k not in META_KEYS})

    @classmethod
    def coerce(cls, action: Action | Mapping[str, Any]) -> Action:
        """``action`` itself, or the Action a mapping (a plugin's dict) stands for."""
        return action if isinstance(action, Action) else cls.from_json(action)

    def to_json(self) -> dict[str, Any]:
        """``{"action": kind, **args}``: a new dict (nothing shared with this action)."""
        return {"action": self.kind, **copy.deepcopy(dict(self.args))}

    def with_args(self, **changes: Any) -> Action:
        """This action with some arguments added or replaced (kept in their place)."""
        return Action(self.kind, {**self.args, **changes})

    # -- typed reading of the arguments -----------------------------------------------
    def text(self, key: str, default: str = "") -> str:
        value = self.args.get(key, default)
        return value if isinstance(value, str) else default

    def number(self, key: str, default: int | None = None) -> int | None:
        value = self.args.get(key, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def flag(self, key: str) -> bool:
        return self.args.get(key) is True

    def required(self, key: str) -> Any:
        """The argument as recorded; KeyError when the action lacks it (a malformed
        hand-edited entry, which replay reports with the missing key)."""
        return self.args[key]

    def has(self, key: str) -> bool:
        """True when the action gives ``key`` (whatever its value)."""
        return key in self.args

    def value(self, key: str, default: Any = None) -> Any:
        """The argument as recorded, of whatever JSON type (a hand-edited ledger may
        hold anything): for a rule that refuses a malformed value and says what it
        is, or tests it for truth, as the ledger's JSON reads."""
        return self.args.get(key, default)

    __hash__ = None  # type: ignore[assignment]  # its args are a mapping, unhashable

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {dict(self.args)!r})"


#: An action as a ruleset reads it in ``check``, ``apply``, ``describe`` and
#: ``action_cost``: an :class:`Action`, or a ledger entry read from a file (a dict
#: with its ``"action"`` and ``"at"``; a hand-edited one may be malformed).
ActionEntry: TypeAlias = "Action | Mapping[str, Any]"


class Ask(FrozenRecord):
    """An argument the player adds to an option's words before taking it (a Class
    advance asks for a trait, a caster's for a spell, entering a Class for a scene).

    ``flag`` is the ``do`` option (``"--trait"``); a ``switch`` takes no value
    (``--exchange``); a ``required`` one is always given (empty when unanswered, so
    the rules say what is missing)."""

    _fields = ("flag", "required", "switch")
    __slots__ = _fields
    flag: str
    required: bool
    switch: bool

    def __init__(self, flag: str, required: bool = False, switch: bool = False) -> None:
        object.__setattr__(self, "flag", flag)
        object.__setattr__(self, "required", required)
        object.__setattr__(self, "switch", switch)

    @property
    def key(self) -> str:
        """The keyword :meth:`Option.words_with` reads its answer from (``"trait"``)."""
        return self.flag.lstrip("-").replace("-", "_")


#: The keys of an option's JSON that :class:`Option` holds as fields.
_OPTION_FIELDS = ("kind", "name", "target", "cost", "allowed", "reasons")


class Option(FrozenRecord):
    """One possible next step (:meth:`Ruleset.options`): what it is, what it costs,
    whether the rules allow it now and why not, and the ``do`` words that take it.

    ``words`` are the exact words (``["raise-skill", "Medicine"]``); an option whose
    taking needs the player's choices lists them in ``asks`` and is taken with
    :meth:`words_with`.  ``words`` is None when the ruleset gives none (a plugin's
    option without an ``action``).  ``target`` is the level reached (or what the
    step sets, e.g. the slot an item is worn in).  ``extra`` is the rest of the option's JSON, in
    order (``linked_vital``, ``choices``...).  :meth:`to_json` is the ``options --json``
    entry."""

    _fields = ("kind", "name", "target", "cost", "reasons", "words", "asks", "extra")
    __slots__ = _fields + ("_json",)
    kind: str
    name: str
    target: int | str | None
    cost: int | None
    reasons: tuple[str, ...]
    words: tuple[str, ...] | None
    asks: tuple[Ask, ...]
    extra: Mapping[str, Any]
    _json: dict[str, Any]

    def __init__(self, kind: str, name: str, target: int | str | None, cost: int | None,
                 reasons: Iterable[str] = (), words: Iterable[str] | None = None,
                 asks: tuple[Ask, ...] = (), extra: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "reasons", tuple(reasons))
        object.__setattr__(self, "words",
                           None if words is None else tuple(str(w) for w in words))
        object.__setattr__(self, "asks", asks)
        object.__setattr__(self, "extra", MappingProxyType(dict(extra or {})))
        shape = {"kind": self.kind, "name": self.name, "target": self.target,
                 "cost": self.cost, "allowed": self.allowed, "reasons": list(self.reasons)}
        shape.update((k, v) for k, v in self.extra.items() if k not in _OPTION_FIELDS)
        object.__setattr__(self, "_json", shape)

    @property
    def allowed(self) -> bool:
        return not self.reasons

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> Option:
        """The option a JSON object (a plugin's dict) stands for; its ``action`` (a list
        of words), when it has one, gives :attr:`words`."""
        action = entry.get("action")
        words = tuple(str(w) for w in action) if isinstance(action, list) and action else None
        reasons = entry.get("reasons") or ()
        if not reasons and entry.get("allowed") is False:
            reasons = ("not possible now",)
        return cls(str(entry.get("kind", "")), str(entry.get("name", "")),
                   entry.get("target"), entry.get("cost"), tuple(reasons), words,
                   extra={k: v for k, v in entry.items() if k not in _OPTION_FIELDS})

    @classmethod
    def coerce(cls, option: Option | Mapping[str, Any]) -> Option:
        return option if isinstance(option, Option) else cls.from_json(option)

    def to_json(self) -> dict[str, Any]:
        """The ``options --json`` entry: a new dict."""
        return copy.deepcopy(self._json)

    def asks_for(self, key: str) -> bool:
        """True when taking this option asks the player for ``key`` (``"scene"``)."""
        return any(ask.key == key for ask in self.asks)

    def words_with(self, **answers: str | bool | None) -> list[str]:
        """The words that take this option with the player's answers to :attr:`asks`
        (``words_with(trait="Keen Eye", scene="the crypt")``).  An answer to something
        the option does not ask is not used; a required one left unanswered is given
        empty, so the rules refuse it with their own message."""
        if self.words is None:
            raise UsageError(f"the rules give no action words for '{self.name}'")
        words = list(self.words)
        for ask in self.asks:
            value = answers.get(ask.key)
            if ask.switch:
                if value:
                    words.append(ask.flag)
            elif value:
                words += [ask.flag, str(value)]
            elif ask.required:
                words += [ask.flag, ""]
        return words

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Option):
            return (self._json, self.words, self.asks) == (other._json, other.words, other.asks)
        return NotImplemented


#: The keys of a plan step's JSON that :class:`PlanStep` holds as fields.
_STEP_FIELDS = ("kind", "name", "target", "cost")


class PlanStep(FrozenRecord):
    """One step of a plan (:meth:`Ruleset.plan`): what it raises (``kind``, ``name``), the
    level it reaches (``target``) and what it costs; ``extra`` is the rest of the step's
    JSON, in order (a Class step's suggested ``trait`` and ``choices``, ``action`` words)."""

    _fields = ("kind", "name", "target", "cost", "extra")
    __slots__ = _fields
    kind: str
    name: str
    target: int
    cost: int
    extra: Mapping[str, Any]

    def __init__(self, kind: str, name: str, target: int, cost: int,
                 extra: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "extra", MappingProxyType(dict(extra or {})))

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> PlanStep:
        return cls(entry.get("kind", ""), entry.get("name", ""), entry.get("target", 0),
                   entry.get("cost", 0),
                   {k: v for k, v in entry.items() if k not in _STEP_FIELDS})

    def to_json(self) -> dict[str, Any]:
        """The step as ``plan --json`` prints it: a new dict."""
        return {"kind": self.kind, "name": self.name, "target": self.target,
                "cost": self.cost, **copy.deepcopy(dict(self.extra))}


#: The keys of a plan's JSON that :class:`Plan` holds as fields, in the order built-in
#: rule systems write them.
_PLAN_KEYS = ("target", "total_cost", "affordable", "unspent", "missing", "steps")


class Plan(FrozenRecord):
    """The cheapest legal way to a target (:meth:`Ruleset.plan`), read by the adapters:
    the target (``kind``, ``name``, ``level``), its steps in order, their total cost,
    whether the unspent points pay for it now, and what is missing when not.  ``extra``
    is the rest of the plan's JSON; ``keys`` its keys in the order the rule system wrote
    them, so :meth:`to_json` is the ``plan --json`` object as it was written."""

    _fields = ("kind", "name", "level", "total_cost", "affordable", "unspent", "missing",
               "steps", "extra", "keys")
    __slots__ = _fields
    kind: str
    name: str
    level: int
    total_cost: int
    affordable: bool
    unspent: int
    missing: tuple[str, ...]
    steps: tuple[PlanStep, ...]
    extra: Mapping[str, Any]
    keys: tuple[str, ...]

    def __init__(self, kind: str, name: str, level: int, total_cost: int, affordable: bool,
                 unspent: int, missing: Iterable[str] = (), steps: Iterable[PlanStep] = (),
                 extra: Mapping[str, Any] | None = None,
                 keys: Iterable[str] = _PLAN_KEYS) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "total_cost", total_cost)
        object.__setattr__(self, "affordable", affordable)
        object.__setattr__(self, "unspent", unspent)
        object.__setattr__(self, "missing", tuple(missing))
        object.__setattr__(self, "steps", tuple(steps))
        object.__setattr__(self, "extra", MappingProxyType(dict(extra or {})))
        object.__setattr__(self, "keys", tuple(keys))

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> Plan:
        """The plan a rule system's JSON (:meth:`Ruleset.plan`) stands for."""
        target = entry.get("target") or {}
        return cls(target.get("kind", ""), target.get("name", ""), target.get("level", 0),
                   entry.get("total_cost", 0), entry.get("affordable", False),
                   entry.get("unspent", 0), entry.get("missing") or (),
                   (PlanStep.from_json(step) for step in entry.get("steps") or ()),
                   {k: v for k, v in entry.items() if k not in _PLAN_KEYS}, entry)

    @classmethod
    def coerce(cls, plan: Plan | Mapping[str, Any]) -> Plan:
        """``plan`` itself, or the Plan a mapping in the ``plan --json`` shape (a plugin's
        dict) stands for."""
        return plan if isinstance(plan, Plan) else cls.from_json(plan)

    def to_json(self) -> dict[str, Any]:
        """The ``plan --json`` object: a new dict, its keys in the rule system's order."""
        shape = {"target": {"kind": self.kind, "name": self.name, "level": self.level},
                 "total_cost": self.total_cost, "affordable": self.affordable,
                 "unspent": self.unspent, "missing": list(self.missing),
                 "steps": [step.to_json() for step in self.steps],
                 **copy.deepcopy(dict(self.extra))}
        return {key: shape[key] for key in self.keys if key in shape}


def option(kind: str, name: str, target: int | str | None, cost: int | None,
           reasons: Sequence[str], *, words: Sequence[str] | None = None,
           asks: Sequence[Ask] = (), **extra: Any) -> Option:
    """One entry of :meth:`Ruleset.options`.  ``words`` are the ``do`` words that take
    it; an ``action`` given among ``extra`` (a list of words) is both those words and a
    key of the option's JSON, as some rule systems print it."""
    if words is None and isinstance(extra.get("action"), list):
        words = extra["action"]
    return Option(kind, name, target, cost, tuple(reasons),
                  None if words is None else tuple(words), tuple(asks), extra)


StateT = TypeVar("StateT")
RulesT = TypeVar("RulesT", bound="Ruleset")


def read_action(action: Any) -> Action | None:
    """The :class:`Action` an action or a ledger entry stands for, read once where it
    enters the rules (``do`` words are parsed into one; a ledger entry from a file is
    converted); None when it is not one (no verb: the rules refuse it)."""
    if isinstance(action, Action):
        return action
    if not isinstance(action, Mapping):
        return None
    try:
        return Action.from_json(action)
    except (UsageError, ValueError):
        return None


class ActionKind(ABC, Generic[RulesT, StateT]):
    """One action of a rule system (``raise-skill``, ``buy``, ``set-age``): how ``do``
    words become it (:meth:`parse`), what chance fills in before it is logged
    (:meth:`resolve`), every reason the rules refuse it (:meth:`check`), the state
    after it (:meth:`apply`, pure), what it spends (:meth:`cost`) and the ledger's
    sentence for it (:meth:`describe`).

    A ruleset lists its kinds in :attr:`Ruleset.action_kinds`; the table it holds
    (:class:`builder.rules.action_table.ActionTable`) has one instance of each (with the
    ruleset as :attr:`rules`, for its data), and the ruleset dispatches every action
    by its verb through that table.  The methods read a
    typed :class:`Action` (``action.kind``, ``action.text("name")``), never a ledger
    mapping: the conversion happens once, where the action enters the rules."""

    #: The action's verb, as ``do`` takes it and the ledger records it.
    verb: ClassVar[str] = ""

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules

    def parser(self, description: str = "") -> argparse.ArgumentParser:
        """A ``do`` parser for this verb (raises UsageError, and ActionHelp for --help)."""
        return action_parser(self.verb, description)

    @abstractmethod
    def parse(self, words: Sequence[str]) -> Action:
        """The action ``do FILE VERB WORDS...`` stands for (``words`` follow the verb)."""

    def resolve(self, state: StateT, action: Action, rng: random.Random) -> Action:
        """The action with what chance decides filled in; default: unchanged."""
        return action

    @abstractmethod
    def check(self, state: StateT, action: Action) -> list[str]:
        """Every reason the action is refused in ``state`` (empty list: allowed)."""

    @abstractmethod
    def apply(self, state: StateT, action: Action) -> StateT:
        """The state after the allowed action (``state`` itself is not touched)."""

    def advance(self, state: StateT, action: Action) -> StateT:
        """The state after the allowed action, where the caller gives ``state`` up: it
        may be changed and returned (a replay keeps only the latest state, so a step
        costs what it changes).  Default: :meth:`apply`."""
        return self.apply(state, action)

    def cost(self, state: StateT, action: Action) -> int:
        """What the action spends in ``state`` (SP, XP...); 0 by default."""
        return 0

    def describe(self, action: Action) -> str:
        """The ledger's plain sentence for the action."""
        return describe_generic(action)


def describe_generic(action: ActionEntry) -> str:
    """An action as ``verb key=value...``: the sentence of an action no kind describes."""
    if isinstance(action, Action):
        action = action.to_json()
    args = " ".join(f"{k}={v}" for k, v in action.items()
                    if k != "action" and k not in META_KEYS)
    return f"{action.get('action', '?')} {args}".strip()


class Ruleset(ABC):
    """The shared base of a rule system's class (see :class:`RuleSystem`, the interface
    it implements).  Instances hold the effective (built-in or override) data.

    A class declares its folder's parts as ``parts`` (:class:`RuleSystemParts`; each
    part may also be declared as a class attribute of its own name, folded in) and
    what it supports is read as ``capabilities`` (:class:`Capabilities`), filled in
    from what the class provides (``plan``, ``chain_graph``, ``balance``,
    ``exchange_actions``, ``party_xp``) and what it declares (``story_milestones``)."""

    id: str = ""
    title: str = ""
    #: Short description for ``rulesets`` and the New Character dialog.
    summary_text: str = ""
    #: The ``do`` actions (``do FILE --help`` lists them with their arguments).
    actions: Sequence[str] = ()
    #: The ``new --set`` keys, one help line each (``new RULESET --help`` lists them).
    set_keys: Sequence[str] = ()
    #: Where the parts of its folder live (the shared defaults where None).
    parts: ClassVar[RuleSystemParts] = RuleSystemParts()
    #: What it supports (made for each class from what it provides and declares).
    capabilities: ClassVar[Capabilities] = Capabilities()

    # -- what the capabilities are made of, and how the window shows its points --------
    #: The unit of :meth:`balance` for people ("SP", "XP"); "" when there is none.
    balance_label: str = ""
    #: The points' name in full ("Story Points"); "" to say ``balance_label``.
    balance_name: str = ""
    #: How the status bar shows :meth:`balance` (``"XP: {}"``); "" for the default.
    balance_format: str = ""
    #: An extra key the ledger rows of ``show --json`` repeat ``balance_after``
    #: under (story-points: ``sp_after``, kept for older readers); None: none.
    balance_row_key: str | None = None
    #: The actions a Training Exchange pairs (each cheaper by :meth:`exchange_terms`
    #: when two characters raise together); empty: the ruleset has no Training Exchange.
    exchange_actions: tuple[str, ...] = ()
    #: Story Checkpoints and Milestones (``award-checkpoint MILESTONE CHECKPOINT``,
    #: ``resolve-milestone MILESTONE``): the party award dialog offers them.
    story_milestones: bool = False
    #: Party XP shares (a session's XP shared among survivors): the rules of
    #: :class:`builder.rules.party.PartyXpRules`; None: none.
    party_xp: PartyXpRules | None = None
    #: The kinds of action, one class each (see :class:`ActionKind`): the ruleset's
    #: :attr:`action_table` holds one of each, by verb.
    action_kinds: Sequence[type[ActionKind[Any, Any]]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = {name: cls.__dict__[name] for name in PART_NAMES if name in cls.__dict__}
        if own:
            cls.parts = cls.parts.replaced(**own)
        cls.capabilities = Capabilities(
            planner=cls.plan is not Ruleset.plan,
            chain=callable(getattr(cls, "chain_graph", None)),
            balance=cls.balance is not Ruleset.balance,
            training_exchange=bool(cls.exchange_actions),
            story_milestones=bool(cls.story_milestones),
            party_xp=cls.party_xp is not None)

    def exchange_refusal(self, word: str) -> str:
        """Why a Training Exchange does not pair the action ``word`` (in the rule
        system's words)."""
        return (f"a Training Exchange pairs {' or '.join(self.exchange_actions)} increases, "
                f"not {word}")

    def milestone_awards(self) -> MilestoneAwards | None:
        """What a Story Checkpoint and a Story Milestone give each character, from the
        data; None without ``story_milestones``."""
        return None

    def exchange_terms(self) -> ExchangeTerms | None:
        """How much cheaper a Training Exchange makes an increase, from the data; None
        without ``exchange_actions``."""
        return None

    def balance_text(self, value: int | None) -> str:
        """A balance for people: "12 SP"; "" without a balance."""
        if value is None:
            return ""
        return f"{value} {self.balance_label}".strip()

    def __init__(self, data: dict[str, Any]):
        self.data = data

    # -- data ---------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict[str, Any]) -> list[str]:
        """Every problem with a ruleset data file (built-in or homebrew override)."""
        return [] if isinstance(data, dict) else ["the data is not a JSON object"]

    def public_data(self) -> dict[str, Any]:
        """The data as ``character-builder data RULESET --json`` prints it."""
        return self.data

    @classmethod
    def data_from_public(cls, data: Any) -> Any:
        """The data file that ``data`` stands for, when ``data`` is in the shape
        :meth:`public_data` prints (so that output, saved as a homebrew override,
        means the same data); anything else is returned unchanged.  Default: the
        two shapes are the same."""
        return data

    # -- creation -----------------------------------------------------------
    @abstractmethod
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        """Build a baseline from ``--set KEY=VALUE`` pairs (in order).

        Raises UsageError for unknown keys/names, Refusal for an illegal baseline.
        ``randomize`` is the CLI's ``--random`` flag; ``rng`` is seeded by ``--seed``.
        """

    @abstractmethod
    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        """Every reason the baseline is illegal (empty list: legal)."""

    @abstractmethod
    def initial_state(self, baseline: dict[str, Any]) -> Any:
        """The state a baseline stands for (assumes it is well formed)."""

    # -- actions: each by the kind of its verb (a rule system without kinds, such as a
    # plugin, overrides these methods instead) ---------------------------------------
    @cached_property
    def action_table(self) -> ActionTable:
        """This ruleset's kinds of action by their verbs (:attr:`action_kinds`, one
        table made once and held by the ruleset)."""
        return ActionTable(self, self.action_kinds)

    @property
    def kinds(self) -> Mapping[str, ActionKind[Any, Any]]:
        """verb -> the :class:`ActionKind` that handles it (:attr:`action_table`'s)."""
        return self.action_table.kinds

    def kind_of(self, verb: object) -> ActionKind[Any, Any] | None:
        """The kind that handles ``verb``; None when this rule system has no such action."""
        return self.action_table.kind_of(verb)

    def missing_action_text(self) -> str:
        """The usage error of ``do FILE`` with no action."""
        return "an action is needed; valid: " + ", ".join(self.kinds)

    def verb_of(self, word: str) -> str:
        """The verb ``word`` names (UsageError when none)."""
        return match_name(word, self.kinds, "action")

    def unknown_action(self, action: Any) -> list[str]:
        """The reasons the rules refuse an action none of their kinds handles."""
        verb = action.get("action") if isinstance(action, Mapping) else None
        return [Reason(f"unknown action '{verb}'", UNKNOWN_ACTION)]

    def parse_action(self, args: Sequence[str]) -> Action:
        """Turn ``do FILE ACTION [ARGS]`` words into an :class:`Action` (UsageError).
        (A plugin may still return a dict in the action's JSON shape: the core reads
        it with :meth:`Action.coerce`.)  Default: the kind of the verb parses them."""
        if not args:
            raise UsageError(self.missing_action_text())
        return self.kinds[self.verb_of(args[0])].parse(list(args[1:]))

    def resolve(self, state: Any, action: ActionEntry, rng: random.Random) -> Action:
        """Fill in what an action leaves to chance (die rolls) before it is logged
        (``action`` is an :class:`Action`, or a mapping in its JSON shape).

        The logged action must replay deterministically.  Default: its kind's, or
        unchanged.
        """
        entry = Action.coerce(action)
        kind = self.kind_of(entry.kind)
        return entry if kind is None else kind.resolve(state, entry, rng)

    def check(self, state: Any, action: ActionEntry) -> list[str]:
        """Every reason the action is refused in ``state`` (empty list: allowed)."""
        entry = read_action(action)
        kind = None if entry is None else self.kind_of(entry.kind)
        if entry is None or kind is None:
            return self.unknown_action(entry.to_json() if entry is not None else action)
        return kind.check(state, entry)

    def apply(self, state: Any, action: ActionEntry) -> Any:
        """The new state after an allowed action (the old state is not touched)."""
        entry = Action.coerce(action)
        kind = self.kind_of(entry.kind)
        if kind is None:
            raise UsageError(f"unknown action '{entry.kind}'")
        return kind.apply(state, entry)

    def advance(self, state: Any, action: ActionEntry) -> Any:
        """:meth:`apply` for a caller that gives ``state`` up (a replay): it may be
        changed and returned.  Default: the kind's :meth:`ActionKind.advance`; a rule
        system that applies actions itself (no kind for the verb) is asked to
        :meth:`apply`."""
        entry = Action.coerce(action)
        kind = self.kind_of(entry.kind)
        if kind is None or type(self).apply is not Ruleset.apply:
            return self.apply(state, action)
        return kind.advance(state, entry)

    def describe(self, action: ActionEntry) -> str:
        """One line for the ledger view."""
        entry = read_action(action)
        kind = None if entry is None else self.kind_of(entry.kind)
        if entry is None or kind is None:
            return describe_generic(action)
        return kind.describe(entry)

    def creation_notes(self, derived: Mapping[str, Any], given: Sequence[str]) -> list[str]:
        """What a player should know about a character just created (``derived``: its
        derived view; ``given``: the ``--set`` keys typed), each note saying what to set
        when creating it again; none by default."""
        return []

    def action_cost(self, before: Any, action: ActionEntry) -> int:
        """What the action spends (SP, XP...) for the ledger view; 0 by default."""
        entry = read_action(action)
        kind = None if entry is None else self.kind_of(entry.kind)
        if entry is None or kind is None:
            return 0
        return kind.cost(before, entry)

    # -- views of the state -------------------------------------------------
    @abstractmethod
    def derive(self, state: Any, name: str) -> Mapping[str, Any]:
        """The full derived state as ``show --json`` prints it (before the ledger rows,
        notes and identity every character gets); a built-in rule system declares its
        shape as a TypedDict (``SPDerived``, ``VFDerived``, ``ABDerived``)."""

    @abstractmethod
    def options(self, state: Any) -> list[Option]:
        """Every possible next step (see :func:`option`), each with its ``do`` words.
        (A plugin may still return dicts in the ``options --json`` shape: the core
        reads them with :meth:`Option.coerce`.)"""

    def plan(self, state: Any, target: str) -> Plan:
        """The cheapest legal way from ``state`` to ``target`` (Refusal when there is none;
        UsageError without a planner).  (A plugin may still return a dict in the
        ``plan --json`` shape: the core reads it with :meth:`Plan.coerce`.)"""
        raise UsageError(f"the {self.id} ruleset has no planner")

    def headline(self, state: Any) -> dict[str, Any]:
        """A few figures for the library list, label -> value."""
        return {}

    def balance(self, state: Any) -> int | None:
        """The spendable points after this state (SP, XP...), for the ledger view."""
        return None

    #: Does :meth:`show_text` print the ledger rows (``derived["ledger"]``)?  The generic
    #: text prints every key; a rule system whose own text leaves them out says False,
    #: and ``show`` then does not work them out (on a long ledger, a fair part of its time).
    show_text_prints_ledger = True

    def show_text(self, derived: dict[str, Any]) -> str:
        """Human-readable ``show`` output."""
        return _generic_text(derived)


def _generic_text(value: Any, indent: int = 0) -> str:
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{key}:")
                lines.append(_generic_text(item, indent + 1))
            else:
                lines.append(f"{pad}{key}: {item if item not in (None, [], {}) else '-'}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                lines.append(f"{pad}-")
                lines.append(_generic_text(item, indent + 1))
            else:
                lines.append(f"{pad}- {item}")
    else:
        lines.append(f"{pad}{value}")
    return "\n".join(lines)


if TYPE_CHECKING:
    def _implements_the_interface(ruleset: Ruleset) -> RuleSystem:
        """(For the type checker: the shared base provides the whole interface.)"""
        return ruleset
