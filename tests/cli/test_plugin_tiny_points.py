"""A fourth rule system as a plugin (tests/plugins/tiny_points/, Python code),
registered only through the ``character_builder.rulesets`` entry point, driven
through the command line: listed, created, acted on, refused, undone, planned,
printed."""
from __future__ import annotations

import pytest

from tests.helpers import cli, file_bytes, ok
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
    assert file_bytes(path) == before
