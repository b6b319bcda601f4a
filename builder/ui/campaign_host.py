"""A campaign tab as its parts see it: the one host the mixins of
:class:`builder.ui.campaign_view.CampaignView` (:mod:`.campaign_party`,
:mod:`.campaign_members`) are written against.

The parts derive from :class:`CampaignHost` for the type checker only (``if
TYPE_CHECKING``); at run time they stay plain mixins and this module is not imported.
"""
from __future__ import annotations

from abc import abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Callable, ClassVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QWidget

if TYPE_CHECKING:
    from builder.app.library import LibraryEntry
    from builder.app.outcome import Guard
    from builder.storage.campaigns import CampaignFile
    from builder.app.types import CharacterFile, Ruleset
    from builder.ui.operations import FilesChanged


class CampaignHost(QWidget):
    """What the campaign tab builds and offers its parts."""

    changed: ClassVar[Signal]
    status: ClassVar[Signal]
    path: Path
    #: None while the file cannot be read.
    campaign: CampaignFile | None
    #: The main window's member guard
    #: (:meth:`builder.ui.window_documents.DocumentsController.member_blockers`).
    member_guard: Guard
    broadcast: FilesChanged
    #: The library's characters, for "add members" (None: not offered).
    library_entries: Callable[[], list[LibraryEntry]] | None
    #: The dialog this tab opened last (award, exchange, XP, add members).
    dialog: QDialog | None

    @property
    @abstractmethod
    def name(self) -> str: ...

    @property
    @abstractmethod
    def ruleset_id(self) -> str: ...

    @abstractmethod
    def ruleset(self) -> Ruleset | None: ...

    @abstractmethod
    def reload(self, sync_undo: bool = True) -> None: ...

    @abstractmethod
    def member_files(self) -> list[tuple[str, CharacterFile]]: ...

    @abstractmethod
    def member_paths(self) -> list[str]: ...

    @abstractmethod
    def selected_member(self) -> str | None: ...

    @abstractmethod
    def show_refusal(self, title: str, reasons: list[str]) -> None: ...

    @abstractmethod
    def show_done(self, text: str) -> None: ...
