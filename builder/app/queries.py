"""What the adapters read: rule systems, a character file, a document's kind, the
folders this program keeps, a campaign and its pool.

Each function reads and changes nothing.  Every import is made where it is used: the
command line imports this module for every command, and each command reads only
what it shows."""
from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypedDict

from builder.rules.records import FrozenRecord

if TYPE_CHECKING:
    from builder.rules.base import Plan, PlanStep, Ruleset
    from builder.app.views import CampaignView, CharacterView
    from builder.storage.rule_systems import RuleSystemRow


class RuleSystem(FrozenRecord):
    """One rule system as ``rulesets`` lists it; ``source`` is "built-in" or the
    homebrew file that overrides its data."""

    _fields = ("id", "title", "summary", "source")
    __slots__ = _fields
    id: str
    title: str
    summary: str
    source: str

    def __init__(self, id: str, title: str, summary: str, source: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "summary", summary)
        object.__setattr__(self, "source", source)

    def to_json(self) -> dict[str, str]:
        """What ``rulesets --json`` prints for it."""
        return {"id": self.id, "title": self.title, "summary": self.summary,
                "source": self.source}


def rule_system_ids() -> list[str]:
    """Every rule system's id (built in, plugged in and written in data)."""
    from builder.rules.registry import ruleset_ids

    return ruleset_ids()


def rule_systems() -> list[RuleSystem]:
    """Every rule system, loaded with its data (a homebrew override included)."""
    from builder.storage.rulesets import load_ruleset_full

    rows = []
    for rid in rule_system_ids():
        loaded = load_ruleset_full(rid)
        rows.append(RuleSystem(rid, loaded.ruleset.title, loaded.ruleset.summary_text,
                               loaded.source))
    return rows


def ruleset(ruleset_id: str) -> Ruleset:
    """The rule system ``ruleset_id`` with its effective data (UsageError when there
    is none of that id)."""
    from builder.storage.rulesets import load_ruleset_full

    return load_ruleset_full(ruleset_id).ruleset


def ruleset_class(ruleset_id: str) -> type[Ruleset]:
    """The class of the rule system ``ruleset_id``, its data not read (UsageError when
    there is none of that id)."""
    from builder.rules.registry import ruleset_class as find

    return find(ruleset_id)


def ruleset_commands(command: str | None = None) -> dict[str, str]:
    """The command-line verbs the rule systems declare (name -> the module that
    registers it); given ``command``, only that one when a rule system has it."""
    from builder.rules.registry import ruleset_commands as declared

    return declared(command)


def campaign_commands() -> dict[str, str]:
    """The ``campaign`` sub-commands the rule systems declare (name -> the module that
    adds it with ``register_campaign(subparsers)``)."""
    from builder.rules.registry import campaign_commands as declared

    return declared()


def data_text(data: Any) -> str:
    """A rule system's data in plain words, as ``data`` prints it."""
    from builder.rules.base import _generic_text

    return _generic_text(data)


def ruleset_part(spec: str) -> Any:
    """A part a rule system declares as a lazy "module:attr" string (its ``editor``,
    ``creation_form``, ``dialogs``), imported; a bare "module" is the module itself."""
    from builder.rules.registry import load_part

    return load_part(spec)


def report_warnings_to(handler: Callable[[str], None] | None) -> None:
    """Send each "override ignored" warning to ``handler`` once (None: stop)."""
    from builder.storage.rulesets import report_warnings_to as report

    report(handler)


def open_character(path: Path | str) -> CharacterView:
    """A character file, read and replayed (FileProblem when it cannot be read)."""
    from builder.storage.files import load_character

    return load_character(path)


def plan(cf: CharacterView, target: str) -> Plan:
    """The rules' cheapest way from the character's state to ``target`` (Refusal when
    none is legal; UsageError for a target the rule system does not read, or a rule
    system without a planner)."""
    from builder.rules.base import Plan

    return Plan.coerce(cf.ruleset.plan(cf.state, target))


def affordable_steps(plan: Plan | None) -> list[PlanStep]:
    """The steps of ``plan`` the unspent points pay for now, in order: the longest paid
    prefix (each step may need the ones before it); none without a plan."""
    from builder.rules.chain import affordable_steps as paid_prefix

    return paid_prefix(plan)


def first_refusal(cf: CharacterView, actions: Iterable[Sequence[str]]
                  ) -> tuple[int, list[str]] | None:
    """Walk ``actions`` (``do`` words each) in turn from the character's state, nothing
    saved: (the index of the first the rules refuse, every reason), or None when the
    rules allow them all.  Words the rules cannot read raise UsageError."""
    ruleset, state = cf.ruleset, cf.state
    for index, words in enumerate(actions):
        action = ruleset.parse_action(words)
        why = ruleset.check(state, action)
        if why:
            return index, list(why)
        state = ruleset.apply(state, action)
    return None


class ExchangeStep(FrozenRecord):
    """One side of a Training Exchange before it is taken: what it costs in the exchange
    (``cost``) and outside it (``full_cost``), None where the words do not say, and the
    rules' reasons against it, each led by the character's name."""

    _fields = ("cost", "full_cost", "reasons")
    __slots__ = _fields
    cost: int | None
    full_cost: int | None
    reasons: tuple[str, ...]

    def __init__(self, cost: int | None, full_cost: int | None,
                 reasons: Iterable[str] = ()) -> None:
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "full_cost", full_cost)
        object.__setattr__(self, "reasons", tuple(reasons))


def exchange_step(cf: CharacterView, words: Sequence[str]) -> ExchangeStep:
    """What ``campaign exchange`` would say of one side's ``words`` (the Training
    Exchange dialog's live check), nothing saved: words the rules cannot read are a
    reason, not an error."""
    from builder.app.campaigns import exchange_action
    from builder.rules.base import Refusal, RulesError

    ruleset, state = cf.ruleset, cf.state
    try:
        action = exchange_action(ruleset, words)
        cost = ruleset.action_cost(state, action)
        full = ruleset.action_cost(state, action.with_args(exchange=False))
        return ExchangeStep(cost, full, (f"{cf.name}: {r}" for r in ruleset.check(state, action)))
    except Refusal as refusal:
        return ExchangeStep(None, None, (f"{cf.name}: {r}" for r in refusal.reasons))
    except RulesError as problem:
        return ExchangeStep(None, None, (f"{cf.name}: {problem}",))


def document_kind(path: Path | str) -> str:
    """"campaign" or "character": what the file at ``path`` holds."""
    from builder.storage.documents import peek_kind

    return peek_kind(path)


class Folder(FrozenRecord):
    """A folder this program keeps files in, and what it is for."""

    _fields = ("label", "path")
    __slots__ = _fields
    label: str
    path: Path

    def __init__(self, label: str, path: Path) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "path", path)


def data_folder_variable() -> str:
    """The environment variable that puts every folder of this program in one folder
    of the user's choice."""
    from builder.storage.paths import ENV_DATA

    return ENV_DATA


def folders() -> list[Folder]:
    """Every folder this program keeps files in (the library, campaigns, homebrew,
    trash, caches, crash reports)."""
    from builder.storage import paths

    return [Folder("characters (the library)", paths.characters_dir()),
            Folder("campaigns", paths.campaigns_dir()),
            Folder("rule systems and homebrew", paths.overrides_dir()),
            Folder("trash", paths.trash_dir()),
            Folder("caches", paths.cache_dir()),
            Folder("crash reports", paths.crash_dir())]


def characters_folder(create: bool = False) -> Path:
    """The library's folder of characters (made first with ``create``)."""
    from builder.storage.paths import characters_dir

    return characters_dir(create=create)


def data_folder() -> Path:
    """The folder every file of this program lives under (the library's characters,
    campaigns, homebrew), not created."""
    from builder.storage.paths import data_dir

    return data_dir()


def campaigns_folder() -> Path:
    """The library's folder of campaigns (not created)."""
    from builder.storage.paths import campaigns_dir

    return campaigns_dir()


def homebrew_folder() -> Path:
    """Where an edited copy of a rule system's file replaces the built-in one."""
    from builder.storage.paths import overrides_dir

    return overrides_dir()


def data_systems_folder() -> Path:
    """Where rule systems written as data files are found."""
    from builder.storage.data_systems import systems_dir

    return systems_dir()


def rulesets() -> list[Ruleset]:
    """Every rule system with its effective data (a homebrew override included)."""
    from builder.storage.rulesets import all_rulesets

    return all_rulesets()


def rule_system_rows() -> tuple[list[RuleSystemRow], list[str]]:
    """Every rule system with where it comes from and its warnings, and the warnings
    that belong to no listed system (data files left out): Help > Rule Systems."""
    from builder.storage.rule_systems import rule_system_rows as rows

    return rows()


def trash_folder() -> Path:
    """The library's trash folder (not created)."""
    from builder.storage.paths import trash_dir

    return trash_dir()


def campaign(path: Path | str) -> CampaignView:
    """A campaign file, read (FileProblem when it cannot be read)."""
    from builder.storage.campaigns import load_campaign

    return load_campaign(path)


def writable_campaign(path: Path | str) -> CampaignView:
    """A campaign file to change (FileProblem when it cannot be read or is read-only)."""
    from builder.storage.campaigns import load_writable

    return load_writable(path)


def campaign_folders() -> list[Path]:
    """The folders the library's campaigns are in (the data folder's, then each added
    folder's), whether they exist yet or not."""
    from builder.storage.folders import campaign_folders as folders

    return folders()


def campaign_files() -> list[Path]:
    """The library's campaign files: the data folder's, then each added folder's."""
    from builder.storage.folders import list_campaigns

    return list_campaigns()


class _MemberPlace(TypedDict):
    path: str
    file: str


class MemberShown(_MemberPlace, total=False):
    """A member as ``campaign show --json`` lists it: its path as stored and where that
    is; its name and rule system, or why it cannot be read."""

    name: str
    ruleset: str
    problem: str


class EntryShown(TypedDict):
    """A campaign ledger entry in ``campaign show --json``: its number from 1, its
    action, its words and when it was made."""

    entry: int
    action: Any
    text: str
    at: Any


class EntryProblems(TypedDict):
    """What the pool's replay skipped of an entry, and why."""

    entry: int
    reasons: list[str]


class _CampaignShown(TypedDict):
    name: str
    ruleset: str
    members: list[str]
    member_details: list[MemberShown]
    sessions: list[Any]
    settings: dict[str, Any]
    pool: dict[str, Any]
    ledger: list[EntryShown]
    problems: list[EntryProblems]
    notes: Any


class CampaignShown(_CampaignShown, total=False):
    """``campaign show --json``: the shape is the command line's contract (``suspended``
    only when a merge suspended entries)."""

    suspended: list[str]


def campaign_view(path: Path | str) -> CampaignShown:
    """A campaign as ``campaign show --json`` prints it: its members, sessions, pool,
    ledger and problems."""
    from builder.rules import fortune_peril as fp
    from builder.rules.base import RulesError
    from builder.rules.campaign import describe
    from builder.storage.campaigns import load_campaign
    from builder.storage.files import FileProblem, load_character

    campaign = load_campaign(path)
    state = campaign.pool_replay()
    details = []
    for given in campaign.members:
        row: MemberShown = {"path": given, "file": str(campaign.member_path(given))}
        try:
            cf = load_character(campaign.member_path(given))
            row["name"] = cf.name
            row["ruleset"] = cf.ruleset.id
        except (FileProblem, RulesError) as problem:
            row["problem"] = str(problem)
        details.append(row)
    shown: CampaignShown = {
        "name": campaign.name,
        "ruleset": campaign.ruleset_id,
        "members": list(campaign.members),
        "member_details": details,
        "sessions": list(state.state.sessions),
        "settings": {"pool": campaign.pool_settings},
        "pool": {k: v for k, v in fp.view(state.state).items() if k != "log"},
        "ledger": [{"entry": i + 1, "action": e.get("action"), "text": describe(e),
                    "at": e.get("at", "")} for i, e in enumerate(campaign.ledger)],
        "problems": [{"entry": i + 1, "reasons": r} for i, r in state.problems],
        "notes": campaign.doc.get("notes", ""),
    }
    suspended = suspended_notes(path, campaign.doc)
    if suspended:
        shown["suspended"] = suspended
    return shown


def suspended_notes(path: Path | str, doc: Mapping[str, Any]) -> list[str]:
    """One line per entry of a character or campaign a merge suspended and no ruling
    has settled, with how to settle it (none for most files: read only when the file
    holds suspended entries)."""
    if not doc.get("suspended"):
        return []
    from builder.app import sync

    return sync.suspended_notes(path, doc)


class PoolView(FrozenRecord):
    """A campaign's Fortune/Peril pool as ``pool show`` prints it: the campaign's name,
    the pool's view, each refused ledger entry (its index, its reasons) and each entry a
    merge suspended (:func:`suspended_notes`)."""

    _fields = ("name", "view", "problems", "suspended")
    __slots__ = _fields
    name: str
    view: dict[str, Any]
    problems: list[tuple[int, list[str]]]
    suspended: tuple[str, ...]

    def __init__(self, name: str, view: dict[str, Any], problems: list[tuple[int, list[str]]],
                 suspended: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "view", view)
        object.__setattr__(self, "problems", problems)
        object.__setattr__(self, "suspended", suspended)


def pool_view(path: Path | str) -> PoolView:
    """The pool of the campaign at ``path``, replayed from its ledger."""
    from builder.rules import fortune_peril as fp
    from builder.storage.campaigns import load_campaign

    campaign = load_campaign(path)
    replayed = campaign.pool_replay()
    view = fp.view(replayed.state)
    suspended = suspended_notes(path, campaign.doc)
    if suspended:
        view["suspended"] = suspended
    return PoolView(campaign.name, view,
                    [(index, list(reasons)) for index, reasons in replayed.problems],
                    tuple(suspended))
