"""Loading a data-only rule system: a file the compiled schema validator accepts is
not walked again by jsonschema; one it refuses still gets jsonschema's words."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.rules.data_system import checks
from tests.helpers import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"


@pytest.fixture
def systems(isolated_data):
    folder = isolated_data / "rulesets" / "systems"
    folder.mkdir(parents=True)
    return folder


def test_a_valid_system_loads_on_the_compiled_verdict(systems, monkeypatch):
    shutil.copy(EXAMPLE, systems / "point-buy.json")

    def walked(data):
        raise AssertionError("jsonschema walked a file the compiled validator accepts")

    monkeypatch.setattr(checks, "schema_problems", walked)
    result = cli("rulesets")
    assert result.code == 0 and "point-buy" in result.out, result


def test_a_system_the_schema_refuses_is_left_out_in_jsonschemas_words(systems):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["values"][0]["floor"] = "low"
    (systems / "point-buy.json").write_text(json.dumps(data), encoding="utf-8")
    expected = checks.schema_problems(data)
    assert expected
    result = cli("rulesets")
    assert "point-buy.json: rule system left out: " + expected[0] in result.err, result
