"""What an adapter (the command line, the window) may read of a character file, a
campaign file and a party award.

The application layer hands the adapters the character files it opens (a window
tab's open copy, a campaign's member, the file a command reads); storage's
:class:`~builder.storage.files.CharacterFile` also has the methods that change one
(``do``, ``undo``, ``rename``, ``save``...), which only the application layer's
operations call.  An adapter names a character file as :class:`CharacterView`: the
members it reads, each as the file has it (a property stays a property, a method a
method), none of them a change.  The file satisfies the protocol as it is: no
wrapper, no copy, nothing at run time.

What the file holds for good is read-only here (``doc`` a Mapping, ``ledger`` and the
replay's lists Sequences), so mypy refuses an adapter that writes into them; what a
method makes afresh for its caller (``derived()``, ``options()``,
``refusal_reasons()``) keeps its precise type: changing it changes nothing of the file.
A change goes through an operation (:mod:`builder.app.characters`,
:mod:`builder.app.identity`, :mod:`builder.app.documents`), which takes the view back
and finds the file behind it with :func:`character_file`.

A campaign file is the same: storage's :class:`~builder.storage.campaigns.CampaignFile`
also has the methods that change one (``append``, ``add_member``, ``commit``,
``save``...); an adapter names it as :class:`CampaignView`, its members typed
read-only (``members`` and ``ledger`` Sequences) and ``load_member`` giving a
:class:`CharacterView`.  Every campaign change takes the campaign's path and reads the
file afresh under its lock (:mod:`builder.app.campaigns`), so no operation takes a view
back.  A party award an outcome carries (``Outcome.award``) is read as
:class:`PartyAwardView`: the fields of its records the adapters read, each member's file
a :class:`CharacterView`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence

from builder.storage.files import CharacterFile

if TYPE_CHECKING:
    import random
    from pathlib import Path

    from builder.rules.base import ActionEntry, Option, Ruleset
    from builder.rules.engine import Problem, Step
    from builder.rules.fortune_peril import PoolReplay
    from builder.storage.files import Preview


class ReplayView(Protocol):
    """What an adapter reads of a ledger replayed (``CharacterView.replay``): each
    entry as written, the state after the last, what each entry did and what the rules
    refuse (a :class:`~builder.rules.engine.Problem` is a record of the rules, read by
    its fields and ``lines()``)."""

    @property
    def ledger(self) -> Sequence[Mapping[str, Any]]: ...

    @property
    def state(self) -> Any: ...

    @property
    def steps(self) -> Sequence[Step]: ...

    @property
    def problems(self) -> Sequence[Problem]: ...


class FileView(Protocol):
    """What an adapter reads of any file the application layer opened for it (a
    character's, a campaign's)."""

    @property
    def path(self) -> Path | None: ...

    @property
    def name(self) -> str: ...

    @property
    def raw(self) -> bytes | None:
        """The bytes last read from or written to the file (None: never)."""

    @property
    def read_only(self) -> str | None:
        """Why nothing may be written to the file (None: it may)."""

    @property
    def ledger(self) -> Sequence[Mapping[str, Any]]: ...


class CharacterView(FileView, Protocol):
    """A character file as the adapters read it (the members they use, no more)."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def doc(self) -> Mapping[str, Any]:
        """The character's document, as the file keeps it."""

    @property
    def state(self) -> Any: ...

    @property
    def replay(self) -> ReplayView: ...

    def derived(self, ledger_rows: bool = True) -> dict[str, Any]:
        """The ``show --json`` dict (a new one each call)."""

    def options(self) -> list[Option]:
        """Every possible next step (a new list each call)."""

    def preview(self, action: ActionEntry, rng: random.Random | None = None) -> Preview:
        """What ``do`` would do with ``action``, nothing changed."""

    def refusal_reasons(self, action: ActionEntry) -> list[str]:
        """Every reason ``do`` would refuse ``action`` for, nothing changed."""


class CampaignView(FileView, Protocol):
    """A campaign file as the adapters read it (the members they use, no more)."""

    @property
    def ruleset_id(self) -> str: ...

    @property
    def members(self) -> Sequence[str]:
        """Each member's path as the campaign stores it."""

    def member_path(self, given: str) -> Path:
        """Where the member stored as ``given`` is."""

    def load_member(self, given: str) -> CharacterView:
        """The member's character file (FileProblem naming the member)."""

    def pool_replay(self) -> PoolReplay:
        """The Fortune/Peril pool after the ledger (a new replay each call)."""


class MemberView(Protocol):
    """A character taking part in a party award (:class:`builder.app.party.Member`), as
    the adapters read it."""

    @property
    def cf(self) -> CharacterView: ...


class ShareView(Protocol):
    """What one member got (:class:`builder.app.party.Share`), as the adapters read it."""

    @property
    def member(self) -> MemberView: ...

    @property
    def xp(self) -> int: ...

    @property
    def gained(self) -> int: ...

    @property
    def lost(self) -> int: ...


class PartyAwardView(Protocol):
    """A session's XP shared out (:class:`builder.app.party.PartyAward`), as an
    outcome hands it to the adapters."""

    @property
    def shares(self) -> tuple[ShareView, ...]: ...

    @property
    def warnings(self) -> tuple[str, ...]: ...


def character_file(view: CharacterView) -> CharacterFile:
    """The character file behind a view the application layer handed out, for the
    application layer's own operations to change (adapters never call this:
    ``tests/core/test_architecture.py``).  TypeError for anything else."""
    if isinstance(view, CharacterFile):
        return view
    raise TypeError(f"not a character file the application layer opened: {view!r}")
