"""The story-points and ability-bonuses rules say exactly what they said before
they moved onto the typed rule vocabulary: options, refusals (text and code),
costs, the chain's blocking edges, plans, and the command line's ``options
--json``, ``plan --json`` and ``do`` refusals on stderr, byte for byte (see
:mod:`tests.core.rules_snapshot`)."""
from __future__ import annotations

import json

import pytest

from tests.core import rules_snapshot


@pytest.fixture(scope="module")
def recorded():
    return rules_snapshot.load()


@pytest.fixture(scope="module")
def now(tmp_path_factory):
    import os

    from builder.storage import rulesets

    old = os.environ.get("CHARACTER_BUILDER_DATA")
    os.environ["CHARACTER_BUILDER_DATA"] = str(tmp_path_factory.mktemp("snapshot-data"))
    rulesets.forget_loaded()
    try:
        return json.loads(json.dumps(rules_snapshot.record(), sort_keys=True))
    finally:
        if old is None:
            del os.environ["CHARACTER_BUILDER_DATA"]
        else:
            os.environ["CHARACTER_BUILDER_DATA"] = old
        rulesets.forget_loaded()


def _first_difference(before, after, where="") -> str | None:
    if type(before) is not type(after):
        return f"{where}: {before!r} became {after!r}"
    if isinstance(before, dict):
        for key in sorted(set(before) | set(after)):
            if key not in after or key not in before:
                return f"{where}/{key}: only {'before' if key in before else 'after'}"
            found = _first_difference(before[key], after[key], f"{where}/{key}")
            if found:
                return found
        return None
    if isinstance(before, list):
        for index, (a, b) in enumerate(zip(before, after)):
            found = _first_difference(a, b, f"{where}[{index}]")
            if found:
                return found
        if len(before) != len(after):
            return f"{where}: {len(before)} items became {len(after)}"
        return None
    return None if before == after else f"{where}: {before!r} became {after!r}"


@pytest.mark.parametrize("section", ["story-points", "story-points-plans", "ability-bonuses",
                                     "cli", "story-points-override"])
def test_the_rules_say_what_they_said(section, recorded, now):
    assert section in recorded and recorded[section]
    assert _first_difference(recorded[section], now[section], section) is None


def test_the_snapshot_covers_refusals_with_codes_and_taken_actions(recorded):
    """The snapshot is no empty shell: it holds refusals of every coded kind, allowed
    actions, and CLI refusals that left the file unchanged."""
    codes = {code for states in (recorded["story-points"],)
             for record in states.values() for _action, reasons, _cost in record["checks"]
             for _text, code in reasons}
    assert {"skill.needs-vital", "class.needs-core-skill", "class.entry-total",
            "class.entry-trained", "path-skill.untrained", "spell.known",
            "at-maximum"} <= codes
    allowed = sum(1 for record in recorded["story-points"].values()
                  for _a, reasons, _c in record["checks"] if not reasons)
    assert allowed > 100
    refusals = [result for entry in recorded["cli"].values() for _w, result in entry["do"]
                if result[0] == 1]
    assert refusals and all(result[2] and result[3] is True for result in refusals)
