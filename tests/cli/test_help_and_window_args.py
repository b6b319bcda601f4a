"""Command-line habits: help for every command and option, the window's own
arguments (Qt's options pass, others are usage errors), starting with no display,
and --quit-when-ready opening FILE for real."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

from tests.helpers import ok
from tests.rule_systems import BUILTIN_IDS, SHIPPED_IDS, install_data_systems


def _help(capsys, *argv, code=0) -> str:
    from builder.cli import run

    with pytest.raises(SystemExit) as stop:   # argparse's --help ends with exit(0)
        run([str(a) for a in argv])
    assert stop.value.code == code
    captured = capsys.readouterr()
    return captured.out if code == 0 else captured.err


def _all_parsers(parser, prefix=()):
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _all_parsers(child, prefix + (name,))


def test_every_command_and_option_has_a_help_line():
    from builder.cli import build_parser

    missing = []
    for path, parser in _all_parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                listed = {a.dest for a in action._choices_actions}
                missing += [f"{' '.join(path)} {n}" for n in action.choices if n not in listed]
                missing += [f"{' '.join(path)} {a.dest}" for a in action._choices_actions
                            if not a.help]
            elif not action.help:
                missing.append(f"{' '.join(path)} {action.option_strings or action.dest}")
    assert missing == []


def test_top_level_help_shows_the_window_and_the_exit_codes(capsys):
    text = _help(capsys, "--help")
    for word in ("--quit-when-ready", "--screenshot", "--no-restore", "FILE", "exit codes",
                 "refused by the rules"):
        assert word in text


@pytest.mark.parametrize("ruleset", BUILTIN_IDS)
def test_new_ruleset_help_lists_its_set_keys(capsys, ruleset):
    from builder.rules.registry import ruleset_class

    text = _help(capsys, "new", ruleset, "--help")
    keys = ruleset_class(ruleset).set_keys
    assert keys and all(key in text for key in keys)
    assert f"--set keys for {ruleset}" in text


def test_do_file_help_lists_the_actions_with_their_arguments(capsys, tmp_path):
    path = tmp_path / "v.json"
    ok("new", "vogelfrei", "Hans", "--seed", "7", "-o", path)
    text = _help(capsys, "do", path, "--help")
    assert "actions of vogelfrei" in text
    from builder.rules.registry import ruleset_class

    for action in ruleset_class("vogelfrei").actions:
        assert action in text
    assert "--session" in text          # level-up's arguments, from its own parser


def test_do_file_action_help_shows_that_actions_arguments(tmp_path):
    path = tmp_path / "s.json"
    ok("new", "story-points", "Senna", "-o", path, "--set", "sp=5")
    before = path.read_bytes()
    result = ok("do", path, "raise-class", "--help")
    assert "--trait" in result.out and "--spell" in result.out
    assert path.read_bytes() == before


def test_do_help_on_an_unreadable_file_is_one_line_and_exit_2(capsys, tmp_path):
    err = _help(capsys, "do", tmp_path / "missing.json", "--help", code=2)
    assert "missing.json" in err and len(err.strip().splitlines()) == 1


# -- the window's command line ------------------------------------------------------
def test_qt_options_go_to_qt_and_files_stay_files():
    from builder.ui.app import parse_args

    args = parse_args(["a.json", "-style", "fusion", "-reverse", "--no-restore",
                       "-platform=offscreen", "--screenshot", "x.png"])
    assert args.files == ["a.json"]
    assert args.qt_args == ["-style", "fusion", "-reverse", "-platform=offscreen"]
    assert args.no_restore and args.screenshot == "x.png"


def test_a_qt_option_value_is_not_taken_for_a_command():
    from builder.__main__ import _is_cli

    assert not _is_cli(["a.json", "-style", "fusion"])
    assert _is_cli(["show", "a.json"])


@pytest.mark.parametrize("argv", [["--bogus"], ["a.json", "-x"], ["--screenshot"]])
def test_other_options_are_a_usage_error(argv, capsys):
    from builder.__main__ import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1


def _gui(tmp_path, *argv, env_changes=None):
    env = dict(os.environ)
    env.update(env_changes or {})
    env = {k: v for k, v in env.items() if v is not None}
    return subprocess.run([sys.executable, "-m", "builder", *map(str, argv)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)


def test_no_display_is_one_line_and_exit_2(tmp_path):
    if sys.platform.startswith(("win", "darwin")):
        pytest.skip("X11/Wayland only")
    done = _gui(tmp_path, "--quit-when-ready", env_changes={
        "DISPLAY": None, "WAYLAND_DISPLAY": None, "QT_QPA_PLATFORM": None})
    assert done.returncode == 2
    assert done.stderr.startswith("no display:") and "QT_QPA_PLATFORM=offscreen" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_quit_when_ready_opens_file_and_screenshots_it(tmp_path):
    path = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", path, "--set", "sp=5")
    shot = tmp_path / "shot.png"
    done = _gui(tmp_path, path, "--quit-when-ready", "--no-restore", "--screenshot", shot,
                env_changes={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    done = _gui(tmp_path, bad, "--quit-when-ready", "--no-restore",
                env_changes={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 2
    assert "bad.json" in done.stderr and "Traceback" not in done.stderr


# -- every action's arguments -------------------------------------------------------
def _action_parsers(ruleset, monkeypatch):
    """(action, its parser) for every action of ``ruleset``, as ``do FILE ACTION --help``
    builds it."""
    from builder.rules import base

    seen = []
    shown = base._HelpAction.__call__

    def record(self, parser, namespace, values, option_string=None):
        seen.append(parser)
        shown(self, parser, namespace, values, option_string)

    monkeypatch.setattr(base._HelpAction, "__call__", record)
    result = []
    for name in (words.split()[0] for words in ruleset.actions):
        with pytest.raises(base.ActionHelp) as help_text:
            ruleset.parse_action([name, "--help"])
        result.append((name, seen[-1], help_text.value.text))
    return result


@pytest.mark.parametrize("ruleset_id", SHIPPED_IDS)
def test_every_argument_of_every_action_has_help_and_one_usage_form(ruleset_id, monkeypatch):
    from builder.storage.rulesets import load_ruleset

    install_data_systems()
    missing = []
    for name, parser, text in _action_parsers(load_ruleset(ruleset_id), monkeypatch):
        assert text.startswith(f"usage: character-builder do FILE {name} "), text
        missing += [f"{name} {a.option_strings or a.dest}" for a in parser._actions
                    if not a.help or a.help == argparse.SUPPRESS]
    assert missing == []


def test_do_help_reads_character_builder_do_file_action(capsys, tmp_path):
    path = tmp_path / "s.json"
    ok("new", "story-points", "Senna", "-o", path)
    text = _help(capsys, "do", path, "--help")
    assert text.startswith("usage: character-builder do FILE ACTION [ARG ...]")
    listed = text.split("actions of story-points", 1)[1].splitlines()[1:]
    assert listed and all(line.startswith("  ") and "character-builder" not in line
                          for line in listed)
    assert any(line.startswith("  raise-class ") and "--trait TRAIT" in line for line in listed)


def test_a_library_name_opens_that_file_in_the_window(monkeypatch):
    """``character-builder Senna``: the window opens Senna's file; a word that names no
    library file stays a mistyped command for the command line."""
    from builder import __main__ as entry
    from builder.ui import app

    senna = ok("new", "story-points", "Senna").out.strip()
    opened = []
    monkeypatch.setattr(app, "run_gui", lambda argv: opened.append(argv) or 0)
    assert entry.main(["Senna", "--no-restore", "-style", "fusion"]) == 0
    assert opened == [[senna, "--no-restore", "-style", "fusion"]]
    assert entry._named_in_library(["Sena"]) is None and entry._named_in_library(["show"]) is None
    assert entry.main(["shwo", "Senna"]) == 2 and len(opened) == 1
