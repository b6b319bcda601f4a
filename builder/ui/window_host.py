"""The main window as its parts see it: the one host the mixins of
:class:`builder.ui.main_window.MainWindow` are written against.

Each part (:mod:`.window_actions`, :mod:`.window_documents`, :mod:`.window_library`,
:mod:`.window_campaigns`, :mod:`.window_export`, :mod:`.window_settings`) uses widgets
the window builds and methods another part defines.  :class:`WindowHost` declares
them, with their types, in one place: the parts derive from it for the type checker
only (``if TYPE_CHECKING``), so at run time they stay plain mixins and nothing here
is imported when the window starts.  A part that defines a method declared here
must keep its signature (mypy checks each definition against this declaration), and
a method or attribute a part uses from another must be declared here.
"""
from __future__ import annotations

from abc import abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from PySide6.QtGui import QAction, QActionGroup, QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QTabWidget

if TYPE_CHECKING:
    from builder.app.outcome import Outcome
    from builder.ui.campaign_view import CampaignView
    from builder.ui.document import CharacterDocument
    from builder.ui.models.campaign_model import CampaignModel
    from builder.ui.models.library_model import LibraryModel
    from builder.ui.operations import FilesChanged
    from builder.ui.views.base import CharacterEditor
    from builder.ui.views.library_page import CampaignsPanel, LibraryPage

#: What :meth:`WindowHost._library_op` pushes on the library's undo stack:
#: ``make_command(text, outcome, guard, broadcast, report)`` (:mod:`builder.ui.undo`).
MakeCommand = Callable[..., QUndoCommand]


class WindowHost(QMainWindow):
    """The widgets, actions and methods the window's parts share."""

    # -- built by MainWindow.__init__ ----------------------------------------------------
    #: The character documents, in tab order of opening.
    docs: list[CharacterDocument]
    undo_group: QUndoGroup
    #: The one "files changed" broadcast (:mod:`builder.ui.operations`).
    broadcast: FilesChanged
    library_stack: QUndoStack
    library_model: LibraryModel
    library_page: LibraryPage
    campaign_model: CampaignModel
    campaigns_panel: CampaignsPanel
    tabs: QTabWidget
    balance_label: QLabel
    saved_label: QLabel

    # -- built by WindowActions: ``act_<id>`` for each of window_actions.ACTIONS ---------
    act_new: QAction
    act_open: QAction
    act_import: QAction
    act_add_folder: QAction
    act_open_selected: QAction
    act_save_copy: QAction
    act_close_tab: QAction
    act_quit: QAction
    act_duplicate: QAction
    act_rename: QAction
    act_identity: QAction
    act_trash: QAction
    act_restore: QAction
    act_conflicts: QAction
    act_print: QAction
    act_preview: QAction
    act_export_pdf: QAction
    act_sheet_options: QAction
    act_reload: QAction
    act_library: QAction
    act_next_tab: QAction
    act_previous_tab: QAction
    act_data_folder: QAction
    act_rule_systems: QAction
    act_about: QAction
    act_samples: QAction
    act_find: QAction
    act_new_campaign: QAction
    act_open_campaign: QAction
    act_open_campaign_selected: QAction
    act_add_to_campaign: QAction
    act_trash_campaign: QAction
    act_undo: QAction
    act_redo: QAction
    theme_group: QActionGroup
    theme_actions: dict[str, QAction]
    recent_menu: QMenu
    #: The menus filled each time they open (window_actions.MENUS).
    character_menu: QMenu
    campaign_menu: QMenu

    # -- MainWindow --------------------------------------------------------------------------
    @abstractmethod
    def report(self, message: str, timeout: int = 8000) -> None: ...

    @abstractmethod
    def show_notice(self, text: str, kind: str = "warning") -> None: ...

    @abstractmethod
    def _show_error(self, title: str, text: str) -> None: ...

    @abstractmethod
    def set_theme(self, choice: str) -> None: ...

    # -- WindowActions ------------------------------------------------------------------------
    @abstractmethod
    def update_actions(self, *_: object) -> None: ...

    @abstractmethod
    def _fill_character_menu(self) -> None: ...

    # -- OpenDocuments ------------------------------------------------------------------------
    @abstractmethod
    def current_editor(self) -> CharacterEditor | None: ...

    @abstractmethod
    def current_campaign_view(self) -> CampaignView | None: ...

    @abstractmethod
    def current_doc(self) -> CharacterDocument | None: ...

    @abstractmethod
    def editor_for_path(self, path: str | Path) -> CharacterEditor | None: ...

    @abstractmethod
    def editors(self) -> list[CharacterEditor]: ...

    @abstractmethod
    def campaign_views(self) -> list[CampaignView]: ...

    @abstractmethod
    def campaign_view_for_path(self, path: str | Path) -> CampaignView | None: ...

    @abstractmethod
    def open_documents(self) -> list[CharacterDocument]: ...

    @abstractmethod
    def open_path(self, path: str | Path,
                  make_current: bool = True) -> CharacterEditor | None: ...

    @abstractmethod
    def open_file(self, path: str | Path,
                  make_current: bool = True) -> CharacterEditor | CampaignView | None: ...

    @abstractmethod
    def close_tab(self, index: int) -> None: ...

    @abstractmethod
    def show_library(self) -> None: ...

    # -- LibraryOperations --------------------------------------------------------------------
    @abstractmethod
    def _library_op(self, op: Callable[[], Outcome], make_command: MakeCommand,
                    text: str) -> Outcome | None: ...

    # -- CampaignsAndCreation -----------------------------------------------------------------
    @abstractmethod
    def open_campaign(self, path: str | Path,
                      make_current: bool = True) -> CampaignView | None: ...

    @abstractmethod
    def member_blockers(self, paths: Iterable[str | Path]) -> list[str]: ...

    # -- WindowSettings -----------------------------------------------------------------------
    @abstractmethod
    def add_recent(self, path: str) -> None: ...

    @abstractmethod
    def _fill_recent(self) -> None: ...

    @abstractmethod
    def save_splitters(self, editor: CharacterEditor | CampaignView) -> None: ...

    @abstractmethod
    def restore_splitters(self, editor: CharacterEditor | CampaignView) -> None: ...
