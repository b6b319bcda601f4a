"""A crash is never silent: an exception in a slot is written to a crash report and shown
in the window's lasting bar, and the exception still reaches the hook before the guard
(pytest-qt's, which fails a test; the default one, which prints it)."""
from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication

from builder.storage import paths


class _Source(QObject):
    fired = Signal()


def _broken_slot() -> None:
    raise RuntimeError("the slot broke")


def test_exception_in_a_slot_writes_a_report_and_shows_a_lasting_bar(window, qtbot):
    previous = sys.excepthook
    source = _Source()
    source.fired.connect(_broken_slot)
    with qtbot.captureExceptions() as caught:
        guard = window.install_crash_guard()
        try:
            source.fired.emit()
        finally:
            guard.uninstall()
    assert sys.excepthook is previous
    # not swallowed: the hook in place before the guard saw it too
    assert [str(exc) for _type, exc, _tb in caught] == ["the slot broke"]
    reports = list(paths.crash_dir().glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "RuntimeError: the slot broke" in text and "_broken_slot" in text
    bar = window.crash_bar
    assert bar is not None and not bar.isHidden()
    assert bar.label.text() == (f"Something went wrong: RuntimeError: the slot broke; "
                                f"details in {reports[0]}")
    # lasting: no timeout takes it away, only Dismiss
    QApplication.processEvents()
    assert not bar.isHidden()
    bar.close_button.click()
    assert bar.isHidden()


def test_exception_in_a_thread_reaches_the_window(window, qtbot):
    guard = window.install_crash_guard()
    seen: list = []
    previous_thread_hook = guard._previous_thread
    guard._previous_thread = seen.append  # the default hook would print the traceback
    try:
        worker = threading.Thread(target=_broken_slot)
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: window.crash_bar is not None and window.crash_bar.isVisibleTo(window))
    finally:
        guard._previous_thread = previous_thread_hook
        guard.uninstall()
    assert len(seen) == 1
    assert "the slot broke" in window.crash_bar.label.text()
    assert len(list(paths.crash_dir().glob("crash-*.txt"))) == 1


def test_second_crash_says_how_many_came_before(window, qtbot):
    source = _Source()
    source.fired.connect(_broken_slot)
    with qtbot.captureExceptions() as caught:
        guard = window.install_crash_guard()
        try:
            source.fired.emit()
            source.fired.emit()
        finally:
            guard.uninstall()
    assert len(caught) == 2
    assert window.crash_bar.label.text().endswith("(1 earlier report in the same folder)")
