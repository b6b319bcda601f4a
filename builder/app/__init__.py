"""The application layer: one Qt-free function per user-visible change.

The command line (:mod:`builder.cli`, :mod:`builder.cli_commands`) and the
window (:mod:`builder.ui`) are thin adapters over these functions; neither
holds a policy the other lacks.  Each operation

* takes typed inputs (frozen records such as :class:`~builder.app.characters.NewCharacter`,
  or plain paths and words),
* enforces the guards: the *member guard* (a caller-supplied
  :data:`~builder.app.outcome.Guard`: the window refuses to write a file an
  open tab holds an unsaved change to; the command line has none), the
  all-or-nothing rule for changes that touch several files, newer-format files
  read-only,
* and returns an :class:`~builder.app.outcome.Outcome` (which files changed,
  their SHA-256 digests before and after, the ledger entry written, the lines
  the command line prints) or raises :class:`~builder.app.outcome.Refused`
  (a stable ``code`` plus the reasons a player reads; a subclass of
  :class:`~builder.rules.base.Refusal`, so exit 1 on the command line).

Modules: :mod:`.outcome` (results, refusals, guards), :mod:`.characters`
(creation; one character's changes: act, undo, redo, rename, on a path or an
open copy; party XP over open characters), :mod:`.library` (the library's scan,
duplicate, import, trash and restore, save a copy), :mod:`.campaigns` (campaign
and Fortune/Peril pool operations), :mod:`.party` (the one party award over loose
characters or campaign members), :mod:`.recovery` (finishing a multi-file change a
killed process left), :mod:`.export` (sheets to PDF, the renderer passed in),
:mod:`.views` (a character file, a campaign file and a party award as the adapters read
them: ``CharacterView``, ``CampaignView``, ``PartyAwardView``, no change).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.app.outcome import FileChange, Guard, Outcome, Refused, RefusalCode

__all__ = ["FileChange", "Guard", "Outcome", "Refused", "RefusalCode"]


def __getattr__(name: str) -> Any:
    """The outcome types, imported when first named: the window's start reads the
    library through :mod:`.library` and needs none of them (nor the rules they
    import)."""
    if name in __all__:
        from builder.app import outcome

        return getattr(outcome, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
