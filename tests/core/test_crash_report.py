"""A bug's details go to a crash file in the user's state folder."""
import sys

from builder.app import crash
from builder.storage import paths


def _raise() -> None:
    raise KeyError("Mend Wound")


def test_a_report_holds_the_traceback_and_where_it_happened():
    try:
        _raise()
    except KeyError:
        report = crash.write_report(*sys.exc_info(), where="show")
    assert report is not None and report.parent == paths.crash_dir()
    text = report.read_text(encoding="utf-8")
    assert "where: show" in text
    assert "KeyError: 'Mend Wound'" in text and "_raise" in text


def test_two_reports_in_one_second_are_two_files():
    exc = ValueError("x")
    first = crash.write_report(ValueError, exc, None, where="a")
    second = crash.write_report(ValueError, exc, None, where="b")
    assert first is not None and second is not None and first != second


def test_an_unwritable_state_folder_gives_no_path(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(paths, "state_dir", lambda: blocker)
    assert crash.write_report(ValueError, ValueError("x"), None, where="a") is None


def test_the_summary_is_one_line():
    assert crash.summary(OSError(28, "No space left on device")) == \
        "OSError: [Errno 28] No space left on device"
    assert crash.summary(KeyError()) == "KeyError"
