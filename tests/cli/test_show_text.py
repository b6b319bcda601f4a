"""``show`` in words leaves the ledger rows unworked where the rule system's text does not
print them (``show_text_prints_ledger``): the text is the same either way."""
from __future__ import annotations

from builder.storage.files import load_character
from tests.helpers import ok
from tests.rule_systems import BUILTIN_IDS
from tests.rulesets.story_points.samples import SENNA
from tests.sheet_samples import make_files, make_sample_characters


def test_a_text_without_ledger_rows_is_the_same_text(tmp_path):
    ok("install-example", "point-buy")
    samples = make_sample_characters(tmp_path)
    point_buy = tmp_path / "pb.json"
    ok("new", "point-buy", "Pia", "-o", point_buy)
    systems = set()
    for path in [*samples.values(), point_buy]:
        cf = load_character(path)
        systems.add(cf.ruleset.id)
        if cf.ruleset.show_text_prints_ledger:
            continue
        assert cf.ruleset.show_text(cf.derived(ledger_rows=False)) == \
            cf.ruleset.show_text(cf.derived())
        assert "ledger" not in cf.derived(ledger_rows=False)
    assert systems == {*BUILTIN_IDS, "point-buy"}


def test_the_generic_text_still_prints_the_ledger(tmp_path):
    from builder.rules.base import Ruleset

    assert Ruleset.show_text_prints_ledger
    (senna,) = make_files(tmp_path, (SENNA,))
    cf = load_character(senna)
    assert "ledger:" in Ruleset.show_text(cf.ruleset, cf.derived())
