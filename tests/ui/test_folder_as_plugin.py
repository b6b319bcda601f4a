"""A rule-system folder is whole: each of builder/rulesets/<id>/ copied out of the tree
under another package name and registered by an entry point instead of its BUILTIN line
is the same rule system, through the command line and the window, and every part of it
(rules, data, schemas, sheet, editor, creation form) comes from the copy."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.helpers import cli, ok, undone_bytes
from tests.plugins import forget, install
from tests.rule_systems import BUILTIN_IDS, sample, samples_lacking

ROOT = Path(__file__).resolve().parents[2]


def _folder(rid: str) -> str:
    """The name of the rule system's folder in builder/rulesets, from its BUILTIN line."""
    from builder.rules.registry import BUILTIN

    return BUILTIN[rid].partition(":")[0].rpartition(".")[2]


def test_every_built_in_system_is_copied_here():
    """What each copy does (PLUGIN_COPY: new's arguments, an action, an override change
    and what the copy's schema says of it) is in its tests folder's samples.py."""
    assert samples_lacking("PLUGIN_COPY") == []


@pytest.fixture(params=BUILTIN_IDS)
def copied(request, tmp_path, monkeypatch):
    from builder.rules import registry
    from builder.ui import views

    rid = request.param
    folder = _folder(rid)
    shutil.copytree(ROOT / "builder" / "rulesets" / folder, tmp_path / "site" / "copied_system",
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(registry, "BUILTIN", {other: target for other, target in
                                              registry.BUILTIN.items() if other != rid})
    monkeypatch.setattr(views, "EDITORS", {})
    original = f"builder.rulesets.{folder}"
    for name in [m for m in sys.modules if m.startswith(original)]:  # put back afterwards
        monkeypatch.delitem(sys.modules, name)
    install("copied_system", "[character_builder.rulesets]\n"
            f"{rid} = copied_system:ruleset_class\n", tmp_path, monkeypatch)
    yield rid, original
    forget("copied_system")


def test_a_folder_copied_out_of_the_tree_is_a_plugin(copied, tmp_path, window):
    from builder.rules.registry import ruleset_source
    from builder.sheets import builder_module
    from builder.storage.paths import overrides_dir
    from builder.storage.rulesets import load_ruleset
    from builder.ui.dialogs.new_character import creation_form

    rid, original = copied
    new_args, action, (key, value), message = sample(rid, "PLUGIN_COPY")
    assert ruleset_source(rid) == "plugin"
    ruleset = load_ruleset(rid)
    assert type(ruleset).__module__ == "copied_system.rules.ruleset"
    assert ruleset.parts.data_file.startswith("copied_system:")
    assert builder_module(rid).__name__ == "copied_system.sheet"
    path = tmp_path / "hero.json"
    ok("new", rid, "Hero", "-o", path, *new_args)
    before = path.read_bytes()
    ok("do", path, *action)
    assert "no problems" in ok("check", path).out
    ok("export-pdf", path, "-o", tmp_path / "hero.pdf")
    assert (tmp_path / "hero.pdf").read_bytes().startswith(b"%PDF")
    ok("undo", path)
    assert undone_bytes(path) == before
    # the copy's schema judges an override, naming the path of the bad value
    overrides_dir().mkdir(parents=True, exist_ok=True)
    data = ok("data", rid, "--json").json()
    data[key] = {**data[key], **value} if isinstance(value, dict) else value
    (overrides_dir() / f"{rid}.json").write_text(json.dumps(data))
    result = cli("data", rid, "--json")
    assert result.code == 0 and message in result.err, result.err
    # the window: the copy's editor and creation form
    editor = window.documents.open_path(path)
    assert type(editor).__module__.startswith("copied_system.ui.")
    assert type(creation_form(ruleset)).__module__.startswith("copied_system.ui.")
    # nothing of the original folder was imported: the copy needs only itself
    assert [m for m in sys.modules if m.startswith(original)] == []
