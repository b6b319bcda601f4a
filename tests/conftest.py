"""Shared test set-up.

Every test gets its own data folder (characters, trash, homebrew overrides)
and its own Qt settings, so no test ever touches a real library.

The tests run on Qt's offscreen platform unless the caller chose one
(``QT_QPA_PLATFORM=xcb`` for a real X server): set here, before anything
creates a QApplication, so ``pytest`` works as written on a machine with no
display.
"""
from __future__ import annotations

import importlib.abc
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Compiled modules are kept between runs even where PYTHONDONTWRITEBYTECODE is set (it
# is on the machine the suite's time is measured on): without them every worker
# recompiles builder/ and pytest rewrites all ~100 test modules again, 3 to 4 s of CPU
# per worker before the first test, and every process a test starts compiles what it
# imports.  They go where Python keeps them by default, __pycache__ beside each source
# (git ignores them), where the processes the tests start read them too; the standard
# library's and the installed packages' own are read where they are (a prefix folder for
# all of them was empty in a fresh clone: its first run compiled them all again, 7 s of
# CPU per worker before the first test).  An explicit PYTHONPYCACHEPREFIX is left alone.
if sys.dont_write_bytecode and not sys.pycache_prefix:
    sys.dont_write_bytecode = False

import pytest

# Temporary folders in memory where the machine has a memory file system with room
# (/dev/shm): a run writes some 14,000 small files and folders there, and on a disk
# mounted with online discard removing an earlier run's took longer than the tests
# themselves (docs/dev/performance.md, "The test suite").  The files are real files all
# the same; pytest keeps its last three runs there as it does in /tmp.  TMPDIR, when
# set, is left alone.
def _memory_temporary_folder(path: str = "/dev/shm", room: int = 1 << 30) -> str | None:
    try:
        stat = os.statvfs(path)
    except OSError:
        return None
    if stat.f_bavail * stat.f_frsize < room or not os.access(path, os.W_OK | os.X_OK):
        return None
    return path


if not os.environ.get("TMPDIR"):
    import tempfile

    tempfile.tempdir = _memory_temporary_folder() or tempfile.gettempdir()


def pytest_addoption(parser, pluginmanager):
    parser.addoption("--without-qt", action="store_true",
                     help="make PySide6 unimportable (proves the core needs no Qt)")
    if not pluginmanager.has_plugin("pytest-qt"):
        # the core run without Qt (-p no:pytest-qt) keeps --strict-config: the
        # pytest-qt settings in pyproject.toml are known, just unused there
        parser.addini("qt_log_level_fail", "pytest-qt (not loaded in this run)")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """The suite on every core (up to 4) when pytest-xdist is installed (it is in the
    test extras) and a whole folder runs: ``pytest -q``, ``pytest tests/core``.  A
    file or a single test stays in one process (starting workers would cost more
    than it saves); ``-n N`` (``-n 0``: one process) or ``-p no:xdist`` choose
    otherwise.  Runs before xdist's own hook, which turns "auto" into workers."""
    if (not config.pluginmanager.hasplugin("xdist")
            or os.environ.get("PYTEST_XDIST_WORKER")
            or config.getoption("numprocesses", None) is not None
            or config.getoption("usepdb", False) or config.getoption("collectonly", False)):
        return None
    args = [a for a in config.args if not a.startswith("-")] or config.getini("testpaths")
    if args and all(os.path.isdir(a) for a in args):
        config.option.numprocesses = "auto"
        config.option.maxprocesses = config.option.maxprocesses or 4
        if config.option.dist == "no":
            config.option.dist = "worksteal"
    return None


def pytest_collection(session):
    """The workers share the rewriting of the test modules.  pytest rewrites a test
    module's asserts when it first imports it, and each worker imports every module to
    collect it: in a fresh clone both rewrote all of them side by side.  Worker k of n
    imports them first from k/n of the way along the list, wrapping round, before it
    collects; each rewrites its own stretch and reads the others' from the bytecode they
    kept (docs/dev/performance.md, "Compiled modules kept")."""
    import importlib
    from pathlib import Path

    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    index = int(worker[2:]) if worker[2:].isdigit() else 0
    if index == 0 or sys.dont_write_bytecode:
        return None             # the first worker's own collection goes first to last
    modules = sorted({path for arg in session.config.args
                      for path in (Path(arg).rglob("test_*.py") if Path(arg).is_dir()
                                   else [Path(arg)]) if path.suffix == ".py"})
    start = len(modules) * index // count
    for path in modules[start:] + modules[:start]:
        package = path.resolve().parent
        names = [path.stem]
        while (package / "__init__.py").is_file():
            names.insert(0, package.name)
            package = package.parent
        try:
            importlib.import_module(".".join(names))
        except (Exception, pytest.skip.Exception, pytest.fail.Exception):
            pass    # collection imports it again (or not: an opt-in folder) and reports
    return None


def pytest_collection_finish(session):
    """The collector's full passes kept short: everything alive once the tests are
    collected (the program's modules, Qt's, the collected tests) is frozen out of the
    collector's reach, and a full pass comes after a hundred middle ones instead of ten.
    With the default, a worker spent about a tenth of its time walking the same
    long-lived objects again (docs/dev/performance.md, "The test suite")."""
    import gc

    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """A worker of a parallel run leaves without taking its interpreter apart.  Its
    results are with the controller by now (sent when its session finished), and pytest
    has looked for errors left in finalizers; what remains is freeing every object one
    by one (the parsed sources, Qt's objects, every module), which the controller would
    wait for at the end of the run (docs/dev/performance.md)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    import atexit

    def leave() -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)

    atexit.register(leave)


def pytest_collection_modifyitems(config, items):
    # The offscreen platform warns that it cannot propagate size hints; that is the test
    # platform talking, not the app.  Window tests live in folders named ui (tests/ui and
    # each rule system's tests/rulesets/<id>/ui).
    for item in items:
        if item.path.parent.name == "ui":
            item.add_marker(pytest.mark.qt_log_ignore("propagateSizeHints"))


class _BlockQt(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in ("PySide6", "shiboken6"):
            raise ModuleNotFoundError(f"{fullname} is blocked: the core must not need Qt")
        return None


def pytest_configure(config):
    if config.getoption("--without-qt"):
        sys.meta_path.insert(0, _BlockQt())


@pytest.fixture(autouse=True)
def isolated_data(tmp_path, monkeypatch):
    data = tmp_path / "userdata"
    data.mkdir()
    monkeypatch.setenv("CHARACTER_BUILDER_DATA", str(data))
    # An unexpected exception fails the test (users get one line instead).
    monkeypatch.setenv("CHARACTER_BUILDER_DEBUG", "1")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    yield data


# Hypothesis profiles: "ci" (the default; HYPOTHESIS_PROFILE=dev or =thorough to
# change) is derandomized, so a run is reproducible and never flaky, and sized so
# the whole suite stays near a minute; tests that need more say so themselves.
def _hypothesis_profiles() -> None:
    import os

    from hypothesis import settings

    settings.register_profile("ci", max_examples=12, deadline=None, derandomize=True,
                              print_blob=True)
    settings.register_profile("dev", max_examples=12, deadline=None)
    settings.register_profile("thorough", max_examples=200, deadline=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


_hypothesis_profiles()
