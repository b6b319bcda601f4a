"""``options`` in words: no Python values, a legend for the marks, refused options of one
kind that share their reasons in one line that counts them; ``--json`` unchanged."""
from __future__ import annotations

from collections import Counter

from tests.helpers import ok


def test_nothing_pythonic_and_a_legend_first(tmp_path):
    ann = tmp_path / "ann.json"
    ok("new", "ability-bonuses", "Ann", "-o", ann, "--set", "MIG=3", "--set", "DEX=2",
       "--set", "CHA=1", "--set", "FOC=0")
    rows = ok("options", ann, "--json").json()
    assert any(row["target"] is None for row in rows)        # what printed "-> None"
    lines = ok("options", ann).out.splitlines()
    assert lines[0].startswith("x: the rules refuse it now") and "unmarked" in lines[0]
    assert len(lines) == len(rows) + 1
    assert not any(word in line for line in lines for word in ("None", "True", "False"))


def test_identical_reasons_are_one_line_that_counts_them(tmp_path):
    hans = tmp_path / "hans.json"
    ok("new", "vogelfrei", "Hans", "-o", hans, "--seed", "3")
    rows = ok("options", hans, "--json").json()
    refused = Counter((row["kind"], tuple(row["reasons"])) for row in rows if not row["allowed"])
    (kind, reasons), count = refused.most_common(1)[0]
    assert count > 8
    text = ok("options", hans).out
    (line,) = [line for line in text.splitlines() if line.startswith(f"x {kind}")
               and f"{count} {kind}s:" in line]
    assert f"and {count - 3} more" in line
    names = [row["name"] for row in rows if (row["kind"], tuple(row["reasons"])) == (kind, reasons)]
    assert names[0] in line and names[-1] not in line
    assert text.count(f"      {reasons[0]}\n") == sum(
        1 for key in refused if reasons[0] in key[1])      # the shared reason printed once
    for allowed in (row for row in rows if row["allowed"]):
        assert f"  {allowed['kind']:<9} {allowed['name']}" in text


def test_a_short_group_names_every_member(tmp_path):
    senna = tmp_path / "senna.json"
    ok("new", "story-points", "Senna", "-o", senna)
    rows = ok("options", senna, "--json").json()
    vitals = [row["name"] for row in rows if row["kind"] == "vital"]
    assert 1 < len(vitals) <= 8 and not any(row["allowed"] for row in rows
                                            if row["kind"] == "vital")
    text = ok("options", senna).out
    assert f"x vital     {len(vitals)} vitals: {', '.join(vitals)} -> " in text
