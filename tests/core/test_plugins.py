"""Third-party rule systems register through the ``character_builder.rulesets``
entry-point group and are then listed and used like the built-in ones."""
from __future__ import annotations

import sys
import textwrap

import pytest

from tests.helpers import ok
from tests.rule_systems import BUILTIN_IDS


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """An installed distribution (a .dist-info on sys.path) whose entry point adds
    the 'house-bonuses' ruleset, with its own data."""
    site = tmp_path / "site"
    (site / "house_rules").mkdir(parents=True)
    (site / "house_rules" / "__init__.py").write_text(textwrap.dedent('''
        from builder.resources import load_package_json
        from builder.rulesets.ability_bonuses.rules.ruleset import AbilityBonuses


        class HouseBonuses(AbilityBonuses):
            id = "house-bonuses"
            title = "House Bonuses"

            @classmethod
            def builtin_data(cls):
                data = dict(load_package_json(cls.parts.data_file))
                data["id"] = cls.id
                return data


        def ruleset_class():
            return HouseBonuses
    '''))
    info = site / "house_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: house-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[character_builder.rulesets]\nhouse-bonuses = house_rules:ruleset_class\n")
    monkeypatch.syspath_prepend(str(site))
    from builder.rules import registry
    from builder.storage import rulesets

    registry.forget_plugins()
    rulesets.forget_loaded()
    yield
    registry.forget_plugins()
    rulesets.forget_loaded()
    sys.modules.pop("house_rules", None)


def test_a_plugin_ruleset_is_listed_and_used(plugin, tmp_path):
    from builder.rules.registry import ENTRY_POINT_GROUP, ruleset_source

    assert ENTRY_POINT_GROUP == "character_builder.rulesets"
    listed = [row["id"] for row in ok("rulesets", "--json").json()]
    assert listed == sorted([*BUILTIN_IDS, "house-bonuses"])  # listed by id
    assert ruleset_source("house-bonuses") == "plugin"
    path = tmp_path / "h.json"
    ok("new", "house-bonuses", "Hal", "-o", path, "--set", "MIG=3", "--set", "DEX=2",
       "--set", "CHA=1", "--set", "FOC=0")
    assert ok("show", path, "--json").json()["abilities"]["MIG"] == 3


def test_a_missing_built_in_file_is_one_line_and_exit_2(tmp_path, monkeypatch):
    from builder import resources
    from builder.storage import rulesets
    from tests.helpers import cli

    (tmp_path / "data").mkdir()
    monkeypatch.setattr(resources, "_ON_DISK", tmp_path / "data")   # an incomplete install:
    monkeypatch.setattr(resources, "package_file",                   # no shared data, no
                        lambda spec: tmp_path / "data" / spec.partition(":")[2])  # folder data
    resources.load_json_resource.cache_clear()
    resources.load_package_json.cache_clear()
    rulesets.forget_loaded()
    try:
        result = cli("new", "story-points", "Senna", "-o", tmp_path / "s.json")
    finally:
        resources.load_json_resource.cache_clear()
        resources.load_package_json.cache_clear()
        rulesets.forget_loaded()
    assert result.code == 2
    assert result.err.startswith("installation incomplete:") and "story-points.json" in result.err
    assert len(result.err.strip().splitlines()) == 1 and not (tmp_path / "s.json").exists()
