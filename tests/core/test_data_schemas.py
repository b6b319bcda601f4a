"""Every data file of a built-in rule system is checked by its JSON Schema (the shape,
the types, the bounds and semantic nonsense: a negative cost, a limit below its floor,
an empty list) and then by the ruleset's own check (what the names and tables must agree
on); every problem, whichever finds it, starts with the path of the bad value (the
problems of each system's own data: its test_<id>_data_schema.py in tests/rulesets/<id>/core)."""
from __future__ import annotations

import pytest

from builder.rules.registry import ruleset_class
from builder.storage.rulesets import _read_builtin, validate_ruleset_data
from tests.rule_systems import BUILTIN_IDS


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_built_in_data_matches_its_schema_and_its_own_check(ruleset_id):
    assert validate_ruleset_data(ruleset_class(ruleset_id), _read_builtin(ruleset_id)) == []


def test_every_data_file_and_schema_is_published_in_the_package():
    """The wheel carries every JSON file under builder/ (the shared schemas and each
    rule-system folder's data/ and schema/): each matches a package-data pattern."""
    import tomllib
    from fnmatch import fnmatch
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]["builder"]
    files = [path.relative_to(root / "builder").as_posix()
             for path in (root / "builder").rglob("*.json")]
    assert any(name.startswith("rulesets/") and "/schema/" in name for name in files)
    assert [name for name in files if not any(fnmatch(name, p) for p in patterns)] == []
