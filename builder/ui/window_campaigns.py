"""The main window's campaign and creation parts: opening campaign tabs, the
member guard, the "files changed" broadcast the open tabs follow, new characters
and campaigns (each one application-layer operation, :mod:`builder.app`), adding
library characters to a campaign, trashing a campaign.

A mixin of :class:`builder.ui.main_window.MainWindow` (it uses the window's tabs,
models, undo stacks and ``report``)."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

from builder.app.pathnames import real_path
from builder.ui.wording import count

if TYPE_CHECKING:  # the window as its parts see it (builder.ui.window_host)
    from builder.rules.base import Ruleset
    from builder.ui.campaign_view import CampaignView
    from builder.ui.operations import Change
    from builder.ui.window_host import WindowHost
else:
    WindowHost = object

CAMPAIGN_FILTER = "Campaign files (*.json);;All files (*)"


class CampaignsAndCreation(WindowHost):
    """Campaign tabs, the member guard, the broadcast, new characters and campaigns."""

    # -- creation ----------------------------------------------------------------------
    def new_character(self) -> None:
        from builder.ui.dialogs.new_character import NewCharacterDialog

        dialog = NewCharacterDialog(self)
        dialog.created.connect(self._create_character)
        dialog.open()
        # the dialog is public (tests and tools drive it); _new_dialog is the old name
        self.new_character_dialog = self._new_dialog = dialog

    def _create_character(self, ruleset: Ruleset, name: str, baseline: dict) -> None:
        """:func:`builder.app.characters.create` into the library, then open it; Undo
        moves the new file to the trash."""
        from builder.app import characters
        from builder.ui.undo import created_files

        spec = characters.NewCharacter(ruleset=ruleset, name=name, baseline=baseline)
        outcome = self._library_op(lambda: characters.create(spec), created_files,
                                   f"New character {name}")
        if outcome is not None:
            self.open_path(outcome.changes[0].path)

    # -- campaigns ------------------------------------------------------------------------
    def open_campaign(self, path: str | Path,
                      make_current: bool = True) -> CampaignView | None:
        from builder.ui.campaign_view import CampaignView

        existing = self.campaign_view_for_path(path)
        if existing is not None:
            if make_current:
                self.tabs.setCurrentWidget(existing)
            return existing
        view = CampaignView(path, self.tabs, member_guard=self.member_blockers,
                            library_entries=self._library_entries, broadcast=self.broadcast)
        if view.campaign is None:
            text = view.message_bar.label.text()
            view.deleteLater()
            self.report(text)
            self._show_error("Cannot open this campaign", text)
            return None
        view.status.connect(self.report)
        view.changed.connect(self.campaign_model.refresh)
        self.undo_group.addStack(view.undo_stack)
        self.restore_splitters(view)
        index = self.tabs.addTab(view, f"⚑ {view.name}")
        self.tabs.setTabToolTip(index, f"Campaign: {view.path}")
        if make_current:
            self.tabs.setCurrentIndex(index)
        self.add_recent(str(view.path))   # Open Recent lists campaigns too (open_file)
        return view

    def _library_entries(self) -> list:
        self.library_model.refresh()
        return self.library_model.entries()

    def member_blockers(self, paths: Iterable[str | Path]) -> list[str]:
        """Reasons a campaign must not write these character files now: an open tab
        holds a change to them that is not on disk (not saved, or a conflict)."""
        wanted = {real_path(p) for p in paths}
        reasons = []
        for editor in self.editors():
            doc = editor.doc
            if doc.path is None or real_path(doc.path) not in wanted:
                continue
            if doc.conflict:
                reasons.append(f"{doc.name} ({doc.path}): the file changed on disk and its "
                               f"open tab has not reloaded it; reload it (or keep yours) first")
            elif doc.save_error:
                reasons.append(f"{doc.name} ({doc.path}): its open tab has a change that is "
                               f"not saved ({doc.save_error})")
        return reasons

    def _files_changed(self, change: Change) -> None:
        """An operation wrote files (the broadcast): open character tabs take the new
        version, keeping their undo history (:func:`builder.ui.operations.follow`);
        campaign tabs and the library models read again."""
        from builder.ui.operations import follow

        removed = {real_path(c.path) for c in change.outcome.changes if c.after is None}
        for path in removed:             # moved to the trash: its tab closes
            tab = self.editor_for_path(path) or self.campaign_view_for_path(path)
            if tab is not None:
                self.close_tab(self.tabs.indexOf(tab))
        wanted = {real_path(p) for p in change.paths} - removed
        followed = []
        for editor in self.editors():
            doc = editor.doc
            if doc.path is None or real_path(doc.path) not in wanted:
                continue
            if follow(doc, change, self.broadcast):
                editor.conflict_bar.hide()
                followed.append(doc.name)
        for view in self.campaign_views():
            view.files_changed(change)
        self.library_model.refresh()
        self.campaign_model.refresh()
        if followed:
            self.report("Open characters updated: " + ", ".join(followed))

    def new_campaign(self) -> None:
        from builder.ui.dialogs.campaign_new import NewCampaignDialog

        self.library_model.refresh()
        checked = self.library_page.selected_paths() if self.tabs.currentIndex() == 0 else []
        dialog = NewCampaignDialog(self.library_model.entries(), self, checked=checked)
        dialog.created.connect(self.create_campaign)
        dialog.open()
        self.new_campaign_dialog = dialog

    def create_campaign(self, name: str, ruleset_id: str,
                        members: Sequence[str | Path]) -> CampaignView | None:
        """Write a new campaign into the library's campaigns folder and open it
        (:func:`builder.app.campaigns.create`, as ``campaign new``)."""
        from builder.app import campaigns
        from builder.storage import campaigns as store
        from builder.ui.operations import Failure, run

        def op():
            target = store.library_path_for(name) if name.strip() else Path(name)
            return campaigns.create(campaigns.NewCampaign(
                name=name, ruleset=ruleset_id, output=target,
                members=tuple(campaigns.member_reference(target, p) for p in members)))

        result = run(op, self.broadcast)
        if isinstance(result, Failure):
            self._show_error("Cannot create the campaign", "\n".join(result.reasons))
            return None
        target = result.changes[0].path
        self.campaigns_panel.select_path(str(target))
        self.report(f"Campaign {name} created ({target.name})")
        return self.open_campaign(target)

    def open_selected_campaign(self) -> None:
        for path in self.campaigns_panel.selected_paths():
            self.open_campaign(path)

    def open_campaign_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog
        from builder.storage.paths import campaigns_dir

        dialog = QFileDialog(self, "Open a campaign", str(campaigns_dir()), CAMPAIGN_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(self.open_campaign)
        dialog.open()
        self._file_dialog = dialog

    def add_selected_to_campaign(self) -> None:
        campaigns_selected = self.campaigns_panel.selected_paths()
        characters = self.library_page.view.selectionModel().selectedRows()
        if not campaigns_selected or not characters:
            self.report("Select characters above and a campaign below")
            return
        from builder.ui.models.library_model import PathRole

        paths = [index.data(PathRole) for index in characters]
        view = self.open_campaign(campaigns_selected[0], make_current=False)
        if view is not None and view.add_members(paths):
            self.campaign_model.refresh()
            self.report(f"Added {count(len(paths), 'character')} to {view.name}")
        elif view is not None:
            self.report(view.message_bar.label.text().replace("\n", " "))

    def trash_selected_campaign(self) -> None:
        """Move the selected campaign files to the trash (their tabs close; the
        characters are not touched); Undo brings them back."""
        from builder.app import library as app_library
        from builder.ui.undo import trashed_files

        for path in self.campaigns_panel.selected_paths():
            row = self.campaign_model.row_for_path(path)
            name = self.campaign_model.rows()[row].name if row >= 0 else Path(path).stem
            outcome = self._library_op(partial(app_library.trash, [path]), trashed_files,
                                       f"Move the campaign {name} to the trash")
            if outcome is not None:
                self.report(f"Moved the campaign {name} to the trash — Edit ▸ Undo brings "
                            f"it back")
        self.campaign_model.refresh()
