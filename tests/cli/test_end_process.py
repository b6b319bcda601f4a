"""The program ends without Python's teardown once a command is done (builder.cli.end_process):
the same output, exit code and exit handlers as ``sys.exit``."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import threading

import pytest

from builder import __version__
from builder.cli import end_process


class Ended(Exception):
    pass


@pytest.fixture
def exits(monkeypatch):
    """os._exit recorded instead of done, and this test process's own exit handlers
    (Qt's among them) left alone: the calls to run them are recorded."""
    import atexit

    codes: list = []

    def fake_exit(code):
        codes.append(code)
        raise Ended()

    monkeypatch.setattr(os, "_exit", fake_exit)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: codes.append("exit handlers"))
    return codes


def test_flushes_runs_exit_handlers_then_ends_with_the_code(exits, monkeypatch):
    class Buffered(io.StringIO):
        flushed = False

        def flush(self):
            Buffered.flushed = True

    monkeypatch.setattr(sys, "stdout", Buffered())
    with pytest.raises(Ended):
        end_process(3)
    assert exits == ["exit handlers", 3]
    assert Buffered.flushed


def test_returns_when_a_stream_cannot_be_flushed(exits, monkeypatch):
    class Closed(io.StringIO):
        def flush(self):
            raise BrokenPipeError()

    monkeypatch.setattr(sys, "stdout", Closed())
    end_process(0)
    assert 0 not in exits


def test_returns_while_another_thread_runs(exits):
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        end_process(0)
    finally:
        stop.set()
        worker.join()
    assert exits == []


def _program(*argv, prefix=""):
    code = prefix + "import sys; from builder.__main__ import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, timeout=60)


def test_the_program_prints_exits_and_runs_exit_handlers():
    done = _program("--version", prefix="import atexit; atexit.register(print, 'handler'); ")
    assert done.returncode == 0
    assert done.stdout.splitlines() == [f"character-builder {__version__}", "handler"]


def test_a_long_output_reaches_the_pipe_whole():
    """More than a pipe's buffer of output, all of it flushed before the process ends."""
    import json

    done = _program("data", "vogelfrei", "--json")
    assert done.returncode == 0 and len(done.stdout) > 65536
    assert json.loads(done.stdout)


def test_the_program_keeps_its_exit_code_and_one_line(tmp_path):
    done = _program("show", str(tmp_path / "missing.json"))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_command_runs_without_the_cyclic_collector():
    """The program's command runs with Python's cyclic collector off (reference counting
    still frees what it drops): its passes over the loaded modules only cost a short
    process time (docs/dev/performance.md, "The command line's start and end")."""
    done = _program("rulesets", prefix="import atexit, gc; atexit.register("
                                       "lambda: print('collector', gc.isenabled())); ")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "collector False"


def test_a_caller_of_main_keeps_its_collector():
    """main() called with words (a test, a script) is not the program: the caller's
    collector stays as it was."""
    import gc
    import contextlib

    from builder.__main__ import main

    assert gc.isenabled()
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["rulesets"]) == 0
    assert gc.isenabled()
