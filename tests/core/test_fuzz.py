"""Fuzzing (hypothesis): mutated character, campaign and override files through the
commands that read them.  Whatever a file holds: exit 0, 1 or 2, never an exception,
one line for exit 2, the file unchanged when the command did not succeed, and only
standard JSON written or printed.  A few hundred cases here; benchmarks/bench_safety.py
runs 10,000.  Any input that fails goes into tests/corpus/ (see test_corpus.py)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import CAMPAIGN_COMMANDS, CHARACTER_COMMANDS, check_commands, mutated
from tests.helpers import cli, ok
from tests.rule_systems import BUILTIN_IDS, SHIPPED_IDS, sample, samples_lacking

FUZZ = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])


def character(tmp_path, ruleset: str) -> dict:
    """The rule system's base character: new with its BASE_ARGS, then its FUZZ_STEPS (the
    actions it takes before it is mutated)."""
    path = tmp_path / f"base-{ruleset}.json"
    ok("new", ruleset, "Base", "-o", path, "--seed", "3", *sample(ruleset, "BASE_ARGS"))
    for words in sample(ruleset, "FUZZ_STEPS"):
        ok("do", path, *words)
    return json.loads(path.read_text())


def test_every_built_in_system_has_its_base_character_action_and_plan():
    """Here and in the fuzz campaign (tests/fuzzing.py), which also goes over the
    systems written as data that ship."""
    assert samples_lacking("BASE_ARGS", "FUZZ_STEPS", "FUZZ_ACTION") == []
    assert samples_lacking("FUZZ_ACTION", "FUZZ_PLAN", "FUZZ_BASE", ids=SHIPPED_IDS) == []


@pytest.mark.parametrize("ruleset", BUILTIN_IDS)
def test_mutated_characters(ruleset, tmp_path):
    base = character(tmp_path, ruleset)
    target = tmp_path / "fuzzed.json"
    commands = [*CHARACTER_COMMANDS, sample(ruleset, "FUZZ_ACTION")]

    @FUZZ
    @given(data=mutated(base))
    def run(data):
        assert check_commands(target, data, commands) == []

    run()


def test_mutated_campaigns(tmp_path):
    members = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.json"
        ok("new", "story-points", name, "-o", path, "--set", "sp=20")
        members += ["--member", path]
    camp = tmp_path / "camp.json"
    ok("campaign", "new", "Camp", "--ruleset", "story-points", "-o", camp, *members)
    ok("pool", "start", camp, "--players", "2")
    ok("pool", "spend", camp, "fortune", "--check", "c1", "--by", "a", "--for", "upgrade")
    ok("campaign", "award", camp, "award-checkpoint", "M", "C")
    base = json.loads(camp.read_text())
    target = tmp_path / "fuzzed.json"

    @FUZZ
    @given(data=mutated(base))
    def run(data):
        assert check_commands(target, data, CAMPAIGN_COMMANDS) == []

    run()


@pytest.mark.parametrize("ruleset", ["story-points", "vogelfrei"])
def test_mutated_overrides(ruleset, tmp_path):
    """A mutated override is used when valid, else ignored with one warning line;
    never an exception."""
    import os
    from pathlib import Path

    base = cli("data", ruleset, "--json").json()
    character = tmp_path / "c.json"
    ok("new", ruleset, "C", "-o", character, "--seed", "1")
    override = Path(os.environ["CHARACTER_BUILDER_DATA"]) / "rulesets" / f"{ruleset}.json"
    override.parent.mkdir(exist_ok=True)

    @settings(FUZZ, max_examples=20)
    @given(data=mutated(base), words=st.sampled_from([("show", character),
                                                       ("options", character),
                                                       ("new", ruleset, "D", "--seed", "2",
                                                        "-o", tmp_path / "d.json", "--force")]))
    def run(data, words):
        override.write_bytes(data)
        result = cli(*words)
        assert result.code in (0, 1, 2), result
        warnings = [line for line in result.err.splitlines() if line.startswith("warning:")]
        assert len(warnings) <= 1

    run()
