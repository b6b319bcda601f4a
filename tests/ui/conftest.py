"""UI test set-up: settings in tmp, sample characters, a main window.

The root conftest already points the data folder (CHARACTER_BUILDER_DATA) and
XDG_CONFIG_HOME at tmp_path; here QSettings is pointed there too, since Qt
reads XDG_CONFIG_HOME only once per process.  A rule system's window tests
(tests/rulesets/<id>/ui) take these fixtures from here through their own conftest.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, qapp):
    from PySide6.QtCore import QSettings

    from builder.ui.settings import init_application_names

    init_application_names()
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(config))
    yield config


def make_character(name: str, *sets: str) -> Path:
    """A story-points character in the library, from CLI-style KEY=VALUE pairs."""
    from builder.app.characters import create_from_baseline
    from builder.storage.rulesets import load_ruleset

    ruleset = load_ruleset("story-points")
    pairs = [tuple(s.split("=", 1)) for s in sets]
    baseline = ruleset.baseline_from_sets(pairs, rng=random.Random(0))
    return create_from_baseline(ruleset, name, baseline)


SENNA = ("sp=16", "vital.Cognition=3", "skill.Medicine=3", "class.Cleric=3",
         "trait.Cleric.Restoring Grace=3")


@pytest.fixture
def senna_path() -> Path:
    return make_character("Senna", *SENNA)


@pytest.fixture(autouse=True, scope="session")
def _input_policy(qapp):
    """The window installs the input rules after its first paint (see MainWindow);
    tests build windows that never paint, so the rules are there from the start."""
    from builder.ui import input_policy

    input_policy.install(qapp)


@pytest.fixture
def window(qtbot):
    from builder.ui.main_window import MainWindow

    from builder.ui.main_window import DEFAULT_SIZE

    win = MainWindow(restore=False)
    # The offscreen test screen (800x800) is smaller than the window's first size, which
    # the window fits to it; the tests look at the window at its default size.
    win.resize(*DEFAULT_SIZE)
    qtbot.addWidget(win)
    yield win
    for editor in win.documents.editors():
        editor.doc.stop_watching()
    if hasattr(win, "sync_intake"):      # settled: no intake of a later test's folder
        win.sync_intake.stop()
