"""The main window's campaigns (:class:`CampaignsController`): new campaigns (one
application-layer operation, :mod:`builder.app.campaigns`), opening the selected one or
a campaign file, adding library characters to a campaign, trashing a campaign.

Campaign tabs are opened by the tabs' controller
(:meth:`builder.ui.window_documents.DocumentsController.open_campaign`); a trash goes
on the library's undo stack (:meth:`builder.ui.window_library.LibraryController.run_operation`)."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from PySide6.QtCore import QObject

from builder.ui.wording import count

if TYPE_CHECKING:
    from builder.app.outcome import Outcome
    from builder.ui.campaign_tab import CampaignTab
    from builder.ui.main_window import MainWindow
    from builder.ui.window_documents import DocumentsController
    from builder.ui.window_library import LibraryController

CAMPAIGN_FILTER = "Campaign files (*.json);;All files (*)"


class CampaignsController(QObject):
    """The Campaign menu's commands and the library's campaigns panel."""

    def __init__(self, window: MainWindow, documents: DocumentsController,
                 library: LibraryController):
        super().__init__(window)
        self.window = window
        self.documents = documents
        self.library = library

    def new_campaign(self) -> None:
        from builder.ui.dialogs.campaign_new import NewCampaignDialog

        window = self.window
        window.library_model.refresh()
        checked = window.library_page.selected_paths() if window.tabs.currentIndex() == 0 else []
        dialog = NewCampaignDialog(window.library_model.entries(), window, checked=checked)
        dialog.created.connect(self.create_campaign)
        dialog.open()
        self.new_campaign_dialog = dialog

    def create_campaign(self, name: str, ruleset_id: str,
                        members: Sequence[str | Path]) -> CampaignTab | None:
        """Write a new campaign into the library's campaigns folder and open it
        (:func:`builder.app.campaigns.create`, as ``campaign new``)."""
        from builder.app import campaigns
        from builder.ui.operations import Failure, run

        def op() -> Outcome:
            target = campaigns.library_path(name) if name.strip() else Path(name)
            return campaigns.create(campaigns.NewCampaign(
                name=name, ruleset=ruleset_id, output=target,
                members=tuple(campaigns.member_reference(target, p) for p in members)))

        result = run(op, self.window.broadcast)
        if isinstance(result, Failure):
            self.window.show_error("Cannot create the campaign", "\n".join(result.reasons))
            return None
        target = result.changes[0].path
        self.window.campaigns_panel.select_path(str(target))
        self.window.report(f"Campaign {name} created ({target.name})")
        return self.documents.open_campaign(target)

    def open_selected_campaign(self) -> None:
        for path in self.window.campaigns_panel.selected_paths():
            self.documents.open_campaign(path)

    def open_campaign_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from builder.app import campaigns

        dialog = QFileDialog(self.window, "Open a campaign", str(campaigns.library_folder()),
                             CAMPAIGN_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(self.documents.open_campaign)
        dialog.open()
        self._file_dialog = dialog

    def add_selected_to_campaign(self) -> None:
        window = self.window
        campaigns_selected = window.campaigns_panel.selected_paths()
        characters = window.library_page.view.selectionModel().selectedRows()
        if not campaigns_selected or not characters:
            window.report("Select characters above and a campaign below")
            return
        from builder.ui.models.library_model import PathRole

        paths = [index.data(PathRole) for index in characters]
        view = self.documents.open_campaign(campaigns_selected[0], make_current=False)
        if view is not None and view.membership.add_members(paths):
            window.campaign_model.refresh()
            window.report(f"Added {count(len(paths), 'character')} to {view.name}")
        elif view is not None:
            window.report(view.message_bar.label.text().replace("\n", " "))

    def trash_selected_campaign(self) -> None:
        """Move the selected campaign files to the trash (their tabs close; the
        characters are not touched); Undo brings them back."""
        from builder.app import library as app_library
        from builder.ui.undo import trashed_files

        model = self.window.campaign_model
        for path in self.window.campaigns_panel.selected_paths():
            row = model.row_for_path(path)
            name = model.rows()[row].name if row >= 0 else Path(path).stem
            outcome = self.library.run_operation(partial(app_library.trash, [path]),
                                                 trashed_files,
                                                 f"Move the campaign {name} to the trash")
            if outcome is not None:
                self.window.report(f"Moved the campaign {name} to the trash — Edit ▸ Undo "
                                   f"brings it back")
        model.refresh()
