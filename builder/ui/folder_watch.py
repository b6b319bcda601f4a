"""A watch on folders and files that need not exist yet.

The library's folders may appear after the window started: a fresh data folder gets
its ``characters`` folder with the first character, a ``campaigns`` folder with the
first campaign, a folder added to the library may be on a drive plugged in later.  A
path that does not exist is stood in for by the nearest folder above it that does
(its appearance is a change there), and watched itself once it is there; a path that
vanishes is stood in for again.  A file replaced by an atomic write is another file:
it is watched anew.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from PySide6.QtCore import QFileSystemWatcher, QObject, Signal

#: How many times a watch is armed again when the folders changed while it was armed.
_ARM_TRIES = 3


def _nearest(path: str) -> str:
    """``path`` when it exists, else the nearest folder above it that does ("" when
    none does)."""
    for candidate in (path, *map(str, Path(path).parents)):
        if os.path.exists(candidate):
            return candidate
    return ""


class FolderWatch(QObject):
    """Watches the paths given to :meth:`watch` (folders and files), existing or not.

    ``changed`` is emitted when a watched folder's entries or a watched file change, or
    when a path watched for appeared or vanished.  A change in a stand-in folder that
    brings no path nearer (another file of the folder above) says nothing."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._wanted: frozenset[str] = frozenset()
        self._armed: frozenset[str] | set[str] = frozenset()
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._folder_changed)
        self._watcher.fileChanged.connect(self._file_changed)

    def watch(self, paths: Iterable[Path]) -> bool:
        """Watch ``paths`` (and nothing else) from now on; True when what is watched
        is not what was watched before (a path appeared, or others are wanted)."""
        self._wanted = frozenset(map(str, paths))
        return self._arm()

    def directories(self) -> list[str]:
        """The folders watched now (the paths' own, and stand-ins)."""
        return self._watcher.directories()

    def files(self) -> list[str]:
        return self._watcher.files()

    def stop(self) -> None:
        """Watch nothing any more."""
        self._wanted = frozenset()
        self._arm()

    def _arm(self) -> bool:
        before = self._armed
        for _ in range(_ARM_TRIES):
            # A path watched now is there (Qt drops the watch of a path that goes); one
            # not watched is tried, and one that is not there is stood in for.
            current = set(self._watcher.files()) | set(self._watcher.directories())
            tried = sorted(self._wanted - current)
            failed = self._watcher.addPaths(tried) if tried else []
            near = {name: _nearest(name) for name in failed}
            targets = (self._wanted - near.keys()) | {found for found in near.values() if found}
            current = (current | set(tried)) - set(failed)
            if current - targets:
                self._watcher.removePaths(sorted(current - targets))
            if targets - current:
                self._watcher.addPaths(sorted(targets - current))
            # a path (or a folder on its way) made while the watch was armed: again
            if all(_nearest(name) == found for name, found in near.items()):
                break
        self._armed = targets
        return targets != before

    def _folder_changed(self, path: str) -> None:
        moved = self._arm()
        if moved or path in self._wanted:
            self.changed.emit()

    def _file_changed(self, path: str) -> None:
        if path in self._watcher.files():     # replaced: the watch is on the old file
            self._watcher.removePath(path)
        self._arm()
        self.changed.emit()
