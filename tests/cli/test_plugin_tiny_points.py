"""A fourth rule system as a plugin (tests/plugins/tiny_points/, Python code),
registered only through the ``character_builder.rulesets`` entry point, driven
through the command line: listed, created, acted on, refused, undone, planned,
printed."""
from __future__ import annotations

import pytest

from tests.helpers import cli, file_bytes, ok, undone_bytes
from tests.plugins import forget, install


@pytest.fixture
def tiny_points(tmp_path, monkeypatch):
    install("tiny_points", "[character_builder.rulesets]\n"
            "tiny-points = tiny_points:ruleset_class\n", tmp_path, monkeypatch)
    yield
    forget("tiny_points")


def test_the_plugin_is_a_rule_system_like_the_others(tiny_points, tmp_path):
    from builder.rules.registry import ruleset_source

    rows = {row["id"]: row for row in ok("rulesets", "--json").json()}
    assert rows["tiny-points"]["title"] == "Tiny Points"
    assert ruleset_source("tiny-points") == "plugin"
    path = tmp_path / "t.json"
    ok("new", "tiny-points", "Tia", "-o", path)
    assert ok("show", path, "--json").json()["points"] == {"unspent": 4, "spent": 0}
    ok("do", path, "raise", "might")
    assert ok("show", path, "--json").json()["attributes"]["Might"] == 2
    before = file_bytes(path)
    refused = cli("do", path, "champion")
    assert refused.code == 1 and "a Champion needs two attributes at 3" in refused.err
    refused = cli("do", path, "raise", "Might")                 # 3 TP, 2 left
    assert refused.code == 1 and "needs 3 TP, 2 unspent" in refused.err
    assert file_bytes(path) == before
    options = {o["name"]: o for o in ok("options", path, "--json").json()}
    assert not options["Champion"]["allowed"] and options["Wits"]["allowed"]
    plan = ok("plan", path, "Might=4", "--json").json()
    assert [s["cost"] for s in plan["steps"]] == [3, 4] and not plan["affordable"]
    assert "4 TP  (total 7)" in ok("plan", path, "Might=4").out
    ok("do", path, "award", "10")
    for step in plan["steps"]:
        ok("do", path, *step["action"])
    assert ok("show", path, "--json").json()["attributes"]["Might"] == 4
    assert "no problems" in ok("check", path).out
    pdf = tmp_path / "t.pdf"
    ok("export-pdf", path, "-o", pdf)
    assert pdf.read_bytes().startswith(b"%PDF")
    for _ in range(3):
        ok("undo", path)
    assert undone_bytes(path) == before


def test_the_plugin_declares_its_sheet_data_and_schema_like_a_built_in(tiny_points, tmp_path):
    """The folder's parts are found through the class's declarations: its sheet
    (the sections --sections offers), its data file, its data's JSON Schema (an
    override that breaks it is ignored with the path of the bad value)."""
    from builder.sheets import section_keys
    from builder.storage.paths import overrides_dir

    assert section_keys("tiny-points") == ["attributes", "points", "who"]
    path = tmp_path / "t.json"
    ok("new", "tiny-points", "Tia", "-o", path)
    wrong = cli("export-pdf", path, "-o", tmp_path / "t.pdf", "--sections", "skills")
    assert wrong.code == 2 and "valid: attributes, points, who" in wrong.err
    ok("export-pdf", path, "-o", tmp_path / "t.pdf", "--sections", "points")
    assert ok("data", "tiny-points", "--json").json()["limit"] == 5
    folder = overrides_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tiny-points.json").write_text(
        '{"id": "tiny-points", "attributes": ["Might"], "start_points": 4, "limit": 0,'
        ' "champion_needs": 3}')
    result = ok("data", "tiny-points", "--json")
    assert result.json()["limit"] == 5                      # the override is ignored...
    assert "homebrew override ignored" in result.err and "limit" in result.err  # ...saying where


def test_a_plugin_whose_id_is_a_sheets_module_name_gets_the_generic_sheet(tmp_path, monkeypatch):
    """The sheet is what the class declares, never a module found by the id's name: a
    plugin called "model" (builder.sheets.model exists) prints with the generic sheet."""
    from builder.sheets import builder_module, generic

    package = tmp_path / "pkg" / "model_points"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from tiny_points.ruleset import TinyPoints\n\n\n"
        "class ModelPoints(TinyPoints):\n"
        "    id = 'model'\n"
        "    sheet_module = None\n"
        "    data_schema = None\n\n\n"
        "def ruleset_class():\n"
        "    return ModelPoints\n")
    monkeypatch.syspath_prepend(str(tmp_path / "pkg"))
    install("tiny_points", "[character_builder.rulesets]\n"
            "model = model_points:ruleset_class\n", tmp_path, monkeypatch)
    try:
        assert builder_module("model") is generic
        path = tmp_path / "m.json"
        ok("new", "model", "Mo", "-o", path)
        ok("export-pdf", path, "-o", tmp_path / "m.pdf")
        assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF")
    finally:
        forget("tiny_points")
        forget("model_points")


def test_the_plugin_brings_its_own_command(tiny_points):
    """``tiny-prices`` is the plugin's verb: its package declares the module in its folder
    (``COMMANDS``); the command table names it nowhere, the command line and the entry
    point learn it from the registry, with its help, its JSON and its mistakes."""
    from builder.__main__ import _is_cli
    from builder.cli_commands import COMMANDS, all_commands

    assert "tiny-prices" not in COMMANDS and "tiny-prices" in all_commands()
    assert _is_cli(["tiny-prices"])
    assert ok("tiny-prices", "--json").json()["Wits"] == {"2": 2, "3": 3, "4": 4, "5": 5}
    assert ok("tiny-prices", "might").out == "Might: 2 for 2 TP, 3 for 3 TP, 4 for 4 TP, " \
                                            "5 for 5 TP (total 14)\n"
    wrong = cli("tiny-prices", "Charm")
    assert wrong.code == 2 and "Charm" in wrong.err and "Traceback" not in wrong.err
    assert "tiny-prices    Tiny Points: what each level costs" in ok("help").out
    assert "usage: character-builder tiny-prices [-h] [--json] [ATTRIBUTE]" in \
        ok("help", "tiny-prices").out


def test_without_the_plugin_its_command_is_unknown():
    wrong = cli("tiny-prices")
    assert wrong.code == 2 and "tiny-prices" in wrong.err
