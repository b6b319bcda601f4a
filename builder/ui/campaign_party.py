"""A campaign tab's party actions: the party award, the Training Exchange and the
party XP award (the rule system's own dialogs, declared as its ``party-award``,
``exchange`` and ``party-xp`` dialogs, opened over the campaign's members), each one
group operation of :mod:`builder.app.campaigns`, checked as you type with a dry run.

A part of :class:`builder.ui.campaign_tab.CampaignTab`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from builder.ui.operations import Failure, run

if TYPE_CHECKING:
    from builder.app.outcome import Outcome
    from builder.app.types import Ruleset
    from builder.ui.campaign_tab import CampaignTab


class PartyActions:
    """A campaign tab's group operations and their dialogs (award, exchange, XP): a part
    of the tab (:attr:`builder.ui.campaign_tab.CampaignTab.party`)."""

    def __init__(self, view: CampaignTab) -> None:
        self.view = view

    # -- the core, dry and for real ----------------------------------------------------------
    def dry_run(self, op: Callable[[Path], Outcome]) -> list[str]:
        """The reasons the operation ``op(path)`` gives in a dry run; nothing written."""
        from builder.ui.operations import attempt

        result = attempt(lambda: op(self.view.path))
        return result.reasons if isinstance(result, Failure) else []

    def _group(self, what: str, op: Callable[..., Outcome]) -> bool:
        """Run a group operation (``op(path, guard=...)``) and broadcast what it wrote."""
        from builder.app import campaigns

        guard = self.view.member_guard
        outcome = None

        def undo() -> Outcome:
            return campaigns.undo(self.view.path, guard=guard,
                                  expected=outcome.entry if outcome else None)

        result = run(lambda: op(self.view.path, guard=guard), None)
        if isinstance(result, Failure):
            title = (f"{what}: nothing was written." if result.code != "rules"
                     else f"{what} refused (no file was changed):")
            self.view.show_refusal(title, result.reasons)
            self.view.reload()
            return False
        outcome = result
        self.view.reload()
        self.view.show_done(result.summary)
        self.view.broadcast.announce(result, undo)   # this tab reads again too
        self.view.changed.emit()
        return True

    def party_award(self, words: list[str]) -> bool:
        from builder.app import campaigns

        return self._group("Party award", lambda p, **kw: campaigns.award(p, words, **kw))

    def preview_award(self, words: list[str]) -> list[str]:
        from builder.app import campaigns

        return self.dry_run(lambda p: campaigns.award(p, words, dry_run=True))

    def exchange(self, member_a: str, words_a: list[str], member_b: str,
                 words_b: list[str]) -> bool:
        from builder.app import campaigns

        return self._group("Training Exchange", lambda p, **kw: campaigns.exchange(
            p, member_a, words_a, member_b, words_b, **kw))

    def preview_exchange(self, member_a: str, words_a: list[str], member_b: str,
                         words_b: list[str]) -> list[str]:
        from builder.app import campaigns

        return self.dry_run(lambda p: campaigns.exchange(p, member_a, words_a, member_b,
                                                         words_b, dry_run=True))

    # -- dialogs ------------------------------------------------------------------------------
    def _dialog_of(self, name: str, what: str) -> tuple[Callable[..., Any], Ruleset] | None:
        """The campaign rule system's dialog ``name`` (its ``parts.dialogs``) and the
        ruleset; None, with the reason shown, when it cannot open."""
        from builder.app import campaigns
        from builder.app.queries import ruleset_part

        try:
            ruleset = campaigns.ruleset_of(self.view.path)
            factory: Callable[..., Any] = ruleset_part(ruleset.parts.dialogs[name])
        except Exception as problem:  # noqa: BLE001 - an unreadable file or rule system
            self.view.show_refusal(f"{what}: the dialog cannot open.", [str(problem)])
            return None
        return factory, ruleset

    def open_award_dialog(self) -> None:
        """The rule system's party award dialog (``party-award``) over the members."""
        self._open_member_dialog("party-award", "Party award", self.preview_award,
                                 self.party_award)

    def open_exchange_dialog(self) -> None:
        """The rule system's Training Exchange dialog (``exchange``) over the members."""
        self._open_member_dialog("exchange", "Training Exchange", self.preview_exchange,
                                 self.exchange)

    def _open_member_dialog(self, name: str, what: str, preview: Callable[..., Any],
                            chosen: Callable[..., Any]) -> None:
        """A dialog the rule system declares as ``name``, made over the campaign's
        members with ``preview`` (the operation's dry run); what it chooses goes to
        ``chosen``."""
        found = self._dialog_of(name, what)
        if found is None:
            return
        factory, ruleset = found
        dialog = factory(self.view.name, self.view.member_files(), preview,
                         parent=self.view, ruleset=ruleset)
        dialog.chosen.connect(chosen)
        dialog.open()
        self.view.dialog = dialog

    def open_xp_dialog(self) -> None:
        """The rule system's Party XP dialog over this campaign's members, defaulting to
        the session after their latest; what each member gained is reported here."""
        found = self._dialog_of("party-xp", "XP award")
        if found is None:
            return
        factory, _ruleset = found
        dialog = factory([], None, self.view, campaign=self.view.path)
        dialog.applied.connect(self._xp_written)
        dialog.reported.connect(self.view.show_done)
        dialog.open()
        self.view.dialog = dialog

    def _xp_written(self, _shares: object) -> None:
        self.view.reload()
        self.view.changed.emit()
