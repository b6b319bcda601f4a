"""A crash is never silent: an exception no code caught (in a slot, an event handler, a
virtual method Qt calls, or a thread) is written to a crash report in the user's state
folder (:func:`builder.app.crash.write_report`) and shown in the window as a lasting bar,
"Something went wrong: <summary>; details in <FILE>".

The guard chains to the hooks it replaced: the default hooks print the traceback on
stderr, and under pytest-qt its own hook records the exception, so the test fails.
"""
from __future__ import annotations

import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType
from typing import Callable

from PySide6.QtCore import QObject, Signal

from builder.app import crash
from builder.app.records import FrozenRecord

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
ThreadHook = Callable[[threading.ExceptHookArgs], object]


class CrashNotice(FrozenRecord):
    """What the window says about one crash."""

    _fields = ("summary", "report")
    __slots__ = _fields
    summary: str
    report: Path | None

    def __init__(self, summary: str, report: Path | None) -> None:
        object.__setattr__(self, "summary", summary)
        object.__setattr__(self, "report", report)

    def text(self) -> str:
        where = (f"details in {self.report}" if self.report is not None
                 else "its details could not be written to the state folder")
        return f"Something went wrong: {self.summary}; {where}"


def where_from(tb: TracebackType | None) -> str:
    """The innermost frame of the traceback ("file:line in function"), for the report."""
    frames = traceback.extract_tb(tb) if tb is not None else []
    if not frames:
        return "window"
    last = frames[-1]
    return f"window: {Path(last.filename).name}:{last.lineno} in {last.name}"


class CrashGuard(QObject):
    """Installs the process's exception hooks; ``crashed(CrashNotice)`` reaches the GUI
    thread (queued when a worker thread crashed)."""

    crashed = Signal(object)  # a CrashNotice

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._previous: ExceptHook | None = None
        self._previous_thread: ThreadHook | None = None
        self._busy = False
        #: Every notice so far, oldest first.
        self.notices: list[CrashNotice] = []

    @property
    def installed(self) -> bool:
        return self._previous is not None

    def install(self) -> None:
        if self.installed:
            return
        self._previous = sys.excepthook
        self._previous_thread = threading.excepthook
        sys.excepthook = self._except_hook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        """Put back the hooks found at :meth:`install` (if ours are still in place)."""
        if self._previous is None:
            return
        if sys.excepthook == self._except_hook:
            sys.excepthook = self._previous
        if threading.excepthook == self._thread_hook:
            threading.excepthook = self._previous_thread or threading.__excepthook__
        self._previous = self._previous_thread = None

    def record(self, exc_type: type[BaseException], exc: BaseException,
               tb: TracebackType | None) -> CrashNotice | None:
        """Write the report and announce it; ``None`` for an interrupt (Ctrl+C), which is
        no bug, or when reporting itself failed."""
        if issubclass(exc_type, (KeyboardInterrupt, SystemExit)) or self._busy:
            return None
        self._busy = True
        try:
            report = crash.write_report(exc_type, exc, tb, where=where_from(tb))
            notice = CrashNotice(crash.summary(exc), report)
            self.notices.append(notice)
            self.crashed.emit(notice)
            return notice
        except Exception:  # noqa: BLE001 - the report must not hide the crash itself
            sys.__excepthook__(*sys.exc_info())
            return None
        finally:
            self._busy = False

    def _except_hook(self, exc_type: type[BaseException], exc: BaseException,
                     tb: TracebackType | None) -> None:
        self.record(exc_type, exc, tb)
        (self._previous or sys.__excepthook__)(exc_type, exc, tb)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            self.record(args.exc_type, args.exc_value, args.exc_traceback)
        (self._previous_thread or threading.__excepthook__)(args)
