"""The main window's library (:class:`LibraryController`): new characters, duplicate,
rename, trash and restore, import (also by dropping ``.json`` files on the window), the
sample characters, save a copy, added folders, the data folder.  Each change is one
application-layer operation (:mod:`builder.app.library`, :mod:`builder.app.characters`)
on the library's undo stack (:class:`builder.ui.undo.FileOperation`), announced on the
window's "files changed" broadcast.

It works on the window's tabs through the tabs' controller
(:class:`builder.ui.window_documents.DocumentsController`): the open tab, the member
guard, opening what it made."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence, QUndoCommand

from builder.app import queries
from builder.app.pathnames import real_path
from builder.ui.window_documents import JSON_FILTER, document_kind

if TYPE_CHECKING:
    from PySide6.QtGui import QDropEvent

    from builder.app.library import Trashed
    from builder.app.outcome import Outcome
    from builder.app.types import Ruleset
    from builder.ui.main_window import MainWindow
    from builder.ui.window_documents import DocumentsController

#: What :meth:`LibraryController.run_operation` pushes on the library's undo stack:
#: ``make_command(text, outcome, guard, broadcast, report)`` (:mod:`builder.ui.undo`).
MakeCommand = Callable[..., QUndoCommand]


def dropped_files(event: QDropEvent) -> list[str]:
    """The ``.json`` files a drag carries."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    return [u.toLocalFile() for u in mime.urls()
            if u.isLocalFile() and u.toLocalFile().lower().endswith(".json")]


class LibraryController(QObject):
    """The Library tab's file operations, new characters and drag-and-drop import."""

    def __init__(self, window: MainWindow, documents: DocumentsController):
        super().__init__(window)
        self.window = window
        self.documents = documents

    # -- creation ------------------------------------------------------------------------
    def new_character(self) -> None:
        from builder.ui.dialogs.new_character import NewCharacterDialog

        dialog = NewCharacterDialog(self.window)
        dialog.created.connect(self._create_character)
        dialog.open()
        self.new_character_dialog = dialog   # (tests and tools drive it)

    def _create_character(self, ruleset: Ruleset, name: str, baseline: dict[str, Any]) -> None:
        """:func:`builder.app.characters.create` into the library, then open it; Undo
        moves the new file to the trash."""
        from builder.app import characters
        from builder.ui.undo import created_files

        spec = characters.NewCharacter(ruleset=ruleset, name=name, baseline=baseline)
        outcome = self.run_operation(lambda: characters.create(spec), created_files,
                                     f"New character {name}")
        if outcome is not None:
            editor = self.documents.open_path(outcome.changes[0].path)
            if editor is not None:
                editor.focus_start()

    # -- the library's operations ----------------------------------------------------------
    def run_operation(self, op: Callable[[], Outcome], make_command: MakeCommand,
                      text: str) -> Outcome | None:
        """Run one library operation (:mod:`builder.app.library`): refused, the reasons
        in the status bar and None; done, announced on the broadcast and pushed on the
        library stack as ``make_command(text, outcome, guard, broadcast, report)``."""
        from builder.ui.operations import Failure, run

        window = self.window
        result = run(op, window.broadcast)
        if isinstance(result, Failure):
            window.report(" ".join(result.reasons))
            return None
        window.library_stack.push(make_command(text, result, self.documents.member_blockers,
                                               window.broadcast, window.report))
        return result

    def duplicate_selected(self) -> None:
        from builder.app import library as app_library
        from builder.ui.undo import created_files

        for path in self.documents.target_paths():
            name = self._name_of(path)
            outcome = self.run_operation(partial(app_library.duplicate, path), created_files,
                                         f"Duplicate {name}")
            if outcome is not None:
                copy = outcome.changes[0].path
                self.window.library_page.select_path(str(copy))
                self.window.report(f"Duplicated {name} as {copy.name}")

    def rename_selected(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        paths = self.documents.target_paths()
        if not paths:
            return
        path = paths[0]
        editor = self.documents.editor_for_path(path)
        old = editor.doc.name if editor is not None else self._name_of(path)
        dialog = QInputDialog(self.window)
        dialog.setWindowTitle("Rename character")
        dialog.setLabelText(f"New name for {old}:")
        dialog.setTextValue(old)
        dialog.textValueSelected.connect(lambda text: self.rename_path(path, text))
        dialog.open()
        self.rename_dialog = dialog

    def rename_path(self, path: str | Path, new_name: str) -> None:
        """:func:`builder.app.characters.rename`: an open character's on its tab's undo
        stack (the tab holds the file), any other on the library stack."""
        from builder.app import characters
        from builder.ui.undo import renamed_file

        editor = self.documents.editor_for_path(path)
        if editor is not None:
            editor.doc.rename(new_name)  # on the character's own undo stack
            self.window.library_model.refresh()
            return
        guard = self.documents.member_blockers
        self.run_operation(lambda: characters.rename(path, new_name, guard=guard),
                           lambda _text, outcome, *rest: renamed_file(path, outcome, *rest), "")

    def trash_selected(self) -> None:
        """Move the selected characters to the trash, all or none (not one whose open tab
        holds a change that is not on disk); their tabs close, after the player said
        yes (Undo brings the files back and opens their tabs again)."""
        from PySide6.QtWidgets import QMessageBox

        paths = self.documents.target_paths()
        if not paths:
            return
        what = self._trash_words(paths)
        open_ones = [p for p in paths if self.documents.editor_for_path(p) is not None]
        if not open_ones or self.documents.member_blockers(paths):
            self.trash_paths(paths)        # nothing to ask (or refused: it says why)
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Move to Trash",
                          f"Move {what} to the trash? "
                          f"{'Its tab closes' if len(open_ones) == 1 else 'Their tabs close'}; "
                          "Edit ▸ Undo brings it all back.",
                          QMessageBox.StandardButton.Cancel, self.window)
        box.setObjectName("trashOpenQuestion")
        move = box.addButton("Move to Trash", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(lambda _r: self.trash_paths(paths)
                             if box.clickedButton() is move else None)
        box.open()
        self.trash_question = box

    def _trash_words(self, paths: Sequence[str]) -> str:
        # plain words: the character's name (a count for several)
        return f"{len(paths)} characters" if len(paths) > 1 else self._name_of(paths[0])

    def trash_paths(self, paths: Sequence[str]) -> None:
        """Move ``paths`` to the trash (:func:`builder.app.library.trash`), one undo step;
        undoing it reopens the tabs it closed."""
        from builder.app import library as app_library
        from builder.ui.undo import trashed_files

        what = self._trash_words(paths)
        tabs = self.documents.tabs
        had_tabs = {real_path(p): tabs.indexOf(editor) for p in paths
                    if (editor := self.documents.editor_for_path(p)) is not None}

        def reopen(trashed: Outcome, restored: Outcome) -> None:
            """The trashed characters' tabs again, each in its place."""
            places = {to: had_tabs[real_path(was)] for was, to in trashed.moved
                      if real_path(was) in had_tabs}
            back = sorted(((places[trash], path) for trash, path in restored.moved
                           if trash in places), key=lambda place: place[0])
            for i, (index, path) in enumerate(back):
                self.documents.open_in_place(path, index, make_current=i == 0)

        outcome = self.run_operation(
            lambda: app_library.trash(paths, guard=self.documents.member_blockers),
            partial(trashed_files, on_undo=reopen),
            f"Move {what} to the trash")
        if outcome is None:
            return
        undo = self.window.action("undo")
        keys = undo.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.window.report(f"Moved {what} to the trash — Edit ▸ Undo ({keys}) brings "
                           f"{'them' if len(paths) > 1 else 'it'} back"
                           + "".join(f". {note[:1].upper()}{note[1:]}" for note in outcome.notes))

    def _name_of(self, path: str | Path) -> str:
        row = self.window.library_model.row_for_path(path)
        return self.window.library_model.entries()[row].name if row >= 0 else Path(path).stem

    def restore_dialog(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        from builder.app import library as app_library

        items = app_library.trash_items()
        if not items:
            self.window.report("The trash is empty")
            return
        labels = [f"{app_library.trashed_name(item)}  (trashed as {item.trashed.name})"
                  for item in items]
        dialog = QInputDialog(self.window)
        dialog.setWindowTitle("Restore from Trash")
        dialog.setLabelText("Character to restore:")
        dialog.setComboBoxItems(labels)
        dialog.setComboBoxEditable(False)
        dialog.textValueSelected.connect(
            lambda text: self.restore_items([items[labels.index(text)]]))
        dialog.open()
        self.restore_from_trash_dialog = dialog

    def restore_items(self, items: Sequence[Trashed]) -> list[Path]:
        """Put files back from the trash (:func:`builder.app.library.restore`); undoable."""
        from builder.app import library as app_library
        from builder.ui.undo import created_files

        names = ", ".join(item.original.name for item in items)
        outcome = self.run_operation(lambda: app_library.restore(items), created_files,
                                     f"Restore {names}")
        if outcome is None:
            return []
        restored = [c.path for c in outcome.changes]
        if restored:
            self.window.library_page.select_path(str(restored[-1]))
            self.window.report(f"Restored {', '.join(p.name for p in restored)}")
        return restored

    def import_paths(self, paths: Iterable[str | Path]) -> list[Path]:
        """Copy character files into the library, all or none
        (:func:`builder.app.library.import_files`); one undo step."""
        from builder.app import library as app_library
        from builder.ui.undo import created_files

        if not paths:
            return []
        paths = list(paths)
        names = ", ".join(Path(p).name for p in paths)
        outcome = self.run_operation(lambda: app_library.import_files(paths),
                                     created_files, f"Import {names}")
        if outcome is None:
            self._import_failed(paths)
            return []
        imported = [c.path for c in outcome.changes]
        self.documents.show_library()
        self.window.library_page.select_path(str(imported[-1]))
        self.window.report(f"Imported {', '.join(p.name for p in imported)}")
        return imported

    def _import_failed(self, paths: Sequence[str | Path]) -> None:
        """A refused import stays said, on the Library tab: every file that cannot be
        imported, and why (the others were not imported either: all or none)."""
        from builder.app.documents import import_problems

        problems = import_problems(paths)
        if not problems:
            return           # the status line already said why (a refusal of the import)
        self.documents.show_library()
        count = len(paths)
        head = ("Nothing was imported: the file cannot be read as a character."
                if count == 1 else
                f"Nothing was imported (all {count} files or none): "
                f"{len(problems)} of them cannot be read as characters.")
        lines = [f"• {path.name}: {why}" for path, why in problems]
        self.window.show_notice("\n".join([head, *lines]), "error")

    def open_samples(self) -> list[Path]:
        """Copy the sample characters shipped with the app into the library and open them;
        those the library holds a copy of already are opened, not copied again."""
        from importlib import resources

        from builder.resources import resource_path

        from builder.app.documents import library_copy

        imported, opened = [], []
        folder = resource_path("samples")
        samples = sorted((f for f in folder.iterdir() if f.name.endswith(".json")),
                         key=lambda f: f.name) if folder.is_dir() else []
        for sample in samples:
            with resources.as_file(sample) as path:
                # a copy made before is opened again, not copied once more
                existing = library_copy(path)
                if existing is not None:
                    opened.append(existing)
                    continue
                copied = self.import_paths([str(path)])
                imported += copied
                opened += copied
        for i, path in enumerate(opened):
            self.documents.open_path(path, make_current=i == 0)
        if not samples:
            self.window.report("No sample characters came with this installation")
        elif imported and len(imported) == len(opened):
            self.window.report(f"Opened {len(opened)} sample characters "
                               f"(copies in your library)")
        elif opened:
            self.window.report(f"Opened the {len(opened)} sample characters in your library")
        return opened

    def import_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self.window, "Import characters into the library",
                             str(Path.home()), JSON_FILTER)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.filesSelected.connect(self.import_paths)
        dialog.open()
        self._file_dialog = dialog

    def save_copy(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        paths = self.documents.target_paths()
        if not paths:
            return
        source = paths[0]
        dialog = QFileDialog(self.window, "Save a copy as",
                             str(Path.home() / Path(source).name), JSON_FILTER)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")
        dialog.fileSelected.connect(lambda target: self.save_copy_to(source, target))
        dialog.open()
        self._file_dialog = dialog

    def save_copy_to(self, source: str | Path, target: str | Path) -> None:
        """:func:`builder.app.library.save_copy` (not undoable: the file is outside the
        library)."""
        from builder.app import library as app_library
        from builder.ui.operations import Failure, run

        result = run(lambda: app_library.save_copy(source, target), self.window.broadcast)
        if isinstance(result, Failure):
            self.window.show_error("Cannot save the copy", "\n".join(result.reasons))
            return
        self.window.report(f"Saved a copy as {target}")

    def add_folder_dialog(self) -> None:
        """File > Add Folder…: choose a folder (a Syncthing, Dropbox or git folder) whose
        characters join the library (:meth:`add_folder`)."""
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self.window, "Add a folder to the library", str(Path.home()))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.add_folder)
        dialog.open()
        self._file_dialog = dialog

    def add_folder(self, folder: str | Path) -> None:
        """:func:`builder.app.library.add_folder`, then the library and the campaigns
        listed again with the folder's files."""
        from builder.app import library as app_library
        from builder.ui.operations import Failure, run

        result = run(lambda: app_library.add_folder(folder), self.window.broadcast)
        if isinstance(result, Failure):
            self.window.show_error("Cannot add the folder", "\n".join(result.reasons))
            return
        self.window.library_model.refresh()
        self.window.campaign_model.refresh()
        self.documents.show_library()
        self.window.report(result.summary)

    def open_data_folder(self) -> None:
        from builder.ui.desktop import open_with_desktop

        open_with_desktop(self.window, queries.characters_folder(create=True),
                          "Characters folder")

    # -- drag and drop import ----------------------------------------------------------------
    def take_dropped(self, files: Sequence[str | Path]) -> None:
        """Files dropped on the window: the character files are imported into the
        library, a campaign opens in its campaign tab (as File ▸ Open Campaign would)."""
        campaigns = [path for path in files if document_kind(path) == "campaign"]
        characters = [path for path in files if path not in campaigns]
        if characters:
            self.import_paths(characters)
        for path in campaigns:        # (after the import, which shows the library)
            self.documents.open_campaign(path)
