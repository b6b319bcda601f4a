"""The ruleset interface every rule system implements.

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
import random
from abc import ABC, abstractmethod
from typing import Any, Iterable, Mapping, Sequence


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

    def __reduce__(self):  # keep the code through copy / pickle
        return (Reason, (str(self), self.code))


#: The code of a reason that carries none (a plain ``str``).
GENERIC_CODE = "rule"
#: A value is at its maximum and cannot rise (any ruleset).
AT_MAXIMUM = "at-maximum"
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


class _Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of exiting."""

    def error(self, message):  # noqa: D401 - argparse API
        raise UsageError(f"{self.prog}: {message}")

    def exit(self, status=0, message=None):
        raise UsageError(message.strip() if message else f"{self.prog}: bad arguments")


class ActionHelp(UsageError):
    """``do FILE ACTION --help``: ``text`` is the action's help (printed by the CLI with
    exit 0; anywhere else it is an ordinary usage error)."""

    def __init__(self, text: str):
        self.text = text
        super().__init__(text.strip().splitlines()[0] if text.strip() else "help")


class _HelpAction(argparse.Action):
    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="show this action's arguments")

    def __call__(self, parser, namespace, values, option_string=None):
        raise ActionHelp(parser.format_help())


def action_parser(prog: str, description: str = "") -> argparse.ArgumentParser:
    """An argparse parser for one ``do`` action that raises UsageError (and
    :class:`ActionHelp` for ``--help``)."""
    parser = _Parser(prog=prog, description=description, add_help=False)
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


def parse_int(text: str, what: str) -> int:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        raise UsageError(f"{what} must be a whole number, not '{text}'") from None


def parse_yes_no(text: str, what: str) -> bool:
    folded = str(text).strip().casefold()
    if folded in ("yes", "y", "true", "1", "on"):
        return True
    if folded in ("no", "n", "false", "0", "off"):
        return False
    raise UsageError(f"{what} must be yes or no, not '{text}'")


def option(kind: str, name: str, target: int | None, cost: int | None,
           reasons: Sequence[str], **extra: Any) -> dict:
    """One entry of :meth:`Ruleset.options` (the JSON shape of ``options``)."""
    entry = {
        "kind": kind,
        "name": name,
        "target": target,
        "cost": cost,
        "allowed": not reasons,
        "reasons": list(reasons),
    }
    entry.update(extra)
    return entry


class Ruleset(ABC):
    """One rule system.  Instances hold the effective (built-in or override) data."""

    id: str = ""
    title: str = ""
    #: Short description for ``rulesets`` and the New Character dialog.
    summary_text: str = ""
    #: The ``do`` actions (``do FILE --help`` lists them with their arguments).
    actions: Sequence[str] = ()
    #: The ``new --set`` keys, one help line each (``new RULESET --help`` lists them).
    set_keys: Sequence[str] = ()

    # -- the parts of its folder, declared (lazy strings; None: the shared default) --
    #: "package:path" of the built-in data file (a plugin may define
    #: ``builtin_data()`` instead); None: the data comes from ``builtin_data()``.
    data_file: str | None = None
    #: "package:path" of the JSON Schema of the ruleset data (overrides too).
    data_schema: str | None = None
    #: "package:path" of the JSON Schema a character's baseline and ledger match.
    character_schema: str | None = None
    #: The module of the printed sheet (``SECTIONS``, ``build``); None: the generic sheet.
    sheet_module: str | None = None
    #: "module:attr" of the editor factory ``(doc, parent)``; None: the generic editor.
    editor: str | None = None
    #: "module:attr" of the creation form ``(ruleset, parent)``; None: KEY=VALUE lines.
    creation_form: str | None = None
    #: name -> "module:attr" of further window parts the window asks for by name.
    dialogs: Mapping[str, str] = {}

    # -- capabilities: what callers ask instead of testing ``ruleset.id`` --------
    #: The unit of :meth:`balance` for people ("SP", "XP"); "" when there is none.
    balance_label: str = ""
    #: How the status bar shows :meth:`balance` (``"XP: {}"``); "" for the default.
    balance_format: str = ""
    #: An extra key the ledger rows of ``show --json`` repeat ``balance_after``
    #: under (story-points: ``sp_after``, kept for older readers); None: none.
    balance_row_key: str | None = None
    #: The actions a Training Exchange pairs (each 1 SP cheaper when two
    #: characters raise together); empty: the ruleset has no Training Exchange.
    exchange_actions: tuple[str, ...] = ()
    #: Story Checkpoints and Milestones (``award-checkpoint MILESTONE CHECKPOINT``,
    #: ``resolve-milestone MILESTONE``): the party award dialog offers them.
    story_milestones: bool = False
    #: Party XP shares (a session's XP shared among survivors): an object with
    #: ``tally(data, enemies, treasure, secure, parts) -> dict``; None: none.
    party_xp: Any = None

    @property
    def training_exchange(self) -> bool:
        return bool(self.exchange_actions)

    def balance_text(self, value: int | None) -> str:
        """A balance for people: "12 SP"; "" without a balance."""
        if value is None:
            return ""
        return f"{value} {self.balance_label}".strip()

    def __init__(self, data: dict):
        self.data = data

    # -- data ---------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict) -> list[str]:
        """Every problem with a ruleset data file (built-in or homebrew override)."""
        return [] if isinstance(data, dict) else ["the data is not a JSON object"]

    def public_data(self) -> dict:
        """The data as ``character-builder data RULESET --json`` prints it."""
        return self.data

    @classmethod
    def data_from_public(cls, data):
        """The data file that ``data`` stands for, when ``data`` is in the shape
        :meth:`public_data` prints (so that output, saved as a homebrew override,
        means the same data); anything else is returned unchanged.  Default: the
        two shapes are the same."""
        return data

    # -- creation -----------------------------------------------------------
    @abstractmethod
    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict:
        """Build a baseline from ``--set KEY=VALUE`` pairs (in order).

        Raises UsageError for unknown keys/names, Refusal for an illegal baseline.
        ``randomize`` is the CLI's ``--random`` flag; ``rng`` is seeded by ``--seed``.
        """

    @abstractmethod
    def validate_baseline(self, baseline: dict) -> list[str]:
        """Every reason the baseline is illegal (empty list: legal)."""

    @abstractmethod
    def initial_state(self, baseline: dict) -> Any:
        """The state a baseline stands for (assumes it is well formed)."""

    # -- actions ------------------------------------------------------------
    @abstractmethod
    def parse_action(self, args: Sequence[str]) -> dict:
        """Turn ``do FILE ACTION [ARGS]`` words into an action dict (UsageError)."""

    def resolve(self, state: Any, action: dict, rng: random.Random) -> dict:
        """Fill in what an action leaves to chance (die rolls) before it is logged.

        The logged action must replay deterministically.  Default: unchanged.
        """
        return action

    @abstractmethod
    def check(self, state: Any, action: dict) -> list[str]:
        """Every reason the action is refused in ``state`` (empty list: allowed)."""

    @abstractmethod
    def apply(self, state: Any, action: dict) -> Any:
        """The new state after an allowed action (the old state is not touched)."""

    def describe(self, action: dict) -> str:
        """One line for the ledger view."""
        args = " ".join(f"{k}={v}" for k, v in action.items() if k not in ("action", "at"))
        return f"{action.get('action', '?')} {args}".strip()

    def action_cost(self, before: Any, action: dict) -> int:
        """What the action spends (SP, XP...) for the ledger view; 0 by default."""
        return 0

    # -- views of the state -------------------------------------------------
    @abstractmethod
    def derive(self, state: Any, name: str) -> dict:
        """The full derived state as ``show --json`` prints it."""

    @abstractmethod
    def options(self, state: Any) -> list[dict]:
        """Every possible next increase (see :func:`option`)."""

    def plan(self, state: Any, target: str) -> dict:
        raise UsageError(f"the {self.id} ruleset has no planner")

    def headline(self, state: Any) -> dict:
        """A few figures for the library list, label -> value."""
        return {}

    def balance(self, state: Any) -> int | None:
        """The spendable points after this state (SP, XP...), for the ledger view."""
        return None

    def show_text(self, derived: dict) -> str:
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
