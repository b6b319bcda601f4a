"""Templates in data are plain substitution of named fields: a reason's ``say`` with a
format width, a precision, a conversion, an index or an attribute is refused by the
schema with its path (a homebrew layer or override is ignored, a rule system written
as data is left out), so data never steers the program's formatting."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.core.test_homebrew_layers import override
from tests.helpers import ok

EXAMPLE = Path(__file__).resolve().parents[2] / "builder" / "data" / "examples" / "point-buy.json"

STEERING = ["{subject:>100000000}", "{subject:.999999}", "{subject!r}", "{subject.__class__}",
            "{subject[0]}", "{}", "{subject} {target:{level}}", "{0:>99999}"]


@pytest.mark.parametrize("say", STEERING)
def test_an_override_whose_reason_steers_the_formatting_is_ignored_with_its_path(say, tmp_path):
    data = ok("data", "story-points", "--json").json()
    data["advancement"]["vital"]["requires"][0]["say"] = say
    override("story-points", data)
    char = tmp_path / "c.json"
    ok("new", "story-points", "C", "-o", char)
    result = ok("options", char)
    (warning,) = [line for line in result.err.splitlines() if line.startswith("warning")]
    assert "homebrew override ignored" in warning
    assert "advancement/vital/requires/0/say" in warning
    assert len(result.out) < 20_000                  # the built-in wording, not 100 MB


def test_plain_named_fields_and_doubled_braces_are_kept(tmp_path):
    data = ok("data", "story-points", "--json").json()
    data["advancement"]["vital"]["requires"][0]["say"] = "{subject} {target}: {{inactive}}"
    override("story-points", data)
    assert ok("data", "story-points", "--json").err == ""


@pytest.mark.parametrize("say", STEERING)
def test_a_rule_system_written_as_data_is_refused_with_the_path(say):
    from builder.rules.data_system import DataRuleset

    data = json.loads(EXAMPLE.read_text())
    data["values"][4]["requires"] = {"type": "at-least", "value": "Grace", "level": 2,
                                     "say": say}
    problems = DataRuleset.validate_data(data)
    assert problems and problems[0].startswith("values/4/requires"), problems
